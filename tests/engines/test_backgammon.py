"""Backgammon: the source's figures, the dice rules, the cube, matches, gnubg ids."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines import find_game
from engines.backgammon import (
    BackgammonState,
    from_gnubg_id,
    gnubg_id,
    match_id,
    position_id,
)
from engines.backgammon.game import Backgammon
from engines.backgammon.gnubg import board_id
from engines.cli import main
from engines.core import (
    CHANCE,
    PASS,
    TERMINAL,
    IllegalMoveError,
    NotationError,
    State,
    complete_turns,
)
from engines.tables import ANSWER, CUBE, DICE, MOVE, OPENING, ROLLS, complete_plays
from engines.tables.rules import Side

START_POINTS = "b2....n5.n3...b5n5...b3.b5....n2"


def points(noir: Mapping[int, int], blanc: Mapping[int, int]) -> str:
    """The points field from both sides in their own numbering (blanc's p is noir's 25-p)."""
    cells = []
    for number in range(1, 25):
        if noir.get(number):
            cells.append(f"n{noir[number]}")
        elif blanc.get(25 - number):
            cells.append(f"b{blanc[25 - number]}")
        else:
            cells.append(".")
    return "".join(cells)


def position(noir: Mapping[int, int], blanc: Mapping[int, int], player: str = "noir",
             phase: str = "6,5", bar: tuple[int, int] = (0, 0), cube: str = "1",
             score: str = "0-0", crawford: str = "-", turn: int = 0,
             spec: str = "backgammon") -> BackgammonState:
    text = (f"{points(noir, blanc)} {bar[0]},{bar[1]} {player} {phase} {cube} {score} "
            f"{crawford} {turn}")
    state = find_game(spec).from_text(text)
    assert isinstance(state, BackgammonState)
    return state


def play(state: State, *moves: str) -> BackgammonState:
    for text in moves:
        state = state.apply(state.game.parse_move(state, text))
    assert isinstance(state, BackgammonState)
    return state


def backgammon(spec: str = "backgammon") -> Backgammon:
    game = find_game(spec)
    assert isinstance(game, Backgammon)
    return game


def names(state: State) -> list[str]:
    return [str(m) for m in state.legal_moves()]


START = {24: 2, 13: 5, 8: 3, 6: 5}


# --------------------------------------------------------------------------- start


def test_start_position_and_opening_throw() -> None:
    state = backgammon().initial_state()
    assert state.to_text() == f"{START_POINTS} 0,0 - ouverture 1 0-0 - 0"
    assert state.current_player == CHANCE
    assert len(state.chance_outcomes()) == 36
    noir_first = play(state, "dice:6,5")
    assert noir_first.current_player == "noir" and noir_first.dice == (6, 5)
    blanc_first = play(state, "dice:5,6")
    assert blanc_first.current_player == "blanc" and blanc_first.dice == (6, 5)
    assert position_id(state) == "4HPwATDgc/ABMA"


def test_opening_two_one_has_fifteen_distinct_plays() -> None:
    state = play(find_game("backgammon").initial_state(), "dice:2,1")
    turns = complete_turns(state)
    assert len(turns) == 15
    # GNU Backgammon's list of the opening 2-1, as resulting positions.
    gnubg = ["24/23 13/11", "13/11 6/5", "24/21", "13/10", "24/23 24/22", "24/22 6/5",
             "24/23 6/4", "13/11 8/7", "24/23 8/6", "24/22 8/7", "8/5", "6/3", "6/5 6/4",
             "8/7 6/4", "8/7 8/6"]
    own, other = state.sides()
    theirs = {gnubg_play(own, other, p) for p in gnubg}
    boards = {after.boards for _, after in turns if isinstance(after, BackgammonState)}
    assert boards == theirs  # noir moved: (noir's side, blanc's side)
    assert all(after.current_player == "blanc" for _, after in turns)


def test_command_line_turns_of_the_opening_two_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["turns", "backgammon", "dice:2,1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 15
    assert "24/22 22/21" in lines and "13/11 6/5" in lines


def gnubg_play(own: Side, other: Side, text: str) -> tuple[Side, Side]:
    """The sides after a play in gnubg's notation (``24/21``, ``13/10(2)``)."""
    from engines.backgammon import RULES

    for token in text.split():
        repeat = 1
        if token.endswith(")"):
            token, _, count = token[:-1].partition("(")
            repeat = int(count)
        hops = [25 if w == "bar" else 0 if w == "off" else int(w)
                for w in token.replace("*", "").split("/")]
        for _ in range(repeat):
            for origin, target in itertools.pairwise(hops):
                own, other = RULES.step(own, other, origin, target)
    return own, other


