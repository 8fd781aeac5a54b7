"""Evaluator for tablut: the king's ways out against the Muscovites' ring.

Computed on the bitboards of :mod:`engines.tablut`, from blanc's side, then
negated for noir.  First the threats that settle the game within a move or
two, worth ``±0.95``:

- a free straight path of the king to the edge with white to move, or two
  with black to move (an escape or the two-paths win at once);
- a capture of the king that black can play at once;
- with white to move, a king's move to a square with two free paths (the
  two-paths win next move);
- with black to move, a free path or such a king's move that no single
  black move answers: a Muscovite has to block the path and, in the same
  move, stand between the king and every square with two free paths, or on
  one of those two paths (tried move by move, captures of Swedes included).

Otherwise a sum, squashed into ``[-0.9, 0.9]`` with ``tanh``:

- the king's free paths, and his escape routes: squares he can reach now
  from which a path is free (threats of a « Raichi » next move), those with
  two paths counting more (forks black must answer at once);
- the king's distance to the nearest edge;
- material: each Muscovite is worth a little more than each Swede, so that
  black does not trade its blockers for a place next to the king;
- attackers: Muscovites (and the empty throne) next to the king;
- black's wall: Muscovites on the squares next to the edge, more for those
  that seal a corner (b3 and c2 and their mirror images), and the empty
  squares off the edge with two free paths to it (where the king would win),
  counted for white wherever they are, since the king may head for any.
"""

from __future__ import annotations

import math
from types import MappingProxyType

from engines.ai.evaluation import register_evaluator
from engines.ai.profiles import AiProfile, register_profile
from engines.core import State
from engines.tablut import (
    BLANC,
    CELLS,
    DIRECTIONS,
    EDGE,
    ESCAPES,
    INDEX,
    KING_RING,
    RAY_MASKS,
    RAYS,
    SEG_KING,
    SIZE,
    SLOW_ESCAPES,
    THRONE,
    THRONE_BIT,
    WALL,
    TablutState,
    captured,
    free_paths,
    reach,
)

