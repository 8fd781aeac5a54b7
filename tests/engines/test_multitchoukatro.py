"""Multitchoukatro: the source's example game, relay sowing, the rouma, options, text,
the exact solver (against a brute-force minimax) and the levels that use it."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import find_game
from engines.ai import make_bot, play_game, seat_bots, solver_for
from engines.ai.bots import ORACLE_SHARE
from engines.ai.solve_multitchoukatro import (
    MultitchoukatroSolver,
    Sower,
    Table,
    TooBigToSolve,
    pack,
    unpack,
)
from engines.cli import main
from engines.core import (
    TERMINAL,
    IllegalMoveError,
    NotationError,
    Place,
    SpecError,
    complete_turns,
)
from engines.multitchoukatro import (
    GAME_WON,
    NORD,
    REPLAY,
    SUD,
    TURN_ENDS,
    Multitchoukatro,
    MultitchoukatroState,
    sow,
    sow_once,
)
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


def advance(state: MultitchoukatroState, move: object) -> MultitchoukatroState:
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
    assert state.is_terminal() and state.current_player == TERMINAL
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (SUD,) and outcome.code == "last_seed"
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
    assert not state.is_legal("1")


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
    cells, rouma, winner = start.playout(random.Random(seed), trace)
    state = start
    for case in trace:
        state = state.apply(Place(case, str(case + 1)))  # type: ignore[assignment]
    assert state.is_terminal()
    assert state.to_text() == f"{','.join(map(str, cells))} {rouma} {(SUD, NORD)[winner]}"
    # Same generator, same game through random_playout.
    assert start.random_playout(random.Random(seed)).to_text() == state.to_text()


# --------------------------------------------------------------------------- the solver


@cache
def brute_force(state: MultitchoukatroState) -> bool:
    """Plain minimax through the rules' own states: does the player to move win?"""
    me = state.current_player
    for move in state.legal_moves():
        after = advance(state, move)
        outcome = after.outcome()
        if outcome is not None:
            if me in outcome.winners:
                return True
            continue
        if brute_force(after) == (after.current_player == me):
            return True
    return False


def brute_winning_moves(state: MultitchoukatroState) -> list[str]:
    out = []
    for move in state.legal_moves():
        after = advance(state, move)
        outcome = after.outcome()
        if outcome is not None:
            if state.current_player in outcome.winners:
                out.append(str(move))
        elif brute_force(after) == (after.current_player == state.current_player):
            out.append(str(move))
    return out


SMALL = [(4, k) for k in range(1, 7)] + [(6, k) for k in range(1, 5)] + [(8, 1)]


@pytest.mark.parametrize(("cases", "seeds"), SMALL)
def test_solver_agrees_with_brute_force_minimax(cases: int, seeds: int) -> None:
    game = find_game(f"multitchoukatro,cases={cases},seeds={seeds}")
    solver = solver_for(game)
    assert isinstance(solver, MultitchoukatroSolver)
    start = game.initial_state()
    assert isinstance(start, MultitchoukatroState)
    winning = brute_winning_moves(start)
    assert solver.solve(game) == [
        f"first_player: {'wins' if winning else 'loses'}",
        " ".join(["winning_moves:", *winning]),
    ]
    # And on positions met in random games, for either player.
    rng = random.Random(cases * 100 + seeds)
    for _ in range(6):
        state = start
        while not state.is_terminal():
            assert solver.wins(state) == brute_force(state), state.to_text()
            assert [str(m) for m in solver.winning_moves(state)] == brute_winning_moves(state)
            state = state.apply(rng.choice(state.legal_moves()))  # type: ignore[assignment]


def test_packed_sowing_matches_the_rules() -> None:
    rng = random.Random(5)
    for cases in (4, 6, 8, 10, 12):
        sower = Sower(cases)
        for _ in range(300):
            board = tuple(rng.choice((0, 0, 1, 2, 3, 5, 8, 13, 20)) for _ in range(cases))
            if not any(board):
                continue
            key = pack(board)
            assert unpack(key, cases) == board
            for case in range(cases):
                if board[case]:
                    after, _, ending, _ = sow(board, case)
                    assert sower.sow(key, case) == (pack(after), ending)


def test_solve_prints_two_lines(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "multitchoukatro"]) == 0
    assert capsys.readouterr().out == "first_player: wins\nwinning_moves: 4\n"
    assert main(["solve", "multitchoukatro,cases=4,seeds=4"]) == 0
    assert capsys.readouterr().out == "first_player: loses\nwinning_moves:\n"
    assert main(["solve", "multitchoukatro,cases=8,seeds=3"]) == 0
    assert capsys.readouterr().out == "first_player: wins\nwinning_moves: 2 6 7\n"


