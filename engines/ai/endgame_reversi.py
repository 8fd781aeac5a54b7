"""Exact reversi endgames: the final disc difference under perfect play, on bitboards.

When few squares are empty, the whole rest of the game can be searched.
:func:`solve` runs a negamax alpha-beta on the engine's bitboards (bit
``8 * row + column`` of :mod:`engines.reversi`) whose value is the final disc
difference for the player to move (the engine's outcome counts the discs
only: empty squares left when both players pass go to nobody).  A player
without a legal placement passes; when neither can place, the game ends.

Speed, in pure Python, comes from the usual endgame tricks:

- flips computed by :func:`engines.reversi.flipped_bits` on the squares next
  to an enemy disc only, mobility by :func:`engines.reversi.legal_bits`;
- "fastest first" ordering far from the end (the move leaving the opponent
  the fewest replies first, corners before others), quadrant parity near it
  (squares in a quadrant with an odd number of empties first);
- a transposition table of bounds and best moves far from the end;
- principal variation search (null windows after the first move);
- the last empty square played without generating moves.

The same search with the window (-1, 1) (:func:`solve_outcome`) only tells
whether the mover wins, draws or loses: ten times cheaper or more, it reaches
a few more empty squares.  The engine's outcome is a win, a draw or a loss,
so a move proven to keep a win is as good as the best one.

:class:`ReversiEndgame` is what the ``joueur`` and ``expert`` bots use (see
:data:`EXACT_EMPTIES` and :data:`OUTCOME_EMPTIES`): ``choose(state, clock,
rng)`` returns ``None`` when too many squares are empty, else the solved
move, or the usual search's when the proof does not finish in its share of
the budget.

Measured on a 2-core x86 machine (busy with other work, so roughly), on
positions from games between bots: the exact solve takes about 0.01 s at
10 empty squares, 0.03 s at 12 (0.1 s at most), 0.1 to 0.2 s at 14 (0.7 s
at most) and 1 to 2 s at 16 (6 s at most); the win/draw/loss proof takes
about 0.1 s at 16 and 0.1 s at 18 (2.3 s at most).  A Raspberry Pi is a few
times slower: hence 12/14 squares (``joueur``) and 14/16 (``expert``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from engines.ai.alphabeta import AlphaBeta
from engines.ai.budget import Clock
from engines.ai.endgame import EndgameChoice, PartClock
from engines.ai.evaluation import Evaluator
from engines.core import PASS, Game, State
from engines.reversi import FULL, PLACES, ReversiMove, ReversiState, flipped_bits, legal_bits

EXACT_EMPTIES: Mapping[str, int] = MappingProxyType({"joueur": 12, "expert": 14})
"""Most empty squares at which a level plays the best final disc difference."""
OUTCOME_EMPTIES: Mapping[str, int] = MappingProxyType({"joueur": 14, "expert": 16})
"""Most empty squares at which a level plays a move proven to keep a win (or a draw)."""
SOLVE_SHARE = 0.75
"""Share of the decision's budget the proof may use before the bot gives up on it."""

SORT_FROM = 7
"""Empty squares from which moves are sorted fastest-first and the table is used."""
CHECK_EVERY = 256
"""Nodes between two looks at the clock."""
TABLE_LIMIT = 200_000
"""Positions the transposition table holds at most."""


def _neighbours(square: int) -> int:
    row, col = divmod(square, 8)
    bits = 0
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            r, c = row + dr, col + dc
            if (dr or dc) and 0 <= r < 8 and 0 <= c < 8:
                bits |= 1 << (8 * r + c)
    return bits


NEIGHBOURS = tuple(_neighbours(s) for s in range(64))
"""For each square, the mask of the (up to eight) squares around it."""
QUADRANT = tuple(1 << (2 * (s >= 32) + (s % 8 >= 4)) for s in range(64))
"""For each square, the bit of its 4x4 quadrant (for the parity of the empties)."""
CORNERS = frozenset((0, 7, 56, 63))
X_SQUARES = frozenset((9, 14, 49, 54))
C_SQUARES = frozenset((1, 8, 6, 15, 48, 57, 55, 62))


def _square_rank(square: int) -> int:
    """Static preference of a square (lower first): corners, then edges, X-squares last."""
    if square in CORNERS:
        return 0
    if square in X_SQUARES:
        return 4
    if square in C_SQUARES:
        return 3
    row, col = divmod(square, 8)
    return 1 if row in (0, 7) or col in (0, 7) else 2


