"""The joueur of the dice races (backgammon, jacquet, barricades): whole turns judged by
the evaluator with gnubg-style noise."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any

import pytest

from engines import find_game
from engines.ai import make_bot
from engines.ai.eval_backgammon import POINTS_SCALE
from engines.ai.eval_barricades import BARRICADES_NOISE
from engines.ai.evaluation import evaluator_for
from engines.ai.profiles import INTERMEDIATE_NOISE, profile_for
from engines.ai.turns import (
    FILTER_KEEP,
    FILTER_MARGIN,
    noisy_turn_move,
    play_noise,
    turn_ends,
)
from engines.core import CHANCE, TERMINAL, State
from engines.tables import MOVE, TablesState, complete_plays

SPECS = ("backgammon:simple", "jacquet", "barricades")


def has_choice(state: State) -> bool:
    """A decision at the start of a turn with more than one way to end it."""
    if isinstance(state, TablesState):
        if state.phase != MOVE:
            return False
        whole_throw = len(state.dice) == 4 or state.dice[0] != state.dice[-1]
        return whole_throw and len(complete_plays(state.rules, *state.sides(), state.dice)) > 1
    return len(state.legal_moves()) > 1 and not getattr(state, "pending", False)


def turn_starts(spec: str, count: int, seed: int) -> list[State]:
    """Positions where the mover starts a turn with a choice, from games played by
    quick bots on seeded dice."""
    game = find_game(spec)
    rng = random.Random(seed)
    bot = make_bot("joueur", game, nodes=1)
    found: list[State] = []
    state: State = game.initial_state()
    while len(found) < count:
        if state.is_terminal():
            state = game.initial_state()
        if state.current_player is CHANCE:
            outcomes = state.chance_outcomes()
            state = state.apply(rng.choices([o for o, _ in outcomes],
                                            [w for _, w in outcomes])[0])
            continue
        if has_choice(state):
            found.append(state)
        state = state.apply(bot.choose(state))
    return found


POSITIONS = {spec: turn_starts(spec, 30, seed=5) for spec in SPECS}


def play_turn(state: State, choose: Callable[[State], Any]) -> State:
    """The position once ``choose`` has played the mover's whole turn."""
    current = state
    while not current.is_terminal() and current.current_player == state.current_player:
        move = choose(current)
        assert current.is_legal(move)
        current = current.apply(move)
    return current


def ending_of(state: State, after: State) -> Hashable:
    """The key :func:`turn_ends` gives the position ``after`` ending the turn of ``state``."""
    if isinstance(state, TablesState):
        assert isinstance(after, TablesState)
        return after.boards[state.mover], after.boards[1 - state.mover]
    return after.key()


def plain_values(state: State) -> dict[Hashable, float]:
    """Each ending of the turn and its value, found by playing every sequence of the
    mover's decisions with checked moves."""
    evaluator = evaluator_for(state.game)
    assert evaluator is not None
    player = state.current_player
    values: dict[Hashable, float] = {}

    def walk(current: State) -> None:
        for move in current.legal_moves():
            child = current.apply(move)
            if not child.is_terminal() and child.current_player == player:
                walk(child)
            else:
                values[ending_of(state, child)] = evaluator(child, player)

    walk(state)
    return values


@pytest.mark.parametrize("spec", SPECS)
def test_the_endings_of_a_turn_are_every_sequence_of_its_decisions(spec: str) -> None:
    for state in POSITIONS[spec][:8]:
        ends = turn_ends(state)
        assert set(ends) == set(plain_values(state))
        for key, (after, first) in ends.items():
            assert state.is_legal(first)
            assert ending_of(state, after) == key


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("noise", [0.0, 0.013, 0.2])
def test_the_decisions_of_a_turn_play_the_best_blurred_ending(spec: str, noise: float) -> None:
    evaluator = evaluator_for(find_game(spec))
    assert evaluator is not None
    for state in POSITIONS[spec][:12]:
        values = plain_values(state)
        best = max(values, key=lambda ending: values[ending] + play_noise(7, ending, noise))
        reached = play_turn(state, lambda s: noisy_turn_move(s, evaluator, 7, noise))
        assert ending_of(state, reached) == best, state.to_text()


def one_throw_on(after: State, player: str) -> float:
    """The value for ``player`` of the position ``after`` its turn, the opponent to
    throw: the mean over the throws of the opponent's best ending (every sequence of
    its checked decisions), negated."""
    assert after.is_chance_node(), after.to_text()
    total = 0.0
    for throw, chance in after.chance_outcomes():
        thrown = after.apply(throw)
        assert thrown.current_player not in (player, TERMINAL)
        total -= chance * max(plain_values(thrown).values())
    return total


