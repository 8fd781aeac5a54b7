"""The protocol's shared parts: specs and options, outcomes, geometry, turns."""

from __future__ import annotations

import pytest

from engines import find_game
from engines.core import Dice, Option, Outcome, PathMove, Remove, SpecError, draw, win
from engines.geometry import grid
from engines.outcomes import OutcomeCode


def test_options_follow_the_variant_then_the_spec() -> None:
    assert find_game("reversi").options["opening"] == "pose"
    othello = find_game("reversi:othello")
    assert othello.options == {"opening": "othello", "first": "noir"}
    changed = find_game("reversi:othello,first=blanc")
    assert changed.spec == "reversi:othello,first=blanc"
    assert changed.initial_state().current_player == "blanc"
    # an option set to its variant's value is not repeated in the canonical spec
    assert find_game("reversi:othello,opening=othello").spec == "reversi:othello"


@pytest.mark.parametrize(
    ("text", "value"), [("true", True), ("oui", True), ("1", True), ("non", False), ("OFF", False)]
)
def test_boolean_options_read_french_and_english(text: str, value: bool) -> None:
    assert Option("x", False, "").parse(text, "g") is value


def test_option_errors_name_the_allowed_values() -> None:
    number = Option("fly_at", 4, "", minimum=3, maximum=4)
    assert number.parse("3", "moulin") == 3
    with pytest.raises(SpecError, match=r"fly_at.*from 3 to 4.*'9'"):
        number.parse("9", "moulin")
    with pytest.raises(SpecError, match="whole number"):
        number.parse("three", "moulin")
    choice = Option("first", "noir", "", choices=("noir", "blanc"))
    with pytest.raises(SpecError, match="one of noir, blanc"):
        choice.parse("vert", "reversi")
    with pytest.raises(SpecError, match="true or false"):
        Option("b", True, "").parse("peut-être", "g")


def test_spec_syntax_errors() -> None:
    with pytest.raises(SpecError, match="name=value"):
        find_game("reversi,first")
    with pytest.raises(SpecError, match="empty game name"):
        find_game("  ")


def test_outcome_values_and_result_lines() -> None:
    won = win("noir", "plateau plein, 40 pions contre 24", OutcomeCode.MOST_DISCS, {"noir": 40},
              en="board full, 40 discs to 24")
    assert won.value("noir") == 1.0 and won.value("blanc") == 0.0
    assert won.result_line() == "winner=noir (plateau plein, 40 pions contre 24)"
    assert won.reason_in("en") == "board full, 40 discs to 24"
    assert won.score("noir") == 40 and won.score("blanc") is None
    drawn = draw("position répétée trois fois", OutcomeCode.REPETITION)
    assert drawn.is_draw and drawn.value("blanc") == 0.5
    assert drawn.result_line() == "draw (position répétée trois fois)"
    assert drawn.reason_in("en") == "position répétée trois fois"
    shared = Outcome(("rouge", "bleu"), "ex aequo", OutcomeCode.LOWEST_SCORE)
    assert shared.result_line() == "winner=rouge,bleu (ex aequo)"


def test_move_notations() -> None:
    assert str(PathMove((1, 2, 3), ("d5", "d3", "b3"))) == "d5-d3-b3"
    assert str(Remove(4, "d6")) == "xd6"
    assert str(Dice((6, 5))) == "dice:6,5"
    assert PathMove((1, 2), ("a", "b")) == PathMove((1, 2), ("A", "B"))


def test_grid_geometry_names_layout_and_lines() -> None:
    board = grid(3, 2)
    assert [p.name for p in board.points] == ["a2", "b2", "c2", "a1", "b1", "c1"]
    assert (board.points[4].x, board.points[4].y) == (1.5, 1.5)
    assert board.index("C1") == 5
    assert board.neighbours[0] == (1, 3)
    assert (0, 1, 2) in board.lines and (0, 3) in board.lines
    diagonal = grid(3, 3, diagonals=True)
    assert (0, 4, 8) in diagonal.lines and (2, 4, 6) in diagonal.lines
    assert all(len(line) >= 2 for line in diagonal.lines)


def test_the_chance_and_terminal_markers_never_equal_a_player() -> None:
    import copy
    import operator
    import pickle

    from engines.core import CHANCE, TERMINAL

    assert CHANCE != "hasard" and CHANCE != TERMINAL
    assert not operator.eq("fin", TERMINAL)  # a player's name first, as the games compare
    assert "fin" not in (CHANCE, TERMINAL) and TERMINAL in (CHANCE, TERMINAL)
    assert f"{CHANCE} {TERMINAL}" == "hasard fin"  # they read as their words
    assert pickle.loads(pickle.dumps(CHANCE)) is CHANCE
    assert copy.deepcopy(TERMINAL) is TERMINAL
    markers: dict[str, int] = {TERMINAL: 1}
    assert markers.get("fin") is None
