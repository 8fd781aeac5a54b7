"""Engine speed, ours and OpenSpiel's side by side in the same process.

``python -m bench.engines [--seconds T] [--games all]``

For each game: random playouts per second (our bots' fast path,
``State.random_playout``) and decisions per second (legal moves, a uniform
choice, the move applied, through the engine protocol), with OpenSpiel's
C++ engine driven through its Python API on the games it also has.  The
last line is ``min_ratio_vs_openspiel=<x>``, the smallest of our/their
ratios over both measures and every compared game.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from typing import Any

from engines import all_specs, find_game
from engines.speed import Speed, measure_speed

PEERS: dict[str, str] = {
    "reversi:othello": "othello",
    "moulin:standard": "nine_mens_morris",
}
"""Our spec -> OpenSpiel's game name, for games both engines have."""


def measure_openspiel(pyspiel: Any, name: str, seconds: float, seed: int = 1) -> Speed:
    rng = random.Random(seed)
    game = pyspiel.load_game(name)
    decisions = games = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - began
    return Speed(games / elapsed, decisions / elapsed, decisions / games)


def load_openspiel() -> Any | None:
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.engines", description=__doc__)
    parser.add_argument("--seconds", type=float, default=6.0,
                        help="measuring time per engine and game (default 6)")
    parser.add_argument("--games", default="peers",
                        help="'peers' (games OpenSpiel has), 'all', or comma-separated specs")
    args = parser.parse_args(argv)
    if args.games == "peers":
        specs = list(PEERS)
    elif args.games == "all":
        specs = all_specs()
    else:
        specs = [s.strip() for s in args.games.split(",")]
    pyspiel = load_openspiel()
    if pyspiel is None:
        print("open_spiel is not installed (pip install -e '.[bench]'): ours only")
    header = f"{'game':<22}{'engine':<12}{'playouts/s':>12}{'decisions/s':>14}{'length':>9}"
    print(header)
    ratios: list[float] = []
    for spec in specs:
        ours = measure_speed(find_game(spec), args.seconds)
        print(_row(spec, "ludokiosk", ours))
        peer = PEERS.get(spec)
        if pyspiel is not None and peer is not None:
            theirs = measure_openspiel(pyspiel, peer, args.seconds)
            print(_row(peer, "openspiel", theirs))
            pair = (ours.playouts_per_s / theirs.playouts_per_s,
                    ours.decisions_per_s / theirs.decisions_per_s)
            print(f"{'':<22}{'ratio':<12}{pair[0]:>12.2f}{pair[1]:>14.2f}")
            ratios.extend(pair)
        sys.stdout.flush()
    ratio = min(ratios) if ratios else math.nan
    print(f"min_ratio_vs_openspiel={ratio:.2f}" if ratios else "min_ratio_vs_openspiel=n/a")
    return 0


def _row(name: str, engine: str, speed: Speed) -> str:
    return (f"{name:<22}{engine:<12}{speed.playouts_per_s:>12.1f}"
            f"{speed.decisions_per_s:>14.0f}{speed.mean_length:>9.1f}")


if __name__ == "__main__":
    sys.exit(main())
