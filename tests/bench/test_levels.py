"""The levels in order, the budget and levels benchmarks' helpers, solvers kept within the clock.

Strength checks play a handful of games on node budgets with fixed seeds:
the same games on any machine, so a result that passes once always does.
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench import budgets, levels
from bench.budgets import LevelReport, Timing, markdown_table, quantile
from bench.levels import PairResult, play_pair, stronger_share
from engines.ai import make_bot
from engines.ai.arena import GameRecord
from engines.ai.bots import SOLVER_THREAD, SolverThread
from engines.ai.solvers import register_solver, unregister_solver
from engines.core import CHANCE, Game, Outcome, State
from engines.outcomes import OutcomeCode
from engines.registry import all_specs, find_game
from tests.engines.ai.toys import Nim, NimState

ROOT = Path(__file__).resolve().parents[2]


# --------------------------------------------------------------------------- strength


@pytest.mark.parametrize(
    ("spec", "stronger", "weaker", "games", "scale"),
    [
        ("reversi", "expert", "joueur", 6, 0.002),
        ("moulin", "joueur", "debutant", 4, 0.003),
        ("assaut", "joueur", "debutant", 4, 0.003),
        ("multitchoukatro", "expert", "joueur", 6, 0.01),
        ("multitchoukatro", "joueur", "debutant", 4, 0.01),
    ],
)
def test_a_stronger_level_beats_a_weaker_one(
    spec: str, stronger: str, weaker: str, games: int, scale: float
) -> None:
    speed = levels.NODES_PER_SECOND[spec]
    result = play_pair(spec, stronger, weaker, games, speed, scale)
    assert result.games == games
    assert result.score > result.fair, (result.wins, result.draws, result.losses)
    assert result.wins > result.losses


def test_node_budgets_follow_the_levels_times() -> None:
    speed, scale = 20_000, 0.1
    nodes = {level: levels.level_nodes(level, speed, scale) for level in levels.LEVELS}
    assert nodes == {"enfant": 200, "debutant": 600, "joueur": 2000, "expert": 6000}
    assert levels.level_nodes("random", speed, scale) == 1  # it searches nothing
    assert levels.level_nodes("debutant", 1, 0.001) == 1  # never below one node


def test_matches_are_reproducible() -> None:
    first = play_pair("reversi", "joueur", "debutant", 2, 10_000, 0.02)
    again = play_pair("reversi", "joueur", "debutant", 2, 10_000, 0.02)
    assert (first.wins, first.draws, first.losses) == (again.wins, again.draws, again.losses)


def test_more_games_continue_a_match_where_it_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--first 2`` plays games 2 and 3, the games a longer first run would have played."""
    played: list[int] = []

    def one(spec: str, stronger: str, weaker: str, index: int, strong: int, weak: int) -> float:
        played.append(index)
        return 1.0 if index % 2 else 0.0

    monkeypatch.setattr(levels, "play_one", one)
    tail = play_pair("reversi", "joueur", "debutant", 2, 10_000, 0.02, first=2)
    assert played == [2, 3] and (tail.wins, tail.losses) == (1, 1)


