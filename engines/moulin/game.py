"""The moulin game: variants, options, start, position text, board geometry, ending."""

from __future__ import annotations

from engines.core import Ending, Game, Option, Variant
from engines.geometry import Geometry, graph
from engines.moulin.board import EDGES, MILL_LINES, NAMES, PIECES, RINGS, MoulinMove, layout
from engines.moulin.play import PLAYERS
from engines.moulin.state import MoulinState
from engines.moulin.text import check_move_text, read_position
from engines.registry import register

BLANC, NOIR = PLAYERS


@register
class Moulin(Game[MoulinMove]):
    """Nine men's morris after the Maison des Jeux de Grenoble booklet, and the standard rules."""

    id = "moulin"
    title = "Moulin"
    player_names = PLAYERS
    variants = (
        Variant(
            "",
            "Moulin (règle du livret)",
            "Un moulin prend n'importe quel pion adverse ; on vole à 4 pions ; "
            "on perd à 2 pions ou bloqué.",
        ),
        Variant(
            "standard",
            "Moulin (règle courante)",
            "On vole à 3 pions, les pions en moulin sont protégés (sauf si tous le sont), "
            "un joueur bloqué perd : les règles d'OpenSpiel.",
            {"fly_at": 3, "protect_mills": True, "blocked_loses": True},
        ),
    )
    option_list = (
        Option("fly_at", 4, "nombre de pions à partir duquel on vole d'un point libre à "
               "n'importe quel autre (0 : jamais)", choices=(0, 3, 4)),
        Option("protect_mills", False, "les pions en moulin ne peuvent pas être pris, "
               "sauf si tous les pions adverses sont en moulin"),
        Option("blocked_loses", True, "un joueur qui ne peut plus bouger perd "
               "(sinon il passe son tour)"),
        Option("draw_moves", 50, "partie nulle après ce nombre de coups de déplacement "
               "(des deux joueurs) sans prise", minimum=10, maximum=1000),
        Option("first", BLANC, "qui pose le premier pion", choices=(BLANC, NOIR)),
    )

    def configure(self) -> None:
        self.fly_at: int = self.options["fly_at"]
        self.protect_mills: bool = self.options["protect_mills"]
        self.blocked_loses: bool = self.options["blocked_loses"]
        self.draw_moves: int = self.options["draw_moves"]
        self.first = self.player_names.index(self.options["first"])

    def initial_state(self) -> MoulinState:
        return MoulinState(self, (0, 0), (PIECES, PIECES), self.first, False, 0, ())

    def from_text(self, text: str) -> MoulinState:
        board, hand, mover, pending, quiet = read_position(self, text)
        return MoulinState(self, board, hand, mover, pending, quiet, ())

    def geometry(self) -> Geometry:
        positions = []
        for p in range(24):
            column, row = layout(p)
            positions.append((NAMES[p], float(column), float(6 - row)))
        return graph(
            positions,
            [(NAMES[p], NAMES[q]) for p, q in EDGES],
            [[NAMES[p] for p in line] for line in MILL_LINES],
            {
                "exterieur": RINGS[0],
                "milieu": RINGS[1],
                "interieur": RINGS[2],
            },
        )

    def ending(self) -> Ending:
        return Ending(
            "Partie nulle quand la même position revient trois fois (même joueur au trait), "
            f"ou après {self.draw_moves} coups de déplacement (des deux joueurs) sans prise.",
            repetition=3,
            move_cap=self.draw_moves,
        )

    def parse_notation(self, text: str) -> None:
        check_move_text(text)
