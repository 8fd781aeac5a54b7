"""One game followed on the physical board: events in, decisions out, LEDs shown.

The play scene owns a :class:`BoardSession` (through
:class:`~kiosk.scenes.board_follow.BoardFollow`) when a sensor board is attached
and a mapping serves its game (``config/boards``). Each frame it calls
:meth:`BoardSession.update`; every decision played (on the board, the screen or
by the machine) is told with :meth:`played` so the LEDs guide the hands that copy them.
The board's losses and returns are kept for the owners' journal
(:meth:`BoardSession.news`), once per change. Its words to the player
(:meth:`BoardSession.status`) wait until the board is in use, a piece lifted or
put down on it: a game played on the screen beside a board nobody touches is
not told to set up pieces there.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Collection, Mapping
from typing import Any, ClassVar

from drivers.sensorboard import (
    BoardConnected,
    BoardEvent,
    BoardLost,
    LedFrame,
    OccupancyChanged,
    SensorBoard,
)
from engines.core import State
from kiosk.board.controller import Answer, BoardController
from kiosk.board.guide import LESSON_ROLES
from kiosk.board.mapping import BoardMapping, MappingError, mapping_for
from kiosk.games.base import Presentation

log = logging.getLogger(__name__)

WARNINGS = frozenset({"wrong", "lost"})
"""Answers shown as a warning in the player's panel."""

LOST, BACK = "board-lost", "board-back"
"""The owners' journal's events for a board lost and a board back."""


class BoardSession:
    """A :class:`BoardController` wired to a live :class:`SensorBoard`."""

    _links: ClassVar[weakref.WeakKeyDictionary[SensorBoard, bool]] = (
        weakref.WeakKeyDictionary()
    )
    """Whether each board was up when a session last heard of it (across games, so a
    board lost in one game and back in the next is told once each way)."""

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
        self._news: list[str] = []
        self.coach_marks: dict[int, str] = {}
        """The coach's marks shown as LEDs (:meth:`show_coach_marks`)."""
        self.in_use = False
        """Whether hands have lifted or put down a piece on the board during this game
        (or plugged it in again after it was lost)."""
        self._pieces = board.occupancy
        board.events()  # what happened before this game is read from the board's state
        self._link(board.connected)
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
            self._heard(event)
            self.answer = self.controller.feed(event, now)
        self.answer = self.controller.tick(now)
        self._show()
        return self.answer

    def resync(self, now: float) -> None:
        """Back on screen after another scene: read the board as it is now (it may have
        been lost, or come back, meanwhile)."""
        self.board.events()
        self._shown = None
        up = self.board.connected
        if self._link(up) or not up:
            event: BoardEvent = (
                BoardConnected(self.board.rows, self.board.cols) if up else BoardLost("")
            )
            self.answer = self.controller.feed(event, now)
        if up and self.board.occupancy is not None:
            self.answer = self.controller.feed(OccupancyChanged(self.board.occupancy), now)
        self._show()

    def news(self) -> list[str]:
        """The board's losses and returns since the last call, oldest first
        (:data:`LOST`, :data:`BACK`), for the owners' journal."""
        news, self._news = self._news, []
        return news

    @property
    def name(self) -> str:
        """The board's name for the journal (its port)."""
        return self.board.name

    def _heard(self, event: BoardEvent) -> None:
        if isinstance(event, BoardLost | BoardConnected):
            back = self._link(isinstance(event, BoardConnected)) and isinstance(
                event, BoardConnected
            )
            if back:
                self.in_use = True  # plugged in again during the game: it is wanted
        if isinstance(event, OccupancyChanged):
            if self._pieces is not None and event.occupancy != self._pieces:
                self.in_use = True
            self._pieces = event.occupancy

    def _link(self, up: bool) -> bool:
        """The board is ``up`` (or not): noted once per change; whether it changed.

        A board's first connection is no return: only a board that was up is lost,
        and only a lost one comes back.
        """
        was = self._links.get(self.board)
        if was is None and not up:
            return False
        self._links[self.board] = up
        if was is None or was == up:
            return False
        self._news.append(BACK if up else LOST)
        del self._news[:-16]
        return True

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
        """The line to show the player, and whether it is a warning; nothing until the
        board is in use (see :attr:`in_use`)."""
        if not self.in_use:
            return "", False
        french, english = self.answer.status
        return (english if lang == "en" else french), self.answer.kind in WARNINGS

    def close(self) -> None:
        """The game is left: the LEDs go dark."""
        if self.board.connected:
            self.board.show(LedFrame(self.board.rows, self.board.cols))
        self._shown = None

    def show_coach_marks(self, marks: Mapping[int, str]) -> None:
        """Light the coach's ``marks`` (point -> highlight role) over the board's own
        guidance, until they change (``{}``: none)."""
        if dict(marks) != self.coach_marks:
            self.coach_marks = dict(marks)
            self._shown = None
            self._show()

    def frame(self, answer: Answer) -> LedFrame:
        """The LEDs to show for ``answer`` (a lesson adds its own marks), with the
        coach's marks over them."""
        if not self.coach_marks:
            return answer.leds
        cells = self.mapping.cells
        lit = dict(answer.leds.lit)
        for point, role in self.coach_marks.items():
            if role in LESSON_ROLES and 0 <= point < len(cells):
                lit[cells[point]] = LESSON_ROLES[role]
        return LedFrame(answer.leds.rows, answer.leds.cols, lit)

    def _show(self) -> None:
        frame = self.frame(self.answer)
        if frame != self._shown and self.board.connected:
            if (frame.rows, frame.cols) == (self.board.rows, self.board.cols):
                self.board.show(frame)
            self._shown = frame