# --------------------------------------------------------------------------- figures


def test_figure_2_closed_points_stop_a_checker_moving_both_dice() -> None:
    # Blanc holds its 4 and 5 points (noir's 21 and 20): with 4-3 the checkers on
    # noir's 24 (the source's point 1) cannot go 7 points in two steps.
    blanc = {24: 2, 13: 5, 6: 4, 5: 2, 4: 2}
    state = position(START, blanc, phase="4,3")
    assert "24/21" not in names(state) and "24/20" not in names(state)
    for line, _ in complete_turns(state):
        assert not any(str(m).startswith("24/") for m in line)
    # With blanc's 5 point open the same checker goes 24/20/17.
    opened = position(START, {24: 2, 13: 5, 6: 6, 4: 2}, phase="4,3")
    assert "24/20" in names(opened)
    assert "20/17" in names(play(opened, "24/20"))


def fig3(dice: str) -> BackgammonState:
    # Noir on the bar; blanc holds its 2, 5 and 6 points and has a blot on its 4.
    noir = {13: 5, 8: 3, 6: 5, 7: 1}
    blanc = {6: 5, 5: 3, 2: 2, 4: 1, 13: 4}
    return position(noir, blanc, phase=dice, bar=(1, 0))


@pytest.mark.parametrize("throw", [d.values for d, _ in ROLLS])
def test_figure_3_entering_from_the_bar(throw: tuple[int, int]) -> None:
    high, low = throw
    dice = ",".join(str(d) for d in ((high,) * 4 if high == low else (high, low)))
    state = fig3(dice)
    entering = {f"bar/{25 - d}" for d in set(throw) if d in (1, 3, 4)}
    if entering:
        assert set(names(state)) == entering  # the bar first, nothing else
    else:
        assert list(state.legal_moves()) == [PASS]
        after = state.apply(PASS)
        assert after.current_player == "blanc"


def test_figure_3_entering_on_the_blot_hits_it() -> None:
    state = play(fig3("4,2"), "bar/21")
    noir, blanc = state.boards
    assert blanc[25] == 1 and blanc[4] == 0 and noir[21] == 1
    assert state.current_player == "noir" and state.dice == (2,)  # now any checker plays


def fig4() -> BackgammonState:
    # Blanc bears off with 5-3: checkers on its 5, 4 and 2 points.
    return position({6: 5, 5: 5, 4: 5}, {5: 1, 4: 1, 2: 2}, player="blanc", phase="5,3")


def test_figure_4_the_five_bears_off_the_checker_on_five() -> None:
    state = fig4()
    assert set(names(state)) == {"5/off", "5/2", "4/1"}
    with pytest.raises(IllegalMoveError):
        play(state, "4/off")  # a checker stands farther, on 5
    with pytest.raises(IllegalMoveError):
        play(state, "2/off")  # the 3 cannot bear off from 2 either


def test_figure_4_then_the_three_must_move_the_checker_on_four() -> None:
    state = play(fig4(), "5/off")
    assert names(state) == ["4/1"]
    with pytest.raises(IllegalMoveError):
        play(state, "2/off")


# --------------------------------------------------------------------------- dice


def test_both_dice_must_be_played_when_possible() -> None:
    # 6-1: the 6 alone is blocked (noir's 3 is blanc's), but 9/8 then 8/2 plays both.
    state = position({9: 1, 6: 4, 5: 4, 4: 3, 2: 3}, {22: 2, 13: 13}, phase="6,1")
    assert names(state) == ["9/8"]
    after = play(state, "9/8")
    assert names(after) == ["8/2"]
    with pytest.raises(IllegalMoveError):
        play(state, "6/5")


