"""Multitchoukatro's exact solver against brute force, and the levels that use it."""

from __future__ import annotations

import random
from functools import cache

import pytest

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
from engines.multitchoukatro import (
    GAME_WON,
    REPLAY,
    TURN_ENDS,
    Multitchoukatro,
    MultitchoukatroState,
    sow,
)
from tests.engines.test_multitchoukatro import GAME, advance, position

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