@pytest.mark.parametrize(
    ("spec", "complaint"),
    [
        ("multitchoukatro,cases=5", "option 'cases' takes one of 4, 6, 8, 10, 12, not '5'"),
        ("multitchoukatro,cases=14", "option 'cases' takes one of 4, 6, 8, 10, 12"),
        ("multitchoukatro,seeds=13", "option 'seeds' takes a value from 0 to 12"),
        ("multitchoukatro,graines=3", "unknown option 'graines'"),
    ],
)
def test_solve_with_bad_options_is_one_line_and_exit_2(
    spec: str, complaint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", spec]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and complaint in err


def test_solve_too_big_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import engines.ai.solve_multitchoukatro as module

    monkeypatch.setattr(module, "SOLVE_LIMIT", 1000)
    assert main(["solve", "multitchoukatro,cases=10,seeds=4"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "needs more than 1000 positions" in err and "cases=10,seeds=4" in err


@pytest.mark.parametrize(
    ("spec", "lines"),
    [
        ("multitchoukatro,cases=4", "first_player: wins\nwinning_moves: 3\n"),
        ("multitchoukatro,cases=4,seeds=5", "first_player: loses\nwinning_moves:\n"),
        ("multitchoukatro,cases=6,seeds=6", "first_player: loses\nwinning_moves:\n"),
        ("multitchoukatro,cases=8,seeds=1", "first_player: wins\nwinning_moves: 2 4 5 6 8\n"),
        ("multitchoukatro,cases=10,seeds=1",
         "first_player: wins\nwinning_moves: 1 4 6 8 10\n"),
        ("multitchoukatro,cases=12,seeds=1",
         "first_player: wins\nwinning_moves: 1 2 6 10 12\n"),
    ],
)
def test_solve_every_board_size(spec: str, lines: str,
                                capsys: pytest.CaptureFixture[str]) -> None:
    # Values of the table in docs/rules/multitchoukatro.md, for each number of cases.
    assert main(["solve", spec]) == 0
    assert capsys.readouterr().out == lines


def test_seeds_zero_means_half_the_cases() -> None:
    for cases in (4, 6, 8, 10, 12):
        plain = find_game(f"multitchoukatro,cases={cases}")
        explicit = find_game(f"multitchoukatro,cases={cases},seeds={cases // 2}")
        assert plain.initial_state().to_text() == explicit.initial_state().to_text()
        assert plain.total == cases * cases // 2  # type: ignore[attr-defined]


def test_a_game_too_big_for_the_table_is_refused() -> None:
    board = find_game("multitchoukatro,cases=10,seeds=4").initial_state().board  # type: ignore[attr-defined]
    with pytest.raises(TooBigToSolve, match="more than 1000 boards"):
        Table(10).value(pack(board), 1000)


def test_oracle_plays_a_winning_case_and_knows_nothing_of_other_games() -> None:
    solver = solver_for(GAME)
    assert isinstance(solver, MultitchoukatroSolver)
    state = position("0,1,0,0,0,1 16 sud")
    winning = brute_winning_moves(state)
    assert winning and [str(m) for m in solver.winning_moves(state)] == winning
    assert str(solver.best_move(state)) == winning[0]
    assert str(solver.best_move(position("0,0,0,0,0,1 17 nord"))) == "6"
    assert solver.best_move(find_game("reversi").initial_state()) is None
    assert solver.best_move(position("0,0,0,0,0,0 18 sud")) is None


def test_oracle_gives_up_beyond_its_limit_and_the_search_decides(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import engines.ai.solve_multitchoukatro as module

    monkeypatch.setattr(module, "ORACLE_LIMIT", 50)
    game = find_game("multitchoukatro,cases=8,seeds=4")
    solver = solver_for(game)
    assert isinstance(solver, MultitchoukatroSolver)
    solver.tables = {}
    start = game.initial_state()
    assert solver.best_move(start) is None
    expert = make_bot("expert", game, nodes=20)
    assert expert.choose(start) in start.legal_moves()
    assert expert.last is not None and expert.last.algorithm == "mcts"
    assert isinstance(game, Multitchoukatro)
    assert len(solver.table(game)) > 0  # what it solved is kept for the next decision


def test_oracle_plays_the_only_winning_first_case_with_eight_cases() -> None:
    # 8 cases of 4 seeds: sud wins only by case 5 (the table of the rules doc); the
    # oracle finds it from the first move, within its per-decision limit.
    game = find_game("multitchoukatro,cases=8")
    solver = MultitchoukatroSolver()
    start = game.initial_state()
    assert str(solver.best_move(start)) == "5"
    assert isinstance(game, Multitchoukatro) and len(solver.table(game)) < 100_000


def test_oracle_in_a_lost_position_still_answers_legally() -> None:
    game = find_game("multitchoukatro,cases=4,seeds=4")
    solver = solver_for(game)
    assert isinstance(solver, MultitchoukatroSolver)
    start = game.initial_state()
    assert isinstance(start, MultitchoukatroState)
    assert not solver.wins(start)
    move = solver.best_move(start)
    assert move in start.legal_moves()


# --------------------------------------------------------------------------- levels


def _decision_nodes(spec: str, count: int, seed: int) -> list[MultitchoukatroState]:
    game = find_game(spec)
    rng = random.Random(seed)
    found: list[MultitchoukatroState] = []
    while len(found) < count:
        state = game.initial_state()
        while not state.is_terminal() and len(found) < count:
            if len(state.legal_moves()) > 1:
                found.append(state)  # type: ignore[arg-type]
            state = state.apply(rng.choice(state.legal_moves()))
    return found


def test_expert_always_plays_a_winning_case_when_there_is_one() -> None:
    for spec in ("multitchoukatro", "multitchoukatro,cases=4,seeds=3"):
        for index, state in enumerate(_decision_nodes(spec, 40, seed=1)):
            bot = make_bot("expert", spec, seed=index, nodes=30)
            move = bot.choose(state)
            winning = brute_winning_moves(state)
            if winning:
                assert str(move) in winning, state.to_text()
            assert bot.last is not None and bot.last.algorithm == "solver"


def test_joueur_follows_the_solver_most_of_the_time_and_the_beginner_never() -> None:
    assert ORACLE_SHARE == {"debutant": 0.0, "joueur": 0.75, "expert": 1.0}
    states = _decision_nodes("multitchoukatro", 40, seed=2)
    joueur = [make_bot("joueur", GAME, seed=i, nodes=20) for i in range(len(states))]
    kinds = []
    for bot, state in zip(joueur, states, strict=True):
        move = bot.choose(state)
        assert bot.last is not None and move in state.legal_moves()
        kinds.append(bot.last.algorithm)
    solver_share = kinds.count("solver") / len(kinds)
    assert 0.5 <= solver_share < 1.0, kinds
    assert "mcts" in kinds
    debutant = make_bot("debutant", GAME, seed=1, nodes=20)
    for state in states[:10]:
        debutant.choose(state)
        assert debutant.last is not None and debutant.last.algorithm != "solver"
    assert "solveur" not in debutant.describe()
    assert "solveur exact 75" in make_bot("joueur", GAME).describe()
    assert "solveur exact," in make_bot("expert", GAME).describe()


@pytest.mark.parametrize(
    "spec", ["multitchoukatro", "multitchoukatro,cases=4,seeds=3", "multitchoukatro,cases=8"]
)
def test_expert_beats_random_from_either_seat(spec: str) -> None:
    game = find_game(spec)
    wins = 0
    games = 40
    for index in range(games):
        expert = make_bot("expert", game, seed=index, nodes=30)
        rival = make_bot("random", game, seed=1000 + index)
        table = seat_bots(game.players, [expert, rival], index % 2)
        seat = next(p for p, b in table.items() if b is expert)
        outcome = play_game(game, table, seed=index).outcome
        assert outcome is not None
        wins += seat in outcome.winners
    assert wins >= 38, wins


def test_joueur_beats_debutant_on_a_small_board() -> None:
    game = find_game("multitchoukatro,cases=4,seeds=3")
    wins = 0
    for index in range(10):
        joueur = make_bot("joueur", game, seed=index, nodes=120)
        debutant = make_bot("debutant", game, seed=100 + index, nodes=40)
        table = seat_bots(game.players, [joueur, debutant], index % 2)
        seat = next(p for p, b in table.items() if b is joueur)
        outcome = play_game(game, table, seed=index).outcome
        assert outcome is not None
        wins += seat in outcome.winners
    assert wins >= 7, wins


def test_ending_needs_no_draw_rule() -> None:
    ending = GAME.ending()
    assert ending.repetition is None and ending.move_cap is None
    assert "rouma" in ending.description
    assert GAME_WON != REPLAY != TURN_ENDS


def test_sizes_known_too_big_are_refused_without_searching(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import engines.ai.solve_multitchoukatro as module

    def no_search(*args: object) -> None:
        raise AssertionError("searched a size known to be too big")

    monkeypatch.setattr(module.Table, "move_values", no_search)
    assert main(["solve", "multitchoukatro,cases=12,seeds=3"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "too big" in err
