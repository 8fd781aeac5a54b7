"""Evaluator for latrunculi: material, prisoners, threats, mobility, safe squares.

Computed on the bitboards of :mod:`engines.latrunculi` for one seat against
the other, so the value for one player is minus the value for the other:

- material: enemy pieces removed, and the inciti each side holds (a prisoner
  is removed at its captor's next turn unless freed first);
- threats: free pieces that the other side can capture with its next move
  (one step or one jump brings a piece to the far side of a piece already
  flanked, or to a corner's second neighbour).  The side to move captures one
  of the pieces it threatens, so the first threat weighs most for the side to
  move; during placement, threats only say how the movement phase opens;
- mobility: the empty squares each side reaches in one move;
- safety: pieces on the edge can only be taken along it, in a corner only by
  its two neighbours;
- closing in, for the side ahead on removals only: a game ends with a winner
  only when a side is down to one piece or cannot move, and 50 moves without
  a removal draw it, however many pieces were taken.  So the side ahead
  gains for bringing its pieces near the enemy's (where the next captures
  are) and for taking away the squares the side behind can move to (a
  player left without a move ends the game, and the side ahead wins it).
  Without this term, the side ahead kept its lead and let the 50 moves run
  out: every game between the joueur and the expert was a draw.

The sum is squashed into ``[-0.95, 0.95]`` with ``tanh``.  The value is kept
on the state (``value_memo``, blanc's view), as searches often ask twice.
"""

from __future__ import annotations

import math
from types import MappingProxyType

from engines.ai.evaluation import register_evaluator
from engines.ai.profiles import AiProfile, register_profile
from engines.core import State
from engines.latrunculi import CORNERS, EDGE, FULL, PLAYERS, LatrunculiState
from engines.latrunculi.board import CORNER_PAIRS, NOT_A, NOT_H

CORNER_NEIGHBOURS = tuple(
    (corner, pair & -pair, pair & (pair - 1)) for corner, pair in CORNER_PAIRS
)
"""Each corner's bit with the bits of its two neighbours."""

W_REMOVED = 1.0
W_PRISONER = 0.8
W_FIRST_THREAT = 0.7
W_THREAT = 0.2
W_PLACING_THREAT = 0.25
W_MOBILITY = 0.015
W_EDGE = 0.03
W_CORNER = 0.03
W_CLOSE_IN = 0.3
CLOSE_IN_FROM = 4.0
"""The side ahead gains ``W_CLOSE_IN`` for each step its pieces' mean distance to the
nearest enemy piece falls below ``CLOSE_IN_FROM``..."""
W_SQUEEZE = 0.1
SQUEEZE_FROM = 16
"""... and ``W_SQUEEZE`` for each square fewer than ``SQUEEZE_FROM`` that the side behind
can reach in one move (none at all: it is blocked and the game ends)."""
DISTANCE_CAP = 6
"""Distances are counted up to this many steps."""
SCALE = 0.3
LIMIT = 0.95


def side_reach(full: int, own: int, empty: int, jumps: bool) -> tuple[int, int, int, int, int]:
    """The pieces ``full`` shifted one square east, west, south and north, and the empty
    squares they reach in one step (or one jump over ``own``)."""
    east, west = (full & NOT_H) << 1, (full & NOT_A) >> 1
    south, north = (full << 8) & FULL, full >> 8
    targets = east | west | south | north
    if jumps:
        targets |= ((east & own & NOT_H) << 1) | ((west & own & NOT_A) >> 1) | (
            (south & own) << 8) | ((north & own) >> 8)
    return east, west, south, north, targets & empty


def threatened(victims: int, attackers: int, reach: tuple[int, int, int, int, int]) -> int:
    """The pieces of ``victims`` that the free pieces ``attackers``, whose :func:`side_reach`
    is ``reach``, can capture with one move: an attacker on one neighbour, a move
    reaching the opposite neighbour (in a corner, the other neighbour)."""
    east, west, south, north, targets = reach
    row = (east & ((targets & NOT_A) >> 1)) | (west & ((targets & NOT_H) << 1))
    column = (south & (targets >> 8)) | (north & (targets << 8))
    found = victims & (row | column)
    if victims & CORNERS:
        for corner, one, other in CORNER_NEIGHBOURS:
            if victims & corner and (
                (attackers & one and targets & other) or (attackers & other and targets & one)
            ):
                found |= corner
    return found


