"""MCTS on hand-made trees, Nim, chance and three players."""

from __future__ import annotations

import random

import pytest

from engines.ai.budget import Budget
from engines.ai.mcts import Mcts
from engines.registry import find_game
from tests.engines.ai.toys import Nim, TreeGame, decide, dice, end, tree_evaluator


def run(game, iterations: int = 2000, seed: int = 0, **options):
    state = game.initial_state()
    return Mcts(**options).search(state, Budget(nodes=iterations).start(), random.Random(seed))


def test_nim_winning_move_is_proven() -> None:
    # Heaps 2, 3, 4 (nim-sum 5): the only winning move takes 3 from the last heap.
    game = Nim((2, 3, 4))
    for seed in range(3):
        result = run(game, 2000, seed)
        assert result.move == (2, 3)
        assert result.proven


def test_nim_subtraction_game_without_proofs() -> None:
    # One heap of 10, take 1-3: take 2 to leave a multiple of 4.  Plain UCT
    # (no decisive-move check) must find it from playouts alone.
    game = Nim((10,), take=3)
    for seed in range(3):
        assert run(game, 3000, seed, decisive=False).move == (0, 2)


def test_same_player_twice() -> None:
    # After "x", a decides again and wins with "x2"; "y" lets b choose and win.
    root = decide(
        "a",
        y=decide("b", y1=end("a"), y2=end("b"), y3=end("b")),
        x=decide("a", x1=end("b"), x2=end("a"), x3=end("b")),
    )
    for seed in range(3):
        assert run(TreeGame(root), 300, seed, decisive=False).move == "x"


def test_expectation_at_chance_nodes() -> None:
    # "risky" wins 1 time in 5, "safe" is a sure draw, "good" wins 9 times in 10.
    risky = dice(w=(0.2, end("a")), l=(0.8, end("b")))
    good = dice(w=(0.9, end("a")), l=(0.1, end("b")))
    game = TreeGame(decide("a", risky=risky, safe=end(), good=good))
    for seed in range(3):
        result = run(game, 1500, seed)
        assert result.move == "good"
        means = {move: mean for move, _, mean in result.visits}
        assert means["good"] == pytest.approx(0.9, abs=0.1)
        assert means["risky"] == pytest.approx(0.2, abs=0.2)


def test_three_players_each_play_for_themselves() -> None:
    # c to move.  "p" is a sure draw.  After "q", a chooses between sharing
    # the win with c and letting b win: a shares, so "q" wins for c.  (A
    # paranoid search, where a plays against c, would choose "p".)
    root = decide(
        "c",
        p=end(),
        q=decide("a", share=end("a", "c"), other=end("b")),
    )
    game = TreeGame(root, ("a", "b", "c"))
    for seed in range(3):
        assert run(game, 400, seed, decisive=False).move == "q"


def test_proves_a_forced_win_and_stops() -> None:
    # a wins whatever b answers after "w"; "d" is only a draw.
    root = decide(
        "a",
        d=end(),
        w=decide("b", b1=decide("a", k=end("a"), n=end()), b2=end("a")),
    )
    result = run(TreeGame(root), 10_000)
    assert result.move == "w"
    assert result.proven
    assert result.iterations < 100


def test_evaluator_cut_off_rollouts() -> None:
    # Long lines scored by the evaluator after the cut-off: the heuristic of
    # the node reached decides.
    good = decide("b", heuristic=0.8, g=decide("a", heuristic=0.8, h=end("a")))
    bad = decide("b", heuristic=-0.8, g=decide("a", heuristic=-0.8, h=end("a")))
    game = TreeGame(decide("a", bad=bad, good=good))
    result = run(game, 200, 0, evaluator=tree_evaluator, rollout_depth=0, decisive=False)
    assert result.move == "good"


def test_node_budget_is_reproducible_and_counted() -> None:
    game = find_game("reversi:othello")
    state = game.initial_state()
    first = Mcts().search(state, Budget(nodes=150).start(), random.Random(5))
    again = Mcts().search(state, Budget(nodes=150).start(), random.Random(5))
    assert first.iterations <= 150
    assert first.move == again.move
    assert first.visits == again.visits
    assert sum(v for _, v, _ in first.visits) == first.iterations


def test_time_budget_is_honoured() -> None:
    game = find_game("reversi:othello")
    clock = Budget(seconds=0.1).start()
    result = Mcts().search(game.initial_state(), clock, random.Random(0))
    assert clock.elapsed() < 0.1 + 0.25  # generous: only catches a search that ignores the clock
    assert result.iterations > 0


def test_temperature_spreads_the_choice() -> None:
    # Three equal moves: the most-visited rule is stable per seed, sampling varies.
    game = TreeGame(decide("a", x=end(), y=end(), z=end()))
    chosen = {run(game, 60, seed, temperature=1.0).move for seed in range(20)}
    assert chosen == {"x", "y", "z"}
