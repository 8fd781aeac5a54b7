"""Ludus latrunculorum's captures: the figures, edges and corners, inciti and their freeing."""

from __future__ import annotations

import pytest

from engines.core import NotationError, PathMove
from engines.outcomes import OutcomeCode
from tests.engines.latrunculi_positions import (
    BLACK_FAR,
    PISO,
    SENECA,
    WHITE_FAR,
    game,
    moves_of,
    play,
    position,
    squares,
)

# --------------------------------------------------------------------------- the figures


@pytest.mark.parametrize("spec", [SENECA, PISO])
def test_figure_a_blanc_takes_the_black_piece_in_the_corner(spec: str) -> None:
    state = position(["b1", "a3", *WHITE_FAR], ["a1", "e5", *BLACK_FAR], spec=spec)
    after = play(state, "a3-a2")
    if spec == SENECA:
        assert squares(after, "n") == {"a1"}
        assert after.current_player == "noir" and not after.removing
    else:
        assert "a1" not in squares(after, "N") | squares(after, "n")
        assert after.captured(0) == 20 - 3


@pytest.mark.parametrize("spec", [SENECA, PISO])
def test_figure_b_noir_takes_two_white_pieces_at_once(spec: str) -> None:
    state = position(["d4", "e5", *WHITE_FAR], ["c4", "e6", "e3", *BLACK_FAR], mover="noir",
                     spec=spec)
    after = play(state, "e3-e4")
    taken = {"d4", "e5"}
    if spec == SENECA:
        assert squares(after, "b") == taken
    else:
        assert squares(after, "B") == set(WHITE_FAR) and after.captured(1) == 20 - 2


@pytest.mark.parametrize("spec", [SENECA, PISO])
def test_figure_c_noir_takes_one_white_piece(spec: str) -> None:
    state = position(["d5", "e4", *WHITE_FAR], ["d6", "c4", *BLACK_FAR], mover="noir",
                     spec=spec)
    after = play(state, "c4-d4")  # d5 between d4 and d6; e4 has nothing beyond it, on f4
    if spec == SENECA:
        assert squares(after, "b") == {"d5"} and "e4" in squares(after, "B")
    else:
        assert squares(after, "B") == {"e4", *WHITE_FAR}


@pytest.mark.parametrize("spec", [SENECA, PISO])
def test_three_captures_at_once(spec: str) -> None:
    state = position(["d5", "b4", "f4", "d2", *WHITE_FAR], ["c4", "e4", "d3", *BLACK_FAR],
                     spec=spec)
    after = play(state, "d5-d4")
    assert squares(after, "N") == set(BLACK_FAR)
    if spec == SENECA:
        assert squares(after, "n") == {"c4", "e4", "d3"} and after.captured(0) == 20 - 5
    else:
        assert after.captured(0) == 20 - 2


def test_moving_between_two_enemies_is_safe() -> None:
    for spec in (SENECA, PISO):
        state = position(["c4", "e4", *WHITE_FAR], ["d5", *BLACK_FAR], mover="noir", spec=spec)
        after = play(state, "d5-d4")
        assert "d4" in squares(after, "N")
        assert not squares(after, "n")


def test_no_capture_across_a_diagonal_or_against_the_edge() -> None:
    diagonal = position(["a1", "c4", *WHITE_FAR], ["b2", "e5", *BLACK_FAR], spec=PISO)
    assert "b2" in squares(play(diagonal, "c4-c3"), "N")  # b2 between c3 and a1 diagonally
    edge = position(["c4", *WHITE_FAR], ["a4", "e5", *BLACK_FAR], spec=PISO)
    assert "a4" in squares(play(edge, "c4-b4"), "N")  # nothing beyond a4 but the edge
    along = position(["b1", *WHITE_FAR], ["a2", "e5", *BLACK_FAR], spec=PISO)
    assert "a2" in squares(play(along, "b1-a1"), "N")  # a3 is empty
    along = position(["a3", "b1", *WHITE_FAR], ["a2", "e5", *BLACK_FAR], spec=PISO)
    assert "a2" not in squares(play(along, "b1-a1"), "N")  # along the edge it is taken


def test_a_corner_piece_is_taken_only_by_its_two_neighbours() -> None:
    state = position(["a3", "c1", *WHITE_FAR], ["a1", "e5", *BLACK_FAR], spec=PISO)
    assert "a1" in squares(play(state, "a3-a2"), "N")  # b1 is empty
    assert "a1" in squares(play(state, "c1-b1"), "N")  # a2 is empty
    both = position(["a3", "c1", "b2", *WHITE_FAR], ["a1", "e5", *BLACK_FAR], spec=PISO)
    both = play(both, "b2-b1", "e5-e6", "a3-a2")
    assert "a1" not in squares(both, "N")


