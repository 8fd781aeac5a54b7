"""Ludus latrunculorum's ends and draws, specs, notation and position text, all options played."""

from __future__ import annotations

import random

import pytest

from engines import find_game
from engines.core import (
    TERMINAL,
    IllegalMoveError,
    NotationError,
    PathMove,
    Place,
    Remove,
    SpecError,
    State,
)
from engines.latrunculi import INDEX, NAMES
from engines.outcomes import OutcomeCode
from tests.engines.latrunculi_positions import (
    EMPTY_BOARD,
    OPTION_SPECS,
    PISO,
    SENECA,
    game,
    moves_of,
    play,
    position,
    squares,
)

# --------------------------------------------------------------------------- the end


def test_down_to_one_piece_ends_and_the_most_captures_win() -> None:
    state = position(["b1", "a3", "c5", "d5"], ["a1", "h8"], spec=PISO)
    after = play(state, "a3-a2")
    assert after.is_terminal() and after.current_player is TERMINAL
    assert after.legal_moves() == ()
    outcome = after.outcome()
    assert outcome is not None
    assert outcome.winners == ("blanc",) and outcome.code == OutcomeCode.ONE_PIECE
    assert dict(outcome.scores) == {"blanc": 19, "noir": 16}
    assert outcome.reason == "noir n'a plus qu'un pion, blanc a pris 19 pions contre 16"
    assert outcome.reason_en == "black has one piece left, white captured 19 pieces to 16"


def test_both_down_to_one_piece_is_a_draw_on_equal_captures() -> None:
    state = position(["a8"], ["h1"], spec=PISO)
    outcome = state.outcome()
    assert outcome is not None and outcome.is_draw and outcome.code == OutcomeCode.ONE_PIECE
    assert outcome.reason == "blanc n'a plus qu'un pion, 19 prises de chaque côté"


def test_a_blocked_player_ends_the_game_and_may_still_win_on_captures() -> None:
    column_a = [f"a{r}" for r in range(1, 9)]
    column_b = [f"b{r}" for r in range(2, 9)]
    # blanc (9 pieces) cannot move; noir (8) has taken fewer: blanc wins
    state = position([*column_a, "b1"], [*column_b, "c1"])
    outcome = state.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.BLOCKED
    assert outcome.winners == ("blanc",) and dict(outcome.scores) == {"blanc": 12, "noir": 11}
    assert outcome.reason.startswith("blanc ne peut plus jouer")
    # with noir to move the game goes on
    assert not position([*column_a, "b1"], [*column_b, "c1"], mover="noir").is_terminal()
    # equal captures: a draw
    even = position(column_a, [*column_b, "b1"])
    outcome = even.outcome()
    assert outcome is not None and outcome.is_draw and outcome.code == OutcomeCode.BLOCKED


def test_blocked_by_the_back_and_forth_rule_alone() -> None:
    column_a = [f"a{r}" for r in range(1, 9)]
    column_b = [f"b{r}" for r in range(2, 9)]
    returned = position(column_a, column_b, last="b1-a1*,-", spec=PISO)
    outcome = returned.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.BLOCKED
    once = position(column_a, column_b, last="b1-a1,-", spec=PISO)
    assert moves_of(once) == {"a1-b1"}
    strict = position(column_a, column_b, last="b1-a1,-",
                      spec="latrunculi:pison,strict_return=true")
    assert strict.is_terminal()


def test_a_due_removal_comes_before_judging_a_block() -> None:
    column_a = [f"a{r}" for r in range(1, 9)]
    state = position([*column_a, "c1"], [f"b{r}" for r in range(2, 9)] + ["c2", "d1"],
                     black_inciti=["b1"], removal="x")
    assert not state.is_terminal() and moves_of(state) == {"xb1"}
    after = play(state, "xb1")
    assert moves_of(after) == {"a1-b1", "c1-b1"}


def test_threefold_repetition_is_a_draw() -> None:
    lap = ["a8-b8", "h1-g1", "b8-b7", "g1-g2", "b7-a7", "g2-h2", "a7-a8", "h2-h1"]
    state = position(["a8", "d4"], ["h1", "e6"], last="a7-a8,h2-h1", spec=PISO)
    once = play(state, *lap)
    assert once.key() == state.key() and not once.is_terminal()
    twice = play(once, *lap[:-1])
    assert not twice.is_terminal()
    final = play(twice, lap[-1])
    outcome = final.outcome()
    assert outcome is not None and outcome.is_draw and outcome.code == OutcomeCode.REPETITION
    off = position(["a8", "d4"], ["h1", "e6"], last="a7-a8,h2-h1",
                   spec="latrunculi:pison,repetition=false")
    assert not play(off, *lap, *lap).is_terminal()


