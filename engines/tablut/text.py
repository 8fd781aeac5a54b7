"""Tablut as text: the one-line position (see the package docstring), the terminal
diagram and the check of move notation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core import NotationError
from engines.tablut.board import INDEX, NAMES, PLAYERS, SIZE, THRONE_BIT

if TYPE_CHECKING:
    from engines.tablut.state import TablutState

START_TEXT = (
    "...NNN.../....N..../....B..../N...B...N/NNBBRBBNN/N...B...N/....B..../....N..../"
    "...NNN... blanc 0"
)

Position = tuple[int, int, int, int, int]
"""``(white, black, king, mover, ply)`` as read from a position text."""


def _cell(state: TablutState, square: int) -> str:
    if square == state.king:
        return "R"
    if state.white >> square & 1:
        return "B"
    return "N" if state.black >> square & 1 else "."


def write_position(state: TablutState) -> str:
    """The one-line position text of ``state``."""
    rows = ("".join(_cell(state, r * SIZE + c) for c in range(SIZE)) for r in range(SIZE))
    return f"{'/'.join(rows)} {PLAYERS[state.mover]} {state.ply}"


def read_position(text: str) -> Position:
    """The fields of a position text; :class:`NotationError` naming what is wrong."""
    parts = text.split()
    if len(parts) != 3:
        raise NotationError(
            f"tablut position '{text}': expected 9 ranks separated by '/', "
            "the player to move (blanc or noir) and the plies played"
        )
    board, player, ply_text = parts
    if player not in PLAYERS:
        raise NotationError(
            f"tablut position '{text}': the player to move is '{player}', "
            "expected blanc or noir"
        )
    if not ply_text.isdigit():
        raise NotationError(
            f"tablut position '{text}': the plies played are '{ply_text}', "
            "expected a whole number"
        )
    white, black, king = _read_board(board, text)
    return white, black, king, PLAYERS.index(player), int(ply_text)


def _read_board(board: str, text: str) -> tuple[int, int, int]:
    rows = board.split("/")
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise NotationError(f"tablut position '{text}': expected 9 ranks of 9 squares")
    white = black = 0
    kings = []
    for i, ch in enumerate("".join(rows)):
        if ch == "R":
            kings.append(i)
        elif ch == "B":
            white |= 1 << i
        elif ch == "N":
            black |= 1 << i
        elif ch != ".":
            raise NotationError(
                f"tablut position '{text}': square {NAMES[i]} holds '{ch}', "
                "expected R, B, N or ."
            )
    if (white | black) & THRONE_BIT:
        raise NotationError(
            f"tablut position '{text}': only the king may stand on the throne e5"
        )
    if len(kings) > 1:
        raise NotationError(f"tablut position '{text}': {len(kings)} kings, at most 1")
    if white.bit_count() > 8 or black.bit_count() > 16:
        raise NotationError(
            f"tablut position '{text}': at most 8 Swedes (B) and 16 Muscovites (N)"
        )
    return white, black, kings[0] if kings else -1


def check_move_text(text: str) -> None:
    """Raise :class:`NotationError` when ``text`` cannot be a tablut move."""
    squares = text.split("-")
    if len(squares) == 2 and all(s in INDEX for s in squares):
        return
    raise NotationError(
        f"tablut move '{text}': expected two squares a1-i9 joined by '-', like e1-e3"
    )


def render_diagram(state: TablutState) -> str:
    """The board in Unicode with coordinates, the pieces left and the move count."""
    marks = {"R": "♔", "B": "○", "N": "●", ".": "·"}
    header = "    " + " ".join("abcdefghi")
    lines = [header]
    for r in range(SIZE):
        cells = [marks[_cell(state, r * SIZE + c)] for c in range(SIZE)]
        if cells[4] == "·" and r == 4:
            cells[4] = "+"
        rank = SIZE - r
        lines.append(f" {rank}  {' '.join(cells)}  {rank}")
    lines.append(header)
    white, black = state.counts()
    lines.append(f"    ○ blanc {white} (♔ roi)   ● noir {black}   + trône")
    cap = state.game.max_moves
    lines.append(f"    coup {state.ply} sur {cap}, au trait : {PLAYERS[state.mover]}")
    return "\n".join(lines)
