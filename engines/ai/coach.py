"""The coach: how much a decision gives away against the best one, and the opponent's answer.

:func:`assess` values every legal decision of a position for the player to move,
the way the game's strongest machine player sees it, within a budget:

- an exact solver's values where the game has one that knows them
  (:class:`~engines.ai.solvers.MoveValues`: shut the box, multitchoukatro);
- the evaluator on every way the turn can end, where the machine plays whole
  turns (the dice races, barricades), and on what each cube decision leaves;
- alpha-beta with a full window at the root, so that every decision's score is
  exact at the depth reached (two players, an evaluator);
- otherwise Monte-Carlo's mean result of each decision (three or four players).

Values are on one of two scales (:class:`Scale`): a share of a win (0 lost, 1
won; the evaluator's ``[-1, 1]`` mapped onto it) or, for a player alone at shut
the box, points (minus the expected score). The loss of a decision is the best
value minus its own; the coach speaks when the loss passes the game's threshold
for that scale (:attr:`~engines.ai.profiles.AiProfile.coach_threshold`, measured
by ``python -m bench.coach`` so that it rarely speaks between experts).

The judgement also names the opponent's best answer to the decision, when the
opponent moves next without dice: the reasons (:mod:`engines.ai.reasons`) read
it, and where no plainer reason fits, it is the reason.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from engines.ai.alphabeta import AlphaBeta
from engines.ai.budget import Budget
from engines.ai.evaluation import Evaluator, evaluator_for
from engines.ai.mcts import Mcts
from engines.ai.profiles import AiProfile, profile_for
from engines.ai.solvers import move_values_for
from engines.ai.turns import after_throws, turn_ends
from engines.core import CHANCE, DecisionKind, Move, State

COACH_SECONDS = 1.0
"""The judging's time for one decision: the joueur's (``LEVELS["joueur"]``)."""
REPLY_SHARE = 0.25
"""Share of the budget spent finding the opponent's best answer to the decision."""
SEED = 7
"""The searches' generator seed: the same position and budget give the same judgement."""


class Scale(StrEnum):
    """What a judgement's values measure."""

    SHARE = "share"
    """A share of a win for the player: 0 lost, 1 won (a draw or an even game 0.5)."""
    POINTS = "points"
    """Points of the player's own score, the fewer the better, counted negative."""


@dataclass(frozen=True)
class Assessment:
    """Every decision of a position valued for the player to move: what the coach knows
    before the person chooses (it pickles, to cross from the thinking process)."""

    values: tuple[tuple[Move, float], ...]
    """Every legal decision with its value, best first."""
    threshold: float
    """The loss past which the coach speaks, for this game and scale."""
    scale: Scale
    method: str = ""
    """How the values were found: ``solver``, ``turns``, ``alphabeta`` or ``mcts``."""

    @property
    def best(self) -> Move:
        return self.values[0][0]

    def value_of(self, move: Move) -> float:
        """The value found for ``move`` (``KeyError`` if it is not a decision here)."""
        for candidate, value in self.values:
            if candidate == move:
                return value
        raise KeyError(f"'{move}' was not assessed")

    def loss(self, move: Move) -> float:
        """The best decision's value minus ``move``'s (0 for the best)."""
        return max(0.0, self.values[0][1] - self.value_of(move))

    def flags(self, move: Move) -> bool:
        """Whether the coach warns before ``move`` is played."""
        return self.loss(move) > self.threshold


@dataclass(frozen=True)
class Judgement:
    """A decision weighed against the best of its position."""

    move: Move
    best: Move
    loss: float
    """The best decision's value minus this one's (0 for the best), on :attr:`scale`."""
    threshold: float
    """The loss past which the coach speaks, for this game and scale."""
    scale: Scale
    values: tuple[tuple[Move, float], ...]
    """Every legal decision with its value, best first."""
    reply: Move | None = None
    """The opponent's best answer to :attr:`move` (none when dice come first, or the
    same player goes on)."""
    method: str = ""
    """How the values were found: ``solver``, ``turns``, ``alphabeta`` or ``mcts``."""

    @property
    def flagged(self) -> bool:
        """Whether the coach warns before this decision is played."""
        return self.loss > self.threshold

    def value_of(self, move: Move) -> float:
        """The value found for ``move``."""
        return next(value for candidate, value in self.values if candidate == move)


def assess(state: State, seconds: float | None = COACH_SECONDS,
           nodes: int | None = None) -> Assessment:
    """Every legal decision of ``state`` (a decision node) valued for the player to move.

    ``seconds`` and/or ``nodes`` bound the search as a bot's budget does; a node
    budget alone gives the same values on any machine."""
    if state.current_player is CHANCE or state.is_terminal():
        raise ValueError(f"no decision to judge in '{state.to_text()}'")
    legal = list(state.legal_moves())
    profile = profile_for(state.game)
    scale, values, method = _values(state, legal, profile, Budget(seconds, nodes))
    threshold = profile.coach_threshold.get(scale.value, DEFAULT_THRESHOLDS[scale])
    return Assessment(tuple(sorted(values, key=lambda pair: -pair[1])), threshold, scale,
                      method)


def explain(state: State, move: Move, assessment: Assessment,
            seconds: float | None = COACH_SECONDS * REPLY_SHARE,
            nodes: int | None = None) -> Judgement:
    """``move`` judged by ``assessment`` of ``state``, with the opponent's best answer
    found within the budget (for the reasons)."""
    if move not in state.legal_moves():
        raise ValueError(f"'{move}' is not a legal decision in '{state.to_text()}'")
    after = state.apply(move)
    reply = None
    if assessment.method != "solver" and after.current_player not in (state.current_player,
                                                                       CHANCE):
        reply = _reply(after, Budget(seconds, nodes))
    return Judgement(move, assessment.best, assessment.loss(move), assessment.threshold,
                     assessment.scale, assessment.values, reply, assessment.method)


