"""Backgammon: checkers on the points, the bar and the trays; dice, cube, pip counts.

Also the shared presentation of the tables games (jacquet subclasses it):
a checker move is touched as its origin then its target (the bar and the
trays are points of the geometry); ``roll``, ``double``, ``take``, ``drop``
and ``pass`` are buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.backgammon.game import point_index
from engines.backgammon.state import BackgammonState
from engines.core import Game, State
from engines.tables.moves import BAR, DOUBLE, DROP, OFF, ROLL, TAKE, CheckerMove
from engines.tables.rules import pips
from engines.tables.state import ANSWER, CUBE, DICE, MOVE, OPENING, TablesState
from kiosk.games.base import Extras, Panel, Presentation, Text, Token, Tokens, Trace

BUTTONS = {
    ROLL: ("Lancer les dés", "Roll"),
    DOUBLE: ("Doubler", "Double"),
    TAKE: ("Accepter", "Take"),
    DROP: ("Refuser", "Drop"),
}
"""French and English labels of the cube decisions."""
SAYINGS = {
    ROLL: ("Lancez les dés sans doubler", "Roll without doubling"),
    DOUBLE: ("Doublez l'enjeu", "Double the stake"),
    TAKE: ("Acceptez le double", "Take the double"),
    DROP: ("Refusez le double", "Drop the double"),
}
"""The cube decisions said as advice."""

PLAYER_EN = {"noir": "Black", "blanc": "White"}
"""A seat's name in an English sentence (the French one is the engine's, capitalised)."""


class TablesPresentation(Presentation):
    """What both tables games show: checkers by point, dice, borne-off counts."""

    point_of: Callable[[int, int], int] = staticmethod(point_index)
    """The geometry point of (seat, number in that seat's route; 25 bar, 0 off)."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self._throws: dict[tuple[Any, ...], tuple[int, int]] = {}

    def tokens(self, state: State) -> Tokens:
        assert isinstance(state, TablesState)
        placed: dict[int, list[Token]] = {}
        for seat, side in enumerate(state.boards):
            for number, count in enumerate(side):
                if count:
                    placed[self.point_of(seat, number)] = [Token(seat, count=count)]
        return placed

    def move_points(self, state: State, move: Any) -> tuple[int, ...]:
        if isinstance(move, CheckerMove) and isinstance(state, TablesState):
            seat = state.mover
            return (self.point_of(seat, move.origin), self.point_of(seat, move.target))
        return ()

    def moved_piece_points(self, state: State, move: Any) -> tuple[int, int] | None:
        points = self.move_points(state, move)
        return (points[0], points[1]) if len(points) == 2 else None

    def button_text(self, state: State, move: Any) -> tuple[str, str]:
        if move in BUTTONS:
            return BUTTONS[move]
        return super().button_text(state, move)

    # -- in words -----------------------------------------------------------------

    def point_word(self, seat: int, number: int) -> str:
        """A point as the mover reads it on the board: its number on the mover's side."""
        return str(number)

    def describe(self, state: State, move: Any) -> Text:
        if move in SAYINGS:
            return SAYINGS[move]
        if not isinstance(move, CheckerMove) or not isinstance(state, TablesState):
            return super().describe(state, move)
        seat = state.mover
        origin, target = move.origin, move.target
        if origin == BAR:
            t = self.point_word(seat, target)
            return (f"Rentrez un pion de la barre sur la flèche {t}",
                    f"Enter a checker from the bar onto point {t}")
        o = self.point_word(seat, origin)
        if target == OFF:
            return (f"Sortez un pion de la flèche {o}", f"Bear off a checker from point {o}")
        t = self.point_word(seat, target)
        return (f"Avancez un pion de la flèche {o} à la flèche {t}",
                f"Move a checker from point {o} to point {t}")

    def trace(self, before: State, move: Any, after: State) -> Trace | None:
        """A checker's way, with the die it used."""
        found = super().trace(before, move, after)
        if found is None or not isinstance(before, TablesState):
            return found
        die = before.steps().get(move) if isinstance(move, CheckerMove) else None
        return Trace(found.origin, found.target, found.taken, found.touched,
                     str(die) if die else "")

    def number_at(self, seat: int, point: int) -> int | None:
        """The number ``seat`` gives to the geometry's ``point`` (25 its bar, 0 off)."""
        for number in range(26):
            if self.point_of(seat, number) == point:
                return number
        return None

    @staticmethod
    def dice_words(state: TablesState) -> Text:
        left = sorted(set(state.dice), reverse=True)
        return (" ou ".join(str(d) for d in left), " or ".join(str(d) for d in left))

    def explain(self, state: State, touched: tuple[int, ...], point: int) -> Text | None:
        """The bar first, the way round, blocked points, the dice, bearing off."""
        if not isinstance(state, TablesState) or state.phase != MOVE:
            return None
        seat = state.mover
        own = state.boards[seat]
        number = self.number_at(seat, point)
        if not touched:
            if own[BAR] and number not in (BAR, None):
                return ("Vous avez un pion sur la barre : il doit rentrer avant tout autre.",
                        "You have a checker on the bar: it must come in before any other.")
            if number is not None and own[number] and number != OFF:
                fr, en = self.dice_words(state)
                return (f"Aucun dé ne permet de jouer ce pion maintenant (dés : {fr}).",
                        f"No die lets that checker move now (dice: {en}).")
            return None
        start = self.number_at(seat, touched[-1])
        if start is None or number is None or number == BAR:
            return None
        one, six = self.point_word(seat, 1), self.point_word(seat, 6)
        if number != OFF and number >= start:
            return (f"Les pions avancent toujours dans le même sens, vers votre dernier jan "
                    f"(la flèche {one}).",
                    f"Checkers always go the same way round, towards your home board "
                    f"(point {one}).")
        if number == OFF:
            if any(own[n] for n in range(7, 26)):
                return (f"Pour sortir un pion, tous vos pions doivent être dans votre dernier "
                        f"jan (flèches {six} à {one}).",
                        f"To bear off, all your checkers must be in your home board "
                        f"(points {six} to {one}).")
            fr, en = self.dice_words(state)
            return (f"Pour sortir, il faut un dé égal à la distance, ou plus fort si aucun "
                    f"pion n'est plus loin (dés : {fr}).",
                    f"To bear off you need a die equal to the distance, or higher when no "
                    f"checker is farther (dice: {en}).")
        blocked = self.blocked(state, point)
        if blocked is not None:
            return blocked
        distance = start - number
        if distance not in state.dice:
            fr, en = self.dice_words(state)
            return (f"Ce déplacement ne va avec aucun dé : avancez d'un dé à la fois ({fr}).",
                    f"That move fits no die: move by one die at a time ({en}).")
        return self.other_rule(state)

    def blocked(self, state: TablesState, point: int) -> Text | None:
        """Why a checker may not stop on ``point``, when the opponent holds it."""
        stack = self.tokens(state).get(point, ())
        if sum(t.count for t in stack if t.seat not in (None, state.mover)) >= 2:
            return ("Cette flèche est bloquée : l'adversaire y a deux pions ou plus.",
                    "That point is blocked: your opponent has two or more checkers on it.")
        return None

    def other_rule(self, state: TablesState) -> Text:
        """A move that fits a die and a free point, refused all the same."""
        return ("Ce coup n'est pas permis : il faut jouer les deux dés quand c'est possible "
                "(sinon le plus fort), et ce coup l'empêcherait.",
                "That move is not allowed: both dice must be played when they can be (or "
                "else the higher one), and that move would prevent it.")

    # -- dice ---------------------------------------------------------------------

    def throw_key(self, state: TablesState) -> tuple[Any, ...]:
        """What identifies one turn's throw (the dice left shrink as they are played)."""
        return (state.turn, state.mover)

    def dice(self, state: TablesState) -> tuple[tuple[int, ...], tuple[bool, ...]]:
        """The turn's throw and which of its dice are played.

        A double shows its four dice; a plain throw both dice, the played one
        marked, once the presentation has seen the throw (else the die left).
        """
        if state.phase != MOVE or not state.dice:
            return (), ()
        left = state.dice
        key = self.throw_key(state)
        if len(left) == 4 or (len(left) == 2 and left[0] != left[1]):
            self._throws[key] = (left[0], left[1])
        thrown = self._throws.get(key)
        if (len(left) > 1 and left[0] == left[1]) or (
            len(left) == 1 and thrown is not None and thrown == (left[0], left[0])
        ):
            return (left[0],) * 4, tuple(k < 4 - len(left) for k in range(4))
        if len(left) == 2:
            return left, (False, False)
        if thrown is not None and left[0] in thrown:
            used = 1 - thrown.index(left[0])
            return thrown, (used == 0, used == 1)
        return left, (False,)

    def panels(
        self, state: TablesState, match: Callable[[int], tuple[int, int] | None]
    ) -> tuple[Panel, ...]:
        """Each seat's checkers off, pips to go and, in a match, its points."""
        return tuple(
            Panel(borne_off=side[0], to_go=pips(side), match=match(seat))
            for seat, side in enumerate(state.boards)
        )

    def status(self, state: TablesState) -> tuple[str, str]:
        name = self.seats[state.mover]
        english = PLAYER_EN.get(name, name)
        name = name.capitalize()
        if state.phase == OPENING:
            return ("Chacun lance un dé : le plus fort commence",
                    "Each throws one die: the higher starts")
        if state.phase == DICE:
            return (f"{name} lance les dés", f"{english} rolls the dice")
        if state.phase == MOVE:
            left = ", ".join(str(d) for d in state.dice)
            return (f"Dés à jouer : {left}", f"Dice to play: {left}")
        return ("", "")


class BackgammonPresentation(TablesPresentation):
    def throw_key(self, state: TablesState) -> tuple[Any, ...]:
        assert isinstance(state, BackgammonState)
        return (state.score, state.turn, state.mover)

    def extras(self, state: State) -> Extras:
        assert isinstance(state, BackgammonState)
        dice, used = self.dice(state)
        match = state.game.match

        def score(seat: int) -> tuple[int, int] | None:
            return (state.score[seat], match) if match > 1 else None

        cube_on = state.game.cube_on
        return Extras(
            dice=dice,
            dice_used=used,
            cube=state.cube if cube_on or state.cube > 1 else None,
            cube_owner=state.owner if state.owner >= 0 else None,
            status=self.status(state),
            panels=self.panels(state, score),
        )

    def status(self, state: TablesState) -> tuple[str, str]:
        assert isinstance(state, BackgammonState)
        name = self.seats[state.mover]
        english = PLAYER_EN.get(name, name)
        name = name.capitalize()
        if state.phase == CUBE:
            return (f"{name} peut doubler l'enjeu ou lancer les dés",
                    f"{english} may double the stake or roll")
        if state.phase == ANSWER:
            other = self.seats[1 - state.mover]
            other_en = PLAYER_EN.get(other, other)
            other = other.capitalize()
            stake = state.cube * 2
            return (f"{name} double : {other} accepte (enjeu {stake}) ou refuse",
                    f"{english} doubles: {other_en} takes (stake {stake}) or drops")
        line = super().status(state)
        if state.crawford and line[0]:
            return (line[0] + " · manche Crawford : sans videau",
                    line[1] + " · Crawford game: no doubling")
        return line


def make(game: Game) -> Presentation:
    return BackgammonPresentation(game)
