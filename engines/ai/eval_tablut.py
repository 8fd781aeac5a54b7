"""Evaluator for tablut: the king's ways out against the Muscovites' ring.

Computed on the bitboards of :mod:`engines.tablut`, from blanc's side, then
negated for noir:

- free straight paths of the king to the edge (with white to move, one is
  a win at once; with black to move, two cannot both be blocked);
- escape routes: squares the king can reach now from which a path is free
  (threats of a « Raichi » next move);
- the king's distance to the nearest edge;
- material: Swedes left out of 8 against Muscovites left out of 16;
- attackers: Muscovites (and the empty throne) next to the king, and a
  capture threatened for black's next move;
- guards: Muscovites standing on the squares next to the edge, where they
  cut the king's lines cheaply.

The sum is squashed into ``[-0.9, 0.9]`` with ``tanh``; near-certain results
(an escape or a capture playable at once) give ``±0.95``.
"""

from __future__ import annotations

import math

from engines.ai.evaluation import register_evaluator
from engines.core import State
from engines.tablut import (
    BLANC,
    CELLS,
    DIRECTIONS,
    EDGE,
    KING_RING,
    RAY_MASKS,
    SIZE,
    THRONE,
    THRONE_BIT,
    WALL,
    TablutState,
    free_paths,
    generate,
)

SECOND_RING = sum(
    1 << i
    for i in range(CELLS)
    if not EDGE >> i & 1 and (i // SIZE in (1, SIZE - 2) or i % SIZE in (1, SIZE - 2))
)
"""Squares next to the edge (rows 2 and 8, columns b and h)."""

W_PATH = 1.2
W_ROUTE = 0.3
W_DISTANCE = 0.15
W_MATERIAL = 1.5
W_ATTACKER = 0.35
W_GUARD = 0.05
SURE = 0.95
SCALE = 0.9


def _routes(king: int, occupied: int, slow: bool) -> int:
    """Squares the king can move to from which a straight path to the edge is free."""
    without = occupied ^ (1 << king)
    count = 0
    for move in generate(0, king, occupied, slow):
        target = move.path[-1]
        if free_paths(target, without | (1 << target), slow):
            count += 1
    return count


def _black_reaches(square: int, black: int, occupied: int) -> bool:
    """Whether a Muscovite can slide to the empty ``square`` in one move."""
    if square == THRONE:
        return False
    for d, step in enumerate(DIRECTIONS):
        blockers = occupied & RAY_MASKS[square][d]
        if not blockers:
            continue
        first = (blockers & -blockers).bit_length() - 1 if step > 0 else blockers.bit_length() - 1
        if black >> first & 1:
            return True
    return False


def _attack(state: TablutState, occupied: int) -> tuple[int, bool]:
    """Hostile neighbours of the king, and whether black to move takes him now."""
    ring = KING_RING[state.king]
    if ring & WALL:
        return 0, False
    hostile = (ring & (state.black | THRONE_BIT)).bit_count()
    open_squares = ring & ~(state.black | THRONE_BIT)
    threat = False
    if hostile == 3 and state.mover == 1 and not open_squares & occupied:
        threat = _black_reaches(open_squares.bit_length() - 1, state.black, occupied)
    return hostile, threat


def white_view(state: TablutState) -> float:
    """Heuristic value in ``[-0.95, 0.95]`` of a game in progress, for blanc."""
    occupied = state.occupied
    slow = state.game.slow_king
    king = state.king
    paths = free_paths(king, occupied, slow)
    if paths and state.mover == 0:
        return SURE
    hostile, threat = _attack(state, occupied)
    if threat:
        return -SURE
    if paths >= 2:
        return SURE
    row, col = divmod(king, SIZE)
    distance = min(row, SIZE - 1 - row, col, SIZE - 1 - col)
    score = W_PATH * paths
    score += W_ROUTE * min(_routes(king, occupied, slow), 4)
    score += W_DISTANCE * (4 - distance)
    score += W_MATERIAL * (state.white.bit_count() / 8 - state.black.bit_count() / 16)
    score -= W_ATTACKER * hostile
    score -= W_GUARD * (state.black & SECOND_RING).bit_count()
    return SCALE * math.tanh(score)


@register_evaluator("tablut")
def evaluate(state: State, player: str) -> float:
    """How good ``state`` looks for ``player``, in [-1, 1]."""
    assert isinstance(state, TablutState)
    outcome = state.outcome()
    if outcome is not None:
        return 2.0 * outcome.value(player) - 1.0
    value = white_view(state)
    return value if player == BLANC else -value
