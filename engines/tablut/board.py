"""The tablut board as bits: squares, rays, the move objects and the tables of the rules.

Square ``9 * r + c`` is bit ``9 * r + c`` of a board (``r = 0`` the top row,
rank 9; ``c = 0`` column ``a``), and a bit beyond the board, :data:`WALL`,
marks in the tables the moves that cannot be played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from engines.core import PathMove
from engines.geometry import square_name

BLANC, NOIR = "blanc", "noir"
PLAYERS = (BLANC, NOIR)
SIZE = 9
CELLS = SIZE * SIZE
THRONE = 40
THRONE_BIT = 1 << THRONE
WALL = 1 << CELLS
"""A bit beyond the board: always "occupied", it marks impossible moves in the tables."""

NAMES = tuple(square_name(i % SIZE, SIZE - 1 - i // SIZE) for i in range(CELLS))
INDEX = {name: i for i, name in enumerate(NAMES)}
DIRECTIONS = (-SIZE, SIZE, -1, 1)
"""Up (towards rank 9), down, left, right; odd entries walk to higher indices."""

EDGE_SQUARES = tuple(
    i for i in range(CELLS) if i // SIZE in (0, SIZE - 1) or i % SIZE in (0, SIZE - 1)
)
EDGE = sum(1 << i for i in EDGE_SQUARES)


def _ray(square: int, step: int) -> tuple[int, ...]:
    """Squares from ``square`` (excluded) to the edge in direction ``step``, nearest first."""
    row, col = divmod(square, SIZE)
    dr, dc = (step // SIZE, 0) if abs(step) == SIZE else (0, step)
    out = []
    r, c = row + dr, col + dc
    while 0 <= r < SIZE and 0 <= c < SIZE:
        out.append(r * SIZE + c)
        r, c = r + dr, c + dc
    return tuple(out)


def _mask(squares: Sequence[int]) -> int:
    return sum(1 << s for s in squares)


RAYS = tuple(tuple(_ray(s, step) for step in DIRECTIONS) for s in range(CELLS))
RAY_MASKS = tuple(tuple(_mask(ray) for ray in rays) for rays in RAYS)
TablutMove: TypeAlias = PathMove
"""A piece (the king too) sliding along a row or a column: ``e1-e3``."""
MOVE_OF: dict[tuple[int, int], PathMove] = {
    (s, t): PathMove((s, t), (NAMES[s], NAMES[t]))
    for s in range(CELLS)
    for ray in RAYS[s]
    for t in ray
}
"""The one move object for every pair of squares on a common row or column."""

KING_MOVES = tuple(
    tuple(tuple(MOVE_OF[s, t] for t in ray) for ray in rays) for s, rays in enumerate(RAYS)
)
MAN_MOVES = tuple(
    tuple(tuple(MOVE_OF[s, t] for t in ray if t != THRONE) for ray in rays)
    for s, rays in enumerate(RAYS)
)
THRONE_AT = tuple(
    tuple(ray.index(THRONE) + 1 if THRONE in ray else CELLS for ray in rays) for rays in RAYS
)
"""How far along each ray the throne lies (``CELLS`` when it is not on the ray)."""


SLOTS = 32 * CELLS
"""Move-table slots: ``32 * origin + 8 * direction + distance - 1``."""


def _segments() -> tuple[list[int], list[int], list[int], list[int]]:
    """Per slot: the squares a move crosses (its target included) for a man, a king
    and a slow king, and its target.  Slots that are no move hold :data:`WALL`
    (and target ``-1``)."""
    man, king, slow, target = [WALL] * SLOTS, [WALL] * SLOTS, [WALL] * SLOTS, [-1] * SLOTS
    for s in range(CELLS):
        for d, ray in enumerate(RAYS[s]):
            for k, t in enumerate(ray):
                slot = 32 * s + 8 * d + k
                crossed = _mask(ray[: k + 1])
                king[slot] = crossed
                slow[slot] = crossed if k == 0 else WALL
                man[slot] = WALL if t == THRONE else crossed
                target[slot] = t
    return man, king, slow, target


SEG_MAN, SEG_KING, SEG_SLOW, SEG_TARGET = _segments()
SLOT_OF: dict[tuple[int, ...], int] = {
    (j // 32, SEG_TARGET[j]): j for j in range(SLOTS) if SEG_TARGET[j] >= 0
}
"""The table slot of every move, by its (origin, target)."""

CAPTURE_PAIRS = tuple(
    tuple((1 << ray[0], 1 << ray[1]) for ray in rays if len(ray) >= 2) for rays in RAYS
)
"""For each square, (neighbour, square beyond it) bits in each direction."""

KING_RING = tuple(_mask([ray[0] for ray in rays]) if all(rays) else WALL for rays in RAYS)
"""The four neighbours of each square off the edge (``WALL`` on the edge: never taken)."""

ESCAPES = tuple(
    tuple(m for m in masks if m) if not EDGE >> s & 1 else () for s, masks in enumerate(RAY_MASKS)
)
SLOW_ESCAPES = tuple(
    tuple(RAY_MASKS[s][d] for d, ray in enumerate(RAYS[s]) if len(ray) == 1)
    if not EDGE >> s & 1
    else ()
    for s in range(CELLS)
)
"""The king's straight paths to the edge; for a slow king only the one-step ones."""
