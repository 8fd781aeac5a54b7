"""How fast an engine plays random games: the figures of ``bench`` and ``bench/``.

Three rates: *playouts* are whole random games through ``State.random_playout``
(the bots' fast path); *decisions* are moves applied through the protocol
(legal moves, a uniform choice, the move applied; the dice are moves too);
*turns* are the runs of decisions one player makes in a row, each ended by a
throw of the dice or by the other player's decision: a backgammon turn is
one throw and the checker moves that follow, a moulin turn a step and the
removal of a mill, a reversi turn one disc.  Turns are what engines that
split their decisions differently have in common.

A run lasts a given wall-clock time, but its rates are per second of
processor time of this process: other programs running on the machine slow
the run down without changing the figures much.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from engines.core import CHANCE, Game, State


@dataclass(frozen=True)
class Speed:
    """Random playouts/s, decisions/s, the mean length of a game in decisions, turns/s."""

    playouts_per_s: float
    decisions_per_s: float
    mean_length: float
    turns_per_s: float


@dataclass
class Tally:
    """What a timed run did: whole games, moves applied (dice included), turns, and the
    processor seconds it took."""

    games: int = 0
    moves: int = 0
    turns: int = 0
    seconds: float = 0.0

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.moves += other.moves
        self.turns += other.turns
        self.seconds += other.seconds


def time_playouts(start: State, rng: random.Random, seconds: float) -> Tally:
    """Random playouts from ``start`` through ``random_playout`` for ``seconds`` (at
    least one)."""
    games = 0
    began, used = time.perf_counter(), time.process_time()
    while True:
        start.random_playout(rng)
        games += 1
        if time.perf_counter() - began >= seconds:
            return Tally(games=games, seconds=time.process_time() - used)


def time_decisions(start: State, rng: random.Random, seconds: float) -> Tally:
    """Random games from ``start`` through the protocol for ``seconds`` (at least one
    whole game): legal moves, a uniform choice, the move applied; chance by its odds."""
    moves = turns = games = 0
    began, used = time.perf_counter(), time.process_time()
    while True:
        state, last = start, None
        while not state.is_terminal():
            player = state.current_player
            if player is CHANCE:
                state = state.apply_unchecked(state.sample_chance(rng))
                last = None
            else:
                if player != last:
                    turns += 1
                    last = player
                state = state.apply_unchecked(rng.choice(state.legal_moves()))
            moves += 1
        games += 1
        if time.perf_counter() - began >= seconds:
            return Tally(games, moves, turns, time.process_time() - used)


def speed_of(playouts: Tally, decisions: Tally) -> Speed:
    """The rates of a playout run and a decision run."""
    playout_time = max(playouts.seconds, 1e-9)
    decision_time = max(decisions.seconds, 1e-9)
    return Speed(
        playouts.games / playout_time,
        decisions.moves / decision_time,
        decisions.moves / decisions.games,
        decisions.turns / decision_time,
    )


def measure_speed(game: Game, seconds: float, seed: int = 1) -> Speed:
    """Half the time on random playouts through ``State.random_playout``, half on
    random decisions through the protocol."""
    rng = random.Random(seed)
    start = game.initial_state()
    playouts = time_playouts(start, rng, seconds / 2)
    return speed_of(playouts, time_decisions(start, rng, seconds / 2))
