"""Victories: the common ones (counting the prisoners) and the proper ones (three or four
pieces forming progressions once the enemy pyramid is taken).

Boissière's common victories: ``corps`` (pieces), ``bien`` (sum of values),
``proces`` (digits) and their combinations joined by ``+``; the seven proper
victories, in a line of the enemy camp or a 2x2 square there, with a posed piece
unless ``posee=false``: the médiocres ``mediocre-arith``, ``mediocre-geo``,
``mediocre-harmo`` (one progression of that kind), the grandes ``grande-arith-geo``,
``grande-arith-harmo``, ``grande-geo-harmo`` (those two kinds among four pieces) and
``excellente`` (all three), with ``mediocre`` (one progression of any kind) and
``grande`` (any two kinds) as presets.  A formation that holds more than the
agreed progressions wins too.  The compilation's lesser
victories ``corpore``, ``bonis``, ``lite``, ``honore``, ``honore-liteque`` and its
triumphs ``triomphe``, ``grand-triomphe``, ``triomphe-supreme`` (lines anywhere,
the greatest on the enemy half).  A pyramid's layers count as pieces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.outcomes import OutcomeCode
from engines.rithmomachie.arith import (
    ALL_KINDS,
    ARITHMETIC,
    GEOMETRIC,
    HARMONIC,
    describe_kinds,
    digit_count,
    digit_set,
    digit_sum,
    kind_count,
    kinds_among,
)
from engines.rithmomachie.board import Board
from engines.rithmomachie.pieces import PYRAMID

if TYPE_CHECKING:
    from engines.rithmomachie.fields import Prisoner
    from engines.rithmomachie.state import RithmoState

COMMON_BOISSIERE = ("corps", "bien", "proces", "corps+bien", "corps+proces", "bien+proces",
                    "corps+bien+proces")
PROPER_BOISSIERE = ("mediocre", "mediocre-arith", "mediocre-geo", "mediocre-harmo",
                    "grande", "grande-arith-geo", "grande-arith-harmo", "grande-geo-harmo",
                    "excellente")
LESSER_MEDIEVALE = ("corpore", "bonis", "lite", "honore", "honore-liteque")
TRIUMPHS = ("triomphe", "grand-triomphe", "triomphe-supreme")
PROPER_NEEDS = {
    "mediocre": (1, 0), "mediocre-arith": (1, ARITHMETIC), "mediocre-geo": (1, GEOMETRIC),
    "mediocre-harmo": (1, HARMONIC),
    "grande": (2, 0), "grande-arith-geo": (2, ARITHMETIC | GEOMETRIC),
    "grande-arith-harmo": (2, ARITHMETIC | HARMONIC),
    "grande-geo-harmo": (2, GEOMETRIC | HARMONIC),
    "excellente": (3, ALL_KINDS),
    "triomphe": (1, 0), "grand-triomphe": (2, 0), "triomphe-supreme": (3, 0),
}
"""For each proper victory: how many kinds of progression the formation holds at
least, and which kinds it must hold (bits; 0: any)."""

PROPER_TITLES = {
    "mediocre": ("victoire médiocre", "mediocre victory"),
    "mediocre-arith": ("victoire médiocre arithmétique", "arithmetic mediocre victory"),
    "mediocre-geo": ("victoire médiocre géométrique", "geometric mediocre victory"),
    "mediocre-harmo": ("victoire médiocre harmonique", "harmonic mediocre victory"),
    "grande": ("grande victoire", "great victory"),
    "grande-arith-geo": ("grande victoire arithmétique et géométrique",
                         "arithmetic and geometric great victory"),
    "grande-arith-harmo": ("grande victoire arithmétique et harmonique",
                           "arithmetic and harmonic great victory"),
    "grande-geo-harmo": ("grande victoire géométrique et harmonique",
                         "geometric and harmonic great victory"),
    "excellente": ("victoire excellente", "excellent victory"),
    "triomphe": ("grand triomphe (Great Triumph)", "Great Triumph"),
    "grand-triomphe": ("triomphe majeur (Greater Triumph)", "Greater Triumph"),
    "triomphe-supreme": ("triomphe suprême (Greatest Triumph)", "Greatest Triumph"),
}

Won = tuple[OutcomeCode, str, str]
"""``(code, French reason, English reason)``."""


def victory_code(kind: str) -> OutcomeCode:
    """The outcome code of a victory (``corps+bien``: ``corps_bien``, ``grande-arith-geo``:
    ``grande_arith_geo``); every victory a variant offers has its member."""
    return OutcomeCode(kind.replace("+", "_").replace("-", "_"))


class Victory:
    """The agreed victory of a game and how to recognise it."""

    def __init__(self, board: Board, kind: str, pieces: int, total: int, digits: int,
                 digit_choice: str, digit_total: int, posed: bool) -> None:
        self.board = board
        self.kind = kind
        self.code = victory_code(kind)
        self.pieces = pieces
        self.total = total
        self.digits = digits
        self.digit_choice = frozenset(digit_choice)
        self.digit_total = digit_total
        self.posed = posed
        self._progress: dict[tuple[Prisoner, ...], float] = {}
        self.level, self.needs = PROPER_NEEDS.get(kind, (0, 0))
        self.proper = self.level > 0
        self.groups = self._groups() if self.proper else ((), ())
        self.groups_at = tuple(self._index(side) for side in (0, 1))

    # -- common victories ------------------------------------------------------------

    def progress(self, taken: tuple[Prisoner, ...]) -> float:
        """How far the prisoners go toward a common victory, 0 to 1 (mean of the parts)."""
        found = self._progress.get(taken)
        if found is None:
            if len(self._progress) > 50_000:
                self._progress.clear()
            found = self._progress[taken] = self._measure(taken)
        return found

    def _measure(self, taken: tuple[Prisoner, ...]) -> float:
        values = [v for v, _, _ in taken]
        parts = []
        for name in self.kind.split("+"):
            if name in ("corps", "corpore"):
                parts.append(len(values) / self.pieces)
            elif name in ("bien", "bonis"):
                parts.append(sum(values) / self.total)
            elif name == "proces":
                parts.append(digit_count(values) / self.digits)
            elif name == "lite":
                parts.append(len(digit_set(values) & self.digit_choice) / len(self.digit_choice))
            elif name == "honore":
                parts.append(min(1.0, len(values) / self.pieces) / 2
                             + min(1.0, sum(values) / self.total) / 2)
            elif name == "honore-liteque":
                parts.append(digit_sum(values) / self.digit_total)
        return sum(min(1.0, p) for p in parts) / len(parts) if parts else 0.0

    def common(self, taken: tuple[Prisoner, ...]) -> Won | None:
        if self.proper or self.progress(taken) < 1.0:
            return None
        values = [v for v, _, _ in taken]
        count, total = len(values), sum(values)
        fr = {
            "corps": f"{count} pièces prises", "corpore": f"{count} pièces prises",
            "bien": f"{total} pris en valeur", "bonis": f"{total} pris en valeur",
            "proces": f"{digit_count(values)} chiffres pris",
            "lite": "chiffres " + "".join(sorted(self.digit_choice)) + " pris",
            "honore": f"{count} pièces et {total} en valeur",
            "honore-liteque": f"{digit_sum(values)} en somme des chiffres",
        }
        en = {
            "corps": f"{count} pieces taken", "corpore": f"{count} pieces taken",
            "bien": f"{total} taken in value", "bonis": f"{total} taken in value",
            "proces": f"{digit_count(values)} digits taken",
            "lite": "digits " + "".join(sorted(self.digit_choice)) + " taken",
            "honore": f"{count} pieces and {total} in value",
            "honore-liteque": f"{digit_sum(values)} as the sum of digits",
        }
        names = self.kind.split("+")
        title = "victoire de " + " et de ".join(
            {"corps": "corps", "bien": "bien", "proces": "procès"}.get(n, n) for n in names)
        title_en = "victory of " + " and of ".join(
            {"corps": "bodies", "bien": "goods", "proces": "lawsuit"}.get(n, n) for n in names)
        if self.board.variant == "medievale":
            title = title_en = {"corpore": "De Corpore", "bonis": "De Bonis", "lite": "De Lite",
                                "honore": "De Honore", "honore-liteque": "Honore Liteque"}[
                self.kind]
        return (self.code,
                f"{title} : " + ", ".join(fr[n] for n in names),
                f"{title_en}: " + ", ".join(en[n] for n in names))

    # -- proper victories ----------------------------------------------------------------

    def _groups(self) -> tuple[tuple[tuple[tuple[int, ...], bool], ...], ...]:
        """For each side, the groups of squares it may win on and whether each is a
        group of four."""
        board = self.board
        out = []
        for side in (0, 1):
            enemy = board.camp[1 - side]
            medieval = board.variant == "medievale"
            groups: list[tuple[tuple[int, ...], bool]] = []
            for size in (3, 4):
                for line in board.lines(size):
                    inside = all(sq in enemy for sq in line)
                    if (medieval and (inside or self.level < 3)) or (not medieval and inside):
                        groups.append((line, size == 4))
            if not medieval:
                groups += [(b, True) for b in board.blocks() if all(sq in enemy for sq in b)]
            out.append(tuple(groups))
        return tuple(out)

    def _index(self, side: int) -> tuple[tuple[int, ...], ...]:
        at: list[list[int]] = [[] for _ in range(self.board.size)]
        for i, (group, _) in enumerate(self.groups[side]):
            for sq in group:
                at[sq].append(i)
        return tuple(tuple(g) for g in at)

    def formation(self, state: RithmoState, side: int, squares: list[int]) -> Won | None:
        """A winning formation of ``side`` through one of ``squares``."""
        cells = state.board
        groups = self.groups[side]
        seen: set[int] = set()
        for sq in squares:
            for gi in self.groups_at[side][sq]:
                if gi in seen:
                    continue
                seen.add(gi)
                group, four = groups[gi]
                if self.level >= 2 and not four:
                    continue
                pieces = [cells[s] for s in group]
                if any(p is None or p.side != side for p in pieces):
                    continue
                if self.posed and self.board.variant == "boissiere" and not any(
                        p.posed for p in pieces if p is not None):
                    continue
                kinds = kinds_among([p.value for p in pieces if p is not None])
                if self.satisfied(kinds):
                    names = ", ".join(f"{p.value}" for p in pieces if p is not None)
                    where = "-".join(self.board.names[s] for s in group)
                    fr, en = PROPER_TITLES[self.kind]
                    return (self.code,
                            f"{fr} : {names} en {where} ({describe_kinds(kinds)})",
                            f"{en}: {names} on {where} ({describe_kinds(kinds, True)})")
        return None

    def satisfied(self, kinds: int) -> bool:
        """Whether a formation holding the progressions ``kinds`` (bits) makes the agreed
        proper victory: enough kinds, and every kind it names."""
        return kind_count(kinds) >= self.level and kinds & self.needs == self.needs

    def check(self, state: RithmoState, side: int, arrived: int, took: bool) -> Won | None:
        """Whether ``side`` has won: ``arrived`` is the square one of its pieces just
        reached (-1 none, -2 look everywhere), ``took`` whether it just captured."""
        if not self.proper:
            return self.common(state.prisoners[side]) if took else None
        if arrived == -1 and not took:
            return None
        cells = state.board
        if any(p is not None and p.side != side and p.shape == PYRAMID for p in cells):
            return None
        if arrived >= 0 and not took:
            return self.formation(state, side, [arrived])
        return self.formation(state, side, [sq for sq, p in enumerate(cells)
                                            if p is not None and p.side == side])
