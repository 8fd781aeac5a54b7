"""Latrunculi: white and black counters, the inciti (taken but still on the board) marked,
the pieces still to place in each player's hand."""

from __future__ import annotations

import math
from typing import Any

from engines.core import Game, PathMove, Place, Remove, State
from engines.latrunculi.state import LatrunculiState
from kiosk.games.base import Extras, Panel, Presentation, Text, Token, Tokens

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


    def describe(self, state: State, move: Any) -> Text:
        if isinstance(move, Place):
            return (f"Posez un pion en {move.name}", f"Place a piece on {move.name}")
        if isinstance(move, Remove):
            return (f"Retirez l'incitus adverse en {move.name}",
                    f"Take off your opponent's incitus on {move.name}")
        if isinstance(move, PathMove):
            a, b = self.name(move.origin), self.name(move.target)
            if len(move.path) > 2 or abs(self._xy(move.origin)[0] - self._xy(move.target)[0]) \
                    + abs(self._xy(move.origin)[1] - self._xy(move.target)[1]) > 1:
                return (f"Faites sauter le pion de {a} en {b} par-dessus les vôtres",
                        f"Jump the piece from {a} to {b} over your own")
            return (f"Avancez le pion de {a} en {b}", f"Move the piece from {a} to {b}")
        return super().describe(state, move)

    def _xy(self, point: int) -> tuple[int, int]:
        p = self.geometry.points[point]
        return math.floor(p.x), math.floor(p.y)

    def explain(self, state: State, touched: tuple[int, ...], point: int) -> Text | None:
        """Placing first, the incitus to remove, the taken pieces that stay still, one
        straight step (or jumps over one's own), the back-and-forth rule."""
        assert isinstance(state, LatrunculiState)
        bit = 1 << point
        own, other = state.boards[state.mover], state.boards[1 - state.mover]
        if state.placing:
            if (own | other) & bit:
                return ("Cette case est occupée : posez votre pion sur une case libre.",
                        "That square is taken: place your piece on an empty square.")
            return None
        if state.removing:
            return ("Retirez d'abord un incitus adverse (un pion cerclé de rouge qui "
                    "s'allume).",
                    "First take off an enemy incitus (a piece ringed in red that lights up).")
        if not touched:
            if own & state.inciti & bit:
                return ("Ce pion est pris (cerclé de rouge) : il ne bouge plus.",
                        "That piece is taken (ringed in red): it can no longer move.")
            return None
        if (own | other) & bit:
            return ("Cette case est occupée : un pion s'arrête sur une case libre.",
                    "That square is taken: a piece stops on an empty square.")
        (ox, oy), (px, py) = self._xy(touched[-1]), self._xy(point)
        if ox != px and oy != py:
            return ("Un pion va tout droit, jamais en diagonale.",
                    "A piece moves straight, never diagonally.")
        far = abs(ox - px) + abs(oy - py)
        forbidden = state.forbidden()
        if far == 1 and forbidden == 64 * touched[-1] + point:
            return ("Pas d'aller-retour : ce pion ne peut pas refaire aussitôt le même "
                    "chemin.",
                    "No going back and forth: that piece may not make the same trip again "
                    "at once.")
        if far > 1 and state.game.jumps:
            return ("Un pion avance d'une case, ou saute par-dessus l'un de vos pions "
                    "jusqu'à la case libre juste derrière.",
                    "A piece moves one square, or jumps over one of your own pieces to the "
                    "empty square just behind it.")
        if far > 1:
            return ("Un pion avance d'une seule case à la fois.",
                    "A piece moves one square at a time.")
        return None


def make(game: Game) -> Presentation:
    return LatrunculiPresentation(game)
