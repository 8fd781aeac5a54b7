"""Evaluator for reversi: mobility, corners, X/C-squares, frontier, stable edges, parity.

Features are computed on the bitboards of :mod:`engines.reversi` (bit
``8 * row + column``), each as a difference between the player and the
opponent, weighted and squashed into ``[-1, 1]`` with ``tanh``.  Disc count
only matters late: early on, few discs and few frontier discs are better.
"""

from __future__ import annotations

import math
from types import MappingProxyType

from engines.ai.evaluation import register_evaluator
from engines.ai.profiles import AiProfile, register_profile
from engines.core import State
from engines.reversi import FULL, ReversiState, legal_bits

NOT_A = FULL ^ 0x0101010101010101  # every column but a
NOT_H = FULL ^ 0x8080808080808080  # every column but h

CORNERS = (0, 7, 56, 63)
CORNER_BITS = sum(1 << c for c in CORNERS)
# For each corner: its X-square and C-squares, and the two edges leaving it.
X_SQUARE = {0: 9, 7: 14, 56: 49, 63: 54}
C_SQUARES = {0: (1, 8), 7: (6, 15), 56: (48, 57), 63: (55, 62)}
EDGES_FROM = {
    0: (tuple(range(1, 8)), tuple(range(8, 64, 8))),
    7: (tuple(range(6, -1, -1)), tuple(range(15, 64, 8))),
    56: (tuple(range(57, 64)), tuple(range(48, -1, -8))),
    63: (tuple(range(62, 55, -1)), tuple(range(55, -1, -8))),
}

W_CORNER = 30.0
W_X = 15.0
W_C = 5.0
W_MOBILITY = 25.0
W_POTENTIAL = 10.0
W_FRONTIER = 10.0
W_STABLE = 6.0
W_PARITY_LATE = 40.0
PARITY_FROM = 20
"""Empty squares left when the disc count starts to matter."""
SCALE = 60.0


def dilate(bits: int) -> int:
    """Squares next to (in the 8 directions) any of ``bits``."""
    east = (bits << 1) & NOT_A
    west = (bits >> 1) & NOT_H
    row = bits | east | west
    return ((row << 8) & FULL) | (row >> 8) | east | west


def stable_edge_discs(own: int) -> int:
    """Discs of ``own`` on an edge joined to an owned corner by ``own`` discs only."""
    stable = 0
    for corner in CORNERS:
        if not own >> corner & 1:
            continue
        stable |= 1 << corner
        for edge in EDGES_FROM[corner]:
            for square in edge:
                if not own >> square & 1:
                    break
                stable |= 1 << square
    return stable


def _ratio(mine: int, theirs: int) -> float:
    return (mine - theirs) / (mine + theirs + 2)


def evaluate_discs(own: int, other: int, own_moves: int = -1, other_moves: int = -1) -> float:
    """Heuristic value in [-1, 1] for the owner of ``own`` (either player to move).

    ``own_moves`` / ``other_moves``: the bitboards of legal moves when already known.
    """
    empty = FULL ^ (own | other)
    empties = empty.bit_count()
    score = 0.0

    own_corners = (own & CORNER_BITS).bit_count()
    other_corners = (other & CORNER_BITS).bit_count()
    score += W_CORNER * (own_corners - other_corners)
    for corner in CORNERS:
        if empty >> corner & 1:
            x = X_SQUARE[corner]
            score -= W_X * ((own >> x & 1) - (other >> x & 1))
            for c in C_SQUARES[corner]:
                score -= W_C * ((own >> c & 1) - (other >> c & 1))

    if own_moves < 0:
        own_moves = legal_bits(own, other)
    if other_moves < 0:
        other_moves = legal_bits(other, own)
    score += W_MOBILITY * _ratio(own_moves.bit_count(), other_moves.bit_count())
    score += W_POTENTIAL * _ratio(
        (dilate(other) & empty).bit_count(), (dilate(own) & empty).bit_count()
    )
    near_empty = dilate(empty)
    score -= W_FRONTIER * _ratio((own & near_empty).bit_count(), (other & near_empty).bit_count())

    if (own | other) & CORNER_BITS:
        score += W_STABLE * (
            stable_edge_discs(own).bit_count() - stable_edge_discs(other).bit_count()
        )

    if empties < PARITY_FROM:
        weight = W_PARITY_LATE * (PARITY_FROM - empties) / PARITY_FROM
        score += weight * _ratio(own.bit_count(), other.bit_count())
    return math.tanh(score / SCALE)


@register_evaluator("reversi")
def evaluate(state: State, player: str) -> float:
    """How good ``state`` looks for ``player``, in [-1, 1]."""
    assert isinstance(state, ReversiState)
    black, white = state.discs
    if (black | white).bit_count() < 4:
        return 0.0
    to_move = state.legal_bits()  # cached by the state
    if state.mover == 0:
        black_moves, white_moves = to_move, -1
    else:
        black_moves, white_moves = -1, to_move
    if player == state.game.player_names[0]:
        return evaluate_discs(black, white, black_moves, white_moves)
    return evaluate_discs(white, black, white_moves, black_moves)


register_profile("reversi", AiProfile(endgame="engines.ai.endgame_reversi",
                                      coach_threshold=MappingProxyType({"share": 0.06})))
"""When few squares are empty, the rest of the game is solved exactly (docs/ai/reversi.md)."""