SQUARE_ORDER = tuple(sorted(range(64), key=_square_rank))
"""Squares in the order the searches try them when they do not sort moves."""
CORNER_BITS = sum(1 << c for c in CORNERS)


class _Abort(Exception):
    """The budget ran out before the proof was complete."""


@dataclass(frozen=True)
class EndgameResult:
    """The best move of a position, its value and what the proof cost."""

    move: ReversiMove
    value: int
    """Final disc difference (mover's discs minus the opponent's) under perfect play,
    or only its sign (1, 0, -1) from :func:`solve_outcome`."""
    nodes: int
    seconds: float
    values: tuple[tuple[ReversiMove, int], ...] = ()
    """Root moves with their values, best first (:func:`solve`): exact for the best,
    upper bounds for the others unless every value was asked for."""


def empties_of(state: ReversiState) -> int:
    """Empty squares of a reversi position."""
    black, white = state.discs
    return 64 - (black | white).bit_count()


class ExactSearch:
    """One exact endgame search; ``nodes`` counts the positions visited."""

    def __init__(self, clock: Clock | None = None) -> None:
        self.clock = clock
        self.node_limit = node_limit = None if clock is None else clock.node_limit
        self.nodes = 0
        self._next_check = CHECK_EVERY if node_limit is None else min(CHECK_EVERY, node_limit)
        self._table: dict[int, tuple[int, int, int]] = {}

    # ------------------------------------------------------------------ budget

    def _poll(self) -> None:
        limit = self.node_limit
        if limit is not None and self.nodes >= limit:
            raise _Abort
        if self.clock is not None and self.clock.out_of_time():
            raise _Abort
        self._next_check = self.nodes + CHECK_EVERY
        if limit is not None and limit < self._next_check:
            self._next_check = limit

    # ------------------------------------------------------------------ search

    def value(self, own: int, other: int, alpha: int = -64, beta: int = 64) -> int:
        """Final disc difference for ``own`` (to move) with ``other``, within the window.

        Fail-soft: below ``alpha`` or above ``beta`` the result is a bound.
        """
        empty = FULL ^ (own | other)
        empties = tuple(s for s in SQUARE_ORDER if empty >> s & 1)
        parity = 0
        for s in empties:
            parity ^= QUADRANT[s]
        return self._search(own, other, empties, parity, alpha, beta, False)

    def root_values(
        self, own: int, other: int, moves: list[int], *, exact_all: bool = False
    ) -> list[tuple[int, int]]:
        """``(square, value)`` of the root moves, best first.

        The best move's value is exact; with ``exact_all`` every value is,
        otherwise the others are upper bounds (no better than the best).
        """
        ordered = self._ordered(own, other, moves)
        results: list[tuple[int, int]] = []
        best = -65
        for square in ordered:
            bit = 1 << square
            flips = flipped_bits(square, own, other)
            child_own, child_other = other ^ flips, own | flips | bit
            if exact_all or not results:
                value = -self.value(child_own, child_other)
            else:
                # Null window: is this move better than the best so far?
                value = -self.value(child_own, child_other, -best - 1, -best)
                if value > best:
                    value = -self.value(child_own, child_other, -64, -best)
            results.append((square, value))
            best = max(best, value)
        results.sort(key=lambda pair: -pair[1])
        return results

    def root_outcome(self, own: int, other: int, moves: list[int]) -> tuple[int, int]:
        """A winning root move, else a drawing one, else the first: ``(square, sign)``.

        ``sign`` is 1 (won), 0 (drawn) or -1 (every move loses).  Each move is
        searched with the window (-1, 1) only: whether it wins, draws or loses,
        not by how many discs, which prunes far more than the exact value.
        """
        ordered = self._ordered(own, other, moves)
        found = (ordered[0], -1)
        for square in ordered:
            flips = flipped_bits(square, own, other)
            value = -self.value(other ^ flips, own | flips | 1 << square, -1, 1)
            if value > 0:
                return square, 1
            if value == 0 and found[1] < 0:
                found = (square, 0)
        return found

    def _ordered(self, own: int, other: int, moves: list[int]) -> list[int]:
        """Root moves fastest-first."""
        keyed = []
        for square in moves:
            flips = flipped_bits(square, own, other)
            new_own = own | flips | 1 << square
            new_other = other ^ flips
            keyed.append((_order_key(square, new_other, new_own), square))
        keyed.sort()
        return [square for _, square in keyed]

    def _search(
        self,
        own: int,
        other: int,
        empties: tuple[int, ...],
        parity: int,
        alpha: int,
        beta: int,
        passed: bool,
    ) -> int:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._poll()
        count = len(empties)
        if count == 1:
            return self._last(own, other, empties[0])
        if count < SORT_FROM:
            return self._shallow(own, other, empties, parity, alpha, beta, passed)

        key = own << 64 | other
        table = self._table
        entry = table.get(key)
        first = -1
        if entry is not None:
            low, high, first = entry
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high

        moves = []
        for square in empties:
            if not other & NEIGHBOURS[square]:
                continue
            flips = flipped_bits(square, own, other)
            if flips:
                new_own = own | flips | 1 << square
                new_other = other ^ flips
                if square == first:
                    rank = -1000
                else:
                    rank = _order_key(square, new_other, new_own)
                    if parity & QUADRANT[square]:
                        rank -= 1
                moves.append((rank, square, new_other, new_own))
        if not moves:
            if passed:
                return own.bit_count() - other.bit_count()
            return -self._search(other, own, empties, parity, -beta, -alpha, True)
        moves.sort()

        original_alpha = alpha
        best = -65
        best_square = moves[0][1]
        search = self._search
        for index, (_, square, new_other, new_own) in enumerate(moves):
            at = empties.index(square)
            rest = empties[:at] + empties[at + 1 :]
            quadrant = parity ^ QUADRANT[square]
            if index == 0:
                value = -search(new_other, new_own, rest, quadrant, -beta, -alpha, False)
            else:
                value = -search(new_other, new_own, rest, quadrant, -alpha - 1, -alpha, False)
                if alpha < value < beta:
                    value = -search(new_other, new_own, rest, quadrant, -beta, -value, False)
            if value > best:
                best = value
                best_square = square
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break

        if len(table) < TABLE_LIMIT or key in table:
            low, high = -64, 64
            if entry is not None:
                low, high = entry[0], entry[1]
            if best <= original_alpha:
                high = min(high, best)
            elif best >= beta:
                low = max(low, best)
            else:
                low = high = best
            table[key] = (low, high, best_square)
        return best

    def _shallow(
        self,
        own: int,
        other: int,
        empties: tuple[int, ...],
        parity: int,
        alpha: int,
        beta: int,
        passed: bool,
    ) -> int:
        """Few empties: no sorting, no table; squares of odd quadrants first."""
        best = -65
        moved = False
        search = self._search
        count = len(empties)
        for odd in (True, False):
            for index in range(count):
                square = empties[index]
                if (parity & QUADRANT[square] != 0) is not odd or not other & NEIGHBOURS[square]:
                    continue
                flips = flipped_bits(square, own, other)
                if not flips:
                    continue
                moved = True
                new_own = own | flips | 1 << square
                if count == 2:
                    value = -self._last(other ^ flips, new_own, empties[1 - index])
                else:
                    value = -search(
                        other ^ flips,
                        new_own,
                        empties[:index] + empties[index + 1 :],
                        parity ^ QUADRANT[square],
                        -beta,
                        -alpha,
                        False,
                    )
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            return best
        if moved:
            return best
        if passed:
            return own.bit_count() - other.bit_count()
        return -search(other, own, empties, parity, -beta, -alpha, True)

    def _last(self, own: int, other: int, square: int) -> int:
        """One empty square left: whoever can fill it does, then the game is over."""
        difference = own.bit_count() - other.bit_count()
        if other & NEIGHBOURS[square]:
            flips = flipped_bits(square, own, other)
            if flips:
                return difference + 2 * flips.bit_count() + 1
        if own & NEIGHBOURS[square]:
            flips = flipped_bits(square, other, own)
            if flips:
                return difference - 2 * flips.bit_count() - 1
        return difference


