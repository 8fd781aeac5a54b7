"""What a question to the thinking process costs besides the bot's thinking.

``python -m bench.worker_requests [--specs SPEC;...] [--questions N] [--repeats R] [--gap S]``

A question carries the whole game, every move from the start (throws of the
dice included). For each game spec, the longest of a few seeded games of
random moves and dice is played (barricades: its 1,000 turns, stopped by
its move cap, over 2,000 moves), and the positions of its last ``N``
decisions are asked in order, as the kiosk asks them along a game, of a real
thinking process (:class:`kiosk.ai_worker.AiWorker`) whose bot is
``random``: its choice costs microseconds, so the time from question to
answer is what a question costs besides thinking — sending the game and
the answer between the processes, replaying the game, building the bot.
Each question is asked ``S`` seconds after the previous answer (0.1 s by
default: the kiosk asks again only after the move's animation, 0.8 s and
more after a machine's move), when the process has done its housekeeping
after that answer (emptying the memo tables, collecting garbage, giving
memory back); with ``--gap 0`` that housekeeping is part of the next
question's time.

Twice: a process that replays every question's game from the start (as the
thinking process did before it kept its last game), then one that keeps it
and applies only the moves added since. The sequence is asked ``R`` times and
each question's median counts. The first question of each sequence is shown
apart: the keeping process replays it from the start too (it held the end of
the sequence before: an undo, for it). The same work is also timed in this
process, without sending anything (finding the position, the random choice):
what the other process's machine has to do, less sensitive to a busy machine.
First, the same number of empty questions (reversi, no move) give the floor:
sending a question and its answer between two processes, waking the one that
waits.

Last line: ``request_overhead_ms=<the slowest kept question, all specs>``
(budget: 5 ms here).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from bench.budgets import markdown_table
from engines import find_game, split_specs
from engines.ai import make_bot
from kiosk.ai_worker import AiWorker
from kiosk.kept_game import KeptGame

SPECS = "barricades;rithmomachie:boissiere;latrunculi:seneque"
GAMES = 5
"""Seeded games played per spec; the longest is asked about."""
BUDGET_MS = 5.0
POLL_SECONDS = 0.0001
"""Pause between two looks for the answer."""


def long_game(spec: str, games: int = GAMES) -> list[str]:
    """The moves of the longest of ``games`` seeded games of random moves and dice, cut
    back to the last position where a player decides."""
    game = find_game(spec)
    longest: list[str] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.initial_state()
        moves: list[str] = []
        while not state.is_terminal():
            chance = state.is_chance_node()
            move = state.sample_chance(rng) if chance else rng.choice(state.legal_moves())
            moves.append(str(move))
            state = state.apply_unchecked(move)
        if len(moves) > len(longest):
            longest = moves
    return longest[: decisions(spec, longest)[-1]]


def decisions(spec: str, moves: list[str]) -> list[int]:
    """How many of ``moves`` are played at each position where a player decides."""
    game = find_game(spec)
    state = game.initial_state()
    found = []
    for count, move in enumerate([*moves, None]):
        if not state.is_terminal() and not state.is_chance_node():
            found.append(count)
        if move is not None:
            state = game.replay([move], state)
    return found


def answer_ms(worker: AiWorker, spec: str, moves: list[str], seed: int, gap: float = 0.0
              ) -> float:
    """Milliseconds from asking ``random`` to decide after ``moves`` to its answer, asked
    ``gap`` seconds from now."""
    time.sleep(gap)
    began = time.perf_counter()
    worker.ask(spec, moves, "random", seed)
    while True:
        answers = worker.poll()
        if answers:
            elapsed = (time.perf_counter() - began) * 1000
            [answer] = answers
            if answer.move is None:
                raise RuntimeError(f"{spec}: {answer.error}")
            return elapsed
        time.sleep(POLL_SECONDS)


def question_times(worker: AiWorker, spec: str, sequence: list[list[str]],
                   repeats: int, gap: float) -> list[float]:
    """Each question's median milliseconds over ``repeats`` runs of ``sequence``."""
    runs = [
        [answer_ms(worker, spec, moves, index, gap) for index, moves in enumerate(sequence)]
        for _ in range(repeats)
    ]
    return [statistics.median(times) for times in zip(*runs, strict=True)]


def in_process_times(spec: str, sequence: list[list[str]], repeats: int, keep: bool
                     ) -> list[float]:
    """Each question's median milliseconds over ``repeats`` runs of ``sequence``, here
    without another process: finding the position and the random bot's choice."""
    runs = []
    for _ in range(repeats):
        kept = KeptGame(keep)
        times = []
        for index, moves in enumerate(sequence):
            began = time.perf_counter()
            state = kept.position(spec, moves)
            make_bot("random", state.game, seed=index).choose(state)
            times.append((time.perf_counter() - began) * 1000)
        runs.append(times)
    return [statistics.median(times) for times in zip(*runs, strict=True)]


def started(keep_game: bool) -> AiWorker:
    """A thinking process that has answered once (its imports done)."""
    worker = AiWorker(keep_game=keep_game)
    answer_ms(worker, "reversi", [], 0)
    return worker


HEADERS = (
    "spec", "moves", "questions", "process", "first ms", "median ms", "max ms",
    "in process: median ms", "in process: max ms",
)


def row(spec: str, moves: int, way: str, asked: list[float], here: list[float]) -> list[str]:
    """A line of the table; the median and max are those of the questions after the first."""
    rest, rest_here = asked[1:] or asked, here[1:] or here
    return [
        f"`{spec}`", str(moves), str(len(asked)), way, f"{asked[0]:.1f}",
        f"{statistics.median(rest):.1f}", f"{max(rest):.1f}",
        f"{statistics.median(rest_here):.2f}", f"{max(rest_here):.2f}",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.worker_requests", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--specs", default=SPECS, help=f"specs, ';' between them ({SPECS})")
    parser.add_argument("--questions", type=int, default=30,
                        help="decisions asked, the game's last ones (default 30)")
    parser.add_argument("--repeats", type=int, default=5,
                        help="runs of the questions; each one's median counts (default 5)")
    parser.add_argument("--gap", type=float, default=0.1,
                        help="seconds between an answer and the next question (default 0.1)")
    args = parser.parse_args(argv)
    rows = []
    worst = 0.0
    load = os.getloadavg()[0]
    replaying, keeping = started(keep_game=False), started(keep_game=True)
    try:
        empty = question_times(keeping, "reversi", [[]] * args.questions, args.repeats, args.gap)
        print(f"empty questions: median {statistics.median(empty):.1f} ms, "
              f"max {max(empty):.1f} ms", flush=True)
        for spec in split_specs(args.specs):
            moves = long_game(spec)
            sequence = [moves[:count] for count in decisions(spec, moves)[-args.questions:]]
            for way, worker, keep in (("replays", replaying, False), ("keeps", keeping, True)):
                asked = question_times(worker, spec, sequence, args.repeats, args.gap)
                here = in_process_times(spec, sequence, args.repeats, keep)
                rows.append(row(spec, len(moves), way, asked, here))
                print(markdown_table(HEADERS, [rows[-1]]).split("\n")[2], flush=True)
                if keep:
                    worst = max(worst, max(asked[1:] or asked))
    finally:
        replaying.close()
        keeping.close()
    print()
    print(markdown_table(HEADERS, rows))
    print(f"\n{args.gap:g} s between an answer and the next question; load average "
          f"{load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end (2 cores are idle at 0, "
          f"busy at 2); budget: {BUDGET_MS:g} ms a question besides thinking, the game kept")
    print(f"request_overhead_ms={worst:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
