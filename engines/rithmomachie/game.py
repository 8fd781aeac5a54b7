"""The rithmomachie game: variants, options, start, geometry, ending."""

from __future__ import annotations

import re

from engines.core import (
    Ending,
    Game,
    NotationError,
    Option,
    Outcome,
    SpecError,
    State,
    Variant,
    normalize_move_text,
)
from engines.geometry import Geometry, grid
from engines.registry import register
from engines.rithmomachie.board import BOISSIERE, MEDIEVALE, Board, board_for
from engines.rithmomachie.boissiere import BoissiereRules
from engines.rithmomachie.medievale import MedievalRules
from engines.rithmomachie.moves import Pose, RithmoMove
from engines.rithmomachie.pieces import start_pieces
from engines.rithmomachie.rules import Rules
from engines.rithmomachie.state import MOVE, RithmoState, judge_state
from engines.rithmomachie.text import check_move_text, read_position
from engines.rithmomachie.victory import (
    COMMON_BOISSIERE,
    LESSER_MEDIEVALE,
    PROPER_BOISSIERE,
    TRIUMPHS,
    Victory,
)

NOIR, BLANC = "noir", "blanc"
_SHORT_POSE = re.compile(r"^(\d+)@([a-h]\d{1,2})$")
VICTORIES = {BOISSIERE: COMMON_BOISSIERE + PROPER_BOISSIERE,
             MEDIEVALE: LESSER_MEDIEVALE + TRIUMPHS}
ONLY = {
    "prison": BOISSIERE, "posee": BOISSIERE, "chiffres": BOISSIERE,
    "siege": MEDIEVALE, "rows": MEDIEVALE, "digits": MEDIEVALE, "total_chiffres": MEDIEVALE,
}
"""Options that belong to one rule set only."""


