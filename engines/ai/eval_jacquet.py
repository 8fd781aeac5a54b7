"""Evaluator for jacquet: a race where blocking makes the opponent lose throws.

From the side to roll next (in the middle of a turn, the other side, with
the pips of its dice left counted as played), each side's **effective
pips**:

- its pip count;
- **blocks**: for each of its checkers, the landing points one to six
  points ahead that enemy checkers close (jacquet forbids stopping on any
  enemy checker), counted for every checker and weighted as pips lost over
  the next turns; a die value that no checker can play at all costs more;
- **waiting checkers**: checkers held on the start point while the postillon
  travels;
- **home**: checkers already home (points 1-6) bear off sooner.

Then a race: each side's turns to bear off (effective pips per 8.17, at
least the checkers left over 2.2), a normal law on their difference, the
side on roll half a turn ahead.  The value is ``2 p - 1`` for the player
asked about.
"""

from __future__ import annotations

import math
from types import MappingProxyType

from engines.ai.evaluation import register_evaluator
from engines.ai.profiles import INTERMEDIATE_NOISE, AiProfile, register_profile
from engines.caches import forgettable
from engines.core import State
from engines.jacquet import MIRROR, JacquetState, postillon_origins
from engines.tables import MOVE, OPENING, OVER, PLAYERS, Side

PIPS_PER_TURN = 8.17
TURN_VARIANCE = 0.28
BLOCK_PIPS = 6.0
"""Pips lost per closed landing point, per checker facing it (over the coming turns)."""
STUCK_PIPS = 6.0
"""Pips lost per die value the side cannot play at all now (times the value / 3.5)."""
WAITING_PIPS = 0.6
"""Extra pips per checker held on the start point while the postillon travels."""
HOME_PIPS = 0.4
"""Pips saved per checker already home (bear-off comes sooner)."""
SEATS = {name: seat for seat, name in enumerate(PLAYERS)}
CACHE_LIMIT = 20_000
"""Sides remembered at most (the caches are emptied beyond)."""
AHEAD = tuple(sum(1 << t for t in range(max(1, p - 6), p)) for p in range(26))
"""For each point, the points one to six ahead of it (towards home), as bits."""


FULL = ((1 << 25) - 1) & ~1
_CLOSED: dict[Side, int] = forgettable({})


def closed_mask(other: Side) -> int:
    """The points (in the opponent's numbering, bits 1-24) where ``other`` has
    checkers: closed to the opponent.  Remembered per side."""
    mask = _CLOSED.get(other)
    if mask is None:
        mask = 0
        for point in range(1, 25):
            if other[MIRROR[point]]:
                mask |= 1 << point
        if len(_CLOSED) > CACHE_LIMIT:
            _CLOSED.clear()
        _CLOSED[other] = mask
    return mask


class Layout:
    """What the evaluation needs of one side alone, gathered once per side."""

    __slots__ = ("base", "occupied", "origins", "waiting")

    def __init__(self, own: Side) -> None:
        pips = 0
        origins = 0
        occupied = []
        for point in range(1, 25):
            count = own[point]
            if count:
                pips += point * count
                origins |= 1 << point
                occupied.append((AHEAD[point], count))
        base = pips - HOME_PIPS * (15 - own[0] - sum(own[7:25]))
        waiting = postillon_origins(own)
        if waiting is not None:
            origins = 1 << waiting[0]
            base += WAITING_PIPS * own[24]
        self.base = base
        self.occupied = occupied
        self.origins = origins
        self.waiting = waiting is not None


_LAYOUTS: dict[Side, Layout] = forgettable({})


def layout(own: Side) -> Layout:
    found = _LAYOUTS.get(own)
    if found is None:
        if len(_LAYOUTS) > CACHE_LIMIT:
            _LAYOUTS.clear()
        found = _LAYOUTS[own] = Layout(own)
    return found


def effective_pips(own: Side, other: Side) -> float:
    """Pips to bear off, plus what blocks and the postillon are expected to cost."""
    closed = closed_mask(other)
    mine = layout(own)
    blocked = 0
    for ahead, count in mine.occupied:
        blocked += count * (closed & ahead).bit_count()
    extra = mine.base + BLOCK_PIPS * blocked / 6.0
    origins = mine.origins
    if origins >> 7:  # not all home: a die no checker can play is lost
        free = FULL & ~closed
        for die in range(1, 7):
            if not origins >> die & free:
                extra += STUCK_PIPS * die / 3.5
    return extra


def win_chance(roller: Side, other: Side, credit: float) -> float:
    """Chance that the side to roll next wins; ``credit``: pips the other side still
    plays in its turn in progress."""
    mine = max(effective_pips(roller, other) / PIPS_PER_TURN, (15 - roller[0]) / 2.2)
    theirs = max((effective_pips(other, roller) - credit) / PIPS_PER_TURN,
                 (15 - other[0]) / 2.2)
    spread = math.sqrt(TURN_VARIANCE * (mine + theirs) + 0.25)
    return 0.5 * (1.0 + math.erf((theirs - mine + 0.5) / spread * 0.7071067811865476))


@register_evaluator("jacquet")
def evaluate(state: State, player: str) -> float:
    """How good ``state`` looks for ``player``, in ``[-1, 1]``."""
    assert isinstance(state, JacquetState)
    if state.phase == OVER:
        outcome = state.outcome()
        return 0.0 if outcome is None else 2.0 * outcome.value(player) - 1.0
    if state.phase == OPENING:
        return 0.0
    mover = state.mover
    if state.phase == MOVE:
        roller = 1 - mover
        p = win_chance(state.boards[roller], state.boards[mover], float(sum(state.dice)))
    else:
        roller = mover
        p = win_chance(state.boards[mover], state.boards[1 - mover], 0.0)
    if roller != SEATS[player]:
        p = 1.0 - p
    return 2.0 * p - 1.0


register_profile("jacquet", AiProfile(
    turn_noise=MappingProxyType({"joueur": INTERMEDIATE_NOISE}),
    child_noise=0.5,
    coach_threshold=MappingProxyType({"share": 0.04}),
))
"""The joueur plays its best whole turn with gnubg's *intermediate* noise
(docs/ai/jacquet.md)."""
