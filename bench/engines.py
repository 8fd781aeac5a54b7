"""Engine speed of every game, and OpenSpiel's beside ours on the games it also has.

``python -m bench.engines [--seconds T] [--games all|peers|spec,spec]``

For each game: random playouts per second (whole games through our bots'
fast path, ``State.random_playout``), decisions per second (legal moves, a
uniform choice, the move applied, through the engine protocol; the dice
count as moves) and turns per second (a player's decisions in a row, see
:mod:`engines.speed`).  OpenSpiel's C++ engines are driven through their
Python API in the same process, in short slices taken in turn with ours so
that the load of a shared machine falls on both, and every rate is per
second of this process's processor time.  OpenSpiel has no separate fast
path from Python: its playouts are its random games through the API.

The ratios are ours over theirs on playouts/s and on one decision measure:
decisions/s where a decision means the same on both sides (a disc at
othello; a placement, step or removal at nine men's morris), turns/s at
backgammon, where OpenSpiel's action is a whole throw's pair of checker
moves (a double takes two) and ours one checker move.  The last line is
``min_ratio_vs_openspiel=<x>``, the smallest ratio over every compared game.
The default run (every game) takes about 45 s.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engines import all_specs, find_game, split_specs
from engines.core import Game
from engines.speed import Speed, Tally, measure_speed, speed_of, time_decisions, time_playouts

SECONDS = 1.5
"""Default measuring time of one game."""
PEER_FACTOR = 2.0
"""A game compared with OpenSpiel is measured that many times longer, on each side."""
SLICE = 0.5
"""Seconds of one slice of a comparison (ours, then theirs)."""


@dataclass(frozen=True)
class Peer:
    """OpenSpiel's game like one of ours, and the decision measure they share."""

    name: str
    per_turn: bool = False
    """Compare turns/s rather than decisions/s (the engines split a turn differently)."""


PEERS: dict[str, Peer] = {
    "reversi:othello": Peer("othello"),
    "moulin:standard": Peer("nine_mens_morris"),
    "backgammon:simple": Peer("backgammon", per_turn=True),
}
"""Our spec -> OpenSpiel's game.  ``backgammon:simple`` is a single game without
the cube, as OpenSpiel plays it (a random game ends at the bear-off either way)."""


def openspiel_games(pyspiel: Any, game: Any, rng: random.Random, seconds: float) -> Tally:
    """Random games of an OpenSpiel game through its Python API for ``seconds`` (at
    least one), as :func:`engines.speed.time_decisions` plays ours."""
    chance = int(pyspiel.PlayerId.CHANCE)  # a plain int compares faster than the enum
    moves = turns = games = 0
    began, used = time.perf_counter(), time.process_time()
    while True:
        state, last = game.new_initial_state(), None
        while not state.is_terminal():
            player = state.current_player()
            if player == chance:
                action = sample(state.chance_outcomes(), rng)
                last = None
            else:
                if player != last:
                    turns += 1
                    last = player
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            moves += 1
        games += 1
        if time.perf_counter() - began >= seconds:
            return Tally(games, moves, turns, time.process_time() - used)


def sample(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    """A chance action drawn by its odds, as ``State.sample_chance`` draws ours."""
    pick, total = rng.random(), 0.0
    for action, probability in outcomes:
        total += probability
        if pick < total:
            return action
    return outcomes[-1][0]


def compare(game: Game, pyspiel: Any, peer: Peer, seconds: float,
            seed: int = 1) -> tuple[Speed, Speed]:
    """Our speed and OpenSpiel's, each measured ``seconds`` in slices taken in turn."""
    ours_rng, their_rng = random.Random(seed), random.Random(seed)
    start, their_game = game.initial_state(), pyspiel.load_game(peer.name)
    playouts, decisions, theirs = Tally(), Tally(), Tally()
    slices = max(1, round(seconds / SLICE))
    for _ in range(slices):
        playouts.add(time_playouts(start, ours_rng, seconds / slices / 2))
        decisions.add(time_decisions(start, ours_rng, seconds / slices / 2))
        theirs.add(openspiel_games(pyspiel, their_game, their_rng, seconds / slices))
    # OpenSpiel's playouts are its random games through the API: one run gives both.
    return speed_of(playouts, decisions), speed_of(theirs, theirs)


def ratios(ours: Speed, theirs: Speed, peer: Peer) -> tuple[float, float]:
    """Ours over theirs: playouts/s, then decisions/s or turns/s as the peer says."""
    if peer.per_turn:
        return ours.playouts_per_s / theirs.playouts_per_s, ours.turns_per_s / theirs.turns_per_s
    return (ours.playouts_per_s / theirs.playouts_per_s,
            ours.decisions_per_s / theirs.decisions_per_s)


def load_openspiel() -> Any | None:
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel


def chosen_specs(games: str) -> list[str]:
    """The specs named by ``--games``."""
    if games == "all":
        return all_specs()
    if games == "peers":
        return list(PEERS)
    return split_specs(games)


HEADER = (f"{'game':<23} {'engine':<10} {'playouts/s':>10} {'decisions/s':>12}"
          f" {'turns/s':>9} {'length':>7}")


def row(name: str, engine: str, speed: Speed) -> str:
    return (f"{name:<23} {engine:<10} {speed.playouts_per_s:>10.1f}"
            f" {speed.decisions_per_s:>12.0f} {speed.turns_per_s:>9.0f} {speed.mean_length:>7.1f}")


def ratio_row(pair: tuple[float, float], peer: Peer) -> str:
    decisions, turns = ("-", f"{pair[1]:.2f}") if peer.per_turn else (f"{pair[1]:.2f}", "-")
    return f"{'':<23} {'ratio':<10} {pair[0]:>10.2f} {decisions:>12} {turns:>9}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.engines", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=SECONDS,
                        help=f"measuring time of one game (default {SECONDS}); games compared "
                             f"with OpenSpiel get {PEER_FACTOR:g} times as long on each side")
    parser.add_argument("--games", default="all",
                        help="'all' (default), 'peers' (the games OpenSpiel has) or "
                             "comma-separated specs")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error(f"--seconds must be positive, not {args.seconds}")
    began = time.perf_counter()
    pyspiel = load_openspiel()
    if pyspiel is None:
        print("open_spiel is not installed (pip install -e '.[bench]'): ours only")
    print(HEADER)
    found: list[float] = []
    for spec in chosen_specs(args.games):
        game = find_game(spec)
        peer = PEERS.get(game.spec)
        if pyspiel is None or peer is None:
            print(row(game.spec, "ludokiosk", measure_speed(game, args.seconds)))
        else:
            ours, theirs = compare(game, pyspiel, peer, args.seconds * PEER_FACTOR)
            pair = ratios(ours, theirs, peer)
            print(row(game.spec, "ludokiosk", ours))
            print(row(peer.name, "openspiel", theirs))
            print(ratio_row(pair, peer))
            found.extend(pair)
        sys.stdout.flush()
    print(f"measured in {time.perf_counter() - began:.1f} s")
    ratio = min(found) if found else math.nan
    print(f"min_ratio_vs_openspiel={ratio:.2f}" if found else "min_ratio_vs_openspiel=n/a")
    return 0


if __name__ == "__main__":
    sys.exit(main())
