"""Latrunculi as text: the one-line position (see the package docstring), the check of
move notation and the terminal diagram."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engines.core import NotationError
from engines.latrunculi.board import INDEX, NAMES, PIECES, PLAYERS, SIZE, held

if TYPE_CHECKING:
    from engines.latrunculi.game import Latrunculi
    from engines.latrunculi.state import LatrunculiState

FULL_MARKS = ("B", "N")
INCITUS_MARKS = ("b", "n")

Position = tuple[tuple[int, int], int, int, bool, tuple[int, int], tuple[int, int], int]
"""``(boards, inciti, mover, removing, hands, memories, quiet)`` as read from a text."""
Fail = Callable[[str], NotationError]
"""Builds the error naming what is wrong with the position text being read."""


def _cell(state: LatrunculiState, square: int) -> str:
    for seat in (0, 1):
        if state.boards[seat] >> square & 1:
            return (INCITUS_MARKS if state.inciti >> square & 1 else FULL_MARKS)[seat]
    return "."


def memory_text(memory: int) -> str:
    """A player's last move as written in the position text: ``-``, ``d4-d5`` or
    ``d5-d4*`` (a move that took the piece back where it stood the turn before)."""
    if memory < 0:
        return "-"
    code = memory >> 1
    return f"{NAMES[code >> 6]}-{NAMES[code & 63]}" + ("*" if memory & 1 else "")


def write_position(state: LatrunculiState) -> str:
    """The one-line position text of ``state``."""
    rows = ("".join(_cell(state, r * SIZE + c) for c in range(SIZE)) for r in range(SIZE))
    memories = ",".join(memory_text(m) for m in state.memories)
    flag = "x" if state.removing else "-"
    return (f"{'/'.join(rows)} {PLAYERS[state.mover]} {state.hands[0]},{state.hands[1]} "
            f"{flag} {memories} {state.quiet}")


def read_position(game: Latrunculi, text: str) -> Position:
    """The fields of a position text; :class:`NotationError` naming what is wrong."""

    def fail(why: str) -> NotationError:
        return NotationError(f"{game.spec} position '{text}': {why}")

    fields = text.split()
    if len(fields) != 6:
        raise fail("expected 6 fields: the 8 rows from row 8 down separated by '/', the "
                   "player to move, the pieces to place (blanc,noir), the removal flag "
                   "(x or -), the last moves (blanc,noir) and the moves without removal")
    board_text, player, hand_text, flag, memory_text_, quiet_text = fields
    boards, inciti = _read_board(board_text, fail)
    if player not in PLAYERS:
        raise fail(f"the player to move is '{player}', expected blanc or noir")
    mover = PLAYERS.index(player)
    hands = _read_hands(hand_text, fail)
    for seat in (0, 1):
        if boards[seat].bit_count() + hands[seat] > PIECES:
            raise fail(f"{PLAYERS[seat]} has more than {PIECES} pieces")
    if flag not in ("x", "-"):
        raise fail(f"the removal flag is '{flag}', expected x or -")
    memories = _read_memories(memory_text_, fail)
    if not quiet_text.isdigit():
        raise fail(f"the moves without removal are '{quiet_text}', expected a whole number")
    quiet = int(quiet_text)
    if inciti and not game.inciti:
        raise fail("inciti (b, n) only exist when captured pieces stay on the board "
                   "(variant seneque)")
    for seat in (0, 1):
        prisoners = boards[seat] & inciti
        loose = prisoners & ~held(prisoners, boards[1 - seat] & ~inciti)
        if loose:
            square = NAMES[(loose & -loose).bit_length() - 1]
            raise fail(f"the incitus on {square} is not held between two free pieces of "
                       f"{PLAYERS[1 - seat]}")
    if hands != (0, 0):
        if inciti or flag == "x" or memories != (-1, -1) or quiet:
            raise fail("while pieces are still to be placed there are no inciti, no "
                       "removal, no last moves and no move counter")
        if hands[mover] - hands[1 - mover] not in (0, 1):
            raise fail(f"{player} cannot be placing with {hands[0]},{hands[1]} pieces to "
                       "place: the players place in turn")
    removing = flag == "x"
    if removing and not boards[1 - mover] & inciti:
        raise fail(f"a removal is due but {player} has captured no incitus")
    return boards, inciti, mover, removing, hands, memories, quiet


def _read_board(board: str, fail: Fail) -> tuple[tuple[int, int], int]:
    rows = board.split("/")
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise fail("expected 8 rows of 8 squares separated by '/'")
    white = black = inciti = 0
    for i, ch in enumerate("".join(rows)):
        bit = 1 << i
        if ch in "Bb":
            white |= bit
        elif ch in "Nn":
            black |= bit
        elif ch != ".":
            raise fail(
                f"square {NAMES[i]} holds '{ch}', expected B, N (pieces), b, n (inciti) or ."
            )
        if ch in "bn":
            inciti |= bit
    return (white, black), inciti


def _read_hands(text: str, fail: Fail) -> tuple[int, int]:
    parts = text.split(",")
    if len(parts) != 2 or not all(p.isdigit() and int(p) <= PIECES for p in parts):
        raise fail(
            f"the pieces to place are '{text}', expected two numbers 0-{PIECES} like 20,20"
        )
    return int(parts[0]), int(parts[1])


def _read_memories(text: str, fail: Fail) -> tuple[int, int]:
    parts = text.split(",")
    if len(parts) != 2:
        raise fail(
            f"the last moves are '{text}', expected two moves or - separated by a comma"
        )
    memories = []
    for part in parts:
        if part == "-":
            memories.append(-1)
            continue
        back = part.endswith("*")
        squares = part.rstrip("*").split("-")
        if len(squares) != 2 or not all(s in INDEX for s in squares) or squares[0] == squares[1]:
            raise fail(
                f"the last move '{part}' should be - or two squares like d4-d5 (with * when "
                "it took the piece back where it stood)"
            )
        origin, target = INDEX[squares[0]], INDEX[squares[1]]
        memories.append((((origin << 6) | target) << 1) | back)
    return memories[0], memories[1]


def check_move_text(text: str) -> None:
    """Raise :class:`NotationError` when ``text`` cannot be a latrunculi decision."""
    squares = text[1:].split("-") if text.startswith("x") else text.split("-")
    if text.startswith("x") and len(squares) != 1:
        squares = []
    if squares and all(s in INDEX for s in squares):
        return
    raise NotationError(
        f"latrunculi move '{text}': expected a square a1-h8 to place (d4), two squares to "
        "step (d4-d5), a chain of jumps (d4-d6-f6) or x and a square to remove an "
        "incitus (xd5)"
    )


MARKS = {"B": "○", "N": "●", "b": "◇", "n": "◆", ".": "·"}


def render_diagram(state: LatrunculiState) -> str:
    """The board in Unicode with coordinates, each side's pieces and captures, who acts."""
    header = "    " + " ".join("abcdefgh")
    lines = [header]
    for r in range(SIZE):
        cells = [MARKS[_cell(state, r * SIZE + c)] for c in range(SIZE)]
        row = SIZE - r
        lines.append(f" {row}  {' '.join(cells)}  {row}")
    lines.append(header)
    for seat, full, bound in ((0, "○", "◇"), (1, "●", "◆")):
        name = PLAYERS[seat]
        on_board = state.boards[seat].bit_count()
        bound_count = (state.boards[seat] & state.inciti).bit_count()
        line = f"    {full} {name} : {on_board} sur le plateau"
        if bound_count:
            line += f" dont {bound_count} incitus {bound}"
        if state.hands[seat]:
            line += f", {state.hands[seat]} à poser"
        line += f", prises : {state.captured(seat)}"
        lines.append(line)
    outcome = state.outcome()
    if outcome is not None:
        lines.append("    fin : " + outcome.result_line())
    elif state.placing:
        lines.append(f"    au trait : {state.current_player} (pose)")
    elif state.removing:
        lines.append(f"    au trait : {state.current_player} (retire un incitus)")
    else:
        lines.append(f"    au trait : {state.current_player}, "
                     f"{state.quiet} coups sans retrait sur {state.game.draw_moves}")
    return "\n".join(lines)

