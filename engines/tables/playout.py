"""The fast random playout of the tables games: whole turns played on plain tuples.

Each decision is uniform among the legal ones and the dice follow their
odds, exactly as a playout through ``legal_moves`` and ``apply_unchecked``
would; a turn's checker moves are chosen without building the states in
between.  The tests replay the recorded decisions through the plain rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar, cast

from engines.core import PASS
from engines.tables.moves import CHECKER_MOVES, TablesMove
from engines.tables.rules import CHECKERS, TablesRules, can_play, find_steps, remaining
from engines.tables.state import DICE, MOVE, OPENING, OPENINGS, OVER, THROWS, TablesState

S = TypeVar("S", bound=TablesState)


def playout(state: S, rng: random.Random, trace: list[TablesMove] | None = None) -> S:
    """Play uniformly random decisions from ``state`` to the end of the game."""
    rnd = rng.random
    rules = state.rules
    while state.phase != OVER:
        phase = state.phase
        if phase == MOVE:
            state = _turn(state, rules, rnd, trace)
            continue
        if phase == DICE:
            move: TablesMove = THROWS[int(rnd() * 36)]
        elif phase == OPENING:
            move = OPENINGS[int(rnd() * 36)]
        else:
            moves = state.legal_moves()
            move = moves[int(rnd() * len(moves))]
        if trace is not None:
            trace.append(move)
        state = cast(S, state.apply_unchecked(move))
    return state


def _turn(
    state: S, rules: TablesRules, rnd: Callable[[], float], trace: list[TablesMove] | None
) -> S:
    """The rest of the mover's turn, one random legal checker move after another."""
    mover = state.mover
    own, other = state.boards[mover], state.boards[1 - mover]
    dice = state.dice
    raw = find_steps(rules, own, other, dice)
    if not raw:
        if trace is not None:
            trace.append(PASS)
        return cast(S, state.apply_unchecked(PASS))
    step = rules.step
    while True:
        keys = list(raw)
        origin, target = keys[int(rnd() * len(keys))]
        die = raw[(origin, target)]
        if trace is not None:
            trace.append(CHECKER_MOVES[origin][target])
        own, other = step(own, other, origin, target)
        boards = (own, other) if mover == 0 else (other, own)
        if own[0] == CHECKERS:
            return state._finished(boards)
        dice = remaining(dice, die)
        if not dice or not can_play(rules, own, other, dice):
            return state._next_turn(boards)
        raw = find_steps(rules, own, other, dice)