def test_the_larger_die_when_only_one_can_be_played() -> None:
    blanc = {12: 2, 2: 13}  # holds noir's 13 and 23
    state = position({24: 1, 1: 14}, blanc, phase="6,5")
    assert names(state) == ["24/18"]
    assert play(state, "24/18").current_player == "blanc"
    # When the larger cannot be played at all, the smaller is.
    closed = position({24: 1, 1: 14}, {12: 2, 7: 2, 2: 11}, phase="6,5")
    assert names(closed) == ["24/19"]


def test_doubles_are_played_four_times() -> None:
    state = play(find_game("backgammon:simple").initial_state(), "dice:6,5", "24/18",
                 "18/13", "dice:3,3")
    assert state.dice == (3, 3, 3, 3) and state.current_player == "blanc"
    state = play(state, "8/5", "8/5", "6/3")
    assert state.dice == (3,) and state.current_player == "blanc"
    after = play(state, "6/3")
    assert after.current_player == CHANCE and after.mover == 0


def test_two_checkers_on_the_bar_both_enter_first() -> None:
    state = position({13: 5, 8: 3, 6: 5}, START, phase="3,1", bar=(2, 0))
    assert set(names(state)) == {"bar/22", "bar/24"}
    after = play(state, "bar/22")
    assert names(after) == ["bar/24"]


def test_a_closed_board_means_pass() -> None:
    closed = {1: 3, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 2}
    for throw in ("6,5", "1,1", "3,2"):
        state = position({13: 5, 8: 3, 6: 6}, closed, phase=throw, bar=(1, 0))
        assert list(state.legal_moves()) == [PASS]
        with pytest.raises(IllegalMoveError):
            play(state, "bar/22")
        assert state.apply(PASS).current_player == "blanc"


def test_bear_off_exact_and_with_a_higher_die() -> None:
    state = position({3: 1, 1: 1}, {6: 5, 13: 10}, phase="6,5")
    assert names(state) == ["3/off"]  # the highest checker with the higher die
    state = play(state, "3/off")
    assert names(state) == ["1/off"]
    exact = position({5: 1, 3: 1}, {6: 5, 13: 10}, phase="5,1")
    assert set(names(exact)) == {"5/off", "5/4", "3/2"}


def test_no_bear_off_while_a_checker_is_outside_home() -> None:
    state = position({7: 1, 2: 14}, {6: 5, 13: 10}, phase="6,2")
    assert "2/off" not in names(state)
    assert set(names(state)) == {"7/1", "7/5"}
    assert "2/off" in names(play(state, "7/1"))


def test_the_last_checker_can_go_off_with_either_die() -> None:
    state = position({3: 1}, {6: 5, 13: 10}, phase="6,1", spec="backgammon:simple")
    assert set(names(state)) == {"3/off", "3/2"}
    assert play(state, "3/off").is_terminal()
    assert play(state, "3/2", "2/off").is_terminal()


def test_hitting_sends_a_blot_to_the_bar() -> None:
    blanc = {24: 2, 13: 5, 18: 1, 6: 5, 8: 2}  # a blot on blanc's 18 = noir's 7
    state = position(START, blanc, phase="6,2")
    after = play(state, "13/7*")  # the hit mark is optional
    assert after.boards[1][25] == 1 and after.boards[1][18] == 0
    assert after.boards[0][7] == 1
    entering = play(after, "8/6", "roll", "dice:3,1")
    assert set(names(entering)) <= {"bar/22", "bar/24"} and names(entering)


# --------------------------------------------------------------------------- stakes


def last_checker(blanc: Mapping[int, int], cube: str = "1", spec: str = "backgammon:simple",
                 score: str = "0-0", bar: int = 0) -> BackgammonState:
    return play(position({1: 1}, blanc, phase="2,1", cube=cube, spec=spec, score=score,
                         bar=(0, bar)), "1/off")


def test_single_gammon_and_backgammon() -> None:
    single = last_checker({6: 5, 13: 5})
    outcome = single.outcome()
    assert outcome is not None and outcome.code == "simple"
    assert outcome.scores == (("noir", 1), ("blanc", 0))
    gammon = last_checker({6: 5, 13: 10}).outcome()
    assert gammon is not None and gammon.code == "gammon" and gammon.score("noir") == 2
    backgammon = last_checker({6: 5, 13: 9, 20: 1}).outcome()  # blanc's 20 is in noir's home
    assert backgammon is not None and backgammon.code == "backgammon"
    assert backgammon.score("noir") == 3
    on_bar = last_checker({6: 5, 13: 9}, bar=1).outcome()
    assert on_bar is not None and on_bar.code == "backgammon"


