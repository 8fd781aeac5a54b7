"""The backgammon game: variants, options, start, position text, board geometry, ending."""

from __future__ import annotations

import re

from engines.backgammon.gnubg import from_gnubg_id
from engines.backgammon.state import START, BackgammonState
from engines.backgammon.text import check_move_text, read_position
from engines.core import Ending, Game, Option, State, Variant
from engines.geometry import Geometry
from engines.registry import register
from engines.tables.board import BAR_X, BOTTOM_Y, PLAYERS, TOP_Y, track_geometry
from engines.tables.moves import ROLL_OF, TablesMove, parse_dice
from engines.tables.rules import Side
from engines.tables.state import DICE

GNUBG_ID = re.compile(r"[A-Za-z0-9+/]{14}(:[A-Za-z0-9+/]{12})?")
"""A GNU Backgammon Position ID, with or without its Match ID."""


def point_index(seat: int, number: int) -> int:
    """The geometry's point where ``seat``'s point ``number`` of the notation is
    (25: its bar, 0: its borne-off tray): noir's 1-24 are points 0-23, blanc's
    ``n`` is noir's ``25 - n``; then the bars (24 noir, 25 blanc) and the trays (26,
    27)."""
    if number == 25:
        return 24 + seat
    if number == 0:
        return 26 + seat
    return number - 1 if seat == 0 else 24 - number


@register
class Backgammon(Game[TablesMove]):
    """Backgammon after the Maison des Jeux de Grenoble booklet, in matches or single games."""

    id = "backgammon"
    title = "Backgammon"
    player_names = PLAYERS
    has_chance = True
    variants = (
        Variant(
            "",
            "Backgammon (match en 5 points)",
            "Match en 5 points avec le videau, qu'on peut proposer à tout moment de la "
            "manche, et un doublement automatique quand les dés de départ sont égaux.",
        ),
        Variant(
            "simple",
            "Backgammon (partie simple)",
            "Une seule partie sans videau ni doublement automatique : simple 1 point, "
            "gammon 2, backgammon 3.",
            {"match": 1, "cube": False, "auto_doubles": 0},
        ),
    )
    option_list = (
        Option("match", 5, "points à atteindre pour gagner le match (1 : une seule partie, "
               "qui rapporte son enjeu)", choices=(1, 5, 10, 20)),
        Option("cube", True, "on joue avec le videau (proposer de doubler l'enjeu)"),
        Option("crawford", False, "règle Crawford (règle de tournoi, absente du livret) : "
               "pas de videau pendant la manche qui suit celle où un joueur arrive à un "
               "point du but"),
        Option("auto_doubles", 1, "doublements automatiques de l'enjeu quand les dés de "
               "départ sont égaux (0 : aucun)", minimum=0, maximum=6),
        Option("max_turns", 1000, "une manche qui dure ce nombre de tours est arrêtée et "
               "le match est nul (n'arrive pas en jeu réel)", minimum=50, maximum=100_000),
    )

    def configure(self) -> None:
        self.match: int = self.options["match"]
        self.cube_on: bool = self.options["cube"]
        self.crawford_rule: bool = self.options["crawford"]
        self.auto_doubles: int = self.options["auto_doubles"]
        self.max_turns: int = self.options["max_turns"]

    def position(self, boards: tuple[Side, Side], mover: int, phase: int,
                 dice: tuple[int, ...], cube: int, owner: int, score: tuple[int, int],
                 crawford: bool, turn: int, end: str = "") -> BackgammonState:
        """The state of these fields (for the readers of position texts and gnubg ids)."""
        return BackgammonState(self, boards, mover, phase, dice, cube, owner, score,
                               crawford, turn, end)

    def initial_state(self) -> BackgammonState:
        return BackgammonState(self, (START, START), 0, 0, (), 1, -1, (0, 0), False, 0)

    def from_text(self, text: str) -> BackgammonState:
        """The position of a position text, or of GNU Backgammon's ``PositionID:MatchID``
        (a Position ID alone: noir to play, cube in the middle)."""
        if GNUBG_ID.fullmatch(text.strip()):
            return from_gnubg_id(self, text)
        return read_position(self, text)

    def geometry(self) -> Geometry:
        names = [str(n) for n in range(1, 25)]
        extra = [
            ("bar-noir", BAR_X, TOP_Y + 3.0),
            ("bar-blanc", BAR_X, BOTTOM_Y - 3.0),
            ("off-noir", 13.75, BOTTOM_Y - 2.0),
            ("off-blanc", 13.75, TOP_Y + 2.0),
        ]
        return track_geometry(
            names,
            extra,
            {
                "maison-noir": names[0:6],
                "maison-blanc": names[18:24],
                "barre": ("bar-noir", "bar-blanc"),
                "sortie-noir": ("off-noir",),
                "sortie-blanc": ("off-blanc",),
            },
            cycle=False,
        )

    def ending(self) -> Ending:
        return Ending(
            "Chaque manche finit quand un joueur a sorti tous ses pions ou refuse le videau ; "
            "le match finit quand un joueur atteint le score visé. Une manche qui atteindrait "
            f"{self.max_turns} tours serait arrêtée et le match déclaré nul.",
            move_cap=self.max_turns,
        )

    def parse_notation(self, text: str) -> None:
        check_move_text(text)

    def parse_move(self, state: State[TablesMove], text: str) -> TablesMove:
        """As :meth:`Game.parse_move`, also reading ``24/18*`` (hit mark) and the dice of
        a normal throw in either order (``dice:5,6``)."""
        wanted = "".join(text.split()).lower().replace("*", "")
        if isinstance(state, BackgammonState) and state.phase == DICE:
            faces = parse_dice(wanted) if wanted.startswith("dice:") else None
            if faces is not None:
                return ROLL_OF[(faces[0], faces[1])]
        return super().parse_move(state, wanted)
