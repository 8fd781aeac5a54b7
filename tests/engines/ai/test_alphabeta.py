"""Alpha-beta / expectiminimax against plain minimax and on hand-made trees."""

from __future__ import annotations

import random

import pytest

from engines.ai.alphabeta import MATE, PLY_STEP, WIN, AlphaBeta
from engines.ai.budget import Budget
from engines.ai.evaluation import evaluator_for
from engines.core import CHANCE, TERMINAL
from engines.registry import find_game
from tests.engines.ai.toys import (
    Nim,
    TreeGame,
    decide,
    dice,
    end,
    minimax,
    random_tree,
    tree_evaluator,
)

UNLIMITED = Budget(nodes=10**9)


def search(game, depth: int = 64, seed: int = 0, nodes: int = 10**9):
    state = game.initial_state()
    engine = AlphaBeta(tree_evaluator, max_depth=depth)
    return engine.search(state, Budget(nodes=nodes).start(), random.Random(seed))


def decision_trees(count: int, depth: int, players: tuple[str, ...] = ("a", "b")):
    rng = random.Random(12345)
    found = 0
    while found < count:
        root = random_tree(rng, depth, players)
        if root.player in (CHANCE, TERMINAL) or len(root.children) < 2:
            continue
        found += 1
        yield TreeGame(root, players)


@pytest.mark.parametrize("depth", [1, 2, 3, 5])
def test_same_value_as_minimax_on_random_trees(depth: int) -> None:
    # The trees mix both players in any order (a player often decides twice in
    # a row), dice nodes with uneven odds and early results.
    for game in decision_trees(60, 6):
        state = game.initial_state()
        expected = minimax(state, depth, state.current_player)
        result = search(game, depth)
        assert result.score == pytest.approx(expected, abs=1e-9), state
        # The chosen move reaches that value.
        child = state.apply_unchecked(result.move)
        assert minimax(child, depth - 1, state.current_player, 1) == pytest.approx(expected)


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_turn_depth_matches_minimax_counting_turns(depth: int) -> None:
    for game in decision_trees(60, 6):
        state = game.initial_state()
        expected = minimax(state, depth, state.current_player, turn_depth=True)
        engine = AlphaBeta(tree_evaluator, max_depth=depth, turn_depth=True)
        result = engine.search(state, UNLIMITED.start(), random.Random(0))
        assert result.score == pytest.approx(expected, abs=1e-9), state


def test_turn_depth_looks_past_the_same_players_second_decision() -> None:
    # "x" looks good until a's forced follow-up; one turn deep, only turn_depth sees it.
    root = decide(
        "a",
        x=decide("a", 0.9, x1=decide("b", -0.5, z=end())),
        y=decide("b", 0.2, z=end()),
    )
    game = TreeGame(root)
    by_decisions = AlphaBeta(tree_evaluator, max_depth=1)
    by_turns = AlphaBeta(tree_evaluator, max_depth=1, turn_depth=True)
    state = game.initial_state()
    assert by_decisions.search(state, UNLIMITED.start(), random.Random(0)).move == "x"
    found = by_turns.search(state, UNLIMITED.start(), random.Random(0))
    assert (found.move, found.score) == ("y", pytest.approx(0.2))


def test_fixed_depth_value_matches_minimax_with_three_players() -> None:
    # Paranoid view: every other player minimises the root player's value.
    for game in decision_trees(30, 5, ("a", "b", "c")):
        state = game.initial_state()
        engine = AlphaBeta(tree_evaluator)
        for depth in (1, 3):
            value = engine.value(state, depth, UNLIMITED.start())
            assert value == pytest.approx(minimax(state, depth, state.current_player))


def test_same_player_twice_is_not_a_sign_flip() -> None:
    # After "x", a decides again and wins with "x2"; "y" lets b win.
    root = decide(
        "a",
        y=decide("b", y1=end("a"), y2=end("b")),
        x=decide("a", x1=end("b"), x2=end("a")),
    )
    result = search(TreeGame(root))
    assert result.move == "x"
    assert result.score == pytest.approx(WIN - 2 * PLY_STEP)