# --------------------------------------------------------------------------- inciti (Seneca)


def test_the_captor_must_remove_the_incitus_before_moving() -> None:
    state = position(["b1", "a3", *WHITE_FAR], ["a1", "e5", *BLACK_FAR])
    state = play(state, "a3-a2", "e5-e6")
    assert state.current_player == "blanc" and state.removing
    assert moves_of(state) == {"xa1"}
    assert state.announcements() == ("blanc retire un incitus",)
    after = play(state, "xa1")
    assert after.current_player == "blanc" and not after.removing
    assert all(isinstance(m, PathMove) for m in after.legal_moves())
    assert after.captured(0) == 20 - 3 and "a1" not in squares(after, "n")
    assert after.to_text().split()[3] == "-"


def test_several_inciti_go_one_per_turn_in_the_captors_order() -> None:
    state = position(["d4", "e5", "a8", *WHITE_FAR], ["c4", "e6", "e3", *BLACK_FAR],
                     mover="noir")
    state = play(state, "e3-e4", "a8-a7")
    assert moves_of(state) == {"xd4", "xe5"}
    first = play(state, "xe5")
    assert not first.removing and squares(first, "b") == {"d4"}
    assert "xd4" not in moves_of(first)
    first = play(first, "h1-h2", "a7-a6")
    assert moves_of(first) == {"xd4"}
    other_order = play(state, "xd4")
    assert squares(other_order, "b") == {"e5"}


def test_an_incitus_is_freed_when_one_of_its_guards_is_taken() -> None:
    # The source's example: "En encerclant un des pions noirs, les blancs ont pu
    # libérer leur pion encerclé."  Blanc's d4 is held by c4 and e4; blanc takes e4.
    state = position(["e5", "e2", *WHITE_FAR], ["c4", "e4", *BLACK_FAR], white_inciti=["d4"])
    after = play(state, "e2-e3")
    assert squares(after, "n") == {"e4"}
    assert "d4" in squares(after, "B") and not squares(after, "b")
    assert not after.removing  # noir has nothing left to remove
    after = play(after, "h1-h2")
    assert after.removing and moves_of(after) == {"xe4"}
    after = play(after, "xe4")
    assert "d4-e4" in moves_of(after)  # the freed piece moves again


def test_a_freed_piece_serves_as_an_anvil_again() -> None:
    state = position(["e5", "e2", "b3", *WHITE_FAR], ["c4", "e4", *BLACK_FAR],
                     white_inciti=["d4"])
    assert not squares(play(state, "b3-b4"), "n")  # an incitus is no anvil
    freed = play(state, "e2-e3", "h1-h2", "xe4", "b3-b4")
    assert squares(freed, "n") == {"c4"}  # between b4 and the freed d4


def test_an_incitus_is_freed_when_a_guard_leaves() -> None:
    state = position(["c4", "e4", "a2", "b1", *WHITE_FAR], ["e6", *BLACK_FAR],
                     black_inciti=["d4", "a1"], removal="x")
    assert moves_of(state) == {"xd4", "xa1"}
    state = play(state, "xa1", "c4-c3")
    assert "d4" in squares(state, "N") and not squares(state, "n")
    state = play(state, "e6-e7")
    assert not state.removing


def test_an_incitus_held_on_both_lines_stays_held_while_one_pair_holds() -> None:
    state = position(["c4", "e4", "d3", "d5", *WHITE_FAR], ["a1", "h5", *BLACK_FAR],
                     black_inciti=["d4"])
    after = play(state, "c4-b4")
    assert squares(after, "n") == {"d4"}
    after = play(after, "a1-a2", "xd4")
    assert "d4" not in squares(after, "n") | squares(after, "N")


def test_inciti_count_as_on_the_board_until_removed() -> None:
    # noir has a free piece and an incitus: two pieces, the game goes on
    state = position(["b1", "a3", "c3", *WHITE_FAR], ["a1", "f5"])
    after = play(state, "a3-a2")
    assert not after.is_terminal() and after.pieces(1) == 2
    after = play(after, "f5-f6", "xa1")
    assert after.is_terminal()
    outcome = after.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.ONE_PIECE
    assert outcome.winners == ("blanc",)


def test_inciti_only_in_seneca() -> None:
    text = position(["a2", "b1", *WHITE_FAR], ["c5", *BLACK_FAR], black_inciti=["a1"]).to_text()
    with pytest.raises(NotationError, match="inciti"):
        game(PISO).from_text(text)
