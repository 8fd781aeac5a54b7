"""Time per decision of every level on every game: ``python -m bench.budgets``.

``python -m bench.budgets [--games N] [--positions K] [--levels debutant,joueur,expert]
[--specs all|kiosk|SPEC,...] [--factor F]`` and ``python -m bench.budgets --calibrate``.

For each game spec, ``N`` games are played by cheap bots (``debutant`` on a
small node budget, fixed seeds) and ``K`` positions are taken along each
game, evenly spaced.  Each level then decides in those positions at its real
time budget (:data:`engines.ai.bots.LEVELS`), the bot built anew for each
decision as the kiosk's thinking process does; the wall time covers building
the bot and choosing.  The expert decides in half of the positions only, to
keep the default run near ten minutes.

Three more measures per position:

- the *floor*: the same decision with an almost nil time budget.  What it
  still takes is the part of a decision the clock does not bound (legal
  moves, ordering the first moves, whatever a search does before it first
  looks at the clock, a solver that the bot would wait for); it runs
  before the timed decision, so it meets any solver table the position
  needs first;
- the *first use*: the floor of the first decision of a game in a fresh
  process (started with ``spawn``, as the kiosk's thinking process is,
  which imports the evaluators as it starts), where the solver tables are
  still to be made;
- the *Pi estimate*: the same decision on a node budget, the nodes it
  searched here scaled to ``budget / F`` CPU seconds, ``F`` being the
  Raspberry Pi 4 factor (:data:`PI4_FACTOR`): since every search stops on
  the clock, what this machine searches in ``budget / F`` is what the Pi
  searches in ``budget``.  A node budget (not ``budget / F`` seconds) keeps
  the estimate right when other programs share this machine.

Speeds are nodes (MCTS: iterations) per CPU second of the process, for the
same reason; the ``cpu %`` column is the share of a core the process had
while deciding (100 on an idle machine).

A decision is *over budget* when it takes more than ``budget ×`` :data:`TOLERANCE`
``+`` :data:`ALLOWANCE` seconds (the allowance covers building the bot and
Python's pauses); it is timed again up to :data:`RETRIES` times and its
fastest try counts, so that only an overrun that comes back every time is
counted (the ``retimed`` column counts the decisions and floors timed
again).  A solver that goes on answering in the background (see
:mod:`engines.ai.bots`) is waited for between two measures.

A level is flagged ``PI`` when its floor or its first use, multiplied by
``F``, would exceed that limit: time the clock does not bound grows with
the machine's slowness.  The last line is
``over_budget=<count>``: decisions over budget here plus levels flagged for
the Pi.

``--calibrate`` runs a fixed workload made of our own engines (alpha-beta
on fixed node budgets at reversi and moulin, random playouts, Monte-Carlo
iterations) and prints its time: run on a Raspberry Pi 4, the ratio to
:data:`CALIBRATION_SECONDS` measures ``F`` there.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial

from engines import all_specs, find_game, split_specs
from engines.ai import Budget, load_evaluators, make_bot
from engines.ai.alphabeta import AlphaBeta
from engines.ai.bots import LEVELS, SOLVER_THREAD
from engines.ai.evaluation import evaluator_for
from engines.ai.mcts import Mcts
from engines.core import CHANCE, State

PI4_FACTOR = 5.0
"""Estimated slowness of a Raspberry Pi 4 against the development machine (see the README:
a published n-body time on a Pi 4 against the same program here; to be replaced by
``--calibrate`` run on the Pi)."""
CALIBRATION_SECONDS = 2.5
"""Time of the ``--calibrate`` workload on the development machine (2-core AMD EPYC,
Zen 4 under KVM, Python 3.11)."""
TOLERANCE = 1.1
"""A decision may take its budget times this..."""
ALLOWANCE = 0.03
"""... plus these seconds (building the bot, Python's garbage collector, a busy machine)."""
NIL_BUDGET = 1e-6
"""Seconds of the floor's budget: the searches stop at their first look at the clock."""
EXTRA_SPECS: tuple[str, ...] = (
    "barricades,players=3",
    "barricades,players=4",
    "multitchoukatro,cases=10",
    "multitchoukatro,cases=12",
    "shut-the-box,boxes=12",
    "shut-the-box:exacte,boxes=12",
)
"""Kiosk presets that change the work of a search or a solver, besides the catalogue's variants."""
SAMPLER_NODES = 60
"""Node budget of the cheap bots that play the games positions are taken from."""
MAX_DECISIONS = 300
"""Games of the cheap bots stop after this many decisions."""
EXPERT_EVERY = 2
"""The expert decides in one position out of this many (its decisions are the longest)."""
RETRIES = 2
"""A decision over budget is timed again up to this many times (the machine may be busy with
other work); the fastest try counts, so only an overrun that comes back every time counts."""


# --------------------------------------------------------------------------- helpers


def quantile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank, rounding up); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * share // 1))
    return ordered[min(len(ordered), int(rank)) - 1]


