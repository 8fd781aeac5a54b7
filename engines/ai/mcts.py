"""Monte-Carlo tree search (UCT) for any number of players, with chance nodes.

Each node keeps the statistics of the player who moved into it, so a player
who decides several times in a row, or one of three or four players, simply
maximises their own average (max^n).  Values come from
``outcome().value(player)`` in ``[0, 1]``.  At a chance node an outcome is
drawn with its probability and its child created on first draw, so the tree
averages over the dice as they fall.  Rollouts use the game's fast
``random_playout``; with an evaluator, a short random walk is cut off and
the position scored by the evaluator instead.

Proofs (MCTS-Solver): a node whose result is known is *final* and holds the
values of every player: a finished game; a position whose player can win at
once (checked when a root move is expanded, deeper the second time a node
is reached, when the search goes below it: most nodes are reached only
once); a decision node with a final child
that wins for its player, or whose children are all final (it takes the best
of them for its player).  Final nodes are not searched below, and a final
result climbs the tree as far as it is decided.
"""

from __future__ import annotations

import math
import random
import time
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field

from engines.ai.budget import Clock
from engines.ai.evaluation import Evaluator
from engines.core import CHANCE, Move, MoveT, State

EXPLORATION = 0.7
"""UCT constant for values in [0, 1]."""
EARLY_STOP_EVERY = 64
"""Iterations between two checks that the chosen move can still change."""

Values = dict[str | None, float]
"""Value of a position for each player name (``None`` and chance get 0)."""


class _Node:
    """One position of the tree."""

    __slots__ = (
        "checked",
        "children",
        "cumulative",
        "final",
        "move",
        "mover",
        "outcomes",
        "player",
        "proof",
        "state",
        "total",
        "untried",
        "visits",
    )

    def __init__(self, state: State, mover: str | None, move: Move) -> None:
        self.state = state
        self.mover = mover
        self.move = move
        self.player = state.current_player
        self.visits = 0
        self.total = 0.0
        self.children: list[_Node] = []
        self.untried: list[Move] = []
        self.outcomes: dict[Move, _Node] | None = None
        self.cumulative: tuple[list[Move], list[float]] | None = None
        self.final: Values | None = None
        self.proof: _Node | None = None
        """The child that decides a final decision node."""
        self.checked = False
        """Whether the player to move was checked for a win in one."""

    def open(self, players: tuple[str, ...], rng: random.Random) -> None:
        """Prepare the moves (or dice) of a new node; settle it if the game is over."""
        state = self.state
        if state.is_terminal():
            self.final = outcome_values(state, players)
            return
        if self.player is CHANCE:
            self.outcomes = {}
            moves, cumulative, total = [], [], 0.0
            for outcome, probability in state.chance_outcomes():
                total += probability
                moves.append(outcome)
                cumulative.append(total)
            self.cumulative = (moves, cumulative)
            return
        self.untried = list(state.legal_moves())
        rng.shuffle(self.untried)

    def settle_if_decisive(self, players: tuple[str, ...]) -> bool:
        """Make the node final if its player can win at once (they will); whether it is."""
        self.checked = True
        move = winning_move(self.state, self.untried)
        if move is None:
            return False
        self.final = outcome_values(self.state.apply_unchecked(move), players)
        self.untried = []
        return True

    def try_prove(self) -> bool:
        """Settle a decision node from its final children; whether it is now final."""
        if self.final is not None:
            return True
        player = self.player
        if player is CHANCE:
            return False
        every_child_final = not self.untried
        best: _Node | None = None
        best_value = -1.0
        for child in self.children:
            final = child.final
            if final is None:
                every_child_final = False
                continue
            value = final.get(player, 0.0)
            if value > best_value:
                best, best_value = child, value
                if value >= 1.0:
                    break
        if best is None or (best_value < 1.0 and not every_child_final):
            return False
        self.final = best.final
        self.proof = best
        return True


def winning_move(state: State[MoveT], moves: Sequence[MoveT]) -> MoveT | None:
    """One of ``moves`` that wins the game at once for the player to move, if any."""
    player = state.current_player
    for move in moves:
        child = state.apply_unchecked(move)
        if child.is_terminal():
            outcome = child.outcome()
            if outcome is not None and outcome.value(player) == 1.0:
                return move
    return None


def outcome_values(state: State, players: tuple[str, ...]) -> Values:
    """Each player's value of a finished game (0.5 for all if it is not finished)."""
    outcome = state.outcome()
    if outcome is None:
        return {p: 0.5 for p in players}
    return {p: outcome.value(p) for p in players}


@dataclass
class MctsResult:
    """What a search decided, with its statistics."""

    move: Move
    iterations: int
    seconds: float
    proven: bool = False
    visits: list[tuple[Move, int, float]] = field(default_factory=list)
    """Root moves with their visits and mean value for the player to move."""


