"""Barricades as text: the one-line position (see the package docstring), the terminal
diagram and the check of move notation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.barricades.board import (
    BARRICADE_ALLOWED,
    BARRICADES,
    GOAL,
    GOAL_BIT,
    HOUSES,
    INDEX,
    NAMES,
    PAWNS,
    PLAN,
    POINTS,
)
from engines.core import NotationError

if TYPE_CHECKING:
    from engines.barricades.game import Barricades
    from engines.barricades.state import BarricadesState

TEXT_ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted((i for i in range(GOAL + 1) if POINTS[i][2] == y), key=lambda i: POINTS[i][1]))
    for y in sorted({POINTS[i][2] for i in range(GOAL + 1)})
)
"""Point indices of each row of the position text, the goal's row first."""

Position = tuple[tuple[int, ...], int, int, tuple[int, int] | None, bool, int]
"""``(pawns, barricades, mover, dice, pending, turns)`` as read from a position text."""


def write_position(state: BarricadesState) -> str:
    """The one-line position text of ``state``."""
    letters = state.game.letters
    rows = []
    for row in TEXT_ROWS:
        chars = []
        for point in row:
            bit = 1 << point
            char = "x" if state.barricades & bit else "."
            for seat, mask in enumerate(state.pawns):
                if mask & bit:
                    char = letters[seat]
            chars.append(char)
        rows.append("".join(chars))
    dice = f"{state.dice[0]},{state.dice[1]}" if state.dice else "-"
    pending = "b" if state.pending else "-"
    mover = state.game.players[state.mover]
    return f"{'/'.join(rows)} {mover} {dice} {pending} {state.turns}"


def read_position(game: Barricades, text: str) -> Position:
    """The fields of a position text; :class:`NotationError` naming what is wrong."""
    fields = text.split()
    if len(fields) != 5:
        raise _error(game, text, "expected 5 fields: points, player, dice (6,5 or -), "
                     "barricade to put (b or -), turns played")
    pawns, barricades = _read_points(game, text, fields[0])
    if fields[1] not in game.players:
        raise _error(game, text, f"player '{fields[1]}' is not one of {', '.join(game.players)}")
    mover = game.players.index(fields[1])
    dice = _read_dice(game, text, fields[2])
    if fields[3] not in ("b", "-"):
        raise _error(game, text, f"barricade field '{fields[3]}' is not b or -")
    pending = fields[3] == "b"
    if pending and dice is not None:
        raise _error(game, text, "a barricade to put and dice to play at once")
    if barricades.bit_count() + pending > BARRICADES:
        raise _error(game, text, f"more than {BARRICADES} barricades")
    if not fields[4].isdigit():
        raise _error(game, text, f"turns '{fields[4]}' is not a whole number")
    on_goal = any(mask & GOAL_BIT for mask in pawns)
    if on_goal and (dice is not None or pending):
        raise _error(game, text, "the game is over (a pawn is on the goal): no dice, no barricade")
    return pawns, barricades, mover, dice, pending, int(fields[4])


def _read_points(game: Barricades, text: str, field: str) -> tuple[tuple[int, ...], int]:
    rows = field.split("/")
    if [len(r) for r in rows] != [len(r) for r in TEXT_ROWS]:
        sizes = ",".join(str(len(r)) for r in TEXT_ROWS)
        raise _error(game, text, f"expected {len(TEXT_ROWS)} rows of {sizes} points separated "
                     "by '/', the goal's row first")
    letters = game.letters
    pawns = [0] * len(letters)
    barricades = 0
    for row, points in zip(rows, TEXT_ROWS, strict=True):
        for char, point in zip(row, points, strict=True):
            if char == "x":
                if not BARRICADE_ALLOWED >> point & 1:
                    raise _error(game, text, f"a barricade on {NAMES[point]} (first row or goal)")
                barricades |= 1 << point
            elif char in letters:
                pawns[letters.index(char)] |= 1 << point
            elif char != ".":
                allowed = " ".join(letters)
                raise _error(game, text, f"point {NAMES[point]} holds '{char}', expected "
                             f"{allowed}, x or .")
    for seat, mask in enumerate(pawns):
        if mask.bit_count() > PAWNS:
            raise _error(game, text, f"{game.players[seat]} has more than {PAWNS} pawns")
    return tuple(pawns), barricades


