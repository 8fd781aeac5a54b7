"""Playing strength: our ``expert`` against OpenSpiel's MCTS and GNU Backgammon.

``python -m bench.strength [--games N] [--only othello,morris,backgammon]
[--simulations 1000] [--seed S] [--bg-seconds T] [--plies P] [--bg-level L]``

- **Othello** (our ``reversi:othello``) and **nine men's morris** (our
  ``moulin:standard``) against OpenSpiel's C++ MCTS bot
  (:mod:`bench.peers.openspiel_mcts`: ``uct_c`` 2, one random rollout per
  simulation, its solver on, ``--simulations`` per move, 1 000 by
  default).  At equal or less time: OpenSpiel's bot is first timed over
  one game against itself, then our expert gets per move the mean time
  the MCTS bot has taken per move so far in this run (its own games
  included), at most 3 s; both means are printed.  Colours alternate from
  one game to the next; seeds are fixed (``--seed``).  A game ends as
  soon as either engine says it ends, with that engine's result: our rules
  (wins, and our draws: threefold repetition, 50 moves without a capture
  at morris) or OpenSpiel's (its wins, and its move limit: a draw).  A
  draw counts half a point.
- **Backgammon** against GNU Backgammon at 0-ply (``--plies``), driven in
  its own process (:mod:`bench.peers.gnubg`): single cubeless games (no
  doubling cube, the Jacoby rule off), a single game 1 point, a gammon 2,
  a backgammon 3.  Our expert gets ``--bg-seconds`` per decision (one
  checker move), or ``--bg-nodes`` (``--bg-nodes 1``: no search, the
  evaluator's best complete play of the throw).  Games go by pairs with
  the same dice seed, our expert noir in one and blanc in the other.
  Besides the points per game, gnubg judges each of our turns with a
  choice: the equity our play gives away against gnubg's own best play
  (its 0-ply judgement, 0 when we play its choice), a measure with far
  less luck in it than the points.  ``--bg-level joueur`` (or ``debutant``) has
  that level play gnubg instead of the expert, to compare the levels' play.

Win rates come with Wilson's 95 % interval, points per game with the
normal one (mean ± 1.96 standard errors).  Every peer prints a one-line
summary; the last line reads ``othello=0.83 morris=0.71
backgammon_ppg=-0.12`` (the peers that were run).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from bench.peers.gnubg import Gnubg, gnubg_program
from bench.peers.gnubg_games import SPEC as BACKGAMMON_SPEC
from bench.peers.gnubg_games import BackgammonResult, play_against_gnubg
from bench.peers.openspiel_map import PEERS, SpielPeer
from bench.peers.openspiel_mcts import (
    ROLLOUTS,
    UCT_C,
    GameResult,
    mcts_bot,
    play_against_mcts,
    time_mcts,
)
from bench.stats import Z_95, wilson_interval
from engines.ai.bots import make_bot

MAX_SECONDS = 3.0
"""Our expert's longest time per move against OpenSpiel (the expert level's own)."""
DEFAULT_GAMES = {"othello": 40, "morris": 40, "backgammon": 100}
"""Games per peer when ``--games`` is not given."""
BACKGAMMON_SECONDS = 0.25
"""Our expert's time per decision at backgammon unless ``--bg-seconds`` says otherwise."""
CALIBRATION_MOVES = 400
"""OpenSpiel's bot is timed over one game against itself (at most this many moves)."""
BOT = "expert"


# --------------------------------------------------------------------------- intervals


