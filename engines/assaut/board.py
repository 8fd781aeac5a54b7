"""The assaut board as bits: the 33 points, lines, fortress, distances, move tables.

Points are numbered in reading order, row 7 first, left to right (``c7`` is
0, ``e7`` 2, ``a5`` 6, ``g3`` 26, ``e1`` 32): that is the index of the
geometry and of every decision object.  The rules work on a 7x7 grid of
bits instead, bit ``7 * r + c`` with ``r = 0`` the top row (row 7) and
``c = 0`` column ``a``, so that a step in one direction is one shift of a
whole board; the 16 bits of the four corners are never set.
"""

from __future__ import annotations

from collections import deque
from typing import TypeAlias

from engines.caches import forgettable
from engines.core import PathMove, Place, Remove

SOLDATS, OFFICIERS = "soldats", "officiers"
PLAYERS = (SOLDATS, OFFICIERS)
SOLDIERS_TO_WIN = 9
"""Soldiers needed to fill the fortress; officers win below it."""


def on_board(column: int, row: int) -> bool:
    """Whether ``(column, row)`` (0-6 each, row 0 = row 1 of the notation) is a point."""
    return 0 <= column < 7 and 0 <= row < 7 and (2 <= column <= 4 or 2 <= row <= 4)


# Points in reading order: rows 7 to 1, columns a to g.
CELLS: tuple[tuple[int, int], ...] = tuple(
    (c, r) for r in range(6, -1, -1) for c in range(7) if on_board(c, r)
)
"""``(column, row from the bottom)`` of each point, by index."""
COUNT = len(CELLS)
NAMES: tuple[str, ...] = tuple(f"{chr(ord('a') + c)}{r + 1}" for c, r in CELLS)
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
GRID: tuple[int, ...] = tuple(7 * (6 - r) + c for c, r in CELLS)
"""Grid bit of each point index."""
POINT_OF: dict[int, int] = {g: i for i, g in enumerate(GRID)}
"""Point index of each grid bit."""
BOARD = sum(1 << g for g in GRID)

FORTRESS_NAMES = ("c7", "d7", "e7", "c6", "d6", "e6", "c5", "d5", "e5")
FORTRESS = sum(1 << GRID[INDEX[n]] for n in FORTRESS_NAMES)
"""The nine points of the fortress (c5-e7), as grid bits."""

DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))
"""``(dcolumn, drow)``: right, left, up, down, then the diagonals."""
SHIFTS = tuple(dc - 7 * dr for dc, dr in DIRECTIONS)
"""The grid shift of a step in each direction (up is towards row 7, lower bits)."""


def has_line(column: int, row: int, dc: int, dr: int) -> bool:
    """Whether a line of the board joins the point to its neighbour in ``(dc, dr)``."""
    if not (on_board(column, row) and on_board(column + dc, row + dr)):
        return False
    return dc == 0 or dr == 0 or (column + row) % 2 == 0


def _bit(column: int, row: int) -> int:
    return 1 << 7 * (6 - row) + column


def _point(column: int, row: int) -> int:
    return INDEX[f"{chr(ord('a') + column)}{row + 1}"]


EDGES: tuple[tuple[int, int], ...] = tuple(
    sorted(
        {
            (min(_point(c, r), _point(c + dc, r + dr)), max(_point(c, r), _point(c + dc, r + dr)))
            for c, r in CELLS
            for dc, dr in DIRECTIONS
            if has_line(c, r, dc, dr)
        }
    )
)
"""Pairs of point indices joined by a line."""

NEIGHBOURS: tuple[int, ...] = tuple(
    sum(_bit(c + dc, r + dr) for dc, dr in DIRECTIONS if has_line(c, r, dc, dr))
    if on_board(c, r)
    else 0
    for r in range(6, -1, -1)
    for c in range(7)
)
"""For each grid bit, the grid bits one step away along a line."""


def _lines() -> tuple[tuple[int, ...], ...]:
    """Maximal straight lines of points (rows, columns, diagonals), as point indices."""
    found = []
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for c, r in CELLS:
            if has_line(c - dc, r - dr, dc, dr) or not has_line(c, r, dc, dr):
                continue  # not the start of a line
            line = [(c, r)]
            while has_line(*line[-1], dc, dr):
                line.append((line[-1][0] + dc, line[-1][1] + dr))
            found.append(tuple(_point(x, y) for x, y in line))
    return tuple(found)


LINES = _lines()


def _distances() -> tuple[int, ...]:
    """Steps along the lines from each grid bit to the nearest fortress point (-1 off board)."""
    distance = [-1] * 49
    queue: deque[int] = deque()
    for g in range(49):
        if FORTRESS >> g & 1:
            distance[g] = 0
            queue.append(g)
    while queue:
        g = queue.popleft()
        near = NEIGHBOURS[g]
        for h in range(49):
            if near >> h & 1 and distance[h] < 0:
                distance[h] = distance[g] + 1
                queue.append(h)
    return tuple(distance)


DISTANCE = _distances()


def _direction_masks() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each direction, the grid bits a step may leave from: any piece along a
    line (officers), and a soldier (closer to the fortress, or inside it staying in)."""
    lines, soldiers = [], []
    for dc, dr in DIRECTIONS:
        along = soldier = 0
        for c, r in CELLS:
            if not has_line(c, r, dc, dr):
                continue
            g, h = 7 * (6 - r) + c, 7 * (6 - r - dr) + c + dc
            along |= 1 << g
            inside = FORTRESS >> g & 1
            if (inside and FORTRESS >> h & 1) or (not inside and DISTANCE[h] < DISTANCE[g]):
                soldier |= 1 << g
        lines.append(along)
        soldiers.append(soldier)
    return tuple(lines), tuple(soldiers)


LINE_FROM, SOLDIER_FROM = _direction_masks()
JUMPS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(
        (1 << g + SHIFTS[d], 1 << g + 2 * SHIFTS[d], g + 2 * SHIFTS[d])
        for d in range(8)
        if LINE_FROM[d] >> g & 1 and LINE_FROM[d] >> g + SHIFTS[d] & 1
    )
    if BOARD >> g & 1
    else ()
    for g in range(49)
)
"""For each grid bit, the jumps from it: (bit jumped over, landing bit, landing grid index)."""

AssautMove: TypeAlias = Place | PathMove | Remove
"""An officer placed in the fortress ``d6`` (set-up), a step ``d3-d4``, an officer's
capture chain ``c3-c5-e5``, or an officer huffed ``xc5``."""

# Interned decisions, built once.  Paths hold point indices (the geometry's).
PLACES: dict[int, Place] = {g: Place(POINT_OF[g], NAMES[POINT_OF[g]]) for g in GRID}
REMOVES: dict[int, Remove] = {g: Remove(POINT_OF[g], NAMES[POINT_OF[g]]) for g in GRID}
STEPS: dict[tuple[int, int], PathMove] = {
    (g, h): PathMove((POINT_OF[g], POINT_OF[h]), (NAMES[POINT_OF[g]], NAMES[POINT_OF[h]]))
    for g in GRID
    for h in GRID
    if NEIGHBOURS[g] >> h & 1
}
"""The step between two neighbouring grid bits."""
_CHAINS: dict[tuple[int, ...], PathMove] = forgettable({})


def chain_move(grid_path: tuple[int, ...]) -> PathMove:
    """The decision of a capture chain through these grid bits (interned)."""
    move = _CHAINS.get(grid_path)
    if move is None:
        points = tuple(POINT_OF[g] for g in grid_path)
        move = _CHAINS[grid_path] = PathMove(points, tuple(NAMES[p] for p in points))
    return move
