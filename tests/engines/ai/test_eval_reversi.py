"""The reversi evaluator: range, symmetry, and the features it rewards."""

from __future__ import annotations

import random

from engines.ai import AlphaBeta, Budget, play_game
from engines.ai.eval_reversi import dilate, evaluate, stable_edge_discs
from engines.core import State
from engines.registry import find_game

GAME = find_game("reversi:othello")


def position(rows: str, mover: str = "noir") -> State:
    return GAME.from_text(f"{rows} {mover}")


def test_range_and_symmetry_on_random_positions() -> None:
    rng = random.Random(2)
    for _ in range(20):
        state = GAME.initial_state()
        while not state.is_terminal():
            black = evaluate(state, "noir")
            assert -1.0 <= black <= 1.0
            assert evaluate(state, "blanc") == -black
            state = state.apply_unchecked(rng.choice(state.legal_moves()))


def test_the_source_opening_is_neutral() -> None:
    assert evaluate(find_game("reversi").initial_state(), "noir") == 0.0


def test_corner_is_good_and_x_square_bad() -> None:
    base = "......../......../..NNN.../...NB.../...BN.../......../......../........"
    with_corner = "N" + base[1:]
    with_x = base[:9] + "N" + base[10:]  # b2, next to the empty a1 corner
    assert evaluate(position(with_corner), "noir") > evaluate(position(base), "noir") + 0.2
    assert evaluate(position(with_x), "noir") < evaluate(position(base), "noir")


def test_dilate_and_stable_edges() -> None:
    assert dilate(1) == (1 << 1) | (1 << 8) | (1 << 9)  # the neighbours of a1
    assert dilate(1 << 7) & 1 == 0  # no wrap from h1 to a2 or a1
    top_row = 0b1110_0111  # a1 b1 c1 and f1 g1 h1
    assert stable_edge_discs(top_row) == top_row
    assert stable_edge_discs(0b0110) == 0  # no corner


def _disc_count(state: State, player: str) -> float:
    black, white = state.discs  # type: ignore[attr-defined]
    value = (black.bit_count() - white.bit_count()) / 64
    return value if player == "noir" else -value


class _Searcher:
    def __init__(self, evaluator, seed: int) -> None:
        self.evaluator = evaluator
        self.seed = seed

    def choose(self, state: State):
        rng = random.Random(f"{self.seed}|{state.to_text()}")
        clock = Budget(nodes=150).start()
        return AlphaBeta(self.evaluator).search(state, clock, rng).move


def test_beats_counting_discs_at_equal_search() -> None:
    wins = 0
    for index in range(8):
        ours, theirs = _Searcher(evaluate, index), _Searcher(_disc_count, 100 + index)
        seats = ("noir", "blanc") if index % 2 == 0 else ("blanc", "noir")
        outcome = play_game(GAME, {seats[0]: ours, seats[1]: theirs}, seed=index).outcome  # type: ignore[dict-item]
        assert outcome is not None
        wins += seats[0] in outcome.winners
    assert wins >= 7
