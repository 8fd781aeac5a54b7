"""The medieval compilation: moves, assault, ambush, sally, siege, pyramids, poses,
the lesser victories and the triumphs."""

from __future__ import annotations

import pytest

from engines import find_game
from engines.core import NotationError, SpecError
from engines.outcomes import OutcomeCode
from tests.engines.test_rithmomachie_boissiere import (
    at,
    capture_kinds,
    play,
    position,
    rithmo,
    take,
)

MEDIEVALE = "rithmomachie:medievale"
RESERVE = {"h1": "b289S", "a16": "n361S"}


def test_start_white_at_the_bottom_moves_first() -> None:
    game = rithmo(MEDIEVALE)
    state = game.initial_state()
    assert game.players == ("blanc", "noir") and state.current_player == "blanc"
    assert at(game, state, "g2").value == 91
    assert at(game, state, "g2").side == 0
    assert at(game, state, "a15").value == 190
    assert at(game, state, "c4").value == 2 and at(game, state, "f13").value == 3
    assert game.board.names[0] == "a16" and game.board.names[-1] == "h1"


def test_the_shorter_board_keeps_the_armies_two_rows_closer() -> None:
    game = rithmo(f"{MEDIEVALE},rows=14")
    state = game.initial_state()
    index = game.board.index
    assert game.board.height == 14 and "a15" not in index
    assert at(game, state, "a13").value == 190
    assert at(game, state, "f11").value == 3


def test_moves_are_straight_exact_and_clear_in_eight_directions() -> None:
    game = rithmo(MEDIEVALE)
    moves = {str(m) for m in game.initial_state().legal_moves()}
    assert {"c4-c5", "c4-b5", "c4-d5", "c4-b4", "a3-a5", "a3-c5"} <= moves
    assert "c4-c6" not in moves          # a round goes one square
    assert "d3-d5" not in moves          # the round 16 on d3 is blocked by d4
    assert "a2-a5" not in moves and "b2-b5" not in moves  # a square would cross a piece


def test_a_pyramid_moves_as_its_bottom_layer() -> None:
    _game, state = position(MEDIEVALE, {"d5": "b91P(36S.25S.16T.9T.4C.1C)", **RESERVE},
                           "blanc")
    targets = {str(m)[3:] for m in state.legal_moves() if str(m).startswith("d5-")}
    assert targets == {"d8", "d2", "a5", "g5", "a8", "g8", "a2", "g2"}
    _, state = position(MEDIEVALE, {"d5": "b30P(16T.9T.4C.1C)", **RESERVE}, "blanc")
    targets = {str(m)[3:] for m in state.legal_moves() if str(m).startswith("d5-")}
    assert targets == {"d7", "d3", "b5", "f5", "b7", "f7", "b3", "f3"}


def test_assault_takes_an_equal_value_and_replaces_it() -> None:
    game, state = position(MEDIEVALE, {"d5": "b9T", "d7": "n9C", **RESERVE}, "blanc")
    move = take(state, "d5xd7")
    assert move.kind == "assault"
    after = state.apply(move)
    assert at(game, after, "d7").value == 9
    assert at(game, after, "d7").side == 0
    assert after.board[game.board.index["d5"]] is None
    assert after.prisoners[0] == ((9, "C", True),)
    # the path must be clear
    _, blocked = position(MEDIEVALE, {"d5": "b9T", "d6": "n4C", "d7": "n9C", **RESERVE},
                          "blanc")
    assert "d5xd7" not in capture_kinds(blocked)


def test_ambush_45_by_30_12_3() -> None:
    pieces = {"d8": "b45S", "c9": "n30T", "d9": "n12T", "e10": "n3C", **RESERVE}
    game, state = position(MEDIEVALE, pieces, "noir")
    state = play(game, state, "e10-e9")
    move = take(state, "xd8")
    assert move.kind == "ambush" and move.detail == "45 = 30 + 12 + 3"
    assert set(move.captors) == {"c9", "d9", "e9"}
    after = state.apply(move)
    assert after.board[game.board.index["d8"]] is None      # removed, not replaced
    assert after.board[game.board.index["e9"]] is not None


def test_ambush_45_by_5_times_9() -> None:
    pieces = {"d8": "b45S", "c9": "n5C", "e10": "n9C", **RESERVE}
    game, state = position(MEDIEVALE, pieces, "noir")
    assert "xd8" not in capture_kinds(play(game, state, "e10-f10"))
    state = play(game, state, "e10-e9")
    move = take(state, "xd8")
    assert move.kind == "ambush" and move.detail == "45 = 9 × 5"