SECOND_RING = sum(
    1 << i
    for i in range(CELLS)
    if not EDGE >> i & 1 and (i // SIZE in (1, SIZE - 2) or i % SIZE in (1, SIZE - 2))
)
"""Squares next to the edge (rows 2 and 8, columns b and h)."""
BOARD = (1 << CELLS) - 1
INTERIOR = BOARD & ~EDGE & ~THRONE_BIT
"""Squares where the king could stand off the edge and off the throne."""
COLUMN_A = sum(1 << (SIZE * r) for r in range(SIZE))
COLUMN_I = COLUMN_A << (SIZE - 1)
ROW_9 = (1 << SIZE) - 1
ROW_1 = ROW_9 << (CELLS - SIZE)
CORNER_GUARDS = sum(1 << INDEX[name] for name in ("b3", "c2", "g2", "h3", "h7", "g8", "c8", "b7"))
"""Squares that seal a corner: Muscovites on b3 and c2 cut every line to the edge
near a1 and keep the king off b2."""

W_PATH = 1.2
W_ROUTE = 0.3
W_FORK = 0.6
W_DISTANCE = 0.15
W_SWEDE = 1.5 / 8
W_MUSCOVITE = 0.2
W_ATTACKER = 0.1
W_GUARD = 0.05
W_CORNER = 0.6
W_HOT = 0.05
SURE = 0.95
SCALE = 0.9


def _fill(empty: int, edge: int, step: int) -> int:
    """The empty squares joined to ``edge`` through empty squares along ``step`` (±1 a
    column, ±:data:`SIZE` a row), moved one step on: a Kogge-Stone fill, whose three
    doublings cover the eight steps across the board."""
    reached = empty & edge
    through = empty & ~edge
    if step > 0:
        for shift in (step, 2 * step, 4 * step):
            reached |= through & (reached << shift)
            through &= through << shift
        return (reached << step) & ~edge
    for shift in (-step, -2 * step, -4 * step):
        reached |= through & (reached >> shift)
        through &= through >> shift
    return (reached >> -step) & ~edge


def _hot_squares(occupied: int, slow: bool) -> int:
    """How many empty squares off the edge have two or more free straight paths to it
    (one-step paths only for a slow king): squares where the king would win."""
    empty = BOARD & ~occupied
    if slow:
        left = (empty & COLUMN_A) << 1
        right = (empty & COLUMN_I) >> 1
        up = (empty & ROW_9) << SIZE
        down = (empty & ROW_1) >> SIZE
    else:
        left = _fill(empty, COLUMN_A, 1)
        right = _fill(empty, COLUMN_I, -1)
        up = _fill(empty, ROW_9, SIZE)
        down = _fill(empty, ROW_1, -SIZE)
    hot = (left & right) | ((left | right) & (up | down)) | (up & down)
    return (hot & empty & INTERIOR).bit_count()


def _open(square: int, occupied: int, slow: bool) -> tuple[int, int]:
    """The free straight paths from ``square`` to the edge: how many, and their squares."""
    count = cover = 0
    for mask in (SLOW_ESCAPES if slow else ESCAPES)[square]:
        if not occupied & mask:
            count += 1
            cover |= mask
    return count, cover


def _threats(king: int, occupied: int, slow: bool) -> tuple[int, int, int]:
    """The king's moves to a square with one free path and with two or more, and the
    squares where one Muscovite would spoil every move of the second kind
    (:data:`BOARD` when there is none)."""
    without = occupied ^ (1 << king)
    escapes = SLOW_ESCAPES if slow else ESCAPES
    one = two = 0
    parry = BOARD
    for d in range(4):
        n = reach(king, d, occupied)
        if slow and n:
            n = 1
        ray = RAYS[king][d]
        for k in range(n):
            # _open's loop written out: calling it here made the evaluator a tenth slower.
            t = ray[k]
            count = cover = 0
            for mask in escapes[t]:
                if not without & mask:
                    count += 1
                    cover |= mask
            if count >= 2:
                two += 1
                block = SEG_KING[32 * king + 8 * d + k]
                parry &= block | cover if count == 2 else block
            elif count:
                one += 1
    return one, two, parry


def _black_origins(square: int, black: int, occupied: int) -> list[int]:
    """The Muscovites that can slide to the empty ``square`` in one move."""
    out: list[int] = []
    if square == THRONE:
        return out
    for d, step in enumerate(DIRECTIONS):
        blockers = occupied & RAY_MASKS[square][d]
        if not blockers:
            continue
        first = (blockers & -blockers).bit_length() - 1 if step > 0 else blockers.bit_length() - 1
        if black >> first & 1:
            out.append(first)
    return out


def _holds(king: int, white: int, black: int, squares: int, occupied: int, slow: bool) -> bool:
    """Whether black, to move, has a move to one of ``squares`` after which the king
    has neither a free path nor a move to a square with two."""
    squares &= ~occupied & ~THRONE_BIT
    while squares:
        low = squares & -squares
        squares ^= low
        target = low.bit_length() - 1
        for origin in _black_origins(target, black, occupied):
            after = black ^ (1 << origin) ^ low
            taken = captured(target, white, after)
            occ = occupied ^ (1 << origin) ^ low ^ taken
            if free_paths(king, occ, slow):
                continue
            if _threats(king, occ, slow)[1] == 0:
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
        threat = bool(_black_origins(open_squares.bit_length() - 1, state.black, occupied))
    return hostile, threat


def white_view(state: TablutState) -> float:
    """Heuristic value in ``[-0.95, 0.95]`` of a game in progress, for blanc."""
    occupied = state.occupied
    slow = state.game.slow_king
    king = state.king
    paths, path_squares = _open(king, occupied, slow)
    if paths and state.mover == 0:
        return SURE
    hostile, threat = _attack(state, occupied)
    if threat:
        return -SURE
    if paths >= 2:
        return SURE
    one, two, parry = _threats(king, occupied, slow)
    if state.mover == 0:
        if two:
            return SURE
    elif paths or two:
        squares = path_squares & parry if paths else parry
        if not _holds(king, state.white, state.black, squares, occupied, slow):
            return SURE
    row, col = divmod(king, SIZE)
    distance = min(row, SIZE - 1 - row, col, SIZE - 1 - col)
    score = W_PATH * paths
    score += W_ROUTE * min(one + two, 4)
    score += W_FORK * min(two, 2)
    score += W_DISTANCE * (4 - distance)
    score += W_SWEDE * (state.white.bit_count() - 4) - W_MUSCOVITE * (state.black.bit_count() - 8)
    score -= W_ATTACKER * hostile
    score -= W_GUARD * (state.black & SECOND_RING).bit_count()
    score -= W_CORNER * (state.black & CORNER_GUARDS).bit_count()
    score += W_HOT * _hot_squares(occupied, slow)
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


register_profile("tablut", AiProfile(endgame="engines.ai.endgame_deeper",
                                     coach_threshold=MappingProxyType({"share": 0.2})))
"""Few pieces left, the endgame player looks for forced wins first, deeper than the usual
search (docs/ai/tablut.md)."""