def judge(state: State, move: Move, seconds: float | None = COACH_SECONDS,
          nodes: int | None = None) -> Judgement:
    """``move`` (legal in ``state``, a decision node) weighed against the best decision:
    :func:`assess`, then :func:`explain` with a quarter of the budget."""
    if state.current_player is CHANCE or state.is_terminal():
        raise ValueError(f"no decision to judge in '{state.to_text()}'")
    if move not in state.legal_moves():
        raise ValueError(f"'{move}' is not a legal decision in '{state.to_text()}'")
    assessment = assess(state, seconds, nodes)
    return explain(state, move, assessment,
                   None if seconds is None else seconds * REPLY_SHARE,
                   None if nodes is None else max(1, int(nodes * REPLY_SHARE)))


DEFAULT_THRESHOLDS = {Scale.SHARE: 0.15, Scale.POINTS: 3.0}
"""The coach's threshold where a game's profile gives none."""


def _values(state: State, legal: Sequence[Move], profile: AiProfile, budget: Budget
            ) -> tuple[Scale, list[tuple[Move, float]], str]:
    """Every legal decision's value for the player to move, its scale and the method."""
    oracle = move_values_for(state.game)
    if oracle is not None:
        known = oracle.move_values(state)
        if known is not None:
            points = oracle.scale(state) == Scale.POINTS.value
            return (Scale.POINTS if points else Scale.SHARE), list(known), "solver"
    evaluator = evaluator_for(state.game)
    player = state.current_player
    if evaluator is not None and _by_turns(state, profile):
        if state.decision_kind() is DecisionKind.PLAY:
            return Scale.SHARE, _turn_values(state, legal, evaluator), "turns"
        return Scale.SHARE, [
            (move, _share(after_throws(state.apply_unchecked(move), player, evaluator)))
            for move in legal
        ], "turns"
    clock = budget.start()
    rng = random.Random(SEED)
    if evaluator is not None and len(state.game.players) == 2:
        search = AlphaBeta(evaluator, margin=float("inf"), turn_depth=profile.depth_in_turns)
        result = search.search(state, clock, rng)
        return Scale.SHARE, _steady(legal, result.scores, result.previous), "alphabeta"
    mcts = Mcts(evaluator).search(state, clock, rng)
    means = {move: mean for move, _, mean in mcts.visits}
    return Scale.SHARE, [(move, means.get(move, 0.0)) for move in legal], "mcts"


def _steady(legal: Sequence[Move], scores: Sequence[tuple[Move, float]],
            previous: Sequence[tuple[Move, float]]) -> list[tuple[Move, float]]:
    """Each decision's value at the deepest search, its loss the mean of its losses at
    that depth and the one before: a search's values swing from one depth to the next
    (the last decision seen is the mover's, then the opponent's)."""
    now = {move: _share(score) for move, score in scores}
    if not previous:
        return [(move, now.get(move, 0.0)) for move in legal]
    before = {move: _share(score) for move, score in previous}
    best_now, best_before = max(now.values()), max(before.values())
    values = []
    for move in legal:
        loss_now = best_now - now.get(move, 0.0)
        loss_before = best_before - before.get(move, 0.0)
        values.append((move, best_now - (loss_now + loss_before) / 2))
    return values


def _by_turns(state: State, profile: AiProfile) -> bool:
    """Whether the game's machine judges whole turns (its profile plays them at some
    level) rather than searching decision by decision."""
    return bool(profile.turn_noise) or profile.expert_best_play_one_throw_on or (
        profile.expert_whole_turn_alone and len(state.game.players) > 2
        and not state.game.teams
    )


def _turn_values(state: State, legal: Sequence[Move], evaluator: Evaluator
                 ) -> list[tuple[Move, float]]:
    """Each decision's value: the best way the turn can end after it, by the evaluator.

    A decision within a turn is worth the best ending it still allows: the ends are
    searched again from the position it leaves when it does not end the turn."""
    player = state.current_player
    values = []
    for move in legal:
        after = state.apply_unchecked(move)
        if after.current_player != player or after.is_terminal():
            value = _end_value(after, player, evaluator)
        else:
            ends = turn_ends(after)
            value = max((evaluator(end, player) if not end.is_terminal()
                         else _terminal(end, player) for end, _ in ends.values()),
                        default=_end_value(after, player, evaluator))
        values.append((move, _share(value)))
    return values


def _end_value(state: State, player: str, evaluator: Evaluator) -> float:
    """``state``'s value for ``player`` in the evaluator's units (a finished game: ±1)."""
    return _terminal(state, player) if state.is_terminal() else evaluator(state, player)


def _terminal(state: State, player: str) -> float:
    outcome = state.outcome()
    return 0.0 if outcome is None else 2.0 * outcome.value(player) - 1.0


def _share(score: float) -> float:
    """An evaluator's or a search's score (``[-1, 1]``, wins just beyond) as a share of a
    win."""
    return (max(-1.0, min(1.0, score)) + 1.0) / 2.0


def _reply(after: State, budget: Budget) -> Move | None:
    """The opponent's best answer in ``after``, when the opponent moves next."""
    if after.is_terminal() or after.current_player is CHANCE:
        return None
    evaluator = evaluator_for(after.game)
    if evaluator is None or len(after.game.players) != 2 or after.game.has_chance:
        return None
    search = AlphaBeta(evaluator, turn_depth=profile_for(after.game).depth_in_turns)
    return search.search(after, budget.start(), random.Random(SEED)).move
