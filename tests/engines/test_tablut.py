"""Tablut: the booklet's figures, the king's capture and escape, Raichi, the options,
the draws and notation (the plain-rules reference, the fast playout and the evaluator
are in ``test_tablut_reference.py``)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from engines import find_game
from engines.core import (
    TERMINAL,
    IllegalMoveError,
    NotationError,
    PathMove,
    SpecError,
)
from engines.outcomes import OutcomeCode
from engines.tablut import (
    INDEX,
    NAMES,
    START_TEXT,
    Tablut,
    TablutState,
)

TABLUT = find_game("tablut")
assert isinstance(TABLUT, Tablut)
OPTION_SPECS = [
    "tablut",
    "tablut,two_paths_win=false",
    "tablut,slow_king=true",
    "tablut,armed_king=false",
    "tablut,slow_king=true,armed_king=false,max_moves=120",
    "tablut,max_moves=30",
]


def start(spec: str = "tablut") -> TablutState:
    """The first position of a game of ``spec``."""
    game = find_game(spec)
    assert isinstance(game, Tablut)
    return game.initial_state()


def position(
    king: str | None = "e5",
    swedes: Iterable[str] = (),
    muscovites: Iterable[str] = (),
    mover: str = "blanc",
    ply: int = 0,
    spec: str = "tablut",
) -> TablutState:
    """A position from square names."""
    cells = ["."] * 81
    for name in swedes:
        cells[INDEX[name]] = "B"
    for name in muscovites:
        cells[INDEX[name]] = "N"
    if king is not None:
        cells[INDEX[king]] = "R"
    ranks = "/".join("".join(cells[r * 9 : r * 9 + 9]) for r in range(9))
    state = find_game(spec).from_text(f"{ranks} {mover} {ply}")
    assert isinstance(state, TablutState)
    return state


def play(state: TablutState, *moves: str) -> TablutState:
    for text in moves:
        after = state.apply(state.game.parse_move(state, text))
        assert isinstance(after, TablutState)
        state = after
    return state


def squares(state: TablutState, letter: str) -> set[str]:
    cells = state.to_text().split()[0].replace("/", "")
    return {NAMES[i] for i, ch in enumerate(cells) if ch == letter}


def targets(state: TablutState, origin: str) -> set[str]:
    return {m.names[1] for m in state.legal_moves() if m.names[0] == origin}


# --------------------------------------------------------------------------- start


def test_start_is_linnaeus_board_with_white_to_move() -> None:
    state = start()
    assert state.to_text() == START_TEXT
    assert squares(state, "R") == {"e5"}
    assert squares(state, "B") == {"e3", "e4", "e6", "e7", "c5", "d5", "f5", "g5"}
    assert squares(state, "N") == {
        "d1", "e1", "f1", "e2", "a4", "a5", "a6", "b5",
        "i4", "i5", "i6", "h5", "d9", "e9", "f9", "e8",
    }
    assert state.current_player == "blanc"
    assert TABLUT.players == ("blanc", "noir")
    assert state.counts() == (9, 16)
    assert len(state.legal_moves()) == 56
    assert state.announcements() == ()


# --------------------------------------------------------------------------- figure 1


def test_figure_1_a_piece_passes_over_the_empty_throne_but_cannot_stop_on_it() -> None:
    # The white piece on e3; the king is away (g7), a Muscovite on e8 stops the column.
    state = position(king="g7", swedes=["e3"], muscovites=["e8", "a7", "i7", "g1"])
    assert targets(state, "e3") == {
        "e1", "e2", "e4", "e6", "e7",
        "a3", "b3", "c3", "d3", "f3", "g3", "h3", "i3",
    }


def test_figure_1_a_muscovite_cannot_stop_on_the_throne_either() -> None:
    state = position(king="g7", swedes=["a7"], muscovites=["c5", "i7", "g1"], mover="noir")
    assert "e5" not in targets(state, "c5")
    assert {"d5", "f5", "i5"} <= targets(state, "c5")


def test_only_the_king_may_stop_on_the_throne_and_none_pass_it_while_he_sits() -> None:
    away = position(king="e3", swedes=["a7"], muscovites=["e8", "i7", "a1"])
    assert targets(away, "e3") >= {"e4", "e5", "e6", "e7"}
    home = position(king="e5", swedes=["c5"], muscovites=["a7", "i7", "e8", "e2"])
    assert targets(home, "c5") == {"a5", "b5", "d5"} | {f"c{r}" for r in range(1, 10)} - {"c5"}


# --------------------------------------------------------------------------- figure 2


def figure_2() -> TablutState:
    """King on e7, his lines blocked far away; (a) b1, (b) g4 and (f) c9 are Swedes,
    (c) c3, (d) g2, (e) h3, (g) d5 and (h) c4 are Muscovites."""
    return position(
        king="e7",
        swedes=["b1", "d3", "g4", "g1", "i3", "c9"],
        muscovites=["c3", "g2", "h3", "d5", "c4", "e9", "a7", "i7", "e1"],
    )


def test_figure_2_moving_a_captures_c() -> None:
    before = figure_2()
    after = play(before, "b1-b3")
    assert squares(before, "N") - squares(after, "N") == {"c3"}
    assert not after.is_terminal()


def test_figure_2_moving_b_captures_d_and_e_at_once() -> None:
    before = figure_2()
    after = play(before, "g4-g3")
    assert squares(before, "N") - squares(after, "N") == {"g2", "h3"}
    assert squares(after, "B") == squares(before, "B") - {"g4"} | {"g3"}


def test_figure_2_moving_f_captures_neither_g_nor_h() -> None:
    # g on d5 has only the empty throne beyond it: the throne is not hostile;
    # h on c4 has a Muscovite beyond it, not a Swede.
    before = figure_2()
    after = play(before, "c9-c5")
    assert squares(after, "N") == squares(before, "N")


def test_captures_need_an_orthogonal_line_not_a_diagonal() -> None:
    before = position(king="e7", swedes=["b1", "d6"], muscovites=["c2", "e9", "a7", "i7", "e1"])
    after = play(before, "d6-d3")  # b1, c2, d3 on a diagonal
    assert squares(after, "N") == squares(before, "N")


def test_a_swede_next_to_the_empty_throne_is_not_taken_against_it() -> None:
    before = position(king="e7", swedes=["d5", "e8", "a8"], muscovites=["b5", "i7", "e1", "a7"],
                      mover="noir")
    after = play(before, "b5-c5")
    assert "d5" in squares(after, "B")


# --------------------------------------------------------------------------- figure 3


def test_figure_3_a_muscovite_may_move_between_two_swedes() -> None:
    before = position(king="e5", swedes=["f3", "h3", "d5", "f5", "e4", "e6"],
                      muscovites=["g8", "a7", "i7"], mover="noir")
    after = play(before, "g8-g3")
    assert squares(after, "N") == squares(before, "N") - {"g8"} | {"g3"}
    assert squares(after, "B") == squares(before, "B")


def test_a_swede_may_move_between_two_muscovites() -> None:
    before = position(king="e5", swedes=["g8", "d5", "f5", "e4", "e6"],
                      muscovites=["f3", "h3", "a7", "i7"])
    after = play(before, "g8-g3")
    assert squares(after, "B") == squares(before, "B") - {"g8"} | {"g3"}
    assert squares(after, "N") == squares(before, "N")


# --------------------------------------------------------------------------- the king


def test_four_muscovites_take_the_king() -> None:
    before = position(king="c7", swedes=["g3"], muscovites=["b7", "c8", "d7", "c1"], mover="noir")
    after = play(before, "c1-c6")
    outcome = after.outcome()
    assert outcome is not None and outcome.winners == ("noir",)
    assert outcome.code == OutcomeCode.KING_CAPTURED and outcome.reason == "le roi est pris"
    assert squares(after, "R") == set()
    assert after.current_player is TERMINAL and after.legal_moves() == ()


@pytest.mark.parametrize(
    ("king", "guards", "mover_from", "mover_to"),
    [
        ("d5", ["c5", "d6", "d1", "i5"], "a4", "d4"),
        ("f5", ["g5", "f4", "f9", "a5"], "i6", "f6"),
        ("e4", ["d4", "f4", "e1", "e9"], "a3", "e3"),
        ("e6", ["d6", "e7", "e1"], "i6", "f6"),
    ],
)
def test_three_muscovites_and_the_throne_take_the_king_next_to_it(
    king: str, guards: list[str], mover_from: str, mover_to: str
) -> None:
    # guards: the two other neighbours, then Muscovites closing his far lines
    before = position(king=king, swedes=["a9"], muscovites=[*guards, mover_from], mover="noir")
    assert not before.is_terminal()
    after = play(before, f"{mover_from}-{mover_to}")
    outcome = after.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.KING_CAPTURED


def test_the_king_on_the_throne_needs_four() -> None:
    three = position(king="e5", swedes=["e7"], muscovites=["d5", "f5", "e1"], mover="noir")
    after = play(three, "e1-e4")
    assert not after.is_terminal() and squares(after, "R") == {"e5"}
    four = position(king="e5", swedes=["a9"], muscovites=["d5", "f5", "e6", "e1"], mover="noir")
    after = play(four, "e1-e4")
    outcome = after.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.KING_CAPTURED


def test_the_king_is_not_taken_by_two_or_by_three_away_from_the_throne() -> None:
    two = position(king="c7", swedes=["g3"], muscovites=["d7", "c9", "c1", "b1"], mover="noir")
    after = play(two, "b1-b7")
    assert not after.is_terminal() and squares(after, "R") == {"c7"}
    three = position(king="c7", swedes=["g3"], muscovites=["d7", "c8", "c1", "b1"], mover="noir")
    after = play(three, "b1-b7")
    assert not after.is_terminal() and squares(after, "R") == {"c7"}


def test_a_swede_in_the_ring_saves_the_king() -> None:
    before = position(king="e5", swedes=["e6"], muscovites=["d5", "f5", "e1", "a6"],
                      mover="noir")
    after = play(before, "e1-e4")
    assert not after.is_terminal()


def test_the_king_walking_into_the_ring_is_not_taken() -> None:
    before = position(king="e5", swedes=["a9"], muscovites=["c5", "d6", "d4", "i1"])
    after = play(before, "e5-d5")  # three Muscovites and the throne, but white moved
    assert not after.is_terminal() and squares(after, "R") == {"d5"}
    after = play(after, "i1-i2")  # a black move elsewhere does not complete it
    assert not after.is_terminal() and squares(after, "R") == {"d5"}


def test_the_king_reaching_an_edge_wins_at_once() -> None:
    before = position(king="c3", swedes=["g3"], muscovites=["a3", "c9", "i3"])
    after = play(before, "c3-c1")
    outcome = after.outcome()
    assert outcome is not None and outcome.winners == ("blanc",)
    assert outcome.code == OutcomeCode.KING_ESCAPED
    assert outcome.reason == "le roi atteint le bord en c1"
    assert outcome.result_line() == "winner=blanc (le roi atteint le bord en c1)"


def test_a_king_already_on_the_edge_has_won() -> None:
    outcome = position(king="a5", muscovites=["e1"], mover="noir").outcome()
    assert outcome is not None and outcome.code == OutcomeCode.KING_ESCAPED


# --------------------------------------------------------------------------- Raichi


def raichi() -> TablutState:
    """King on e7 under a Swede on e8; his other lines end on a7, i7 and e1."""
    return position(king="e7", swedes=["e8", "g3"], muscovites=["a7", "i7", "e1", "b1"])


def test_raichi_is_announced_when_one_path_opens() -> None:
    before = raichi()
    assert before.announcements() == ()
    after = play(before, "e8-d8")
    assert after.announcements() == ("Raichi !",)
    assert not after.is_terminal() and after.free_paths() == 1
    blocked = play(after, "b1-b9", "g3-g2")
    assert blocked.announcements() == ("Raichi !",)
    blocked = play(blocked, "b9-e9")
    assert blocked.announcements() == () and blocked.free_paths() == 0


def test_raichi_is_announced_only_after_whites_move() -> None:
    state = play(raichi(), "e8-d8")
    after = play(state, "b1-b2")  # black ignores it: white to move, no announcement
    assert after.announcements() == ()
    final = play(after, "e7-e9")
    outcome = final.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.KING_ESCAPED


def test_a_path_over_the_empty_throne_counts() -> None:
    before = position(king="e7", swedes=["e3", "e8"], muscovites=["a7", "i7", "e9", "a1"])
    after = play(before, "e3-d3")  # column e down to e1 is free, over e5
    assert after.free_paths() == 1 and after.announcements() == ("Raichi !",)
    final = play(after, "a1-a2", "e7-e1")
    outcome = final.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.KING_ESCAPED


def test_two_free_paths_after_whites_move_win() -> None:
    before = position(king="e7", swedes=["g3"], muscovites=["a7", "i7", "e9", "e1"])
    after = play(before, "e7-c7")  # c8-c9 and c6-c1 are free
    outcome = after.outcome()
    assert outcome is not None and outcome.winners == ("blanc",)
    assert outcome.code == OutcomeCode.TWO_PATHS
    assert outcome.reason == "deux chemins libres vers le bord"


def test_two_paths_opened_by_a_black_move_do_not_end_the_game() -> None:
    before = position(king="e7", swedes=["g3"], muscovites=["c7", "e1", "i7"], mover="noir")
    assert before.free_paths() == 1  # e8-e9
    after = play(before, "c7-c8")  # opens the left line too, but white is to move
    assert not after.is_terminal() and after.free_paths() == 2


def test_without_two_paths_win_the_game_goes_on_with_raichi() -> None:
    spec = "tablut,two_paths_win=false"
    before = position(king="e7", swedes=["g3"], muscovites=["a7", "i7", "e9", "e1"], spec=spec)
    after = play(before, "e7-c7")
    assert not after.is_terminal()
    assert after.free_paths() == 2 and after.announcements() == ("Raichi !",)
    final = play(after, "e9-c9", "c7-c1")
    outcome = final.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.KING_ESCAPED


# --------------------------------------------------------------------------- options


def test_slow_king_moves_one_square() -> None:
    state = position(king="e7", swedes=["a9"], muscovites=["a1"], spec="tablut,slow_king=true")
    assert targets(state, "e7") == {"d7", "f7", "e8", "e6"}
    fast = position(king="e7", swedes=["a9"], muscovites=["a1"])
    assert len(targets(fast, "e7")) == 16  # his whole row and column, the throne included
    swede = position(king="e7", swedes=["c3"], muscovites=["a1"], spec="tablut,slow_king=true")
    assert len(targets(swede, "c3")) == 16  # only the king is slowed


def test_slow_king_counts_only_paths_of_one_step() -> None:
    spec = "tablut,slow_king=true"
    far = play(position(king="e7", swedes=["g3"], muscovites=["a7", "i7", "e9", "e1"],
                        spec=spec), "e7-d7")
    assert not far.is_terminal() and far.free_paths() == 0 and far.announcements() == ()
    near = play(position(king="c7", swedes=["g3"], muscovites=["b9", "a1"], spec=spec), "c7-b7")
    assert near.free_paths() == 1 and near.announcements() == ("Raichi !",)
    corner = play(position(king="c2", swedes=["g3"], muscovites=["a9", "i9"], spec=spec),
                  "c2-b2")
    outcome = corner.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.TWO_PATHS  # a2 and b1


@pytest.mark.parametrize("armed", [True, False])
def test_armed_king_captures_and_serves_as_anvil(armed: bool) -> None:
    spec = f"tablut,armed_king={'true' if armed else 'false'}"
    hammer = position(king="c3", swedes=["f3"], muscovites=["e3", "c9", "a3", "d9", "d1"],
                      spec=spec)
    after = play(hammer, "c3-d3")  # e3 between the king and the Swede on f3
    assert ("e3" not in squares(after, "N")) == armed
    anvil = position(king="c3", swedes=["e6"], muscovites=["d3", "c9", "a3", "i1"], spec=spec)
    after = play(anvil, "e6-e3")  # d3 between the Swede and the king
    assert ("d3" not in squares(after, "N")) == armed


def test_the_king_is_never_taken_like_a_swede() -> None:
    before = position(king="d7", swedes=["a9"], muscovites=["c7", "e1", "d9", "d1"],
                      mover="noir")
    after = play(before, "e1-e7")
    assert squares(after, "R") == {"d7"} and not after.is_terminal()


# --------------------------------------------------------------------------- ends


def test_black_without_a_move_loses() -> None:
    before = position(king="e5", swedes=["d5", "f5", "e4", "e6", "a2", "c1"], muscovites=["a1"])
    after = play(before, "c1-b1")
    outcome = after.outcome()
    assert "a1" in squares(after, "N")  # a piece against the edge is not taken
    assert outcome is not None and outcome.winners == ("blanc",)
    assert outcome.code == OutcomeCode.NO_MOVE and outcome.reason == "noir ne peut plus bouger"


def test_white_without_a_move_loses() -> None:
    before = position(king="e5", swedes=["e4"], muscovites=["d5", "f5", "e6", "d4", "f4", "e1"],
                      mover="noir")
    after = play(before, "e1-e3")
    outcome = after.outcome()
    assert squares(after, "B") == {"e4"} and squares(after, "R") == {"e5"}
    assert outcome is not None and outcome.winners == ("noir",)
    assert outcome.reason == "blanc ne peut plus bouger"


SHUTTLE = ("c5-c6", "a4-b4", "c6-c5", "b4-a4")


def test_threefold_repetition_is_a_draw() -> None:
    state = start()
    state = play(state, *SHUTTLE, *SHUTTLE[:3])
    assert not state.is_terminal()
    state = play(state, SHUTTLE[3])
    outcome = state.outcome()
    assert outcome is not None and outcome.is_draw
    assert outcome.code == OutcomeCode.REPETITION
    assert outcome.reason == "position répétée trois fois"
    off = play(start("tablut,repetition=false"), *SHUTTLE, *SHUTTLE)
    assert not off.is_terminal()


def test_a_capture_forgets_the_earlier_positions() -> None:
    state = play(start(), "e3-c3")
    assert len(state.history) == 2
    state = play(state, "e2-e3", "c3-b3", "e3-e2")
    assert len(state.history) == 5
    before = position(king="e7", swedes=["b1", "d3"], muscovites=["c3", "e9", "a7", "i7", "e1"])
    assert len(play(before, "b1-b3").history) == 1


def test_the_move_cap_is_a_draw() -> None:
    state = play(start("tablut,max_moves=4"), "c5-c6", "a4-b4", "c6-c7")
    assert not state.is_terminal()
    state = play(state, "b4-b3")
    outcome = state.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.MOVE_CAP
    assert outcome.reason == "limite de 4 coups"
    assert TABLUT.ending().move_cap == 300 and TABLUT.ending().repetition == 3
    assert find_game("tablut,repetition=false").ending().repetition is None


def test_a_win_on_the_last_allowed_move_is_a_win() -> None:
    before = position(king="c3", swedes=["g3"], muscovites=["a3", "c9", "i3"], ply=299)
    outcome = play(before, "c3-c1").outcome()
    assert outcome is not None and outcome.code == OutcomeCode.KING_ESCAPED
    outcome = play(before, "g3-g4").outcome()
    assert outcome is not None and outcome.code == OutcomeCode.MOVE_CAP


# --------------------------------------------------------------------------- notation


def test_moves_round_trip_through_their_notation() -> None:
    state = start()
    for move in state.legal_moves():
        assert TABLUT.parse_move(state, str(move)) == move
    assert TABLUT.parse_move(state, " E3 - D3 ") == PathMove((INDEX["e3"], INDEX["d3"]),
                                                             ("e3", "d3"))


@pytest.mark.parametrize("text", ["e3d3", "e3-j3", "e0-e3", "e3-e10", "e3-d3-d2", "x", "-"])
def test_malformed_moves_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError, match="tablut move"):
        TABLUT.parse_move(start(), text)


@pytest.mark.parametrize("text", ["e1-e2", "e3-f4", "e3-e3", "a1-a2", "e4-e5", "e3-e1", "e5-e4"])
def test_wellformed_refused_moves_are_illegal(text: str) -> None:
    state = start()
    with pytest.raises(IllegalMoveError) as error:
        TABLUT.parse_move(state, text)
    assert text in str(error.value) and state.to_text() in str(error.value)


def test_moves_after_the_end_are_illegal() -> None:
    over = play(position(king="c3", swedes=["g3"], muscovites=["a3", "c9", "i3"]), "c3-c1")
    with pytest.raises(IllegalMoveError, match="over"):
        TABLUT.parse_move(over, "g3-g4")


def test_position_text_round_trips_and_keeps_the_ply() -> None:
    state = play(start(), "e3-c3", "e2-e3")
    text = state.to_text()
    assert text.endswith(" blanc 2")
    copy = TABLUT.from_text(text)
    assert copy == state and copy.key() == state.key()
    assert [str(m) for m in copy.legal_moves()] == [str(m) for m in state.legal_moves()]


def test_a_position_without_king_is_a_finished_game() -> None:
    state = position(king=None, swedes=["a9"], muscovites=["a1"])
    outcome = state.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.KING_CAPTURED


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("", "expected 9 ranks"),
        (START_TEXT.replace(" blanc", " rouge"), "rouge"),
        (START_TEXT.replace(" 0", " -1"), "-1"),
        (START_TEXT.replace(" 0", " x"), "'x'"),
        (START_TEXT.replace("...NNN.../", "", 1), "9 ranks of 9"),
        (START_TEXT.replace("...NNN...", "...NNN....", 1), "9 ranks of 9"),
        (START_TEXT.replace("...NNN...", "..KNNN...", 1), "square c9 holds 'K'"),
        (START_TEXT.replace("NNBBRBBNN", "NNBBBBBNN"), "throne"),
        (START_TEXT.replace("...NNN...", "...NRN...", 1), "2 kings"),
        (START_TEXT.replace("....N....", "...BNB...", 1), "8 Swedes"),
        (START_TEXT.replace("....B....", "....N....", 1).replace("...NNN...", "..NNNN...", 1),
         "16 Muscovites"),
    ],
)
def test_bad_position_texts_are_named(text: str, complaint: str) -> None:
    with pytest.raises(NotationError) as error:
        TABLUT.from_text(text)
    assert complaint in str(error.value)


# --------------------------------------------------------------------------- spec, board


@pytest.mark.parametrize(
    "spec",
    ["tablut,slow_king=maybe", "tablut,armed_king=2", "tablut,two_paths_win=",
     "tablut,max_moves=0", "tablut,max_moves=many", "tablut,repetition=sometimes",
     "tablut,king=fast", "tablut:viking"],
)
def test_bad_specs_are_refused(spec: str) -> None:
    with pytest.raises(SpecError):
        find_game(spec)


def test_options_reach_the_rules() -> None:
    game = find_game("tablut,slow_king=oui,armed_king=false,two_paths_win=non,max_moves=50")
    assert isinstance(game, Tablut)
    assert (game.slow_king, game.armed_king, game.two_paths_win, game.max_moves) == (
        True, False, False, 50)
    assert game.spec == "tablut,armed_king=false,max_moves=50,slow_king=true,two_paths_win=false"


def test_geometry_names_the_squares_the_throne_and_the_edge() -> None:
    geometry = TABLUT.geometry()
    assert (geometry.columns, geometry.rows, len(geometry.points)) == (9, 9, 81)
    assert [p.name for p in geometry.points] == list(NAMES)
    assert (geometry.name(0), geometry.name(40), geometry.name(80)) == ("a9", "e5", "i1")
    assert geometry.regions["throne"] == frozenset({geometry.index("e5")})
    edge = {geometry.name(i) for i in geometry.regions["edge"]}
    assert len(edge) == 32 and {"a1", "e1", "i5", "e9", "a5"} <= edge and "b2" not in edge


def test_diagram_shows_coordinates_pieces_and_the_throne() -> None:
    lines = start().diagram().splitlines()
    assert lines[0].split() == list("abcdefghi") == lines[10].split()
    assert [line.split()[0] for line in lines[1:10]] == [str(r) for r in range(9, 0, -1)]
    assert lines[5].split() == ["5", "●", "●", "○", "○", "♔", "○", "○", "●", "●", "5"]
    away = position(king="g7", swedes=["a9"], muscovites=["a1"]).diagram().splitlines()
    assert away[5].split()[5] == "+" and away[3].split()[7] == "♔"
    moved = play(start(), "c5-c6")
    assert "au trait : noir" in moved.diagram()
