"""Reversi (Jeux traditionnels d'Europe, p. 24) and ``reversi:othello``.

The board is two 64-bit integers, bit ``8 * row + column`` with row 0 at the
top (Othello's notation: ``a1`` top-left, black's first moves d3 c4 f5 e6).
The source's opening places four discs, one per turn, on the centre squares
without flipping; ``reversi:othello`` starts from the usual diagonal cross.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TypeAlias

from engines.bits import chunk_table
from engines.core import (
    PASS,
    TERMINAL,
    Ending,
    Game,
    NotationError,
    Option,
    Outcome,
    Pass,
    Place,
    State,
    Variant,
    draw,
    win,
)
from engines.geometry import Geometry, grid, square_name
from engines.outcomes import OutcomeCode
from engines.registry import register

NOIR, BLANC = "noir", "blanc"
FULL = (1 << 64) - 1
INNER_COLUMNS = 0x7E7E7E7E7E7E7E7E  # columns b-g: stops horizontal wrap-around
CENTRE = (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36)  # d4 e4 d5 e5
NAMES = tuple(square_name(i % 8, i // 8) for i in range(64))
ReversiMove: TypeAlias = Place | Pass
"""A disc put on a square (``d3``), or ``pass`` when the player cannot."""
PLACES = tuple(Place(i, NAMES[i]) for i in range(64))
BYTE_PLACES = tuple(chunk_table(dict(enumerate(PLACES)), 8 * k, 8) for k in range(8))
"""``BYTE_PLACES[k][byte]``: the moves of the set bits of byte ``k`` of a bitboard."""
_DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1))


def _rays() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each square, the bits along each direction, nearest first."""
    table = []
    for square in range(64):
        row, col = divmod(square, 8)
        rays = []
        for dr, dc in _DIRECTIONS:
            r, c, ray = row + dr, col + dc, []
            while 0 <= r < 8 and 0 <= c < 8:
                ray.append(1 << (8 * r + c))
                r, c = r + dr, c + dc
            if len(ray) >= 2:
                rays.append(tuple(ray))
        table.append(tuple(rays))
    return tuple(table)


RAYS = _rays()


def legal_bits(own: int, other: int) -> int:
    """Squares where ``own`` may place a disc that flips some of ``other``'s.

    For each direction, the runs of ``other`` next to ``own`` are flooded in
    doubling steps (edax's "get_moves" scheme); the square beyond a run is a
    move when empty.
    """
    empty = FULL ^ (own | other)
    inner = other & INNER_COLUMNS
    moves = 0
    for shift, mask in ((1, inner), (8, other), (7, inner), (9, inner)):
        double = shift + shift
        pairs = mask & (mask << shift)
        t = mask & (own << shift)
        t |= mask & (t << shift)
        t |= pairs & (t << double)
        t |= pairs & (t << double)
        moves |= empty & (t << shift)
        pairs = mask & (mask >> shift)
        t = mask & (own >> shift)
        t |= mask & (t >> shift)
        t |= pairs & (t >> double)
        t |= pairs & (t >> double)
        moves |= empty & (t >> shift)
    return moves


def flipped_bits(square: int, own: int, other: int) -> int:
    """The discs of ``other`` that a disc of ``own`` on ``square`` turns over."""
    flips = 0
    for ray in RAYS[square]:
        if not other & ray[0]:
            continue
        line = ray[0]
        for bit in ray[1:]:
            if other & bit:
                line |= bit
            elif own & bit:
                flips |= line
                break
            else:
                break
    return flips


