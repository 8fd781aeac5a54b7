"""Every game and variant of the registry obeys the engine protocol.

Random playouts never raise and always end; every legal move applies; move
notation and position text round-trip; outcomes name real players.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import all_specs, find_game, split_specs
from engines.core import (
    CHANCE,
    TERMINAL,
    IllegalMoveError,
    NotationError,
    PathMove,
    Place,
    Remove,
    SpecError,
    State,
)
from engines.outcomes import OutcomeCode
from engines.walks import complete_turns

SPECS = all_specs()
MAX_DECISIONS = 20_000
SAMPLE = 6  # moves per position checked in depth (apply, notation)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
playout_settings = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def random_walk(state: State, rng: random.Random) -> list[State]:
    """States along one random game, the first and the last included."""
    states = [state]
    while not state.is_terminal():
        assert len(states) < MAX_DECISIONS, "the game did not end"
        if state.current_player is CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(list(state.legal_moves())))
        states.append(state)
    return states


@pytest.mark.parametrize("spec", SPECS)
def test_spec_is_canonical(spec: str) -> None:
    game = find_game(spec)
    assert game.spec == spec
    assert find_game(spec.upper()).spec == spec


@pytest.mark.parametrize("spec", SPECS)
def test_declares_how_it_ends(spec: str) -> None:
    ending = find_game(spec).ending()
    assert ending.description
    assert ending.repetition is None or ending.repetition >= 2
    assert ending.move_cap is None or ending.move_cap > 0


@pytest.mark.parametrize("spec", SPECS)
def test_unknown_options_and_values_are_named(spec: str) -> None:
    game_id = spec.split(":")[0]
    with pytest.raises(SpecError, match="unknown option 'nonsense'"):
        find_game(f"{spec},nonsense=1")
    with pytest.raises(SpecError, match="choose among"):
        find_game(f"{game_id}:nonsense")
    for option in find_game(spec).option_list:
        with pytest.raises(SpecError, match=option.name):
            find_game(f"{spec},{option.name}=not-a-value-{option.name}")


def test_a_list_of_specs_keeps_each_spec_with_its_options() -> None:
    text = "reversi, barricades,players=3,  shut-the-box:exacte,boxes=12,players=2,tablut"
    assert split_specs(text) == [
        "reversi", "barricades,players=3", "shut-the-box:exacte,boxes=12,players=2", "tablut"
    ]
    assert split_specs("moulin;barricades,players=4;") == ["moulin", "barricades,players=4"]
    assert split_specs(" , ") == []
    assert all(find_game(spec) for spec in split_specs(text))


def test_unknown_game_names_the_choices() -> None:
    with pytest.raises(SpecError, match="reversi"):
        find_game("chess")


@pytest.mark.parametrize("spec", SPECS)
@playout_settings
@given(seed=seeds)
def test_random_games_follow_the_protocol(spec: str, seed: int) -> None:
    game = find_game(spec)
    rng = random.Random(seed)
    names = {p.name.lower() for p in game.geometry().points}
    states = random_walk(game.initial_state(), rng)
    for state in states:
        if state.is_terminal():
            assert state.current_player is TERMINAL
            assert not state.legal_moves()
            continue
        assert state.outcome() is None
        if state.current_player is CHANCE:
            odds = state.chance_outcomes()
            assert abs(sum(p for _, p in odds) - 1) < 1e-9
            assert [m for m, _ in odds] == list(state.legal_moves())
            continue
        assert state.current_player in game.players
        moves = list(state.legal_moves())
        assert moves, "a player to move must have a decision (pass included)"
        assert len(set(moves)) == len(moves), "duplicate legal moves"
        for move in rng.sample(moves, min(SAMPLE, len(moves))):
            assert game.parse_move(state, str(move)) == move
            assert state.is_legal(move)
            state.apply(move)
            for name in _point_names(move):
                assert name.lower() in names, f"{name} is not a point of the geometry"
    final = states[-1]
    outcome = final.outcome()
    assert outcome is not None
    assert set(outcome.winners) <= set(game.players)
    assert outcome.reason and outcome.reason_en and outcome.code
    line = outcome.result_line()
    assert line.startswith("draw (") or line.startswith("winner=")


@pytest.mark.parametrize("spec", SPECS)
@playout_settings
@given(seed=seeds)
def test_position_text_round_trips(spec: str, seed: int) -> None:
    game = find_game(spec)
    rng = random.Random(seed)
    states = random_walk(game.initial_state(), rng)
    for state in rng.sample(states, min(12, len(states))):
        text = state.to_text()
        copy = game.from_text(text)
        assert copy.to_text() == text
        assert copy.key() == state.key()
        if state.is_terminal() and not copy.is_terminal():
            # ended by repetition: the history is not part of the text (like FEN)
            outcome = state.outcome()
            assert outcome is not None and outcome.code == OutcomeCode.REPETITION
            continue
        assert copy.current_player == state.current_player
        assert [str(m) for m in copy.legal_moves()] == [str(m) for m in state.legal_moves()]


@pytest.mark.parametrize("spec", SPECS)
@playout_settings
@given(seed=seeds)
def test_fast_playout_ends_in_a_finished_game(spec: str, seed: int) -> None:
    game = find_game(spec)
    final = game.initial_state().random_playout(random.Random(seed))
    assert final.is_terminal()
    outcome = final.outcome()
    assert outcome is not None and set(outcome.winners) <= set(game.players)
    assert game.from_text(final.to_text()).to_text() == final.to_text()


@pytest.mark.parametrize("spec", SPECS)
def test_bad_text_is_refused_clearly(spec: str) -> None:
    game = find_game(spec)
    state = game.initial_state()
    with pytest.raises(NotationError):
        game.parse_move(state, "§§")
    with pytest.raises(NotationError):
        game.from_text("not a position")
    with pytest.raises(NotationError):
        game.parse_move(state, "")


@pytest.mark.parametrize("spec", SPECS)
def test_illegal_move_quotes_move_and_position(spec: str) -> None:
    game = find_game(spec)
    state = game.initial_state()
    rng = random.Random(7)
    while state.current_player is CHANCE:
        state = state.apply(state.sample_chance(rng))
    legal = {str(m) for m in state.legal_moves()}
    for point in game.geometry().points:
        if point.name not in legal:
            with pytest.raises(IllegalMoveError) as error:
                state.apply(Place(point.index, point.name))
            assert point.name in str(error.value)
            assert state.to_text() in str(error.value)
            break


@pytest.mark.parametrize("spec", SPECS)
def test_turns_group_decisions_of_one_player(spec: str) -> None:
    game = find_game(spec)
    state = game.initial_state()
    rng = random.Random(3)
    for _ in range(8):
        if state.is_terminal():
            break
        if state.current_player is CHANCE:
            state = state.apply(state.sample_chance(rng))
            continue
        turns = complete_turns(state)
        assert turns
        keys = [(after.key(), after.to_text()) for _, after in turns]
        assert len(keys) == len(set(keys))
        for line, after in turns:
            replayed = state
            for move in line:
                replayed = replayed.apply(move)
            assert replayed.to_text() == after.to_text()
            assert after.current_player != state.current_player or after.is_terminal()
        state = turns[rng.randrange(len(turns))][1]


@pytest.mark.parametrize("spec", SPECS)
def test_geometry_names_every_point_once(spec: str) -> None:
    geometry = find_game(spec).geometry()
    names = [p.name.lower() for p in geometry.points]
    assert len(names) == len(set(names))
    assert [p.index for p in geometry.points] == list(range(len(names)))
    for a, b in geometry.edges:
        assert 0 <= a < len(names) and 0 <= b < len(names) and a != b
    for line in geometry.lines:
        assert all(0 <= i < len(names) for i in line)


def _point_names(move: object) -> list[str]:
    if isinstance(move, Place | Remove):
        return [move.name]
    if isinstance(move, PathMove):
        return list(move.names)
    return []
