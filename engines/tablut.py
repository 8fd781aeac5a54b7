"""Tablut (Jeux traditionnels d'Europe, p. 14): Swedes and their king against Muscovites.

Squares are numbered like the geometry's grid: index ``9 * r + c`` with
``r = 0`` the top row (rank 9) and ``c = 0`` column ``a``, so ``a9`` is 0,
the throne ``e5`` is 40 and ``i1`` is 80.  A position is three integers:
the Swedes' bitboard, the Muscovites' bitboard and the king's square
(``-1`` once he is taken), plus the player to move and the ply counter.

Position text (one line, like FEN): the nine ranks from 9 down to 1
separated by ``/``, each nine characters among ``R`` (the king, *roi*),
``B`` (a Swede, *blanc*), ``N`` (a Muscovite, *noir*) and ``.`` (empty);
then the player to move (``blanc`` or ``noir``) and the number of plies
played, which the move cap reads.  The start is (one line)::

    ...NNN.../....N..../....B..../N...B...N/NNBBRBBNN/N...B...N/
    ....B..../....N..../...NNN... blanc 0

Moves are ``e1-e3`` (:class:`engines.core.PathMove` from one square to the
other).  Every move object is built once, at import.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

from engines.core import (
    TERMINAL,
    Ending,
    Game,
    NotationError,
    Option,
    Outcome,
    PathMove,
    State,
    Variant,
    draw,
    win,
)
from engines.geometry import Geometry, grid, square_name
from engines.registry import register

BLANC, NOIR = "blanc", "noir"
PLAYERS = (BLANC, NOIR)
SIZE = 9
CELLS = SIZE * SIZE
THRONE = 40
THRONE_BIT = 1 << THRONE
WALL = 1 << CELLS
"""A bit beyond the board: always "occupied", it marks impossible moves in the tables."""

NAMES = tuple(square_name(i % SIZE, SIZE - 1 - i // SIZE) for i in range(CELLS))
INDEX = {name: i for i, name in enumerate(NAMES)}
DIRECTIONS = (-SIZE, SIZE, -1, 1)
"""Up (towards rank 9), down, left, right; odd entries walk to higher indices."""

EDGE_SQUARES = tuple(
    i for i in range(CELLS) if i // SIZE in (0, SIZE - 1) or i % SIZE in (0, SIZE - 1)
)
EDGE = sum(1 << i for i in EDGE_SQUARES)

START_TEXT = (
    "...NNN.../....N..../....B..../N...B...N/NNBBRBBNN/N...B...N/....B..../....N..../"
    "...NNN... blanc 0"
)
RAICHI = "Raichi !"


# --------------------------------------------------------------------------- tables


def _ray(square: int, step: int) -> tuple[int, ...]:
    """Squares from ``square`` (excluded) to the edge in direction ``step``, nearest first."""
    row, col = divmod(square, SIZE)
    dr, dc = (step // SIZE, 0) if abs(step) == SIZE else (0, step)
    out = []
    r, c = row + dr, col + dc
    while 0 <= r < SIZE and 0 <= c < SIZE:
        out.append(r * SIZE + c)
        r, c = r + dr, c + dc
    return tuple(out)


def _mask(squares: Sequence[int]) -> int:
    return sum(1 << s for s in squares)


RAYS = tuple(tuple(_ray(s, step) for step in DIRECTIONS) for s in range(CELLS))
RAY_MASKS = tuple(tuple(_mask(ray) for ray in rays) for rays in RAYS)
MOVE_OF: dict[tuple[int, int], PathMove] = {
    (s, t): PathMove((s, t), (NAMES[s], NAMES[t]))
    for s in range(CELLS)
    for ray in RAYS[s]
    for t in ray
}
"""The one move object for every pair of squares on a common row or column."""

KING_MOVES = tuple(
    tuple(tuple(MOVE_OF[s, t] for t in ray) for ray in rays) for s, rays in enumerate(RAYS)
)
MAN_MOVES = tuple(
    tuple(tuple(MOVE_OF[s, t] for t in ray if t != THRONE) for ray in rays)
    for s, rays in enumerate(RAYS)
)
THRONE_AT = tuple(
    tuple(ray.index(THRONE) + 1 if THRONE in ray else CELLS for ray in rays) for rays in RAYS
)
"""How far along each ray the throne lies (``CELLS`` when it is not on the ray)."""


SLOTS = 32 * CELLS
"""Move-table slots: ``32 * origin + 8 * direction + distance - 1``."""


def _segments() -> tuple[list[int], list[int], list[int], list[int]]:
    """Per slot: the squares a move crosses (its target included) for a man, a king
    and a slow king, and its target.  Slots that are no move hold :data:`WALL`
    (and target ``-1``)."""
    man, king, slow, target = [WALL] * SLOTS, [WALL] * SLOTS, [WALL] * SLOTS, [-1] * SLOTS
    for s in range(CELLS):
        for d, ray in enumerate(RAYS[s]):
            for k, t in enumerate(ray):
                slot = 32 * s + 8 * d + k
                crossed = _mask(ray[: k + 1])
                king[slot] = crossed
                slow[slot] = crossed if k == 0 else WALL
                man[slot] = WALL if t == THRONE else crossed
                target[slot] = t
    return man, king, slow, target


SEG_MAN, SEG_KING, SEG_SLOW, SEG_TARGET = _segments()
SLOT_OF: dict[tuple[int, ...], int] = {
    (j // 32, SEG_TARGET[j]): j for j in range(SLOTS) if SEG_TARGET[j] >= 0
}
"""The table slot of every move, by its (origin, target)."""

CAPTURE_PAIRS = tuple(
    tuple((1 << ray[0], 1 << ray[1]) for ray in rays if len(ray) >= 2) for rays in RAYS
)
"""For each square, (neighbour, square beyond it) bits in each direction."""

KING_RING = tuple(_mask([ray[0] for ray in rays]) if all(rays) else WALL for rays in RAYS)
"""The four neighbours of each square off the edge (``WALL`` on the edge: never taken)."""

ESCAPES = tuple(
    tuple(m for m in masks if m) if not EDGE >> s & 1 else () for s, masks in enumerate(RAY_MASKS)
)
SLOW_ESCAPES = tuple(
    tuple(RAY_MASKS[s][d] for d, ray in enumerate(RAYS[s]) if len(ray) == 1)
    if not EDGE >> s & 1
    else ()
    for s in range(CELLS)
)
"""The king's straight paths to the edge; for a slow king only the one-step ones."""


