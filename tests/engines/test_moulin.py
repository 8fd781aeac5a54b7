"""Moulin: the booklet's rules, the options and ``moulin:standard`` (the playouts and the
evaluator are in ``test_moulin_playouts.py``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import find_game
from engines.core import (
    PASS,
    TERMINAL,
    IllegalMoveError,
    NotationError,
    PathMove,
    Place,
    Remove,
    SpecError,
    State,
)
from engines.moulin import (
    FULL,
    MILLS,
    NAMES,
    NEIGHBOURS,
    Moulin,
    MoulinState,
    bit_indices,
    mill_bits,
    nth_bit,
    position_key,
)
from engines.outcomes import OutcomeCode

ROWS = ("a7 d7 g7", "b6 d6 f6", "c5 d5 e5", "a4 b4 c4 e4 f4 g4", "c3 d3 e3", "b2 d2 f2",
        "a1 d1 g1")
POINTS = ("a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4", "e4", "f4",
          "g4", "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7")
VARIANTS = ("moulin", "moulin:standard", "moulin,blocked_loses=false", "moulin,fly_at=0",
            "moulin,protect_mills=true,draw_moves=10", "moulin:standard,first=noir")

seeds = st.integers(min_value=0, max_value=2**32 - 1)
quick = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def game_of(spec: str = "moulin") -> Moulin:
    game = find_game(spec)
    assert isinstance(game, Moulin)
    return game


def text(blanc: str = "", noir: str = "", mover: str = "blanc", hand: tuple[int, int] = (0, 0),
         pending: bool = False, quiet: int = 0) -> str:
    """A position text from the points of each side."""
    pieces = {n: "B" for n in blanc.split()} | {n: "N" for n in noir.split()}
    board = "/".join("".join(pieces.get(n, ".") for n in row.split()) for row in ROWS)
    return f"{board} {mover} {hand[0]},{hand[1]} {'x' if pending else '-'} {quiet}"


def position(spec: str = "moulin", **kwargs: Any) -> MoulinState:
    return game_of(spec).from_text(text(**kwargs))


def play(state: State, *moves: str) -> MoulinState:
    for move in moves:
        state = state.apply(state.game.parse_move(state, move))
    assert isinstance(state, MoulinState)
    return state


def notations(state: State) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def random_state(spec: str, seed: int) -> MoulinState:
    """A position some random decisions into a game (the start included)."""
    rng = random.Random(seed)
    state: State = game_of(spec).initial_state()
    for _ in range(rng.randrange(120)):
        if state.is_terminal():
            break
        state = state.apply_unchecked(rng.choice(state.legal_moves()))
    assert isinstance(state, MoulinState)
    return state


# --------------------------------------------------------------------------- board


def test_board_has_the_24_points_and_16_mills() -> None:
    geometry = game_of().geometry()
    assert sorted(p.name for p in geometry.points) == sorted(POINTS)
    assert len(geometry.edges) == 32
    assert len(geometry.lines) == 16 and len(MILLS) == 16
    for a, b in geometry.edges:  # no diagonals: every edge is level or upright
        pa, pb = geometry.points[a], geometry.points[b]
        assert pa.x == pb.x or pa.y == pb.y
    lines = {frozenset(geometry.name(i) for i in line) for line in geometry.lines}
    assert frozenset({"a1", "d1", "g1"}) in lines
    assert frozenset({"d5", "d6", "d7"}) in lines
    assert frozenset({"a4", "b4", "c4"}) in lines
    assert frozenset({"c4", "e4", "f4"}) not in lines
    assert {geometry.name(i) for i in geometry.neighbours[geometry.index("d2")]} == {
        "d1", "b2", "f2", "d3"
    }
    assert {geometry.name(i) for i in geometry.neighbours[geometry.index("a1")]} == {"d1", "a4"}


def test_layout_follows_the_notation() -> None:
    geometry = game_of().geometry()
    a1, g7, d5 = (geometry.points[geometry.index(n)] for n in ("a1", "g7", "d5"))
    assert (a1.x, a1.y) == (0, 6)  # bottom-left; y grows downwards
    assert (g7.x, g7.y) == (6, 0)
    assert (d5.x, d5.y) == (3, 2)


def test_neighbour_tables_match_the_geometry() -> None:
    geometry = game_of().geometry()
    for p in range(24):
        assert set(bit_indices(NEIGHBOURS[p])) == set(geometry.neighbours[p])


@given(bits=st.integers(min_value=0, max_value=FULL))
def test_nth_bit_and_mill_bits(bits: int) -> None:
    assert [nth_bit(bits, n) for n in range(bits.bit_count())] == bit_indices(bits)
    in_mills = 0
    for mill in MILLS:
        if bits & mill == mill:
            in_mills |= mill
    assert mill_bits(bits) == in_mills


# --------------------------------------------------------------------------- mills


def test_mill_while_placing_removes_any_enemy_piece() -> None:
    state = play(game_of().initial_state(), "a1", "a7", "d1", "d7")
    assert not state.announcements()
    state = play(state, "g1")
    assert state.current_player == "blanc"  # the same player removes
    assert state.announcements() == ("Moulin !",)
    assert notations(state) == {"xa7", "xd7"}
    assert state.to_text().endswith("blanc 6,7 x 0")
    state = play(state, "xd7")
    assert state.current_player == "noir"
    assert notations(state) == {n for n in POINTS if n not in ("a1", "d1", "g1", "a7")}
    assert state.pieces(1) == 8


def test_mill_while_moving_then_removal() -> None:
    state = position(blanc="a1 g1 d2 b4 f6", noir="a7 d7 g4 c5 e3")
    assert "d2-d1" in notations(state) and "xa7" not in notations(state)
    state = play(state, "d2-d1")
    assert state.current_player == "blanc" and state.to_text().split()[3] == "x"
    assert notations(state) == {"xa7", "xd7", "xg4", "xc5", "xe3"}
    state = play(state, "xg4")
    assert state.current_player == "noir"
    assert state.to_text() == text(blanc="a1 d1 g1 b4 f6", noir="a7 d7 c5 e3", mover="noir")


def test_reopening_a_mill_and_closing_it_again_counts() -> None:
    state = position(blanc="a1 d1 g1 b4 f6", noir="a7 d7 c5 e3 f2")
    state = play(state, "d1-d2", "e3-d3", "d2-d1")
    assert notations(state) == {"xa7", "xd7", "xc5", "xd3", "xf2"}


@pytest.mark.parametrize(
    ("pieces", "last"),
    [
        ("a4 a1", "d1"),  # round the corner of the outer square
        ("a1 b2", "c3"),  # along a diagonal: no line joins the squares there
        ("b4 c4", "e4"),  # across the empty centre
        ("d6 d5", "d3"),  # the same column, but d5 and d3 are not joined
        ("a4 b4", "b6"),  # an L from the joining line onto the middle square
    ],
)
def test_false_alignments_are_not_mills(pieces: str, last: str) -> None:
    state = position(blanc=pieces, noir="f6 f2", hand=(5, 7))
    after = play(state, last)
    assert after.current_player == "noir"
    assert not after.announcements()


def test_two_mills_at_once_remove_one_piece() -> None:
    state = position(blanc="d1 g1 a4 a7", noir="d7 g7 f4 e3", hand=(5, 5))
    state = play(state, "a1")
    assert notations(state) == {"xd7", "xg7", "xf4", "xe3"}
    state = play(state, "xf4")
    assert state.current_player == "noir"
    assert state.pieces(1) == 8


def test_mill_against_a_bare_board_passes_the_turn() -> None:
    # Only from a set-up position: in play the opponent always has a piece out.
    state = position(blanc="d1 g1", hand=(5, 7))
    after = play(state, "a1")
    assert after.current_player == "noir" and not after.announcements()


# --------------------------------------------------------------------------- phases


def test_pieces_step_along_lines_once_all_are_placed() -> None:
    state = position(blanc="a1 d2 b4 f6 e5", noir="d1 a7 g7 c3 c5")
    assert notations(state) == {
        "a1-a4", "d2-b2", "d2-f2", "d2-d3", "b4-a4", "b4-b2", "b4-b6", "b4-c4",
        "f6-f4", "f6-d6", "e5-d5", "e5-e4",
    }


def test_placing_goes_on_while_pieces_are_in_hand() -> None:
    state = position(blanc="a1 d2", noir="d1", mover="blanc", hand=(2, 3))
    assert notations(state) == {n for n in POINTS if n not in ("a1", "d2", "d1")}


@pytest.mark.parametrize(("spec", "flies_at"), [("moulin", 4), ("moulin:standard", 3),
                                                ("moulin,fly_at=3", 3), ("moulin,fly_at=0", 0)])
def test_flying(spec: str, flies_at: int) -> None:
    noir = "a7 d7 g7 c5 e5 f4"
    for count in (5, 4, 3):
        blanc = " ".join(["a1", "d1", "b4", "e3", "f2"][:count])
        state = position(spec, blanc=blanc, noir=noir)
        moves = notations(state)
        empty = 24 - count - 6
        if count <= flies_at:
            assert len(moves) == count * empty
            assert "a1-g1" in moves and "a1-d5" in moves
        else:
            assert "a1-g1" not in moves and "a1-d5" not in moves
            assert "a1-a4" in moves


# --------------------------------------------------------------------------- endings


def test_down_to_two_pieces_loses() -> None:
    state = position(blanc="a1 g1 d2 b4", noir="a7 d7 g7", mover="blanc")
    state = play(state, "d2-d1", "xg7")
    assert state.is_terminal() and state.current_player is TERMINAL
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == ("blanc",)
    assert (outcome.code, outcome.reason) == (OutcomeCode.TWO_PIECES, "noir n'a plus que 2 pions")
    assert outcome.score("noir") == 2 and outcome.score("blanc") == 4
    assert not state.legal_moves()


def test_pieces_in_hand_count_towards_the_two() -> None:
    state = position(blanc="a1 d1", noir="a7", mover="blanc", hand=(5, 3))
    state = play(state, "g1", "xa7")  # noir keeps 3 in hand
    assert not state.is_terminal() and state.current_player == "noir"
    state = position(blanc="a1 d1", noir="a7", mover="blanc", hand=(5, 2))
    state = play(state, "g1", "xa7")
    outcome = state.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.TWO_PIECES


BLOCKING = {"blanc": "a1 d1 g1 g7 a7", "noir": "a4 g4 d2 d6 b6 c5", "mover": "noir"}


def test_blocked_player_loses() -> None:
    state = position(**BLOCKING)
    assert not state.is_terminal()
    state = play(state, "d6-d7")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == ("noir",)
    assert (outcome.code, outcome.reason) == (OutcomeCode.BLOCKED, "blanc est bloqué")


def test_blocked_player_passes_when_the_option_is_off() -> None:
    state = play(position("moulin,blocked_loses=false", **BLOCKING), "d6-d7")
    assert not state.is_terminal()
    assert state.legal_moves() == (PASS,)
    assert state.game.parse_move(state, "pass") == PASS
    state = play(state, "pass")
    assert state.current_player == "noir" and state.to_text().endswith("noir 0,0 - 2")
    state = play(state, "d7-d6")
    assert "pass" not in notations(state) and "a7-d7" in notations(state)


def test_blocked_with_few_pieces_flies_away() -> None:
    state = position("moulin", blanc="a1 d1 g1 a7", noir="a4 g4 d2 d7 b6")
    assert "a1-d5" in notations(state)


def test_threefold_repetition_is_a_draw() -> None:
    start = position(blanc="a1 d1 b4 c5 e3", noir="g7 d7 f4 e5 b2")
    cycle = ("a1-a4", "g7-g4", "a4-a1", "g4-g7")
    state = play(start, *cycle, *cycle[:3])
    assert not state.is_terminal()
    state = play(state, cycle[3])
    outcome = state.outcome()
    assert outcome is not None and outcome.is_draw
    assert (outcome.code, outcome.reason) == (OutcomeCode.REPETITION, "position répétée trois fois")
    assert state.to_text() == text(blanc="a1 d1 b4 c5 e3", noir="g7 d7 f4 e5 b2", quiet=8)
    # the history is not in the text: the same position read back goes on
    assert not state.game.from_text(state.to_text()).is_terminal()


def test_moves_without_removal_end_in_a_draw() -> None:
    state = position(blanc="a1 d1 b4 c5 e3", noir="g7 d7 f4 e5 b2", quiet=48)
    state = play(state, "a1-a4")
    assert not state.is_terminal() and state.to_text().endswith(" 49")
    state = play(state, "g7-g4")
    outcome = state.outcome()
    assert outcome is not None and outcome.is_draw
    assert (outcome.code, outcome.reason) == (OutcomeCode.NO_CAPTURE, "50 coups sans prise")


def test_draw_moves_option_and_removal_resets_the_counter() -> None:
    state = position("moulin,draw_moves=60", blanc="a1 g1 d2 b4 e3", noir="g7 d7 f4 e5 b6",
                     quiet=49)
    state = play(state, "b4-a4")
    assert not state.is_terminal()
    state = position(blanc="a1 g1 d2 b4 e3", noir="g7 d7 f4 e5 b6", quiet=49)
    state = play(state, "d2-d1")  # the 50th move makes a mill: the removal still comes
    assert not state.is_terminal() and state.announcements()
    state = play(state, "xb6")
    assert not state.is_terminal() and state.to_text().endswith(" 0")


def test_ending_is_declared() -> None:
    ending = game_of().ending()
    assert (ending.repetition, ending.move_cap) == (3, 50)
    assert game_of("moulin,draw_moves=80").ending().move_cap == 80


# --------------------------------------------------------------------------- removal options


MILL_AND_LONER = {"blanc": "a1 g1 d2 b6 f6", "noir": "a7 d7 g7 c3 c5 e5"}


def test_any_piece_may_be_taken_by_default() -> None:
    state = play(position(**MILL_AND_LONER), "d2-d1")
    assert notations(state) == {"xa7", "xd7", "xg7", "xc3", "xc5", "xe5"}


def test_protect_mills_keeps_pieces_in_mills_safe() -> None:
    for spec in ("moulin,protect_mills=true", "moulin:standard"):
        state = play(position(spec, **MILL_AND_LONER), "d2-d1")
        assert notations(state) == {"xc3", "xc5", "xe5"}
        with pytest.raises(IllegalMoveError):
            play(state, "xd7")


def test_protect_mills_when_all_pieces_are_in_mills() -> None:
    state = position("moulin:standard", blanc="a1 g1 d2 b6 f6", noir="a7 d7 g7 c5 d5 e5")
    state = play(state, "d2-d1")
    assert notations(state) == {"xa7", "xd7", "xg7", "xc5", "xd5", "xe5"}


# --------------------------------------------------------------------------- options


def test_first_player_option() -> None:
    assert game_of().initial_state().current_player == "blanc"
    assert game_of("moulin,first=noir").initial_state().current_player == "noir"
    assert game_of("moulin:standard").players == ("blanc", "noir")


def test_standard_variant_presets() -> None:
    game = game_of("moulin:standard")
    assert (game.fly_at, game.protect_mills, game.blocked_loses) == (3, True, True)
    source = game_of("moulin")
    assert (source.fly_at, source.protect_mills, source.blocked_loses) == (4, False, True)
    assert game_of("moulin,fly_at=3,protect_mills=true").spec == (
        "moulin,fly_at=3,protect_mills=true"
    )


@pytest.mark.parametrize(
    "spec",
    ["moulin,fly_at=9", "moulin,fly_at=two", "moulin,draw_moves=5", "moulin,draw_moves=5000",
     "moulin,first=rouge", "moulin,protect_mills=maybe", "moulin:anglais", "moulin,holes=3"],
)
def test_bad_options_are_refused(spec: str) -> None:
    with pytest.raises(SpecError):
        find_game(spec)


# --------------------------------------------------------------------------- notation


def test_notation_errors_and_illegal_moves() -> None:
    game = game_of()
    start = game.initial_state()
    for bad in ("d4", "b1", "zz", "d6-d4", "xd4", "a1-", "a1-d1-g1", "x", "xa1-d1"):
        with pytest.raises(NotationError):
            game.parse_move(start, bad)
    state = play(start, "a1")
    for refused in ("a1", "a1-a4", "xa1", "pass"):
        with pytest.raises(IllegalMoveError) as error:
            game.parse_move(state, refused)
        assert refused in str(error.value) and state.to_text() in str(error.value)
    with pytest.raises(IllegalMoveError):
        state.apply(Remove(0, "a1"))
    assert game.parse_move(state, " D6 ") == Place(NAMES.index("d6"), "d6")


def test_moves_read_back_from_their_notation() -> None:
    for spec in VARIANTS:
        game = game_of(spec)
        rng = random.Random(spec)
        state: State = game.initial_state()
        kinds: set[type] = set()
        while not state.is_terminal():
            moves = list(state.legal_moves())
            for move in rng.sample(moves, min(8, len(moves))):
                assert game.parse_move(state, str(move)) == move
                kinds.add(type(move))
            state = state.apply(rng.choice(state.legal_moves()))
        assert {Place, PathMove, Remove} <= kinds


@quick
@given(spec=st.sampled_from(VARIANTS), seed=seeds)
def test_is_legal_agrees_with_legal_moves(spec: str, seed: int) -> None:
    state = random_state(spec, seed)
    legal = set(state.legal_moves())
    candidates = [*legal, PASS, *(Place(i, NAMES[i]) for i in range(24)),
                  *(Remove(i, NAMES[i]) for i in range(24)),
                  *(PathMove((p, q), (NAMES[p], NAMES[q])) for p in range(24) for q in range(24)),
                  PathMove((0, 1, 2), ("a1", "d1", "g1")), Place(99, "zz")]
    for move in candidates:
        assert state.is_legal(move) == (move in legal), str(move)


# --------------------------------------------------------------------------- position text


def test_start_position_text() -> None:
    assert game_of().initial_state().to_text() == ".../.../.../....../.../.../... blanc 9,9 - 0"
    noir_first = game_of("moulin,first=noir").initial_state().to_text()
    assert noir_first.split()[1] == "noir"


@quick
@given(spec=st.sampled_from(VARIANTS), seed=seeds)
def test_position_text_round_trips(spec: str, seed: int) -> None:
    state = random_state(spec, seed)
    copy = state.game.from_text(state.to_text())
    assert copy.to_text() == state.to_text()
    assert copy.key() == state.key()
    outcome = state.outcome()
    if outcome is None or outcome.code != OutcomeCode.REPETITION:  # the history is not in the text
        assert copy.current_player == state.current_player
        assert notations(copy) == notations(state)


@pytest.mark.parametrize(
    ("bad", "complaint"),
    [
        ("", "5 fields"),
        (".../.../.../....../.../.../... blanc 9,9 -", "5 fields"),
        (".../.../....../.../.../... blanc 9,9 - 0", "7 rows"),
        ("..X/.../.../....../.../.../... blanc 9,9 - 0", "point g7 holds 'X'"),
        (".../.../.../....../.../.../... rouge 9,9 - 0", "'rouge'"),
        (".../.../.../....../.../.../... blanc 9 - 0", "pieces in hand '9'"),
        (".../.../.../....../.../.../... blanc 10,9 - 0", "pieces in hand"),
        ("BBB/.../.../....../.../.../... blanc 7,9 - 0", "blanc has more than 9"),
        (".../.../.../....../.../.../... blanc 9,9 ? 0", "removal flag '?'"),
        ("BBB/.../.../....../.../.../... blanc 6,9 x 0", "no piece to take"),
        ("BB./.../.../....../.../.../..N blanc 6,8 x 0", "the mover has no mill"),
        (".../.../.../....../.../.../... blanc 9,9 - -1", "counter '-1'"),
    ],
)
def test_bad_position_text_is_named(bad: str, complaint: str) -> None:
    with pytest.raises(NotationError, match="moulin position") as error:
        game_of().from_text(bad)
    assert complaint in str(error.value)


def test_key_tells_apart_the_mover_and_a_pending_removal() -> None:
    pieces = {"blanc": "a1 d1 g1 b4 f6", "noir": "a7 d7 c5 e3 f2"}
    keys = {position(**pieces).key(), position(**pieces, mover="noir").key(),
            position(**pieces, pending=True).key(), position(**pieces, hand=(0, 1)).key()}
    assert len(keys) == 4
    state = position(**pieces, quiet=12)
    assert state.key() == position(**pieces).key()  # the counter is not part of it
    assert state.key() == position_key(state.board[0], state.board[1], 0, False, 0, 0)


def test_text_lists_the_points_top_row_first() -> None:
    state = position(blanc="a7 g1", noir="d5 a4", mover="noir", hand=(3, 2), quiet=7)
    assert state.to_text() == "B../.../.N./N...../.../.../..B noir 3,2 - 7"


def test_diagram_shows_board_coordinates_and_pieces() -> None:
    state = position(blanc="a7 g1", noir="d5", mover="noir", hand=(3, 2))
    picture = state.diagram().splitlines()
    assert picture[0].startswith("7 ○") and picture[0].endswith("·")
    assert picture[12].startswith("1 ·") and picture[12].endswith("○")
    assert "●" in picture[4] and "a   b   c   d   e   f   g" in picture[13]
    assert any("noir ● : 1 sur le plateau, 2 en main" in line for line in picture)
    assert picture[-1].strip() == "à noir de jouer"
