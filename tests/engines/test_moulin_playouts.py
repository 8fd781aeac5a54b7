"""Moulin: random playouts against the rules (fast playout, property tests) and the evaluator."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.ai.evaluation import evaluator_for
from engines.core import (
    State,
)
from engines.outcomes import OutcomeCode
from tests.engines.test_moulin import (
    BLOCKING,
    VARIANTS,
    game_of,
    position,
    random_state,
    seeds,
)

# --------------------------------------------------------------------------- playouts


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=st.sampled_from(VARIANTS), seed=seeds, playout_seed=seeds)
def test_fast_playout_follows_the_same_rules(spec: str, seed: int, playout_seed: int) -> None:
    """Every decision of the fast path is legal and the game ends exactly where it stops."""
    start = random_state(spec, seed)
    trace: list[Any] = []
    final = start.playout(random.Random(playout_seed), trace)
    state: State = start
    for move in trace:
        assert not state.is_terminal()
        state = state.apply(move)  # checks legality
    assert state.is_terminal() and final.is_terminal()
    assert state.to_text() == final.to_text()
    assert state.outcome() == final.outcome()


@pytest.mark.parametrize("spec", ["moulin", "moulin:standard"])
def test_fast_playout_ends_by_each_rule_like_the_generic_path(spec: str) -> None:
    """Some fast games ending by each rule (blocks are rare), replayed decision by decision."""
    start = game_of(spec).initial_state()
    rng = random.Random(13)
    wanted = {OutcomeCode.TWO_PIECES: 2, OutcomeCode.NO_CAPTURE: 2, OutcomeCode.REPETITION: 2,
              OutcomeCode.BLOCKED: 2}
    for _ in range(30_000):
        trace: list[Any] = []
        final = start.playout(rng, trace)
        outcome = final.outcome()
        assert outcome is not None
        if not wanted.get(outcome.code):
            continue
        wanted[outcome.code] -= 1
        state: State = start
        for move in trace:
            assert not state.is_terminal()
            state = state.apply(move)
        assert state.to_text() == final.to_text() and state.outcome() == outcome
        if not any(wanted.values()):
            break
    assert not any(wanted.values()), wanted


@pytest.mark.parametrize(
    ("spec", "kwargs"),
    [
        ("moulin", {"blanc": "a1 d2", "noir": "d1", "hand": (7, 8)}),
        ("moulin", {"blanc": "a1 d2 b4 f6 e5", "noir": "d1 a7 g7 c3 c5"}),
        ("moulin", {"blanc": "a1 d2 b4 f6", "noir": "d1 a7 g7 c3 c5"}),
        ("moulin:standard", {"blanc": "a1 g1 d1 b6 f6", "noir": "a7 d7 g7 c3 c5 e5",
                             "pending": True}),
        ("moulin,blocked_loses=false", {**BLOCKING, "mover": "blanc", "noir": "a4 g4 d2 d7 b6"}),
    ],
)
def test_fast_playout_draws_every_legal_decision(spec: str, kwargs: dict[str, Any]) -> None:
    state = position(spec, **kwargs)
    rng = random.Random(11)
    firsts = set()
    for _ in range(40 * len(state.legal_moves())):
        trace: list[Any] = []
        state.playout(rng, trace)
        firsts.add(trace[0])
    assert firsts == set(state.legal_moves())


@pytest.mark.parametrize("spec", VARIANTS)
def test_playouts_always_end(spec: str) -> None:
    rng = random.Random(5)
    start = game_of(spec).initial_state()
    codes: set[OutcomeCode] = set()
    for _ in range(200):
        final = start.random_playout(rng)
        outcome = final.outcome()
        assert final.is_terminal() and outcome is not None
        codes.add(outcome.code)
    assert OutcomeCode.TWO_PIECES in codes and OutcomeCode.NO_CAPTURE in codes


def test_fast_and_generic_playouts_have_alike_lengths() -> None:
    start = game_of("moulin:standard").initial_state()
    rng = random.Random(8)
    fast, slow = [], []
    for _ in range(300):
        trace: list[Any] = []
        start.playout(rng, trace)
        fast.append(len(trace))
        state: State = start
        steps = 0
        while not state.is_terminal():
            state = state.apply_unchecked(rng.choice(state.legal_moves()))
            steps += 1
        slow.append(steps)
    assert abs(sum(fast) / 300 - sum(slow) / 300) < 10


# --------------------------------------------------------------------------- evaluator


def test_evaluator_is_registered_bounded_and_antisymmetric() -> None:
    game = game_of()
    evaluate = evaluator_for(game)
    assert evaluate is not None
    rng = random.Random(2)
    state: State = game.initial_state()
    while not state.is_terminal():
        value = evaluate(state, "blanc")
        assert -1 <= value <= 1
        assert value == pytest.approx(-evaluate(state, "noir"))
        state = state.apply(rng.choice(state.legal_moves()))
    outcome = state.outcome()
    assert outcome is not None
    winner = outcome.winners[0] if outcome.winners else None
    assert evaluate(state, "blanc") == (0 if winner is None else 1 if winner == "blanc" else -1)


def test_evaluator_prefers_material_and_mills() -> None:
    evaluate = evaluator_for(game_of())
    assert evaluate is not None
    even = position(blanc="a1 d2 b4 f6 e5", noir="d1 a7 g7 c3 c5")
    ahead = position(blanc="a1 d2 b4 f6 e5 g4", noir="d1 a7 g7 c3 c5")
    assert evaluate(ahead, "blanc") > evaluate(even, "blanc")
    # the same pieces, but a1 and g1 wait for a piece on d1 to make a mill
    threat = position(blanc="a1 g1 d2 b4 e5", noir="a7 f6 e4 c3 d5", mover="noir")
    no_threat = position(blanc="a1 g4 d2 b4 e5", noir="a7 f6 e4 c3 d5", mover="noir")
    assert evaluate(threat, "blanc") > evaluate(no_threat, "blanc") > 0
    assert evaluate(threat, "noir") < 0


def test_evaluator_guides_a_greedy_player_past_random() -> None:
    for spec in ("moulin", "moulin:standard"):
        game = game_of(spec)
        evaluate = evaluator_for(game)
        assert evaluate is not None
        rng = random.Random(4)
        wins = losses = 0
        for i in range(20):
            me = game.players[i % 2]
            state: State = game.initial_state()
            while not state.is_terminal():
                moves = state.legal_moves()
                if state.current_player == me:
                    children = [state.apply_unchecked(m) for m in moves]
                    state = max(children, key=lambda c: evaluate(c, me))
                else:
                    state = state.apply_unchecked(rng.choice(moves))
            outcome = state.outcome()
            assert outcome is not None
            wins += me in outcome.winners
            losses += bool(outcome.winners) and me not in outcome.winners
        assert wins >= 14 and losses == 0, (spec, wins, losses)