def mean_distance(pieces: int, targets: int) -> float:
    """The mean over ``pieces`` (not empty) of their distance to the nearest of ``targets``,
    in orthogonal steps through anything, up to :data:`DISTANCE_CAP`."""
    total = 0
    area = targets
    for _ in range(DISTANCE_CAP):
        outside = pieces & ~area
        if not outside:
            break
        total += outside.bit_count()
        area |= ((area & NOT_H) << 1) | ((area & NOT_A) >> 1) | ((area << 8) & FULL) | (area >> 8)
    return total / pieces.bit_count()


def closing_in(ahead: int, behind: int, behind_reach: int) -> float:
    """What the side ahead on removals, whose free pieces are ``ahead``, gains towards
    ending the game against the free pieces ``behind``, which reach the empty squares
    ``behind_reach`` in one move: its army brought close, the other's moves taken away."""
    if not ahead or not behind:
        return 0.0
    gain = W_CLOSE_IN * max(0.0, CLOSE_IN_FROM - mean_distance(ahead, behind))
    return gain + W_SQUEEZE * max(0, SQUEEZE_FROM - behind_reach.bit_count())


def seat_view(state: LatrunculiState, seat: int) -> float:
    """Heuristic value in ``[-0.95, 0.95]`` of a game in progress, for ``seat``."""
    jumps = state.game.jumps
    mine, yours = state.boards[seat], state.boards[1 - seat]
    hands = state.hands
    inciti = state.inciti
    my_full, your_full = mine & ~inciti, yours & ~inciti
    empty = FULL ^ (mine | yours)
    # the difference of pieces removed is the difference of pieces left
    score = W_REMOVED * (mine.bit_count() + hands[seat] - yours.bit_count() - hands[1 - seat])
    lead = score
    if inciti:
        score += W_PRISONER * ((yours & inciti).bit_count() - (mine & inciti).bit_count())
    my_reach = side_reach(my_full, mine, empty, jumps)
    your_reach = side_reach(your_full, yours, empty, jumps)
    mine_count = threatened(your_full, my_full, my_reach).bit_count()
    yours_count = threatened(my_full, your_full, your_reach).bit_count()
    if hands[state.mover]:
        score += W_PLACING_THREAT * (mine_count - yours_count)
    elif state.mover == seat:
        score += (W_FIRST_THREAT if mine_count else 0.0) + W_THREAT * (
            max(mine_count - 1, 0) - yours_count)
    else:
        score -= (W_FIRST_THREAT if yours_count else 0.0) + W_THREAT * (
            max(yours_count - 1, 0) - mine_count)
    score += W_MOBILITY * (my_reach[4].bit_count() - your_reach[4].bit_count())
    score += W_EDGE * ((my_full & EDGE).bit_count() - (your_full & EDGE).bit_count())
    if (my_full | your_full) & CORNERS:
        score += W_CORNER * ((my_full & CORNERS).bit_count() - (your_full & CORNERS).bit_count())
    if lead > 0:
        score += closing_in(my_full, your_full, your_reach[4])
    elif lead < 0:
        score -= closing_in(your_full, my_full, my_reach[4])
    return LIMIT * math.tanh(SCALE * score)


@register_evaluator("latrunculi")
def evaluate(state: State, player: str) -> float:
    """How good ``state`` looks for ``player``, in [-1, 1]."""
    assert isinstance(state, LatrunculiState)
    outcome = state.outcome()
    if outcome is not None:
        return 2.0 * outcome.value(player) - 1.0
    value = state.value_memo
    if value is None:
        value = state.value_memo = seat_view(state, 0)
    return value if player == PLAYERS[0] else -value


register_profile("latrunculi", AiProfile(coach_threshold=MappingProxyType({"share": 0.06})))
"""Every level plays its search; the coach speaks past 0.06 of a game (docs/ai/coach.md)."""
