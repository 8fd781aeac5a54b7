"""Rithmomachie in play: random games over both rule sets and several agreed victories,
the captures found again near each change agreeing with a full search, the fast
playout following the rules, decisions that round-trip."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import find_game
from engines.core import TERMINAL
from engines.rithmomachie import RithmoMove, RithmoState
from engines.rithmomachie.game import Rithmomachie
from engines.rithmomachie.playout import playout

SPECS = [
    "rithmomachie:boissiere,max_moves=150",
    "rithmomachie:boissiere,prison=any,victoire=bien,somme=150,max_moves=120",
    "rithmomachie:boissiere,victoire=corps+proces,pieces=4,chiffres=8,max_moves=120",
    "rithmomachie:boissiere,victoire=mediocre,posee=false,max_moves=120",
    "rithmomachie:boissiere,victoire=excellente,first=blanc,max_moves=100",
    "rithmomachie:medievale,max_moves=150",
    "rithmomachie:medievale,siege=8,rows=14,victoire=corpore,pieces=2,max_moves=120",
    "rithmomachie:medievale,victoire=honore-liteque,total_chiffres=20,max_moves=120",
    "rithmomachie:medievale,victoire=triomphe,first=noir,max_moves=120",
    "rithmomachie:medievale,victoire=lite,digits=123,max_moves=100",
    "rithmomachie:medievale,victoire=honore,pieces=3,somme=100,max_moves=100",
]

seeds = st.integers(min_value=0, max_value=2**32 - 1)
few = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _game(spec: str) -> Rithmomachie:
    game = find_game(spec)
    assert isinstance(game, Rithmomachie)
    return game


def _walk(game: Rithmomachie, rng: random.Random, limit: int = 400) -> list[RithmoState]:
    state = game.initial_state()
    states = [state]
    while not state.is_terminal() and len(states) < limit:
        state = state.apply(rng.choice(list(state.legal_moves())))
        states.append(state)
    return states


@pytest.mark.parametrize("spec", SPECS)
@few
@given(seed=seeds)
def test_captures_found_near_each_change_agree_with_a_full_search(spec: str,
                                                                    seed: int) -> None:
    game = _game(spec)
    rules = game.rules
    rng = random.Random(seed)
    kinds = ["captures"] + (["strikes"] if game.variant == "medievale" else [])
    for state in _walk(game, rng):
        if rng.random() > 0.2:
            continue  # look only now and then, so that earlier findings are reused
        side = rng.randrange(2)
        for kind in kinds:
            quick = sorted(str(m) for m, _ in rules.findings(state, kind, side))
            full = sorted(str(m) for m, _ in rules.find(kind, state.board, side, state.bits,
                                                         game.board.full))
            assert quick == full, (kind, side, state.to_text())
        assert rules.pyramid_square(state, side) == rules._find_pyramid(state, side)


@pytest.mark.parametrize("spec", SPECS)
@few
@given(seed=seeds)
def test_fast_playout_decisions_replay_through_the_rules(spec: str, seed: int) -> None:
    game = _game(spec)
    trace: list[RithmoMove] = []
    final = playout(game.initial_state(), random.Random(seed), trace)
    assert final.current_player is TERMINAL
    state = game.initial_state()
    for move in trace:
        assert state.is_legal(move)
        state = state.apply(move)
    assert state.to_text() == final.to_text()
    outcome = state.outcome()
    assert outcome is not None and outcome == final.outcome()


@pytest.mark.parametrize("spec", SPECS)
def test_random_games_end_and_every_decision_round_trips(spec: str) -> None:
    game = _game(spec)
    rng = random.Random(11)
    states = _walk(game, rng, limit=100_000)
    assert states[-1].is_terminal()
    for state in rng.sample(states, min(15, len(states))):
        copy = game.from_text(state.to_text())
        assert copy.to_text() == state.to_text()
        for move in state.legal_moves():
            assert game.parse_move(state, str(move)) == move
            assert copy.is_legal(move)


# --------------------------------------------------------------------------- bots


def test_the_evaluator_likes_captures_in_hand_and_fears_threats() -> None:
    from engines.ai.evaluation import evaluator_for
    from tests.engines.test_rithmomachie_boissiere import RESERVE, play, position

    game, before = position("rithmomachie:boissiere", {"D3": "b25C", "B1": "n25S", **RESERVE},
                            "blanc")
    evaluate = evaluator_for(game)
    assert evaluate is not None
    after = play(game, before, "D3-C2")  # the 25 on B1 can now be taken
    assert evaluate(after, "blanc") > evaluate(before, "blanc") + 0.05
    assert evaluate(after, "noir") == pytest.approx(-evaluate(after, "blanc"))
    taken = play(game, after, "xB1")
    assert evaluate(taken, "blanc") > evaluate(after, "blanc")
    for state in (before, after, taken):
        assert -1 <= evaluate(state, "noir") <= 1


def test_proper_victories_value_the_enemy_pyramid_then_the_formation() -> None:
    from engines.ai.eval_rithmomachie import progress
    from tests.engines.test_rithmomachie_boissiere import RESERVE, position

    spec = "rithmomachie:boissiere,victoire=mediocre"
    pieces = {"C7": "n56T*", "C10": "n16C", "C11": "n36C", **RESERVE}
    _, with_pyramid = position(spec, {**pieces, "A15": "b190P(64S.49S.36T.25T.16C)"}, "noir")
    _, smaller = position(spec, {**pieces, "A15": "b16P(16C)"}, "noir")
    _, gone = position(spec, pieces, "noir")
    assert progress(with_pyramid, 0) < progress(smaller, 0) < progress(gone, 0)
    apart = {square: token for square, token in pieces.items() if square != "C11"}
    _, apart_state = position(spec, {**apart, "F14": "n36C"}, "noir")
    assert progress(apart_state, 0) < progress(gone, 0)


@pytest.mark.parametrize("spec", ["rithmomachie:boissiere", "rithmomachie:medievale"])
@pytest.mark.parametrize("level", ["debutant", "joueur", "expert"])
def test_every_level_plays_legally_and_quickly_from_the_start(spec: str, level: str) -> None:
    import time

    from engines.ai import make_bot

    game = _game(spec)
    bot = make_bot(level, game, seed=3, seconds=0.15)
    state: RithmoState = game.initial_state()
    began = time.perf_counter()
    mover = state.current_player
    while state.current_player == mover:  # one whole turn, decision after decision
        move = bot.choose(state)
        assert state.is_legal(move)
        state = state.apply(move)
    assert time.perf_counter() - began < 3.0
