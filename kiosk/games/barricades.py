"""Barricades: pawns leave their houses for the goal; white-and-red barricades block."""

from __future__ import annotations

from typing import Any

from engines.barricades.rules import PutBarricade
from engines.barricades.state import BarricadesState
from engines.core import Game, State
from kiosk.games.base import Extras, Panel, Presentation, Token, Tokens

BARRICADE = Token(None, "barricade")


def _points(bits: int) -> list[int]:
    found = []
    while bits:
        low = bits & -bits
        found.append(low.bit_length() - 1)
        bits ^= low
    return found


class BarricadesPresentation(Presentation):
    def tokens(self, state: State) -> Tokens:
        assert isinstance(state, BarricadesState)
        placed: dict[int, list[Token]] = {p: [BARRICADE] for p in _points(state.barricades)}
        houses = state.game.houses
        for seat, bits in enumerate(state.pawns):
            pawn = Token(seat)
            for point in _points(bits):
                placed[point] = [pawn]
            waiting = state.in_house(seat)
            if waiting:
                placed[houses[seat]] = [pawn] * waiting
        return placed

    def extras(self, state: State) -> Extras:
        assert isinstance(state, BarricadesState)
        panels = tuple(Panel(in_hand=state.in_house(seat)) for seat in range(len(state.pawns)))
        dice = state.dice or ()
        return Extras(
            dice=tuple(dice),
            dice_used=tuple(False for _ in dice),
            status=self.status(state),
            panels=panels,
        )

    def status(self, state: BarricadesState) -> tuple[str, str]:
        """What the player to move does now."""
        if state.is_terminal():
            return ("", "")
        if state.pending:
            return ("Posez la barricade sur un point libre",
                    "Put the barricade on an empty point")
        if state.is_chance_node():
            return ("Lancez les dés", "Roll the dice")
        return ("Avancez un pion du nombre d'un des dés",
                "Move a pawn by the number on one die")

    def move_points(self, state: State, move: Any) -> tuple[int, ...]:
        if isinstance(move, PutBarricade):
            return (move.at,)
        return super().move_points(state, move)


def make(game: Game) -> Presentation:
    return BarricadesPresentation(game)