def wilson(points: float, games: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson's score interval of a share ``points / games`` (draws as half points)."""
    return wilson_interval(points / games if games > 0 else 0.0, games, z)


def mean_interval(values: Sequence[float], z: float = Z_95) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal interval (mean ± z standard errors)."""
    if not values:
        return 0.0, 0.0, 0.0
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    error = statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - z * error, mean + z * error


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0


# --------------------------------------------------------------------------- OpenSpiel


@dataclass
class SpielScore:
    """Our results against OpenSpiel's MCTS at one game."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    def add(self, points: float) -> None:
        if points == 1.0:
            self.wins += 1
        elif points == 0.0:
            self.losses += 1
        else:
            self.draws += 1

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return self.wins + 0.5 * self.draws


def run_spiel(pyspiel: Any, peer: SpielPeer, games: int, simulations: int, seed: int,
              out: TextIO) -> float:
    """Our expert against OpenSpiel's MCTS at one game; returns our score (0-1)."""
    their_game = pyspiel.load_game(peer.name)
    mcts_seconds = time_mcts(peer, their_game, mcts_bot(pyspiel, their_game, simulations, seed),
                             CALIBRATION_MOVES)
    print(f"{peer.key} ({peer.spec}): {BOT} against OpenSpiel MCTS ({simulations} simulations, "
          f"uct_c={UCT_C:g}, {ROLLOUTS} random rollout, solver on), {games} games; "
          f"MCTS timed first at {_mean(mcts_seconds):.3f} s/move over {len(mcts_seconds)} "
          "moves", file=out, flush=True)
    score = SpielScore()
    ours: list[float] = []
    theirs: list[float] = []
    budgets: list[float] = []
    for index in range(games):
        budget = min(MAX_SECONDS, _mean(mcts_seconds + theirs))
        budgets.append(budget)
        bot = make_bot(BOT, peer.spec, seed=seed + index, seconds=budget)
        mcts = mcts_bot(pyspiel, their_game, simulations, seed + 1000 + index)
        our_index = index % 2
        result = play_against_mcts(peer, their_game, bot, mcts, our_index)
        score.add(result.score)
        ours += result.our_seconds
        theirs += result.their_seconds
        print("  " + _spiel_line(index, games, peer, our_index, budget, result), file=out,
              flush=True)
    share = score.points / max(1, score.games)
    low, high = wilson(score.points, score.games)
    print(f"{peer.key}: {score.wins} wins, {score.draws} draws, {score.losses} losses in "
          f"{score.games} games: score {100 * share:.1f} % (95 % CI {100 * low:.1f}-"
          f"{100 * high:.1f} %, width {100 * (high - low):.1f}); {BOT} {_mean(ours):.3f} s/move "
          f"(budget {_mean(budgets):.3f} s), MCTS {_mean(theirs):.3f} s/move", file=out,
          flush=True)
    return share


def _spiel_line(index: int, games: int, peer: SpielPeer, our_index: int, budget: float,
                result: GameResult) -> str:
    word = {1.0: "win", 0.5: "draw", 0.0: "loss"}[result.score]
    return (f"game {index + 1}/{games}: {BOT} {peer.players[our_index]} {word} "
            f"({result.ending}, {result.decisions} decisions), {BOT} "
            f"{_mean(result.our_seconds):.3f} s/move (budget {budget:.3f}), MCTS "
            f"{_mean(result.their_seconds):.3f} s/move")


# --------------------------------------------------------------------------- gnubg


def run_backgammon(games: int, seconds: float | None, nodes: int | None, plies: int, seed: int,
                   out: TextIO, level: str = BOT) -> float:
    """Our ``level`` (the expert by default) against gnubg; returns our points per game."""
    budget = f"{nodes} nodes" if nodes is not None else f"{seconds:g} s"
    print(f"backgammon ({BACKGAMMON_SPEC}): {level} at {budget}/decision against GNU "
          f"Backgammon {plies}-ply, cubeless (no doubling cube), single 1, gammon 2, "
          f"backgammon 3; {games} games in pairs on the same dice", file=out, flush=True)
    results: list[BackgammonResult] = []
    with Gnubg(plies=plies) as gnubg:
        for index in range(games):
            our_seat = index % 2
            bot = make_bot(level, BACKGAMMON_SPEC, seed=seed + index,
                           seconds=None if nodes is not None else seconds, nodes=nodes)
            result = play_against_gnubg(bot, gnubg, our_seat, seed=seed * 100_000 + index // 2)
            results.append(result)
            print(f"  game {index + 1}/{games}: {level} {('noir', 'blanc')[our_seat]} "
                  f"{result.points:+d} ({result.ending}), lost {_mean(result.losses):.3f} per "
                  f"turn over {len(result.losses)} turns, {level} "
                  f"{_mean(result.our_seconds):.3f} s/decision", file=out, flush=True)
    points = [r.points for r in results]
    ppg, low, high = mean_interval(points)
    won = sum(p > 0 for p in points)
    gammons = sum(abs(p) >= 2 for p in points)
    wins_low, wins_high = wilson(won, len(points))
    losses = [loss for r in results for loss in r.losses]
    lost, lost_low, lost_high = mean_interval(losses)
    exact = sum(loss < 1e-9 for loss in losses)
    print(f"backgammon: {ppg:+.3f} points per game (95 % CI {low:+.3f} to {high:+.3f}) over "
          f"{len(points)} games; {level} won {100 * won / max(1, len(points)):.1f} % (95 % CI "
          f"{100 * wins_low:.1f}-{100 * wins_high:.1f} %), {gammons} gammons or more; "
          f"gnubg's judgement of our {len(losses)} turns with a choice: "
          f"{lost:.4f} points lost per turn (95 % CI {lost_low:.4f}-{lost_high:.4f}), "
          f"its choice played {100 * exact / max(1, len(losses)):.0f} %; {level} "
          f"{_mean([s for r in results for s in r.our_seconds]):.3f} s/decision, gnubg "
          f"{_mean([s for r in results for s in r.their_seconds]):.3f} s/turn", file=out,
          flush=True)
    return ppg


# --------------------------------------------------------------------------- main


def load_pyspiel() -> Any | None:
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel


def main(argv: list[str] | None = None, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.strength",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games per peer (default: othello 40, morris 40, backgammon 100)")
    parser.add_argument("--only", default="othello,morris,backgammon",
                        help="comma-separated peers among othello, morris, backgammon")
    parser.add_argument("--simulations", type=int, default=1000,
                        help="OpenSpiel MCTS simulations per move (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of bots and dice (default 1)")
    parser.add_argument("--bg-seconds", type=float, default=BACKGAMMON_SECONDS,
                        help=f"our expert's seconds per backgammon decision "
                             f"(default {BACKGAMMON_SECONDS:g})")
    parser.add_argument("--bg-nodes", type=int, default=None,
                        help="a node budget per backgammon decision instead of seconds "
                             "(1: the evaluator's best complete play, no search)")
    parser.add_argument("--plies", type=int, default=0, help="gnubg's plies (default 0)")
    parser.add_argument("--bg-level", default=BOT, choices=("debutant", "joueur", "expert"),
                        help="our level playing gnubg at backgammon (default expert): gnubg's "
                             "judgement of its turns compares the levels with little luck")
    args = parser.parse_args(argv)
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in DEFAULT_GAMES]
    if unknown:
        parser.error(f"unknown peer(s) {', '.join(unknown)}; choose among "
                     + ", ".join(DEFAULT_GAMES))
    figures: list[str] = []
    pyspiel = load_pyspiel()
    for name in chosen:
        games = args.games if args.games is not None else DEFAULT_GAMES[name]
        if name == "backgammon":
            if gnubg_program() is None:
                print("backgammon: gnubg is not installed (Debian package 'gnubg'): skipped",
                      file=out)
                continue
            ppg = run_backgammon(games, args.bg_seconds, args.bg_nodes, args.plies, args.seed,
                                 out, args.bg_level)
            figures.append(f"backgammon_ppg={ppg:.2f}")
        elif pyspiel is None:
            print(f"{name}: open_spiel is not installed (pip install -e '.[bench]'): skipped",
                  file=out)
        else:
            share = run_spiel(pyspiel, PEERS[name], games, args.simulations, args.seed, out)
            figures.append(f"{name}={share:.2f}")
    print(" ".join(figures) if figures else "nothing run", file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