@register
class Rithmomachie(Game[RithmoMove]):
    """Rithmomachie: Boissière's rules after Boutin, and the medieval compilation."""

    id = "rithmomachie"
    title = "Rithmomachie"
    variants = (
        Variant(
            BOISSIERE,
            "Rithmomachie (Boissière, d'après Boutin)",
            "Tablier 16 x 8, six manières de prendre, pose des pions pris ; "
            "victoire de corps à 8 pièces par défaut.",
            {"victoire": "corps", "first": NOIR},
        ),
        Variant(
            MEDIEVALE,
            "Rithmomachie médiévale (compilation)",
            "Tablier 8 x 16, assaut, embuscade, sortie et siège, Blanc commence ; "
            "De Corpore à 3 pièces par défaut.",
            {"victoire": "corpore", "pieces": 3, "first": BLANC},
        ),
    )
    option_list = (
        Option("victoire", "corps",
               "victoire convenue : corps, bien, proces et leurs combinaisons (corps+bien…), "
               "les sept victoires propres mediocre-arith, mediocre-geo, mediocre-harmo, "
               "grande-arith-geo, grande-arith-harmo, grande-geo-harmo, excellente, et "
               "mediocre, grande (d'une sorte, de deux sortes quelconques) (Boissière) ; "
               "corpore, bonis, lite, honore, honore-liteque, triomphe, grand-triomphe, "
               "triomphe-supreme (médiévale)",
               choices=VICTORIES[BOISSIERE] + VICTORIES[MEDIEVALE]),
        Option("pieces", 8, "pièces à prendre (corps, De Corpore, De Honore)",
               minimum=1, maximum=100),
        Option("somme", 500, "valeur à prendre (bien, De Bonis, De Honore)",
               minimum=1, maximum=100_000),
        Option("chiffres", 16, "chiffres à prendre (procès, Boissière)", minimum=1,
               maximum=1000),
        Option("digits", "123", "chiffres convenus de De Lite (médiévale), ex. 123"),
        Option("total_chiffres", 60, "somme des chiffres pris pour Honore Liteque (médiévale)",
               minimum=1, maximum=10_000),
        Option("posee", True,
               "victoire propre : au moins une pièce prise et posée dans la formation "
               "(Boissière)"),
        Option("first", NOIR, "qui joue le premier", choices=(NOIR, BLANC)),
        Option("prison", "enemy",
               "emprisonnement : enemy, bloqué par des pièces adverses seulement ; any, par "
               "n'importe quelles pièces dont une adverse au moins (Boissière)",
               choices=("enemy", "any")),
        Option("siege", 4, "siège : 4 voisins orthogonaux ou les 8 voisins (médiévale)",
               choices=(4, 8)),
        Option("rows", 16, "longueur du tablier, 16 ou 14 rangées (médiévale)",
               choices=(14, 16)),
        Option("max_moves", 300, "partie nulle après ce nombre de tours (des deux camps)",
               minimum=1, maximum=100_000),
        Option("repetition", True, "même position trois fois en début de tour : partie nulle"),
    )

    board: Board
    rules: Rules
    victory: Victory

    def configure(self) -> None:
        variant = self.variant
        for name, owner in ONLY.items():
            if owner != variant and self.options[name] != self._preset_values[name]:
                raise SpecError(f"{self.id}: option '{name}' belongs to {self.id}:{owner}, "
                                f"not {self.id}:{variant}")
        kind = str(self.options["victoire"])
        if kind not in VICTORIES[variant]:
            raise SpecError(f"{self.id}: option 'victoire' of {self.id}:{variant} takes one of "
                            + ", ".join(VICTORIES[variant]) + f", not '{kind}'")
        digits = str(self.options["digits"])
        if not digits.isdigit():
            raise SpecError(f"{self.id}: option 'digits' takes digits such as 123, not "
                            f"'{digits}'")
        self.board = board_for(variant, int(self.options["rows"]))
        if variant == BOISSIERE:
            self.rules = BoissiereRules(self.board, self.options["prison"] == "any")
        else:
            self.rules = MedievalRules(self.board, int(self.options["siege"]) == 8)
        self.victory = Victory(self.board, kind, int(self.options["pieces"]),
                               int(self.options["somme"]), int(self.options["chiffres"]), digits,
                               int(self.options["total_chiffres"]),
                               bool(self.options["posee"]))
        self.max_moves = int(self.options["max_moves"])
        self.repetition = bool(self.options["repetition"])
        self.first = self.players.index(str(self.options["first"]))

    @property
    def players(self) -> tuple[str, ...]:
        """Side 0 (the even numbers, pyramid 91) first: noir for Boissière, blanc for the
        compilation."""
        return (NOIR, BLANC) if self.variant == BOISSIERE else (BLANC, NOIR)

    def judge(self, state: RithmoState, done_by: int, arrived: int, took: bool
              ) -> Outcome | None:
        return judge_state(state, done_by, arrived, took)

    def initial_state(self) -> RithmoState:
        board = self.board
        cells: list = [None] * board.size
        for number, letter, p in start_pieces():
            if board.length == 14 and number > 8:
                number -= 2
            cells[board.square(number, "ABCDEFGH".index(letter))] = p
        return RithmoState(self, tuple(cells), self.first, MOVE, ((), ()), 0)

    def from_text(self, text: str) -> RithmoState:
        read = read_position(self, text)
        return RithmoState(self, read.board, read.side, read.phase, read.prisoners, read.turns,
                           captor=read.captor, emptied=read.emptied)

    def geometry(self) -> Geometry:
        board = self.board
        names = [[board.names[y * board.width + x] for x in range(board.width)]
                 for y in range(board.height)]
        regions: dict[str, frozenset[int]] = {}
        for side, player in enumerate(self.players):
            regions[f"camp_{player}"] = board.camp[side]
            regions[f"pose_{player}"] = frozenset(board.back[side])
        return grid(board.width, board.height, names, diagonals=True, regions=regions)

    def ending(self) -> Ending:
        repetition = ("la même position revenue trois fois en début de tour est nulle ; "
                      if self.repetition else "")
        return Ending(
            f"La victoire convenue ({self.victory_text()}) finit la partie ; un camp sans "
            f"coup perd ; {repetition}partie nulle après {self.max_moves} tours.",
            repetition=3 if self.repetition else None,
            move_cap=self.max_moves,
        )

    def victory_text(self) -> str:
        """The agreed victory in words, with its thresholds."""
        kind = self.victory.kind
        v = self.victory
        parts = []
        for name in kind.split("+"):
            if name in ("corps", "corpore"):
                parts.append(f"{name} {v.pieces} pièces")
            elif name in ("bien", "bonis"):
                parts.append(f"{name} {v.total}")
            elif name == "proces":
                parts.append(f"procès {v.digits} chiffres")
            elif name == "lite":
                parts.append("lite, chiffres " + "".join(sorted(v.digit_choice)))
            elif name == "honore":
                parts.append(f"honore {v.pieces} pièces et {v.total}")
            elif name == "honore-liteque":
                parts.append(f"honore-liteque {v.digit_total}")
            else:
                suffix = ", pièce posée" if v.posed and self.variant == BOISSIERE else ""
                parts.append(name + suffix)
        return " + ".join(parts)

    def parse_move(self, state: State[RithmoMove], text: str) -> RithmoMove:
        """The legal decision written ``text``; a pose may leave out the shape when only
        one captured piece of that value can go there (``25@A1``)."""
        short = _SHORT_POSE.match(normalize_move_text(text))
        if short:
            value, square = int(short.group(1)), short.group(2)
            found = [m for m in state.legal_moves() if isinstance(m, Pose)
                     and m.value == value and m.name.lower() == square]
            if len(found) == 1:
                return found[0]
            if found:
                raise NotationError(
                    f"{self.spec} move '{text.strip()}' is ambiguous: write "
                    + " or ".join(str(m) for m in found))
        return super().parse_move(state, text)

    def parse_notation(self, text: str) -> None:
        check_move_text(self, text)
