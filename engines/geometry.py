"""Board geometry: named points, their 2-D layout, the lines that join them.

Every game describes its board with a :class:`Geometry`, so that the kiosk
draws any board from data and a physical board maps its cells to points.
Layout coordinates are board units with x to the right and y downwards (the
screen's convention), whatever the notation's row order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property


@dataclass(frozen=True)
class Point:
    """A place a piece can stand on, with its notation name and its position."""

    index: int
    name: str
    x: float
    y: float


@dataclass(frozen=True)
class Geometry:
    """Points, the edges pieces step along, and the board's straight lines.

    ``kind`` tells the kiosk which renderer draws it: ``grid`` (squares),
    ``graph`` (points joined by drawn lines), ``track``, ``boxes`` or ``pits``.
    ``lines`` are maximal straight lines of points (rows, columns, the mills
    of moulin); ``regions`` name special sets of points (throne, fortress…).
    """

    kind: str
    points: tuple[Point, ...]
    edges: tuple[tuple[int, int], ...] = ()
    lines: tuple[tuple[int, ...], ...] = ()
    regions: Mapping[str, frozenset[int]] = field(default_factory=dict)
    columns: int = 0
    rows: int = 0

    @cached_property
    def _by_name(self) -> dict[str, int]:
        return {p.name.lower(): p.index for p in self.points}

    def index(self, name: str) -> int:
        """Index of the point called ``name`` (any case); ``KeyError`` if none."""
        return self._by_name[name.strip().lower()]

    def has(self, name: str) -> bool:
        return name.strip().lower() in self._by_name

    def name(self, index: int) -> str:
        return self.points[index].name

    @property
    def size(self) -> tuple[float, float]:
        """Width and height of the layout's bounding box, in board units."""
        xs = [p.x for p in self.points]
        ys = [p.y for p in self.points]
        return (max(xs) - min(xs), max(ys) - min(ys))

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For each point, the points an edge joins it to."""
        table: list[list[int]] = [[] for _ in self.points]
        for a, b in self.edges:
            table[a].append(b)
            table[b].append(a)
        return tuple(tuple(sorted(n)) for n in table)


def square_name(column: int, row_from_bottom: int) -> str:
    """``a1``-style name: column 0 is ``a``, row 0 is ``1``."""
    return f"{chr(ord('a') + column)}{row_from_bottom + 1}"


def grid(
    columns: int,
    rows: int,
    name_of: Sequence[Sequence[str]] | None = None,
    *,
    rows_from_top: bool = False,
    diagonals: bool = False,
    regions: Mapping[str, Iterable[int]] | None = None,
) -> Geometry:
    """A rectangular board of squares, point ``i`` at column ``i % columns``.

    Points are numbered row by row from the top row (index 0 is the top-left
    square).  Names are ``a1``-style, rows counted from the bottom unless
    ``rows_from_top`` (Othello's usual notation).  ``name_of[row][col]``
    overrides the names.  Edges join orthogonal neighbours (and diagonal
    ones with ``diagonals``); lines are the rows, columns (and diagonals of
    length ≥ 2).
    """
    points = []
    for r in range(rows):
        for c in range(columns):
            if name_of is not None:
                name = name_of[r][c]
            elif rows_from_top:
                name = square_name(c, r)
            else:
                name = square_name(c, rows - 1 - r)
            points.append(Point(r * columns + c, name, c + 0.5, r + 0.5))
    edges: list[tuple[int, int]] = []
    steps = [(1, 0), (0, 1)] + ([(1, 1), (-1, 1)] if diagonals else [])
    for r in range(rows):
        for c in range(columns):
            for dc, dr in steps:
                c2, r2 = c + dc, r + dr
                if 0 <= c2 < columns and 0 <= r2 < rows:
                    edges.append((r * columns + c, r2 * columns + c2))
    lines: list[tuple[int, ...]] = [
        tuple(r * columns + c for c in range(columns)) for r in range(rows)
    ]
    lines += [tuple(r * columns + c for r in range(rows)) for c in range(columns)]
    if diagonals:
        falling: dict[int, list[int]] = {}
        rising: dict[int, list[int]] = {}
        for r in range(rows):
            for c in range(columns):
                falling.setdefault(c - r, []).append(r * columns + c)
                rising.setdefault(c + r, []).append(r * columns + c)
        lines += [tuple(d) for d in (*falling.values(), *rising.values()) if len(d) >= 2]
    return Geometry(
        kind="grid",
        points=tuple(points),
        edges=tuple(edges),
        lines=tuple(lines),
        regions={k: frozenset(v) for k, v in (regions or {}).items()},
        columns=columns,
        rows=rows,
    )


def graph(
    named_positions: Sequence[tuple[str, float, float]],
    edges: Iterable[tuple[str, str]],
    lines: Iterable[Sequence[str]] = (),
    regions: Mapping[str, Iterable[str]] | None = None,
) -> Geometry:
    """A board of points joined by drawn lines (moulin, assaut, barricades)."""
    points = tuple(Point(i, n, x, y) for i, (n, x, y) in enumerate(named_positions))
    index = {p.name: p.index for p in points}
    return Geometry(
        kind="graph",
        points=points,
        edges=tuple((index[a], index[b]) for a, b in edges),
        lines=tuple(tuple(index[n] for n in line) for line in lines),
        regions={k: frozenset(index[n] for n in v) for k, v in (regions or {}).items()},
    )
