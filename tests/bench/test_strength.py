"""The strength bench: intervals, OpenSpiel's actions, the gnubg driver, a tiny run.

The peers are optional (OpenSpiel comes with the ``bench`` extra, gnubg with
its Debian package): their tests are skipped where they are missing.
"""

from __future__ import annotations

import io
import json
import math
import random
import re
from typing import Any

import pytest

from bench import strength
from bench.peers.gnubg import GnubgError, our_play, play_sides
from bench.peers.gnubg_fit import forced_record, judge, roller_chances
from bench.peers.openspiel_map import PEERS, action_for, move_for
from engines import find_game
from engines.ai import backgammon_network as net
from engines.backgammon import START, BackgammonState
from engines.backgammon.gnubg import board_id
from engines.core import CHANCE
from engines.tables import MOVE

SUMMARY = re.compile(r"(othello|morris)=\d\.\d\d( (othello|morris)=\d\.\d\d)*"
                     r"( backgammon_ppg=-?\d+\.\d\d)?|backgammon_ppg=-?\d+\.\d\d")


# --------------------------------------------------------------------------- intervals


def test_wilson_interval_known_values() -> None:
    low, high = strength.wilson(5, 10)
    assert (low, high) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    assert strength.wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert strength.wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    low, high = strength.wilson(36.5, 40)  # draws as half points
    assert low < 36.5 / 40 < high < 1.0
    wide, narrow = strength.wilson(20, 40), strength.wilson(200, 400)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]


def test_mean_interval_is_mean_plus_or_minus_two_standard_errors() -> None:
    mean, low, high = strength.mean_interval([1, -1, 1, -1, 2, -2])
    error = math.sqrt(2.4) / math.sqrt(6)  # sample variance 12/5
    assert mean == 0.0
    assert (low, high) == (pytest.approx(-1.96 * error, rel=1e-3),
                           pytest.approx(1.96 * error, rel=1e-3))
    assert strength.mean_interval([3]) == (3, 3, 3)


# --------------------------------------------------------------------------- OpenSpiel


