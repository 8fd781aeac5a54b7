"""Assaut: many light soldiers storm the fortress held by two crowned dark officers."""

from __future__ import annotations

from engines.assaut.board import POINT_OF
from engines.assaut.state import AssautState
from engines.core import Game, Remove, State
from kiosk.games.base import Extras, Panel, Presentation, Token, Tokens

SOLDIERS = 24
OFFICERS = 2
SOLDIER = Token(0, "disc")
OFFICER = Token(1, "officer")


def _points(bits: int) -> list[int]:
    found = []
    while bits:
        low = bits & -bits
        found.append(POINT_OF[low.bit_length() - 1])
        bits ^= low
    return found


class AssautPresentation(Presentation):
    def tokens(self, state: State) -> Tokens:
        assert isinstance(state, AssautState)
        placed: dict[int, list[Token]] = {p: [SOLDIER] for p in _points(state.soldiers)}
        placed.update({p: [OFFICER] for p in _points(state.officers)})
        return placed

    def extras(self, state: State) -> Extras:
        assert isinstance(state, AssautState)
        soldiers, officers = state.counts()
        panels = (
            Panel(captured=OFFICERS - officers),
            Panel(captured=SOLDIERS - soldiers, in_hand=state.hand),
        )
        return Extras(status=self.status(state), panels=panels)

    def status(self, state: AssautState) -> tuple[str, str]:
        """Placement, a possible huff, or the goal of each side."""
        if state.is_terminal():
            return ("", "")
        if state.hand:
            return ("Les officiers se placent dans la forteresse",
                    "The officers take their places in the fortress")
        if state.huffable:
            return ("Soufflez l'officier fautif, ou jouez",
                    "Huff the officer at fault, or move")
        if state.mover == 0:
            return ("Soldats : occupez les 9 points de la forteresse",
                    "Soldiers: fill the 9 points of the fortress")
        return ("Officiers : sautez les soldats pour les prendre",
                "Officers: jump over soldiers to take them")

    def button_text(self, state: State, move: object) -> tuple[str, str]:
        if isinstance(move, Remove):
            return (f"Souffler l'officier {move.name}", f"Huff the officer on {move.name}")
        return super().button_text(state, move)



def make(game: Game) -> Presentation:
    return AssautPresentation(game)