def test_the_backgammon_expert_judges_its_best_plays_one_throw_on() -> None:
    """gnubg's 1-ply with its move filter: the best endings by the evaluator judged again
    over the opponent's throws and best replies; the turn reaches the best of them."""
    expert = make_bot("expert", "backgammon:simple", nodes=1)
    assert expert.describe().startswith("expert (meilleur jeu du lancer, un lancer plus loin")
    changed = 0
    for state in POSITIONS["backgammon:simple"][:4]:
        player = state.current_player
        values = plain_values(state)
        ranked = sorted(values, key=lambda ending: -values[ending])
        best = values[ranked[0]]
        candidates = [e for e in ranked[:FILTER_KEEP] if values[e] >= best - FILTER_MARGIN]
        ends = turn_ends(state)
        deeper = {e: one_throw_on(ends[e][0], player) for e in candidates}
        reached = ending_of(state, play_turn(state, expert.choose))
        assert reached in values
        # Each decision may see endings the first one filtered out, never a worse one.
        reached_value = deeper.get(reached)
        if reached_value is None:
            reached_value = one_throw_on(ends[reached][0], player)
        assert reached_value >= max(deeper.values()) - 1e-9, state.to_text()
        changed += reached != ranked[0]
        assert expert.last is not None and expert.last.depth == 2
    assert changed >= 1  # one throw on is not the evaluator's play


def test_out_of_time_the_backgammon_expert_plays_the_evaluators_best() -> None:
    """A clock already spent judges only the first ending one throw on."""
    hurried = make_bot("expert", "backgammon:simple", seconds=0.001)
    for state in POSITIONS["backgammon:simple"][:6]:
        values = plain_values(state)
        ends = turn_ends(state)
        first = max(values, key=lambda ending: values[ending])
        assert hurried.choose(state) == ends[first][1], state.to_text()


def test_the_noise_is_the_seeds_own() -> None:
    state = POSITIONS["jacquet"][0]
    assert isinstance(state, TablesState)
    own, other = state.sides()
    ending = (own, other)
    assert play_noise(1, ending, 0.1) == play_noise(1, ending, 0.1)
    assert play_noise(1, ending, 0.1) != play_noise(2, ending, 0.1)
    assert play_noise(1, ending, 0.1) != play_noise(1, (other, own), 0.1)
    draws = [play_noise(seed, ending, 0.1) for seed in range(2000)]
    mean = sum(draws) / len(draws)
    deviation = (sum((d - mean) ** 2 for d in draws) / len(draws)) ** 0.5
    assert abs(mean) < 0.01
    assert deviation == pytest.approx(0.1, rel=0.08)


def test_the_noise_of_the_tables_games_is_gnubgs_intermediate() -> None:
    def noise(spec: str) -> float:
        return profile_for(find_game(spec)).turn_noise["joueur"]

    assert noise("backgammon") == pytest.approx(INTERMEDIATE_NOISE / POINTS_SCALE)
    assert noise("jacquet") == INTERMEDIATE_NOISE == 0.04
    assert noise("barricades") == BARRICADES_NOISE


@pytest.mark.parametrize("spec", SPECS)
def test_the_joueur_errs_now_and_then_and_never_grossly(spec: str) -> None:
    joueur = make_bot("joueur", spec, nodes=1)
    noise = profile_for(joueur.game).turn_noise["joueur"]
    differ = 0
    for state in POSITIONS[spec]:
        values = plain_values(state)
        reached = ending_of(state, play_turn(state, joueur.choose))
        differ += values[reached] < max(values.values())
        # Never more than six standard deviations of the noise below the best.
        assert values[reached] > max(values.values()) - 6 * noise
    assert 3 <= differ <= 25
    assert joueur.describe().startswith("joueur (meilleur tour complet, à l'estime")


@pytest.mark.parametrize("spec", SPECS)
def test_the_joueur_plays_its_turns_without_searching(spec: str) -> None:
    joueur = make_bot("joueur", spec, nodes=50)
    state = POSITIONS[spec][3]
    move = joueur.choose(state)
    assert joueur.last is not None and joueur.last.algorithm == "turn"
    assert move in state.legal_moves()


@pytest.mark.parametrize("spec", ["barricades:equipes", "barricades,players=3"])
def test_with_more_than_two_players_the_joueur_searches(spec: str) -> None:
    joueur = make_bot("joueur", spec, nodes=50)
    assert "estime" not in joueur.describe()
    state = turn_starts(spec, 1, seed=2)[0]
    joueur.choose(state)
    assert joueur.last is not None and joueur.last.algorithm == "mcts"


@pytest.mark.parametrize("spec", ["barricades,players=3", "barricades,players=4"])
def test_with_three_or_four_players_the_expert_plays_its_best_whole_turn(spec: str) -> None:
    expert = make_bot("expert", spec, nodes=50)
    assert expert.describe().startswith("expert (meilleur tour complet, ")
    for state in turn_starts(spec, 8, seed=4):
        values = plain_values(state)
        reached = play_turn(state, expert.choose)
        assert values[ending_of(state, reached)] == max(values.values()), state.to_text()
        assert expert.last is not None and expert.last.algorithm == "turn"


def test_in_teams_the_expert_searches() -> None:
    expert = make_bot("expert", "barricades:equipes", nodes=50)
    assert "tour complet" not in expert.describe()
    expert.choose(turn_starts("barricades:equipes", 1, seed=2)[0])
    assert expert.last is not None and expert.last.algorithm == "mcts"


def test_noisy_turns_are_for_checker_moves_only() -> None:
    game = find_game("backgammon")
    evaluator = evaluator_for(game)
    assert evaluator is not None
    with pytest.raises(ValueError, match="not a play of the game"):
        noisy_turn_move(game.initial_state(), evaluator, 0, 0.01)
