"""The engine speed bench: every game measured, OpenSpiel beside ours, the last line."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bench import engines as bench
from engines import all_specs, find_game
from engines.core import CHANCE
from engines.speed import Tally, measure_speed, time_decisions

ROW = re.compile(r"(\S+)\s+(ludokiosk|openspiel)\s+(\d+\.\d)\s+(\d+)\s+(\d+)\s+(\d+\.\d)")
RATIO = re.compile(r"\s+ratio\s+(\d+\.\d\d)\s+(\d+\.\d\d|-)\s+(\d+\.\d\d|-)")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert bench.main(list(argv)) == 0
    return capsys.readouterr().out.strip().splitlines()


def test_ours_alone_measures_each_game_and_ends_with_no_ratio(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench, "load_openspiel", lambda: None)
    lines = run(capsys, "--games", "shut-the-box,moulin:standard", "--seconds", "0.05")
    rows = [ROW.fullmatch(line) for line in lines]
    measured = [m[1] for m in rows if m]
    assert measured == ["shut-the-box", "moulin:standard"]
    assert all(float(m[3]) > 0 and int(m[4]) > 0 for m in rows if m)
    assert lines[-1] == "min_ratio_vs_openspiel=n/a"


def test_openspiel_beside_ours_gives_the_smallest_ratio(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("pyspiel")
    lines = run(capsys, "--games", "shut-the-box,backgammon:simple", "--seconds", "0.1")
    engines = [m[2] for m in map(ROW.fullmatch, lines) if m]
    assert engines == ["ludokiosk", "ludokiosk", "openspiel"]
    ratio = next(m for m in map(RATIO.fullmatch, lines) if m)
    assert ratio[2] == "-", "backgammon compares turns, not decisions"
    last = re.fullmatch(r"min_ratio_vs_openspiel=(\d+\.\d\d)", lines[-1])
    assert last, lines[-1]
    assert float(last[1]) == min(float(ratio[1]), float(ratio[3]))


def test_every_game_is_measured_by_default() -> None:
    assert bench.chosen_specs("all") == all_specs()
    assert bench.chosen_specs("peers") == list(bench.PEERS)
    assert all(find_game(spec).spec == spec for spec in bench.PEERS)


def test_the_default_run_fits_in_a_minute() -> None:
    peers, others = len(bench.PEERS), len(all_specs()) - len(bench.PEERS)
    total = others * bench.SECONDS + peers * 2 * bench.PEER_FACTOR * bench.SECONDS
    assert total < 50


def test_turns_gather_the_decisions_a_player_makes_in_a_row() -> None:
    """A reversi turn is one decision; a backgammon turn is one throw's checker moves
    (one to four, or a pass), counted by hand here along the same random game."""
    reversi = time_decisions(find_game("reversi:othello").initial_state(),
                             random.Random(3), 0.0)
    assert reversi.games == 1 and reversi.turns == reversi.moves
    game = find_game("backgammon:simple")
    tally = time_decisions(game.initial_state(), random.Random(5), 0.0)
    rng, state, throws, decisions = random.Random(5), game.initial_state(), 0, 0
    runs: list[int] = []
    while not state.is_terminal():
        if state.current_player is CHANCE:
            state = state.apply_unchecked(state.sample_chance(rng))
            throws += 1
            runs.append(0)
            continue
        state = state.apply_unchecked(rng.choice(state.legal_moves()))
        decisions += 1
        runs[-1] += 1
    played = [n for n in runs if n]
    assert tally.games == 1 and tally.moves == throws + decisions
    assert tally.turns == len(played) and all(1 <= n <= 4 for n in played)
    assert decisions > tally.turns


def test_openspiel_backgammon_turns_are_its_throws() -> None:
    """OpenSpiel plays a throw in one action, a double in two: its turns are fewer than
    its decisions and as many as the throws that a player moves after."""
    pyspiel = pytest.importorskip("pyspiel")
    tally: Tally = bench.openspiel_games(pyspiel, pyspiel.load_game("backgammon"),
                                         random.Random(2), 0.0)
    throws = tally.moves - tally_player_moves(pyspiel, random.Random(2))
    assert tally.games == 1
    assert tally.turns == throws
    assert tally.turns < tally.moves - throws < 2 * tally.turns


def tally_player_moves(pyspiel: Any, rng: random.Random) -> int:
    """The player actions of the first random game :func:`bench.openspiel_games` plays."""
    state, actions = pyspiel.load_game("backgammon").new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(bench.sample(state.chance_outcomes(), rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions


def test_measure_speed_keeps_its_figures() -> None:
    speed = measure_speed(find_game("shut-the-box"), 0.05)
    assert speed.playouts_per_s > 0 and speed.decisions_per_s > 0
    assert speed.turns_per_s <= speed.decisions_per_s and speed.mean_length >= 1
