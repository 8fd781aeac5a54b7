"""The joueur's backgammon: whole plays of the throw, judged with gnubg-style noise."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from engines import find_game
from engines.ai import make_bot
from engines.ai.bots import TURN_NOISE
from engines.ai.turn_backgammon import (
    INTERMEDIATE_NOISE,
    noisy_turn_move,
    play_noise,
    play_value,
)
from engines.backgammon import RULES, BackgammonState
from engines.core import CHANCE, State
from engines.tables import MOVE, Side, complete_plays


def turn_starts(spec: str, count: int, seed: int) -> list[BackgammonState]:
    """Positions where the mover is about to play a throw with a choice, from games
    the expert plays against itself on seeded dice."""
    game = find_game(spec)
    rng = random.Random(seed)
    expert = make_bot("expert", game, nodes=1)
    found: list[BackgammonState] = []
    state: State = game.initial_state()
    while len(found) < count:
        if state.is_terminal():
            state = game.initial_state()
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            state = state.apply(rng.choices([o for o, _ in outcomes],
                                            [w for _, w in outcomes])[0])
            continue
        assert isinstance(state, BackgammonState)
        whole_throw = len(state.dice) == 4 or state.dice[0] != state.dice[-1]
        if state.phase == MOVE and whole_throw and \
                len(complete_plays(RULES, *state.sides(), state.dice)) > 1:
            found.append(state)
        state = state.apply(expert.choose(state))
    return found


def play_turn(state: BackgammonState, choose: Callable[[State], Any]) -> tuple[Side, Side]:
    """The sides (mover's first) once ``choose`` has played the mover's whole turn."""
    seat = state.mover
    current: State = state
    while not current.is_terminal() and current.current_player == state.current_player:
        current = current.apply(choose(current))
    assert isinstance(current, BackgammonState)
    return current.boards[seat], current.boards[1 - seat]


def best_play(state: BackgammonState, seed: int, noise: float) -> tuple[Side, Side]:
    """The complete play with the best blurred value, found by listing them all."""
    plays = complete_plays(RULES, *state.sides(), state.dice)
    return max(plays, key=lambda sides: play_value(state, sides[0], sides[1])
               + play_noise(seed, sides[0], sides[1], noise))


POSITIONS = turn_starts("backgammon:simple", 40, seed=5)


@pytest.mark.parametrize("noise", [0.0, INTERMEDIATE_NOISE, 0.2])
def test_the_checker_moves_of_a_turn_play_the_best_blurred_play(noise: float) -> None:
    for state in POSITIONS:
        reached = play_turn(state, lambda s: noisy_turn_move(s, 7, noise))
        assert reached == best_play(state, 7, noise), state.to_text()


def test_without_noise_it_plays_the_experts_play() -> None:
    expert = make_bot("expert", "backgammon:simple", nodes=1)
    for state in POSITIONS:
        assert play_turn(state, lambda s: noisy_turn_move(s, 3, 0.0)) == \
            play_turn(state, expert.choose), state.to_text()


def test_the_noise_is_the_seeds_own() -> None:
    state = POSITIONS[0]
    sides = state.sides()
    assert play_noise(1, *sides, 0.1) == play_noise(1, *sides, 0.1)
    assert play_noise(1, *sides, 0.1) != play_noise(2, *sides, 0.1)
    draws = [play_noise(seed, *sides, 0.1) for seed in range(2000)]
    mean = sum(draws) / len(draws)
    deviation = (sum((d - mean) ** 2 for d in draws) / len(draws)) ** 0.5
    assert abs(mean) < 0.01
    assert deviation == pytest.approx(0.1, rel=0.08)


def test_the_joueur_errs_now_and_then_and_never_grossly() -> None:
    joueur = make_bot("joueur", "backgammon:simple", nodes=1)
    assert TURN_NOISE["joueur"] == INTERMEDIATE_NOISE
    differ = 0
    for state in POSITIONS:
        plays = complete_plays(RULES, *state.sides(), state.dice)
        values = {sides: play_value(state, *sides) for sides in plays}
        reached = play_turn(state, joueur.choose)
        differ += reached != max(values, key=values.__getitem__)
        # Never more than six standard deviations of the noise below the best.
        assert values[reached] > max(values.values()) - 6 * INTERMEDIATE_NOISE
    assert 4 <= differ <= 30
    assert make_bot("joueur", "backgammon:simple").describe().startswith(
        "joueur (meilleur jeu complet du lancer, à l'estime")


def test_the_joueur_plays_its_turns_without_searching() -> None:
    joueur = make_bot("joueur", "backgammon:simple", nodes=50)
    state = POSITIONS[3]
    move = joueur.choose(state)
    assert joueur.last is not None and joueur.last.algorithm == "turn"
    assert joueur.last.nodes == len(state.legal_moves())
    assert move in state.legal_moves()


def test_noisy_turns_are_for_checker_moves_only() -> None:
    state = find_game("backgammon").initial_state()
    with pytest.raises(ValueError, match="not a checker move"):
        noisy_turn_move(state, 0, 0.01)
