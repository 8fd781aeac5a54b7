"""Jacquet: the tables board without a bar in use, the source's N/B names, no cube."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import Game, State
from engines.jacquet.game import point_index
from engines.jacquet.rules import postillon_origins
from engines.jacquet.state import JacquetState
from engines.jacquet.text import source_name
from engines.tables.state import MOVE
from kiosk.games.backgammon import TablesPresentation
from kiosk.games.base import Extras, Presentation, Text


class JacquetPresentation(TablesPresentation):
    point_of: Callable[[int, int], int] = staticmethod(point_index)

    def extras(self, state: State) -> Extras:
        assert isinstance(state, JacquetState)
        dice, used = self.dice(state)
        return Extras(
            dice=dice,
            dice_used=used,
            status=self.status(state),
            panels=self.panels(state, lambda seat: None),
        )

    def status(self, state: Any) -> tuple[str, str]:
        assert isinstance(state, JacquetState)
        line = super().status(state)
        if state.phase == MOVE and postillon_origins(state.boards[state.mover]) is not None:
            return (line[0] + " · le postillon part seul", line[1] + " · the postillon goes alone")
        return line

    def point_word(self, seat: int, number: int) -> str:
        """Jacquet's points by the names written on the board (``N5``, ``B12``)."""
        return source_name(seat, number)

    def blocked(self, state: Any, point: int) -> Text | None:
        stack = self.tokens(state).get(point, ())
        if any(t.seat not in (None, state.mover) for t in stack):
            return ("On ne s'arrête pas sur une flèche où l'adversaire a un pion.",
                    "A checker may not stop on a point where the opponent has one.")
        return None

    def other_rule(self, state: Any) -> Text:
        assert isinstance(state, JacquetState)
        if postillon_origins(state.boards[state.mover]) is not None:
            return ("Le postillon part seul : les autres pions attendent qu'il ait atteint "
                    "votre dernier jan.",
                    "The postillon goes alone: the other checkers wait until it reaches "
                    "your home table.")
        return ("Ce coup n'est pas permis : il tiendrait six flèches de suite de votre côté, "
                "ou empêcherait de jouer les deux dés.",
                "That move is not allowed: it would hold six points in a row on your side, "
                "or prevent playing both dice.")


def make(game: Game) -> Presentation:
    return JacquetPresentation(game)
