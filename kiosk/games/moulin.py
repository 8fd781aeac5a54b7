"""Moulin: white and black pieces on the three squares, pieces in hand, removals."""

from __future__ import annotations

from typing import Any

from engines.core import Game, PathMove, Place, Remove, State
from engines.moulin.board import PIECES
from engines.moulin.state import MoulinState
from kiosk.games.base import Extras, Panel, Presentation, Text, Token, Tokens


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
            return ("Retirez un pion adverse", "Remove an opponent's piece")
        if state.hand[state.mover]:
            left = state.hand[state.mover]
            return (f"Posez un pion ({left} en main)", f"Place a piece ({left} in hand)")
        if state.flying():
            return ("Vos pions volent : n'importe quel point libre",
                    "Your pieces fly: any empty point")
        return ("Glissez un pion vers un point voisin libre",
                "Slide a piece to an empty neighbouring point")


    def neighbours(self, point: int) -> set[int]:
        return {b if a == point else a for a, b in self.geometry.edges if point in (a, b)}

    def describe(self, state: State, move: Any) -> Text:
        if isinstance(move, Place):
            return (f"Posez un pion en {move.name}", f"Place a piece on {move.name}")
        if isinstance(move, Remove):
            return (f"Retirez le pion adverse en {move.name}",
                    f"Take off your opponent's piece on {move.name}")
        if isinstance(move, PathMove):
            a, b = self.name(move.origin), self.name(move.target)
            if move.target in self.neighbours(move.origin):
                return (f"Glissez le pion de {a} en {b}", f"Slide the piece from {a} to {b}")
            return (f"Faites voler le pion de {a} en {b}", f"Fly the piece from {a} to {b}")
        return super().describe(state, move)

    def explain(self, state: State, touched: tuple[int, ...], point: int) -> Text | None:
        """A removal first, the protected mills, placing before moving, sliding to a
        free neighbour."""
        assert isinstance(state, MoulinState)
        mine, theirs = state.board[state.mover], state.board[1 - state.mover]
        if state.pending:
            if theirs >> point & 1:
                return ("Ce pion est dans un moulin : on ne le retire que si tous les "
                        "pions adverses sont en moulin.",
                        "That piece is in a mill: it may be taken only when all your "
                        "opponent's pieces are in mills.")
            return ("Vous avez fait un moulin : retirez d'abord un pion adverse "
                    "(touchez-la).",
                    "You made a mill: first take off one of your opponent's pieces "
                    "(touch it).")
        if state.hand[state.mover]:
            if mine >> point & 1:
                return ("Posez d'abord tous vos pions : ils ne bougent qu'ensuite.",
                        "First place all your pieces: they move only afterwards.")
            if theirs >> point & 1:
                return ("Ce point est occupé : posez votre pion sur un point libre.",
                        "That point is taken: place your piece on an empty point.")
            return None
        if not touched:
            if mine >> point & 1:
                return ("Ce pion est bloqué : tous les points voisins sont occupés.",
                        "That piece is blocked: every neighbouring point is taken.")
            return None
        if (mine | theirs) >> point & 1:
            return ("Ce point est occupé : un pion va sur un point libre.",
                    "That point is taken: a piece goes to an empty point.")
        if point not in self.neighbours(touched[-1]) and not state.flying():
            fly = state.game.fly_at
            return (f"Un pion glisse vers un point voisin libre ; il ne vole qu'à {fly} "
                    f"pions.",
                    f"A piece slides to a free neighbouring point; it flies only when you "
                    f"are down to {fly}.")
        return None


def make(game: Game) -> Presentation:
    return MoulinPresentation(game)
