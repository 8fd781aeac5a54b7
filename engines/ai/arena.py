"""Bots playing whole games: self-play for tests, benchmarks and demos."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engines.ai.bots import Bot
from engines.core import CHANCE, Game, Move, Outcome, State


@dataclass(frozen=True)
class GameRecord:
    """A finished (or stopped) game: its decisions and where it ended."""

    moves: tuple[Move, ...]
    final: State

    @property
    def outcome(self) -> Outcome | None:
        return self.final.outcome()


def play_game(
    game: Game,
    bots: Mapping[str, Bot],
    seed: int = 0,
    *,
    start: State | None = None,
    max_decisions: int | None = None,
) -> GameRecord:
    """Play ``game`` with one bot per player name; dice drawn from ``seed``.

    Stops early after ``max_decisions`` decisions (chance moves not counted).
    """
    dice = random.Random(f"dice|{seed}")
    state = start if start is not None else game.initial_state()
    moves: list[Move] = []
    decisions = 0
    while not state.is_terminal():
        if state.current_player is CHANCE:
            move = state.sample_chance(dice)
        else:
            if max_decisions is not None and decisions >= max_decisions:
                break
            move = bots[state.current_player].choose(state)
            decisions += 1
        moves.append(move)
        state = state.apply_unchecked(move)
    return GameRecord(tuple(moves), state)


def seat_bots(players: Sequence[str], bots: Sequence[Bot], rotation: int) -> dict[str, Bot]:
    """Seat ``bots`` round the table, shifted by ``rotation`` (to alternate who starts)."""
    count = len(bots)
    return {p: bots[(i + rotation) % count] for i, p in enumerate(players)}
