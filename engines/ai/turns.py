"""Whole turns judged by the evaluator with a player's noise: the joueur of the dice races.

GNU Backgammon builds its levels below its best from one evaluation made
fallible: each candidate play's equity gets a random error drawn from a
normal law (its "noise": 0.015 for *advanced*, 0.04 for *intermediate*, in
points of a game), and the level plays the best play as it sees it.  The
joueur plays backgammon, jacquet and barricades that way (their profiles'
``turn_noise``, :mod:`engines.ai.profiles`).

Every way the mover's turn can end (:meth:`~engines.core.State.turn_ends`: the
complete plays of the dice left at the tables games, the move and the
barricade's new place at barricades) is judged by the evaluator on the position it leaves, the next
player to throw.  The error of an ending is drawn from a generator seeded by
the player's seed and the position it reaches (:func:`play_noise`), so that
the decisions of one turn all see the same errors and play one whole turn,
and the same seed always makes the same mistakes.

The expert of backgammon judges its plays one throw on, as gnubg at 1-ply
with its move filter (:func:`filtered_turn_move`): every ending by the
evaluator, then the best few again over the opponent's throws and replies
(:func:`after_throws`).

The doubling cube's decisions are judged the same way, one decision at a time
(:func:`noisy_choice`): to double or to roll, to take or to drop, each by the
evaluator on what it leaves (a throw still to come, an offer awaiting its answer,
a game given up), as gnubg takes them at 0-ply; or one throw on, as at 1-ply
(:func:`after_throws`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from engines.ai.budget import Clock
from engines.ai.evaluation import Evaluator
from engines.core import DecisionKind, MoveT, State

__all__ = [
    "after_throws", "filtered_turn_move", "noisy_choice", "noisy_turn_move", "play_noise",
    "turn_ends", "turn_values",
]


def turn_ends(state: State[MoveT]) -> dict[Hashable, tuple[State[MoveT], MoveT]]:
    """Each distinct position the turn of ``state``'s player can end in (by its key):
    that position, and the first decision towards it (:meth:`State.turn_ends`)."""
    return state.turn_ends()


def turn_values(
    state: State[MoveT], evaluator: Evaluator
) -> dict[Hashable, tuple[float, MoveT]]:
    """Each ending of the turn (:func:`turn_ends`): its value for the player, and the
    first decision towards it."""
    player = state.current_player
    return {key: (evaluator(after, player), first)
            for key, (after, first) in turn_ends(state).items()}


def play_noise(seed: int, ending: Hashable, noise: float) -> float:
    """The error a player of this ``seed`` makes on the turn ending in ``ending`` (a
    key of :func:`turn_ends`): normal, of standard deviation ``noise``."""
    parts = ending if isinstance(ending, tuple) else (ending,)
    return random.Random("|".join(map(str, (seed, *parts)))).gauss(0.0, noise)


def noisy_turn_move(state: State[MoveT], evaluator: Evaluator, seed: int, noise: float) -> MoveT:
    """The decision that starts the player's best way to end its turn, each ending's
    value blurred by :func:`play_noise` (``noise`` in the evaluator's units; none at 0,
    and then the first of the best endings)."""
    if state.decision_kind() is not DecisionKind.PLAY:
        raise ValueError(f"'{state.to_text()}' is not a play of the game (a cube's decision?)")
    values = turn_values(state, evaluator)
    if not values:
        raise ValueError(f"no decision to take in '{state.to_text()}'")
    if not noise:
        return max(values.values(), key=lambda value: value[0])[1]
    best = max(values, key=lambda ending: values[ending][0]
               + play_noise(seed, ending, noise))
    return values[best][1]


FILTER_KEEP = 2
"""At most this many of a turn's best endings by the evaluator are judged again one throw
on.  gnubg's default move filter for 1-ply keeps 8; with our evaluator the best two do as
well, judged by gnubg at 2-ply over 2,100 turns, in a third of the time (0.0082 points
given away per turn against 0.0090; 0.0103 for the evaluator's best alone)."""
FILTER_MARGIN = 0.1
"""...and only those within this much of the best (in the evaluator's units: 0.3 points of
a single game without the cube)."""


def filtered_turn_move(state: State[MoveT], evaluator: Evaluator, clock: Clock | None = None,
                       keep: int = FILTER_KEEP, margin: float = FILTER_MARGIN) -> MoveT:
    """The decision that starts the player's best way to end its turn judged one throw on
    (gnubg's 1-ply and its move filter): every ending by the evaluator, then the best
    ``keep`` within ``margin`` of the best, best first, by :func:`after_throws`.  When
    ``clock`` runs out, the best of those judged so far (at least the first); at equal
    values, the first."""
    player = state.current_player
    ranked = sorted(((evaluator(after, player), after, first)
                     for after, first in turn_ends(state).values()),
                    key=lambda ending: -ending[0])
    if not ranked:
        raise ValueError(f"no decision to take in '{state.to_text()}'")
    floor = ranked[0][0] - margin
    chosen, chosen_value = ranked[0][2], float("-inf")
    for value, after, first in ranked[:keep]:
        if value < floor or (chosen_value > float("-inf") and clock is not None
                             and clock.out_of_time()):
            break
        deeper = after_throws(after, player, evaluator)
        if deeper > chosen_value:
            chosen, chosen_value = first, deeper
    return chosen


def noisy_choice(state: State[MoveT], evaluator: Evaluator, seed: int, noise: float,
                 one_throw_on: bool = False) -> MoveT:
    """The player's best decision judged by the position each one leaves (before any
    dice), each value blurred by :func:`play_noise` keyed by that position; at equal
    values the first of the legal decisions.  ``one_throw_on`` judges each position
    by :func:`after_throws` (gnubg's 1-ply) instead of the evaluator alone (0-ply)."""
    player = state.current_player
    moves = state.legal_moves()
    if not moves:
        raise ValueError(f"no decision to take in '{state.to_text()}'")

    def seen(move: MoveT) -> float:
        after = state.apply_unchecked(move)
        judge = after_throws if one_throw_on else _at_once
        value = judge(after, player, evaluator)
        return value + play_noise(seed, after.key(), noise) if noise else value

    return max(moves, key=seen)


def _at_once(state: State, player: str, evaluator: Evaluator) -> float:
    """The evaluator's value of ``state`` for ``player`` (gnubg's 0-ply)."""
    return evaluator(state, player)


def after_throws(state: State, player: str, evaluator: Evaluator) -> float:
    """The value for ``player`` of ``state`` one throw on: before the dice, the mean
    over the throws of the evaluator after each (the best complete play of the throw);
    at the other player's decision (an answer to a double), the one best for them.  A
    finished game or a new manche (a dropped double) is judged by the evaluator, from
    the score.  The evaluator is assumed zero-sum, as backgammon's is."""
    if state.is_terminal() or state.decision_kind() is DecisionKind.OPENING:
        return evaluator(state, player)
    if state.is_chance_node():
        return sum(chance * evaluator(state.apply_unchecked(throw), player)
                   for throw, chance in state.chance_outcomes())
    if state.current_player != player:
        return min(after_throws(state.apply_unchecked(move), player, evaluator)
                   for move in state.legal_moves())
    return evaluator(state, player)
