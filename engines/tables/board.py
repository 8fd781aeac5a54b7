"""The board of the tables games: points in noir's numbering, layout, text, diagram.

Both games name the 24 points by noir's route, 1 (noir's last point) to 24
(noir's first); :attr:`TablesRules.mirror` turns one side's numbering into
the other's.  On the layout noir sits at the bottom: points 1-6 bottom
right (1 in the corner), 7-12 bottom left, 13-18 top left, 19-24 top right,
the bar in the middle column.  A point's coordinates are the middle of the
base of its triangle (where its first checker stands): x from 0.5 to 12.5
with the bar at 6.5, y 0.5 for the top row and 10.5 for the bottom row.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from engines.core import NotationError
from engines.geometry import Geometry, Point
from engines.tables.rules import CHECKERS, Side

NOIR, BLANC = "noir", "blanc"
PLAYERS = (NOIR, BLANC)
TOP_Y, BOTTOM_Y = 0.5, 10.5
BAR_X = 6.5


def point_x(number: int) -> float:
    """The x coordinate of the point noir calls ``number``."""
    if number <= 6:
        return 13.5 - number
    if number <= 12:
        return 12.5 - number
    if number <= 18:
        return number - 12.5
    return number - 11.5


def point_y(number: int) -> float:
    return BOTTOM_Y if number <= 12 else TOP_Y


def track_geometry(
    names: Sequence[str],
    extra: Sequence[tuple[str, float, float]],
    regions: Mapping[str, Iterable[str]],
    cycle: bool,
) -> Geometry:
    """A ``track`` geometry: point ``i`` is noir's point ``i + 1`` called ``names[i]``,
    then the ``extra`` points (bars, borne-off trays).  Edges join the points
    along the route (and noir's point 1 to 24 when the route is a ``cycle``);
    lines are the two rows, left to right."""
    points = [Point(i, names[i], point_x(i + 1), point_y(i + 1)) for i in range(24)]
    points += [Point(24 + k, name, x, y) for k, (name, x, y) in enumerate(extra)]
    edges = [(i, i + 1) for i in range(23)] + ([(23, 0)] if cycle else [])
    top = tuple(range(12, 24))
    bottom = tuple(range(11, -1, -1))
    index = {p.name: p.index for p in points}
    return Geometry(
        kind="track",
        points=tuple(points),
        edges=tuple(edges),
        lines=(top, bottom),
        regions={k: frozenset(index[n] for n in v) for k, v in regions.items()},
        columns=13,
        rows=2,
    )


# --------------------------------------------------------------------------- text

_TOKEN = re.compile(r"\.|[nb][1-9][0-9]?")


def write_points(noir: Side, blanc: Side, mirror: Sequence[int]) -> str:
    """Points 1-24 in noir's numbering: ``.`` empty, ``n5`` five of noir's, ``b2``."""
    out = []
    for number in range(1, 25):
        if noir[number]:
            out.append(f"n{noir[number]}")
        elif blanc[mirror[number]]:
            out.append(f"b{blanc[mirror[number]]}")
        else:
            out.append(".")
    return "".join(out)


def read_points(field: str, mirror: Sequence[int], text: str,
                game: str) -> tuple[list[int], list[int]]:
    """Both sides' counts on points 1-24 (own numbering) from a points field."""
    tokens = _TOKEN.findall(field)
    if "".join(tokens) != field or len(tokens) != 24:
        raise NotationError(
            f"{game} position '{text}': the points field '{field}' must list 24 points "
            "from noir's 1 to 24, each '.', 'n<count>' or 'b<count>'"
        )
    noir, blanc = [0] * 26, [0] * 26
    for number, token in enumerate(tokens, start=1):
        if token != ".":
            count = int(token[1:])
            if token[0] == "n":
                noir[number] = count
            else:
                blanc[mirror[number]] = count
    return noir, blanc


def settle_off(side: list[int], who: str, text: str, game: str) -> Side:
    """Fill in the checkers borne off (15 minus those on the board and the bar)."""
    on_board = sum(side[1:26])
    if on_board > CHECKERS:
        raise NotationError(
            f"{game} position '{text}': {who} has {on_board} checkers, at most {CHECKERS}"
        )
    side[0] = CHECKERS - on_board
    return tuple(side)


# --------------------------------------------------------------------------- diagram


def render_rows(noir: Side, blanc: Side, mirror: Sequence[int],
                labels: Sequence[tuple[str, Sequence[str]]]) -> list[str]:
    """Two rows of twelve points with the bar between the halves.

    ``labels`` are (title, 24 names in noir's numbering) lines printed above
    the top row (names of 13-24) and below the bottom row (names of 12-1).
    """

    def cell(number: int) -> str:
        if noir[number]:
            return f"●{noir[number]}"
        if blanc[mirror[number]]:
            return f"○{blanc[mirror[number]]}"
        return "·"

    def row(numbers: Sequence[int], show: Callable[[int], str]) -> str:
        cells = [f"{show(n):>4}" for n in numbers]
        return "".join(cells[:6]) + "  |" + "".join(cells[6:])

    top = list(range(13, 25))
    bottom = list(range(12, 0, -1))
    lines = []
    for title, names in labels:
        lines.append(f"{title:<7}" + row(top, lambda n: names[n - 1]))  # noqa: B023
    lines.append(" " * 7 + row(top, cell))
    lines.append(" " * 7 + row(bottom, cell))
    for title, names in reversed(labels):
        lines.append(f"{title:<7}" + row(bottom, lambda n: names[n - 1]))  # noqa: B023
    return lines