def _order_key(square: int, opponent: int, mover: int) -> int:
    """Fastest-first rank of a move (lower first): the opponent's replies, corners first."""
    replies = legal_bits(opponent, mover)
    rank = 4 * replies.bit_count() + 6 * (replies & CORNER_BITS).bit_count()
    if square in CORNERS:
        rank -= 6
    return rank


def solve(
    state: ReversiState, clock: Clock | None = None, *, exact_all: bool = False
) -> EndgameResult:
    """The exact best move of ``state`` (a reversi position in progress).

    Raises :class:`TimeoutError` when ``clock`` (time or nodes) runs out
    first.  With ``exact_all`` every root move gets its exact value (slower).
    """
    search = ExactSearch(clock)
    try:
        return _solve(search, state, exact_all)
    except _Abort:
        raise TimeoutError("the exact endgame search ran out of budget") from None


def solve_outcome(state: ReversiState, clock: Clock | None = None) -> EndgameResult:
    """A move keeping the best result of ``state`` (win, draw or loss), and that result.

    ``value`` is 1, 0 or -1: the sign of the exact value, far cheaper to
    prove.  Raises :class:`TimeoutError` when ``clock`` runs out first.
    """
    search = ExactSearch(clock)
    try:
        return _solve_outcome(search, state)
    except _Abort:
        raise TimeoutError("the endgame search ran out of budget") from None