def test_prefers_the_fastest_win_and_the_slowest_loss() -> None:
    slow = decide("b", s=decide("a", t=end("a")))
    root = decide("a", slow=slow, fast=end("a"))
    result = search(TreeGame(root))
    assert result.move == "fast"
    assert result.score == pytest.approx(WIN - PLY_STEP)

    lose_soon = end("b")
    lose_later = decide("b", l1=decide("a", l2=end("b")))
    result = search(TreeGame(decide("a", soon=lose_soon, later=lose_later)))
    assert result.move == "later"
    assert result.score == pytest.approx(-WIN + 3 * PLY_STEP)


def test_expectation_at_chance_nodes() -> None:
    # "risky" wins 1 time in 5, "safe" is a sure draw, "good" wins 9 times in 10:
    # the best outcome picks "risky", the worst picks "safe", expectation "good".
    risky = dice(w=(0.2, end("a")), l=(0.8, end("b")))
    safe = end()
    good = dice(w=(0.9, end("a")), l=(0.1, end("b")))
    result = search(TreeGame(decide("a", risky=risky, safe=safe, good=good)))
    assert result.move == "good"
    expected = 0.9 * (WIN - 2 * PLY_STEP) - 0.1 * (WIN - 2 * PLY_STEP)
    assert result.score == pytest.approx(expected)


def test_nim_winning_move_found_and_solved() -> None:
    # Heaps 3, 4, 5 (nim-sum 2): the only winning move takes 2 from the first heap.
    game = Nim((3, 4, 5))
    state = game.initial_state()
    result = AlphaBeta(None).search(state, UNLIMITED.start(), random.Random(1))
    assert result.move == (0, 2)
    assert result.score > MATE


def test_nim_loss_is_seen_as_a_loss() -> None:
    game = Nim((1, 4, 5))  # nim-sum 0: the player to move loses
    result = AlphaBeta(None).search(game.initial_state(), UNLIMITED.start(), random.Random(1))
    assert result.score < -MATE


def test_node_budget_is_exact_and_reproducible() -> None:
    game = find_game("reversi:othello")
    state = game.initial_state()
    for move in ("f5", "d6", "c3", "d3", "c4"):
        state = state.apply(game.parse_move(state, move))
    engine = AlphaBeta(_reversi_eval())
    first = engine.search(state, Budget(nodes=700).start(), random.Random(3))
    again = AlphaBeta(_reversi_eval()).search(state, Budget(nodes=700).start(), random.Random(3))
    assert first.nodes == again.nodes == 700
    assert (first.move, first.score, first.depth) == (again.move, again.score, again.depth)
    assert first.move in state.legal_moves()
    assert first.depth >= 2


def test_abort_in_first_iteration_still_returns_a_legal_move() -> None:
    game = find_game("reversi:othello")
    state = game.initial_state()
    result = AlphaBeta(_reversi_eval()).search(state, Budget(nodes=1).start(), random.Random(0))
    assert result.move in state.legal_moves()
    assert result.depth == 0


def test_time_budget_is_honoured() -> None:
    game = find_game("reversi:othello")
    state = game.initial_state()
    clock = Budget(seconds=0.1).start()
    result = AlphaBeta(_reversi_eval()).search(state, clock, random.Random(0))
    assert result.move in state.legal_moves()
    assert clock.elapsed() < 0.1 + 0.25  # generous: only catches a search that ignores the clock
    assert result.depth >= 1


def test_stops_when_the_tree_is_exhausted() -> None:
    root = decide("a", p=decide("b", q=end("a"), r=end()), s=end())
    result = search(TreeGame(root))
    assert result.solved
    assert result.depth <= 3
    assert result.score == 0.0


def _reversi_eval():
    evaluator = evaluator_for(find_game("reversi"))
    assert evaluator is not None
    return evaluator
