"""Tablut: the Swedes (white soldiers and their crowned king) against the Muscovites."""

from __future__ import annotations

from engines.core import Game, State
from engines.tablut.state import TablutState
from kiosk.games.base import Extras, Panel, Presentation, Token, Tokens

SOLDIER, KING, ATTACKER = Token(0), Token(0, "king"), Token(1)
START_PIECES = (9, 16)
"""Blanc's pieces (the king included) and noir's at the start."""


class TablutPresentation(Presentation):
    def tokens(self, state: State) -> Tokens:
        assert isinstance(state, TablutState)
        placed: dict[int, list[Token]] = {}
        for bits, token in ((state.white, SOLDIER), (state.black, ATTACKER)):
            while bits:
                low = bits & -bits
                placed[low.bit_length() - 1] = [token]
                bits ^= low
        if state.king >= 0:
            placed[state.king] = [KING]
        return placed

    def extras(self, state: State) -> Extras:
        assert isinstance(state, TablutState)
        white, black = state.counts()
        panels = (Panel(captured=START_PIECES[1] - black), Panel(captured=START_PIECES[0] - white))
        status = ("", "")
        if state.announcements():
            paths = state.free_paths()
            status = ("Raichi ! Le roi voit le bord", "Raichi! The king sees the edge")
            if paths >= 2:
                status = ("Raichi ! Deux chemins libres vers le bord",
                          "Raichi! Two free paths to the edge")
        return Extras(status=status, panels=panels)


def make(game: Game) -> Presentation:
    return TablutPresentation(game)
