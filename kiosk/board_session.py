"""One game followed on the physical board: events in, decisions out, LEDs shown.

The play scene owns a :class:`BoardSession` when a sensor board is attached
and a mapping serves its game (``config/boards``). Each frame it calls
:meth:`BoardSession.update`; decisions made on the screen or by the machine
are told with :meth:`played` so the LEDs guide the hands that copy them.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from typing import Any

from drivers.sensorboard import BoardConnected, LedFrame, OccupancyChanged, SensorBoard
from engines.core import State
from kiosk.board.controller import Answer, BoardController
from kiosk.board.mapping import BoardMapping, MappingError, mapping_for
from kiosk.games.base import Presentation

log = logging.getLogger(__name__)

WARNINGS = frozenset({"wrong", "lost"})
"""Answers shown as a warning in the player's panel."""


class BoardSession:
    """A :class:`BoardController` wired to a live :class:`SensorBoard`."""

    def __init__(
        self,
        board: SensorBoard,
        mapping: BoardMapping,
        state: State,
        presentation: Presentation,
        machine: Collection[str],
        now: float,
    ) -> None:
        self.board = board
        self.mapping = mapping
        self.controller = BoardController(state, presentation, mapping, machine=machine, now=now)
        self.answer: Answer = self.controller.answer
        self._shown: LedFrame | None = None
        board.events()  # what happened before this game is read from the board's state
        if board.connected:
            self.answer = self.controller.feed(BoardConnected(board.rows, board.cols), now)
            if board.occupancy is not None:
                self.answer = self.controller.feed(OccupancyChanged(board.occupancy), now)
        self._show()

    @classmethod
    def open(
        cls,
        board: SensorBoard | None,
        spec: str,
        state: State,
        presentation: Presentation,
        machine: Collection[str],
        now: float,
    ) -> BoardSession | None:
        """A session when ``board`` exists and a mapping serves ``spec``; else ``None``."""
        if board is None:
            return None
        try:
            mapping = mapping_for(spec)
        except MappingError as error:
            log.warning("plateau physique : %s", error)
            return None
        if mapping is None:
            return None
        return cls(board, mapping, state, presentation, machine, now)

    def update(self, now: float) -> Answer:
        """Read the board's events, let time pass, light the LEDs; the latest answer."""
        for event in self.board.events():
            self.answer = self.controller.feed(event, now)
        self.answer = self.controller.tick(now)
        self._show()
        return self.answer

    def resync(self, now: float) -> None:
        """Back on screen after another scene: read the board as it is now."""
        self.board.events()
        self._shown = None
        if self.board.connected and self.board.occupancy is not None:
            self.answer = self.controller.feed(OccupancyChanged(self.board.occupancy), now)
        self._show()

    def played(self, state: State, move: Any, now: float) -> None:
        """A decision was made (on the board, the screen or by the machine)."""
        self.answer = self.controller.play(state, move, now)
        self._show()

    def restarted(self, state: State, now: float) -> None:
        """A new or resumed position: nothing to copy."""
        self.answer = self.controller.play(state, None, now)
        self._show()

    def undone(self, state: State, now: float) -> None:
        self.answer = self.controller.undo(state, now)
        self._show()

    def confirm(self, now: float) -> None:
        """The screen says the discs are turned."""
        self.answer = self.controller.confirm(now)
        self._show()

    def status(self, lang: str) -> tuple[str, bool]:
        """The line to show the player, and whether it is a warning."""
        french, english = self.answer.status
        return (english if lang == "en" else french), self.answer.kind in WARNINGS

    def close(self) -> None:
        """The game is left: the LEDs go dark."""
        if self.board.connected:
            self.board.show(LedFrame(self.board.rows, self.board.cols))
        self._shown = None

    def frame(self, answer: Answer) -> LedFrame:
        """The LEDs to show for ``answer`` (a lesson adds its own marks)."""
        return answer.leds

    def _show(self) -> None:
        frame = self.frame(self.answer)
        if frame != self._shown and self.board.connected:
            if (frame.rows, frame.cols) == (self.board.rows, self.board.cols):
                self.board.show(frame)
            self._shown = frame