def test_points_are_times_the_cube() -> None:
    state = last_checker({6: 5, 13: 10}, cube="4b", spec="backgammon,match=1")
    outcome = state.outcome()
    assert outcome is not None and outcome.score("noir") == 8
    in_match = last_checker({6: 5, 13: 10}, cube="2n", spec="backgammon,match=10")
    assert not in_match.is_terminal()  # 4 points of 10: the next manche begins
    assert in_match.to_text() == f"{START_POINTS} 0,0 - ouverture 1 4-0 - 0"
    assert any("4 points" in said for said in in_match.announcements())


def test_the_match_ends_at_the_target() -> None:
    state = last_checker({6: 5, 13: 10}, cube="2", spec="backgammon", score="2-3")
    assert state.is_terminal() and state.current_player == TERMINAL
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == ("noir",)
    assert outcome.scores == (("noir", 6), ("blanc", 3))
    assert "match en 5" in outcome.reason


# --------------------------------------------------------------------------- cube


def test_cube_offer_take_and_ownership() -> None:
    game = find_game("backgammon")
    state = play(game.initial_state(), "dice:6,5", "24/18", "18/13")
    assert state.current_player == "blanc" and names(state) == ["roll", "double"]
    offered = play(state, "double")
    assert offered.current_player == "noir" and names(offered) == ["take", "drop"]
    taken = play(offered, "take")
    assert (taken.cube, taken.owner) == (2, 0) and taken.current_player == CHANCE
    noir_turn = play(taken, "dice:3,1", "8/5", "6/5")
    assert names(noir_turn) == ["roll", "double"]  # noir holds the cube
    redoubled = play(noir_turn, "double", "take")
    assert (redoubled.cube, redoubled.owner) == (4, 1)
    blanc_turn = play(redoubled, "dice:2,1", "13/11", "11/10")
    assert blanc_turn.current_player == "blanc" and names(blanc_turn) == ["roll", "double"]
    noir_again = play(blanc_turn, "roll", "dice:4,2", "13/9", "13/11")
    assert noir_again.current_player == CHANCE  # noir cannot double: blanc holds the cube


def test_a_dropped_double_loses_the_stake_before_doubling() -> None:
    game = find_game("backgammon")
    state = play(game.initial_state(), "dice:6,5", "24/18", "18/13", "double", "drop")
    assert state.to_text() == f"{START_POINTS} 0,0 - ouverture 1 0-1 - 0"
    single = find_game("backgammon,match=1")
    over = play(single.initial_state(), "dice:6,5", "24/18", "18/13", "double", "drop")
    outcome = over.outcome()
    assert outcome is not None and outcome.code == "drop" and outcome.winners == ("blanc",)
    assert outcome.score("blanc") == 1


def test_no_cube_means_no_doubling() -> None:
    game = find_game("backgammon:simple")
    state = play(game.initial_state(), "dice:6,5", "24/18", "18/13")
    assert state.current_player == CHANCE
    with pytest.raises(NotationError):
        game.from_text(f"{START_POINTS} 0,0 noir videau 1 0-0 - 0")


def test_crawford_manche_has_no_doubling_then_it_comes_back() -> None:
    state = last_checker({6: 5, 13: 5}, spec="backgammon", score="3-0")
    assert state.to_text() == f"{START_POINTS} 0,0 - ouverture 1 4-0 crawford 0"
    assert "Manche Crawford : pas de videau" in state.announcements()
    tie = play(state, "dice:3,3")
    assert tie.cube == 1  # no automatic double either
    moved = play(tie, "dice:6,5", "24/18", "18/13")
    assert moved.current_player == CHANCE  # blanc may not double
    ended = play(position({6: 5, 13: 5}, {1: 1}, player="blanc", phase="2,1", score="4-0",
                          crawford="crawford"), "1/off")
    assert ended.to_text() == f"{START_POINTS} 0,0 - ouverture 1 4-1 - 0"
    assert names(play(ended, "dice:6,5", "24/18", "18/13")) == ["roll", "double"]
    post = last_checker({6: 5, 13: 5}, spec="backgammon", score="0-4")
    assert post.crawford is False  # 1-4: blanc reached 4 before, post-Crawford
    moved = play(post, "dice:6,5", "24/18", "18/13")
    assert names(moved) == ["roll", "double"]


