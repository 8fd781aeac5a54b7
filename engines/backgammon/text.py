"""Backgammon as text: the one-line position (see the package docstring), the
terminal diagram and the check of move notation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.backgammon.rules import RULES
from engines.core import NotationError
from engines.tables.board import PLAYERS, read_points, render_rows, settle_off, write_points
from engines.tables.moves import parse_dice, parse_point
from engines.tables.rules import CHECKERS
from engines.tables.state import ANSWER, CUBE, DICE, MOVE, OPENING, OVER

if TYPE_CHECKING:
    from engines.backgammon.game import Backgammon
    from engines.backgammon.state import BackgammonState

BEAR_OFF, DROPPED, CAPPED = "fin", "refus", "limite"
"""How a finished game ended (the phase word of the position text)."""

PHASE_WORDS = {OPENING: "ouverture", CUBE: "videau", ANSWER: "double", DICE: "lancer"}
WORD_PHASES = {w: p for p, w in PHASE_WORDS.items()}
ENDINGS = (BEAR_OFF, DROPPED, CAPPED)
START_TEXT = "b2....n5.n3...b5n5...b3.b5....n2 0,0 - ouverture 1 0-0 - 0"
"""The position before the first opening throw."""


def write_position(state: BackgammonState) -> str:
    """The one-line position text of ``state``."""
    noir, blanc = state.boards
    points = write_points(noir, blanc, RULES.mirror)
    player = "-" if state.phase == OPENING else PLAYERS[state.mover]
    if state.phase == MOVE:
        phase = ",".join(str(d) for d in state.dice)
    elif state.phase == OVER:
        phase = state.end
    else:
        phase = PHASE_WORDS[state.phase]
    cube = f"{state.cube}{'' if state.owner < 0 else 'nb'[state.owner]}"
    score = f"{state.score[0]}-{state.score[1]}"
    crawford = "crawford" if state.crawford else "-"
    return (f"{points} {noir[25]},{blanc[25]} {player} {phase} {cube} {score} {crawford} "
            f"{state.turn}")


class _Reader:
    """Reads the fields of one position text, naming the text in its errors."""

    def __init__(self, game: Backgammon, text: str) -> None:
        self.game = game
        self.text = text

    def bad(self, what: str) -> NotationError:
        return NotationError(f"backgammon position '{self.text}': {what}")

    def dice(self, word: str) -> tuple[int, ...]:
        faces = word.split(",")
        if not all(f.isdigit() and 1 <= int(f) <= 6 for f in faces):
            raise self.bad(f"the phase is '{word}': expected ouverture, videau, double, "
                           "lancer, the dice to play (6,5 or 3,3,3,3…), fin, refus or limite")
        dice = tuple(int(f) for f in faces)
        if not ((len(dice) <= 4 and len(set(dice)) == 1)
                or (len(dice) == 2 and dice[0] > dice[1])):
            raise self.bad(f"the dice to play are '{word}': two different dice larger "
                           "first, or one to four equal dice")
        return dice

    def cube(self, word: str) -> tuple[int, int]:
        owner = -1
        if word[-1:] in ("n", "b"):
            owner = "nb".index(word[-1])
            word = word[:-1]
        try:
            value = int(word) if word.isdigit() else 0
        except ValueError:  # more digits than Python reads
            value = 0
        if value < 1 or value & (value - 1):
            raise self.bad(f"the cube is '{word[:20]}', expected a power of two (1, 2, 4, "
                           "8… with no cap), followed by n or b when noir or blanc holds it")
        return value, owner

    def score(self, word: str) -> tuple[int, int]:
        left, dash, right = word.partition("-")
        if not (dash and left.isdigit() and right.isdigit()):
            raise self.bad(f"the score is '{word}', expected noir's and blanc's points like 2-3")
        return int(left), int(right)

    def read(self) -> BackgammonState:
        parts = self.text.split()
        if len(parts) != 8:
            raise self.bad("expected 8 fields: points, bar, player, phase, cube, score, "
                           f"crawford and turns, e.g. '{START_TEXT}'")
        points, bar, player, phase_word, cube_word, score_word, crawford_word, turns = parts
        noir, blanc = read_points(points, RULES.mirror, self.text, "backgammon")
        bars = bar.split(",")
        if len(bars) != 2 or not all(b.isdigit() for b in bars):
            raise self.bad(f"the bar field is '{bar}', expected noir's and blanc's counts "
                           "like 0,1")
        noir[25], blanc[25] = int(bars[0]), int(bars[1])
        boards = (settle_off(noir, "noir", self.text, "backgammon"),
                  settle_off(blanc, "blanc", self.text, "backgammon"))
        if player not in (*PLAYERS, "-"):
            raise self.bad(f"the player is '{player}', expected noir, blanc or - "
                           "(opening throw)")
        mover = PLAYERS.index(player) if player in PLAYERS else 0
        dice: tuple[int, ...] = ()
        end = ""
        if phase_word in WORD_PHASES:
            phase = WORD_PHASES[phase_word]
        elif phase_word in ENDINGS:
            phase, end = OVER, phase_word
        else:
            phase, dice = MOVE, self.dice(phase_word)
        if (phase == OPENING) != (player == "-"):
            raise self.bad("the player is '-' at the opening throw, and only then")
        cube, owner = self.cube(cube_word)
        score = self.score(score_word)
        if crawford_word not in ("crawford", "-"):
            raise self.bad(f"the crawford field is '{crawford_word}', expected crawford or -")
        if not turns.isdigit():
            raise self.bad(f"the turns field is '{turns}', expected a whole number")
        state = self.game.position(boards, mover, phase, dice, cube, owner, score,
                                   crawford_word == "crawford", int(turns), end)
        self.check(state)
        return state

    def check(self, state: BackgammonState) -> None:
        """Refuse positions that play cannot reach in this game."""
        game = self.game
        off = [side[0] for side in state.boards]
        finished = [s for s in (0, 1) if off[s] == CHECKERS]
        if state.phase == OVER and state.end == BEAR_OFF:
            if finished != [state.mover]:
                raise self.bad(f"'{BEAR_OFF}' needs the winner ({PLAYERS[state.mover]}) and "
                               "only the winner to have borne off every checker")
        elif finished:
            raise self.bad(f"{PLAYERS[finished[0]]} has borne off every checker but the "
                           "game is not over")
        if state.phase in (CUBE, ANSWER) and not state.may_double():
            raise self.bad(f"{PLAYERS[state.mover]} may not double here (cube, Crawford "
                           "manche or no cube in this game)")
        if state.phase == OPENING and state.owner >= 0:
            raise self.bad("the cube is in the middle at the opening throw")
        match = game.match
        if state.phase != OVER:
            if match > 1 and max(state.score) >= match:
                raise self.bad(f"a score of {match} ends the match")
            if match <= 1 and state.score != (0, 0):
                raise self.bad("a single game has no score before it ends")
            if state.turn >= game.max_turns:
                raise self.bad(f"the manche stops after {game.max_turns} turns")
        if state.crawford and state.phase != OVER and (match <= 1 or not game.crawford_rule
                               or match - 1 not in state.score):
            raise self.bad("only a manche with a player one point from the target can be "
                           "the Crawford manche (and only with the crawford option)")


def read_position(game: Backgammon, text: str) -> BackgammonState:
    """The state a position text describes; :class:`NotationError` naming what is wrong."""
    return _Reader(game, text).read()


def check_position(state: BackgammonState, source: str) -> None:
    """Refuse a state that play cannot reach; errors quote ``source``."""
    _Reader(state.game, source).check(state)


def check_move_text(text: str) -> None:
    """Raise :class:`NotationError` unless ``text`` reads as a backgammon decision."""
    if text in ("roll", "double", "take", "drop", "pass"):
        return
    if parse_dice(text) is not None:
        return
    origin, slash, target = text.replace("*", "").partition("/")
    if not slash:
        raise NotationError(
            f"backgammon move '{text}': expected a checker move like 24/18, bar/22 or 6/off, "
            "roll, double, take, drop, pass or dice like dice:6,5"
        )
    parse_point(origin, text)
    parse_point(target, text)


def render_diagram(state: BackgammonState, gnubg: str) -> str:
    """The board with both numberings, then bar, borne off, cube, score and turn, and
    ``gnubg`` (GNU Backgammon's identifier, or why there is none) during play."""
    noir, blanc = state.boards
    lines = render_rows(noir, blanc, RULES.mirror, (
        ("noir", [str(n) for n in range(1, 25)]),
        ("blanc", [str(25 - n) for n in range(1, 25)]),
    ))
    lines.append(f"barre : noir ●{noir[25]}  blanc ○{blanc[25]}     "
                 f"sortis : noir ●{noir[0]}  blanc ○{blanc[0]}")
    pips = state.total_pips()
    cube = f"videau {state.cube}" + (
        "" if state.owner < 0 else f" ({PLAYERS[state.owner]})")
    match = state.game.match
    score = f"score {state.score[0]}-{state.score[1]} (match en {match})" if match > 1 else \
        "partie simple"
    crawford = ", manche Crawford" if state.crawford else ""
    lines.append(f"courses : noir {pips[0]}  blanc {pips[1]}     {cube}, {score}{crawford}")
    lines.append(_turn_line(state))
    if state.phase not in (OPENING, OVER):
        lines.append(f"gnubg : {gnubg}")
    return "\n".join(lines)


def _turn_line(state: BackgammonState) -> str:
    name = PLAYERS[state.mover]
    phase = state.phase
    if phase == OPENING:
        return "ouverture : chacun lance un dé (le premier est celui de noir)"
    if phase == CUBE:
        return f"trait : {name}, qui peut doubler (double) ou lancer les dés (roll)"
    if phase == ANSWER:
        return f"{name} double : {PLAYERS[1 - state.mover]} accepte (take) ou refuse (drop)"
    if phase == DICE:
        return f"trait : {name}, qui lance les dés"
    if phase == MOVE:
        return f"trait : {name}, dés à jouer " + "-".join(str(d) for d in state.dice)
    return "partie finie"