def _read_dice(game: Barricades, text: str, field: str) -> tuple[int, int] | None:
    if field == "-":
        return None
    parts = field.split(",")
    if len(parts) != 2 or not all(p in ("1", "2", "3", "4", "5", "6") for p in parts):
        raise _error(game, text, f"dice '{field}' should be two faces 1-6 like 6,5, or -")
    a, b = int(parts[0]), int(parts[1])
    return (a, b) if a >= b else (b, a)


def _error(game: Barricades, text: str, why: str) -> NotationError:
    return NotationError(f"{game.spec} position '{text}': {why}")


def check_move_text(game: Barricades, text: str) -> None:
    """Raise :class:`NotationError` when ``text`` cannot be a barricades decision."""
    if text == "pass":
        return
    if text.startswith("dice:"):
        parts = text[5:].split(",")
        if len(parts) == 2 and all(p in ("1", "2", "3", "4", "5", "6") for p in parts):
            return
        raise NotationError(f"{game.spec} move '{text}': dice are written dice:6,5")
    names = [text[2:]] if text.startswith("b@") else text.split("-")
    if len(names) in (1, 2) and (len(names) == 2) != text.startswith("b@"):
        unknown = [n for n in names if n not in INDEX]
        if not unknown:
            return
        raise NotationError(
            f"{game.spec} move '{text}': '{unknown[0]}' is not a point; points are p1-p"
            f"{GOAL}, but (the goal) and the houses m1-m4"
        )
    raise NotationError(
        f"{game.spec} move '{text}': expected a pawn's move (p12-p31, m1-p3), a barricade "
        "put down (b@p40), pass, or dice (dice:6,5)"
    )


def render_diagram(state: BarricadesState) -> str:
    """The board with its pawns and barricades, point names at both ends of each row."""
    game = state.game
    symbol: dict[tuple[int, int], str] = {}
    for point in range(GOAL + 1):
        bit = 1 << point
        mark = "#" if state.barricades & bit else "G" if point == GOAL else "·"
        for seat, mask in enumerate(state.pawns):
            if mask & bit:
                mark = game.letters[seat]
        _, x, y = POINTS[point]
        symbol[(x, y)] = mark
    for house in HOUSES:
        _, x, y = POINTS[house]
        symbol[(x, y)] = " "
    for seat, house in enumerate(game.houses):
        _, x, y = POINTS[house]
        symbol[(x, y)] = str(state.in_house(seat))
    lines = []
    for y, line in enumerate(PLAN.splitlines()):
        chars = [
            symbol.get((c // 2, y), ch) if c % 2 == 0 and ch != " " else ("─" if ch == "-" else ch)
            for c, ch in enumerate(line)
        ]
        drawn = "".join(chars).ljust(33)
        row = [i for i in range(GOAL + 1) if POINTS[i][2] == y]
        if not row:
            lines.append("      " + drawn.rstrip())
            continue
        first, last = NAMES[min(row)], NAMES[max(row)]
        left = first if len(row) > 1 else ""
        lines.append(f"{left:>5} {drawn}  {last}")
    houses = "  ".join(
        f"{NAMES[house]} {game.players[seat]} ({game.letters[seat]})"
        for seat, house in enumerate(game.houses)
    )
    lines.append(f"      maisons : {houses} ; chiffre = pions à la maison, # barricade")
    lines.append("      " + _status(state))
    return "\n".join(lines)


def _status(state: BarricadesState) -> str:
    outcome = state.outcome()
    if outcome is not None:
        return "fin : " + outcome.result_line()
    name = state.game.players[state.mover]
    if state.pending:
        return f"{name} pose la barricade ramassée (b@point)"
    if state.dice is None:
        return f"tour {state.turns + 1} : {name} lance les dés"
    return f"tour {state.turns + 1} : {name} joue un dé parmi {state.dice[0]} et {state.dice[1]}"

