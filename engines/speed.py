"""How fast an engine plays random games: the figures of ``bench`` and ``bench/``."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from engines.core import CHANCE, Game


@dataclass(frozen=True)
class Speed:
    """Random playouts/s, decisions/s and the mean length of a game in decisions."""

    playouts_per_s: float
    decisions_per_s: float
    mean_length: float


def measure_speed(game: Game, seconds: float, seed: int = 1) -> Speed:
    """Half the time on random playouts through ``State.random_playout`` (the
    bots' fast path), half on random decisions through the protocol: legal
    moves, a uniform choice, the move applied."""
    rng = random.Random(seed)
    start = game.initial_state()
    playouts, began = 0, time.perf_counter()
    while True:
        start.random_playout(rng)
        playouts += 1
        if time.perf_counter() - began >= seconds / 2:
            break
    playout_rate = playouts / (time.perf_counter() - began)
    decisions = games = 0
    began = time.perf_counter()
    while True:
        state = start
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state = state.apply_unchecked(state.sample_chance(rng))
            else:
                state = state.apply_unchecked(rng.choice(state.legal_moves()))
            decisions += 1
        games += 1
        if time.perf_counter() - began >= seconds / 2:
            break
    elapsed = time.perf_counter() - began
    return Speed(playout_rate, decisions / elapsed, decisions / games)
