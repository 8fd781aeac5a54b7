"""The first of two players plays for the win, not for the lowest expected score."""

from __future__ import annotations

import pytest

from engines import find_game
from engines.ai import make_bot, solver_for
from engines.ai.solve_shutthebox import (
    MAX_FIRST_OF_TWO_TARGETS,
    ShutTheBoxSolver,
    first_of_two_utility,
    policy_probability,
)
from engines.core import CHANCE, State
from engines.shutthebox import Close, ShutTheBox, ShutTheBoxState


def box_solver(spec: str) -> tuple[ShutTheBox, ShutTheBoxSolver]:
    game = find_game(spec)
    solver = solver_for(game)
    assert isinstance(game, ShutTheBox)
    assert isinstance(solver, ShutTheBoxSolver)
    return game, solver


def first_share_by_expectimax(state: State, memory: dict) -> float:
    """The first player's share of the win with both players playing for it, searched
    through the engine's own states and outcomes (no table of the solver's)."""
    if state.is_terminal():
        outcome = state.outcome()
        assert outcome is not None
        if not outcome.winners:  # the same score: a draw
            return 0.5
        return 1 / len(outcome.winners) if state.players[0] in outcome.winners else 0.0
    key = state.key()
    if key not in memory:
        if state.current_player is CHANCE:
            memory[key] = sum(p * first_share_by_expectimax(state.apply(m), memory)
                              for m, p in state.chance_outcomes())
        else:
            shares = [first_share_by_expectimax(state.apply(m), memory)
                      for m in state.legal_moves()]
            memory[key] = max(shares) if state.current_player == state.players[0] else min(shares)
    return memory[key]


@pytest.mark.parametrize("spec", ["shut-the-box,boxes=6", "shut-the-box:francaise,boxes=6",
                                  "shut-the-box:exacte,boxes=7"])
def test_the_first_of_two_wins_as_often_as_a_full_search_says(spec: str) -> None:
    game, solver = box_solver(spec)
    table = solver.first_of_two_values(game.rules)
    assert table is not None
    brute = first_share_by_expectimax(game.initial_state(), {})
    assert table[game.rules.full] == pytest.approx(brute, rel=1e-12)


def test_the_kept_shares_are_the_second_players_chances() -> None:
    game, solver = box_solver("shut-the-box:francaise,boxes=6")
    assert solver.first_of_two_shares(game.rules) == first_of_two_utility(game.rules)


@pytest.mark.parametrize(
    ("spec", "least_gain"),
    [("shut-the-box", 0.0003), ("shut-the-box:francaise", 0.03), ("shut-the-box:exacte", 0.0002)],
)
def test_playing_for_the_win_beats_playing_for_the_lowest_score(
    spec: str, least_gain: float
) -> None:
    # The French scores read the open boxes as a number: the lowest expected score
    # fears rounds with many boxes open far more than their chance of losing warrants
    # (the first player then wins 0.449 against a second player playing to beat it,
    # 0.486 playing for the win).
    game, solver = box_solver(spec)
    rules = game.rules
    utility = solver.first_of_two_shares(rules)
    table = solver.first_of_two_values(rules)
    assert utility is not None
    assert table is not None
    for_score = policy_probability(rules, solver.score_values(rules), utility)
    assert table[rules.full] - for_score > least_gain
    assert policy_probability(rules, table, utility) == pytest.approx(table[rules.full])


def test_the_expert_first_of_two_plays_for_the_win() -> None:
    game, solver = box_solver("shut-the-box:francaise")
    table = solver.first_of_two_values(game.rules)
    assert table is not None
    scores = solver.score_values(game.rules)
    expert = make_bot("expert", game, seed=4)
    differ = 0
    for text in ("1,2,3,4,5,6,7,8,9 joueur1 6,5 -", "1,2,3,4,5,6,7,8,9 joueur1 4,3 -",
                 "1,2,4,5,7,8,9 joueur1 6,3 -", "1,3,4,5,6,7 joueur1 5,4 -",
                 "2,3,4,5,6,8,9 joueur1 5,2 -"):
        state = game.from_text(text)
        assert isinstance(state, ShutTheBoxState)
        moves = state.options  # the legal closings
        best = max(table[state.open & ~m.mask] for m in moves)
        chosen = expert.choose(state)
        assert isinstance(chosen, Close)
        assert table[state.open & ~chosen.mask] == pytest.approx(best)
        lowest = max(moves, key=lambda m: scores[state.open & ~m.mask])
        differ += table[state.open & ~lowest.mask] < best - 1e-12
    assert differ >= 1


def test_alone_or_first_of_three_the_lowest_expected_score_stays() -> None:
    for spec in ("shut-the-box,players=1", "shut-the-box,players=3"):
        game, solver = box_solver(spec)
        state = game.from_text("1,2,3,4,5,6,7,8,9 joueur1 4,3 -")
        scores = solver.score_values(game.rules)
        best = max(scores[state.open & ~m.mask] for m in state.options)
        chosen = solver.best_move(state)
        assert chosen is not None
        assert scores[state.open & ~chosen.mask] == best
    twelve, solver = box_solver("shut-the-box:francaise,boxes=12")
    assert solver.first_of_two_values(twelve.rules) is None  # 4,096 scores to solve
    assert len({twelve.rules.score(m) for m in range(twelve.rules.full + 1)}) > (
        MAX_FIRST_OF_TWO_TARGETS)