class Mcts:
    """UCT search against the engine protocol.

    ``rollout_depth`` (with an evaluator) cuts rollouts after that many random
    decisions and scores the position with the evaluator; ``None`` plays to
    the end.  ``temperature`` > 0 draws the final move with probability
    proportional to ``visits ** (1 / temperature)`` instead of taking the most
    visited one (a weaker, livelier player).  ``decisive`` checks the nodes
    the search goes through for a win in one decision of their player, so the
    tree sees one-move threats without relying on playouts.
    """

    def __init__(
        self,
        evaluator: Evaluator | None = None,
        *,
        exploration: float = EXPLORATION,
        rollout_depth: int | None = None,
        temperature: float = 0.0,
        decisive: bool = True,
    ) -> None:
        self.evaluator = evaluator
        self.decisive = decisive
        self.exploration = exploration
        self.rollout_depth = rollout_depth if evaluator is not None else None
        self.temperature = temperature

    def search(self, state: State, clock: Clock, rng: random.Random) -> MctsResult:
        """Search ``state`` (a decision node) within ``clock``'s budget."""
        players = tuple(state.players)
        root = _Node(state, None, None)
        root.open(players, rng)
        root.checked = True
        limit = clock.node_limit
        deadline = clock.deadline
        started = time.perf_counter()
        iterations = 0
        while root.final is None:
            self._iterate(root, players, rng)
            iterations += 1
            if limit is not None and iterations >= limit:
                break
            if deadline is not None:
                now = time.perf_counter()
                if now + (now - started) / iterations >= deadline:
                    break
            if (
                self.temperature == 0.0
                and iterations % EARLY_STOP_EVERY == 0
                and self._settled(root, iterations, limit, deadline, started)
            ):
                break
        move = self._final_move(root, rng)
        visits = [(c.move, c.visits, c.total / max(c.visits, 1)) for c in root.children]
        return MctsResult(move, iterations, clock.elapsed(), root.final is not None, visits)

    # ------------------------------------------------------------------ iteration

    def _iterate(self, root: _Node, players: tuple[str, ...], rng: random.Random) -> None:
        node = root
        path = [root]
        decisive = self.decisive
        while node.final is None:
            player = node.player
            if player is CHANCE:
                assert node.cumulative is not None and node.outcomes is not None
                moves, cumulative = node.cumulative
                index = bisect_right(cumulative, rng.random() * cumulative[-1])
                move = moves[min(index, len(moves) - 1)]
                child = node.outcomes.get(move)
                if child is None:
                    child = _Node(node.state.apply_unchecked(move), CHANCE, move)
                    child.open(players, rng)
                    node.outcomes[move] = child
                    path.append(child)
                    node = child
                    break
                path.append(child)
                node = child
                continue
            if decisive and not node.checked and node.settle_if_decisive(players):
                break
            if node.untried:
                move = node.untried.pop()
                child = _Node(node.state.apply_unchecked(move), player, move)
                child.open(players, rng)
                node.children.append(child)
                path.append(child)
                if decisive and node is root and child.final is None and child.player is not CHANCE:
                    child.settle_if_decisive(players)  # threats to the root moves, at once
                node = child
                break
            node = self._select(node)
            path.append(node)
        final = node.final
        values = final if final is not None else self._rollout(node.state, players, rng)
        if final is not None:
            for index in range(len(path) - 2, -1, -1):
                if not path[index].try_prove():
                    break
        for visited in path:
            visited.visits += 1
            visited.total += values.get(visited.mover, 0.0)

    def _select(self, node: _Node) -> _Node:
        """The child with the best upper confidence bound for the player to move."""
        explore = self.exploration * math.sqrt(math.log(node.visits))
        sqrt = math.sqrt
        best = node.children[0]
        best_score = -1.0
        for child in node.children:
            visits = child.visits
            score = child.total / visits + explore / sqrt(visits)
            if score > best_score:
                best_score = score
                best = child
        return best

    # ------------------------------------------------------------------ rollouts

    def _rollout(self, state: State, players: tuple[str, ...], rng: random.Random) -> Values:
        depth = self.rollout_depth
        if depth is None:
            return outcome_values(state.random_playout(rng), players)
        for _ in range(depth):
            if state.is_terminal():
                return outcome_values(state, players)
            if state.current_player is CHANCE:
                state = state.apply_unchecked(state.sample_chance(rng))
            else:
                state = state.apply_unchecked(rng.choice(state.legal_moves()))
        if state.is_terminal():
            return outcome_values(state, players)
        return self._evaluated_values(state, players)

    def _evaluated_values(self, state: State, players: tuple[str, ...]) -> Values:
        evaluate = self.evaluator
        assert evaluate is not None
        if len(players) == 2:
            value = max(-1.0, min(1.0, evaluate(state, players[0])))
            return {players[0]: (1.0 + value) / 2.0, players[1]: (1.0 - value) / 2.0}
        return {p: (1.0 + max(-1.0, min(1.0, evaluate(state, p)))) / 2.0 for p in players}

    # ------------------------------------------------------------------ decision

    def _settled(
        self,
        root: _Node,
        iterations: int,
        limit: int | None,
        deadline: float | None,
        started: float,
    ) -> bool:
        """Whether the most visited root move can no longer be overtaken."""
        if len(root.children) < 2 or root.untried:
            return False
        remaining = math.inf
        if limit is not None:
            remaining = limit - iterations
        if deadline is not None:
            now = time.perf_counter()
            per_iteration = (now - started) / iterations
            remaining = min(remaining, (deadline - now) / per_iteration + 1)
        first, second = sorted((c.visits for c in root.children), reverse=True)[:2]
        return first - second > remaining

    def _final_move(self, root: _Node, rng: random.Random) -> Move:
        if root.proof is not None:
            return root.proof.move
        player = root.player
        children = [c for c in root.children if c.final is None or c.final.get(player, 0.0) > 0]
        if not children:
            children = root.children
        if not children:
            return root.untried[-1]
        if self.temperature > 0.0:
            power = 1.0 / self.temperature
            weights = [c.visits**power for c in children]
            return rng.choices(children, weights=weights)[0].move
        return max(children, key=lambda c: (c.visits, c.total / max(c.visits, 1))).move
