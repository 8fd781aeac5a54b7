"""Reversi: black and white discs on the green board, the disc counts as scores."""

from __future__ import annotations

from typing import Any

from engines.core import Game, Pass, Place, State
from engines.reversi import ReversiState
from kiosk.games.base import Extras, Panel, Presentation, Text, Token, Tokens

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


    def describe(self, state: State, move: Any) -> Text:
        if isinstance(move, Place):
            return (f"Posez un pion en {move.name}", f"Place a disc on {move.name}")
        if isinstance(move, Pass):
            return ("Passez : aucun pion ne peut être posé", "Pass: no disc can be placed")
        return super().describe(state, move)

    def explain(self, state: State, touched: tuple[int, ...], point: int) -> Text | None:
        """A square already taken, the four centre discs first, or a disc that would
        turn none."""
        assert isinstance(state, ReversiState)
        if (state.discs[0] | state.discs[1]) >> point & 1:
            return ("Cette case est déjà prise : les pions ne bougent pas, on en pose un "
                    "nouveau sur une case libre.",
                    "That square is taken: discs never move, you place a new one on an "
                    "empty square.")
        if not state.legal_bits():
            return None
        if (state.discs[0] | state.discs[1]).bit_count() < 4:
            return ("Posez d'abord les quatre pions du centre.",
                    "First place the four centre discs.")
        return ("Un pion posé doit retourner au moins un pion adverse, pris entre lui et "
                "un des vôtres.",
                "A new disc must turn at least one of theirs, caught between it and one of "
                "yours.")


def make(game: Game) -> Presentation:
    return ReversiPresentation(game)
