"""Games between our bots and OpenSpiel's MCTS bot, both engines kept in step.

OpenSpiel's bot is its C++ ``MCTSBot`` with random rollouts, set as in
OpenSpiel's own MCTS example: exploration constant ``uct_c`` 2
(:data:`UCT_C`), one rollout per simulation (:data:`ROLLOUTS`), the MCTS
solver on (proven wins and losses propagate up the tree), 1 000
simulations per move unless told otherwise.

A game is played on both engines at once: each decision is translated
(:mod:`bench.peers.openspiel_map`) and applied to both, which must agree
on whose turn it is.  The game ends as soon as either engine says it
ends, with that engine's result: ours by its rules (a win, or our draws:
threefold repetition, 50 moves without a capture at nine men's morris),
OpenSpiel's by its rules or its move limit (a draw).  When both end at
once, they must name the same winner.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from bench.peers.openspiel_map import MappingError, SpielPeer, action_for, move_for, their_winner
from engines.ai.bots import Bot
from engines.core import State
from engines.registry import find_game

UCT_C = 2.0
"""UCT's exploration constant (OpenSpiel's example uses 2)."""
ROLLOUTS = 1
"""Random rollouts per simulation."""
SOLVE = True
"""OpenSpiel's MCTS-Solver: proven results back up the tree (its example's default)."""
MAX_MEMORY_MB = 1000
"""OpenSpiel's tree is cut down past this size (never reached at these budgets)."""


def mcts_bot(pyspiel: Any, their_game: Any, simulations: int, seed: int) -> Any:
    """OpenSpiel's C++ MCTS bot for ``their_game`` with ``simulations`` per move."""
    evaluator = pyspiel.RandomRolloutEvaluator(ROLLOUTS, seed)
    return pyspiel.MCTSBot(
        their_game, evaluator, UCT_C, simulations, MAX_MEMORY_MB, SOLVE, seed, False
    )


@dataclass
class GameResult:
    """One game against OpenSpiel's bot, from our side."""

    score: float
    """1 for our win, 0.5 for a draw, 0 for a loss."""
    ending: str
    """Which engine ended the game, and how: ``ours:blocked``, ``openspiel:limit``…"""
    decisions: int
    our_seconds: list[float] = field(default_factory=list)
    their_seconds: list[float] = field(default_factory=list)


def play_against_mcts(
    peer: SpielPeer, their_game: Any, ours: Bot, mcts: Any, our_index: int
) -> GameResult:
    """One game: ``ours`` as OpenSpiel's player ``our_index`` (0 moves first), ``mcts``
    as the other."""
    game = find_game(peer.spec)
    state: State = game.initial_state()
    their = their_game.new_initial_state()
    our_name = peer.players[our_index]
    result = GameResult(0.0, "", 0)
    while not state.is_terminal() and not their.is_terminal():
        seat = their.current_player()
        if state.current_player != peer.players[seat]:
            raise MappingError(
                f"{peer.name}: OpenSpiel's player {seat} is to move, ours says "
                f"{state.current_player} in '{state.to_text()}'"
            )
        began = time.perf_counter()
        if seat == our_index:
            move = ours.choose(state)
            result.our_seconds.append(time.perf_counter() - began)
            action = action_for(peer, state, their, move)
        else:
            action = mcts.step(their)
            result.their_seconds.append(time.perf_counter() - began)
            move = move_for(peer, state, their, action)
        their.apply_action(action)
        state = state.apply_unchecked(move)
        result.decisions += 1
    result.score, result.ending = _score(peer, state, their, our_name)
    return result


def _score(peer: SpielPeer, state: State, their: Any, our_name: str) -> tuple[float, str]:
    """Our points and the ending's name, by whichever engine ended the game."""
    outcome = state.outcome()
    if outcome is not None:
        if their.is_terminal() and not outcome.is_draw:
            theirs = their_winner(their, peer.players)
            if theirs is not None and theirs != outcome.winners[0]:
                raise MappingError(
                    f"{peer.name}: we say {outcome.winners[0]} won, OpenSpiel says {theirs}"
                    f" in '{state.to_text()}'"
                )
        return outcome.value(our_name), f"ours:{outcome.code}"
    winner = their_winner(their, peer.players)
    if winner is None:
        return 0.5, "openspiel:limit"
    return (1.0 if winner == our_name else 0.0), "openspiel:rules"


def time_mcts(peer: SpielPeer, their_game: Any, mcts: Any, moves: int) -> list[float]:
    """Seconds per move of ``mcts`` playing both sides from the start, up to ``moves``
    moves (the first estimate of its speed, before the games)."""
    their = their_game.new_initial_state()
    seconds: list[float] = []
    while not their.is_terminal() and len(seconds) < moves:
        began = time.perf_counter()
        action = mcts.step(their)
        seconds.append(time.perf_counter() - began)
        their.apply_action(action)
    return seconds
