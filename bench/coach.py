"""How often does the coach speak, and does it speak when it should?  ``python -m bench.coach``.

``python -m bench.coach [--games N] [--specs "SPEC;..."] [--scale S] [--decisions D]``

For every game (its usual rules), two kinds of games, from the same random
openings as :mod:`bench.levels`, on node budgets (reproducible on any machine):

- **between experts**: both sides the expert; every decision judged by the coach
  (:func:`engines.ai.coach.judge` on the joueur's node budget). The share it
  flags should stay at or under 5 %; the 95th percentile of the losses is the
  lowest threshold that keeps it there.
- **one side random**: the random side's decisions judged by the coach, and again
  by a deeper judge (three times the nodes). A decision is *losing* when the
  deeper judge's loss passes the game's threshold; the share of those the coach
  flags should be most of them.

The table prints, per game: decisions judged, the threshold (the game's profile or
the default), the experts' flag share and 95th percentile of loss, the random
side's losing decisions and the share of them flagged. The last line is
``coach_ok=<k>/<n>``: games where experts are flagged at most 5 % and random
losing decisions at least half the time.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from bench.levels import level_nodes, opening, speed_of
from engines import find_game
from engines.ai import make_bot
from engines.ai.arena import play_game
from engines.ai.coach import judge
from engines.core import CHANCE, Game, Move, State

SPECS = ("reversi", "moulin", "tablut", "assaut", "latrunculi:seneque", "multitchoukatro",
         "rithmomachie:boissiere", "backgammon:simple", "jacquet", "barricades",
         "shut-the-box")
"""One spec per game: its usual rules."""
EXPERT_SHARE_MAX = 0.05
RANDOM_CAUGHT_MIN = 0.5
DEEPER = 3
"""The deeper judge's nodes, in multiples of the coach's."""


@dataclass
class Tally:
    """What one game's runs found."""

    spec: str
    threshold: float = 0.0
    expert_losses: list[float] | None = None
    expert_flags: int = 0
    random_losing: int = 0
    random_caught: int = 0
    random_judged: int = 0

    @property
    def expert_share(self) -> float:
        return self.expert_flags / max(1, len(self.expert_losses or ()))

    @property
    def caught_share(self) -> float:
        return self.random_caught / self.random_losing if self.random_losing else 1.0

    def p95(self) -> float:
        losses = sorted(self.expert_losses or ())
        return losses[int(0.95 * (len(losses) - 1))] if losses else 0.0

    def ok(self) -> bool:
        return self.expert_share <= EXPERT_SHARE_MAX and self.caught_share >= RANDOM_CAUGHT_MIN


def decisions_of(game: Game, start: State, moves: Sequence[Move]) -> list[tuple[State, Move]]:
    """Every decision of a game record with the position it was taken in."""
    out = []
    state = start
    for move in moves:
        if state.current_player is not CHANCE:
            out.append((state, move))
        state = state.apply_unchecked(move)
    return out


def run_spec(spec: str, games: int, scale: float, decisions: int) -> Tally:
    """The experts' games and the random side's games of ``spec``."""
    game = find_game(spec)
    speed = speed_of(spec)
    expert_nodes = level_nodes("expert", speed, scale)
    coach_nodes = level_nodes("joueur", speed, scale)
    tally = Tally(spec, expert_losses=[])
    for number in range(games):
        start = opening(game, number)
        bots = {p: make_bot("expert", game, seed=number * 10 + i, nodes=expert_nodes)
                for i, p in enumerate(game.players)}
        record = play_game(game, bots, seed=number, start=start, max_decisions=decisions)
        for state, move in decisions_of(game, start, record.moves):
            verdict = judge(state, move, seconds=None, nodes=coach_nodes)
            tally.threshold = verdict.threshold
            assert tally.expert_losses is not None
            tally.expert_losses.append(verdict.loss)
            tally.expert_flags += verdict.flagged
        weak = game.players[number % len(game.players)]
        bots = {p: make_bot("random" if p == weak else "joueur", game, seed=number * 10 + i,
                            nodes=coach_nodes)
                for i, p in enumerate(game.players)}
        record = play_game(game, bots, seed=number, start=start, max_decisions=decisions)
        for state, move in decisions_of(game, start, record.moves):
            if state.current_player != weak or len(state.legal_moves()) < 2:
                continue
            tally.random_judged += 1
            deep = judge(state, move, seconds=None, nodes=coach_nodes * DEEPER)
            if deep.loss > deep.threshold:
                tally.random_losing += 1
                tally.random_caught += judge(state, move, seconds=None,
                                             nodes=coach_nodes).flagged
    return tally


def row(tally: Tally) -> str:
    judged = len(tally.expert_losses or ())
    return (f"{tally.spec:24} {judged:5} {tally.threshold:9.3f} "
            f"{100 * tally.expert_share:8.1f} % {tally.p95():8.3f} "
            f"{tally.random_judged:6} {tally.random_losing:6} {100 * tally.caught_share:8.1f} % "
            f"{'ok' if tally.ok() else 'NO'}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.coach", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=4, help="games of each kind per spec")
    parser.add_argument("--specs", default=";".join(SPECS), help="specs separated by ;")
    parser.add_argument("--scale", type=float, default=0.2,
                        help="node budgets as a share of the levels' seconds × nodes/s "
                        "(0.2: a Raspberry Pi's, about five times slower)")
    parser.add_argument("--decisions", type=int, default=60,
                        help="decisions played at most in each game")
    args = parser.parse_args(argv)
    random.seed(0)
    print(f"{'spec':24} {'exp.':>5} {'threshold':>9} {'flagged':>10} {'p95 loss':>8} "
          f"{'random':>6} {'losing':>6} {'caught':>10}", flush=True)
    tallies = []
    for spec in args.specs.split(";"):
        tally = run_spec(spec.strip(), args.games, args.scale, args.decisions)
        tallies.append(tally)
        print(row(tally), flush=True)
    good = sum(t.ok() for t in tallies)
    print(f"coach_ok={good}/{len(tallies)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
