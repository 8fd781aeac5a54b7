"""Backgammon's moves: the opening, the source's figures, the dice, entering, bearing off."""

from __future__ import annotations

import itertools

import pytest

from engines import find_game
from engines.backgammon import BackgammonState, position_id
from engines.cli import main
from engines.core import CHANCE, PASS, IllegalMoveError
from engines.tables import ROLLS
from engines.tables.rules import Side
from engines.walks import complete_turns
from tests.engines.backgammon_positions import (
    START,
    START_POINTS,
    backgammon,
    names,
    play,
    position,
)

# --------------------------------------------------------------------------- start


def test_start_position_and_opening_throw() -> None:
    state = backgammon().initial_state()
    assert state.to_text() == f"{START_POINTS} 0,0 - ouverture 1 0-0 - 0"
    assert state.current_player is CHANCE
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
    assert after.current_player is CHANCE and after.mover == 0


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
