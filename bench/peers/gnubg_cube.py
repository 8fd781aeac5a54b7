"""Our cube decisions judged by GNU Backgammon's cube analysis.

``python -m bench.peers.gnubg_cube [--matches N] [--plies P] [--seed S]``

Plays ``N`` five-point matches between joueurs (fixed seeds) and keeps every
position where the player on roll may double.  gnubg analyses each (its
``hint`` before the dice, at ``P`` plies: the cubeful equities of no double,
double/take and double/pass, for the player on roll).  Each way of deciding is
then asked whether to double there, and whether to take that double; the
equity lost per decision is the proper action's equity minus the chosen one's
(the answer taken as right after a double, and the double as offered when the
answer is judged).  Ways of deciding: each level of the kiosk, and the
evaluator at once (0-ply) and one throw on (1-ply) without noise.  The
matches are played with the Crawford rule (:data:`SPEC`), which gnubg's match
equities assume.  Needs Debian's ``gnubg``.
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bench.budgets import markdown_table
from bench.peers.gnubg import GnubgError, gnubg_program
from engines.ai import make_bot
from engines.ai.evaluation import evaluator_for
from engines.ai.turns import noisy_choice
from engines.backgammon import BackgammonState
from engines.backgammon.gnubg import gnubg_id
from engines.core import Move, State
from engines.registry import find_game
from engines.tables import ANSWER, CUBE
from engines.tables.moves import DOUBLE, TAKE

LABELS = ("No double", "Double, take", "Double, pass")
SPEC = "backgammon,crawford=true"
"""gnubg's matches have the Crawford rule (the kiosk's default match has none)."""


@dataclass(frozen=True)
class CubeAnalysis:
    """gnubg's cubeful equities for the player on roll (normalised, as it prints them)."""

    no_double: float
    take: float
    drop: float

    @property
    def doubled(self) -> float:
        """The double's equity, answered right."""
        return min(self.take, self.drop)

    def double_loss(self, doubles: bool) -> float:
        """Equity lost by doubling (or not)."""
        best = max(self.no_double, self.doubled)
        return best - (self.doubled if doubles else self.no_double)

    def answer_loss(self, takes: bool) -> float:
        """Equity the answering player loses by taking (or dropping)."""
        return (self.take if takes else self.drop) - self.doubled


def parse_analyses(output: str) -> list[CubeAnalysis | None]:
    """One analysis per ``set gnubgid`` in gnubg's output (None where it gave none: a
    cube it does not analyse)."""
    found: list[CubeAnalysis | None] = []
    for block in output.split("Setting GNUbg ID")[1:]:
        values = []
        for label in LABELS:
            match = re.search(r"\d\. " + label + r"\s+([+-]\d+\.\d+)", block)
            if match is None:
                break
            values.append(float(match.group(1)))
        found.append(CubeAnalysis(*values) if len(values) == 3 else None)
    return found


def analyse(states: Sequence[BackgammonState], plies: int) -> list[CubeAnalysis | None]:
    """gnubg's cube analysis of each position (a player on roll who may double)."""
    program = gnubg_program()
    if program is None:
        raise GnubgError("gnubg is not installed (Debian package 'gnubg')")
    commands = ["set threads 1", "set player 0 human", "set player 1 human", "new match 5",
                f"set evaluation cubedecision evaluation plies {plies}"]
    for state in states:
        commands += [f"set gnubgid {gnubg_id(state)}", "hint"]
    done = subprocess.run([program, "-t", "-q"], input="\n".join(commands) + "\n",
                          capture_output=True, text=True, timeout=3600, check=False)
    found = parse_analyses(done.stdout)
    if len(found) != len(states):
        raise GnubgError(f"gnubg analysed {len(found)} positions of {len(states)}")
    return found


def cube_positions(matches: int, seed: int = 0) -> list[BackgammonState]:
    """The positions where the player on roll may double, in ``matches`` matches
    between joueurs on seeded dice."""
    game = find_game(SPEC)
    found: list[BackgammonState] = []
    for number in range(seed, seed + matches):
        rng = random.Random(number)
        bots = [make_bot("joueur", game, seed=number + side, nodes=1) for side in (0, 7)]
        state: State = game.initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(state.sample_chance(rng))
                continue
            assert isinstance(state, BackgammonState)
            if state.phase == CUBE and DOUBLE in state.legal_moves():
                found.append(state)
            side = 1 - state.mover if state.phase == ANSWER else state.mover
            state = state.apply(bots[side].choose(state))
    return found


def deciders() -> dict[str, Callable[[State], Move]]:
    """Each way of deciding, by name: the levels, and the evaluator alone."""
    game = find_game(SPEC)
    evaluator = evaluator_for(game)
    assert evaluator is not None
    ways: dict[str, Callable[[State], Move]] = {
        level: make_bot(level, game, seed=1).choose for level in ("debutant", "joueur", "expert")
    }
    ways["0-ply"] = lambda state: noisy_choice(state, evaluator, 0, 0.0)
    ways["1-ply"] = lambda state: noisy_choice(state, evaluator, 0, 0.0, one_throw_on=True)
    return ways


def judge(states: Sequence[BackgammonState], analyses: Sequence[CubeAnalysis | None],
          decide: Callable[[State], Move]) -> tuple[float, float, int]:
    """Mean equity lost per doubling decision and per answer, over the analysed
    positions; and their number."""
    doubling = answering = 0.0
    count = 0
    for state, analysis in zip(states, analyses, strict=True):
        if analysis is None:
            continue
        count += 1
        doubling += analysis.double_loss(decide(state) == DOUBLE)
        answering += analysis.answer_loss(decide(state.apply(DOUBLE)) == TAKE)
    return doubling / max(count, 1), answering / max(count, 1), count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.peers.gnubg_cube",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=6, help="matches played (default 6)")
    parser.add_argument("--plies", type=int, default=2, help="gnubg's plies (default 2)")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed of the first match (default 0), one more for each next")
    args = parser.parse_args(argv)
    states = cube_positions(args.matches, args.seed)
    analyses = analyse(states, args.plies)
    rows = []
    for name, decide in deciders().items():
        doubling, answering, count = judge(states, analyses, decide)
        rows.append([name, str(count), f"{doubling:.4f}", f"{answering:.4f}"])
    print(markdown_table(["way", "positions", "lost per double decision",
                          "lost per answer"], rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
