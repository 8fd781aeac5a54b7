"""The board of the tables games: points in noir's numbering, layout, text, diagram.

Both games name the 24 points by noir's route, 1 (noir's last point) to 24
(noir's first); :attr:`TablesRules.mirror` turns one side's numbering into
the other's.  On the layout noir sits at the bottom.  Backgammon's board is
the standard one, noir's home before him at his right: points 1-6 bottom
right (1 in the corner), 7-12 bottom left, 13-18 top left, 19-24 top right.
Jacquet's is that layout turned half round (``turned``), as its source seats
the players: each one's home "face à soi, en haut et à gauche", the start
side "précisément devant soi".  Noir sits along his start side, 24-13
(B12-B1) left to right along the bottom, and his route comes back along the
far side, 12-1 (N12-N1) right to left, his home 6-1 at the top left.  The
bar is in the middle column.  A point's coordinates are the middle of the
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
WIDTH = 13.0
"""The layout's width: two halves of six points and the bar between them."""


def point_x(number: int, turned: bool = False) -> float:
    """The x coordinate of the point noir calls ``number`` (``turned``: jacquet's
    layout, turned half round)."""
    if number <= 6:
        x = 13.5 - number
    elif number <= 12:
        x = 12.5 - number
    elif number <= 18:
        x = number - 12.5
    else:
        x = number - 11.5
    return WIDTH - x if turned else x


def point_y(number: int, turned: bool = False) -> float:
    """The y coordinate of the point noir calls ``number``: noir's 1-12 on the bottom
    row, or on the top row when ``turned``."""
    return BOTTOM_Y if (number <= 12) != turned else TOP_Y


def rows(turned: bool = False) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Noir's numbers of the top row's points, then of the bottom row's, left to right."""
    left_to_right = sorted(range(1, 25), key=lambda n: point_x(n, turned))
    top = tuple(n for n in left_to_right if point_y(n, turned) == TOP_Y)
    bottom = tuple(n for n in left_to_right if point_y(n, turned) == BOTTOM_Y)
    return top, bottom


def track_geometry(
    names: Sequence[str],
    extra: Sequence[tuple[str, float, float]],
    regions: Mapping[str, Iterable[str]],
    cycle: bool,
    turned: bool = False,
) -> Geometry:
    """A ``track`` geometry: point ``i`` is noir's point ``i + 1`` called ``names[i]``,
    then the ``extra`` points (bars, borne-off trays).  Edges join the points
    along the route (and noir's point 1 to 24 when the route is a ``cycle``);
    lines are the two rows, left to right.  ``turned``: jacquet's layout (see the
    module docstring)."""
    points = [
        Point(i, names[i], point_x(i + 1, turned), point_y(i + 1, turned)) for i in range(24)
    ]
    points += [Point(24 + k, name, x, y) for k, (name, x, y) in enumerate(extra)]
    edges = [(i, i + 1) for i in range(23)] + ([(23, 0)] if cycle else [])
    top, bottom = (tuple(n - 1 for n in row) for row in rows(turned))
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
                labels: Sequence[tuple[str, Sequence[str]]], turned: bool = False) -> list[str]:
    """Two rows of twelve points with the bar between the halves, as the layout
    draws them (noir at the bottom; ``turned``: jacquet's layout).

    ``labels`` are (title, 24 names in noir's numbering) lines printed above
    the top row and below the bottom row (backgammon: names of 13-24 above,
    12-1 below; jacquet: 1-12 above, 24-13 below).
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

    top, bottom = rows(turned)
    lines = []
    for title, names in labels:
        lines.append(f"{title:<7}" + row(top, lambda n: names[n - 1]))  # noqa: B023
    lines.append(" " * 7 + row(top, cell))
    lines.append(" " * 7 + row(bottom, cell))
    for title, names in reversed(labels):
        lines.append(f"{title:<7}" + row(bottom, lambda n: names[n - 1]))  # noqa: B023
    return lines
