"""Rithmomachie as text: the one-line position, the notation check and the diagram.

Position text: six fields separated by spaces (see the package docstring).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from engines.core import NotationError
from engines.rithmomachie.fields import CAPTURES, FIRST, MOVE, Cells, Prisoner, Prisoners
from engines.rithmomachie.pieces import (
    PYRAMID,
    PYRAMID_LAYERS,
    Layer,
    Piece,
    piece,
    pyramid,
)

if TYPE_CHECKING:
    from engines.rithmomachie.game import Rithmomachie
    from engines.rithmomachie.state import RithmoState

_PLAIN = re.compile(r"^(\d+)([CTS])(\*?)$")
_PYRAMID = re.compile(r"^(\d+)P\(([^)]*)\)$")
_LAYER = re.compile(r"^(\d+)([CTS])$")
_PRISONER = re.compile(r"^(~?)(\d+)([CTS])$")

Fail = Callable[[str], NotationError]
"""Builds the error naming what is wrong with the position text."""


def colour_letter(game: Rithmomachie, side: int) -> str:
    """``n`` for noir, ``b`` for blanc."""
    return game.players[side][0]


def _rows(game: Rithmomachie) -> list[list[int]]:
    """Squares of the text's rows: Boissière's rows A-H, the compilation's ranks from
    the top (black's back rank) down to rank 1."""
    board = game.board
    return [[y * board.width + x for x in range(board.width)] for y in range(board.height)]


def _prisoners_text(taken: tuple[Prisoner, ...]) -> str:
    if not taken:
        return "-"
    return ",".join(("" if poseable else "~") + f"{v}{s}" for v, s, poseable in taken)


def write_position(state: RithmoState) -> str:
    """The one-line position text of ``state``."""
    game = state.game
    letters = [colour_letter(game, side) for side in (0, 1)]
    rows = []
    for squares in _rows(game):
        tokens: list[str] = []
        run = 0
        for sq in squares:
            p = state.board[sq]
            if p is None:
                run += 1
                continue
            if run:
                tokens.append(str(run))
                run = 0
            tokens.append(letters[p.side] + p.token())
        if run:
            tokens.append(str(run))
        rows.append(",".join(tokens))
    names = game.board.names
    if state.phase == MOVE:
        phase = "-"
    elif state.phase == CAPTURES:
        phase = "x"
    else:
        phase = names[state.captor] + "".join("x" + names[sq] for sq in state.emptied)
    fields = [
        "/".join(rows),
        game.players[state.side],
        phase,
        *(f"{game.players[side]}={_prisoners_text(state.prisoners[side])}" for side in (0, 1)),
        str(state.turns),
    ]
    return " ".join(fields)


class Position(NamedTuple):
    """What a position text says, field by field (the game builds the state from it)."""

    board: Cells
    side: int
    phase: int
    prisoners: Prisoners
    turns: int
    captor: int
    emptied: tuple[int, ...]


def read_position(game: Rithmomachie, text: str) -> Position:
    """The position written ``text``; :class:`NotationError` naming what is wrong."""

    def fail(why: str) -> NotationError:
        return NotationError(f"{game.spec} position '{text}': {why}")

    parts = text.split()
    if len(parts) != 6:
        raise fail("expected 6 fields: the rows separated by '/', the player to move, "
                   "the phase (- x or C3xA3), each player's prisoners (noir=... blanc=...) "
                   "and the turns played")
    rows_text, player, phase_text, first, second, turns_text = parts
    if player not in game.players:
        raise fail(f"the player to move is '{player}', expected {' or '.join(game.players)}")
    side = game.players.index(player)
    board = _read_board(game, rows_text, fail)
    prisoners = (_read_prisoners(game, 0, first, fail), _read_prisoners(game, 1, second, fail))
    if not turns_text.isdigit():
        raise fail(f"the turns played are '{turns_text}', expected a whole number")
    phase, captor, emptied = _read_phase(game, phase_text, board, side, fail)
    return Position(board, side, phase, prisoners, int(turns_text), captor, emptied)


def _read_board(game: Rithmomachie, rows_text: str, fail: Fail) -> tuple[Piece | None, ...]:
    rows = rows_text.split("/")
    layout = _rows(game)
    if len(rows) != len(layout):
        raise fail(f"expected {len(layout)} rows separated by '/', not {len(rows)}")
    letters = {colour_letter(game, side): side for side in (0, 1)}
    cells: list[Piece | None] = [None] * game.board.size
    pyramids = [0, 0]
    for r, (row, squares) in enumerate(zip(rows, layout, strict=True)):
        column = 0
        for token in row.split(",") if row else []:
            if token.isdigit():
                column += int(token)
                continue
            if column >= len(squares):
                raise fail(f"row {r + 1} has more than {len(squares)} squares")
            side = letters.get(token[:1])
            p = _read_piece(token[1:], side) if side is not None else None
            if p is None:
                raise fail(
                    f"'{token}' on {game.board.names[squares[column]]} is not a piece "
                    f"(colour {' or '.join(letters)}, then like 25S, 56T*, 91P(36S.25S...))")
            if p.shape == PYRAMID:
                pyramids[p.side] += 1
            cells[squares[column]] = p
            column += 1
        if column != len(squares):
            raise fail(f"row {r + 1} has {column} squares, expected {len(squares)}")
    if max(pyramids) > 1:
        raise fail("a side has more than one pyramid")
    return tuple(cells)


def _read_piece(body: str, side: int) -> Piece | None:
    match = _PLAIN.match(body)
    if match:
        value = int(match.group(1))
        return piece(side, match.group(2), value, bool(match.group(3))) if value > 0 else None
    match = _PYRAMID.match(body)
    if not match:
        return None
    layers: list[Layer] = []
    for item in match.group(2).split("."):
        layer = _LAYER.match(item)
        if not layer:
            return None
        layers.append((layer.group(2), int(layer.group(1))))
    allowed = PYRAMID_LAYERS[91 if side == 0 else 190]
    if not layers or [layer for layer in allowed if layer in layers] != layers:
        return None
    p = pyramid(side, tuple(layers))
    return p if p.value == int(match.group(1)) else None


def _read_prisoners(game: Rithmomachie, side: int, text: str, fail: Fail
                    ) -> tuple[Prisoner, ...]:
    label, _, items = text.partition("=")
    if label != game.players[side]:
        raise fail(f"expected {game.players[side]}=... for {game.players[side]}'s prisoners, "
                   f"not '{text}'")
    if items == "-":
        return ()
    out = []
    for item in items.split(","):
        match = _PRISONER.match(item)
        if not match or int(match.group(2)) == 0:
            raise fail(f"prisoner '{item}' is not like 12T or ~16C")
        out.append((int(match.group(2)), match.group(3), not match.group(1)))
    return tuple(sorted(out))


def _read_phase(game: Rithmomachie, text: str, cells: tuple[Piece | None, ...], side: int,
                fail: Fail) -> tuple[int, int, tuple[int, ...]]:
    if text == "-":
        return MOVE, -1, ()
    if text == "x":
        return CAPTURES, -1, ()
    names = text.split("x")
    board = game.board
    if game.variant == "boissiere" and len(names) >= 2 and all(
            n.lower() in board.index for n in names):
        squares = [board.index[n.lower()] for n in names]
        captor = cells[squares[0]]
        if captor is not None and captor.side == side and all(cells[s] is None
                                                                 for s in squares[1:]):
            return FIRST, squares[0], tuple(squares[1:])
    raise fail(f"the phase is '{text}', expected - (start of the turn), x (captures) "
               "or, Boissière only, the captor and the squares it emptied (C3xA3)")


# --------------------------------------------------------------------------- notation


_MOVE_TEXT = re.compile(
    r"^(?:[a-h]\d{1,2}-[a-h]\d{1,2}|[a-h]\d{1,2}x[a-h]\d{1,2}(?::\d+(?:\+\d+)*)?"
    r"|x[a-h]\d{1,2}(?::\d+(?:\+\d+)*)?|\d+[cts]?@[a-h]\d{1,2}|fin)$")


def check_move_text(game: Rithmomachie, text: str) -> None:
    """Raise :class:`NotationError` when ``text`` cannot be a decision of the game."""
    match = _MOVE_TEXT.match(text)
    if match and all(name in game.board.index for name in re.findall(r"[a-h]\d{1,2}", text)):
        return
    example = "C2-C4" if game.variant == "boissiere" else "d2-d4"
    raise NotationError(
        f"{game.spec} move '{text}': expected a move like {example}, a capture like "
        f"x{example[3:]} or x{example[3:]}:16, a capture first like "
        f"{example[:2]}x{example[3:]}, a pose like 25S@{game.board.names[0]} or fin")


# --------------------------------------------------------------------------- diagram


def _cell(p: Piece | None, marks: tuple[str, str]) -> str:
    if p is None:
        return "  ·   "
    body = f"{p.value}{p.shape}" + ("'" if p.posed else "")
    return f"{marks[p.side]}{body:<5}"


def render_diagram(state: RithmoState) -> str:
    """The board with coordinates, then the prisoners and the turn."""
    game = state.game
    board = game.board
    marks = tuple("●" if game.players[side] == "noir" else "○" for side in (0, 1))
    assert len(marks) == 2
    lines = []
    if game.variant == "boissiere":
        header = "    " + "".join(f"{c:^6}" for c in range(1, 17))
        lines.append(header)
        for y in range(board.height):
            cells = [_cell(state.board[y * board.width + x], marks)
                     for x in range(board.width)]
            lines.append(f" {'ABCDEFGH'[y]}  " + "".join(cells))
        lines.append(header)
    else:
        header = "     " + "".join(f"{c:^6}" for c in "abcdefgh")
        lines.append(header)
        for y in range(board.height):
            cells = [_cell(state.board[y * board.width + x], marks)
                     for x in range(board.width)]
            rank = board.length - y
            lines.append(f" {rank:>2}  " + "".join(cells) + f" {rank}")
        lines.append(header)
    stacks = [f"{marks[p.side]}{p.value} = " + " ".join(f"{v}{sh}" for sh, v in p.layers)
              for p in state.board if p is not None and p.is_pyramid]
    lines.append("  pyramides : " + (" ; ".join(stacks) if stacks else "aucune"))
    for side in (0, 1):
        taken = state.prisoners[side]
        shown = " ".join(("" if poseable else "~") + f"{v}{s}" for v, s, poseable in taken)
        lines.append(f"  {marks[side]} {game.players[side]} a pris : {shown or '-'}")
    phase = {MOVE: "début du tour", CAPTURES: "prises (fin pour terminer)",
             FIRST: "prise d'abord : le preneur va sur une case vidée"}[state.phase]
    who = game.players[state.side]
    lines.append(f"  tour {state.turns + 1}, au trait : {who} ({phase}) ; "
                 f"victoire : {game.victory_text()}   ' pièce posée, ~ déjà posée")
    return "\n".join(lines)

