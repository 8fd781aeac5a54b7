"""The jacquet game: options, start, position text, board geometry, ending."""

from __future__ import annotations

from engines.core import Ending, Game, Option, State, Variant
from engines.geometry import Geometry
from engines.jacquet.rules import MIRROR
from engines.jacquet.state import START, JacquetState
from engines.jacquet.text import NAMES, check_move_text, read_move_text, read_position
from engines.registry import register
from engines.tables.board import BOTTOM_Y, PLAYERS, TOP_Y, track_geometry
from engines.tables.moves import TablesMove
from engines.tables.state import MOVE


def point_index(seat: int, number: int) -> int:
    """The geometry's point where ``seat``'s point ``number`` of the notation is (0:
    its borne-off tray, points 24 noir and 25 blanc): N1-N12 are points 0-11 and
    B1-B12 points 12-23."""
    if number == 0:
        return 24 + seat
    return (number if seat == 0 else MIRROR[number]) - 1


@register
class Jacquet(Game[TablesMove]):
    """Jacquet after the Maison des Jeux de Grenoble booklet."""

    id = "jacquet"
    title = "Jacquet"
    player_names = PLAYERS
    has_chance = True
    variants = (
        Variant(
            "",
            "Jacquet",
            "Pas de prise ; on ne s'arrête pas sur une flèche adverse ; le postillon ; "
            "pas six flèches d'affilée sur son propre départ.",
        ),
    )
    option_list = (
        Option("blocked_loses", False, "un joueur qui ne peut jouer aucun dé perd la partie "
               "(sinon il passe son tour)"),
        Option("max_turns", 1000, "une partie qui dure ce nombre de tours est arrêtée et "
               "déclarée nulle (n'arrive pas en jeu réel)", minimum=50, maximum=100_000),
    )

    def configure(self) -> None:
        self.blocked_loses: bool = self.options["blocked_loses"]
        self.max_turns: int = self.options["max_turns"]

    def initial_state(self) -> JacquetState:
        return JacquetState(self, (START, START), 0, 0, (), 0)

    def from_text(self, text: str) -> JacquetState:
        return JacquetState(self, *read_position(text, self.max_turns))

    def geometry(self) -> Geometry:
        """The board as the source seats the players: noir along the B side (B12 at his
        left, B1 at his right), his home N6-N1 across the board at his top left, his
        tray beside it; blanc opposite, along the N side, his home B6-B1 at his top
        left (the bottom right as noir sees it)."""
        extra = [("off-noir", -0.75, TOP_Y + 2.0), ("off-blanc", 13.75, BOTTOM_Y - 2.0)]
        return track_geometry(
            NAMES,
            extra,
            {
                "maison-noir": NAMES[0:6],
                "maison-blanc": NAMES[12:18],
                "depart-noir": ("B12",),
                "depart-blanc": ("N12",),
                "cote-noir": NAMES[12:24],
                "cote-blanc": NAMES[0:12],
                "sortie-noir": ("off-noir",),
                "sortie-blanc": ("off-blanc",),
            },
            cycle=True,
            turned=True,
        )

    def ending(self) -> Ending:
        return Ending(
            "La partie finit quand un joueur a sorti tous ses pions (ou, avec l'option "
            f"blocked_loses, ne peut jouer aucun dé) ; une partie qui atteindrait "
            f"{self.max_turns} tours serait arrêtée et déclarée nulle.",
            move_cap=self.max_turns,
        )

    def parse_notation(self, text: str) -> None:
        check_move_text(text)

    def parse_move(self, state: State[TablesMove], text: str) -> TablesMove:
        """As :meth:`Game.parse_move`, also reading the source's point names
        (``B12/B9``) from the mover's side."""
        wanted = "".join(text.split())
        if isinstance(state, JacquetState) and state.phase == MOVE:
            wanted = read_move_text(wanted, state.mover)
        return super().parse_move(state, wanted)
