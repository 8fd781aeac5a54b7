"""Tablut: the Swedes (white soldiers and their crowned king) against the Muscovites."""

from __future__ import annotations

from engines.core import Game, State
from engines.tablut.board import ESCAPES, SLOW_ESCAPES
from engines.tablut.state import TablutState
from kiosk.games.base import Extras, Panel, Presentation, Token, Tokens

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


def make(game: Game) -> Presentation:
    return TablutPresentation(game)
