"""A lesson followed on the physical board: the step's marks as LEDs, hands checked.

:class:`LessonBoard` is a :class:`~kiosk.board_session.BoardSession` whose LEDs
show the lesson's marks while the board rests and matches the lesson (violet:
look here; yellow: the piece to lift; green: where it goes; red: take it off;
blue: the answer). As soon as a hand works (a piece lifted, squares to put
right, captures to take off), the controller's own guidance shows instead, so
the visitor learns the same LED language as in a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from drivers.sensorboard import LedFrame
from engines.core import State
from kiosk.board.controller import Answer
from kiosk.board.guide import LESSON_ROLES
from kiosk.board_session import BoardSession


class LessonBoard(BoardSession):
    """The board during a lesson (see the module's docstring)."""

    marks: Mapping[int, str] = {}

    def show_marks(self, marks: Mapping[int, str]) -> None:
        """Light ``marks`` (point -> highlight role) while the board rests."""
        if dict(marks) != dict(self.marks):
            self.marks = dict(marks)
            self._shown = None
            self._show()

    def step(self, state: State, path: Sequence[tuple[State, Any]], now: float) -> None:
        """A new step at ``state``. ``path`` holds the demonstration's (position before,
        move) pairs, copied on the board in blue; without one the step's position is
        set up by the blinking squares."""
        if not path:
            self.restarted(state, now)
        for before, move in path:
            self.played(before.apply(move), move, now)

    def refused(self, state: State, now: float) -> None:
        """A move the lesson did not want: its squares blink until put back to ``state``."""
        if state is not self.controller.state:
            self.restarted(state, now)
        self.answer = self.controller.refuse(now)
        self._show()

    def frame(self, answer: Answer) -> LedFrame:
        if answer.kind != "rest" or not answer.synced or self.controller.chores:
            return answer.leds
        cells = self.mapping.cells
        lit = {
            cells[point]: LESSON_ROLES[role]
            for point, role in self.marks.items()
            if role in LESSON_ROLES and 0 <= point < len(cells)
        }
        return LedFrame(answer.leds.rows, answer.leds.cols, lit)
