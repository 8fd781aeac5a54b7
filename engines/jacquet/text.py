"""Jacquet as text: the one-line position (see the package docstring), the point
names of the source (N1-N12, B1-B12), the terminal diagram and the notation check."""

from __future__ import annotations

from typing import NamedTuple

from engines.core import NotationError
from engines.jacquet.rules import MIRROR
from engines.tables.board import PLAYERS, read_points, render_rows, settle_off, write_points
from engines.tables.moves import parse_dice, parse_point
from engines.tables.rules import CHECKERS, Side
from engines.tables.state import DICE, MOVE, OPENING, OVER, TablesState

BORNE_OFF, BLOCKED, CAPPED = "fin", "bloque", "limite"
"""How a finished game ended (the phase word of the position text)."""

NAMES = tuple(f"N{n}" for n in range(1, 13)) + tuple(f"B{n}" for n in range(1, 13))
"""The source's names of noir's points 1-24: N1-N12 then B1-B12."""
PHASE_WORDS = {OPENING: "ouverture", DICE: "lancer"}
WORD_PHASES = {w: p for p, w in PHASE_WORDS.items()}
ENDINGS = (BORNE_OFF, BLOCKED, CAPPED)
START_TEXT = "...........b15...........n15 - ouverture 0"


def source_name(seat: int, number: int) -> str:
    """The source's name (``N5``, ``B12``) of the point ``seat`` calls ``number``."""
    return NAMES[(number if seat == 0 else MIRROR[number]) - 1]


def number_of(seat: int, word: str) -> int | None:
    """The point ``seat`` calls by the source's name ``word`` (any case), else ``None``."""
    upper = word.upper()
    if upper not in NAMES:
        return None
    noir_number = NAMES.index(upper) + 1
    return noir_number if seat == 0 else MIRROR[noir_number]


class Position(NamedTuple):
    """What a position text says, field by field (the game builds the state from it)."""

    boards: tuple[Side, Side]
    mover: int
    phase: int
    dice: tuple[int, ...]
    turn: int
    end: str


def write_position(state: TablesState, end: str) -> str:
    """The position text of ``state``, which ended as ``end`` once over."""
    noir, blanc = state.boards
    points = write_points(noir, blanc, MIRROR)
    player = "-" if state.phase == OPENING else PLAYERS[state.mover]
    if state.phase == MOVE:
        phase = ",".join(str(d) for d in state.dice)
    elif state.phase == OVER:
        phase = end
    else:
        phase = PHASE_WORDS[state.phase]
    return f"{points} {player} {phase} {state.turn}"


def read_position(text: str, max_turns: int) -> Position:
    """The position a text describes, in a game stopped after ``max_turns``;
    :class:`NotationError` naming what is wrong."""

    def bad(what: str) -> NotationError:
        return NotationError(f"jacquet position '{text}': {what}")

    parts = text.split()
    if len(parts) != 4:
        raise bad(f"expected 4 fields: points, player, phase and turns, e.g. '{START_TEXT}'")
    points, player, phase_word, turns = parts
    noir, blanc = read_points(points, MIRROR, text, "jacquet")
    boards = (settle_off(noir, "noir", text, "jacquet"),
              settle_off(blanc, "blanc", text, "jacquet"))
    if player not in (*PLAYERS, "-"):
        raise bad(f"the player is '{player}', expected noir, blanc or - (opening throw)")
    mover = PLAYERS.index(player) if player in PLAYERS else 0
    dice: tuple[int, ...] = ()
    end = ""
    if phase_word in WORD_PHASES:
        phase = WORD_PHASES[phase_word]
    elif phase_word in ENDINGS:
        phase, end = OVER, phase_word
    else:
        faces = phase_word.split(",")
        if not all(f.isdigit() and 1 <= int(f) <= 6 for f in faces):
            raise bad(f"the phase is '{phase_word}': expected ouverture, lancer, the dice "
                      "to play (6,5 or 3,3,3,3…), fin, bloque or limite")
        dice = tuple(int(f) for f in faces)
        if not ((len(dice) <= 4 and len(set(dice)) == 1)
                or (len(dice) == 2 and dice[0] > dice[1])):
            raise bad(f"the dice to play are '{phase_word}': two different dice larger "
                      "first, or one to four equal dice")
        phase = MOVE
    if (phase == OPENING) != (player == "-"):
        raise bad("the player is '-' at the opening throw, and only then")
    if not turns.isdigit():
        raise bad(f"the turns field is '{turns}', expected a whole number")
    finished = [s for s in (0, 1) if boards[s][0] == CHECKERS]
    if end == BORNE_OFF:
        if finished != [mover]:
            raise bad(f"'{BORNE_OFF}' needs the winner and only the winner to have borne "
                      "off every checker")
    elif finished:
        raise bad(f"{PLAYERS[finished[0]]} has borne off every checker but the game is "
                  "not over")
    if phase != OVER and int(turns) >= max_turns:
        raise bad(f"the game stops after {max_turns} turns")
    return Position(boards, mover, phase, dice, int(turns), end)


def read_move_text(text: str, seat: int) -> str:
    """Checker-move text with the source's point names turned into ``seat``'s numbers
    (``B12/B9`` for noir is ``24/21``); other text is returned as it is."""
    origin, slash, target = text.partition("/")
    if not slash:
        return text
    words = []
    for word in (origin, target):
        number = number_of(seat, word)
        words.append(word if number is None else str(number))
    return "/".join(words)


def check_move_text(text: str) -> None:
    """Raise :class:`NotationError` unless ``text`` reads as a jacquet decision."""
    if text == "pass" or parse_dice(text) is not None:
        return
    origin, slash, target = text.partition("/")
    if not slash:
        raise NotationError(
            f"jacquet move '{text}': expected a checker move like 24/18, B12/B7 or 6/off, "
            "pass or dice like dice:6,5"
        )
    for word in (origin, target):
        if number_of(0, word) is None and word != "bar":
            parse_point(word, text)


def render_diagram(state: TablesState) -> str:
    """The board with the source's names and both numberings, then the turn; noir
    sits at the bottom, along the B side (B12 at the bottom left, N1 at the top
    left), as the source seats him."""
    noir, blanc = state.boards
    lines = render_rows(noir, blanc, MIRROR, (
        ("points", list(NAMES)),
        ("noir", [str(n) for n in range(1, 25)]),
        ("blanc", [str(MIRROR[n]) for n in range(1, 25)]),
    ), turned=True)
    pips = state.total_pips()
    lines.append(f"sortis : noir ●{noir[0]}  blanc ○{blanc[0]}     "
                 f"courses : noir {pips[0]}  blanc {pips[1]}")
    name = PLAYERS[state.mover]
    if state.phase == OPENING:
        lines.append("ouverture : chacun lance un dé (le premier est celui de noir)")
    elif state.phase == DICE:
        lines.append(f"trait : {name}, qui lance les dés")
    elif state.phase == MOVE:
        lines.append(f"trait : {name}, dés à jouer " + "-".join(str(d) for d in state.dice))
    else:
        lines.append("partie finie")
    return "\n".join(lines)
