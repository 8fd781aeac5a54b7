"""Assaut as text: the one-line position (see the package docstring), the terminal
diagram and the check of move notation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.assaut.board import (
    CELLS,
    EDGES,
    FORTRESS,
    GRID,
    INDEX,
    NAMES,
    PLAYERS,
    POINT_OF,
)
from engines.bits import bit_indices
from engines.core import NotationError

if TYPE_CHECKING:
    from engines.assaut.game import Assaut
    from engines.assaut.state import AssautState

ROW_SIZES = (3, 3, 7, 7, 7, 3, 3)
"""Points in each row of the position text, row 7 first."""

START_TEXT = ".../.../SS...SS/SSSSSSS/SSSSSSS/SSS/SSS officiers 2 - 0"

Position = tuple[int, int, int, int, int, int]
"""``(soldiers, officers, mover, hand, huffable, ply)`` as read from a position text."""


def write_position(state: AssautState) -> str:
    """The one-line position text of ``state``."""
    chars = []
    for g in GRID:
        bit = 1 << g
        chars.append("S" if state.soldiers & bit else "O" if state.officers & bit else ".")
    rows, start = [], 0
    for size in ROW_SIZES:
        rows.append("".join(chars[start:start + size]))
        start += size
    huffable = ",".join(NAMES[POINT_OF[g]] for g in bit_indices(state.huffable)) or "-"
    return (f"{'/'.join(rows)} {PLAYERS[state.mover]} {state.hand} {huffable} {state.ply}")


def read_position(game: Assaut, text: str) -> Position:
    """The fields of a position text; :class:`NotationError` naming what is wrong."""
    fields = text.split()
    if len(fields) != 5:
        raise _error(game, text, "expected 5 fields: the points row by row from row 7, the "
                     "player to move, the officers still to place, the officers that may be "
                     "huffed (or -), the moves played")
    soldiers, officers = _read_points(game, text, fields[0])
    if fields[1] not in PLAYERS:
        raise _error(game, text, f"player to move '{fields[1]}' is not soldats or officiers")
    mover = PLAYERS.index(fields[1])
    if fields[2] not in ("0", "1", "2"):
        raise _error(game, text, f"officers to place '{fields[2]}' is not 0, 1 or 2")
    hand = int(fields[2])
    if officers.bit_count() + hand > 2:
        raise _error(game, text, "more than 2 officers")
    if soldiers.bit_count() > 24:
        raise _error(game, text, "more than 24 soldiers")
    if hand and (mover == 0 or officers & ~FORTRESS):
        raise _error(game, text, "while officers are placed, the officers are to move and "
                     "stand in the fortress")
    huffable = _read_huffable(game, text, fields[3], officers)
    if huffable and not game.souffler:
        raise _error(game, text, "officers are huffed only in assaut:souffler")
    if huffable and (mover == 1 or hand):
        raise _error(game, text, "only the soldiers, once set up, may huff an officer")
    if not fields[4].isdigit():
        raise _error(game, text, f"moves played '{fields[4]}' is not a whole number")
    return soldiers, officers, mover, hand, huffable, int(fields[4])


def _read_points(game: Assaut, text: str, field: str) -> tuple[int, int]:
    rows = field.split("/")
    if tuple(len(r) for r in rows) != ROW_SIZES:
        raise _error(game, text, "expected 7 rows of 3,3,7,7,7,3,3 points separated by '/', "
                     "row 7 first")
    soldiers = officers = 0
    for g, char in zip(GRID, "".join(rows), strict=True):
        if char == "S":
            soldiers |= 1 << g
        elif char == "O":
            officers |= 1 << g
        elif char != ".":
            raise _error(game, text, f"point {NAMES[POINT_OF[g]]} holds '{char}', "
                         "expected S, O or .")
    return soldiers, officers


def _read_huffable(game: Assaut, text: str, field: str, officers: int) -> int:
    if field == "-":
        return 0
    huffable = 0
    for name in field.split(","):
        if name not in INDEX:
            raise _error(game, text, f"'{name}' is not a point")
        bit = 1 << GRID[INDEX[name]]
        if not officers & bit:
            raise _error(game, text, f"no officer on {name} to huff")
        huffable |= bit
    return huffable


def _error(game: Assaut, text: str, why: str) -> NotationError:
    return NotationError(f"{game.spec} position '{text}': {why}")


def check_move_text(text: str) -> None:
    """Raise :class:`NotationError` when ``text`` cannot be an assaut decision."""
    words = text[1:] if text.startswith("x") else text
    names = words.split("-")
    shape_ok = len(names) == 1 or not text.startswith("x")
    if shape_ok and all(name in INDEX for name in names):
        return
    raise NotationError(
        f"assaut move '{text}': expected a point (d6: place an officer), a step (d1-d2), a "
        "capture chain (d5-d3-b3) or a huff (xd6), with points a3-g5 and c1-e7"
    )


def render_diagram(state: AssautState) -> str:
    """The cross in Unicode with coordinates, the pieces left and who is to act."""
    width, height = 25, 13
    canvas = [[" "] * width for _ in range(height)]

    def at(point: int) -> tuple[int, int]:
        column, row = CELLS[point]
        return 4 * column, 2 * (6 - row)

    for p, q in EDGES:
        (x1, y1), (x2, y2) = sorted((at(p), at(q)))
        if y1 == y2:
            for x in range(x1 + 1, x2):
                canvas[y1][x] = "─"
        elif x1 == x2:
            canvas[y1 + 1][x1] = "│"
        else:
            middle = (x1 + x2) // 2
            canvas[(y1 + y2) // 2][middle] = "╲" if y2 > y1 else "╱"
    for p, g in enumerate(GRID):
        x, y = at(p)
        bit = 1 << g
        if state.soldiers & bit:
            mark = "●"
        elif state.officers & bit:
            mark = "◆"
        else:
            mark = "▫" if FORTRESS & bit else "·"
        canvas[y][x] = mark
    lines = [
        (f"{7 - y // 2} " if y % 2 == 0 else "  ") + "".join(row).rstrip()
        for y, row in enumerate(canvas)
    ]
    lines.append("  " + "   ".join("abcdefg"))
    soldiers, officers = state.counts()
    inside = (state.soldiers & FORTRESS).bit_count()
    lines.append(f"  soldats ● {soldiers} ({inside} dans la forteresse ▫)   officiers ◆ "
                 f"{officers}   coup {state.ply} sur {state.game.max_moves}")
    outcome = state.outcome()
    if outcome is not None:
        lines.append("  fin : " + outcome.result_line())
    elif state.hand:
        lines.append(f"  les officiers placent un officier dans la forteresse "
                     f"({state.hand} à poser)")
    else:
        huff = ""
        if state.huffable:
            names = ", ".join(NAMES[POINT_OF[g]] for g in bit_indices(state.huffable))
            huff = f" (peuvent souffler l'officier en {names})"
        lines.append(f"  aux {state.current_player} de jouer{huff}")
    return "\n".join(lines)
