"""Moulin as text: the one-line position (see the package docstring), the terminal
diagram and the check of move notation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core import NotationError
from engines.moulin.board import EDGES, INDEX, NAMES, PIECES, layout

if TYPE_CHECKING:
    from engines.moulin.game import Moulin
    from engines.moulin.state import MoulinState

TEXT_ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[n] for n in row.split())
    for row in (
        "a7 d7 g7", "b6 d6 f6", "c5 d5 e5", "a4 b4 c4 e4 f4 g4",
        "c3 d3 e3", "b2 d2 f2", "a1 d1 g1",
    )
)
"""Point indices of each row of the position text, top row first."""

Position = tuple[tuple[int, int], tuple[int, int], int, bool, int]
"""``(board, hand, mover, pending, quiet)`` as read from a position text."""


def write_position(state: MoulinState) -> str:
    """The one-line position text of ``state``."""
    white, black = state.board
    rows = [
        "".join("B" if white >> p & 1 else "N" if black >> p & 1 else "." for p in row)
        for row in TEXT_ROWS
    ]
    mover = state.game.player_names[state.mover]
    flag = "x" if state.pending else "-"
    return f"{'/'.join(rows)} {mover} {state.hand[0]},{state.hand[1]} {flag} {state.quiet}"


def read_position(game: Moulin, text: str) -> Position:
    """The fields of a position text; :class:`NotationError` naming what is wrong."""
    fields = text.split()
    if len(fields) != 5:
        raise _text_error(
            game, text, "expected 5 fields: points, player to move, pieces in hand "
            "(blanc,noir), removal flag (x or -), moves without removal"
        )
    board = _read_points(game, text, fields[0])
    if fields[1] not in game.player_names:
        raise _text_error(game, text, f"player to move '{fields[1]}' is not blanc or noir")
    mover = game.player_names.index(fields[1])
    hand = _read_hands(game, text, fields[2])
    for seat in (0, 1):
        if board[seat].bit_count() + hand[seat] > PIECES:
            raise _text_error(
                game, text, f"{game.player_names[seat]} has more than {PIECES} pieces"
            )
    if fields[3] not in ("x", "-"):
        raise _text_error(game, text, f"removal flag '{fields[3]}' is not x or -")
    pending = fields[3] == "x"
    if pending and not board[1 - mover]:
        raise _text_error(game, text, "a removal is pending but there is no piece to take")
    if pending and board[mover].bit_count() < 3:
        raise _text_error(game, text, "a removal is pending but the mover has no mill")
    if not fields[4].isdigit():
        raise _text_error(game, text, f"move counter '{fields[4]}' is not a whole number")
    return board, hand, mover, pending, int(fields[4])


def _read_points(game: Moulin, text: str, field: str) -> tuple[int, int]:
    rows = field.split("/")
    sizes = [len(r) for r in TEXT_ROWS]
    if [len(r) for r in rows] != sizes:
        raise _text_error(
            game, text, "expected 7 rows of 3,3,3,6,3,3,3 points separated by '/', top row first"
        )
    white = black = 0
    for row, points in zip(rows, TEXT_ROWS, strict=True):
        for char, p in zip(row, points, strict=True):
            if char == "B":
                white |= 1 << p
            elif char == "N":
                black |= 1 << p
            elif char != ".":
                raise _text_error(
                    game, text, f"point {NAMES[p]} holds '{char}', expected B, N or ."
                )
    return white, black


def _read_hands(game: Moulin, text: str, field: str) -> tuple[int, int]:
    parts = field.split(",")
    if len(parts) != 2 or not all(p.isdigit() and int(p) <= PIECES for p in parts):
        raise _text_error(
            game, text, f"pieces in hand '{field}' should be two numbers 0-{PIECES} like 9,9"
        )
    return int(parts[0]), int(parts[1])


def _text_error(game: Moulin, text: str, why: str) -> NotationError:
    return NotationError(f"{game.spec} position '{text}': {why}")


def check_move_text(text: str) -> None:
    """Raise :class:`NotationError` when ``text`` cannot be a moulin decision."""
    if text == "pass":
        return
    words = text[1:] if text.startswith("x") else text
    names = words.split("-")
    if (text.startswith("x") and len(names) != 1) or len(names) > 2:
        raise NotationError(
            f"moulin move '{text}': expected a point (d6), a move (d6-d5) or a "
            "removal (xd6)"
        )
    for name in names:
        if name not in INDEX:
            raise NotationError(
                f"moulin move '{text}': '{name}' is not a point; the points are "
                + " ".join(sorted(NAMES, key=lambda n: (n[1], n[0])))
            )


def render_diagram(state: MoulinState) -> str:
    """The board in Unicode with coordinates, pieces in hand and who is to act."""
    width, height = 25, 13
    canvas = [[" "] * width for _ in range(height)]

    def at(point: int) -> tuple[int, int]:
        column, row = layout(point)
        return 4 * column, 2 * (6 - row)

    for p, q in EDGES:
        (x1, y1), (x2, y2) = sorted((at(p), at(q)))
        if y1 == y2:
            for x in range(x1 + 1, x2):
                canvas[y1][x] = "─"
        else:
            for y in range(y1 + 1, y2):
                canvas[y][x1] = "│"
    white, black = state.board
    for p in range(24):
        x, y = at(p)
        canvas[y][x] = "○" if white >> p & 1 else "●" if black >> p & 1 else "·"
    lines = [
        (f"{7 - y // 2} " if y % 2 == 0 else "  ") + "".join(row).rstrip()
        for y, row in enumerate(canvas)
    ]
    lines.append("  " + "   ".join("abcdefg"))
    for seat, mark in ((0, "○"), (1, "●")):
        name = state.game.player_names[seat]
        lines.append(
            f"  {name} {mark} : {state.board[seat].bit_count()} sur le plateau, "
            f"{state.hand[seat]} en main"
        )
    outcome = state.outcome()
    if outcome is not None:
        lines.append("  fin : " + outcome.result_line())
    elif state.pending:
        lines.append(f"  Moulin ! {state.current_player} retire un pion adverse")
    else:
        lines.append(f"  à {state.current_player} de jouer")
    return "\n".join(lines)
