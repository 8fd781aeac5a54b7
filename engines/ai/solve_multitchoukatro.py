"""Exact solver for multitchoukatro: memoised search over the boards.

Both players may sow any case, so the game is impartial: whether the player
to move wins depends on the board alone, not on who that player is.  A
board is won when some case, once sown (relays included), either drops the
last seed into the rouma, or ends in the rouma (the same player decides
again) on a won board, or ends the turn on a board lost for the opponent.
Every decision moves the seeds towards the rouma or adds to it, so the
boards form an acyclic graph, and a depth-first search with a table of the
values found so far decides any position.

A board is one integer, 8 bits per case (case 1 lowest; at most 144 seeds
in all): sowing adds precomputed runs of ones, so the search never builds
a list.  The search is iterative (games can be hundreds of decisions deep),
looks at the decisions that end in the rouma first, then at the cases nearest
the rouma, and stops at the first winning one, so only a small part of the
boards is ever visited; how many, by number of cases and seeds, is in
``docs/rules/multitchoukatro.md``.

``ludokiosk-engine solve multitchoukatro[,cases=N,seeds=K]`` prints whether
the first player (sud) wins and her winning first cases.  The bots' oracle
(:meth:`MultitchoukatroSolver.best_move`) plays a winning case when there is
one (a case that ends the game at once first), otherwise the case that
leaves the opponent the smallest share of winning replies; it gives up
(returns ``None``: the bot's search decides) when a position needs more than
:data:`ORACLE_LIMIT` new boards.
"""

from __future__ import annotations

from functools import lru_cache

from engines.ai.solvers import register_solver
from engines.core import Game, SpecError, State
from engines.multitchoukatro import (
    GAME_WON,
    PLACES,
    REPLAY,
    TURN_ENDS,
    Multitchoukatro,
    MultitchoukatroMove,
    MultitchoukatroState,
)

SOLVE_LIMIT = 12_000_000
"""Boards ``solve`` may tabulate (about 80 bytes each, so 1 GB at most) before giving up:
enough for every game of up to 10 cases (10 cases and 11 seeds, the largest, needs
10 million)."""
ORACLE_LIMIT = 100_000
"""New boards the bots' oracle may tabulate for one decision."""
TABLE_LIMIT = 1_000_000
"""Boards kept between decisions; the table is emptied beyond (memory on the Pi)."""

Move = tuple[int, int, int]
"""``(case index, board after, ending)``: one decision of a board."""
Frame = tuple[int, list[tuple[int, bool]], list[int]]
"""A board being solved: its key, its decisions as ``(board after, ends in the
rouma)`` and the index of the decision being looked at."""


class TooBigToSolve(SpecError):
    """The game (its cases and seeds) needs more boards than the solver may hold."""


def pack(board: tuple[int, ...]) -> int:
    """A board as one integer, 8 bits per case, case 1 lowest."""
    key = 0
    for seeds in reversed(board):
        key = key << 8 | seeds
    return key


def unpack(key: int, cases: int) -> tuple[int, ...]:
    return tuple(key >> 8 * i & 255 for i in range(cases))


class Sower:
    """Sowing on packed boards of ``cases`` cases."""

    def __init__(self, cases: int) -> None:
        self.cases = cases
        self.runs = [
            [sum(1 << 8 * i for i in range(a, b)) for b in range(cases + 1)]
            for a in range(cases + 1)
        ]
        """``runs[a][b]``: one seed in each of the cases ``a`` … ``b - 1`` (indices)."""
        self.ones = self.runs[0][cases]

    def sow(self, key: int, case: int) -> tuple[int, int]:
        """The board after sowing ``case`` and its relays, and how the decision ends."""
        n = self.cases
        cycle = n + 1
        runs = self.runs
        while True:
            shift = 8 * case
            seeds = key >> shift & 255
            key -= seeds << shift
            laps, rest = divmod(seeds, cycle)
            if laps:
                key += laps * self.ones
            stop = case + rest  # the last seed's position, not yet wrapped round
            if stop < n:
                key += runs[case + 1][stop + 1]
            else:
                key += runs[case + 1][n]
                if stop > n:
                    key += runs[0][stop - n]
            last = (case + seeds) % cycle
            if last == n:
                return key, (REPLAY if key else GAME_WON)
            if key >> 8 * last & 255 == 1:
                return key, TURN_ENDS
            case = last

    def moves(self, key: int) -> list[Move]:
        """Every decision of a board, the ones that end in the rouma first, then from the
        last case (next to the rouma) back to case 1.

        The order only decides which winning case the search finds first; looking
        at the cases nearest the rouma first visits far fewer boards (with 10
        cases and 3 seeds, 0.3 million instead of 2.2 million).
        """
        out = []
        for case in range(self.cases - 1, -1, -1):
            if key >> 8 * case & 255:
                after, ending = self.sow(key, case)
                out.append((case, after, ending))
        out.sort(key=lambda move: -move[2])
        return out


@lru_cache(maxsize=8)
def sower(cases: int) -> Sower:
    return Sower(cases)