def bit_indices(bits: int) -> list[int]:
    """Indices of the set bits, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


# --------------------------------------------------------------------------- rules on bitboards


def reach(square: int, d: int, occupied: int) -> int:
    """Empty squares in a row from ``square`` in direction ``d`` (the throne included)."""
    blockers = occupied & RAY_MASKS[square][d]
    if not blockers:
        return len(RAYS[square][d])
    first = (blockers & -blockers).bit_length() - 1 if d & 1 else blockers.bit_length() - 1
    return (first - square) // DIRECTIONS[d] - 1


def generate(men: int, king: int, occupied: int, slow: bool) -> list[PathMove]:
    """Moves of ``men`` (and of the king on ``king``, -1 for none), by origin square."""
    moves: list[PathMove] = []
    pieces = men | (1 << king) if king >= 0 else men
    for s in bit_indices(pieces):
        for d in range(4):
            n = reach(s, d, occupied)
            if not n:
                continue
            if s == king:
                moves.extend(KING_MOVES[s][d][: 1 if slow else n])
            else:
                moves.extend(MAN_MOVES[s][d][: n - (THRONE_AT[s][d] <= n)])
    return moves


def has_move(men: int, king: int, occupied: int) -> bool:
    """Whether ``men`` or the king have any move at all (a slow king has one as soon as
    a fast one has)."""
    pieces = men | (1 << king) if king >= 0 else men
    for s in bit_indices(pieces):
        for d in range(4):
            n = reach(s, d, occupied)
            if n and (s == king or n > (THRONE_AT[s][d] <= n)):
                return True
    return False


def captured(target: int, prey: int, hammers: int) -> int:
    """The pieces of ``prey`` caught between a piece arriving on ``target`` and ``hammers``."""
    taken = 0
    for near, far in CAPTURE_PAIRS[target]:
        if prey & near and hammers & far:
            taken |= near
    return taken


def king_taken(king: int, target: int, black: int) -> bool:
    """Whether a Muscovite arriving on ``target`` completes the ring around the king:
    four Muscovites, or three and the (empty) throne."""
    ring = KING_RING[king]
    return bool(ring >> target & 1) and not ring & ~(black | THRONE_BIT)


def free_paths(king: int, occupied: int, slow: bool) -> int:
    """The king's free straight paths to the edge (one-step ones for a slow king)."""
    count = 0
    for mask in (SLOW_ESCAPES if slow else ESCAPES)[king]:
        if not occupied & mask:
            count += 1
    return count


