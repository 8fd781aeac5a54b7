"""The tablut game: options, start, position text, board geometry, ending."""

from __future__ import annotations

from engines.core import Ending, Game, Option, Variant
from engines.geometry import Geometry, grid
from engines.registry import register
from engines.tablut.board import EDGE_SQUARES, PLAYERS, SIZE, THRONE, TablutMove
from engines.tablut.state import TablutState
from engines.tablut.text import START_TEXT, check_move_text, read_position


@register
class Tablut(Game[TablutMove]):
    """Tablut after the Maison des Jeux de Grenoble booklet (Linnaeus' board)."""

    id = "tablut"
    title = "Tablut"
    player_names = PLAYERS
    variants = (
        Variant(
            "",
            "Tablut (règle du livret)",
            "Le roi suédois doit atteindre un bord ; les Moscovites doivent l'encercler.",
        ),
    )
    option_list = (
        Option("slow_king", False, "le roi ne se déplace que d'une case à la fois"),
        Option("armed_king", True, "le roi participe aux prises (marteau et enclume)"),
        Option(
            "two_paths_win",
            True,
            "deux chemins libres vers le bord après un coup blanc : Blanc gagne",
        ),
        Option("repetition", True, "une position répétée trois fois : partie nulle"),
        Option(
            "max_moves",
            300,
            "partie nulle après ce nombre de coups (des deux camps)",
            minimum=1,
            maximum=100_000,
        ),
    )

    def configure(self) -> None:
        self.slow_king = bool(self.options["slow_king"])
        self.armed_king = bool(self.options["armed_king"])
        self.two_paths_win = bool(self.options["two_paths_win"])
        self.repetition = bool(self.options["repetition"])
        self.max_moves = int(self.options["max_moves"])

    def initial_state(self) -> TablutState:
        return self.from_text(START_TEXT)

    def from_text(self, text: str) -> TablutState:
        return TablutState(self, *read_position(text))

    def geometry(self) -> Geometry:
        return grid(SIZE, SIZE, regions={"throne": (THRONE,), "edge": EDGE_SQUARES})

    def ending(self) -> Ending:
        repetition = "une position répétée trois fois est nulle ; " if self.repetition else ""
        return Ending(
            f"Le roi s'échappe ou est pris, un camp bloqué perd ; {repetition}"
            f"partie nulle après {self.max_moves} coups.",
            repetition=3 if self.repetition else None,
            move_cap=self.max_moves,
        )

    def parse_notation(self, text: str) -> None:
        check_move_text(text)
