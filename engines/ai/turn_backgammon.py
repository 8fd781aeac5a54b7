"""Backgammon's whole plays of a throw, judged by the evaluator, with a player's noise.

GNU Backgammon builds its levels below its best from one evaluation made
fallible: each candidate play's equity gets a random error drawn from a
normal law (its "noise": 0.015 for *advanced*, 0.04 for *intermediate*, in
points of a game), and the level plays the best play as it sees it.  The
joueur plays backgammon that way (:data:`engines.ai.bots.TURN_NOISE`).

The error of a play is drawn from a generator seeded by the player's seed
and the position the play reaches (:func:`play_noise`), so that the
decisions of one turn (one per checker) all see the same errors and play one
complete play, and the same seed always makes the same mistakes.
"""

from __future__ import annotations

import random

from engines.ai.eval_backgammon import POINTS_SCALE, cubeless, finished_value, position_value
from engines.backgammon import RULES, BackgammonState
from engines.core import Move, State
from engines.tables import MOVE, Side, complete_plays
from engines.tables.rules import CHECKERS

__all__ = ["INTERMEDIATE_NOISE", "noisy_turn_move", "play_noise", "play_value"]

INTERMEDIATE_NOISE = 0.04 / POINTS_SCALE
"""gnubg's *intermediate* noise, 0.04 points of a single game, in the evaluator's units
(the same number is used in matches, where the units are twice the match equity)."""


def play_value(state: BackgammonState, own: Side, other: Side) -> float:
    """The value for the mover of ``state`` of a complete play reaching ``own``
    (its checkers) and ``other`` (the opponent's), judged as the position the
    opponent rolls from."""
    mover = state.mover
    if own[0] == CHECKERS:
        return finished_value(state, mover, other)
    p, gw, gl, bw, bl = cubeless(other, own)
    return position_value((1.0 - p, gl, gw, bl, bw), state, mover)


def play_noise(seed: int, own: Side, other: Side, noise: float) -> float:
    """The error a player of this ``seed`` makes on the play reaching ``own`` and
    ``other``: normal, of standard deviation ``noise``."""
    return random.Random(f"{seed}|{own}|{other}").gauss(0.0, noise)


def noisy_turn_move(state: State, seed: int, noise: float) -> Move:
    """The checker move that starts the mover's best complete play of the dice left,
    each play's value blurred by :func:`play_noise` (``noise`` in value units)."""
    if not isinstance(state, BackgammonState) or state.phase != MOVE:
        raise ValueError(f"'{state.to_text()}' is not a checker move")
    seat = state.mover
    best_move: Move | None = None
    best = -float("inf")
    for move in state.legal_moves():
        child = state.apply(move)
        assert isinstance(child, BackgammonState)
        if child.is_terminal() or child.mover != seat or child.phase != MOVE:
            finals = [(child.boards[seat], child.boards[1 - seat])]
        else:
            finals = list(complete_plays(RULES, *child.sides(), child.dice))
        for own, other in finals:
            value = play_value(state, own, other) + play_noise(seed, own, other, noise)
            if value > best:
                best, best_move = value, move
    assert best_move is not None
    return best_move
