"""Reversi: the source's opening and figure 1, passing, the end, Othello perft."""

from __future__ import annotations

import random

import pytest

from engines import find_game
from engines.core import PASS, TERMINAL, IllegalMoveError, NotationError, State
from engines.outcomes import OutcomeCode
from engines.reversi import ReversiState, flipped_bits, legal_bits
from engines.walks import perft

REVERSI = find_game("reversi")
OTHELLO = find_game("reversi:othello")


def board(rows: list[str], mover: str) -> State:
    """A position from 8 strings of 8 squares, row 1 (top) first."""
    return REVERSI.from_text("/".join(rows) + " " + mover)


def squares(state: State, letter: str) -> set[str]:
    cells = state.to_text().split()[0].replace("/", "")
    return {f"{'abcdefgh'[i % 8]}{i // 8 + 1}" for i, ch in enumerate(cells) if ch == letter}


# Figure 1 rebuilt from its caption: white places A on d5.
FIGURE_1 = [
    "........",
    "BNNB..B.",  # b2 c2 black (e, f) flanked by a2 and d2 white; g2 white
    "...B.N..",  # d3 white, f3 black
    "...NN...",  # d4 e4 black
    "BN..NNB.",  # a5 white, b5 black (b), d5 = A (empty), e5 f5 black, g5 white
    "........",
    "...N....",  # d7 black (d)
    "...B....",  # d8 white
]


def test_figure_1a_white_turns_the_five_marked_discs() -> None:
    before = board(FIGURE_1, "blanc")
    after = before.apply(REVERSI.parse_move(before, "d5"))
    turned = squares(before, "N") - squares(after, "N")
    assert turned == {"e5", "f5", "d4", "e4", "f3"}


def test_figure_1b_discs_not_contiguous_with_a_stay_black() -> None:
    before = board(FIGURE_1, "blanc")
    after = before.apply(REVERSI.parse_move(before, "d5"))
    assert {"b5", "d7"} <= squares(after, "N")


def test_figure_1c_flanked_discs_out_of_line_with_a_stay_black() -> None:
    before = board(FIGURE_1, "blanc")
    after = before.apply(REVERSI.parse_move(before, "d5"))
    assert {"b2", "c2"} <= squares(after, "N")


def test_opening_places_four_discs_on_the_centre_without_flipping() -> None:
    state = REVERSI.initial_state()
    assert state.current_player == "noir"
    assert sorted(str(m) for m in state.legal_moves()) == ["d4", "d5", "e4", "e5"]
    crossed = REVERSI.replay(["d4", "e4", "e5", "d5"])
    assert squares(crossed, "N") == {"d4", "e5"} and squares(crossed, "B") == {"e4", "d5"}
    parallel = REVERSI.replay(["d4", "e4", "d5", "e5"])
    assert squares(parallel, "N") == {"d4", "d5"} and squares(parallel, "B") == {"e4", "e5"}
    assert parallel.current_player == "noir"
    for move in parallel.legal_moves():
        after = parallel.apply(move)
        assert len(squares(after, "N")) == 4  # normal play flips from the 5th disc on


def test_opening_refuses_squares_off_the_centre() -> None:
    with pytest.raises(IllegalMoveError, match="'a1'"):
        REVERSI.replay(["a1"])


def test_first_player_option() -> None:
    assert find_game("reversi,first=blanc").initial_state().current_player == "blanc"


def test_othello_start_and_first_moves() -> None:
    state = OTHELLO.initial_state()
    assert squares(state, "B") == {"d4", "e5"} and squares(state, "N") == {"e4", "d5"}
    assert [str(m) for m in state.legal_moves()] == ["d3", "c4", "f5", "e6"]


@pytest.mark.parametrize(
    ("depth", "count"),
    [(1, 4), (2, 12), (3, 56), (4, 244), (5, 1396), (6, 8200), (7, 55092), (8, 390216)],
)
def test_othello_perft(depth: int, count: int) -> None:
    assert perft(OTHELLO.initial_state(), depth) == count


