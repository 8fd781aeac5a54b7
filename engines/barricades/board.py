"""The barricades board as data: the plan, its points, edges and path tables.

:data:`PLAN` is the board as drawn, one text line per row from the top,
board column ``x`` at character ``2 * x``: ``o`` a point, ``x`` a dark point
(a barricade at the start), ``G`` the goal, ``1``-``4`` the houses; ``-``
joins two points of a row, and points right above one another are joined.
Everything else (names, coordinates, edges, the path tables) is read from
it.

Indices: the 105 points ``p1``-``p105`` are 0-104, numbered row by row from
the bottom (the first row is ``p1``-``p17``, left to right), the goal ``but``
is 105 and the houses ``m1``-``m4`` (left to right) are 106-109.  A set of
points is an integer with one bit per index.
"""

from __future__ import annotations

from collections import deque

from engines.core import PathMove

PLAN = """\
                G
                x
o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o
x                               x
o-o-o-o-x-o-o-o-o-o-o-o-x-o-o-o-o
                x
        o-o-o-o-o-o-o-o-o
        x               x
    o-o-o-o-o-o-x-o-o-o-o-o-o
    x       x       x       x
o-o-o-o-x-o-o-o-o-o-o-o-x-o-o-o-o
o       o       o       o       o
o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o
    1       2       3       4
"""

MAX_DIE = 6
PAWNS = 5
"""Pawns per player."""
BARRICADES = 15