@pytest.mark.parametrize("key", ["othello", "morris"])
def test_openspiel_actions_round_trip_along_random_games(key: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    peer = PEERS[key]
    rng = random.Random(7)
    their_game = pyspiel.load_game(peer.name)
    for _ in range(3):
        state = find_game(peer.spec).initial_state()
        their = their_game.new_initial_state()
        while not state.is_terminal() and not their.is_terminal():
            assert state.current_player == peer.players[their.current_player()]
            moves = list(state.legal_moves())
            assert len(moves) == len(their.legal_actions())
            for move in moves:
                action = action_for(peer, state, their, move)
                assert move_for(peer, state, their, action) == move
            move = rng.choice(moves)
            their.apply_action(action_for(peer, state, their, move))
            state = state.apply(move)


# --------------------------------------------------------------------------- gnubg


def test_gnubg_plays_become_our_checker_moves() -> None:
    game = find_game("backgammon:simple")
    state = game.initial_state()
    state = state.apply(game.parse_move(state, "dice:6,5"))  # noir 6, blanc 5: noir plays
    assert isinstance(state, BackgammonState)
    play = our_play(state, "24/13")
    assert [str(m) for m in play] in (["24/18", "18/13"], ["24/19", "19/13"])
    with pytest.raises(GnubgError, match="not a legal play"):
        our_play(state, "6/1")
    after: Any = state
    for move in play:
        assert move in after.legal_moves()
        after = after.apply(move)
    assert after.current_player is CHANCE and after.boards[0][13] == 6


def test_gnubg_notation_hits_and_repeats() -> None:
    blots = [0] * 26
    blots[20], blots[18] = 1, 1  # blanc's 20 and 18 are our 5 and 7 points
    blots[0] = 13
    own, other = play_sides(START, tuple(blots), "13/7*(2) 8/5*")
    assert own[13] == 3 and own[7] == 2 and own[5] == 1 and own[8] == 2
    assert other[18] == 0 and other[20] == 0 and other[25] == 2


def _gnubg() -> Any:
    from bench.peers.gnubg import Gnubg, gnubg_program

    if gnubg_program() is None:
        pytest.skip("gnubg is not installed")
    return Gnubg()


def test_gnubg_driver_plays_legal_moves_and_evaluates() -> None:
    rng = random.Random(11)
    game = find_game("backgammon:simple")
    with _gnubg() as gnubg:
        start = gnubg.evaluate("4HPwATDgc/ABMA")
        assert len(start) == 6 and 0.5 < start[0] < 0.55  # the side on roll, at the start
        state = game.initial_state()
        turns = 0
        while not state.is_terminal() and turns < 30:
            if state.current_player is CHANCE:
                state = state.apply(state.sample_chance(rng))
                continue
            assert isinstance(state, BackgammonState) and state.phase == MOVE
            plays = gnubg.hint(state)
            assert [p.equity for p in plays] == sorted((p.equity for p in plays), reverse=True)
            mover = state.mover
            after: Any = state
            for move in our_play(state, plays[0].text) if plays else state.legal_moves():
                assert move in after.legal_moves()
                after = after.apply(move)
            assert after.is_terminal() or after.mover != mover
            state = after
            turns += 1
        assert turns == 30


# --------------------------------------------------------------------------- evaluator


def test_the_fast_network_matches_its_plain_definition() -> None:
    rng = random.Random(3)
    state = find_game("backgammon:simple").initial_state()
    compared = 0
    while not state.is_terminal() and compared < 40:
        if state.current_player is CHANCE:
            state = state.apply(state.sample_chance(rng))
            continue
        assert isinstance(state, BackgammonState)
        roller, other = state.sides()
        plain = net.network_chances(net.network_inputs(roller, other))
        p, gw, gl, bw, bl = net.contact_chances(roller, other)
        # The fast path rounds the interaction inputs to 2**-27 (the side's inputs are
        # exact): hidden sums within 1e-7, the outputs closer still.
        assert p == pytest.approx(plain[0], abs=1e-8)
        assert gw == pytest.approx(min(plain[1], p), abs=1e-8)
        assert gl == pytest.approx(min(plain[3], 1 - p), abs=1e-8)
        assert 0 <= bw <= gw and 0 <= bl <= gl
        compared += 1
        state = state.apply(rng.choice(list(state.legal_moves())))
    assert compared == 40


def test_no_sum_of_the_hidden_layer_can_pass_its_lanes() -> None:
    # The largest each input can be: every point's and summary's worst vector of a
    # side, as the roller and as the other, and the interactions at their largest.
    read = net.READ_HIDDEN
    worst = [abs(bias) for bias in net.HIDDEN_BIAS]
    for points, summaries in net.SIDE_TABLES:
        for table in points + summaries:
            vectors = [read(vector) for vector in table]
            worst = [w + max(abs(v[unit]) for v in vectors) for unit, w in enumerate(worst)]
    largest = (15, 15, 1, 15, 15, 1, 1, 1, 7.5, 7.5)
    rows = net.ROWS[2 * net.SIDE_INPUTS:]
    for value, row in zip(largest, rows, strict=True):
        worst = [w + value * abs(weight) for w, weight in zip(worst, row, strict=True)]
    assert max(worst) < 1815 < read.limit


def test_gnubg_chances_are_turned_to_the_side_to_roll() -> None:
    # gnubg gives the chances of the player who played; the network's are the other's.
    assert roller_chances([0.7, 0.2, 0.01, 0.05, 0.002, 0.5]) == pytest.approx(
        [0.3, 0.05, 0.002, 0.2, 0.01])


class _FixedEvaluations:
    """Stands in for gnubg where only its evaluation of one position is asked."""

    def __init__(self, chances: tuple[float, ...]) -> None:
        self.chances = chances
        self.asked: list[str] = []

    def evaluate(self, position_id: str) -> tuple[float, ...]:
        self.asked.append(position_id)
        return self.chances


def _a_turn_to_play(seed: int) -> BackgammonState:
    rng = random.Random(seed)
    state: Any = find_game("backgammon:simple").initial_state()
    for _ in range(12):
        state = state.apply(state.sample_chance(rng) if state.current_player is CHANCE
                            else rng.choice(state.legal_moves()))
    while state.current_player is CHANCE:
        state = state.apply(state.sample_chance(rng))
    assert isinstance(state, BackgammonState) and state.phase == MOVE
    return state


def test_a_turn_that_cannot_be_played_is_fitted_from_the_other_sides_roll(
        tmp_path: Any) -> None:
    state = _a_turn_to_play(5)
    own, other = state.sides()
    gnubg = _FixedEvaluations((0.8, 0.6, 0.05, 0.01, 0.002, 1.24))
    record = forced_record(gnubg, state)  # type: ignore[arg-type]
    # gnubg judges the position from the side that rolls next: the other one
    assert gnubg.asked == [board_id(other, own)]
    [(mine, theirs, equity, probs)] = record["plays"]
    assert (mine, theirs, equity) == (own, other, -1.24)
    assert record["forced"] and roller_chances(probs) == pytest.approx(
        [0.8, 0.6, 0.05, 0.01, 0.002])
    # forced turns are fitted, never judged: there was no play to choose
    choice = {"own": own, "other": other, "dice": [1, 2],
              "plays": [[own, other, 0.3, probs], [own, other, 0.1, probs]]}
    turns = tmp_path / "turns.jsonl"
    turns.write_text("".join(json.dumps(r) + "\n" for r in (record, choice, record)))
    assert judge([str(turns)])[2] == 1


# --------------------------------------------------------------------------- a tiny run


def test_a_one_game_run_prints_a_summary_per_peer() -> None:
    pytest.importorskip("pyspiel")
    out = io.StringIO()
    assert strength.main(["--games", "1", "--only", "othello,morris", "--simulations", "20",
                          "--seed", "3"], out=out) == 0
    lines = out.getvalue().splitlines()
    assert any(line.startswith("othello: ") and "95 % CI" in line for line in lines)
    assert any(line.startswith("morris: ") and "MCTS" in line for line in lines)
    assert SUMMARY.fullmatch(lines[-1]), lines[-1]


def test_a_one_game_run_against_gnubg() -> None:
    from bench.peers.gnubg import gnubg_program

    if gnubg_program() is None:
        pytest.skip("gnubg is not installed")
    out = io.StringIO()
    assert strength.main(["--games", "1", "--only", "backgammon", "--bg-seconds", "0.01"],
                         out=out) == 0
    lines = out.getvalue().splitlines()
    assert any(line.startswith("backgammon: ") and "points per game" in line for line in lines)
    assert re.fullmatch(r"backgammon_ppg=-?\d\.\d\d", lines[-1]), lines[-1]


def test_the_joueur_can_play_gnubg_instead_of_the_expert() -> None:
    from bench.peers.gnubg import gnubg_program

    if gnubg_program() is None:
        pytest.skip("gnubg is not installed")
    out = io.StringIO()
    assert strength.main(["--games", "1", "--only", "backgammon", "--bg-nodes", "20",
                          "--bg-level", "joueur"], out=out) == 0
    text = out.getvalue()
    assert "backgammon (backgammon:simple): joueur at 20 nodes/decision" in text
    assert "expert" not in text
    with pytest.raises(SystemExit):
        strength.main(["--bg-level", "maître"], out=io.StringIO())
