"""The barricades game: options, start, position text, board geometry, ending."""

from __future__ import annotations

from engines.barricades.board import (
    DARK_POINTS,
    EDGES,
    FIRST_ROW,
    GOAL,
    HOUSES,
    NAMES,
    NEIGHBOURS,
    POINTS,
    START_BARRICADES,
)
from engines.barricades.rules import COLOURS, LETTERS, BarricadesMove
from engines.barricades.state import BarricadesState
from engines.barricades.text import check_move_text, read_position
from engines.core import Ending, Game, Option, SpecError, State, Variant, normalize_move_text
from engines.geometry import Geometry, graph
from engines.registry import register


@register
class Barricades(Game[BarricadesMove]):
    """Barricades after the Maison des Jeux de Grenoble booklet, on the kiosk's own board."""

    id = "barricades"
    title = "Barricades"
    has_chance = True
    player_names = COLOURS
    variants = (
        Variant(
            "",
            "Barricades",
            "Chacun pour soi : le premier pion sur la case d'arrivée gagne.",
        ),
        Variant(
            "equipes",
            "Barricades par équipes",
            "Quatre joueurs, rouge et jaune contre vert et bleu : un pion de l'équipe sur "
            "la case d'arrivée suffit.",
            {"players": 4, "teams": True},
        ),
    )
    option_list = (
        Option("players", 2, "nombre de joueurs (rouge, vert, jaune, bleu, dans l'ordre du "
               "jeu)", minimum=2, maximum=4),
        Option("teams", False, "deux équipes : 1er et 3e joueurs contre 2e et 4e "
               "(quatre joueurs)"),
        Option("max_turns", 1000, "partie arrêtée (nulle) après ce nombre de tours, tous "
               "joueurs comptés", minimum=20, maximum=100_000),
    )

    def configure(self) -> None:
        count = int(self.options["players"])
        self.teams = bool(self.options["teams"])
        if self.teams and count != 4:
            raise SpecError(f"barricades: teams need players=4, not players={count}")
        self._players = COLOURS[:count]
        self.letters = LETTERS[:count]
        self.houses = tuple(HOUSES[:count])
        self.max_turns = int(self.options["max_turns"])

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    def partner(self, seat: int) -> int | None:
        """The team-mate of ``seat`` (seats 1+3 and 2+4), or ``None`` without teams."""
        return (seat + 2) % 4 if self.teams else None

    def initial_state(self) -> BarricadesState:
        pawns = (0,) * len(self._players)
        return BarricadesState(self, pawns, START_BARRICADES, 0, None, False, 0)

    def from_text(self, text: str) -> BarricadesState:
        return BarricadesState(self, *read_position(self, text))

    def geometry(self) -> Geometry:
        lines = []
        for point in range(GOAL):
            _, x, y = POINTS[point]
            left = [n for n in NEIGHBOURS[point] if POINTS[n][2] == y and POINTS[n][1] < x]
            if left:
                continue
            line = [point]
            while True:
                _, cx, _ = POINTS[line[-1]]
                right = [n for n in NEIGHBOURS[line[-1]]
                         if POINTS[n][2] == y and POINTS[n][1] > cx]
                if not right:
                    break
                line.append(right[0])
            if len(line) > 1:
                lines.append([NAMES[p] for p in line])
        regions: dict[str, list[str]] = {
            "but": ["but"],
            "maisons": [NAMES[h] for h in HOUSES],
            "premiere_ligne": [NAMES[p] for p in FIRST_ROW],
            "barricades_depart": [NAMES[p] for p in DARK_POINTS],
        }
        for colour, house in zip(COLOURS, HOUSES, strict=True):
            regions[f"maison_{colour}"] = [NAMES[house]]
        return graph(
            [(name, float(x), float(y)) for name, x, y in POINTS],
            [(NAMES[a], NAMES[b]) for a, b in EDGES],
            lines,
            regions,
        )

    def ending(self) -> Ending:
        return Ending(
            "Le premier pion (de l'équipe) sur la case d'arrivée gagne ; pour les parties "
            f"sans surveillance, partie nulle après {self.max_turns} tours (tous joueurs "
            "comptés).",
            move_cap=self.max_turns,
        )

    def parse_move(self, state: State[BarricadesMove], text: str) -> BarricadesMove:
        """Read a move; dice in either order (``dice:5,6``)."""
        word = normalize_move_text(text)
        if word.startswith("dice:"):
            faces = word[5:].split(",")
            if len(faces) == 2 and all(f.isdigit() for f in faces):
                high, low = sorted(faces, key=int, reverse=True)
                text = f"dice:{high},{low}"
        return super().parse_move(state, text)

    def parse_notation(self, text: str) -> None:
        check_move_text(self, text)
