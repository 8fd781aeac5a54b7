"""The assaut game: variants, options, start, position text, board geometry, ending."""

from __future__ import annotations

from engines.assaut.board import CELLS, EDGES, FORTRESS_NAMES, LINES, NAMES, PLAYERS, AssautMove
from engines.assaut.rules import ANY, FREE, MAXIMUM
from engines.assaut.state import AssautState
from engines.assaut.text import START_TEXT, check_move_text, read_position
from engines.core import Ending, Game, Option, Variant
from engines.geometry import Geometry, graph
from engines.registry import register


@register
class Assaut(Game[AssautMove]):
    """Assaut after the Maison des Jeux de Grenoble booklet: 24 soldiers storm a fortress
    held by 2 officers."""

    id = "assaut"
    title = "Assaut"
    player_names = PLAYERS
    variants = (
        Variant(
            "",
            "Assaut (variante du livret)",
            "La prise est obligatoire et l'officier prend le plus grand nombre de soldats "
            "possible.",
        ),
        Variant(
            "souffler",
            "Assaut (règle ancienne, on souffle)",
            "La prise n'est pas obligatoire, mais un officier qui oublie une prise, ou en "
            "fait moins qu'il ne pouvait, peut être soufflé (retiré) par les soldats.",
            {"souffler": True},
        ),
    )
    option_list = (
        Option("max_capture", True, "la prise obligatoire doit prendre le plus grand nombre "
               "de soldats possible (sinon n'importe quelle prise, rafle menée jusqu'au bout)"),
        Option("souffler", False, "prise libre ; l'officier qui n'a pas pris, ou a pris moins "
               "qu'il ne pouvait, peut être soufflé par les soldats (max_capture est alors "
               "sans effet)"),
        Option("max_moves", 200, "partie nulle après ce nombre de coups (des deux camps, "
               "placement non compris)", minimum=20, maximum=10_000),
    )

    def configure(self) -> None:
        self.max_capture = bool(self.options["max_capture"])
        self.souffler = bool(self.options["souffler"])
        self.max_moves = int(self.options["max_moves"])
        self.capture = FREE if self.souffler else MAXIMUM if self.max_capture else ANY

    def initial_state(self) -> AssautState:
        return self.from_text(START_TEXT)

    def from_text(self, text: str) -> AssautState:
        return AssautState(self, *read_position(self, text))

    def geometry(self) -> Geometry:
        positions = [(NAMES[p], float(c), float(6 - r)) for p, (c, r) in enumerate(CELLS)]
        return graph(
            positions,
            [(NAMES[p], NAMES[q]) for p, q in EDGES],
            [[NAMES[p] for p in line] for line in LINES],
            {"forteresse": FORTRESS_NAMES},
        )

    def ending(self) -> Ending:
        return Ending(
            "Partie nulle quand la même position revient trois fois (même camp au trait), "
            f"ou après {self.max_moves} coups (des deux camps, le placement des officiers "
            "et les officiers soufflés non compris).",
            repetition=3,
            move_cap=self.max_moves,
        )

    def parse_notation(self, text: str) -> None:
        check_move_text(text)
