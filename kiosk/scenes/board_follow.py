"""A game on screen followed by hands: the physical board's session and a physical
shut-the-box's flaps.

Without a board (the touch screen alone) the board's questions get nothing: no
answer, no words, no LEDs to light. The flaps are followed either way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engines.core import State
from kiosk.board.controller import Answer
from kiosk.board.guide import TURN_TEXT
from kiosk.board_session import BoardSession
from kiosk.decisions import Listener
from kiosk.flaps import FlapFollower, Text
from kiosk.games.base import Presentation
from kiosk.run import GameRun
from kiosk.table import HUMAN

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk


class BoardLeds(Listener):
    """A board session (if any) told of each decision and takeback: its LEDs guide the
    hands that copy them."""

    def __init__(self, kiosk: Kiosk, session: BoardSession | None) -> None:
        self.kiosk = kiosk
        self.session = session

    def played(self, before: State, move: Any, after: State) -> None:
        if self.session is not None:
            self.session.played(after, move, self.kiosk.now)

    def undone(self, state: State) -> None:
        if self.session is not None:
            self.session.undone(state, self.kiosk.now)


class BoardFollow(BoardLeds):
    """The hands of one game: the board's answers in, its status line, the flaps."""

    def __init__(self, kiosk: Kiosk, session: BoardSession | None) -> None:
        super().__init__(kiosk, session)
        self.flaps = FlapFollower()
        self.new_status = False
        """Whether the board's words changed with the last :meth:`update`."""
        self._said: tuple[str, str] = ("", "")

    @classmethod
    def open(cls, kiosk: Kiosk, run: GameRun, presentation: Presentation,
             demo: bool) -> BoardFollow:
        """The hands of ``run``: a board session when a board serves its game (never for a
        demonstration)."""
        session = None
        if not demo:
            game = run.game
            machine = [p for i, p in enumerate(game.players) if run.controller(i) != HUMAN]
            spec = run.table.spec
            session = BoardSession.open(kiosk.hardware.board_for(spec), spec, run.state,
                                        presentation, machine, kiosk.now)
        return cls(kiosk, session)

    @property
    def follows(self) -> bool:
        """Whether a board is followed (the scene then reads its events itself)."""
        return self.session is not None

    def update(self) -> Answer | None:
        """The board read (``None`` without one); its losses and returns journaled."""
        if self.session is None:
            return None
        answer = self.session.update(self.kiosk.now)
        self._journal()
        self.new_status = answer.status != self._said
        self._said = answer.status
        return answer

    def resync(self) -> None:
        """Back on screen: the board read as it is now."""
        if self.session is not None:
            self.session.resync(self.kiosk.now)
            self._journal()

    def close(self) -> None:
        """The game closed: the LEDs go dark."""
        if self.session is not None:
            self.session.close()

    def _journal(self) -> None:
        """The board lost or back: told once to the owners' journal."""
        if self.session is not None:
            for kind in self.session.news():
                self.kiosk.records.event(kind, self.session.name)

    @property
    def asks_discs_turned(self) -> bool:
        """Whether the hands turn discs over, which the screen may confirm."""
        session = self.session
        return session is not None and session.in_use and session.answer.status == TURN_TEXT

    def discs_turned(self) -> None:
        """The screen says the discs are turned."""
        if self.session is not None:
            self.session.confirm(self.kiosk.now)

    def status(self, lang: str) -> tuple[str, bool]:
        """The board's line for the player, and whether it warns; nothing without one."""
        if self.session is None:
            return "", False
        return self.session.status(lang)

    def show_marks(self, marks: dict[int, str]) -> None:
        """The coach's marks (point -> highlight role) as LEDs; ``{}`` puts them out."""
        if self.session is not None:
            self.session.show_coach_marks(marks)

    def flaps_changed(self, down: frozenset[int]) -> None:
        self.flaps.changed(down, self.kiosk.now)

    def flap_decision(self, state: State) -> tuple[Any | None, Text | None]:
        """The decision the flaps pushed down make, or why they make none (once each)."""
        return self.flaps.decision(state, self.kiosk.now)