def test_sally_8_takes_16_when_adjacent() -> None:
    game, state = position(MEDIEVALE, {"d5": "b8C", "e6": "n16T", **RESERVE}, "blanc")
    move = take(state, "d5xe6")
    assert move.kind == "sally" and move.detail == "8 × 2 = 16"
    after = state.apply(move)
    assert at(game, after, "e6").value == 8


def test_sally_counts_both_squares_along_a_clear_line() -> None:
    _, state = position(MEDIEVALE, {"d2": "b4C", "d6": "n20T", **RESERVE}, "blanc")
    assert capture_kinds(state)["d2xd6"] == "sally"  # 4 x 5 = 20, d2 to d6 is 5 squares
    _, blocked = position(MEDIEVALE, {"d2": "b4C", "d4": "b2C", "d6": "n20T", **RESERVE},
                          "blanc")
    assert "d2xd6" not in capture_kinds(blocked)


def test_siege_removes_a_surrounded_piece_instead_of_moving() -> None:
    pieces = {"d5": "n7C", "c5": "b2C", "e5": "b4C", "d4": "b6C", "d6": "b8C", **RESERVE}
    game, state = position(MEDIEVALE, pieces, "blanc")
    move = take(state, "xd5")
    assert move.kind == "siege"
    after = state.apply(move)
    assert after.current_player == "noir" and after.board[game.board.index["d5"]] is None
    # every besieger must be safe: a 2 next to the... 7 cannot take, but a noir 4 could
    # take the blanc 4 on e5 by assault from e7 (two squares? no: a round moves one)
    endangered = {**pieces, "f6": "n4C"}
    _, state = position(MEDIEVALE, endangered, "blanc")
    assert "xd5" not in capture_kinds(state)
    # siege=8 needs all eight neighbours
    _, state = position(f"{MEDIEVALE},siege=8", pieces, "blanc")
    assert "xd5" not in capture_kinds(state)


def test_pyramid_taken_by_total_base_layer_or_sum_of_layers() -> None:
    pyramid = "b91P(36S.25S.16T.9T.4C.1C)"
    for captor, text, left in (("n91C", "xd5", None), ("n36C", "xd5", None),
                               ("n16C", "xd5:16", 75), ("n13C", "xd5:9+4", 78)):
        pieces = {"d5": pyramid, "c6": captor, "e7": "n1C", **RESERVE}
        game, state = position(MEDIEVALE, pieces, "noir")
        if text == "xd5":
            move = take(state, f"c6{text}")
            state = state.apply(move)
            assert at(game, state, "d5").side == 1
        else:
            move = take(state, f"c6{text}")
            state = state.apply(move)
            stack = state.board[game.board.index["d5"]]
            assert stack is not None and stack.value == left
            assert state.board[game.board.index["c6"]] is not None  # the captor stays
    # taken layers are prisoners that may be posed as separate pieces
    pieces = {"d5": pyramid, "c6": "n13C", "e7": "n1C", **RESERVE}
    game, state = position(MEDIEVALE, pieces, "noir")
    state = play(game, state, "c6xd5:9+4")
    assert state.prisoners[1] == ((4, "C", True), (9, "T", True))
    state = play(game, state, "h1-h4")
    assert {"4C@c16", "9T@c16"} <= {str(m) for m in state.legal_moves()}


def test_pose_on_the_back_row_is_the_turn() -> None:
    game, state = position(MEDIEVALE, RESERVE, "blanc", prisoners=("30T", "-"))
    poses = [str(m) for m in state.legal_moves() if "@" in str(m)]
    assert poses == [f"30T@{f}1" for f in "abcdefg"]
    state = play(game, state, "30T@c1")
    assert state.current_player == "noir" and "b30T*" in state.to_text()


# --------------------------------------------------------------------------- victories


def _assault(spec: str, prisoners: str, victim: str, captor: str) -> object:
    game, state = position(spec, {"d5": captor, "d6": victim, **RESERVE}, "blanc",
                           prisoners=(prisoners, "-"))
    return play(game, state, "d5xd6").outcome()


@pytest.mark.parametrize(("prisoners", "victim", "captor", "wins"), [
    ("12T", "n3C", "b3C*", True),
    ("120S", "n36T", "b36C", True),
    ("12T", "n5C", "b5C*", False),
])
def test_de_lite_the_compilation_examples(prisoners: str, victim: str, captor: str,
                                          wins: bool) -> None:
    outcome = _assault(f"{MEDIEVALE},victoire=lite,digits=123", prisoners, victim, captor)
    assert (outcome is not None) == wins
    if wins:
        assert outcome.code == OutcomeCode.LITE and outcome.winners == ("blanc",)  # type: ignore[attr-defined]


