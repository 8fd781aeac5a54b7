"""The coach at the table: it weighs a coached person's decision before it is played.

When a coached person (:attr:`kiosk.table.Table.coached`) is to decide, the scene asks
the thinking process to assess the position (:meth:`MachineTurns.ask_assessment`); the
frame never waits for it. When the person's decision is complete (on the screen or on
the physical board), :meth:`Coach.weigh` looks at it: an assessment not ready yet lets it
be played without a word (the coach says nothing rather than late); a decision that
gives away more than the game's threshold is held, with a warning (:class:`HeldDecision`)
whose reason is asked for at once. The person then chooses again, plays it all the
same, or asks for the best decision. Each decision played is noted
(:class:`~kiosk.coach.CoachNote`) on the run.

The worker failing, an assessment or a reason failing: the coach steps aside.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engines.core import State
from kiosk.coach import CoachNote
from kiosk.run import GameRun
from kiosk.scenes.machine_turns import Answers, MachineTurns

if TYPE_CHECKING:
    from engines.ai.coach import Assessment
    from engines.ai.reasons import Reason
    from kiosk.runtime import Kiosk

log = logging.getLogger(__name__)

REASON_WAIT = 3.0
"""Seconds the warning waits for its reason ("…") before showing none."""


@dataclass
class HeldDecision:
    """A decision the coach holds back, until the person says what to do with it."""

    move: Any
    seat: int
    note: CoachNote
    """What the decision would cost, noted if it is played all the same."""
    best: Any
    since: float
    after: State | None = None
    """The position the decision leaves (shown on the board while it is held)."""
    reason: Reason | None = None
    late: bool = False
    """No reason came in time (or the worker failed): the warning goes on without one."""


class Coach:
    """The coach of one game on screen (see the module's docstring)."""

    def __init__(self, kiosk: Kiosk, run: GameRun, demo: bool) -> None:
        self.kiosk = kiosk
        self.run = run
        self.demo = demo
        self.asked_for: State | None = None
        """The position the assessment was asked for (once per position)."""
        self.assessment: Assessment | None = None
        """The assessment of :attr:`asked_for`, once it came back."""
        self.warning: HeldDecision | None = None

    def coaches(self, seat: int | None) -> bool:
        """Whether the coach helps ``seat`` (a coached person, the coach offered)."""
        return (
            seat is not None
            and not self.demo
            and self.kiosk.settings.coach
            and seat in self.run.table.coached
            and self.run.is_person(seat)
        )

    def wanted(self) -> bool:
        """Whether a coached person decides in the position now."""
        state = self.run.state
        return (
            not state.is_terminal()
            and not state.is_chance_node()
            and self.coaches(self.run.seat())
        )

    def update(self, machine: MachineTurns, now: float) -> None:
        """Ask for the position's assessment once; give up waiting for a late reason."""
        if self.wanted() and self.asked_for is not self.run.state and self.warning is None:
            self.asked_for, self.assessment = self.run.state, None
            try:
                machine.ask_assessment(self.run)
            except Exception:  # no thinking process to ask: the coach steps aside
                log.exception("le coach n'a pas pu demander une évaluation")
        warning = self.warning
        if (
            warning is not None
            and warning.reason is None
            and not warning.late
            and now - warning.since > REASON_WAIT
        ):
            warning.late = True
            machine.forget_reason()

    def heard(self, answers: Answers) -> None:
        """The thinking process's answers to the coach."""
        found = answers.assessment
        if found is not None:
            if found.value is not None and self.asked_for is self.run.state:
                self.assessment = found.value
            elif found.value is None:
                log.warning("le coach n'a pas pu évaluer la position : %s", found.error)
        reason = answers.reason
        if reason is not None and self.warning is not None:
            if reason.value is not None:
                self.warning.reason = reason.value
            else:
                log.warning("le coach n'a pas trouvé de raison : %s", reason.error)
                self.warning.late = True

    def weigh(self, move: Any, machine: MachineTurns, now: float) -> bool:
        """A person's decision, complete: ``True`` when the coach holds it back (a
        warning is up); otherwise it is noted (when weighed) and may be played."""
        if self.warning is not None:
            return True  # the person answers the warning first
        if not self.wanted():
            return False
        assessment = self.assessment
        if assessment is None or self.asked_for is not self.run.state:
            return False  # not ready in time: no word
        seat = self.run.seat()
        assert seat is not None
        try:
            loss = float(assessment.loss(move))
            flagged = bool(assessment.flags(move))
            note = CoachNote(len(self.run.moves), seat, str(move), str(assessment.best), loss,
                             str(assessment.scale), flagged)
        except Exception:
            log.exception("le coach n'a pas pu peser %s", move)
            return False
        if not flagged:
            self.run.coach_notes.append(note)
            return False
        try:
            after: State | None = self.run.state.apply(move)
        except Exception:
            after = None
        self.warning = HeldDecision(move, seat, note, assessment.best, now, after)
        try:
            machine.ask_reason(self.run, str(move), assessment)
        except Exception:
            log.exception("le coach n'a pas pu demander une raison")
            self.warning.late = True
        return True

    def take_back(self, machine: MachineTurns) -> Any:
        """The person chooses again ("Rejouer"): the held decision, forgotten."""
        warning, self.warning = self.warning, None
        machine.forget_reason()
        return None if warning is None else warning.move

    def played_anyway(self, machine: MachineTurns) -> Any:
        """The person plays the held decision all the same: it is noted so; returned."""
        warning, self.warning = self.warning, None
        machine.forget_reason()
        if warning is None:
            return None
        note = warning.note
        self.run.coach_notes.append(
            CoachNote(note.index, note.seat, note.move, note.best, note.loss, note.scale,
                      note.flagged, played_anyway=True)
        )
        return warning.move

    def moved_on(self) -> None:
        """The position changed (a decision played, decisions taken back)."""
        self.warning = None
        self.assessment = None
        self.asked_for = None

    def reason_text(self, lang: str) -> str:
        """The warning's reason ("…" while it is looked for, nothing if none came)."""
        warning = self.warning
        if warning is None:
            return ""
        if warning.reason is not None:
            return warning.reason.text(lang)
        return "" if warning.late else "…"

    def reason_points(self) -> tuple[str, ...]:
        """The points the reason names (to mark on the board)."""
        warning = self.warning
        if warning is None or warning.reason is None:
            return ()
        return tuple(warning.reason.points)
