"""Exact solver of shut the box: dynamic programming over the sets of open boxes.

A round is a chance node for each set of open boxes (the dice about to be
thrown); after the throw the player picks one of the closing moves, which
only ever removes boxes, so the value of a set depends on its subsets alone
and one pass over the masks in increasing order solves every position.

``V[open] = sum over throws of p * (max over moves of V[open - closed]`` if
the throw closes something, else ``utility[open])``, with ``V[0] =
utility[0]`` (the box shut).  Two utilities are used:

- a player alone, and the first of three or more, minimises the expected
  score: ``utility = -score``;
- a later player plays to beat the best score so far, ``target``, held by
  ``k`` players: ``utility = 1`` for a score below the target, ``1 / (k + 1)``
  for a score equal to it (lowest score wins, ties share the win), ``0``
  above it.  Moves of equal chance are then told apart by the expected score;
- the first of two players maximises its share of the win against a second
  player who then plays to beat its score: ``utility = 1 - W(score)``, where
  ``W(t)`` is the second player's chance against a target ``t`` (one table per
  score a round can make).  The lowest expected score is not the best chance:
  with the French scores (the open boxes read as a number) a round left with
  seven boxes open costs millions of points but loses no more than one left
  with two.

Values are floats (each is a sum of at most 21 products per box level, so
they are exact to about 14 significant digits).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from engines.ai.profiles import AiProfile, register_profile
from engines.ai.solvers import register_solver
from engines.core import Game, State
from engines.shutthebox import BoxRules, Close, ShutTheBoxState

MAX_FIRST_OF_TWO_TARGETS = 600
"""The first of two players plays for the win when a round can make at most this many
scores (every nine-box variant, the twelve boxes added up); each is a table to solve.
Beyond (twelve boxes read as a number), it minimises its expected score."""

Throws = tuple[tuple[float, tuple[int, ...]], ...]
"""For one set of open boxes, each throw's probability and the sets it can leave (none:
the round ends)."""


def throw_table(rules: BoxRules) -> list[Throws]:
    """:data:`Throws` of every set of open boxes, so that a table is solved without
    asking the rules again."""
    table: list[Throws] = [()]
    for mask in range(1, rules.full + 1):
        table.append(tuple(
            (probability, tuple(mask & ~m.mask for m in rules.options(mask, dice.values)))
            for dice, probability in rules.rolls(mask)
        ))
    return table


def round_values(rules: BoxRules, utility: Sequence[float],
                 throws: Sequence[Throws] | None = None) -> list[float]:
    """``V[open]`` for every set of open boxes: the best expected utility of the rest
    of a round about to throw, ``utility[open]`` being that of ending with ``open``
    (``throws``: :func:`throw_table`, made here when not given)."""
    throws = throw_table(rules) if throws is None else throws
    values = [0.0] * (rules.full + 1)
    values[0] = utility[0]
    for mask in range(1, rules.full + 1):
        total = 0.0
        for probability, children in throws[mask]:
            if children:
                total += probability * max([values[child] for child in children])
            else:
                total += probability * utility[mask]
        values[mask] = total
    return values


def score_utility(rules: BoxRules) -> list[float]:
    """Minus the score of ending with each set of open boxes."""
    return [-float(rules.score(mask)) for mask in range(rules.full + 1)]


def target_utility(rules: BoxRules, target: int, holders: int) -> list[float]:
    """The share of the win for each final set of open boxes against a best score of
    ``target`` held by ``holders`` players."""
    tie = 1.0 / (holders + 1)
    utility = []
    for mask in range(rules.full + 1):
        score = rules.score(mask)
        utility.append(1.0 if score < target else tie if score == target else 0.0)
    return utility


def first_of_two_utility(rules: BoxRules, throws: Sequence[Throws] | None = None
                         ) -> list[float]:
    """The first of two players' share of the win for each final set of open boxes: what
    the second player, playing to beat that score, leaves it."""
    throws = throw_table(rules) if throws is None else throws
    scores = [rules.score(mask) for mask in range(rules.full + 1)]
    second = {
        target: round_values(rules, target_utility(rules, target, 1), throws)[rules.full]
        for target in sorted(set(scores))
    }
    return [1.0 - second[score] for score in scores]


def shut_utility(rules: BoxRules) -> list[float]:
    """1 for the box shut, 0 otherwise."""
    return [1.0] + [0.0] * rules.full


def policy_probability(rules: BoxRules, choice: Sequence[float], event: Sequence[float]) -> float:
    """Probability (expectation of ``event``) of a round from every box open when each
    throw is played to the best ``choice`` value."""
    values = [0.0] * (rules.full + 1)
    values[0] = event[0]
    for mask in range(1, rules.full + 1):
        total = 0.0
        for dice, probability in rules.rolls(mask):
            moves = rules.options(mask, dice.values)
            if moves:
                best = max(moves, key=lambda m: choice[mask & ~m.mask])
                total += probability * values[mask & ~best.mask]
            else:
                total += probability * event[mask]
        values[mask] = total
    return values[rules.full]


@register_solver("shut-the-box")
class ShutTheBoxSolver:
    """Expected scores and the best move of any position, by dynamic programming."""

    def __init__(self) -> None:
        self._tables: dict[tuple[Any, ...], list[float]] = {}
        self._first_of_two: dict[tuple[Any, ...], tuple[list[float], list[float]] | None] = {}

    def _key(self, rules: BoxRules) -> tuple[Any, ...]:
        return (rules.boxes, rules.exact, rules.single_always, rules.digits)

    def score_values(self, rules: BoxRules) -> list[float]:
        """``V[open]`` for the expected score (negated: higher is better)."""
        key = (*self._key(rules), "score")
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = round_values(rules, score_utility(rules))
        return table

    def _first_of_two_tables(self, rules: BoxRules) -> tuple[list[float], list[float]] | None:
        """The first of two players' shares and values, solved once per rule set; ``None``
        when a round can make more than :data:`MAX_FIRST_OF_TWO_TARGETS` scores."""
        key = self._key(rules)
        if key not in self._first_of_two:
            scores = {rules.score(mask) for mask in range(rules.full + 1)}
            tables = None
            if len(scores) <= MAX_FIRST_OF_TWO_TARGETS:
                throws = throw_table(rules)
                utility = first_of_two_utility(rules, throws)
                tables = (utility, round_values(rules, utility, throws))
            self._first_of_two[key] = tables
        return self._first_of_two[key]

    def first_of_two_values(self, rules: BoxRules) -> list[float] | None:
        """``V[open]`` for the first of two players' share of the win (``None``: see
        :meth:`_first_of_two_tables`)."""
        tables = self._first_of_two_tables(rules)
        return None if tables is None else tables[1]

    def first_of_two_shares(self, rules: BoxRules) -> list[float] | None:
        """:func:`first_of_two_utility` of ``rules``, kept with the values."""
        tables = self._first_of_two_tables(rules)
        return None if tables is None else tables[0]

    def target_values(self, rules: BoxRules, target: int, holders: int) -> list[float]:
        """``V[open]``: the expected share of the win against ``target``."""
        key = (*self._key(rules), "target", target, holders)
        table = self._tables.get(key)
        if table is None:
            if len(self._tables) > 256:
                self._tables = {k: v for k, v in self._tables.items() if k[-1] == "score"}
            table = self._tables[key] = round_values(
                rules, target_utility(rules, target, holders)
            )
        return table

    def expected_score(self, game: Game) -> float:
        """The optimal expected score of a round from every box open."""
        rules = _rules(game)
        return -self.score_values(rules)[rules.full]

    def solve(self, game: Game) -> list[str]:
        rules = _rules(game)
        score_table = self.score_values(rules)
        shut = round_values(rules, shut_utility(rules))
        return [
            f"game: {game.spec}",
            f"expected_score: {-score_table[rules.full]:.12g}",
            "shut_probability_playing_for_score: "
            f"{policy_probability(rules, score_table, shut_utility(rules)):.12g}",
            f"best_shut_probability: {shut[rules.full]:.12g}",
        ]

    def best_move(self, state: State) -> Close | None:
        ranked = self._ranked(state)
        return None if ranked is None else max(ranked, key=lambda pair: pair[1])[0]

    def move_values(self, state: State) -> list[tuple[Close, float]] | None:
        """Each closing's exact value: the chance of winning when playing for a win (the
        first of two, or after a score to beat), else minus the expected score."""
        ranked = self._ranked(state)
        return None if ranked is None else [(move, key[0]) for move, key in ranked]

    def scale(self, state: State) -> str:
        """``points`` for a player alone or the first of three or more, else ``share``."""
        if isinstance(state, ShutTheBoxState) and not state.scores and (
            len(state.players) != 2 or self.first_of_two_values(state.game.rules) is None
        ):
            return "points"
        return "share"

    def _ranked(self, state: State) -> list[tuple[Close, tuple[float, float]]] | None:
        """Each closing with the key the best one maximises: its value, then (playing for a
        win) minus the expected score to tell equal chances apart."""
        if not isinstance(state, ShutTheBoxState) or not state.options:
            return None
        rules = state.game.rules
        score_table = self.score_values(rules)
        moves: tuple[Close, ...] = state.options
        if not state.scores:
            first = self.first_of_two_values(rules) if len(state.players) == 2 else None
            if first is None:
                return [(m, (score_table[state.open & ~m.mask],) * 2) for m in moves]
            return [(m, (round(first[state.open & ~m.mask], 12),
                         score_table[state.open & ~m.mask])) for m in moves]
        target = min(state.scores)
        table = self.target_values(rules, target, state.scores.count(target))
        return [(m, (round(table[state.open & ~m.mask], 12), score_table[state.open & ~m.mask]))
                for m in moves]


def _rules(game: Game) -> BoxRules:
    rules = getattr(game, "rules", None)
    if not isinstance(rules, BoxRules):
        raise ValueError(f"{game.spec} is not a shut-the-box game")
    return rules


register_profile("shut-the-box", AiProfile(
    solver_for_expert_only=True,
    coach_threshold=MappingProxyType({"share": 0.05, "points": 2.0}),
))
"""Only the expert follows the solver: the joueur's own search is already close to
perfect play (docs/ai/shut-the-box.md)."""