def markdown_table(headers: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A markdown table, numbers right-aligned, every column padded to its widest cell."""
    body = [[str(cell) for cell in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in body:
        if len(row) != len(headers):
            raise ValueError(f"row {row} has {len(row)} cells for {len(headers)} columns")
        widths = [max(w, len(cell)) for w, cell in zip(widths, row, strict=True)]
    numeric = [
        bool(body) and all(_is_number(row[i]) for row in body) for i in range(len(headers))
    ]

    def line(cells: Sequence[str]) -> str:
        padded = [
            cell.rjust(w) if right else cell.ljust(w)
            for cell, w, right in zip(cells, widths, numeric, strict=True)
        ]
        return "| " + " | ".join(padded) + " |"

    rule = [
        "-" * (w - 1) + (":" if right else "-")
        for w, right in zip(widths, numeric, strict=True)
    ]
    return "\n".join([line(list(headers)), line(rule), *(line(row) for row in body)])


def _is_number(text: str) -> bool:
    cleaned = text.replace(" ", "").replace("×", "").replace("%", "").replace("s", "")
    try:
        float(cleaned)
    except ValueError:
        return text in ("", "-")
    return True


def is_over(seconds: float, budget: float) -> bool:
    """Whether a decision of ``seconds`` exceeds a ``budget`` (with the tolerance)."""
    return seconds > budget * TOLERANCE + ALLOWANCE


# --------------------------------------------------------------------------- positions


def first_decision(spec: str, seed: int = 0) -> State:
    """The first position where a player decides (the dice thrown if the game starts with them)."""
    state = find_game(spec).initial_state()
    dice = random.Random(f"dice|{seed}")
    while state.current_player is CHANCE and not state.is_terminal():
        state = state.apply_unchecked(state.sample_chance(dice))
    return state


def sample_positions(spec: str, games: int, per_game: int) -> list[State]:
    """``per_game`` positions evenly spaced along each of ``games`` games of cheap bots.

    Only positions with a real choice (two legal decisions or more) are kept.
    """
    game = find_game(spec)
    found: list[State] = []
    for index in range(games):
        bots = {
            player: make_bot("debutant", game, seed=100 * index + seat, nodes=SAMPLER_NODES)
            for seat, player in enumerate(game.players)
        }
        dice = random.Random(f"dice|{index}")
        state = game.initial_state()
        choices: list[State] = []
        while not state.is_terminal() and len(choices) < MAX_DECISIONS:
            if state.current_player is CHANCE:
                state = state.apply_unchecked(state.sample_chance(dice))
                continue
            if len(state.legal_moves()) > 1:
                choices.append(state)
            state = state.apply_unchecked(bots[state.current_player].choose(state))
        if choices:
            picks = sorted({int((k + 0.5) * len(choices) / per_game) for k in range(per_game)})
            found.extend(choices[p] for p in picks)
    return found


# --------------------------------------------------------------------------- decisions


@dataclass(frozen=True)
class Timing:
    """One decision: its wall time and what the search did."""

    seconds: float
    nodes: int
    depth: int
    algorithm: str
    cpu_seconds: float
    """CPU time of the process meanwhile: below ``seconds`` when other programs had the CPU."""


def timed_decision(
    spec: str, level: str, state: State, seed: int, seconds: float | None, nodes: int | None = None
) -> Timing:
    """The bot of ``level`` built and deciding in ``state`` with ``seconds`` (and/or
    ``nodes``), timed.

    A solver still answering an earlier question in the background is waited for
    first, so that each decision is timed on its own.
    """
    SOLVER_THREAD.wait_idle()
    cpu = time.process_time()
    began = time.perf_counter()
    bot = make_bot(level, spec, seed=seed, seconds=seconds, nodes=nodes)
    bot.choose(state)
    wall = time.perf_counter() - began
    cpu = time.process_time() - cpu
    last = bot.last
    assert last is not None
    return Timing(wall, last.nodes, last.depth, last.algorithm, cpu)


def retimed(decide: Callable[[], Timing], budget: float) -> tuple[Timing, bool]:
    """The fastest of up to ``1 +`` :data:`RETRIES` tries of ``decide``, stopping at the
    first within budget, and whether a try over budget was timed again."""
    best = decide()
    tries = 0
    while is_over(best.seconds, budget) and tries < RETRIES:
        again = decide()
        tries += 1
        if again.seconds < best.seconds:
            best = again
    return best, tries > 0


def cold_first_use(spec: str, level: str, seed: int) -> float:
    """Seconds of the first decision of a game in this process, on a nil budget.

    Run in a fresh process: the solver tables of the position are still to be
    made; the evaluators are imported first, as the kiosk's thinking process
    does when it starts (:func:`engines.ai.load_evaluators`).
    """
    load_evaluators()
    state = first_decision(spec, seed)
    return timed_decision(spec, level, state, seed, NIL_BUDGET).seconds


def first_uses(spec: str, levels: Sequence[str], seed: int = 0) -> dict[str, float]:
    """:func:`cold_first_use` of each level, each in its own fresh process."""
    context = multiprocessing.get_context("spawn")
    found = {}
    for level in levels:
        with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
            found[level] = pool.submit(cold_first_use, spec, level, seed).result()
    return found


# --------------------------------------------------------------------------- reports


SEARCHES_WITH_DEPTH = frozenset(
    {"alphabeta", "expectimax", "endgame", "endgame-wdl", "mate"}
)
"""Algorithms whose ``depth`` counts decisions searched."""


@dataclass
class LevelReport:
    """The decisions of one level on one game."""

    spec: str
    level: str
    budget: float
    timings: list[Timing] = field(default_factory=list)
    floors: list[float] = field(default_factory=list)
    pi_timings: list[Timing] = field(default_factory=list)
    first_use: float = 0.0
    retimed: int = 0
    """Decisions over budget on a first try, timed again."""

    @property
    def walls(self) -> list[float]:
        return [t.seconds for t in self.timings]

    def over(self) -> int:
        """Decisions over budget here (the floors and the first use count too)."""
        measured = self.walls + self.floors + [self.first_use]
        return sum(is_over(s, self.budget) for s in measured)

    def pi_flag(self, factor: float) -> bool:
        """Whether time the clock does not bound, ``factor`` times slower, exceeds the budget."""
        unbounded = max([*self.floors, self.first_use])
        return is_over(unbounded * factor, self.budget)

    def nodes_per_second(self) -> float:
        """Nodes (MCTS: iterations) per CPU second, over the decisions that searched."""
        searched = [t for t in self.timings if t.nodes > 0]
        seconds = sum(t.cpu_seconds for t in searched)
        return sum(t.nodes for t in searched) / seconds if seconds > 0 else 0.0

    def typical_depth(self, timings: Sequence[Timing] | None = None) -> float | None:
        """Median depth of the decisions searched by depth (``None`` for MCTS or solvers)."""
        depths = [
            t.depth
            for t in (self.timings if timings is None else timings)
            if t.algorithm in SEARCHES_WITH_DEPTH
        ]
        return statistics.median(depths) if depths else None

    def cpu_share(self) -> float:
        """The process's share of a core while deciding (1: the machine was not busy)."""
        wall = sum(self.walls)
        return sum(t.cpu_seconds for t in self.timings) / wall if wall > 0 else 1.0

    def main_algorithm(self) -> str:
        """The commonest way this level decided, with its share when not all."""
        counts = Counter(t.algorithm for t in self.timings if t.algorithm != "forced")
        if not counts:
            return "-"
        name, count = counts.most_common(1)[0]
        total = sum(counts.values())
        return name if count == total else f"{name} {round(100 * count / total)}%"


def measure(
    spec: str,
    levels: Sequence[str],
    positions: Sequence[State],
    factor: float,
    first_use: bool = True,
) -> list[LevelReport]:
    """The reports of ``levels`` on ``spec``, deciding in ``positions``."""
    firsts = first_uses(spec, levels) if first_use else {}
    reports = []
    for level in levels:
        budget = LEVELS[level]
        report = LevelReport(spec, level, budget, first_use=firsts.get(level, 0.0))
        every = EXPERT_EVERY if level == "expert" else 1
        for index, state in enumerate(positions):
            if index % every:
                continue
            floor, again = retimed(
                partial(timed_decision, spec, level, state, index, NIL_BUDGET), budget
            )
            timing, once_more = retimed(
                partial(timed_decision, spec, level, state, index, budget), budget
            )
            report.floors.append(floor.seconds)
            report.timings.append(timing)
            report.retimed += again + once_more
            pi_cpu = budget / factor
            if timing.nodes > 0 and timing.cpu_seconds > pi_cpu:
                nodes = max(1, round(timing.nodes * pi_cpu / timing.cpu_seconds))
                report.pi_timings.append(timed_decision(spec, level, state, index, None, nodes))
            else:  # done within what the Pi has: the same search there
                report.pi_timings.append(timing)
        reports.append(report)
    return reports


HEADERS = (
    "spec", "level", "budget s", "decisions", "median s", "p95 s", "max s", "max/budget",
    "nodes/s", "depth", "how", "floor s", "first use s", "Pi nodes/s", "Pi depth", "cpu %",
    "retimed", "flag",
)


def report_row(report: LevelReport, factor: float) -> list[str]:
    """One line of the table."""
    walls = report.walls
    depth = report.typical_depth()
    pi_depth = report.typical_depth(report.pi_timings)
    flags = []
    if report.over():
        flags.append(f"OVER×{report.over()}")
    if report.pi_flag(factor):
        flags.append("PI")
    return [
        f"`{report.spec}`",
        report.level,
        f"{report.budget:g}",
        str(len(walls)),
        f"{statistics.median(walls):.3f}" if walls else "-",
        f"{quantile(walls, 0.95):.3f}" if walls else "-",
        f"{max(walls):.3f}" if walls else "-",
        f"{max(walls) / report.budget:.2f}" if walls else "-",
        f"{report.nodes_per_second():,.0f}".replace(",", " "),
        "-" if depth is None else f"{depth:g}",
        report.main_algorithm(),
        f"{max(report.floors):.3f}" if report.floors else "-",
        f"{report.first_use:.3f}",
        f"{report.nodes_per_second() / factor:,.0f}".replace(",", " "),
        "-" if pi_depth is None else f"{pi_depth:g}",
        f"{100 * report.cpu_share():.0f}",
        str(report.retimed),
        " ".join(flags),
    ]


# --------------------------------------------------------------------------- calibration


def calibration_workload() -> dict[str, float]:
    """CPU seconds of each part of a fixed workload of our engines (the same work on any
    machine; CPU time, not wall time, so that other programs running matter less)."""
    parts: dict[str, float] = {}
    for spec, nodes in (("reversi:othello", 60_000), ("moulin:standard", 100_000)):
        game = find_game(spec)
        state = game.initial_state()
        opening = random.Random(7)
        for _ in range(8):
            state = state.apply_unchecked(opening.choice(state.legal_moves()))
        began = time.process_time()
        AlphaBeta(evaluator_for(game)).search(state, Budget(nodes=nodes).start(), random.Random(1))
        parts[f"alphabeta {spec} {nodes} nodes"] = time.process_time() - began
    for spec, count in (("reversi:othello", 1_000), ("moulin:standard", 2_000)):
        state = find_game(spec).initial_state()
        rng = random.Random(2)
        began = time.process_time()
        for _ in range(count):
            state.random_playout(rng)
        parts[f"playouts {spec} {count}"] = time.process_time() - began
    game = find_game("barricades")
    began = time.process_time()
    Mcts(evaluator_for(game), rollout_depth=8, temperature=1.0).search(
        first_decision("barricades"), Budget(nodes=5_000).start(), random.Random(3)
    )
    parts["mcts barricades 5000 iterations"] = time.process_time() - began
    return parts


def calibrate(repeats: int = 3) -> float:
    """Print the workload's parts and its best total of ``repeats`` runs; return that total."""
    totals = []
    for run in range(repeats):
        parts = calibration_workload()
        total = sum(parts.values())
        totals.append(total)
        for name, seconds in parts.items():
            print(f"run {run + 1}  {name:<40} {seconds:7.3f} s")
        print(f"run {run + 1}  total {total:.3f} s")
    best = min(totals)
    print(f"calibration_seconds={best:.3f} factor_vs_reference={best / CALIBRATION_SECONDS:.2f}")
    return best


# --------------------------------------------------------------------------- command line


def chosen_specs(text: str) -> list[str]:
    """``all`` (the catalogue's variants and :data:`EXTRA_SPECS`), ``kiosk`` (every preset
    of the kiosk's catalogue) or comma-separated specs (``barricades,players=3`` is one)."""
    if text == "all":
        return all_specs() + list(EXTRA_SPECS)
    if text == "kiosk":
        from kiosk.catalog import CATALOGUE

        return sorted({preset.spec for entry in CATALOGUE for preset in entry.presets})
    return split_specs(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.budgets", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2, help="games sampled per spec (default 2)")
    parser.add_argument("--positions", type=int, default=4,
                        help="positions taken along each game (default 4)")
    parser.add_argument("--levels", default="debutant,joueur,expert")
    parser.add_argument("--specs", default="all",
                        help="'all', 'kiosk', or comma-separated specs")
    parser.add_argument("--factor", type=float, default=PI4_FACTOR,
                        help=f"Raspberry Pi 4 slowness factor (default {PI4_FACTOR:g})")
    parser.add_argument("--no-first-use", action="store_true",
                        help="skip the first decisions in fresh processes")
    parser.add_argument("--calibrate", action="store_true",
                        help="time the fixed workload that measures the factor on another machine")
    args = parser.parse_args(argv)
    if args.calibrate:
        calibrate()
        return 0
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        parser.error(f"unknown levels {unknown}; choose among {', '.join(LEVELS)}")
    began = time.perf_counter()
    print(f"Pi 4 factor F = {args.factor:g}; over budget: > budget × {TOLERANCE:g} + "
          f"{ALLOWANCE:g} s; PI: floor or first use × F over that")
    print(markdown_table(HEADERS, []).split("\n", 2)[0], flush=True)
    rows = []
    over = 0
    for spec in chosen_specs(args.specs):
        positions = sample_positions(spec, args.games, args.positions)
        for report in measure(spec, levels, positions, args.factor, not args.no_first_use):
            rows.append(report_row(report, args.factor))
            over += report.over() + report.pi_flag(args.factor)
            print(markdown_table(HEADERS, [rows[-1]]).split("\n")[2], flush=True)
    print()
    print(markdown_table(HEADERS, rows))
    print(f"\n{time.perf_counter() - began:.0f} s")
    print(f"over_budget={over}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
