"""Tablut: the Swedes (white soldiers and their crowned king) against the Muscovites."""

from __future__ import annotations

import math
from typing import Any

from engines.core import Game, PathMove, State
from engines.tablut.board import ESCAPES, SLOW_ESCAPES, THRONE
from engines.tablut.state import TablutState
from kiosk.games.base import Extras, Panel, Presentation, Text, Token, Tokens

SOLDIER, KING, ATTACKER = Token(0), Token(0, "king"), Token(1)
START_PIECES = (9, 16)
"""Blanc's pieces (the king included) and noir's at the start."""
RAICHI = ("Raichi !", "Raichi!")


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

    def raichi_paths(self, state: TablutState) -> list[int]:
        """The squares of the king's free straight paths to the edge, while the
        engine announces Raichi (noir to move); from the king outward."""
        if not state.announcements():
            return []
        escapes = (SLOW_ESCAPES if state.game.slow_king else ESCAPES)[state.king]
        free = [mask for mask in escapes if not mask & state.occupied]
        squares = [i for mask in free for i in range(mask.bit_length()) if mask >> i & 1]
        points, king = self.geometry.points, self.geometry.points[state.king]
        return sorted(squares, key=lambda i: abs(points[i].x - king.x) + abs(points[i].y - king.y))

    def lit(self, state: State) -> dict[int, str]:
        """Raichi: the king's free lines to the edge."""
        assert isinstance(state, TablutState)
        return dict.fromkeys(self.raichi_paths(state), "raichi")

    def banner(self, state: State) -> tuple[str, str] | None:
        assert isinstance(state, TablutState)
        return RAICHI if state.announcements() else None

    def extras(self, state: State) -> Extras:
        assert isinstance(state, TablutState)
        white, black = state.counts()
        panels = (Panel(captured=START_PIECES[1] - black), Panel(captured=START_PIECES[0] - white))
        status = ("", "")
        if state.announcements():
            paths = state.free_paths()
            status = ("Raichi ! Le roi voit le bord", "Raichi! The king sees the edge")
            if paths >= 2:
                status = (
                    "Raichi ! Deux chemins libres vers le bord",
                    "Raichi! Two free paths to the edge",
                )
        return Extras(status=status, panels=panels)


    def _who(self, state: TablutState, square: int) -> Text:
        if square == state.king:
            return ("le roi", "the king")
        if state.white >> square & 1:
            return ("le Suédois", "the Swede")
        return ("le Moscovite", "the Muscovite")

    def describe(self, state: State, move: Any) -> Text:
        assert isinstance(state, TablutState)
        if isinstance(move, PathMove):
            fr, en = self._who(state, move.origin)
            a, b = self.name(move.origin), self.name(move.target)
            return (f"Déplacez {fr} de {a} en {b}", f"Move {en} from {a} to {b}")
        return super().describe(state, move)

    def explain(self, state: State, touched: tuple[int, ...], point: int) -> Text | None:
        """Straight lines, no jumping, the throne for the king alone, the slow king."""
        assert isinstance(state, TablutState)
        if len(touched) != 1 or not state.occupied >> touched[0] & 1:
            return None
        origin = touched[0]
        if state.occupied >> point & 1:
            return ("Une pièce s'arrête sur une case libre.",
                    "A piece stops on an empty square.")
        (ox, oy), (px, py) = self._xy(origin), self._xy(point)
        if ox != px and oy != py:
            return ("Une pièce va tout droit, comme la tour aux échecs, jamais en diagonale.",
                    "A piece goes straight, like a rook in chess, never diagonally.")
        if point == THRONE and origin != state.king:
            return ("Seul le roi peut s'arrêter sur le trône ; les autres pièces le "
                    "traversent.",
                    "Only the king may stop on the throne; the others may pass over it.")
        steps = max(abs(ox - px), abs(oy - py))
        dx, dy = (px > ox) - (px < ox), (py > oy) - (py < oy)
        between = [self._at(ox + k * dx, oy + k * dy) for k in range(1, steps)]
        if any(state.occupied >> square & 1 for square in between if square is not None):
            return ("Une pièce ne saute pas par-dessus les autres.",
                    "A piece does not jump over the others.")
        if origin == state.king and state.game.slow_king and steps > 1:
            return ("Dans cette variante, le roi n'avance que d'une case à la fois.",
                    "In this variant the king moves one square at a time.")
        return None

    def _xy(self, square: int) -> tuple[int, int]:
        point = self.geometry.points[square]
        return math.floor(point.x), math.floor(point.y)

    def _at(self, x: int, y: int) -> int | None:
        for point in self.geometry.points:
            if math.floor(point.x) == x and math.floor(point.y) == y:
                return point.index
        return None


def make(game: Game) -> Presentation:
    return TablutPresentation(game)
