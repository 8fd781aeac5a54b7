"""Jacquet: the tables board without a bar in use, the source's N/B names, no cube."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import Game, State
from engines.jacquet.game import point_index
from engines.jacquet.rules import postillon_origins
from engines.jacquet.state import JacquetState
from engines.jacquet.text import source_name
from engines.tables.moves import CheckerMove
from engines.tables.state import MOVE
from kiosk.games.backgammon import TablesPresentation
from kiosk.games.base import Extras, Presentation


class JacquetPresentation(TablesPresentation):
    point_of: Callable[[int, int], int] = staticmethod(point_index)

    def extras(self, state: State) -> Extras:
        assert isinstance(state, JacquetState)
        dice, used = self.dice(state)
        return Extras(
            dice=dice,
            dice_used=used,
            status=self.status(state),
            panels=self.panels(state, lambda seat: self.pip_text(state, seat)),
        )

    def status(self, state: Any) -> tuple[str, str]:
        assert isinstance(state, JacquetState)
        line = super().status(state)
        if state.phase == MOVE and postillon_origins(state.boards[state.mover]) is not None:
            return (line[0] + " · le postillon part seul", line[1] + " · the postillon goes alone")
        return line

    def button_text(self, state: State, move: Any) -> tuple[str, str]:
        if isinstance(move, CheckerMove) and isinstance(state, JacquetState):
            seat = state.mover
            names = [source_name(seat, n) if n else "off" for n in (move.origin, move.target)]
            text = f"{move} ({'/'.join(names)})"
            return (text, text)
        return super().button_text(state, move)


def make(game: Game) -> Presentation:
    return JacquetPresentation(game)