def _read_plan() -> tuple[
    list[tuple[str, int, int]], list[tuple[int, int]], list[int], int, list[int]
]:
    """Points ``(name, x, y)`` in index order, edges, dark points, goal, houses."""
    cells: dict[tuple[int, int], str] = {}
    links: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for y, line in enumerate(PLAN.splitlines()):
        for column, char in enumerate(line):
            if char == "-":
                links.append((((column - 1) // 2, y), ((column + 1) // 2, y)))
            elif char != " ":
                cells[(column // 2, y)] = char
    board = sorted((xy for xy, c in cells.items() if c in "ox"), key=lambda p: (-p[1], p[0]))
    goal = [xy for xy, c in cells.items() if c == "G"]
    houses = sorted((xy for xy, c in cells.items() if c in "1234"), key=lambda p: cells[p])
    order = board + goal + houses
    index = {xy: i for i, xy in enumerate(order)}
    names = [f"p{i + 1}" for i in range(len(board))] + ["but"]
    names += [f"m{k + 1}" for k in range(len(houses))]
    points = [(names[i], x, y) for i, (x, y) in enumerate(order)]
    edges = [(index[a], index[b]) for a, b in links]
    edges += [(index[(x, y)], index[(x, y + 1)]) for (x, y) in order if (x, y + 1) in index]
    dark = [index[xy] for xy in board if cells[xy] == "x"]
    return points, sorted(edges), dark, index[goal[0]], [index[h] for h in houses]


POINTS, EDGES, DARK_POINTS, GOAL, HOUSES = _read_plan()
NAMES: tuple[str, ...] = tuple(name for name, _, _ in POINTS)
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
BOARD_POINTS = GOAL
"""Points 0 .. BOARD_POINTS - 1 are the board's ordinary points."""
FIRST_ROW_Y = max(y for _, _, y in POINTS[:BOARD_POINTS])
FIRST_ROW = tuple(i for i in range(BOARD_POINTS) if POINTS[i][2] == FIRST_ROW_Y)
GOAL_BIT = 1 << GOAL
START_BARRICADES = sum(1 << i for i in DARK_POINTS)
BARRICADE_ALLOWED = sum(1 << i for i in range(BOARD_POINTS) if i not in FIRST_ROW)
"""Where a barricade may be put: not in the houses, on the first row or on the goal."""


def _neighbours() -> tuple[tuple[int, ...], ...]:
    table: list[list[int]] = [[] for _ in POINTS]
    for a, b in EDGES:
        table[a].append(b)
        table[b].append(a)
    return tuple(tuple(sorted(n)) for n in table)


NEIGHBOURS = _neighbours()
EXITS: tuple[int, ...] = tuple(NEIGHBOURS[h][0] for h in HOUSES)
"""The first-row point in front of each house: a pawn's first step out."""


def _walk(
    by_length: list[dict[int, set[int]]], point: int, steps: int, seen: int, inside: int
) -> None:
    """Record the simple paths going on from ``point`` (``steps`` taken, ``inside`` the
    points passed over) in ``by_length[steps][end]``."""
    by_length[steps].setdefault(point, set()).add(inside)
    if steps == MAX_DIE or point == GOAL:
        return
    for nxt in NEIGHBOURS[point]:
        if nxt not in HOUSES and not seen >> nxt & 1:
            passed = inside | (1 << point if steps else 0)
            _walk(by_length, nxt, steps + 1, seen | 1 << nxt, passed)


def _paths() -> tuple[tuple[tuple[tuple[int, tuple[int, ...]], ...], ...], ...]:
    """``PATHS[origin][d]``: for each end reached in exactly ``d`` steps along a path
    that never comes back to a point, the minimal sets of points passed over."""
    table = []
    for origin in range(len(POINTS)):
        by_length: list[dict[int, set[int]]] = [{} for _ in range(MAX_DIE + 1)]
        if origin != GOAL:
            _walk(by_length, origin, 0, 1 << origin, 0)
        rows: list[tuple[tuple[int, tuple[int, ...]], ...]] = [()]
        for d in range(1, MAX_DIE + 1):
            rows.append(tuple(
                (end, _minimal(masks)) for end, masks in sorted(by_length[d].items())
            ))
        table.append(tuple(rows))
    return tuple(table)


def _minimal(masks: set[int]) -> tuple[int, ...]:
    """The masks none of whose proper subsets is also given (a clear subset suffices)."""
    ordered = sorted(masks, key=int.bit_count)
    kept: list[int] = []
    for mask in ordered:
        if not any(k & mask == k for k in kept):
            kept.append(mask)
    return tuple(kept)


PATHS = _paths()
MOVES: dict[tuple[int, int], PathMove] = {
    (origin, end): PathMove((origin, end), (NAMES[origin], NAMES[end]))
    for origin in range(len(POINTS))
    for d in range(1, MAX_DIE + 1)
    for end, _ in PATHS[origin][d]
}
"""Every move ``origin-end`` a die can make, built once."""
STEPS: tuple[tuple[tuple[tuple[int, PathMove, tuple[int, ...]], ...], ...], ...] = tuple(
    tuple(
        tuple((1 << end, MOVES[(origin, end)], masks) for end, masks in by_face)
        for by_face in PATHS[origin]
    )
    for origin in range(len(POINTS))
)
"""``STEPS[origin][d]``: ``(end bit, move, sets passed over)`` for each end of a die ``d``."""
ONE_DIE_PER_MOVE = all(
    not {e for e, _ in PATHS[o][d]} & {e for e, _ in PATHS[o][f]}
    for o in range(len(POINTS))
    for d in range(1, MAX_DIE + 1)
    for f in range(d + 1, MAX_DIE + 1)
)
"""Whether two different dice never take a pawn to the same point (true of the plan:
its shortest loop has 12 steps), so that moves with either die never coincide."""


def _distances() -> tuple[int, ...]:
    """Steps from each point to the goal (barricades ignored); a house counts its exit."""
    far = [10**6] * len(POINTS)
    far[GOAL] = 0
    queue = deque([GOAL])
    while queue:
        point = queue.popleft()
        for nxt in NEIGHBOURS[point]:
            if far[nxt] > far[point] + 1:
                far[nxt] = far[point] + 1
                if nxt not in HOUSES:
                    queue.append(nxt)
    return tuple(far)


DISTANCE = _distances()
