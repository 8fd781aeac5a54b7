"""Ludus latrunculorum: the source's figures and examples, placement, steps and jump chains,
the back-and-forth rule, inciti and their freeing, the ends and draws, notation (the
reference checks are in test_latrunculi_reference.py)."""

from __future__ import annotations

import random
from collections.abc import Iterable

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
from engines.latrunculi import (
    INDEX,
    NAMES,
    Latrunculi,
    LatrunculiState,
)

SENECA = "latrunculi:seneque"
PISO = "latrunculi:pison"
OPTION_SPECS = [
    SENECA,
    PISO,
    "latrunculi:pison,strict_return=true",
    "latrunculi:seneque,strict_return=true",
    "latrunculi:seneque,first=noir,draw_moves=20",
    "latrunculi:pison,jumps=true",
    "latrunculi:seneque,inciti=false",
    "latrunculi:pison,repetition=false,draw_moves=10",
]
EMPTY_BOARD = "/".join(["........"] * 8)


def game(spec: str = SENECA) -> Latrunculi:
    found = find_game(spec)
    assert isinstance(found, Latrunculi)
    return found


def position(
    white: Iterable[str] = (),
    black: Iterable[str] = (),
    white_inciti: Iterable[str] = (),
    black_inciti: Iterable[str] = (),
    mover: str = "blanc",
    *,
    hands: str = "0,0",
    removal: str = "-",
    last: str = "-,-",
    quiet: int = 0,
    spec: str = SENECA,
) -> LatrunculiState:
    """A position from square names (``*_inciti``: captured pieces of that colour)."""
    cells = ["."] * 64
    for names, mark in ((white, "B"), (black, "N"), (white_inciti, "b"), (black_inciti, "n")):
        for name in names:
            assert cells[INDEX[name]] == ".", name
            cells[INDEX[name]] = mark
    rows = "/".join("".join(cells[r * 8 : r * 8 + 8]) for r in range(8))
    state = game(spec).from_text(f"{rows} {mover} {hands} {removal} {last} {quiet}")
    assert isinstance(state, LatrunculiState)
    return state


def play(state: LatrunculiState, *moves: str) -> LatrunculiState:
    for text in moves:
        after = state.apply(state.game.parse_move(state, text))
        assert isinstance(after, LatrunculiState)
        state = after
    return state


def squares(state: LatrunculiState, mark: str) -> set[str]:
    cells = state.to_text().split()[0].replace("/", "")
    return {NAMES[i] for i, ch in enumerate(cells) if ch == mark}


def moves_of(state: LatrunculiState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def targets(state: LatrunculiState, origin: str) -> set[str]:
    return {m.names[-1] for m in state.legal_moves()
            if isinstance(m, PathMove) and m.names[0] == origin}


# Pieces far from the action, so that nobody is down to one piece.
WHITE_FAR = ["h8", "g8"]
BLACK_FAR = ["h1", "g1"]


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
    assert "d4" not in {m.names[0] for m in state.legal_moves()}  # the incitus stays
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
    assert outcome is not None and outcome.code == "one_piece" and outcome.winners == ("blanc",)


def test_inciti_only_in_seneca() -> None:
    text = position(["a2", "b1", *WHITE_FAR], ["c5", *BLACK_FAR], black_inciti=["a1"]).to_text()
    with pytest.raises(NotationError, match="inciti"):
        game(PISO).from_text(text)


# --------------------------------------------------------------------------- the end


def test_down_to_one_piece_ends_and_the_most_captures_win() -> None:
    state = position(["b1", "a3", "c5", "d5"], ["a1", "h8"], spec=PISO)
    after = play(state, "a3-a2")
    assert after.is_terminal() and after.current_player == TERMINAL
    assert after.legal_moves() == ()
    outcome = after.outcome()
    assert outcome is not None
    assert outcome.winners == ("blanc",) and outcome.code == "one_piece"
    assert dict(outcome.scores) == {"blanc": 19, "noir": 16}
    assert outcome.reason == "noir n'a plus qu'un pion, blanc a pris 19 pions contre 16"
    assert outcome.reason_en == "black has one piece left, white captured 19 pieces to 16"


def test_both_down_to_one_piece_is_a_draw_on_equal_captures() -> None:
    state = position(["a8"], ["h1"], spec=PISO)
    outcome = state.outcome()
    assert outcome is not None and outcome.is_draw and outcome.code == "one_piece"
    assert outcome.reason == "blanc n'a plus qu'un pion, 19 prises de chaque côté"


def test_a_blocked_player_ends_the_game_and_may_still_win_on_captures() -> None:
    column_a = [f"a{r}" for r in range(1, 9)]
    column_b = [f"b{r}" for r in range(2, 9)]
    # blanc (9 pieces) cannot move; noir (8) has taken fewer: blanc wins
    state = position([*column_a, "b1"], [*column_b, "c1"])
    outcome = state.outcome()
    assert outcome is not None and outcome.code == "blocked"
    assert outcome.winners == ("blanc",) and dict(outcome.scores) == {"blanc": 12, "noir": 11}
    assert outcome.reason.startswith("blanc ne peut plus jouer")
    # with noir to move the game goes on
    assert not position([*column_a, "b1"], [*column_b, "c1"], mover="noir").is_terminal()
    # equal captures: a draw
    even = position(column_a, [*column_b, "b1"])
    outcome = even.outcome()
    assert outcome is not None and outcome.is_draw and outcome.code == "blocked"


def test_blocked_by_the_back_and_forth_rule_alone() -> None:
    column_a = [f"a{r}" for r in range(1, 9)]
    column_b = [f"b{r}" for r in range(2, 9)]
    returned = position(column_a, column_b, last="b1-a1*,-", spec=PISO)
    outcome = returned.outcome()
    assert outcome is not None and outcome.code == "blocked"
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
    assert outcome is not None and outcome.is_draw and outcome.code == "repetition"
    off = position(["a8", "d4"], ["h1", "e6"], last="a7-a8,h2-h1",
                   spec="latrunculi:pison,repetition=false")
    assert not play(off, *lap, *lap).is_terminal()


def test_moves_without_removal_end_in_a_draw() -> None:
    spec = "latrunculi:pison,draw_moves=10"
    state = position(["a8", "d4"], ["h1", "e6"], quiet=9, spec=spec)
    after = play(state, "d4-d5")
    outcome = after.outcome()
    assert outcome is not None and outcome.is_draw and outcome.code == "move_cap"
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
    assert not state.is_legal("d4-d5")
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


