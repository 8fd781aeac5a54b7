"""What the coach noted of the coached persons' decisions in a game (no pygame).

The play scene asks the thinking process to assess each position where a
coached person decides (:func:`engines.ai.coach.assess`), and notes each
decision it could weigh in time: :class:`CoachNote`, kept on the game run
(:attr:`kiosk.run.GameRun.coach_notes`), cut with the decisions taken back. The
results screen shows each person's biggest mistakes from them
(:func:`biggest_mistakes`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

MISTAKES_SHOWN = 3
"""At most this many mistakes of a person on the results screen."""


@dataclass(frozen=True)
class CoachNote:
    """One decision of a coached person, weighed against the best of its position."""

    index: int
    """Its place in the game's history: taken in ``run.states[index]``, written
    ``run.moves[index]``."""
    seat: int
    move: str
    """The decision, in notation."""
    best: str
    """The best decision of the position, in notation."""
    loss: float
    """What it gave away against the best (0 for the best), on :attr:`scale`."""
    scale: str
    """``share`` (of a win) or ``points`` (shut the box alone)."""
    flagged: bool
    """Past the game's threshold: the coach warned (or would have)."""
    played_anyway: bool = False
    """Warned, the person played it all the same."""


def biggest_mistakes(notes: Iterable[CoachNote], seat: int,
                     count: int = MISTAKES_SHOWN) -> list[CoachNote]:
    """``seat``'s flagged decisions, the costliest first (at most ``count``), in the
    order of the game when they cost the same."""
    mine = [note for note in notes if note.seat == seat and note.flagged]
    return sorted(mine, key=lambda note: (-note.loss, note.index))[:count]


def cut_notes(notes: list[CoachNote], index: int) -> None:
    """Forget the notes of the decisions from ``index`` on (taken back)."""
    notes[:] = [note for note in notes if note.index < index]