def test_moves_without_removal_end_in_a_draw() -> None:
    spec = "latrunculi:pison,draw_moves=10"
    state = position(["a8", "d4"], ["h1", "e6"], quiet=9, spec=spec)
    after = play(state, "d4-d5")
    outcome = after.outcome()
    assert outcome is not None and outcome.is_draw and outcome.code == OutcomeCode.MOVE_CAP
    assert outcome.reason == "10 coups sans pion retiré"
    capture = position(["a8", "d5", "f6"], ["h1", "e6", "g3"], quiet=9, spec=spec)
    after = play(capture, "d5-d6")  # takes e6: the count starts again
    assert not after.is_terminal() and after.quiet == 0


def test_the_move_cap_waits_for_a_due_removal() -> None:
    spec = "latrunculi:seneque,draw_moves=10"
    state = position(["b1", "a3", "d4"], ["a1", "e5", "g5"], quiet=9, spec=spec)
    after = play(state, "a3-a2")  # a capture on the tenth move: the limit waits
    assert not after.is_terminal() and after.quiet == 10
    after = play(after, "e5-e6")
    assert after.removing and not after.is_terminal()
    after = play(after, "xa1")
    assert after.quiet == 0 and not after.is_terminal()
    # with inciti on the board but no removal due, two more moves at most
    for quiet_moves, over in ((11, False), (12, True)):
        waiting = position(["a2", "b1", "d4"], ["e5", "g5"], black_inciti=["a1"], mover="noir",
                           quiet=quiet_moves, spec=spec)
        assert waiting.is_terminal() == over
    quiet = position(["b1", "d4"], ["e5", "g5"], quiet=9, spec=spec)
    assert play(quiet, "d4-d3").is_terminal()


def test_ending_is_declared() -> None:
    ending = game().ending()
    assert ending.repetition == 3 and ending.move_cap == 50
    assert "le plus de prises gagne" in ending.description
    off = game("latrunculi:pison,repetition=false,draw_moves=80").ending()
    assert off.repetition is None and off.move_cap == 80 and "80 coups" in off.description


# --------------------------------------------------------------------------- specs, text, notation


@pytest.mark.parametrize("spec", OPTION_SPECS)
def test_every_option_plays_through_the_protocol(spec: str) -> None:
    rng = random.Random(spec)
    state: State = game(spec).initial_state()
    while not state.is_terminal():
        moves = state.legal_moves()
        for move in rng.sample(list(moves), min(3, len(moves))):
            assert state.game.parse_move(state, str(move)) == move
        copy = state.game.from_text(state.to_text())
        assert copy.to_text() == state.to_text() and copy.legal_moves() == moves
        state = state.apply(rng.choice(moves))
    outcome = state.outcome()
    assert outcome is not None and outcome.reason and outcome.reason_en


def test_the_plain_id_is_seneca() -> None:
    assert find_game("latrunculi").spec == SENECA
    assert find_game("latrunculi") == find_game(SENECA)
    assert game(SENECA).inciti and game(SENECA).jumps
    piso = game(PISO)
    assert not piso.inciti and not piso.jumps and piso.spec == PISO
    assert find_game("latrunculi:pison,strict_return=true").spec == (
        "latrunculi:pison,strict_return=true")
    assert find_game("latrunculi,first=noir").spec == "latrunculi:seneque,first=noir"


@pytest.mark.parametrize("spec", [
    "latrunculi:caesar", "latrunculi,draw_moves=5", "latrunculi,first=rouge",
    "latrunculi,strict_return=peut-etre", "latrunculi,pieces=16",
])
def test_bad_specs_are_refused(spec: str) -> None:
    with pytest.raises(SpecError):
        find_game(spec)


def test_moves_round_trip_through_their_notation() -> None:
    state = position(["d4", "d5", "e6"], ["a1", "c4", "h8"])
    for move in state.legal_moves():
        assert state.game.parse_move(state, str(move).upper()) == move
    removal = position(["c4", "e4", "a2", "b1"], ["e6", "h8"], black_inciti=["d4", "a1"],
                       removal="x")
    assert removal.game.parse_move(removal, " XD4 ") == Remove(INDEX["d4"], "d4")


@pytest.mark.parametrize("text", ["i9", "d4-", "x", "xd4-d5", "d4--d5", "z1-z2", "pass", "d0"])
def test_malformed_moves_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError, match="latrunculi move"):
        game().parse_move(position(["d4", "a8"], ["h1", "e6"]), text)


@pytest.mark.parametrize("text", ["d4-d6", "d4-e5", "xe6", "e6-e5", "d4", "a8-a6"])
def test_wellformed_refused_moves_are_illegal(text: str) -> None:
    state = position(["d4", "a8"], ["h1", "e6"])
    with pytest.raises(IllegalMoveError) as error:
        game().parse_move(state, text)
    assert text in str(error.value) and state.to_text() in str(error.value)


def test_moves_after_the_end_are_illegal() -> None:
    over = position(["a8"], ["h1"])
    with pytest.raises(IllegalMoveError, match="over"):
        over.game.parse_move(over, "a8-a7")
    assert not over.is_legal(PathMove((0, 8), ("a8", "a7")))