class ReversiState(State[ReversiMove]):
    """Discs of each colour as bitboards and the player to move."""

    __slots__ = ("_legal", "current_player", "discs", "game", "mover")
    game: Reversi

    def __init__(self, game: Reversi, black: int, white: int, mover: int) -> None:
        self.game = game
        self.discs = (black, white)
        self.mover = mover  # 0 noir, 1 blanc
        self._legal: int | None = None
        self.current_player = BLANC if mover else NOIR
        if self._opening:
            return
        if not self.legal_bits() and not legal_bits(self.discs[1 - mover], self.discs[mover]):
            self.current_player = TERMINAL

    @property
    def _opening(self) -> bool:
        return (self.discs[0] | self.discs[1]).bit_count() < 4

    def legal_bits(self) -> int:
        """Bitboard of the squares the player to move may fill."""
        if self._legal is None:
            own, other = self.discs[self.mover], self.discs[1 - self.mover]
            if (own | other).bit_count() < 4:
                self._legal = CENTRE & ~(own | other)
            else:
                self._legal = legal_bits(own, other)
        return self._legal

    def legal_moves(self) -> Sequence[ReversiMove]:
        if self.current_player is TERMINAL:
            return []
        bits = self.legal_bits()
        if not bits:
            return [PASS]
        moves: list[Place] = []
        for table in BYTE_PLACES:
            if bits & 255:
                moves += table[bits & 255]
            bits >>= 8
            if not bits:
                break
        return moves

    def is_legal(self, move: ReversiMove) -> bool:
        if self.current_player is TERMINAL:
            return False
        if move == PASS:
            return not self.legal_bits()
        return isinstance(move, Place) and 0 <= move.at < 64 and bool(
            self.legal_bits() >> move.at & 1
        )

    def apply_unchecked(self, move: ReversiMove) -> ReversiState:
        mover = self.mover
        if isinstance(move, Pass):
            return ReversiState(self.game, self.discs[0], self.discs[1], 1 - mover)
        bit = 1 << move.at
        own, other = self.discs[mover], self.discs[1 - mover]
        if (own | other).bit_count() >= 4:
            flips = flipped_bits(move.at, own, other)
            own |= bit | flips
            other ^= flips
        else:
            own |= bit
        if mover:
            return ReversiState(self.game, other, own, 0)
        return ReversiState(self.game, own, other, 1)

    def is_terminal(self) -> bool:
        return self.current_player is TERMINAL

    def counts(self) -> tuple[int, int]:
        """Discs of noir and blanc."""
        return self.discs[0].bit_count(), self.discs[1].bit_count()

    def outcome(self) -> Outcome | None:
        if self.current_player is not TERMINAL:
            return None
        black, white = self.counts()
        scores = {NOIR: black, BLANC: white}
        full = black + white == 64
        how = "plateau plein" if full else "plus aucun coup possible"
        how_en = "board full" if full else "no move left"
        if black == white:
            return draw(f"{how}, égalité {black} à {white}", OutcomeCode.EQUAL_DISCS, scores,
                        en=f"{how_en}, tied {black} all")
        winner = NOIR if black > white else BLANC
        high, low = max(black, white), min(black, white)
        return win(winner, f"{how}, {high} pions contre {low}", OutcomeCode.MOST_DISCS, scores,
                   en=f"{how_en}, {high} discs to {low}")

    def key(self) -> Hashable:
        return (self.discs[0], self.discs[1], self.mover)

    def to_text(self) -> str:
        black, white = self.discs
        rows = []
        for r in range(8):
            row = ""
            for c in range(8):
                bit = 1 << (8 * r + c)
                row += "N" if black & bit else "B" if white & bit else "."
            rows.append(row)
        return "/".join(rows) + " " + (BLANC if self.mover else NOIR)

    def diagram(self) -> str:
        black, white = self.discs
        lines = ["    a b c d e f g h"]
        marks = self.legal_bits() if self.current_player is not TERMINAL else 0
        for r in range(8):
            cells = []
            for c in range(8):
                bit = 1 << (8 * r + c)
                cells.append(
                    "●" if black & bit else "○" if white & bit else "+" if marks & bit else "·"
                )
            lines.append(f"{r + 1:>2}  " + " ".join(cells))
        b, w = self.counts()
        lines.append(f"    noir ● {b}   blanc ○ {w}   (+ coups possibles)")
        return "\n".join(lines)

    def random_playout(self, rng: random.Random) -> State[ReversiMove]:
        return self.playout(rng)

    def playout(
        self, rng: random.Random, trace: list[ReversiMove] | None = None
    ) -> State[ReversiMove]:
        """Uniformly random moves to the end on bitboards; the moves played (a pass
        included) are appended to ``trace`` when given."""
        if self._opening:
            return State.playout(self, rng, trace)
        own, other = self.discs[self.mover], self.discs[1 - self.mover]
        mover = self.mover
        randrange = rng.randrange
        passed = False
        while True:
            moves = legal_bits(own, other)
            if not moves:
                if passed:  # neither can move: the one after the last move is to play
                    own, other = other, own
                    mover ^= 1
                    break
                passed = True
            else:
                if passed and trace is not None:
                    trace.append(PASS)  # the pass the rules play (none ends the game)
                passed = False
                pick = randrange(moves.bit_count())
                while pick:
                    moves &= moves - 1
                    pick -= 1
                bit = moves & -moves
                if trace is not None:
                    trace.append(PLACES[bit.bit_length() - 1])
                flips = flipped_bits(bit.bit_length() - 1, own, other)
                own |= bit | flips
                other ^= flips
            own, other = other, own
            mover ^= 1
        black, white = (other, own) if mover else (own, other)
        return ReversiState(self.game, black, white, mover)