def test_progress_tells_every_game_as_it_ends(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """A long run stopped early keeps its games: each prints its number and share."""
    monkeypatch.setattr(levels, "play_one", lambda *a: 1.0 if a[3] % 2 else 0.0)
    play_pair("reversi", "joueur", "debutant", 3, 10_000, 0.02, first=4, progress=True)
    assert capsys.readouterr().out.splitlines() == [
        "  reversi, joueur > debutant, game 4: 0",
        "  reversi, joueur > debutant, game 5: 1",
        "  reversi, joueur > debutant, game 6: 0",
    ]
    play_pair("reversi", "joueur", "debutant", 3, 10_000, 0.02)
    assert capsys.readouterr().out == ""


# --------------------------------------------------------------------------- interval, shares


def _result(wins: int, draws: int, losses: int, fair: float = 0.5) -> PairResult:
    points = wins + fair * draws
    return PairResult("reversi", "expert", "joueur", wins, draws, losses, points, fair, 0.0)


def test_verdicts() -> None:
    assert _result(18, 0, 2).verdict == "significant"
    assert _result(6, 0, 4).verdict == "ahead"
    assert _result(5, 0, 5).verdict == "behind"  # a tie is not ahead
    assert _result(2, 0, 18).verdict == "REVERSED"
    assert _result(4, 2, 4).score == 0.5
    assert levels.ordering_ok([_result(6, 0, 4), _result(18, 0, 2)])
    assert not levels.ordering_ok([_result(6, 0, 4), _result(5, 0, 5)])
    assert not levels.ordering_ok([])
    # With four players the fair share is a quarter: a third of the games is ahead.
    assert _result(4, 0, 8, fair=0.25).verdict == "ahead"


def test_rounds_gather_the_games_of_one_opening() -> None:
    shares = [1.0, 0.0, 1.0, 0.5, 0.0, 1.0, 1.0]
    assert levels.round_shares(range(7), shares, 2) == (0.5, 0.75, 0.5)  # game 6 alone: out
    assert levels.round_shares(range(1, 7), shares[:6], 2) == (0.5, 0.25)  # 1 and 6 alone: out
    assert levels.round_shares(range(6), shares[:6], 3) == (pytest.approx(2 / 3), 0.5)


def test_rounds_are_tallied_by_score() -> None:
    assert levels.rounds_tally([0.5, 0.75, 0.5, 1.0]) == "0.5×2 0.75×1 1×1"
    assert levels.rounds_tally([1 / 3, 1 / 3 + 1e-9]) == "0.3333×2"
    assert levels.rounds_tally([]) == "none"


def test_the_verdict_goes_by_the_rounds_when_there_are_enough() -> None:
    """Thirty rounds where blanc won both games, but the stronger level won both of
    ten others: 30-0-10 counted game by game would hide nothing, 0.58 over eighty games
    is not shown by Wilson's interval; the rounds show it."""
    rounds = (0.5,) * 30 + (1.0,) * 5 + (0.75,) * 5
    result = PairResult("tablut", "expert", "joueur", 45, 5, 30, 47.5, 0.5, 0.0, rounds)
    assert result.by_games[0] < 0.5
    assert result.by_rounds is not None and result.by_rounds[0] > 0.5
    assert result.interval == result.by_rounds
    assert result.verdict == "significant"
    few = PairResult("tablut", "expert", "joueur", 2, 0, 0, 2.0, 0.5, 0.0, (1.0,))
    assert few.by_rounds is None and few.interval == few.by_games


def test_a_match_records_its_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(levels, "play_one",
                        lambda spec, a, b, index, s, w: 1.0 if index in (2, 3) else 0.5)
    result = play_pair("reversi", "expert", "joueur", 5, 10_000, 0.02, first=1)
    assert result.rounds == (1.0, 0.5)  # games 1 and 5 have lost their partners


def test_stronger_share_of_a_game() -> None:
    won = Outcome(("noir",), "", OutcomeCode.MOST_DISCS)
    assert stronger_share(won, {"noir"}, 0.5) == 1.0
    assert stronger_share(won, {"blanc"}, 0.5) == 0.0
    assert stronger_share(Outcome((), "", OutcomeCode.EQUAL_DISCS), {"noir"}, 0.5) == 0.5
    assert stronger_share(None, {"noir"}, 0.25) == 0.25
    shared = Outcome(("noir", "blanc"), "", OutcomeCode.LOWEST_SCORE)  # a tie for the best score
    assert stronger_share(shared, {"noir"}, 0.5) == 0.5
    team = Outcome(("rouge", "jaune"), "", OutcomeCode.GOAL)
    assert stronger_share(team, {"rouge", "jaune"}, 0.5) == 1.0


def test_seats_change_every_game() -> None:
    reversi = find_game("reversi")
    assert [levels.strong_seats(reversi, i) for i in range(3)] == [
        {reversi.players[0]}, {reversi.players[1]}, {reversi.players[0]}
    ]
    teams = find_game("barricades:equipes")
    rouge, vert, jaune, bleu = teams.players
    assert levels.strong_seats(teams, 0) == {rouge, jaune}
    assert levels.strong_seats(teams, 1) == {vert, bleu}
    assert levels.fair_share(teams) == 0.5
    three = find_game("barricades,players=3")
    assert [len(levels.strong_seats(three, i)) for i in range(3)] == [1, 1, 1]
    assert len(set().union(*(levels.strong_seats(three, i) for i in range(3)))) == 3
    assert levels.fair_share(three) == pytest.approx(1 / 3)


@pytest.mark.parametrize(
    "spec", [s for s in all_specs() if not find_game(s).has_chance]
)
def test_the_rounds_start_from_different_openings(spec: str) -> None:
    game = find_game(spec)
    openings = {levels.opening(game, number).to_text() for number in range(40)}
    assert len(openings) >= 30, f"{len(openings)} openings in 40 rounds"


def _throws(record: GameRecord, start: State) -> list[object]:
    """The chance moves of a played game, in order."""
    throws, state = [], start
    for move in record.moves:
        if state.current_player is CHANCE:
            throws.append(move)
        state = state.apply_unchecked(move)
    return throws


@pytest.mark.parametrize("spec", ["jacquet", "barricades,players=3"])
def test_the_games_of_a_round_share_their_dice(spec: str) -> None:
    game = find_game(spec)
    turns = levels.seat_turns(game)
    records = [levels.play_round_game(spec, "random", "random", i, 1, 1) for i in range(2 * turns)]
    throws = [_throws(record, game.initial_state()) for record in records]
    length = min(len(t) for t in throws)
    assert length > 10
    assert all(t[:length] == throws[0][:length] for t in throws[:turns])
    assert all(t[:length] != throws[0][:length] for t in throws[turns:])


def test_games_with_dice_play_more_games() -> None:
    assert levels.games_for("reversi", 10) == 10
    assert levels.games_for("backgammon", 10) == 10 * levels.CHANCE_GAMES_FACTOR
    assert levels.games_for("shut-the-box:exacte", 10) == 10 * levels.LUCK_GAMES_FACTOR[
        "shut-the-box"
    ]


# --------------------------------------------------------------------------- tables


def test_markdown_table_aligns_numbers_right() -> None:
    text = markdown_table(("spec", "max s"), [("reversi", "0.958"), ("moulin:standard", "12")])
    lines = text.splitlines()
    assert lines[0] == "| spec            | max s |"
    assert lines[1] == "| --------------- | ----: |"
    assert lines[2] == "| reversi         | 0.958 |"
    assert lines[3] == "| moulin:standard |    12 |"
    with pytest.raises(ValueError):
        markdown_table(("a", "b"), [("only one",)])


def test_quantile_by_nearest_rank() -> None:
    values = [float(v) for v in range(1, 21)]
    assert quantile(values, 0.5) == 10.0
    assert quantile(values, 0.95) == 19.0
    assert quantile(values, 1.0) == 20.0
    assert quantile([3.0], 0.95) == 3.0
    assert quantile([], 0.5) == 0.0


def test_over_budget_threshold() -> None:
    assert not budgets.is_over(1.0 * budgets.TOLERANCE + budgets.ALLOWANCE - 1e-9, 1.0)
    assert budgets.is_over(1.0 * budgets.TOLERANCE + budgets.ALLOWANCE + 1e-9, 1.0)


def _timing(seconds: float, nodes: int = 1000, depth: int = 4, algorithm: str = "alphabeta"
            ) -> Timing:
    return Timing(seconds, nodes, depth, algorithm, seconds)


def test_level_report_figures_and_flags() -> None:
    report = LevelReport("reversi", "joueur", 1.0, first_use=0.05)
    report.timings = [_timing(0.96), _timing(0.95, depth=6), _timing(1.5), _timing(0.0, 0, 0,
                                                                                  "solver")]
    report.floors = [0.01, 0.02, 0.01, 0.0]
    report.pi_timings = [_timing(0.2, depth=3)]
    assert report.over() == 1
    assert report.typical_depth() == 4
    assert report.typical_depth(report.pi_timings) == 3
    assert report.nodes_per_second() == pytest.approx(3000 / 3.41)
    assert report.main_algorithm() == "alphabeta 75%"
    assert not report.pi_flag(5.0)
    report.floors.append(0.3)  # time the clock does not bound: 1.5 s on a machine 5 times slower
    assert report.pi_flag(5.0)
    assert not report.pi_flag(2.0)
    row = budgets.report_row(report, 5.0)
    assert len(row) == len(budgets.HEADERS)
    assert row[-1] == "OVER×1 PI"


def test_a_decision_over_budget_is_timed_again() -> None:
    tries = iter([2.0, 0.9, 0.5])
    best, again = budgets.retimed(lambda: _timing(next(tries)), 1.0)
    assert (best.seconds, again) == (0.9, True)  # stops at the first try within budget
    slow = iter([2.0, 1.8, 1.9, 0.1])
    best, again = budgets.retimed(lambda: _timing(next(slow)), 1.0)
    assert (best.seconds, again) == (1.8, True)  # over every time: it counts
    best, again = budgets.retimed(lambda: _timing(0.5), 1.0)
    assert (best.seconds, again) == (0.5, False)


def test_positions_are_real_choices_and_reproducible() -> None:
    first = budgets.sample_positions("moulin", 1, 3)
    assert len(first) == 3
    assert all(len(state.legal_moves()) > 1 for state in first)
    assert [s.to_text() for s in first] == [
        s.to_text() for s in budgets.sample_positions("moulin", 1, 3)
    ]


# --------------------------------------------------------------------------- command lines


def _run(*args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.strip().splitlines()


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux's ``/proc``)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
def test_killing_a_run_stops_the_processes_playing_its_games() -> None:
    run = subprocess.Popen(
        [sys.executable, "-m", "bench.levels", "--specs", "reversi", "--scale", "0.01",
         "--pairs", "expert>joueur", "--games", "40", "--jobs", "2", "--progress"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    assert run.stdout is not None
    assert "game" in run.stdout.readline()  # the players are at work
    players = _children(run.pid)
    assert len(players) >= 2
    run.terminate()
    assert run.wait(timeout=30) == 128 + signal.SIGTERM
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in players) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [pid for pid in players if Path(f"/proc/{pid}/stat").exists()
            and Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"]
    assert left == []


def test_budgets_command_line() -> None:
    lines = _run("bench.budgets", "--specs", "reversi", "--levels", "debutant", "--games", "1",
                 "--positions", "2", "--no-first-use")
    assert re.fullmatch(r"over_budget=\d+", lines[-1]), lines[-1]
    assert any(line.startswith("| `reversi` | debutant |") for line in lines)


def test_levels_command_line() -> None:
    lines = _run("bench.levels", "--specs", "reversi", "--games", "1", "--scale", "0.005",
                 "--pairs", "joueur>debutant", "--first", "3")
    assert re.fullmatch(r"ordering_ok=[01]/1", lines[-1]), lines[-1]


# --------------------------------------------------------------------------- solvers and clocks


class _SlowOracle:
    """The nim-sum strategy, after thinking ``DELAY`` seconds (a table being built)."""

    DELAY = 1.2
    asked = 0

    def solve(self, game: Game) -> list[str]:
        return ["nim"]

    def best_move(self, state: State) -> tuple[int, int] | None:
        assert isinstance(state, NimState)
        type(self).asked += 1
        time.sleep(self.DELAY)
        total = 0
        for heap in state.heaps:
            total ^= heap
        for index, heap in enumerate(state.heaps):
            if heap ^ total < heap:
                return (index, heap - (heap ^ total))
        return None


@pytest.fixture
def slow_nim_oracle() -> Iterator[None]:
    # A question an earlier test left running would hold the thread (and the GIL
    # between its steps) while these tests time theirs.
    SOLVER_THREAD.wait_idle()
    register_solver("nim")(_SlowOracle)
    try:
        yield
    finally:
        SOLVER_THREAD.wait_idle()
        unregister_solver("nim")


@pytest.mark.usefixtures("slow_nim_oracle")
def test_a_slow_solver_does_not_hold_a_timed_decision_past_its_budget() -> None:
    game = Nim((9, 10, 12))
    state = game.initial_state()
    bot = make_bot("expert", game, seconds=0.2)
    began = time.perf_counter()
    move = bot.choose(state)
    elapsed = time.perf_counter() - began
    # well under the solver's delay, with room for a loaded machine
    assert elapsed < _SlowOracle.DELAY / 2, elapsed
    assert move in state.legal_moves()
    assert bot.last is not None and bot.last.algorithm == "mcts"
    # The solver goes on in the background: asked again meanwhile, it is not disturbed.
    asked = _SlowOracle.asked
    bot.choose(state)
    assert _SlowOracle.asked == asked
    # With a node budget the decision waits for it: the same move for the same budget.
    patient = make_bot("expert", game, nodes=5)
    assert patient.choose(state) == (0, 3)
    assert patient.last is not None and patient.last.algorithm == "solver"


def test_solver_thread_returns_answers_in_time_and_errors() -> None:
    thread = SolverThread()

    class Quick:
        def best_move(self, state: State) -> str:
            return "move"

    class Broken:
        def best_move(self, state: State) -> str:
            raise RuntimeError("broken solver")

    state = Nim((1, 2)).initial_state()
    assert thread.ask(Quick(), state, 1.0) == "move"
    assert thread.ask(Quick(), state, None) == "move"
    with pytest.raises(RuntimeError, match="broken solver"):
        thread.ask(Broken(), state, 1.0)
    assert thread.ask(Quick(), state, 1.0) == "move"  # the thread is free again