def _root(state: ReversiState) -> tuple[int, int, list[int]]:
    """The mover's discs, the opponent's and the mover's placements (none: a pass)."""
    if state.is_terminal():
        raise ValueError(f"reversi position '{state.to_text()}' is finished")
    own, other = state.discs[state.mover], state.discs[1 - state.mover]
    bits = state.legal_bits()
    return own, other, [s for s in range(64) if bits >> s & 1]


def _solve(search: ExactSearch, state: ReversiState, exact_all: bool) -> EndgameResult:
    """The exact best move, searched by ``search`` (raises :class:`_Abort`)."""
    own, other, moves = _root(state)
    if not moves:  # a pass: the opponent moves next
        value = -search.value(other, own)
        return EndgameResult(PASS, value, search.nodes, _elapsed(search), ((PASS, value),))
    ranked = search.root_values(own, other, moves, exact_all=exact_all)
    values = tuple((PLACES[s], v) for s, v in ranked)
    return EndgameResult(values[0][0], values[0][1], search.nodes, _elapsed(search), values)


def _solve_outcome(search: ExactSearch, state: ReversiState) -> EndgameResult:
    """A move keeping the best result, searched by ``search`` (raises :class:`_Abort`)."""
    own, other, moves = _root(state)
    if not moves:
        value = -search.value(other, own, -1, 1)
        sign = (value > 0) - (value < 0)
        return EndgameResult(PASS, sign, search.nodes, _elapsed(search))
    square, sign = search.root_outcome(own, other, moves)
    return EndgameResult(PLACES[square], sign, search.nodes, _elapsed(search))


def _elapsed(search: ExactSearch) -> float:
    return 0.0 if search.clock is None else search.clock.elapsed()


class ReversiEndgame:
    """A level's reversi endgame: solved when few squares are empty.

    Up to :data:`EXACT_EMPTIES` empty squares the move with the best final
    disc difference is played; up to :data:`OUTCOME_EMPTIES` a move that
    keeps a won (else drawn) game so.  The proof may use :data:`SOLVE_SHARE`
    of the decision's budget; when it cannot finish, or every move loses
    (the heuristic search then looks for the opponent's mistakes), the usual
    alpha-beta decides with what is left.
    """

    def __init__(self, level: str, evaluator: Evaluator | None) -> None:
        self.exact_empties = EXACT_EMPTIES.get(level, 0)
        self.outcome_empties = max(OUTCOME_EMPTIES.get(level, 0), self.exact_empties)
        self.evaluator = evaluator

    def choose(self, state: State, clock: Clock, rng: random.Random) -> EndgameChoice | None:
        """The decision in ``state``; ``None`` when too many squares are empty."""
        if not isinstance(state, ReversiState) or state.is_terminal():
            return None
        empties = empties_of(state)
        if empties > self.outcome_empties:
            return None
        search = ExactSearch(PartClock(clock, SOLVE_SHARE))
        try:
            if empties <= self.exact_empties:
                result = _solve(search, state, False)
                return EndgameChoice(result.move, "endgame", result.nodes, empties)
            result = _solve_outcome(search, state)
            if result.value >= 0:
                return EndgameChoice(result.move, "endgame-wdl", result.nodes, empties)
        except _Abort:
            pass
        rest = PartClock(clock, 1.0, search.nodes)
        found = AlphaBeta(self.evaluator).search(state, rest, rng)
        return EndgameChoice(found.move, "alphabeta", search.nodes + found.nodes, found.depth)


def endgame_player(game: Game, level: str, evaluator: Evaluator | None) -> ReversiEndgame | None:
    """The endgame player of ``level`` (``None`` for a level that never solves)."""
    if max(EXACT_EMPTIES.get(level, 0), OUTCOME_EMPTIES.get(level, 0)) <= 0:
        return None
    return ReversiEndgame(level, evaluator)