def test_crawford_rule_is_an_option() -> None:
    state = last_checker({6: 5, 13: 5}, spec="backgammon,crawford=false", score="3-0")
    assert state.crawford is False
    assert names(play(state, "dice:6,5", "24/18", "18/13")) == ["roll", "double"]


def test_automatic_double_on_opening_ties() -> None:
    state = play(find_game("backgammon").initial_state(), "dice:3,3")
    assert state.cube == 2 and state.owner == -1 and state.current_player == CHANCE
    assert "Doublement automatique : l'enjeu vaut 2" in state.announcements()
    assert play(state, "dice:4,4").cube == 2  # once by default
    off = play(find_game("backgammon,auto_doubles=0").initial_state(), "dice:3,3")
    assert off.cube == 1
    twice = play(find_game("backgammon,auto_doubles=2").initial_state(), "dice:3,3",
                 "dice:1,1", "dice:2,2")
    assert twice.cube == 4
    assert play(twice, "dice:6,1").cube == 4


# --------------------------------------------------------------------------- gnubg ids


def test_known_position_and_match_ids() -> None:
    on_bar = position({6: 13}, {6: 15}, bar=(1, 0), phase="lancer", spec="backgammon:simple")
    assert position_id(on_bar) == "4P8PAADg/wMAIA"  # checked in gnubg
    simple = find_game("backgammon:simple")
    assert match_id(play(simple.initial_state(), "dice:3,6")) == "MAEPAAAAAAAA"
    rolling = simple.from_text(f"{START_POINTS} 0,0 noir lancer 1 0-0 - 0")
    assert isinstance(rolling, BackgammonState)
    assert match_id(rolling) == "cAkAAAAAAAAA"
    match = backgammon()
    expected = {
        "noir videau 1 0-0 - 0": "cAmgAAAAAAAA",
        "blanc 5,2 2b 2-3 - 7": "AYGqADAAEAAA",
        "noir lancer 1 4-2 crawford 3": "8AmgACAAIAAA",
        "noir double 1 1-1 - 5": "cBGgABAACAAA",  # as gnubg writes a pending double
    }
    for rest, known in expected.items():
        state = match.from_text(f"{START_POINTS} 0,0 {rest}")
        assert isinstance(state, BackgammonState)
        assert gnubg_id(state) == f"4HPwATDgc/ABMA:{known}"
    # Written by gnubg itself in a 5-point match: noir (X) doubles at the start and
    # blanc takes; noir then plays 3-1 8/5 6/5 and it is blanc's turn, holding the cube.
    offered = match.from_text(f"{START_POINTS} 0,0 noir double 1 0-0 - 0")
    assert isinstance(offered, BackgammonState)
    assert gnubg_id(offered) == "4HPwATDgc/ABMA:cBGgAAAAAAAA"
    after = match.from_text("b2...n2n4.n2...b5n5...b3.b5....n2 0,0 blanc videau 2b 0-0 - 1")
    assert isinstance(after, BackgammonState)
    assert gnubg_id(after) == "sGfwATDgc/ABMA:AQGgAAAAAAAA"
    assert from_gnubg_id(match, "sGfwATDgc/ABMA:AQGgAAAAAAAA").to_text() == \
        "b2...n2n4.n2...b5n5...b3.b5....n2 0,0 blanc videau 2b 0-0 - 0"


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_gnubg_ids_round_trip(seed: int) -> None:
    game = backgammon()
    rng = random.Random(seed)
    state: State = game.initial_state()
    while not state.is_terminal():
        assert isinstance(state, BackgammonState)
        whole_throw = len(state.dice) == 4 or len(set(state.dice)) == 2
        rolled = state.phase == DICE and state.may_double()  # gnubg: still before deciding
        if state.phase != OPENING and not rolled and (state.phase != MOVE or whole_throw):
            again = from_gnubg_id(game, gnubg_id(state))
            assert gnubg_id(again) == gnubg_id(state)
            assert again.boards == state.boards and again.score == state.score
            assert (again.cube, again.owner, again.crawford) == (
                state.cube, state.owner, state.crawford)
            assert again.current_player == state.current_player
        if state.current_player == CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(list(state.legal_moves())))