# --------------------------------------------------------------------------- state


class TablutState(State):
    """Swedes, Muscovites and king as bitboards, the player to move, the plies played."""

    __slots__ = (
        "_moves",
        "_outcome",
        "black",
        "current_player",
        "game",
        "history",
        "king",
        "mover",
        "ply",
        "white",
    )
    game: Tablut

    def __init__(
        self,
        game: Tablut,
        white: int,
        black: int,
        king: int,
        mover: int,
        ply: int,
        before: tuple[Hashable, ...] = (),
    ) -> None:
        self.game = game
        self.white = white  # the Swedes, without the king
        self.black = black
        self.king = king
        self.mover = mover  # 0 blanc, 1 noir
        self.ply = ply
        # keys of the positions since the last capture, this one last
        self.history = (*before, (white, black, king, mover))
        self._moves: tuple[PathMove, ...] | None = None
        self._outcome = judge(game, white, black, king, mover, ply, self.history)
        self.current_player = TERMINAL if self._outcome else PLAYERS[mover]

    @property
    def occupied(self) -> int:
        king = 1 << self.king if self.king >= 0 else 0
        return self.white | self.black | king

    def _men(self) -> tuple[int, int]:
        """The mover's ordinary pieces and king square (-1 for black)."""
        return (self.white, self.king) if self.mover == 0 else (self.black, -1)

    def legal_moves(self) -> Sequence[Any]:
        if self._outcome is not None:
            return ()
        if self._moves is None:
            men, king = self._men()
            self._moves = tuple(generate(men, king, self.occupied, self.game.slow_king))
        return self._moves

    def is_legal(self, move: Any) -> bool:
        if self._outcome is not None or not isinstance(move, PathMove):
            return False
        slot = SLOT_OF.get(move.path)
        if slot is None:
            return False
        origin = move.path[0]
        men, king = self._men()
        if origin == king:
            table = SEG_SLOW if self.game.slow_king else SEG_KING
        elif men >> origin & 1:
            table = SEG_MAN
        else:
            return False
        return not (self.occupied | WALL) & table[slot]

    def apply_unchecked(self, move: Any) -> TablutState:
        origin, target = move.path
        white, black, king = self.white, self.black, self.king
        armed = self.game.armed_king
        if self.mover == 0:
            if origin == king:
                king = target
                taken = captured(target, black, white) if armed else 0
            else:
                white ^= (1 << origin) | (1 << target)
                taken = captured(target, black, white | (1 << king) if armed else white)
            black ^= taken
        else:
            black ^= (1 << origin) | (1 << target)
            taken = captured(target, white, black)
            white ^= taken
            if king_taken(king, target, black):
                king, taken = -1, taken | 1
        before = () if taken else self.history
        return TablutState(self.game, white, black, king, 1 - self.mover, self.ply + 1, before)

    def is_terminal(self) -> bool:
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        return self._outcome

    def key(self) -> Hashable:
        return self.history[-1]

    def free_paths(self) -> int:
        """The king's free straight paths to the edge (0 once he is taken)."""
        if self.king < 0:
            return 0
        return free_paths(self.king, self.occupied, self.game.slow_king)

    def announcements(self) -> tuple[str, ...]:
        if self._outcome is None and self.mover == 1 and self.free_paths() >= 1:
            return (RAICHI,)
        return ()

    def counts(self) -> tuple[int, int]:
        """Pieces of blanc (the king included) and of noir."""
        return self.white.bit_count() + (self.king >= 0), self.black.bit_count()

    def _cell(self, square: int) -> str:
        if square == self.king:
            return "R"
        if self.white >> square & 1:
            return "B"
        return "N" if self.black >> square & 1 else "."

    def to_text(self) -> str:
        rows = ("".join(self._cell(r * SIZE + c) for c in range(SIZE)) for r in range(SIZE))
        return f"{'/'.join(rows)} {PLAYERS[self.mover]} {self.ply}"

    def diagram(self) -> str:
        marks = {"R": "♔", "B": "○", "N": "●", ".": "·"}
        header = "    " + " ".join("abcdefghi")
        lines = [header]
        for r in range(SIZE):
            cells = [marks[self._cell(r * SIZE + c)] for c in range(SIZE)]
            if cells[4] == "·" and r == 4:
                cells[4] = "+"
            rank = SIZE - r
            lines.append(f" {rank}  {' '.join(cells)}  {rank}")
        lines.append(header)
        white, black = self.counts()
        lines.append(f"    ○ blanc {white} (♔ roi)   ● noir {black}   + trône")
        cap = self.game.max_moves
        lines.append(f"    coup {self.ply} sur {cap}, au trait : {PLAYERS[self.mover]}")
        return "\n".join(lines)

    def random_playout(self, rng: random.Random) -> State:
        return self._fast_playout(rng, None)

    def _fast_playout(self, rng: random.Random, trace: list[tuple[int, int]] | None) -> TablutState:
        """Uniformly random moves to the end, on plain integers; the moves played are
        appended to ``trace`` when given (tests replay them through :meth:`apply`).

        A move is drawn by rejection: a random (piece, direction, distance) triple is
        kept when the path is free, which is uniform over the legal moves since each
        has exactly one triple; after :data:`_TRIES` misses the moves are listed.
        """
        if self._outcome is not None:
            return self
        game = self.game
        slow, armed = game.slow_king, game.armed_king
        two_paths, repetition, cap = game.two_paths_win, game.repetition, game.max_moves
        king_table = SEG_SLOW if slow else SEG_KING
        escapes = SLOW_ESCAPES if slow else ESCAPES
        white, black, king, mover, ply = self.white, self.black, self.king, self.mover, self.ply
        history = list(self.history)
        seen: dict[Hashable, int] = {}
        for key in history:
            seen[key] = seen.get(key, 0) + 1
        pieces = ([*bit_indices(white), king], bit_indices(black))
        rand = rng.random
        while True:
            # -- choose a move (none: the player to move loses) ----------------------
            own = pieces[mover]
            occupied = white | black | (1 << king) | WALL
            span = len(own) * 32
            for _ in range(_TRIES if own else 0):
                pick = int(rand() * span)
                origin = own[pick >> 5]
                slot = (origin << 5) | (pick & 31)
                if not occupied & (king_table if origin == king else SEG_MAN)[slot]:
                    target = SEG_TARGET[slot]
                    index = pick >> 5
                    break
            else:
                men = black if mover else white
                moves = generate(men, -1 if mover else king, occupied, slow)
                if not moves:
                    break
                origin, target = moves[int(rand() * len(moves))].path
                index = own.index(origin)
            # -- the draws, checked after the loss by lack of moves ---------------------
            if (repetition and seen[history[-1]] >= 3) or ply >= cap:
                break
            # -- play it -----------------------------------------------------------------
            if trace is not None:
                trace.append((origin, target))
            own[index] = target
            if mover == 0:
                if origin == king:
                    king = target
                    taken = captured(target, black, white) if armed else 0
                else:
                    white ^= (1 << origin) | (1 << target)
                    taken = captured(target, black, white | (1 << king) if armed else white)
                black ^= taken
            else:
                black ^= (1 << origin) | (1 << target)
                taken = captured(target, white, black)
                white ^= taken
            for square in bit_indices(taken):
                pieces[1 - mover].remove(square)
            ply += 1
            mover ^= 1
            if mover == 0 and king_taken(king, target, black):
                king = -1
                history, seen = [], {}
            elif taken:
                history, seen = [], {}
            key = (white, black, king, mover)
            history.append(key)
            seen[key] = seen.get(key, 0) + 1
            # -- the wins decided by the move just played ---------------------------------
            if king < 0 or EDGE >> king & 1:
                break
            if mover == 1 and two_paths:
                occupied = white | black | (1 << king)
                if sum(1 for mask in escapes[king] if not occupied & mask) >= 2:
                    break
        return TablutState(game, white, black, king, mover, ply, tuple(history[:-1]))


