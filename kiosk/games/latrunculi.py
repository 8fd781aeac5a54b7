"""Latrunculi: white and black counters, the inciti (taken but still on the board) marked,
the pieces still to place in each player's hand."""

from __future__ import annotations

from typing import Any

from engines.core import Game, PathMove, State
from engines.latrunculi.state import LatrunculiState
from kiosk.games.base import Extras, Panel, Presentation, Token, Tokens

INCITUS = "disc.incitus"
"""A captured piece left on the board, turned over (drawn tilted in a red ring)."""
PIECES = ((Token(0), Token(0, INCITUS)), (Token(1), Token(1, INCITUS)))


class LatrunculiPresentation(Presentation):
    def tokens(self, state: State) -> Tokens:
        assert isinstance(state, LatrunculiState)
        placed: dict[int, list[Token]] = {}
        for seat, bits in enumerate(state.boards):
            while bits:
                low = bits & -bits
                square = low.bit_length() - 1
                placed[square] = [PIECES[seat][bool(state.inciti & low)]]
                bits ^= low
        return placed

    def extras(self, state: State) -> Extras:
        assert isinstance(state, LatrunculiState)
        panels = tuple(Panel(captured=state.captured(seat), in_hand=state.hands[seat])
                       for seat in (0, 1))
        status = ("", "")
        if not state.is_terminal():
            if state.placing:
                status = ("Posez un pion sur une case libre", "Place a piece on a free square")
            elif state.removing:
                status = ("Retirez un incitus adverse (pion cerclé de rouge)",
                          "Remove an enemy incitus (a piece ringed in red)")
        return Extras(status=status, panels=panels)

    def move_points(self, state: State, move: Any) -> tuple[int, ...]:
        """A jump chain is touched at its start and its end (one chain per pair)."""
        if isinstance(move, PathMove):
            return (move.path[0], move.path[-1])
        return super().move_points(state, move)


def make(game: Game) -> Presentation:
    return LatrunculiPresentation(game)
