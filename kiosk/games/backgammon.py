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
from engines.tables.moves import DOUBLE, DROP, ROLL, TAKE, CheckerMove
from engines.tables.rules import pips
from engines.tables.state import ANSWER, CUBE, DICE, MOVE, OPENING, TablesState
from kiosk.games.base import Extras, Panel, Presentation, Token, Tokens

BUTTONS = {
    ROLL: ("Lancer les dés", "Roll"),
    DOUBLE: ("Doubler", "Double"),
    TAKE: ("Accepter", "Take"),
    DROP: ("Refuser", "Drop"),
}
"""French and English labels of the cube decisions."""

PLAYER_EN = {"noir": "black", "blanc": "white"}


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

    def panels(self, state: TablesState, score: Callable[[int], str]) -> tuple[Panel, ...]:
        return tuple(
            Panel(score=score(seat), borne_off=side[0]) for seat, side in enumerate(state.boards)
        )

    @staticmethod
    def pip_text(state: TablesState, seat: int) -> str:
        return f"{pips(state.boards[seat])} pips"

    def status(self, state: TablesState) -> tuple[str, str]:
        name = self.seats[state.mover]
        english = PLAYER_EN.get(name, name)
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

        def score(seat: int) -> str:
            pip = self.pip_text(state, seat)
            return f"{state.score[seat]}/{match} pts · {pip}" if match > 1 else pip

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
        if state.phase == CUBE:
            return (f"{name} peut doubler l'enjeu ou lancer les dés",
                    f"{english} may double the stake or roll")
        if state.phase == ANSWER:
            other = self.seats[1 - state.mover]
            other_en = PLAYER_EN.get(other, other)
            stake = state.cube * 2
            return (f"{name} double : {other} accepte (enjeu {stake}) ou refuse",
                    f"{english} doubles: {other_en} takes (stake {stake}) or drops")
        line = super().status(state)
        if state.crawford and line[0]:
            return (line[0] + " · manche Crawford", line[1] + " · Crawford game")
        return line


def make(game: Game) -> Presentation:
    return BackgammonPresentation(game)