@register
class Reversi(Game[ReversiMove]):
    """Reversi after the Maison des Jeux de Grenoble booklet, and Othello."""

    id = "reversi"
    title = "Reversi"
    player_names = (NOIR, BLANC)
    variants = (
        Variant(
            "",
            "Reversi (règle du livret)",
            "Les quatre premiers pions sont posés à tour de rôle sur les cases centrales.",
            {"opening": "pose"},
        ),
        Variant(
            "othello",
            "Othello",
            "Départ en croix diagonale, Noir commence.",
            {"opening": "othello", "first": NOIR},
        ),
    )
    option_list = (
        Option(
            "opening",
            "pose",
            "pose : les 4 cases centrales se remplissent à tour de rôle ; "
            "othello : départ en croix diagonale",
            choices=("pose", "othello"),
        ),
        Option("first", NOIR, "qui pose le premier pion (tiré au sort à la borne)",
               choices=(NOIR, BLANC)),
    )

    def configure(self) -> None:
        self.first = 1 if self.options["first"] == BLANC else 0

    def initial_state(self) -> ReversiState:
        if self.options["opening"] == "othello":
            white = (1 << 27) | (1 << 36)  # d4 e5
            black = (1 << 28) | (1 << 35)  # e4 d5
            return ReversiState(self, black, white, self.first)
        return ReversiState(self, 0, 0, self.first)

    def from_text(self, text: str) -> ReversiState:
        parts = text.split()
        if len(parts) != 2 or parts[1] not in (NOIR, BLANC):
            raise NotationError(
                f"reversi position '{text}': expected 8 rows separated by '/' and "
                "the player to move (noir or blanc)"
            )
        rows = parts[0].split("/")
        if len(rows) != 8 or any(len(r) != 8 for r in rows):
            raise NotationError(f"reversi position '{text}': expected 8 rows of 8 squares")
        black = white = 0
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                bit = 1 << (8 * r + c)
                if ch == "N":
                    black |= bit
                elif ch == "B":
                    white |= bit
                elif ch != ".":
                    raise NotationError(
                        f"reversi position '{text}': square {NAMES[8 * r + c]} holds '{ch}',"
                        " expected N, B or ."
                    )
        if (black | white).bit_count() < 4 and (black | white) & ~CENTRE:
            raise NotationError(
                f"reversi position '{text}': fewer than 4 discs must all be on the centre"
            )
        return ReversiState(self, black, white, 1 if parts[1] == BLANC else 0)

    def geometry(self) -> Geometry:
        return grid(8, 8, rows_from_top=True, diagonals=True,
                    regions={"centre": (27, 28, 35, 36)})

    def ending(self) -> Ending:
        return Ending(
            "Chaque coup remplit une case : au plus 60 poses, et deux passes de suite "
            "terminent la partie."
        )

    def parse_notation(self, text: str) -> None:
        if text == "pass":
            return
        if len(text) == 2 and text[0] in "abcdefgh" and text[1] in "12345678":
            return
        raise NotationError(
            f"reversi move '{text}': expected a square a1-h8 (columns a-h, rows 1-8 "
            "from the top) or pass"
        )