_TRIES = 24
_ENGLISH = ("white", "black")


def judge(
    game: Tablut,
    white: int,
    black: int,
    king: int,
    mover: int,
    ply: int,
    history: tuple[Hashable, ...],
) -> Outcome | None:
    """How the game ended in this position, or ``None``; wins before draws."""
    if king < 0:
        return win(NOIR, "le roi est pris", "king_captured", en="the king is captured")
    if EDGE >> king & 1:
        where = NAMES[king]
        return win(
            BLANC,
            f"le roi atteint le bord en {where}",
            "king_escaped",
            en=f"the king reaches the edge at {where}",
        )
    occupied = white | black | (1 << king)
    if mover == 1 and game.two_paths_win and free_paths(king, occupied, game.slow_king) >= 2:
        return win(
            BLANC, "deux chemins libres vers le bord", "two_paths", en="two free paths to the edge"
        )
    men, own_king = (white, king) if mover == 0 else (black, -1)
    if not has_move(men, own_king, occupied):
        return win(
            PLAYERS[1 - mover],
            f"{PLAYERS[mover]} ne peut plus bouger",
            "no_move",
            en=f"{_ENGLISH[mover]} cannot move",
        )
    if game.repetition and history.count(history[-1]) >= 3:
        return draw("position répétée trois fois", "repetition", en="position repeated three times")
    if ply >= game.max_moves:
        return draw(
            f"limite de {game.max_moves} coups", "move_cap", en=f"limit of {game.max_moves} moves"
        )
    return None


