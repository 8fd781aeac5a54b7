"""Alpha-beta search with iterative deepening, and expectiminimax at chance nodes.

Values are always from the root player's point of view: a decision node
maximises when its ``current_player`` is the root player and minimises
otherwise (the "paranoid" view with three or more players), so a player who
decides twice in a row (a mill then its removal) is handled without any sign
flip.  Chance nodes take the expectation of their outcomes (Star1 pruning:
each outcome is searched with a window derived from the bounds of the
others).  Depth counts decisions (or turns, with ``turn_depth``: a decision the
same player takes right after their own costs nothing); chance nodes do not
consume depth.

Scores: a heuristic position is in ``[-EVAL_LIMIT, EVAL_LIMIT]``; a finished
game is ``±(WIN - ply * PLY_STEP)``, just beyond ±1 (faster wins and slower
losses preferred); a draw is 0.  A transposition table keyed by
``state.key()`` stores bounds, the best move and the depth searched
(``SOLVED`` when no horizon was reached below the node, so the entry holds at
any depth).  Move ordering: root moves by the evaluator, then by the scores
of the previous iteration; elsewhere the table's move first, then by history
(cut-offs each move caused, weighted by depth).  When the budget runs out, the
search returns the best of the moves already searched at the unfinished
depth (the previous best is searched first), else the last finished
iteration's best.

The repetition history of a position is not part of ``state.key()``, so the
table may carry a value across paths that differ only by it (as in chess
engines); searches are never wrong about the rules, only about such values.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from engines.ai.budget import Clock
from engines.ai.evaluation import Evaluator
from engines.core import CHANCE, Move, State

EVAL_LIMIT = 0.999
"""Heuristic scores are clamped to ±EVAL_LIMIT, below any finished game."""
MAX_PLY = 400
PLY_STEP = 1e-5
MATE = 1.0
"""Scores beyond ±MATE are finished games (or mixtures of them), not heuristics."""
WIN = MATE + (MAX_PLY + 1) * PLY_STEP
"""A win on the spot; each ply to it costs PLY_STEP.  Close to 1, the scale of the
evaluators, so that expectations over the dice weigh wins and heuristics alike."""
INFINITY = float("inf")

EXACT, LOWER, UPPER = 0, 1, 2
SOLVED = 1 << 20
TT_LIMIT = 500_000
"""Positions the transposition table holds at most (memory on the Pi)."""
CHECK_EVERY = 16
"""Nodes between two looks at the clock."""

TTEntry = tuple[int, float, int, Move]


class _Abort(Exception):
    """The budget ran out in the middle of an iteration."""


@dataclass
class SearchResult:
    """What a search decided, with its statistics."""

    move: Move
    score: float
    depth: int
    nodes: int
    seconds: float
    solved: bool = False
    scores: list[tuple[Move, float]] = field(default_factory=list)
    """Root moves with their scores at ``depth`` (exact for the best, bounds below it)."""
    previous: list[tuple[Move, float]] = field(default_factory=list)
    """The same at the depth before ``depth`` (empty at depth 1)."""


def terminal_score(state: State, player: str, ply: int) -> float:
    """Score of a finished game for ``player``, preferring faster wins and slower losses."""
    outcome = state.outcome()
    value = 0.5 if outcome is None else outcome.value(player)
    if value == 0.5:
        return 0.0
    return (2.0 * value - 1.0) * (WIN - ply * PLY_STEP)


class AlphaBeta:
    """Iterative-deepening alpha-beta / expectiminimax against the engine protocol.

    ``margin`` > 0 makes the search report every root move within ``margin`` of
    the best (exact scores for them), for levels that pick among near-best moves.
    ``turn_depth`` makes a decision that the same player takes right after their
    own (putting a picked-up barricade somewhere) cost no depth, so that every
    horizon falls between two players' turns.
    """

    def __init__(
        self,
        evaluator: Evaluator | None,
        *,
        max_depth: int = 64,
        margin: float = 0.0,
        turn_depth: bool = False,
    ) -> None:
        self.evaluator = evaluator
        self.max_depth = max_depth
        self.margin = margin
        self.turn_depth = turn_depth
        self._reset_tables()
        self._clock: Clock | None = None
        self._root_player = ""
        self._nodes = 0
        self._next_check = CHECK_EVERY
        self._horizon = 0
        self._chance_seen = False
        self._partial: list[tuple[Move, float]] = []

    # ------------------------------------------------------------------ public

    def search(
        self,
        state: State,
        clock: Clock,
        rng: random.Random,
        moves: Sequence[Move] | None = None,
    ) -> SearchResult:
        """Search ``state`` (a decision node) within ``clock``'s budget.

        ``moves``, when given, limits the root to these legal moves (the others
        are known to be bad, e.g. proven lost by an endgame search).
        """
        self._start(state, clock)
        listed = list(state.legal_moves() if moves is None else moves)
        rng.shuffle(listed)
        root = [(move, state.apply_unchecked(move)) for move in listed]
        self._order_root(root)
        completed: list[tuple[Move, float]] = []
        previous: list[tuple[Move, float]] = []
        depth_done = 0
        solved = False
        try:
            for depth in range(1, self.max_depth + 1):
                horizon = self._horizon
                self._chance_seen = False
                scores = self._root(root, depth)
                previous, completed, depth_done = completed, scores, depth
                rank = {id(move): i for i, (move, _) in enumerate(scores)}
                root.sort(key=lambda pair: rank[id(pair[0])])
                if self._horizon == horizon:
                    solved = True
                    break
                if abs(scores[0][1]) > MATE and not self._chance_seen:
                    break
        except _Abort:
            # The best of the moves searched at the unfinished depth (the previous
            # best was searched first), unless a level needs every near-best score.
            if self._partial and (self.margin == 0.0 or not completed):
                previous, completed = completed, _ranked(self._partial)
        if not completed:
            completed = [(root[0][0], 0.0)]
        return SearchResult(
            move=completed[0][0],
            score=completed[0][1],
            depth=depth_done,
            nodes=self._nodes,
            seconds=clock.elapsed(),
            solved=solved,
            scores=completed,
            previous=previous,
        )

    def value(self, state: State, depth: int, clock: Clock) -> float:
        """The value of ``state`` searched ``depth`` decisions deep with a full window."""
        self._start(state, clock)
        self._root_player = state.current_player
        return self._search(state, depth, 0, -INFINITY, INFINITY)

    # ------------------------------------------------------------------ setup

    def _reset_tables(self) -> None:
        self._tt: dict[Hashable, TTEntry] = {}
        self._history: defaultdict[Move, int] = defaultdict(int)

    def _start(self, state: State, clock: Clock) -> None:
        self._reset_tables()
        self._clock = clock
        self._root_player = state.current_player
        self._nodes = 0
        self._horizon = 0
        self._partial = []
        limit = clock.node_limit
        self._next_check = CHECK_EVERY if limit is None else min(CHECK_EVERY, limit)

    def _poll(self) -> None:
        clock = self._clock
        assert clock is not None
        limit = clock.node_limit
        if limit is not None and self._nodes >= limit:
            raise _Abort
        if clock.out_of_time():
            raise _Abort
        self._next_check = self._nodes + CHECK_EVERY
        if limit is not None and limit < self._next_check:
            self._next_check = limit

    def _evaluate(self, state: State) -> float:
        if self.evaluator is None:
            return 0.0
        value = self.evaluator(state, self._root_player)
        if value > EVAL_LIMIT:
            return EVAL_LIMIT
        if value < -EVAL_LIMIT:
            return -EVAL_LIMIT
        return value

    def _order_root(self, root: list[tuple[Move, State]]) -> None:
        """Best-looking root moves first (stable: ties keep the shuffled order)."""
        if self.evaluator is None or len(root) < 2:
            return
        player = self._root_player
        values = {}
        for move, child in root:
            self._nodes += 1
            if child.is_terminal():
                values[id(move)] = terminal_score(child, player, 1)
            else:
                values[id(move)] = self._evaluate(child)
        root.sort(key=lambda pair: -values[id(pair[0])])

    # ------------------------------------------------------------------ search

    def _root(self, root: list[tuple[Move, State]], depth: int) -> list[tuple[Move, float]]:
        """Search every root move; return them best first."""
        scores: list[tuple[Move, float]] = []
        self._partial = scores
        best = -INFINITY
        margin = self.margin
        player = self._root_player
        turn_depth = self.turn_depth
        for move, child in root:
            alpha = best - margin if scores else -INFINITY
            left = depth if turn_depth and child.current_player == player else depth - 1
            value = self._search(child, left, 1, alpha, INFINITY)
            scores.append((move, value))
            if value > best:
                best = value
        return _ranked(scores)

    def _search(self, state: State, depth: int, ply: int, alpha: float, beta: float) -> float:
        self._nodes += 1
        if self._nodes >= self._next_check:
            self._poll()
        if state.is_terminal():
            return terminal_score(state, self._root_player, ply)
        if depth <= 0 or ply >= MAX_PLY:
            self._horizon += 1
            return self._evaluate(state)

        key = state.key()
        entry = self._tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_value, e_flag, tt_move = entry
            if e_depth >= depth:
                if e_value > MATE:
                    e_value -= ply * PLY_STEP
                elif e_value < -MATE:
                    e_value += ply * PLY_STEP
                if (
                    e_flag == EXACT
                    or (e_flag == LOWER and e_value >= beta)
                    or (e_flag == UPPER and e_value <= alpha)
                ):
                    if e_depth < SOLVED:
                        self._horizon += 1
                    return e_value

        horizon = self._horizon
        best_move = None
        if state.current_player is CHANCE:
            self._chance_seen = True
            best = self._chance(state, depth, ply, alpha, beta)
        else:
            moves = state.legal_moves()
            if not moves:
                self._horizon += 1
                return self._evaluate(state)
            if len(moves) > 1:
                moves = self._order(moves, tt_move)
            best_move = moves[0]
            search = self._search
            mover = state.current_player
            turn_depth = self.turn_depth
            if mover == self._root_player:
                best = -INFINITY
                a = alpha
                for move in moves:
                    child = state.apply_unchecked(move)
                    left = depth if turn_depth and child.current_player == mover else depth - 1
                    value = search(child, left, ply + 1, a, beta)
                    if value > best:
                        best = value
                        best_move = move
                        if value > a:
                            a = value
                            if a >= beta:
                                self._cutoff(move, depth)
                                break
            else:
                best = INFINITY
                b = beta
                for move in moves:
                    child = state.apply_unchecked(move)
                    left = depth if turn_depth and child.current_player == mover else depth - 1
                    value = search(child, left, ply + 1, alpha, b)
                    if value < best:
                        best = value
                        best_move = move
                        if value < b:
                            b = value
                            if alpha >= b:
                                self._cutoff(move, depth)
                                break

        flag = UPPER if best <= alpha else LOWER if best >= beta else EXACT
        stored = best
        if best > MATE:
            stored += ply * PLY_STEP
        elif best < -MATE:
            stored -= ply * PLY_STEP
        tt = self._tt
        if len(tt) < TT_LIMIT or key in tt:
            tt[key] = (SOLVED if self._horizon == horizon else depth, stored, flag, best_move)
        return best

    def _chance(self, state: State, depth: int, ply: int, alpha: float, beta: float) -> float:
        """Expected value over the chance outcomes, with Star1 cut-offs."""
        low, high = -WIN, WIN
        remaining = 1.0
        total = 0.0
        search = self._search
        for move, probability in state.chance_outcomes():
            if probability <= 0.0:
                continue
            remaining -= probability
            if remaining < 1e-12:
                remaining = 0.0
            child_alpha = (alpha - total - high * remaining) / probability
            child_beta = (beta - total - low * remaining) / probability
            value = search(
                state.apply_unchecked(move),
                depth,
                ply + 1,
                child_alpha if child_alpha > low else low,
                child_beta if child_beta < high else high,
            )
            if value >= child_beta:
                return total + probability * value + low * remaining
            if value <= child_alpha:
                return total + probability * value + high * remaining
            total += probability * value
        return total

    def _order(self, moves: Sequence[Move], tt_move: Move) -> list[Move]:
        """The transposition table's move first, then by history score."""
        ordered = sorted(moves, key=self._history.__getitem__, reverse=True)
        if tt_move is not None and ordered[0] != tt_move:
            try:
                ordered.remove(tt_move)
            except ValueError:
                return ordered
            ordered.insert(0, tt_move)
        return ordered

    def _cutoff(self, move: Move, depth: int) -> None:
        self._history[move] += depth * depth

    @property
    def nodes(self) -> int:
        """Nodes visited by the last search."""
        return self._nodes


def _ranked(scores: list[tuple[Move, float]]) -> list[tuple[Move, float]]:
    """Best score first; ties keep their order."""
    return sorted(scores, key=lambda pair: -pair[1])
