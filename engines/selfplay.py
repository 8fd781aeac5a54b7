"""Bots against bots: seeded matches whose seats rotate from game to game."""

from __future__ import annotations

import time
from typing import Any

from engines.core import Game


def seat_order(bot_count: int, seats: int, game_index: int) -> list[int]:
    """For each seat, the index of the bot sitting there in game ``game_index``."""
    return [(seat + game_index) % bot_count for seat in range(seats)]


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
    from engines.ai import make_bot, play_game

    players = game.players
    wins = [0] * len(bot_names)
    draws = 0
    records = []
    for index in range(games):
        order = seat_order(len(bot_names), len(players), index)
        bots = {
            player: make_bot(bot_names[b], game, seed=seed * 1_000_003 + index * 101 + seat,
                             seconds=seconds, nodes=nodes)
            for seat, (player, b) in enumerate(zip(players, order, strict=True))
        }
        began = time.perf_counter()
        record = play_game(game, bots, seed=seed * 7919 + index)
        outcome = record.outcome
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
                "decisions": len(record.moves),
                "seconds": round(time.perf_counter() - began, 3),
                "moves": [str(m) for m in record.moves],
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