# --------------------------------------------------------------------------- game


@register
class Tablut(Game):
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
        parts = text.split()
        if len(parts) != 3:
            raise NotationError(
                f"tablut position '{text}': expected 9 ranks separated by '/', "
                "the player to move (blanc or noir) and the plies played"
            )
        board, player, ply_text = parts
        if player not in PLAYERS:
            raise NotationError(
                f"tablut position '{text}': the player to move is '{player}', "
                "expected blanc or noir"
            )
        if not ply_text.isdigit():
            raise NotationError(
                f"tablut position '{text}': the plies played are '{ply_text}', "
                "expected a whole number"
            )
        white, black, king = self._read_board(board, text)
        return TablutState(self, white, black, king, PLAYERS.index(player), int(ply_text))

    def _read_board(self, board: str, text: str) -> tuple[int, int, int]:
        rows = board.split("/")
        if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
            raise NotationError(f"tablut position '{text}': expected 9 ranks of 9 squares")
        white = black = 0
        kings = []
        for i, ch in enumerate("".join(rows)):
            if ch == "R":
                kings.append(i)
            elif ch == "B":
                white |= 1 << i
            elif ch == "N":
                black |= 1 << i
            elif ch != ".":
                raise NotationError(
                    f"tablut position '{text}': square {NAMES[i]} holds '{ch}', "
                    "expected R, B, N or ."
                )
        if (white | black) & THRONE_BIT:
            raise NotationError(
                f"tablut position '{text}': only the king may stand on the throne e5"
            )
        if len(kings) > 1:
            raise NotationError(f"tablut position '{text}': {len(kings)} kings, at most 1")
        if white.bit_count() > 8 or black.bit_count() > 16:
            raise NotationError(
                f"tablut position '{text}': at most 8 Swedes (B) and 16 Muscovites (N)"
            )
        return white, black, kings[0] if kings else -1

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
        squares = text.split("-")
        if len(squares) == 2 and all(s in INDEX for s in squares):
            return
        raise NotationError(
            f"tablut move '{text}': expected two squares a1-i9 joined by '-', like e1-e3"
        )
