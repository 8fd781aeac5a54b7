"""Speed of the backgammon evaluator, and of the machine's decisions built on it.

``python -m bench.backgammon_speed [--positions N] [--repeat R] [--seed S]``

Positions are taken along random games of ``backgammon`` (fixed seed).  Each
measure is the best of ``R`` passes over them, every pass with the engines' memo
tables emptied first, in processor time of this process:

- **network**: the contact network's chances of a position in contact
  (:func:`~engines.ai.backgammon_network.contact_chances`), both sides new (their
  shares of the hidden layer worked out) and both sides known; beside them, the
  network's plain definition (every input's row of weights added in floating
  point), which the fast path must match;
- **best play**: the best complete play of a throw, every play of the dice judged
  by the evaluator (0-ply); and the expert's checker play, the two best of those
  judged again one throw on (1-ply with a move filter);
- **cube**: a decision to double, judged at once (the joueur's) and one throw on
  (the expert's: each throw's best play, for both states of the cube).

The last line is ``cube_decision_ms=<x>``, the expert's cube decision.  The default
run takes about a minute.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

from engines import find_game
from engines.ai import backgammon_network as net
from engines.ai.eval_backgammon import evaluate, turn_value
from engines.ai.turns import filtered_turn_move, noisy_choice, turn_ends
from engines.backgammon import BackgammonState
from engines.caches import clear_caches
from engines.core import CHANCE
from engines.tables import CUBE, MOVE, Side

POSITIONS = 200
REPEAT = 3


def sample_positions(count: int, seed: int) -> tuple[list[tuple[Side, Side]],
                                                     list[BackgammonState],
                                                     list[BackgammonState]]:
    """``count`` positions in contact (roller's and other side), ``count`` states with
    a throw to play in contact and ``count`` cube decisions, along random games."""
    game = find_game("backgammon")
    rng = random.Random(seed)
    pairs: list[tuple[Side, Side]] = []
    throws: list[BackgammonState] = []
    cubes: list[BackgammonState] = []
    while min(len(pairs), len(throws), len(cubes)) < count:
        state = game.initial_state()
        while not state.is_terminal():
            if state.current_player is CHANCE:
                state = state.apply(state.sample_chance(rng))
                continue
            assert isinstance(state, BackgammonState)
            roller, other = state.sides()
            if net.side_inputs(roller).far + net.side_inputs(other).far > 25:
                if state.phase == MOVE and len(state.dice) >= 2 and len(throws) < count:
                    throws.append(state)
                elif state.phase == CUBE and len(state.legal_moves()) > 1 \
                        and len(cubes) < count:
                    cubes.append(state)
                elif len(pairs) < count:
                    pairs.append((roller, other))
            moves = [m for m in state.legal_moves() if str(m) != "double"]
            state = state.apply(rng.choice(moves or list(state.legal_moves())))
        clear_caches()
    return pairs, throws, cubes


def best_time(passes: int, work: Callable[[], object], warm: Callable[[], object] | None = None
              ) -> float:
    """The least processor time of ``work`` over ``passes``, the memo tables emptied
    (then ``warm`` run, untimed) before each."""
    best = float("inf")
    for _ in range(passes):
        clear_caches()
        if warm is not None:
            warm()
        began = time.process_time()
        work()
        best = min(best, time.process_time() - began)
    return best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.backgammon_speed", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=POSITIONS,
                        help=f"positions of each kind (default {POSITIONS})")
    parser.add_argument("--repeat", type=int, default=REPEAT,
                        help=f"passes over them, the fastest counted (default {REPEAT})")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random games")
    args = parser.parse_args(argv)
    if args.positions <= 0 or args.repeat <= 0:
        parser.error("--positions and --repeat must be positive")
    began = time.perf_counter()
    pairs, throws, cubes = sample_positions(args.positions, args.seed)
    sides = [side for pair in pairs for side in pair]

    def known() -> None:
        for side in sides:
            net.side_inputs(side).as_roller  # noqa: B018 (worked out and remembered)
            net.side_inputs(side).as_other  # noqa: B018

    def network() -> None:
        for roller, other in pairs:
            net.contact_chances(roller, other)

    def plain() -> None:
        for roller, other in pairs:
            net.network_chances(net.network_inputs(roller, other))

    def plays() -> None:
        for state in throws:
            turn_value(state)

    playable = [state for state in throws if turn_ends(state)]

    def expert_plays() -> None:
        for state in playable:
            filtered_turn_move(state, evaluate)

    def cube(one_throw_on: bool) -> Callable[[], None]:
        def decide() -> None:
            for state in cubes:
                noisy_choice(state, evaluate, 0, 0.0, one_throw_on=one_throw_on)
        return decide

    count = len(pairs)
    rows = [
        ("network, both sides new", best_time(args.repeat, network) / count, "µs", 1e6),
        ("network, both sides known", best_time(args.repeat, network, known) / count, "µs",
         1e6),
        ("network, plain definition", best_time(args.repeat, plain) / count, "µs", 1e6),
        ("best play of a throw", best_time(args.repeat, plays) / len(throws), "ms", 1e3),
        ("checker play one throw on (expert)",
         best_time(args.repeat, expert_plays) / len(playable), "ms", 1e3),
        ("cube decision at once (joueur)",
         best_time(args.repeat, cube(False)) / len(cubes), "ms", 1e3),
        ("cube decision one throw on (expert)",
         best_time(args.repeat, cube(True)) / len(cubes), "ms", 1e3),
    ]
    print("| measure | time | per second |")
    print("|---|---:|---:|")
    for name, seconds, unit, scale in rows:
        rate = f"{1 / seconds:,.0f}".replace(",", " ")
        print(f"| {name} | {seconds * scale:.1f} {unit} | {rate} |")
    print(f"{count} positions of each kind, best of {args.repeat} passes, "
          f"measured in {time.perf_counter() - began:.1f} s")
    print(f"cube_decision_ms={rows[-1][1] * 1e3:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