def test_player_without_move_passes() -> None:
    # Noir's only disc, g1, can be flanked by blanc (from f1) but flanks nothing.
    rows = ["......NB", "........", "........", "........",
            "........", "........", ".......B", ".......B"]
    state = board(rows, "noir")
    assert state.legal_moves() == [PASS]
    after = state.apply(PASS)
    assert after.current_player == "blanc"
    with pytest.raises(IllegalMoveError):
        after.apply(PASS)


def test_game_ends_when_nobody_can_move() -> None:
    rows = ["BBB.....", "B.......", "........", "........",
            "........", "........", "........", "........"]
    state = board(rows, "noir")
    assert state.current_player is TERMINAL and state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == ("blanc",)
    assert outcome.code == OutcomeCode.MOST_DISCS
    assert dict(outcome.scores) == {"noir": 0, "blanc": 4}


def test_full_board_with_equal_discs_is_a_draw() -> None:
    rows = ["NNNNNNNN", "BBBBBBBB"] * 4
    state = board(rows, "blanc")
    outcome = state.outcome()
    assert outcome is not None and outcome.is_draw
    assert "plateau plein" in outcome.reason


def test_wiping_out_the_opponent_wins() -> None:
    rows = ["........", "........", "..NNB...", "........",
            "........", "........", "........", ".......B"]
    state = board(rows, "blanc").apply(REVERSI.parse_move(board(rows, "blanc"), "b3"))
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == ("blanc",)


def test_notation_errors_and_illegal_moves_differ() -> None:
    state = OTHELLO.initial_state()
    with pytest.raises(NotationError, match="z9"):
        OTHELLO.parse_move(state, "z9")
    with pytest.raises(IllegalMoveError, match="a1"):
        OTHELLO.parse_move(state, "a1")
    with pytest.raises(IllegalMoveError):
        OTHELLO.parse_move(state, "pass")


def test_bad_position_text_names_the_problem() -> None:
    with pytest.raises(NotationError, match="8 rows"):
        REVERSI.from_text("NB/BN noir")
    with pytest.raises(NotationError, match="a1 holds 'x'"):
        REVERSI.from_text("x......./" + "/".join(["........"] * 7) + " noir")
    with pytest.raises(NotationError, match="noir or blanc"):
        REVERSI.from_text("/".join(["........"] * 8) + " rouge")


def test_fast_paths_agree_with_a_square_by_square_reading() -> None:
    rng = random.Random(11)
    for _ in range(40):
        state = OTHELLO.initial_state()
        for _ in range(rng.randrange(50)):
            if state.is_terminal():
                break
            state = state.apply(rng.choice(state.legal_moves()))
        assert isinstance(state, ReversiState)
        own, other = state.discs[state.mover], state.discs[1 - state.mover]
        assert legal_bits(own, other) == _slow_legal(own, other)
        for square in range(64):
            if not (own | other) >> square & 1:
                assert flipped_bits(square, own, other) == _slow_flips(square, own, other)


def test_random_playout_keeps_the_disc_count_rules() -> None:
    rng = random.Random(5)
    for _ in range(50):
        final = OTHELLO.initial_state().random_playout(rng)
        assert isinstance(final, ReversiState) and final.is_terminal()
        black, white = final.counts()
        assert black + white <= 64
        replayed = OTHELLO.from_text(final.to_text())
        assert replayed.is_terminal()


def _slow_flips(square: int, own: int, other: int) -> int:
    row, col = divmod(square, 8)
    flips = 0
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr == dc == 0:
                continue
            r, c, line = row + dr, col + dc, 0
            while 0 <= r < 8 and 0 <= c < 8 and other >> (8 * r + c) & 1:
                line |= 1 << (8 * r + c)
                r, c = r + dr, c + dc
            if line and 0 <= r < 8 and 0 <= c < 8 and own >> (8 * r + c) & 1:
                flips |= line
    return flips


def _slow_legal(own: int, other: int) -> int:
    moves = 0
    for square in range(64):
        if not (own | other) >> square & 1 and _slow_flips(square, own, other):
            moves |= 1 << square
    return moves
