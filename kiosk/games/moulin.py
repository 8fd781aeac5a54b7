"""Moulin: white and black pieces on the three squares, pieces in hand, removals."""

from __future__ import annotations

from engines.core import Game, State
from engines.moulin.board import PIECES
from engines.moulin.state import MoulinState
from kiosk.games.base import Extras, Panel, Presentation, Token, Tokens


class MoulinPresentation(Presentation):
    def tokens(self, state: State) -> Tokens:
        assert isinstance(state, MoulinState)
        placed: dict[int, list[Token]] = {}
        for seat, bits in enumerate(state.board):
            while bits:
                low = bits & -bits
                placed[low.bit_length() - 1] = [Token(seat)]
                bits ^= low
        return placed

    def extras(self, state: State) -> Extras:
        assert isinstance(state, MoulinState)
        panels = tuple(
            Panel(captured=PIECES - state.pieces(1 - seat), in_hand=state.hand[seat])
            for seat in (0, 1)
        )
        return Extras(status=self.status(state), panels=panels)

    def status(self, state: MoulinState) -> tuple[str, str]:
        """The phase line: a removal to make, pieces to place, flying pieces."""
        if state.is_terminal():
            return ("", "")
        if state.pending:
            return ("Retirez une pièce adverse", "Remove an opponent's piece")
        if state.hand[state.mover]:
            left = state.hand[state.mover]
            return (f"Posez une pièce ({left} en main)", f"Place a piece ({left} in hand)")
        if state.flying():
            return ("Vos pièces volent : n'importe quel point libre",
                    "Your pieces fly: any empty point")
        return ("Glissez une pièce vers un point voisin libre",
                "Slide a piece to an empty neighbouring point")


def make(game: Game) -> Presentation:
    return MoulinPresentation(game)
