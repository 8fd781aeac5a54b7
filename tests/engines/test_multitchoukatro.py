"""Multitchoukatro: the source's example game, relay sowing, the rouma, options and
text (the exact solver and the levels are in ``test_multitchoukatro_solver.py``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import find_game
from engines.core import TERMINAL, IllegalMoveError, NotationError, Place, SpecError, State
from engines.multitchoukatro import (
    NORD,
    SUD,
    MultitchoukatroMove,
    MultitchoukatroState,
    sow,
    sow_once,
)
from engines.outcomes import OutcomeCode
from engines.walks import complete_turns
from tests.engines import test_conformance as conformance

GAME = find_game("multitchoukatro")
OPTION_SPECS = (
    "multitchoukatro,cases=4",
    "multitchoukatro,cases=4,seeds=3",
    "multitchoukatro,cases=8",
    "multitchoukatro,cases=10,seeds=1",
    "multitchoukatro,cases=12",
    "multitchoukatro,seeds=12",
)


def position(text: str, spec: str = "multitchoukatro") -> MultitchoukatroState:
    state = find_game(spec).from_text(text)
    assert isinstance(state, MultitchoukatroState)
    return state


def advance(state: MultitchoukatroState, move: MultitchoukatroMove) -> MultitchoukatroState:
    after = state.apply(move)
    assert isinstance(after, MultitchoukatroState)
    return after


def play(state: MultitchoukatroState, *moves: str) -> MultitchoukatroState:
    for text in moves:
        after = state.apply(state.game.parse_move(state, text))
        assert isinstance(after, MultitchoukatroState)
        state = after
    return state


# --------------------------------------------------------------------------- the source's game

# Every decision of the example game: the case chosen, the cases sown (the
# relays, as the text tells them), and the position afterwards.
EXAMPLE = [
    # Sud, first turn: the bottom-left case ends in the rouma, she plays again.
    ("4", (4,), "3,3,3,0,4,4 1 sud"),
    # Top middle, then 5 seeds, 5 seeds, 5 seeds again, 7 seeds: turn over.
    ("2", (2, 5, 3, 1, 6), "1,3,2,4,3,1 4 nord"),
    # Nord: bottom-left (4 seeds), top-right (2), top-left (3), 3 seeds, 5: rouma.
    ("4", (4, 1, 3, 6, 2), "1,0,1,2,6,1 7 nord"),
    ("6", (6,), "1,0,1,2,6,0 8 nord"),  # the bottom-right seed: rouma again
    ("3", (3, 4), "1,0,0,0,7,1 9 nord"),  # top-left, then the 3 seeds bottom-left: rouma
    ("6", (6,), "1,0,0,0,7,0 10 nord"),  # bottom-right: rouma
    ("5", (5,), "2,1,1,1,1,1 11 sud"),  # bottom middle, into an empty case: turn over
    # Sud, second turn.
    ("6", (6,), "2,1,1,1,1,0 12 sud"),
    ("2", (2, 3, 5), "2,0,0,2,0,1 13 sud"),  # top middle, top-left, bottom middle: rouma
    ("6", (6,), "2,0,0,2,0,0 14 sud"),
    ("1", (1,), "0,1,1,2,0,0 14 nord"),  # two seeds top-right, the last into empty top-left
    # Nord, second turn.
    ("3", (3, 4), "0,1,0,0,1,1 15 nord"),
    ("6", (6,), "0,1,0,0,1,0 16 nord"),
    ("5", (5,), "0,1,0,0,0,1 16 sud"),
    # Third turn: Sud into the rouma and again; Nord.
    ("6", (6,), "0,1,0,0,0,0 17 sud"),
    ("2", (2,), "0,0,1,0,0,0 17 nord"),
    ("3", (3,), "0,0,0,1,0,0 17 sud"),
    # Fourth turn: Sud, then Nord.
    ("4", (4,), "0,0,0,0,1,0 17 nord"),
    ("5", (5,), "0,0,0,0,0,1 17 sud"),
    # Fifth turn: Sud drops the last seed into the rouma and wins.
    ("6", (6,), "0,0,0,0,0,0 18 sud"),
]


def test_start_has_three_seeds_per_case_and_sud_to_move() -> None:
    state = GAME.initial_state()
    assert state.to_text() == "3,3,3,3,3,3 0 sud"
    assert state.current_player == SUD
    assert [str(m) for m in state.legal_moves()] == ["1", "2", "3", "4", "5", "6"]


def test_the_source_example_game_decision_by_decision() -> None:
    state = GAME.initial_state()
    assert isinstance(state, MultitchoukatroState)
    for case, sown, text in EXAMPLE:
        move = GAME.parse_move(state, case)
        assert state.sowings(move) == sown, case
        state = advance(state, move)
        assert state.to_text() == text, case
    assert state.is_terminal() and state.current_player is TERMINAL
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (SUD,) and outcome.code == OutcomeCode.LAST_SEED
    assert "rouma" in outcome.reason and outcome.reason_en


def test_the_source_example_game_turn_by_turn() -> None:
    # The board after each player's whole turn, and who plays next.
    turns = [
        (SUD, ["4", "2"], "1,3,2,4,3,1 4 nord"),
        (NORD, ["4", "6", "3", "6", "5"], "2,1,1,1,1,1 11 sud"),
        (SUD, ["6", "2", "6", "1"], "0,1,1,2,0,0 14 nord"),
        (NORD, ["3", "6", "5"], "0,1,0,0,0,1 16 sud"),
        (SUD, ["6", "2"], "0,0,1,0,0,0 17 nord"),
        (NORD, ["3"], "0,0,0,1,0,0 17 sud"),
        (SUD, ["4"], "0,0,0,0,1,0 17 nord"),
        (NORD, ["5"], "0,0,0,0,0,1 17 sud"),
        (SUD, ["6"], "0,0,0,0,0,0 18 sud"),
    ]
    state = GAME.initial_state()
    assert isinstance(state, MultitchoukatroState)
    for player, moves, board in turns:
        assert state.current_player == player
        reachable = {after.to_text() for _, after in complete_turns(state)}
        for text in moves:
            assert state.current_player == player
            state = play(state, text)
        assert state.to_text() == board
        assert board in reachable
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (SUD,)


def test_the_command_line_replays_the_example() -> None:
    game = find_game("multitchoukatro")
    final = game.replay([case for case, _, _ in EXAMPLE])
    assert final.outcome() is not None and final.outcome().winners == (SUD,)  # type: ignore[union-attr]


# --------------------------------------------------------------------------- sowing rules


def test_sowing_goes_round_past_the_rouma_to_case_one() -> None:
    # The source's second elementary example: from the start, the bottom-right
    # case sows the rouma, case 1 and case 2.
    cells = [3, 3, 3, 3, 3, 3]
    assert sow_once(cells, 5) == (1, 1)  # last seed in case 2 (index 1), one in the rouma
    assert cells == [4, 4, 3, 3, 3, 0]
    # Case 2 held seeds: it is sown in turn, inside the same decision.
    _, _, _, sown = sow((3, 3, 3, 3, 3, 3), 5)
    assert sown[:2] == (5, 1)


def test_a_full_lap_sows_the_emptied_case_itself() -> None:
    # 7 seeds from case 1 with 6 cases: one in each position, the last back in case 1,
    # which was emptied: the turn ends there.
    state = position("7,0,0,0,0,0 11 sud")
    assert play(state, "1").to_text() == "1,1,1,1,1,1 12 nord"


def test_two_laps_end_in_the_origin_that_holds_a_seed_and_relay() -> None:
    # 14 seeds from case 1 (a cycle of 7): two in every position, the last on case 1,
    # which already holds the first lap's seed: case 1 is sown in turn, and so on.
    cells = [14, 0, 0, 0, 0, 0]
    assert sow_once(cells, 0) == (0, 2)
    assert cells == [2, 2, 2, 2, 2, 2]
    state = position("14,0,0,0,0,0 4 sud")
    move = state.game.parse_move(state, "1")
    assert state.sowings(move) == (1, 1, 3, 6, 2)
    assert play(state, "1").to_text() == "1,0,1,4,4,1 7 nord"


def test_last_seed_in_the_rouma_lets_the_same_player_choose_again() -> None:
    state = position("3,3,3,3,3,3 0 nord")
    after = play(state, "4")
    assert after.current_player == NORD
    assert after.to_text() == "3,3,3,0,4,4 1 nord"


def test_last_seed_in_an_empty_case_ends_the_turn() -> None:
    state = position("0,1,0,0,0,0 17 sud")
    after = play(state, "2")
    assert after.current_player == NORD


def test_the_last_seed_into_the_rouma_wins_for_either_player() -> None:
    for player in (SUD, NORD):
        state = position(f"0,0,0,0,0,1 17 {player}")
        after = play(state, "6")
        assert after.is_terminal() and after.legal_moves() == ()
        assert after.outcome().winners == (player,)  # type: ignore[union-attr]
        assert after.to_text() == f"0,0,0,0,0,0 18 {player}"


def test_a_finished_position_text_names_its_winner() -> None:
    state = position("0,0,0,0,0,0 18 nord")
    assert state.is_terminal()
    assert state.outcome().winners == (NORD,)  # type: ignore[union-attr]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), spec=st.sampled_from(("multitchoukatro", *OPTION_SPECS)))
def test_every_decision_moves_seeds_towards_the_rouma(seed: int, spec: str) -> None:
    # The reason every game ends: (rouma, sum of the seeds' positions) grows at
    # every decision, and the seeds are never lost.
    game = find_game(spec)
    rng = random.Random(seed)
    state = game.initial_state()
    assert isinstance(state, MultitchoukatroState)
    previous = _potential(state)
    while not state.is_terminal():
        state = advance(state, rng.choice(state.legal_moves()))
        assert sum(state.board) + state.rouma == game.total  # type: ignore[attr-defined]
        now = _potential(state)
        assert now > previous
        previous = now


def _potential(state: MultitchoukatroState) -> tuple[int, int]:
    return state.rouma, sum((i + 1) * seeds for i, seeds in enumerate(state.board))


# --------------------------------------------------------------------------- options, text


def test_options_set_cases_and_seeds() -> None:
    assert find_game("multitchoukatro,cases=4").initial_state().to_text() == "2,2,2,2 0 sud"
    assert find_game("multitchoukatro,cases=8,seeds=4").initial_state().to_text() == (
        "4,4,4,4,4,4,4,4 0 sud"
    )
    twelve = find_game("multitchoukatro,cases=12")
    assert twelve.initial_state().to_text() == ",".join(["6"] * 12) + " 0 sud"
    assert [str(m) for m in twelve.initial_state().legal_moves()][-1] == "12"
    assert find_game("multitchoukatro,seeds=5").initial_state().to_text() == "5,5,5,5,5,5 0 sud"
    assert find_game("multitchoukatro,cases=8,seeds=4").spec == "multitchoukatro,cases=8,seeds=4"


@pytest.mark.parametrize(
    "spec", ["multitchoukatro,cases=5", "multitchoukatro,cases=14", "multitchoukatro,seeds=13",
             "multitchoukatro,seeds=-1", "multitchoukatro,cases=six"]
)
def test_bad_options_are_refused(spec: str) -> None:
    with pytest.raises(SpecError):
        find_game(spec)


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("3,3,3,3,3,3 0", "expected 3 fields"),
        ("3,3,3,3,3 3 sud", "expected 6 whole numbers"),
        ("3,3,3,3,3,x 0 sud", "expected 6 whole numbers"),
        ("3,3,3,3,3,3 -1 sud", "rouma"),
        ("3,3,3,3,3,3 0 ouest", "player"),
        ("3,3,3,3,3,3 1 sud", "19 seeds in all, this game has 18"),
    ],
)
def test_bad_position_texts_are_named(text: str, complaint: str) -> None:
    with pytest.raises(NotationError, match=complaint):
        GAME.from_text(text)


@pytest.mark.parametrize("text", ["7", "0", "rouma", "a1", "1-2", "12"])
def test_malformed_moves_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_move(GAME.initial_state(), text)


def test_an_empty_case_cannot_be_sown() -> None:
    state = position("0,3,3,3,3,6 0 sud")
    with pytest.raises(IllegalMoveError, match=r"'1'.*0,3,3,3,3,6 0 sud"):
        GAME.parse_move(state, "1")
    assert not state.is_legal(Place(0, "1"))
    assert not state.is_legal(Place(6, "rouma"))
    any_game: State = state  # a position as any game's: any value may be asked about
    assert not any_game.is_legal("1")


def test_geometry_is_two_rows_of_pits_and_the_rouma_at_the_right() -> None:
    geometry = GAME.geometry()
    assert geometry.kind == "pits"
    assert [p.name for p in geometry.points] == ["1", "2", "3", "4", "5", "6", "rouma"]
    xy = {p.name: (p.x, p.y) for p in geometry.points}
    assert xy["1"] == (2, 0) and xy["3"] == (0, 0)  # top row, right to left
    assert xy["4"] == (0, 1) and xy["6"] == (2, 1)  # bottom row, left to right
    assert xy["rouma"][0] > xy["1"][0]
    assert geometry.regions["rouma"] == frozenset({6})
    assert (5, 6) in geometry.edges and (6, 0) in geometry.edges  # sowing order
    eight = find_game("multitchoukatro,cases=8").geometry()
    assert len(eight.points) == 9 and eight.points[4].name == "5" and eight.points[4].y == 1


def test_diagram_shows_both_rows_the_rouma_and_who_plays() -> None:
    picture = position("1,0,1,2,6,1 7 nord").diagram()
    lines = picture.splitlines()
    assert lines[0].split() == ["3", "2", "1"]
    assert lines[2].split("│")[1:4] == ["  1 ", "  0 ", "  1 "]  # cases 3, 2, 1
    assert lines[4].split("│")[1:4] == ["  2 ", "  6 ", "  1 "]  # cases 4, 5, 6
    assert "7" in lines[3] and "rouma" in lines[6]
    assert "nord" in lines[-1]
    assert "winner=sud" in position("0,0,0,0,0,0 18 sud").diagram()


@pytest.mark.parametrize("spec", OPTION_SPECS)
def test_option_combinations_follow_the_protocol(spec: str) -> None:
    conformance.test_random_games_follow_the_protocol(spec)
    conformance.test_position_text_round_trips(spec)
    conformance.test_fast_playout_ends_in_a_finished_game(spec)
    if find_game(spec).total <= 18:  # type: ignore[attr-defined]
        # Beyond, chains of rouma replays give tens of thousands of distinct turns.
        conformance.test_turns_group_decisions_of_one_player(spec)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), spec=st.sampled_from(("multitchoukatro", *OPTION_SPECS)))
def test_fast_playout_replays_through_the_rules(seed: int, spec: str) -> None:
    game = find_game(spec)
    start = game.initial_state()
    assert isinstance(start, MultitchoukatroState)
    trace: list[int] = []
    cells, rouma, winner = start.playout_fields(random.Random(seed), trace)
    state = start
    for case in trace:
        state = state.apply(Place(case, str(case + 1)))  # type: ignore[assignment]
    assert state.is_terminal()
    assert state.to_text() == f"{','.join(map(str, cells))} {rouma} {(SUD, NORD)[winner]}"
    # Same generator, same game through random_playout.
    assert start.random_playout(random.Random(seed)).to_text() == state.to_text()