def test_gnubg_ids_are_read_as_positions_and_shown_on_the_diagram(
        capsys: pytest.CaptureFixture[str]) -> None:
    game = backgammon()
    state = game.from_text("4HPwATDgc/ABMA:cAmgAAAAAAAA")
    assert state.to_text() == f"{START_POINTS} 0,0 noir videau 1 0-0 - 0"
    assert game.from_text(" 4HPwATDgc/ABMA ").to_text() == state.to_text()
    moved = play(state, "roll", "dice:3,1", "8/5")
    assert f"gnubg : {gnubg_id(moved)}" in moved.diagram().splitlines()
    assert "gnubg" not in game.initial_state().diagram()  # nothing to check before the throw
    assert main(["moves", "backgammon", "--position", "4HPwATDgc/ABMA:cAmgAAAAAAAA"]) == 0
    assert capsys.readouterr().out.split() == ["roll", "double"]


def test_bad_gnubg_ids_are_refused() -> None:
    game = backgammon()
    with pytest.raises(NotationError, match="base 64"):
        from_gnubg_id(game, "%%%%:cAmgAAAAAAAA")
    with pytest.raises(NotationError, match="match to 0"):
        from_gnubg_id(game, "4HPwATDgc/ABMA:cAkAAAAAAAAA")  # a money game id
    crowded = (0, 0, 0, 0, 0, 0, 16) + (0,) * 19
    with pytest.raises(NotationError, match="16 checkers"):
        from_gnubg_id(game, board_id(crowded, crowded))
    state = from_gnubg_id(game, "4HPwATDgc/ABMA")
    assert state.current_player == "noir" and state.phase == 1  # may double or roll


# --------------------------------------------------------------------------- notation, text


def test_notation() -> None:
    game = find_game("backgammon")
    state = play(game.initial_state(), "dice:6,5")
    for bad in ("25/18", "24-18", "bar/off/2", "dice:7,1", "double please"):
        with pytest.raises(NotationError):
            game.parse_move(state, bad)
    with pytest.raises(IllegalMoveError, match="24/10"):
        game.parse_move(state, "24/10")
    rolled = play(game.initial_state(), "dice:6,5", "24/18", "18/13", "roll")
    assert str(game.parse_move(rolled, "dice:5,6")) == "dice:6,5"


@pytest.mark.parametrize("text", [
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 - ouverture 1 0-0 -",
    "b2....n5.n3...b5n5...b3.b5....n9 0,0 - ouverture 1 0-0 - 0",
    "b2....n5.n3...b5n5...b3.b5....x2 0,0 - ouverture 1 0-0 - 0",
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 noir ouverture 1 0-0 - 0",
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 - 6,5 1 0-0 - 0",
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 noir 5,6 1 0-0 - 0",
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 noir 6,5 3 0-0 - 0",
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 noir 6,5 1 5-0 - 0",
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 noir 6,5 1 0-0 crawford 0",
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 noir videau 2b 0-0 - 0",
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 noir fin 1 0-0 - 0",
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 noir 6,5 1 0-0 - 1000",
])
def test_bad_position_text_is_refused(text: str) -> None:
    with pytest.raises(NotationError, match="backgammon position"):
        find_game("backgammon").from_text(text)


def test_diagram_shows_both_numberings_and_the_match() -> None:
    state = play(find_game("backgammon").initial_state(), "dice:6,5")
    picture = state.diagram()
    assert "noir     13  14" in picture and "blanc    12  11" in picture
    assert "score 0-0 (match en 5)" in picture and "dés à jouer 6-5" in picture


