"""Backgammon's evaluator and the machine's checker play and cube decisions."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from engines import find_game
from engines.ai import make_bot
from engines.ai.eval_backgammon import cubeless, evaluate, match_equity
from engines.backgammon import START, BackgammonState
from engines.core import CHANCE, State
from tests.engines.backgammon_positions import backgammon, points

OPENING = {24: 2, 13: 5, 8: 3, 6: 5}


def position(noir: Mapping[int, int], blanc: Mapping[int, int], phase: str = "videau",
             spec: str = "backgammon", cube: str = "1", score: str = "0-0") -> State:
    text = f"{points(noir, blanc)} 0,0 noir {phase} {cube} {score} - 9"
    return find_game(spec).from_text(text)


def machine_turn(state: State, nodes: int = 200) -> list[str]:
    """The decisions the expert takes until the turn passes."""
    mover = state.current_player
    line = []
    while state.current_player == mover:
        move = make_bot("expert", state.game, nodes=nodes).choose(state)
        line.append(str(move))
        state = state.apply(move)
    return line


@pytest.mark.parametrize(("dice", "best"), [
    ("3,1", {"8/5", "6/5"}),  # makes the 5 point
    ("4,2", {"8/4", "6/4"}),  # makes the 4 point
    ("6,1", {"13/7", "8/7"}),  # makes the bar point
    ("6,5", {"24/18", "18/13"}),  # runs a back checker
])
def test_classic_opening_plays(dice: str, best: set[str]) -> None:
    game = find_game("backgammon")
    state = game.initial_state()
    state = state.apply(game.parse_move(state, f"dice:{dice}"))
    assert set(machine_turn(state)) == best


def test_the_evaluation_is_zero_sum_and_bounded() -> None:
    rng = random.Random(2)
    game = find_game("backgammon")
    state = game.initial_state()
    seen = 0
    while not state.is_terminal() and seen < 200:
        if state.current_player is not CHANCE or isinstance(state, BackgammonState):
            noir, blanc = evaluate(state, "noir"), evaluate(state, "blanc")
            assert -1.0 <= noir <= 1.0 and noir == pytest.approx(-blanc, abs=1e-9)
            seen += 1
        if state.current_player is CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(list(state.legal_moves())))


def test_race_chances_follow_the_pip_count() -> None:
    even = {6: 3, 5: 3, 4: 3, 3: 3, 2: 3}
    ahead = {6: 2, 5: 2, 4: 3, 3: 3, 2: 3, 1: 2}
    p_even = cubeless(tuple(_side(even)), tuple(_side(even)))[0]
    p_ahead = cubeless(tuple(_side(ahead)), tuple(_side(even)))[0]
    assert 0.5 < p_even < 0.75  # the side on roll is ahead by half a turn
    assert p_ahead > p_even + 0.05


def _side(points: Mapping[int, int]) -> list[int]:
    side = [0] * 26
    for point, count in points.items():
        side[point] = count
    side[0] = 15 - sum(side)
    return side


def test_match_equity_table() -> None:
    assert match_equity(5, 5) == pytest.approx(0.5)
    assert match_equity(1, 5) > match_equity(2, 5) > match_equity(5, 5) > match_equity(5, 2)
    assert match_equity(0, 3) == 1.0 and match_equity(3, 0) == 0.0


def test_the_cube_stays_alive_at_match_point_without_the_crawford_rule() -> None:
    """With no Crawford rule (the default) a player one point from the target faces the
    cube in every game: the trailer doubles at once, each game is played for 2 points.
    The leader then takes when the trailer needs an odd number of points (5: dropping
    would leave 4, two games as before) and may drop for free when it is even."""
    no_crawford, crawford = backgammon(), backgammon("backgammon,crawford=true")
    assert match_equity(1, 3, no_crawford) == pytest.approx(0.7)  # the trailer: 2 games
    assert match_equity(1, 4, no_crawford) == pytest.approx(match_equity(1, 3, no_crawford))
    assert match_equity(1, 5, no_crawford) < match_equity(1, 5, crawford)
    assert match_equity(2, 1, no_crawford) == pytest.approx(0.5)
    assert match_equity(3, 3, no_crawford) == pytest.approx(0.5)
    start = "b2....n5.n3...b5n5...b3.b5....n2 0,0 noir videau 1 {} - 3"
    decisions = {}
    for score in ("0-4", "1-4", "4-0"):
        state = no_crawford.from_text(start.format(score))
        expert = make_bot("expert", no_crawford, nodes=500)
        offered = state.apply(no_crawford.parse_move(state, "double"))
        decisions[score] = (str(expert.choose(state)), str(expert.choose(offered)))
    assert decisions["0-4"] == ("double", "take")  # blanc 4, noir 5 away: double, take
    assert decisions["1-4"] == ("double", "drop")  # 4 away: the free drop
    assert decisions["4-0"][0] == "roll"  # the leader's cube is worth nothing


@pytest.mark.parametrize(("noir", "blanc", "answer"), [
    # GNU Backgammon (2 plies), 5-point match at 0-0: 64 pips against 70, 73 %:
    # double, take; 54 against 66, 84 %: double, pass.
    ({6: 4, 5: 3, 4: 3, 3: 3, 2: 2}, {6: 5, 5: 4, 4: 3, 3: 2, 2: 1}, "take"),
    ({6: 2, 5: 3, 4: 3, 3: 3, 2: 2, 1: 2}, {6: 4, 5: 4, 4: 3, 3: 2, 2: 2}, "drop"),
])
def test_cube_decisions_in_a_race(noir: dict[int, int], blanc: dict[int, int],
                                  answer: str) -> None:
    state = position(noir, blanc)
    assert machine_turn(state, nodes=500)[0] == "double"
    offered = state.apply(state.game.parse_move(state, "double"))
    assert str(make_bot("expert", state.game, nodes=500).choose(offered)) == answer


def test_rolls_and_takes_an_even_race() -> None:
    even = {6: 3, 5: 3, 4: 3, 3: 3, 2: 3}
    state = position(even, even)
    assert machine_turn(state, nodes=500)[0] == "roll"
    offered = state.apply(state.game.parse_move(state, "double"))
    assert make_bot("expert", state.game, nodes=500).choose(offered).name == "take"


@pytest.mark.parametrize("nodes", [200, 500, 2000])
def test_no_pointless_doubling_in_a_single_game(nodes: int) -> None:
    # Playing only to win the game, doubling gains nothing: the machine rolls.
    state = position({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {6: 4, 5: 4, 4: 3, 3: 2, 2: 2},
                     spec="backgammon,match=1")
    assert machine_turn(state, nodes=nodes)[0] == "roll"


def test_no_doubling_a_cube_already_worth_the_match() -> None:
    state = position({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, cube="4n",
                     score="1-2")
    assert machine_turn(state, nodes=500)[0] == "roll"


def test_points_on_a_blot_in_its_home_board() -> None:
    # 3-1 with a blanc blot on noir's 5 point: 8/5* 6/5, GNU Backgammon's choice by far.
    blanc = {24: 2, 13: 5, 8: 3, 6: 4, 20: 1}
    state = position(OPENING, blanc, phase="3,1")
    assert set(machine_turn(state)) == {"8/5", "6/5"}
    hit = state.apply(state.game.parse_move(state, "8/5*"))
    assert isinstance(hit, BackgammonState) and hit.boards[1][25] == 1


def test_the_side_to_roll_is_ahead_at_the_start() -> None:
    state = position(OPENING, OPENING, phase="lancer")
    assert evaluate(state, "noir") > 0  # the side to roll is a little ahead
    assert tuple(_side(OPENING)) == START
