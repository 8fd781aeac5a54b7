"""Bots against bots: seeded matches whose seats rotate from game to game."""

from __future__ import annotations

import random
import time
from typing import Any

from engines.core import CHANCE, Game, State


def seat_bots(bots: list[str], players: tuple[str, ...], game_index: int) -> list[int]:
    """For each seat, the index in ``bots`` of the bot sitting there in game ``game_index``."""
    return [(seat + game_index) % len(bots) for seat in range(len(players))]


def play_game(
    game: Game,
    bots: list[Any],
    chance_seed: int,
    start: State | None = None,
) -> tuple[State, list[str]]:
    """Play one game with one bot object per seat; dice come from ``chance_seed``."""
    rng = random.Random(chance_seed)
    state = start if start is not None else game.initial_state()
    seat_of = {name: i for i, name in enumerate(game.players)}
    moves: list[str] = []
    while not state.is_terminal():
        if state.current_player == CHANCE:
            move = state.sample_chance(rng)
        else:
            move = bots[seat_of[state.current_player]].choose(state)
        moves.append(str(move))
        state = state.apply(move)
    return state, moves


def play_matches(
    game: Game,
    bot_names: list[str],
    games: int,
    seed: int,
    *,
    seconds: float | None = None,
    nodes: int | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and return a JSON-ready report."""
    from engines.ai import make_bot

    players = game.players
    if not bot_names:
        raise ValueError("selfplay: name at least one bot")
    if len(bot_names) > len(players):
        raise ValueError(
            f"selfplay: {game.spec} has {len(players)} seats, not {len(bot_names)}"
        )
    wins = [0] * len(bot_names)
    draws = 0
    records = []
    for index in range(games):
        order = seat_bots(bot_names, players, index)
        bots = [
            make_bot(bot_names[b], game, seed=seed * 1_000_003 + index * 101 + seat,
                     seconds=seconds, nodes=nodes)
            for seat, b in enumerate(order)
        ]
        began = time.perf_counter()
        final, moves = play_game(game, bots, chance_seed=seed * 7919 + index)
        outcome = final.outcome()
        assert outcome is not None
        winning = sorted({order[players.index(w)] for w in outcome.winners})
        for b in winning:
            wins[b] += 1
        if not outcome.winners:
            draws += 1
        records.append(
            {
                "index": index + 1,
                "seats": {p: bot_names[order[i]] for i, p in enumerate(players)},
                "seat_bots": {p: order[i] + 1 for i, p in enumerate(players)},
                "result": outcome.result_line(),
                "winners": list(outcome.winners),
                "winning_bots": [b + 1 for b in winning],
                "decisions": len(moves),
                "seconds": round(time.perf_counter() - began, 3),
                "moves": moves,
            }
        )
    return {
        "game": game.spec,
        "seed": seed,
        "bots": bot_names,
        "games": records,
        "wins": wins,
        "draws": draws,
    }


def summary_lines(report: dict[str, Any]) -> list[str]:
    """Human-readable lines for a :func:`play_matches` report."""
    lines = []
    for record in report["games"]:
        seats = " ".join(f"{p}={b}" for p, b in record["seats"].items())
        lines.append(
            f"game {record['index']}: {seats} -> {record['result']}, "
            f"{record['decisions']} decisions"
        )
    total = len(report["games"])
    for i, name in enumerate(report["bots"]):
        lines.append(f"bot {i + 1} {name}: {report['wins'][i]}/{total} wins")
    lines.append(f"draws: {report['draws']}/{total}")
    return lines