def test_geometry_is_a_track_with_bars_and_homes() -> None:
    geometry = find_game("backgammon").geometry()
    assert geometry.kind == "track" and len(geometry.points) == 28
    assert geometry.regions["maison-noir"] == frozenset(range(6))
    assert geometry.points[0].x > geometry.points[11].x  # noir's 1 bottom right
    assert geometry.points[23].y < geometry.points[0].y  # 24 on the top row
    assert geometry.has("bar-noir") and geometry.has("off-blanc")
    from engines.backgammon import point_index

    assert geometry.name(point_index(0, 24)) == "24"  # noir's 24
    assert geometry.name(point_index(1, 24)) == "1"  # blanc's 24 is noir's 1
    assert geometry.name(point_index(1, 25)) == "bar-blanc"
    assert geometry.name(point_index(0, 0)) == "off-noir"


# --------------------------------------------------------------------------- endings, playouts


def test_turn_cap_stops_the_manche_as_a_draw() -> None:
    state = position(START, START, phase="6,5", turn=49, spec="backgammon,max_turns=50")
    over = play(state, "24/18", "18/13")
    outcome = over.outcome()
    assert outcome is not None and outcome.is_draw and outcome.code == "move_cap"
    assert find_game("backgammon,max_turns=50").ending().move_cap == 50


@pytest.mark.parametrize("spec", ["backgammon", "backgammon:simple"])
def test_fast_playout_follows_the_rules(spec: str) -> None:
    game = find_game(spec)
    for seed in range(3):
        trace: list[object] = []
        start = game.initial_state()
        assert isinstance(start, BackgammonState)
        final = start.playout(random.Random(seed), trace)
        state: State = start
        for move in trace:
            state = state.apply(move)
        assert state.to_text() == final.to_text() and state.is_terminal()


def test_complete_plays_match_the_atomic_turns() -> None:
    from engines.backgammon import RULES

    rng = random.Random(4)
    game = find_game("backgammon:simple")
    state: State = game.initial_state()
    checked = 0
    while not state.is_terminal() and checked < 40:
        if state.current_player == CHANCE:
            state = state.apply(state.sample_chance(rng))
            continue
        assert isinstance(state, BackgammonState)
        own, other = state.sides()
        plays = complete_plays(RULES, own, other, state.dice)
        turns = complete_turns(state)
        mover = state.mover
        results = set()
        for _, after in turns:
            assert isinstance(after, BackgammonState)
            results.add((after.boards[mover], after.boards[1 - mover]))
        assert set(plays) == results
        checked += 1
        state = turns[rng.randrange(len(turns))][1]


@pytest.mark.parametrize("spec", ["backgammon,match=10", "backgammon,match=20",
                                  "backgammon,match=5,crawford=false,auto_doubles=3",
                                  "backgammon,cube=false"])
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_matches_keep_the_rules(spec: str, seed: int) -> None:
    """Along random matches: 15 checkers a side, no point shared, the cube a power of
    two up to 64 held by the last taker, scores that only grow, one Crawford manche at
    most, right after a player reaches one point from the target."""
    game = backgammon(spec)
    rng = random.Random(seed)
    state: State = game.initial_state()
    crawford_manches = 0
    previous: BackgammonState | None = None
    while True:
        assert isinstance(state, BackgammonState)
        noir, blanc = state.boards
        assert sum(noir) == sum(blanc) == 15
        assert not any(noir[p] and blanc[25 - p] for p in range(1, 25))
        assert state.cube in (1, 2, 4, 8, 16, 32, 64)
        if not game.cube_on:
            assert state.owner == -1 and state.phase not in (CUBE, ANSWER)
        if previous is not None:
            assert all(a <= b for a, b in zip(previous.score, state.score, strict=True))
            if previous.phase == ANSWER and state.phase == DICE:  # taken
                assert (state.cube, state.owner) == (2 * previous.cube, 1 - previous.mover)
            new_manche = state.phase == OPENING and previous.phase != OPENING
            if new_manche and state.crawford:
                crawford_manches += 1
                assert game.match - 1 in state.score
                assert game.match - 1 not in previous.score
        if state.is_terminal():
            break
        previous = state
        if state.current_player == CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(list(state.legal_moves())))
    assert crawford_manches <= (1 if game.crawford_rule else 0)
    outcome = state.outcome()
    assert outcome is not None
    if not outcome.is_draw:
        assert max(state.score) >= game.match