def test_de_lite_225_and_361_by_ambush_289_plus_72() -> None:
    pieces = {"d6": "n361S", "c5": "b289S", "e4": "b72T", **RESERVE}
    game, state = position(f"{MEDIEVALE},victoire=lite,digits=123", pieces, "blanc",
                           prisoners=("225S", "-"))
    state = play(game, state, "e4-e6")
    move = take(state, "xd6")
    assert move.detail == "361 = 289 + 72"
    outcome = state.apply(move).outcome()
    assert outcome is not None and outcome.code == OutcomeCode.LITE


@pytest.mark.parametrize(("options", "prisoners", "wins"), [
    ("victoire=corpore,pieces=2", "4C", True),
    ("victoire=corpore,pieces=3", "4C", False),
    ("victoire=bonis,somme=13", "4C", True),
    ("victoire=bonis,somme=14", "4C", False),
    ("victoire=honore,pieces=2,somme=13", "4C", True),
    ("victoire=honore,pieces=3,somme=13", "4C", False),
    ("victoire=honore-liteque,total_chiffres=22", "49C", True),
    ("victoire=honore-liteque,total_chiffres=23", "49C", False),
])
def test_lesser_victories_and_their_parameters(options: str, prisoners: str,
                                               wins: bool) -> None:
    outcome = _assault(f"{MEDIEVALE},{options}", prisoners, "n9C", "b9C")
    assert (outcome is not None) == wins


def test_options_of_the_other_rule_set_are_refused() -> None:
    for option in ("prison=any", "posee=false", "chiffres=5", "victoire=corps"):
        with pytest.raises(SpecError):
            find_game(f"{MEDIEVALE},{option}")
    with pytest.raises(SpecError, match="digits"):
        find_game(f"{MEDIEVALE},digits=abc")


TRIUMPH = {"c9": "b2C", "d10": "b3C*", "f13": "b4C", **RESERVE}


def test_triumphs_need_the_whole_enemy_pyramid() -> None:
    spec = f"{MEDIEVALE},victoire=triomphe"
    game, state = position(spec, TRIUMPH, "blanc")
    outcome = play(game, state, "f13-e12", "a16-a13", "e12-e11").outcome()
    assert outcome is not None and outcome.code == OutcomeCode.TRIOMPHE  # 2, 3, 4 in a diagonal
    game, state = position(spec, {**TRIUMPH, "h14": "n16P(16C)"}, "blanc")
    assert play(game, state, "f13-e12", "a16-a13", "e12-e11").outcome() is None


def test_greater_triumph_two_progressions_among_four_anywhere() -> None:
    pieces = {"b2": "b4C", "c2": "b6C", "d2": "b12T", "f4": "b36T", **RESERVE}
    game, state = position(f"{MEDIEVALE},victoire=grand-triomphe", pieces, "blanc")
    outcome = play(game, state, "f4-f2").outcome()
    assert outcome is None  # f2 is not next to d2
    game, state = position(f"{MEDIEVALE},victoire=grand-triomphe",
                           {**pieces, "f4": "b36C"}, "blanc")
    state = play(game, state, "f4-e3")
    assert state.outcome() is None
    state = play(game, state, "a16-a13", "e3-e2")
    outcome = state.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.GRAND_TRIOMPHE


def test_greatest_triumph_only_on_the_enemy_half() -> None:
    line = {"b10": "b4C", "c10": "b6C", "d10": "b9C*", "e12": "b12T", **RESERVE}
    game, state = position(f"{MEDIEVALE},victoire=triomphe-supreme", line, "blanc")
    outcome = play(game, state, "e12-e10").outcome()
    assert outcome is not None and outcome.code == OutcomeCode.TRIOMPHE_SUPREME
    home = {"b4": "b4C", "c4": "b6C", "d4": "b9C*", "e6": "b12T", **RESERVE}
    game, state = position(f"{MEDIEVALE},victoire=triomphe-supreme", home, "blanc")
    assert play(game, state, "e6-e4").outcome() is None


def test_notation_of_the_compilation() -> None:
    game = rithmo(MEDIEVALE)
    state = game.initial_state()
    with pytest.raises(NotationError, match="d2-d4"):
        game.parse_move(state, "D22-D4")
    assert str(game.parse_move(state, "C4-C5")) == "c4-c5"
