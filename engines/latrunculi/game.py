"""The latrunculi game: variants, options, start, position text, board geometry, ending,
and the reading of moves (any path of a jump chain names the chain)."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from typing import Any

from engines.core import Ending, Game, Option, PathMove, State, Variant, normalize_move_text
from engines.geometry import Geometry, grid
from engines.latrunculi.board import (
    BLANC,
    CORNER_SQUARES,
    EDGE_SQUARES,
    FULL,
    INDEX,
    NOIR,
    PIECES,
    PLAYERS,
    SIZE,
    LatrunculiMove,
)
from engines.latrunculi.rules import jump_reach
from engines.latrunculi.state import LatrunculiState
from engines.latrunculi.text import check_move_text, read_position
from engines.registry import register

DEFAULT_VARIANT = "seneque"
"""The variant of the plain id ``latrunculi``."""


@register
class Latrunculi(Game[LatrunculiMove]):
    """Ludus latrunculorum as reconstructed by U. Schädler: Seneca's and Piso's variants."""

    id = "latrunculi"
    title = "Ludus latrunculorum"
    player_names = PLAYERS
    variants = (
        Variant(
            "seneque",
            "Latroncules, variante de Sénèque",
            "Les pions pris restent retournés sur le plateau (inciti) jusqu'à leur retrait, "
            "et peuvent être libérés ; un pion peut sauter par-dessus les siens.",
        ),
        Variant(
            "pison",
            "Latroncules, variante de Pison",
            "Les pions pris sont retirés aussitôt ; un pion avance d'une case.",
            {"inciti": False, "jumps": False},
        ),
    )
    option_list = (
        Option("inciti", True, "les pions pris restent retournés sur le plateau (inciti) "
               "jusqu'à leur retrait ou leur libération ; sinon ils sont retirés aussitôt"),
        Option("jumps", True, "un pion peut sauter par-dessus ses propres pions vers la case "
               "libre derrière, en un ou plusieurs sauts"),
        Option("strict_return", False, "un pion ne revient jamais aussitôt sur la case qu'il "
               "vient de quitter (sinon un seul aller-retour de suite est permis)"),
        Option("first", BLANC, "qui pose le premier pion", choices=(BLANC, NOIR)),
        Option("repetition", True, "une position répétée trois fois : partie nulle"),
        Option("draw_moves", 50, "partie nulle après ce nombre de coups (des deux joueurs) "
               "sans pion retiré", minimum=10, maximum=1000),
    )

    def __init__(self, variant: str = "", options: Mapping[str, Any] | None = None) -> None:
        super().__init__(variant or DEFAULT_VARIANT, options)

    def configure(self) -> None:
        self.inciti: bool = self.options["inciti"]
        self.jumps: bool = self.options["jumps"]
        self.strict_return: bool = self.options["strict_return"]
        self.repetition: bool = self.options["repetition"]
        self.draw_moves: int = self.options["draw_moves"]
        self.first = PLAYERS.index(self.options["first"])

    def initial_state(self) -> LatrunculiState:
        return LatrunculiState(self, (0, 0), 0, self.first, False, (PIECES, PIECES), (-1, -1), 0)

    def from_text(self, text: str) -> LatrunculiState:
        return LatrunculiState(self, *read_position(self, text))

    def geometry(self) -> Geometry:
        return grid(SIZE, SIZE, regions={"coins": CORNER_SQUARES, "bords": EDGE_SQUARES})

    def ending(self) -> Ending:
        repetition = "une position répétée trois fois est nulle ; " if self.repetition else ""
        return Ending(
            "La partie s'arrête quand un joueur n'a plus qu'un pion ou ne peut plus jouer : "
            f"le plus de prises gagne. {repetition.capitalize()}"
            f"partie nulle après {self.draw_moves} coups (des deux joueurs) sans pion retiré.",
            repetition=3 if self.repetition else None,
            move_cap=self.draw_moves,
        )

    def parse_notation(self, text: str) -> None:
        check_move_text(text)

    def parse_move(self, state: State[LatrunculiMove], text: str) -> LatrunculiMove:
        """The legal move written ``text``; a jump chain may be written along any of its
        paths (the move listed goes along the shortest)."""
        wanted = normalize_move_text(text)
        squares = wanted.split("-")
        if (
            isinstance(state, LatrunculiState)
            and len(squares) >= 2
            and all(s in INDEX for s in squares)
            and not any(normalize_move_text(str(m)) == wanted for m in state.legal_moves())
        ):
            path = [INDEX[s] for s in squares]
            if _is_chain(state, path):
                for move in state.legal_moves():
                    if isinstance(move, PathMove) and (move.path[0], move.path[-1]) == (
                        path[0], path[-1]
                    ):
                        return move
        return super().parse_move(state, text)


def _is_chain(state: LatrunculiState, path: list[int]) -> bool:
    """Whether ``path`` is a chain of jumps the player to move may make, landing on no
    square twice."""
    if not state.game.jumps or len(set(path)) != len(path):
        return False
    own = state.boards[state.mover] & ~(1 << path[0])
    empty = FULL ^ (state.boards[0] | state.boards[1])
    return all(jump_reach(here, own, empty & (1 << there)) for here, there in pairwise(path))
