"""The machine's side of a game on screen: its questions to the thinking process (its
own decision, a hint for a person) and their answers, without ever waiting for them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kiosk.ai_worker import ASSESS, EXPLAIN, AiWorker, Answer
from kiosk.run import GameRun

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

HINT_LEVEL, HINT_SECONDS = "joueur", 1.0
"""Who gives a person a hint, and how long it thinks."""
COACH_SECONDS, REASON_SECONDS = 1.0, 0.25
"""How long the coach weighs a position (the joueur's budget), and looks for a reason."""


@dataclass
class Answers:
    """What came back since the last look: the machine's decision, a hint (each the
    thinking process's text, ``None`` when it failed, with why)."""

    move: Answer | None = None
    hint: Answer | None = None
    assessment: Answer | None = None
    """The coach's assessment of the position it was asked about."""
    reason: Answer | None = None
    """The coach's reason for the decision it was asked about."""


class MachineTurns:
    """The questions in flight for one game: at most one decision and one hint."""

    def __init__(self, kiosk: Kiosk) -> None:
        self.kiosk = kiosk
        self.ticket: int | None = None
        """The machine's decision being thought, if any."""
        self.hint_ticket: int | None = None
        """A person's hint being thought, if any."""
        self.assess_ticket: int | None = None
        self.reason_ticket: int | None = None
        """The coach's questions in flight: an assessment, a reason."""

    @property
    def worker(self) -> AiWorker:
        """The kiosk's thinking process (asked each time: it may be replaced)."""
        return self.kiosk.worker

    @property
    def thinking(self) -> bool:
        return self.ticket is not None

    def ask_move(self, run: GameRun, level: str) -> None:
        """The machine at ``level`` decides the position of ``run`` (seeded by its length)."""
        self.ticket = self.worker.ask(
            run.table.spec, list(run.moves), level, run.table.seed + len(run.moves)
        )

    def ask_hint(self, run: GameRun) -> bool:
        """A hint for the person to move; ``False`` when one is already being thought."""
        if self.hint_ticket is not None:
            return False
        self.hint_ticket = self.worker.ask(
            run.table.spec, list(run.moves), HINT_LEVEL, len(run.moves), HINT_SECONDS
        )
        return True

    def ask_assessment(self, run: GameRun) -> None:
        """The coach weighs every decision of the position of ``run``."""
        self.forget_coach()
        self.assess_ticket = self.worker.ask(
            run.table.spec, list(run.moves), HINT_LEVEL, len(run.moves), COACH_SECONDS,
            kind=ASSESS,
        )

    def ask_reason(self, run: GameRun, move: str, assessment: Any) -> None:
        """The coach says why ``move`` loses in the position of ``run``."""
        if self.reason_ticket is not None:
            self.worker.cancel(self.reason_ticket)
        self.reason_ticket = self.worker.ask(
            run.table.spec, list(run.moves), HINT_LEVEL, len(run.moves), REASON_SECONDS,
            kind=EXPLAIN, judged=(move, assessment),
        )

    def forget_reason(self) -> None:
        """The coach's reason no longer wanted."""
        if self.reason_ticket is not None:
            self.worker.cancel(self.reason_ticket)
            self.reason_ticket = None

    def forget_coach(self) -> None:
        """The coach's questions dropped (the position changed)."""
        for ticket in (self.assess_ticket, self.reason_ticket):
            if ticket is not None:
                self.worker.cancel(ticket)
        self.assess_ticket = self.reason_ticket = None

    def forget_move(self) -> None:
        """The position changed under the machine's question (a takeback): its answer
        will be dropped."""
        if self.ticket is not None:
            self.worker.cancel(self.ticket)
            self.ticket = None

    def forget(self) -> None:
        """Every question dropped (an undo)."""
        self.forget_move()
        self.forget_coach()
        if self.hint_ticket is not None:
            self.worker.cancel(self.hint_ticket)
            self.hint_ticket = None

    def collect(self) -> Answers:
        """The answers that came back (never waits)."""
        found = Answers()
        for answer in self.worker.poll():
            if answer.ticket == self.hint_ticket:
                self.hint_ticket = None
                found.hint = answer
            elif answer.ticket == self.ticket:
                self.ticket = None
                found.move = answer
            elif answer.ticket == self.assess_ticket:
                self.assess_ticket = None
                found.assessment = answer
            elif answer.ticket == self.reason_ticket:
                self.reason_ticket = None
                found.reason = answer
        return found


def parsed(run: GameRun, text: str) -> Any:
    """The decision the thinking process named in the position of ``run``."""
    return run.game.parse_move(run.state, text)
