"""Reversi: black and white discs on the green board, the disc counts as scores."""

from __future__ import annotations

from engines.core import Game, State
from engines.reversi import ReversiState
from kiosk.games.base import Extras, Panel, Presentation, Token, Tokens

DISCS = (Token(0), Token(1))


class ReversiPresentation(Presentation):
    def tokens(self, state: State) -> Tokens:
        assert isinstance(state, ReversiState)
        placed: dict[int, list[Token]] = {}
        for seat, bits in enumerate(state.discs):
            while bits:
                low = bits & -bits
                placed[low.bit_length() - 1] = [DISCS[seat]]
                bits ^= low
        return placed

    def extras(self, state: State) -> Extras:
        assert isinstance(state, ReversiState)
        panels = tuple(Panel(score=str(d.bit_count())) for d in state.discs)
        status = ("", "")
        if (state.discs[0] | state.discs[1]).bit_count() < 4 and not state.is_terminal():
            status = ("Posez les quatre pions du centre", "Place the four centre discs")
        return Extras(status=status, panels=panels)


def make(game: Game) -> Presentation:
    return ReversiPresentation(game)