class Table:
    """Values of the boards of one size for the player to move (``True``: won)."""

    def __init__(self, cases: int) -> None:
        self.sower = sower(cases)
        self.won: dict[int, bool] = {}

    def __len__(self) -> int:
        return len(self.won)

    def value(self, key: int, limit: int) -> bool:
        """Whether the player to move on board ``key`` wins; :class:`TooBigToSolve` when
        the table would have to hold more than ``limit`` boards."""
        won = self.won
        if key in won:
            return won[key]
        frame = self._frame(key)
        if frame is None:
            return won[key]
        stack = [frame]
        while stack:
            board, moves, cursor = stack[-1]
            result = pushed = False
            while cursor[0] < len(moves):
                after, replay = moves[cursor[0]]
                known = won.get(after)
                if known is None:
                    frame = self._frame(after)
                    if frame is not None:
                        stack.append(frame)
                        pushed = True
                        break
                    known = won[after]
                if known == replay:
                    result = True
                    break
                cursor[0] += 1
            if pushed:
                if len(won) > limit:
                    raise TooBigToSolve(f"more than {limit} boards to solve")
                continue
            won[board] = result
            stack.pop()
        return won[key]

    def _frame(self, key: int) -> Frame | None:
        """The search frame of an unsolved board, or ``None`` when one look at its
        decisions decides it (the value is then in the table)."""
        won = self.won
        moves = []
        unknown = False
        for _, after, ending in self.sower.moves(key):
            if ending == GAME_WON:
                won[key] = True
                return None
            replay = ending == REPLAY
            known = won.get(after)
            if known == replay:
                won[key] = True
                return None
            unknown = unknown or known is None
            moves.append((after, replay))
        if not unknown:
            won[key] = False
            return None
        return key, moves, [0]

    def move_values(self, key: int, limit: int) -> list[Move]:
        """For each case that can be sown, by case: ``(case index, 1 if it wins for the
        mover else 0, ending)``; ``limit`` as for :meth:`value`."""
        out = []
        for case, after, ending in sorted(self.sower.moves(key)):
            wins = ending == GAME_WON or self.value(after, limit) == (ending == REPLAY)
            out.append((case, int(wins), ending))
        return out


def known_too_big(cases: int, seeds: int) -> bool:
    """Sizes measured to exceed :data:`SOLVE_LIMIT` (12 cases with 3 seeds or more),
    refused at once instead of after minutes of search."""
    return cases >= 12 and seeds >= 3


@register_solver("multitchoukatro")
class MultitchoukatroSolver:
    """Exact values of multitchoukatro and the best case of any position."""

    def __init__(self) -> None:
        self.tables: dict[tuple[int, int], Table] = {}

    def table(self, game: Multitchoukatro) -> Table:
        """The table of the game's cases and seeds, the only one kept."""
        size = (game.cases, game.total)
        table = self.tables.get(size)
        if table is None or len(table) > TABLE_LIMIT:
            table = Table(game.cases)
            self.tables = {size: table}
        return table

    def solve(self, game: Game) -> list[str]:
        assert isinstance(game, Multitchoukatro)
        if known_too_big(game.cases, game.seeds):
            raise TooBigToSolve(
                f"solve: {game.spec} ({game.cases} cases, {game.seeds} seeds each) is known"
                f" to need more than {SOLVE_LIMIT} positions; too big to solve exactly here"
            )
        table = Table(game.cases)
        try:
            values = table.move_values(pack(game.initial_state().board), SOLVE_LIMIT)
        except TooBigToSolve:
            raise TooBigToSolve(
                f"solve: {game.spec} ({game.cases} cases, {game.seeds} seeds each) needs more "
                f"than {SOLVE_LIMIT} positions; too big to solve exactly here"
            ) from None
        winning = [str(case + 1) for case, wins, _ in values if wins]
        return [
            f"first_player: {'wins' if winning else 'loses'}",
            " ".join(["winning_moves:", *winning]),
        ]

    def wins(self, state: MultitchoukatroState, limit: int = SOLVE_LIMIT) -> bool:
        """Whether the player to move wins with perfect play (``state`` not finished)."""
        return self.table(state.game).value(pack(state.board), limit)

    def winning_moves(
        self, state: MultitchoukatroState, limit: int = SOLVE_LIMIT
    ) -> list[MultitchoukatroMove]:
        """The decisions of ``state`` that win with perfect play."""
        values = self.table(state.game).move_values(pack(state.board), limit)
        return [PLACES[case] for case, wins, _ in values if wins]

    def best_move(self, state: State) -> MultitchoukatroMove | None:
        if not isinstance(state, MultitchoukatroState) or state.is_terminal():
            return None
        table = self.table(state.game)
        try:
            key = pack(state.board)
            limit = len(table) + ORACLE_LIMIT
            values = table.move_values(key, limit)
            winning = [(ending != GAME_WON, case) for case, wins, ending in values if wins]
            if winning:
                return PLACES[min(winning)[1]]
            return PLACES[self._stubbornest(table, key, values, limit)]
        except TooBigToSolve:
            return None

    def move_values(self, state: State) -> list[tuple[MultitchoukatroMove, float]] | None:
        """Each case's exact value for the mover: 1 if it wins with perfect play, else 0
        (``None`` when the position is too big to solve within :data:`ORACLE_LIMIT`)."""
        if not isinstance(state, MultitchoukatroState) or state.is_terminal():
            return None
        table = self.table(state.game)
        try:
            values = table.move_values(pack(state.board), len(table) + ORACLE_LIMIT)
        except TooBigToSolve:
            return None
        return [(PLACES[case], float(wins)) for case, wins, _ in values]

    def scale(self, state: State) -> str:
        return "share"

    @staticmethod
    def _stubbornest(table: Table, key: int, values: list[Move], limit: int) -> int:
        """In a lost position, the case after which the opponent has the smallest share
        of winning replies (a case that ends in the rouma, replayed by the loser, counts
        as one half), among those the table's limit lets it look at."""
        best_case, best_share = values[0][0], 2.0
        for case, _, ending in values:
            share = 0.5
            if ending == TURN_ENDS:
                after, _ = table.sower.sow(key, case)
                try:
                    replies = table.move_values(after, limit)
                except TooBigToSolve:
                    break  # every case loses anyway: keep the best seen so far
                share = sum(wins for _, wins, _ in replies) / len(replies)
            if share < best_share:
                best_case, best_share = case, share
        return best_case
