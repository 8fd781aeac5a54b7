"""Are the levels in order on every game?  ``python -m bench.levels``.

``python -m bench.levels [--games N] [--specs all|SPEC,...] [--scale S] [--pairs ...] [--first K]``

For every game spec, matches between the levels: ``expert`` against
``joueur``, ``joueur`` against ``debutant`` and ``expert`` against
``debutant``, seats alternated, fixed seeds.  Games without dice start from
random openings (:data:`OPENING_DECISIONS` random decisions after any setup), each played
once from every seat: the searches are nearly deterministic and would
otherwise replay the same few games.  Games with dice play every round on the
same dice, each level in every seat (duplicate play, as in bridge): a level
meets the throws the other had, and the round's score owes less to luck.
The bots play on *node*
budgets proportional to the levels' times: a level of ``t`` seconds gets
``t × nodes/s × S`` nodes, where nodes/s is the game's search speed on the
development machine (:data:`NODES_PER_SECOND`, measured once with
``--measure-speed``: an alpha-beta node is a position, an MCTS node an
iteration) and ``S`` is ``--scale``.  Node budgets make every game
reproducible on any machine, whatever else runs on it; a scale below 1
keeps the run feasible (at ``S = 1`` an expert game of reversi takes about
a minute and a half) while keeping the levels' ratios (1 : 3.3 : 10).

The stronger level's *score* is its share of the points: a game won 1, lost
0, drawn (or a win shared with the weaker side) its fair share.  With two
players or two teams, the stronger level holds one side (the other seat
changes every game); with three or four players, it holds one seat against
weaker bots in all the others (the seat turns round) and its fair share is
``1/N``.  A pair is *ahead* when the score exceeds the fair share, and
*significant* when the whole 95 % interval does.  The interval is taken over the
*rounds* (one opening played from every seat, the unit where one seat wins most games
whoever holds it: :mod:`bench.stats`), Wilson's over the games when a match has fewer
than :data:`MIN_ROUNDS` complete rounds; the table shows both.  ``--first K`` plays the
games from number ``K`` on (their own openings and seeds), so that a match can be
continued with more games than a first run played (start it at a round's first game:
the runs' tallies of rounds, printed under each match, then add up).  Games with dice
play :data:`CHANCE_GAMES_FACTOR` times more games, shut the box
:data:`LUCK_GAMES_FACTOR` times more.  A spec's ordering is
right when each of its pairs is ahead.  The last line is
``ordering_ok=<k>/<n>``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import signal
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from types import MappingProxyType

from bench.budgets import EXTRA_SPECS, markdown_table, sample_positions
from bench.stats import rounds_interval, wilson_interval
from engines import all_specs, find_game, split_specs
from engines.ai import Budget, make_bot, play_game
from engines.ai.alphabeta import AlphaBeta
from engines.ai.arena import GameRecord
from engines.ai.bots import BOT_NAMES, LEVELS, ROLLOUT_DEPTH, algorithm_for
from engines.ai.evaluation import evaluator_for
from engines.ai.mcts import Mcts
from engines.core import Game, Outcome, State

NODES_PER_SECOND: Mapping[str, int] = MappingProxyType(
    {
        "reversi": 77_641,
        "reversi:othello": 78_237,
        "moulin": 118_385,
        "moulin:standard": 122_430,
        "tablut": 80_900,
        "assaut": 97_422,
        "assaut:souffler": 79_167,
        "latrunculi:seneque": 118_408,
        "latrunculi:pison": 144_743,
        "multitchoukatro": 30_504,
        "rithmomachie:boissiere": 21_075,
        "rithmomachie:medievale": 18_370,
        "backgammon": 81_006,
        "backgammon:simple": 83_644,
        "jacquet": 64_487,
        "barricades": 151_070,
        "barricades:equipes": 8_817,
        "shut-the-box": 36_568,
        "shut-the-box:francaise": 37_477,
        "shut-the-box:exacte": 33_998,
        "barricades,players=3": 9_684,
        "barricades,players=4": 8_977,
        "multitchoukatro,cases=10": 13_105,
        "multitchoukatro,cases=12": 11_737,
        "shut-the-box,boxes=12": 30_118,
        "shut-the-box:exacte,boxes=12": 24_696,
    }
)
"""Nodes per CPU second of each spec's search on the development machine (2-core AMD EPYC,
Zen 4 under KVM, Python 3.11), measured with ``--measure-speed``: alpha-beta positions
(expectiminimax's included) or MCTS iterations, the search ``joueur`` and ``expert`` use.
Where an evaluator changed later on a busier machine, its figure was scaled by the old and
new evaluators' speeds measured in turn in one process (tablut: 0.79 of the first figure)."""
PAIRS: tuple[tuple[str, str], ...] = (
    ("expert", "joueur"),
    ("joueur", "debutant"),
    ("expert", "debutant"),
    ("debutant", "enfant"),
    ("enfant", "random"),
)
"""Stronger level first: the levels in order, and the child's level between the beginner
and random moves (it should lose to the beginner, so that a child can win against it, and
beat random moves, as plausible play does)."""
CHANCE_GAMES_FACTOR = 2
"""Games with dice play this many times more games (luck blurs each result)..."""
LUCK_GAMES_FACTOR: Mapping[str, int] = MappingProxyType({"shut-the-box": 20})
"""... and games where luck decides most of the result (each game costs little) many more."""
OPENING_DECISIONS = 4
"""Games without dice start with this many random decisions, one opening for each turn of
the seats: without them the searches, nearly deterministic, would replay the same few games."""
SETUP_DECISIONS: Mapping[str, int] = MappingProxyType({"reversi": 4})
"""Decisions of a setup the rules play before the game proper (the source's reversi places
its four centre discs one per turn), drawn at random before :data:`OPENING_DECISIONS`:
after the setup alone, reversi would have six openings."""
MIN_ROUNDS = 2
"""Complete rounds (an opening played from every seat) needed to judge a match by its
rounds; with fewer, by its games."""


# --------------------------------------------------------------------------- statistics


@dataclass(frozen=True)
class PairResult:
    """A match between a stronger and a weaker level on one spec."""

    spec: str
    stronger: str
    weaker: str
    wins: int
    draws: int
    losses: int
    points: float
    fair: float
    seconds: float
    rounds: tuple[float, ...] = ()
    """The stronger side's share of each complete round (one opening from every seat)."""

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return self.points / self.games if self.games else 0.0

    @property
    def by_games(self) -> tuple[float, float]:
        """The 95 % interval of the score with every game an independent trial."""
        return wilson_interval(self.score, self.games)

    @property
    def by_rounds(self) -> tuple[float, float] | None:
        """The 95 % interval over the rounds (:mod:`bench.stats`), if there are enough."""
        if len(self.rounds) < MIN_ROUNDS:
            return None
        return rounds_interval(self.rounds, self.fair)

    @property
    def interval(self) -> tuple[float, float]:
        """The interval the verdict goes by: over the rounds, or the games if too few."""
        return self.by_rounds or self.by_games

    @property
    def ahead(self) -> bool:
        return self.score > self.fair

    @property
    def significant(self) -> bool:
        return self.interval[0] > self.fair

    @property
    def verdict(self) -> str:
        """``significant``, ``ahead``, ``behind`` or ``REVERSED`` (significantly behind)."""
        if self.significant:
            return "significant"
        if self.interval[1] < self.fair:
            return "REVERSED"
        return "ahead" if self.ahead else "behind"


def stronger_share(outcome: Outcome | None, strong_seats: set[str], fair: float) -> float:
    """The stronger side's share of one game: its share of the winners, ``fair`` for a draw."""
    if outcome is None or not outcome.winners:
        return fair
    ours = sum(1 for winner in outcome.winners if winner in strong_seats)
    return ours / len(outcome.winners)


def fair_share(game: Game) -> float:
    """A side's share of the points when every seat plays alike."""
    if len(game.players) == 2 or getattr(game, "teams", False):
        return 0.5
    return 1 / len(game.players)


def strong_seats(game: Game, index: int) -> set[str]:
    """The seats of the stronger level in game ``index`` (they change every game)."""
    players = game.players
    if getattr(game, "teams", False):
        return {p for seat, p in enumerate(players) if (seat + index) % 2 == 0}
    return {players[index % len(players)]}


# --------------------------------------------------------------------------- matches


def level_nodes(level: str, speed: float, scale: float) -> int:
    """The node budget of ``level``: its seconds × the game's nodes/s × ``scale`` (one node
    for random moves, which take no time)."""
    return max(1, round(LEVELS.get(level, 0.0) * speed * scale))


def seat_turns(game: Game) -> int:
    """Games in one turn of the seats: two sides (players or teams) or one game per seat."""
    return 2 if fair_share(game) == 0.5 else len(game.players)


def opening(game: Game, number: int) -> State:
    """Opening ``number``: :data:`OPENING_DECISIONS` random decisions from the start, after
    the setup's (:data:`SETUP_DECISIONS`); none in games with dice, which vary enough."""
    state = game.initial_state()
    if game.has_chance:
        return state
    rng = random.Random(f"opening|{game.spec}|{number}")
    for _ in range(SETUP_DECISIONS.get(game.spec, 0) + OPENING_DECISIONS):
        if state.is_terminal():
            break
        state = state.apply_unchecked(rng.choice(state.legal_moves()))
    return state


def play_round_game(
    spec: str, stronger: str, weaker: str, index: int, strong_nodes: int, weak_nodes: int
) -> GameRecord:
    """Game ``index`` of ``stronger`` against ``weaker``, played out.

    Consecutive games share an opening and their dice (the round's), the stronger level
    in each seat in turn: each level meets the throws the other had, as in duplicate
    bridge, so that luck weighs less on the round's score.
    """
    game = find_game(spec)
    ours = strong_seats(game, index)
    bots = {
        player: (
            make_bot(stronger, game, seed=1000 * index + seat, nodes=strong_nodes)
            if player in ours
            else make_bot(weaker, game, seed=1000 * index + seat, nodes=weak_nodes)
        )
        for seat, player in enumerate(game.players)
    }
    round_number = index // seat_turns(game)
    return play_game(game, bots, seed=round_number, start=opening(game, round_number))


def play_one(
    spec: str, stronger: str, weaker: str, index: int, strong_nodes: int, weak_nodes: int
) -> float:
    """Game ``index`` of ``stronger`` against ``weaker``: the stronger side's share of it."""
    record = play_round_game(spec, stronger, weaker, index, strong_nodes, weak_nodes)
    game = find_game(spec)
    return stronger_share(record.outcome, strong_seats(game, index), fair_share(game))


def play_pair(
    spec: str,
    stronger: str,
    weaker: str,
    games: int,
    speed: float,
    scale: float,
    pool: Executor | None = None,
    first: int = 0,
    progress: bool = False,
) -> PairResult:
    """``games`` games of ``stronger`` against ``weaker`` on ``spec``, numbered from
    ``first``, seats alternated (in ``pool``'s processes when given: the same games,
    sooner); with ``progress``, a line as each game ends, so that a long run stopped
    early still tells its games."""
    fair = fair_share(find_game(spec))
    strong_nodes = level_nodes(stronger, speed, scale)
    weak_nodes = level_nodes(weaker, speed, scale)
    began = time.perf_counter()
    arguments = [
        (spec, stronger, weaker, index, strong_nodes, weak_nodes)
        for index in range(first, first + games)
    ]
    if pool is None:
        finished: Iterable[float] = (play_one(*a) for a in arguments)
    else:
        finished = pool.map(play_one, *zip(*arguments, strict=True))
    shares: list[float] = []
    for index, share in zip(range(first, first + games), finished, strict=True):
        shares.append(share)
        if progress:
            print(f"  {spec}, {stronger} > {weaker}, game {index}: {share:g}", flush=True)
    wins = sum(share == 1.0 for share in shares)
    losses = sum(share == 0.0 for share in shares)
    turns = seat_turns(find_game(spec))
    return PairResult(
        spec,
        stronger,
        weaker,
        wins,
        games - wins - losses,
        losses,
        sum(shares),
        fair,
        time.perf_counter() - began,
        round_shares(range(first, first + games), shares, turns),
    )


def round_shares(indices: Sequence[int], shares: Sequence[float], turns: int
                 ) -> tuple[float, ...]:
    """The mean share of every complete round among games ``indices`` (games ``k·turns``
    to ``k·turns + turns - 1`` share opening ``k``); a round cut by the range is left out."""
    by_round: dict[int, list[float]] = {}
    for index, share in zip(indices, shares, strict=True):
        by_round.setdefault(index // turns, []).append(share)
    return tuple(sum(s) / turns for _, s in sorted(by_round.items()) if len(s) == turns)


def games_for(spec: str, games: int) -> int:
    """Games per pair on ``spec``: more where dice decide a share of each game."""
    game = find_game(spec)
    if game.id in LUCK_GAMES_FACTOR:
        return games * LUCK_GAMES_FACTOR[game.id]
    return games * CHANCE_GAMES_FACTOR if game.has_chance else games


# --------------------------------------------------------------------------- speed


def measure_speed(spec: str, seconds: float = 0.5, games: int = 2, per_game: int = 3) -> int:
    """Nodes per CPU second of the game's search (the one ``joueur`` and ``expert`` use)
    over positions taken along games of cheap bots, ``seconds`` per position.

    CPU time, not wall time: the figure stays the same when other programs share the
    machine.
    """
    game = find_game(spec)
    evaluator = evaluator_for(game)
    nodes = 0
    spent = 0.0
    for index, state in enumerate(sample_positions(spec, games, per_game)):
        rng = random.Random(index)
        began = time.process_time()
        clock = Budget(seconds).start()
        if algorithm_for(game) == "mcts":
            found = Mcts(evaluator, rollout_depth=ROLLOUT_DEPTH).search(state, clock, rng)
            nodes += found.iterations
        else:
            nodes += AlphaBeta(evaluator).search(state, clock, rng).nodes
        spent += time.process_time() - began
    return round(nodes / spent) if spent else 0


def speed_of(spec: str, measure: bool = False) -> int:
    """The spec's nodes/s from :data:`NODES_PER_SECOND`, measured now if it is not there
    (or if ``measure``: after a change to a game's search or evaluator)."""
    known = None if measure else NODES_PER_SECOND.get(spec)
    if known is not None:
        return known
    measured = measure_speed(spec)
    print(f"({spec}: nodes/s measured now: {measured})", flush=True)
    return measured


# --------------------------------------------------------------------------- report


HEADERS = ("spec", "pair", "games", "W-D-L", "score", "95 % by rounds", "95 % by games",
           "fair", "verdict", "nodes", "s")


def pair_row(result: PairResult, speed: float, scale: float) -> list[str]:
    """One line of the table."""
    low, high = result.by_games
    paired = result.by_rounds
    strong = level_nodes(result.stronger, speed, scale)
    weak = level_nodes(result.weaker, speed, scale)
    return [
        f"`{result.spec}`",
        f"{result.stronger} > {result.weaker}",
        str(result.games),
        f"{result.wins}-{result.draws}-{result.losses}",
        f"{result.score:.2f}",
        f"{paired[0]:.2f}–{paired[1]:.2f}" if paired else "–",
        f"{low:.2f}–{high:.2f}",
        f"{result.fair:.2f}",
        result.verdict,
        f"{strong}/{weak}",
        f"{result.seconds:.0f}",
    ]


def rounds_tally(rounds: Sequence[float]) -> str:
    """How many rounds scored each value, lowest first (``0.5×21 0.75×6``): the tallies of
    runs continued with ``--first`` add up to the whole match's."""
    counts: dict[float, int] = {}
    for value in rounds:
        counts[round(value, 4)] = counts.get(round(value, 4), 0) + 1
    return " ".join(f"{value:g}×{count}" for value, count in sorted(counts.items())) or "none"


def ordering_ok(results: Sequence[PairResult]) -> bool:
    """Whether every pair of a spec has its stronger level ahead."""
    return bool(results) and all(result.ahead for result in results)


def parse_pairs(text: str) -> list[tuple[str, str]]:
    """``expert>joueur,joueur>debutant`` as pairs of levels, stronger first."""
    pairs = []
    for item in text.split(","):
        stronger, _, weaker = item.strip().partition(">")
        if stronger not in BOT_NAMES or weaker not in BOT_NAMES:
            raise ValueError(f"pairs are written 'expert>joueur' with levels among "
                             f"{', '.join(BOT_NAMES)}, not '{item}'")
        pairs.append((stronger, weaker))
    return pairs


def chosen_specs(text: str) -> list[str]:
    """``all`` (the catalogue's variants and the extra presets) or comma-separated specs
    (``barricades,players=3`` is one)."""
    if text == "all":
        return all_specs() + list(EXTRA_SPECS)
    return split_specs(text)


def stop_with_the_pool(number: int, frame: object) -> None:
    """On ``kill`` (SIGTERM): stop the processes playing the games too, which would
    otherwise play on, orphaned, for as long as their games last."""
    for child in multiprocessing.active_children():
        child.terminate()
    sys.exit(128 + number)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.levels", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10,
                        help=f"games per pair (times {CHANCE_GAMES_FACTOR} with dice; default 10)")
    parser.add_argument("--specs", default="all",
                        help="'all' or comma-separated specs (barricades,players=3 is one)")
    parser.add_argument("--scale", type=float, default=0.1,
                        help="node budgets as a share of the levels' real ones (default 0.1)")
    parser.add_argument("--pairs", default=",".join(f"{a}>{b}" for a, b in PAIRS),
                        help="pairs to play, e.g. 'joueur>debutant'")
    parser.add_argument("--first", type=int, default=0,
                        help="number of the first game (default 0): more games after a run")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes playing games at the same time (default 1)")
    parser.add_argument("--progress", action="store_true",
                        help="print every game's share as it ends")
    parser.add_argument("--measure-speed", action="store_true",
                        help="measure every spec's nodes/s (the table in this module)")
    parser.add_argument("--speeds", choices=("table", "measure"), default="table",
                        help="nodes/s from the table (default) or measured at the start")
    args = parser.parse_args(argv)
    specs = chosen_specs(args.specs)
    if args.measure_speed:
        for spec in specs:
            print(f'    "{spec}": {measure_speed(spec)},', flush=True)
        return 0
    try:
        pairs = parse_pairs(args.pairs)
    except ValueError as error:
        parser.error(str(error))
    pool = None
    if args.jobs > 1:
        signal.signal(signal.SIGTERM, stop_with_the_pool)
        context = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(max_workers=args.jobs, mp_context=context)
    began = time.perf_counter()
    rows: list[list[str]] = []
    good = 0
    for spec in specs:
        speed = speed_of(spec, args.speeds == "measure")
        results = []
        for stronger, weaker in pairs:
            games = games_for(spec, args.games)
            result = play_pair(spec, stronger, weaker, games, speed, args.scale, pool,
                               args.first, args.progress)
            results.append(result)
            rows.append(pair_row(result, speed, args.scale))
            print(markdown_table(HEADERS, [rows[-1]]).split("\n")[2], flush=True)
            print(f"rounds of {spec}, {stronger} > {weaker}: {rounds_tally(result.rounds)}",
                  flush=True)
        good += ordering_ok(results)
    if pool is not None:
        pool.shutdown()
    print()
    print(markdown_table(HEADERS, rows))
    total = time.perf_counter() - began
    print(f"\nscale {args.scale:g}, {total:.0f} s")
    print(f"ordering_ok={good}/{len(specs)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
