"""Exact solver of shut the box: dynamic programming over the sets of open boxes.

A round is a chance node for each set of open boxes (the dice about to be
thrown); after the throw the player picks one of the closing moves, which
only ever removes boxes, so the value of a set depends on its subsets alone
and one pass over the masks in increasing order solves every position.

``V[open] = sum over throws of p * (max over moves of V[open - closed]`` if
the throw closes something, else ``utility[open])``, with ``V[0] =
utility[0]`` (the box shut).  Two utilities are used:

- the first player (and a player alone) minimises the expected score:
  ``utility = -score``;
- a later player plays to beat the best score so far, ``target``, held by
  ``k`` players: ``utility = 1`` for a score below the target, ``1 / (k + 1)``
  for a score equal to it (lowest score wins, ties share the win), ``0``
  above it.  Moves of equal chance are then told apart by the expected score.

Values are floats (each is a sum of at most 21 products per box level, so
they are exact to about 14 significant digits).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.ai.solvers import register_solver
from engines.core import Game, State
from engines.shutthebox import BoxRules, Close, ShutTheBoxState


def round_values(rules: BoxRules, utility: Sequence[float]) -> list[float]:
    """``V[open]`` for every set of open boxes: the best expected utility of the rest
    of a round about to throw, ``utility[open]`` being that of ending with ``open``."""
    values = [0.0] * (rules.full + 1)
    values[0] = utility[0]
    rolls, options = rules.rolls, rules.options
    for mask in range(1, rules.full + 1):
        total = 0.0
        for dice, probability in rolls(mask):
            moves = options(mask, dice.values)
            if moves:
                total += probability * max(values[mask & ~m.mask] for m in moves)
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

    def _key(self, rules: BoxRules) -> tuple[Any, ...]:
        return (rules.boxes, rules.exact, rules.single_always, rules.digits)

    def score_values(self, rules: BoxRules) -> list[float]:
        """``V[open]`` for the expected score (negated: higher is better)."""
        key = (*self._key(rules), "score")
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = round_values(rules, score_utility(rules))
        return table

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

    def best_move(self, state: State) -> Any | None:
        if not isinstance(state, ShutTheBoxState) or not state.options:
            return None
        rules = state.game.rules
        score_table = self.score_values(rules)
        moves: tuple[Close, ...] = state.options
        if not state.scores:
            return max(moves, key=lambda m: score_table[state.open & ~m.mask])
        target = min(state.scores)
        table = self.target_values(rules, target, state.scores.count(target))
        return max(
            moves,
            key=lambda m: (
                round(table[state.open & ~m.mask], 12),
                score_table[state.open & ~m.mask],
            ),
        )


def _rules(game: Game) -> BoxRules:
    rules = getattr(game, "rules", None)
    if not isinstance(rules, BoxRules):
        raise ValueError(f"{game.spec} is not a shut-the-box game")
    return rules
