"""Our checker plays judged by GNU Backgammon, turn by turn.

``python -m bench.peers.gnubg_plays [--turns N] [--plies P] [--seed S]``

Takes ``N`` turn starts with more than one complete play from games of
``backgammon:simple`` between joueurs (fixed seeds), asks gnubg at ``P``
plies (default 2) for the equity of every play of each throw, and asks each
way of playing which play it chooses.  A way's loss on a turn is gnubg's best
equity minus that of the chosen play (0 when it plays gnubg's choice), in
points of a single game.  The ways share the turns, so their difference is
measured with far less luck than their losses.  Ways: the joueur and the
expert as the kiosk plays them; the evaluator's best play (0-ply); the best
plays judged again one throw on (1-ply) with the filter keeping 2 plays (the
expert's way) or 8 (as many as gnubg's default filter).  Needs Debian's
``gnubg``; about four minutes for 600 turns.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

from bench.budgets import markdown_table
from bench.peers.gnubg import Gnubg, GnubgError, find_play, sides_after
from bench.strength import mean_interval
from engines.ai import make_bot
from engines.ai.evaluation import evaluator_for
from engines.ai.turns import filtered_turn_move, noisy_turn_move
from engines.backgammon import BackgammonState
from engines.caches import clear_caches
from engines.core import State
from engines.registry import find_game
from engines.tables import MOVE, TablesMove, complete_plays

SPEC = "backgammon:simple"
"""Cubeless single games, as gnubg judges checker plays."""
BASELINE = "0-ply"
"""The way the others are compared with, turn by turn."""

Decide = Callable[[BackgammonState], TablesMove]


def turn_starts(count: int, seed: int = 0) -> list[BackgammonState]:
    """``count`` turn starts with more than one complete play, from games between
    joueurs on dice seeded by ``seed``; one turn in three is kept, so that the
    turns come from many games."""
    game = find_game(SPEC)
    rng = random.Random(seed)
    joueur = make_bot("joueur", game, seed=seed, nodes=1)
    found: list[BackgammonState] = []
    state: State = game.initial_state()
    while len(found) < count:
        if state.is_terminal():
            state = game.initial_state()
        if state.is_chance_node():
            state = state.apply(state.sample_chance(rng))
            continue
        assert isinstance(state, BackgammonState)
        if (state.phase == MOVE and whole_throw(state.dice)
                and len(complete_plays(state.rules, *state.sides(), state.dice)) > 1
                and rng.random() < 1 / 3):
            found.append(state)
        state = state.apply(joueur.choose(state))
    return found


def whole_throw(dice: tuple[int, ...]) -> bool:
    """Whether ``dice`` are a whole throw, none of it played yet."""
    return len(dice) == 4 or (len(dice) == 2 and dice[0] != dice[1])


def ways() -> dict[str, Decide]:
    """Each way of playing a decision of a turn, by name."""
    game = find_game(SPEC)
    evaluator = evaluator_for(game)
    assert evaluator is not None
    return {
        "joueur": make_bot("joueur", game, seed=1).choose,
        "expert": make_bot("expert", game, seed=1).choose,
        BASELINE: lambda state: noisy_turn_move(state, evaluator, 0, 0.0),
        "1-ply, 2 kept": lambda state: filtered_turn_move(state, evaluator),
        "1-ply, 8 kept": lambda state: filtered_turn_move(state, evaluator, keep=8),
    }


def play_turn(state: BackgammonState, decide: Decide) -> BackgammonState:
    """The position once ``decide`` has played the whole turn of ``state``."""
    mover = state.mover
    while not state.is_terminal() and state.phase == MOVE and state.mover == mover:
        after = state.apply(decide(state))
        assert isinstance(after, BackgammonState)
        state = after
    return state


def losses(states: Sequence[BackgammonState], gnubg: Gnubg,
           deciders: dict[str, Decide]) -> tuple[dict[str, list[float]], dict[str, float]]:
    """Each way's loss on each turn by ``gnubg``'s judgement, and its seconds per turn
    (the engines' memo tables emptied before each)."""
    lost: dict[str, list[float]] = {name: [] for name in deciders}
    seconds = dict.fromkeys(deciders, 0.0)
    for state in states:
        plays = gnubg.hint(state)
        for name, decide in deciders.items():
            clear_caches()  # each way works out its turn afresh, as in a game's first turn
            began = time.perf_counter()
            reached = play_turn(state, decide)
            seconds[name] += time.perf_counter() - began
            found = find_play(plays, state.sides(), sides_after(reached, state.mover))
            if found is None:
                raise GnubgError(f"the play of {name} from '{state.to_text()}' to "
                                 f"'{reached.to_text()}' is not in gnubg's list")
            lost[name].append(plays[0].equity - found.equity)
    return lost, {name: total / max(len(states), 1) for name, total in seconds.items()}


def report(lost: dict[str, list[float]], seconds: dict[str, float]) -> str:
    """The table of the ways: loss per turn with its 95 % interval, the difference
    from :data:`BASELINE` on the same turns with its own, and the seconds per turn."""
    rows = []
    base = lost[BASELINE]
    for name, values in lost.items():
        mean, low, high = mean_interval(values)
        gain, gain_low, gain_high = mean_interval([b - v for b, v in zip(base, values,
                                                                           strict=True)])
        rows.append([name, str(len(values)), f"{mean:.4f} ({low:.4f}–{high:.4f})",
                     f"{gain:+.4f} ({gain_low:+.4f} to {gain_high:+.4f})",
                     f"{seconds[name]:.3f}"])
    return markdown_table(["way", "turns", "lost per turn (95 %)",
                           f"less than {BASELINE} (95 %)", "s per turn"], rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.peers.gnubg_plays",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=600, help="turns judged (default 600)")
    parser.add_argument("--plies", type=int, default=2, help="gnubg's plies (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="seed of games and dice (default 0)")
    args = parser.parse_args(argv)
    states = turn_starts(args.turns, args.seed)
    with Gnubg(plies=args.plies) as gnubg:
        lost, seconds = losses(states, gnubg, ways())
    print(report(lost, seconds))
    expert = mean_interval(lost["expert"])[0]
    print(f"expert_lost_per_turn={expert:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
