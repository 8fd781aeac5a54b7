"""The latrunculi board as bits: squares, shifts, enclosures and the decision objects.

Square ``8 * r + c`` is bit ``8 * r + c`` of a board, ``r = 0`` the top row
(row 8) and ``c = 0`` column ``a``: ``a8`` is 0, ``h8`` 7, ``a1`` 56, ``h1``
63, as in :func:`engines.geometry.grid`.  Every decision object is built here
once (jump chains, whose paths depend on the position, on first use).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias, TypeVar

from engines.bits import chunk_table
from engines.caches import forgettable, remember
from engines.core import PathMove, Place, Remove
from engines.geometry import square_name

T = TypeVar("T")

BLANC, NOIR = "blanc", "noir"
PLAYERS = (BLANC, NOIR)
PIECES = 20
"""Pieces of each player."""
SIZE = 8
CELLS = SIZE * SIZE
FULL = (1 << CELLS) - 1

NAMES = tuple(square_name(i % SIZE, SIZE - 1 - i // SIZE) for i in range(CELLS))
INDEX = {name: i for i, name in enumerate(NAMES)}

FILE_A = sum(1 << (SIZE * r) for r in range(SIZE))
FILE_H = FILE_A << (SIZE - 1)
NOT_A = FULL ^ FILE_A
NOT_H = FULL ^ FILE_H
CORNER_SQUARES = (0, SIZE - 1, CELLS - SIZE, CELLS - 1)
CORNERS = sum(1 << s for s in CORNER_SQUARES)
EDGE_SQUARES = tuple(
    i for i in range(CELLS) if i // SIZE in (0, SIZE - 1) or i % SIZE in (0, SIZE - 1)
)
EDGE = sum(1 << s for s in EDGE_SQUARES)

DIRECTIONS = (-SIZE, SIZE, -1, 1)
"""Up (towards row 8), down, left, right."""


def shift(bits: int, step: int) -> int:
    """Every square of ``bits`` moved one square in direction ``step`` (off-board ones lost)."""
    if step == 1:
        return (bits & NOT_H) << 1
    if step == -1:
        return (bits & NOT_A) >> 1
    if step == SIZE:
        return (bits << SIZE) & FULL
    return bits >> SIZE


def neighbour(square: int, step: int) -> int:
    """The square next to ``square`` in direction ``step``, or -1 off the board."""
    bit = shift(1 << square, step)
    return bit.bit_length() - 1 if bit else -1


NEIGHBOURS = tuple(sum(shift(1 << s, d) for d in DIRECTIONS) for s in range(CELLS))
"""For each square, the mask of its orthogonal neighbours."""


def _corner_pairs() -> tuple[tuple[int, int], ...]:
    return tuple((1 << c, NEIGHBOURS[c]) for c in CORNER_SQUARES)


CORNER_PAIRS = _corner_pairs()
"""Each corner's bit with the mask of its two neighbours."""


def held(prisoners: int, guards: int) -> int:
    """The squares of ``prisoners`` enclosed by ``guards``: between two of them on a row
    or a column, or in a corner with both neighbours taken."""
    row = ((guards & NOT_H) << 1) & ((guards & NOT_A) >> 1)
    column = (guards << SIZE) & (guards >> SIZE)
    enclosed = row | column
    for corner, pair in CORNER_PAIRS:
        if guards & pair == pair:
            enclosed |= corner
    return prisoners & enclosed


def _capture_table() -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each square, (victim, anvil) bit pairs of the captures a piece arriving there
    can make: the neighbour and the square beyond it, or for a neighbour in a corner
    the corner's other neighbour."""
    table = []
    for s in range(CELLS):
        pairs = []
        for d in DIRECTIONS:
            victim = neighbour(s, d)
            if victim < 0:
                continue
            if (1 << victim) & CORNERS:
                anvil_mask = NEIGHBOURS[victim] & ~(1 << s)
            else:
                beyond = neighbour(victim, d)
                if beyond < 0:
                    continue
                anvil_mask = 1 << beyond
            pairs.append((1 << victim, anvil_mask))
        table.append(tuple(pairs))
    return tuple(table)


CAPTURES = _capture_table()

# --------------------------------------------------------------------------- decisions

LatrunculiMove: TypeAlias = Place | PathMove | Remove
"""A piece placed ``d4`` (the placement phase), a step or a chain of jumps ``d4-d6-f6``,
or an incitus removed ``xe5``."""
PLACES = tuple(Place(i, NAMES[i]) for i in range(CELLS))
REMOVES = tuple(Remove(i, NAMES[i]) for i in range(CELLS))
PLACES_BY_BYTE = tuple(chunk_table(dict(enumerate(PLACES)), 8 * k, 8) for k in range(8))
REMOVES_BY_BYTE = tuple(chunk_table(dict(enumerate(REMOVES)), 8 * k, 8) for k in range(8))
"""``PLACES_BY_BYTE[k][byte]``: the placements on the set bits of byte ``k`` of a board."""

STEPS: dict[tuple[int, int], PathMove] = {
    (s, t): PathMove((s, t), (NAMES[s], NAMES[t]))
    for s in range(CELLS)
    for d in DIRECTIONS
    if (t := neighbour(s, d)) >= 0
}
"""The one move object of every step, by (origin, target)."""

STEPS_BY_BYTE = tuple(
    tuple(chunk_table({t: STEPS[t - d, t] for t in range(CELLS) if (t - d, t) in STEPS
                       and neighbour(t - d, d) == t}, 8 * k, 8) for k in range(8))
    for d in DIRECTIONS
)
"""``STEPS_BY_BYTE[i][k][byte]``: the steps in direction ``DIRECTIONS[i]`` onto the set bits
of byte ``k`` of a board of targets."""

_CHAINS: dict[tuple[int, ...], PathMove] = forgettable({})
_CHAIN_LIMIT = 200_000


def chain_move(path: tuple[int, ...]) -> PathMove:
    """The move object of a jump chain along ``path`` (built once, then reused)."""
    move = _CHAINS.get(path)
    if move is None:
        move = remember(_CHAINS, path, PathMove(path, tuple(NAMES[s] for s in path)),
                        _CHAIN_LIMIT)
    return move


def squares_of(bits: int) -> list[int]:
    """Indices of the set bits, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def by_bytes(bits: int, tables: Sequence[Sequence[tuple[T, ...]]]) -> list[T]:
    """The items of ``tables`` (one per byte of a board) at the set bits of ``bits``."""
    out: list[T] = []
    k = 0
    while bits:
        if bits & 255:
            out += tables[k][bits & 255]
        bits >>= 8
        k += 1
    return out