def test_is_legal_refuses_foreign_values() -> None:
    state = position(["d4", "a8"], ["h1", "e6"])
    any_game: State = state  # a position as any game's: any value may be asked about
    assert not any_game.is_legal("d4-d5")
    assert not state.is_legal(Place(INDEX["c3"], "c3"))
    assert not state.is_legal(Remove(INDEX["e6"], "e6"))
    assert not state.is_legal(PathMove((99, 100), ("x", "y")))
    assert state.is_legal(PathMove((INDEX["d4"], INDEX["d5"]), ("d4", "d5")))


def test_position_text_keeps_every_field() -> None:
    state = position(["c4", "e4", "a2", "b1"], ["e6", "h8"], black_inciti=["d4", "a1"],
                     removal="x", last="c3-c4*,e5-e6", quiet=7)
    text = state.to_text()
    assert text.split()[1:] == ["blanc", "0,0", "x", "c3-c4*,e5-e6", "7"]
    copy = state.game.from_text(text)
    assert copy.to_text() == text and copy.key() == state.key()
    assert copy.forbidden() == (INDEX["c4"] << 6) | INDEX["c3"]


def test_the_documented_example_position() -> None:
    text = ("......../......../...N..../..BnB.../...N..../......../......../........ "
            "blanc 0,0 x e4-e5,d3-d4 3")
    state = game().from_text(text)
    assert state.to_text() == text
    assert moves_of(state) == {"xd5"}
    assert squares(play(state, "xd5"), "n") == set()


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("not a position", "6 fields"),
        (f"{EMPTY_BOARD} rouge 20,20 - -,- 0", "player to move"),
        (f"{EMPTY_BOARD[:-1]}X blanc 20,20 - -,- 0", "square h1 holds 'X'"),
        (f"{EMPTY_BOARD}/........ blanc 20,20 - -,- 0", "8 rows"),
        (f"{EMPTY_BOARD} blanc 21,20 - -,- 0", "pieces to place"),
        (f"{EMPTY_BOARD} blanc 20 - -,- 0", "pieces to place"),
        (f"{EMPTY_BOARD} blanc 20,20 y -,- 0", "removal flag"),
        (f"{EMPTY_BOARD} blanc 20,20 - -,- z", "moves without removal"),
        (f"{EMPTY_BOARD} blanc 20,20 - d4,- 0", "last move 'd4'"),
        (f"{EMPTY_BOARD} blanc 20,20 - d4-d4,- 0", "last move"),
        (f"{EMPTY_BOARD} blanc 20,20 - - 0", "last moves"),
        (f"{EMPTY_BOARD} blanc 20,20 - d4-d5,- 0", "still to be placed"),
        (f"{EMPTY_BOARD} blanc 19,20 - -,- 0", "place in turn"),
        (f"{EMPTY_BOARD} noir 20,18 - -,- 0", "place in turn"),
        (f"{EMPTY_BOARD} blanc 0,0 x -,- 0", "removal is due"),
        ("BBBBBBBB/BBBBBBBB/BBBBB.../......../......../......../......../........ "
         "blanc 0,0 - -,- 0", "more than 20"),
        ("n......./......../......../......../......../......../......../........ "
         "blanc 0,0 - -,- 0", "incitus on a8 is not held"),
    ],
)
def test_bad_position_texts_are_named(text: str, complaint: str) -> None:
    with pytest.raises(NotationError, match=complaint):
        game().from_text(text)


def test_geometry_is_the_8x8_grid_with_corners_and_edges() -> None:
    geometry = game().geometry()
    assert geometry.kind == "grid" and (geometry.columns, geometry.rows) == (8, 8)
    assert [p.name for p in geometry.points] == list(NAMES)
    assert geometry.points[INDEX["a1"]].x == 0.5 and geometry.points[INDEX["a1"]].y == 7.5
    assert {geometry.name(i) for i in geometry.regions["coins"]} == {"a1", "a8", "h1", "h8"}
    assert len(geometry.regions["bords"]) == 28
    assert len(geometry.edges) == 112


def test_diagram_shows_coordinates_pieces_inciti_and_who_acts() -> None:
    state = position(["c4", "e4", "a2", "b1"], ["e6", "h8"], black_inciti=["d4", "a1"],
                     removal="x")
    lines = state.diagram().splitlines()
    assert lines[0].split() == list("abcdefgh") == lines[9].split()
    assert [line.split()[0] for line in lines[1:9]] == [str(r) for r in range(8, 0, -1)]
    assert lines[5].split() == ["4", "·", "·", "○", "◆", "○", "·", "·", "·", "4"]
    assert "noir : 4 sur le plateau dont 2 incitus" in state.diagram()
    assert "retire un incitus" in lines[-1]
    assert "(pose)" in game().initial_state().diagram()
    assert "fin : winner=blanc" in position(["a8", "b8"], ["h1"]).diagram()
