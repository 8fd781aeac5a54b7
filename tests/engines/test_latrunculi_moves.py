"""Ludus latrunculorum's moves: placement, steps and jump chains, the back-and-forth rule."""

from __future__ import annotations

import random

import pytest

from engines.core import (
    IllegalMoveError,
    PathMove,
    Place,
)
from engines.latrunculi import INDEX
from tests.engines.latrunculi_positions import (
    BLACK_FAR,
    EMPTY_BOARD,
    PISO,
    WHITE_FAR,
    game,
    moves_of,
    play,
    position,
    squares,
    targets,
)

# --------------------------------------------------------------------------- start, placement


def test_start_is_an_empty_board_with_blanc_placing_first() -> None:
    state = game().initial_state()
    assert state.to_text() == f"{EMPTY_BOARD} blanc 20,20 - -,- 0"
    assert state.current_player == "blanc" and state.placing
    assert game().players == ("blanc", "noir")
    assert len(state.legal_moves()) == 64
    assert all(isinstance(m, Place) for m in state.legal_moves())
    assert game(PISO).initial_state().to_text() == state.to_text()


def test_noir_may_place_first() -> None:
    state = game("latrunculi:seneque,first=noir").initial_state()
    assert state.current_player == "noir"
    assert play(state, "d4").current_player == "blanc"


def test_placing_alternates_then_the_first_placer_moves_first() -> None:
    rng = random.Random(5)
    state = game().initial_state()
    seen = []
    for _ in range(40):
        seen.append(state.current_player)
        state = play(state, str(rng.choice(state.legal_moves())))
    assert seen == ["blanc", "noir"] * 20
    assert state.hands == (0, 0) and not state.placing
    assert state.current_player == "blanc"
    assert all(isinstance(m, PathMove) for m in state.legal_moves())
    assert len(squares(state, "B")) == len(squares(state, "N")) == 20


def test_placing_between_two_enemies_or_around_one_takes_nothing() -> None:
    state = position(["c4", *WHITE_FAR], ["d4", "e5", *BLACK_FAR], hands="1,2", mover="noir")
    state = play(state, "d5")
    state = play(state, "e4")  # blanc encloses d4 between c4 and e4
    assert squares(state, "N") == {"d4", "e5", "d5", *BLACK_FAR}
    state = play(state, "f4")  # noir encloses e4 between d4 and f4
    assert squares(state, "B") == {"c4", "e4", *WHITE_FAR}
    assert state.hands == (0, 0) and state.current_player == "blanc"
    # the enclosures made while placing never count: a move elsewhere takes nothing
    after = play(state, "h8-h7")
    assert squares(after, "N") == squares(state, "N") and not squares(after, "n")
    after = play(after, "f4-f3")
    assert squares(after, "B") == squares(state, "B") - {"h8"} | {"h7"}


def test_placement_refuses_occupied_squares_and_moves() -> None:
    state = play(game().initial_state(), "d4")
    with pytest.raises(IllegalMoveError, match="'d4'"):
        state.apply(Place(INDEX["d4"], "d4"))
    with pytest.raises(IllegalMoveError):
        game().parse_move(state, "d4-d5")


# --------------------------------------------------------------------------- moves and jumps


def test_steps_go_one_square_orthogonally_to_empty_squares() -> None:
    state = position(["d4", "d5", *WHITE_FAR], ["e4", *BLACK_FAR])
    assert targets(state, "d4") == {"c4", "d3", "d6"}  # d6: a jump over d5
    assert targets(game(PISO).from_text(state.to_text()), "d4") == {"c4", "d3"}


def test_jump_chains_over_own_pieces_stop_after_any_jump() -> None:
    state = position(["d4", "d5", "e6", "g6", "f4", *WHITE_FAR], ["a1", *BLACK_FAR])
    assert targets(state, "d4") == {"c4", "e4", "d3", "d6", "f6", "h6"}
    # listed along the shortest path, one entry per target
    chains = {str(m) for m in state.legal_moves()
              if isinstance(m, PathMove) and m.path[0] == INDEX["d4"] and len(m.path) > 2}
    assert chains == {"d4-d6-f6", "d4-d6-f6-h6"}
    after = play(state, "d4-d6-f6")
    assert squares(after, "B") == {"d5", "e6", "g6", "f4", "f6", *WHITE_FAR}


def test_jumps_over_inciti_but_never_over_enemies_or_two_pieces() -> None:
    state = position(["c4", "g5", "g6", "g7", *WHITE_FAR[:1]], ["d5", "d3", "c5", *BLACK_FAR],
                     white_inciti=["d4"])
    assert targets(state, "c4") == {"b4", "c3", "e4"}  # over its own incitus d4, not c5
    origins = {m.names[0] for m in state.legal_moves() if isinstance(m, PathMove)}
    assert "d4" not in origins  # the incitus stays
    assert targets(state, "g5") == {"g4", "f5", "h5"}  # g6 and g7 are two pieces
    assert targets(state, "g7") == {"g8", "f7", "h7"}


def test_chains_never_land_twice_on_a_square() -> None:
    # a ring of own pieces around an empty square: the chain cannot come back to d4
    state = position(["d4", "d5", "e6", "f5", "e4", *WHITE_FAR], ["a1", *BLACK_FAR])
    chains = targets(state, "d4") - {"c4", "d3"}
    assert chains == {"d6", "f6", "f4"}
    assert all("d4" not in str(m).split("-")[1:] for m in state.legal_moves())


def test_a_chain_may_be_written_along_any_of_its_paths() -> None:
    state = position(["d4", "d5", "e6", "e4", "f5", *WHITE_FAR], ["a1", *BLACK_FAR])
    shortest = state.game.parse_move(state, "d4-d6-f6")
    other = state.game.parse_move(state, "d4-f4-f6")
    assert other == shortest and str(other) == "d4-d6-f6"
    with pytest.raises(IllegalMoveError):
        state.game.parse_move(state, "d4-f6")  # not a jump
    with pytest.raises(IllegalMoveError):
        state.game.parse_move(state, "d4-d6-f6-f4-d4")  # back on d4


def test_a_chain_captures_only_where_it_stops() -> None:
    state = position(["d4", "d5", "e6", "b6", *WHITE_FAR], ["c6", *BLACK_FAR])
    passing = play(state, "d4-d6-f6")  # through d6, next to c6 with b6 beyond
    assert squares(passing, "N") == squares(state, "N") and not squares(passing, "n")
    stopping = play(state, "d4-d6")
    assert squares(stopping, "n") == {"c6"}


def test_piso_refuses_jumps() -> None:
    state = position(["d4", "d5", *WHITE_FAR], ["e4", *BLACK_FAR], spec=PISO)
    with pytest.raises(IllegalMoveError, match="d4-d6"):
        state.game.parse_move(state, "d4-d6")
    assert targets(position(["d4", "d5", *WHITE_FAR], ["e4", *BLACK_FAR],
                            spec="latrunculi:pison,jumps=true"), "d4") == {"c4", "d3", "d6"}


# --------------------------------------------------------------------------- going back and forth


def test_a_piece_may_go_back_once_but_not_forth_again_at_once() -> None:
    state = position(["d4", *WHITE_FAR], ["a1", "a3", *BLACK_FAR], spec=PISO)
    state = play(state, "d4-d5", "a3-a4", "d5-d4", "a4-a3")
    assert "d4-d5" not in moves_of(state)
    assert {"d4-c4", "d4-e4", "d4-d3", "h8-h7"} <= moves_of(state)
    assert state.to_text().split()[4] == "d5-d4*,a4-a3*"
    # another move first, then the same piece may go there again
    later = play(state, "h8-h7", "a3-a2", "d4-d5")
    assert "d5" in squares(later, "B")


def test_the_restriction_is_only_for_the_piece_that_went_back() -> None:
    state = position(["d4", "f4", *WHITE_FAR], ["a1", "a3", *BLACK_FAR], spec=PISO)
    state = play(state, "d4-d5", "a3-a4", "d5-d4", "a4-a3")
    assert "f4-f5" in moves_of(state)
    state = play(state, "d4-c4", "a1-a2")
    assert "c4-d4" in moves_of(state)  # going back once is allowed


def test_strict_return_forbids_even_the_first_return() -> None:
    spec = "latrunculi:pison,strict_return=true"
    state = position(["d4", *WHITE_FAR], ["a1", "a3", *BLACK_FAR], spec=spec)
    state = play(state, "d4-d5", "a3-a4")
    assert "d5-d4" not in moves_of(state)
    assert "d5-d6" in moves_of(state)
    default = play(position(["d4", *WHITE_FAR], ["a1", "a3", *BLACK_FAR], spec=PISO),
                   "d4-d5", "a3-a4")
    assert "d5-d4" in moves_of(default)


def test_back_and_forth_counts_jump_chains_by_their_ends() -> None:
    state = position(["d4", "d5", *WHITE_FAR], ["a1", "a3", *BLACK_FAR])
    state = play(state, "d4-d6", "a3-a4", "d6-d4", "a4-a3")
    assert "d4-d6" not in moves_of(state)
    strict = position(["d4", "d5", *WHITE_FAR], ["a1", "a3", *BLACK_FAR],
                      spec="latrunculi:seneque,strict_return=true")
    assert "d6-d4" not in moves_of(play(strict, "d4-d6", "a3-a4"))
