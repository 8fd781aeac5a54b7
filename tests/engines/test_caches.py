"""The engines' memo tables: filled by play, emptied together, and play unchanged after."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from engines import find_game
from engines.caches import cached_entries, clear_caches, forgettable, remember
from engines.core import CHANCE, State


def _play(spec: str, seed: int, plies: int = 60) -> list[str]:
    rng = random.Random(seed)
    state: State = find_game(spec).initial_state()
    seen = [state.to_text()]
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.current_player is CHANCE:
            outcomes = state.chance_outcomes()
            state = state.apply(rng.choice(outcomes)[0])
        else:
            state = state.apply(rng.choice(state.legal_moves()))
        seen.append(state.to_text())
    return seen


SPECS = ("rithmomachie:boissiere", "latrunculi:seneque", "assaut", "backgammon", "jacquet")


def test_play_fills_the_tables_and_clearing_empties_them() -> None:
    clear_caches()
    assert cached_entries() == 0
    for spec in SPECS:
        _play(spec, 1)
    filled = cached_entries()
    assert filled > 0
    assert clear_caches() == filled
    assert cached_entries() == 0


def test_the_barricades_evaluator_tables_are_emptied_too() -> None:
    from engines.ai.evaluation import evaluator_for

    game = find_game("barricades")
    evaluate = evaluator_for(game)
    assert evaluate is not None
    clear_caches()
    before = evaluate(game.initial_state(), "rouge")
    assert cached_entries() >= 2  # the barricades' distances and the sides' scores
    clear_caches()
    assert cached_entries() == 0
    assert evaluate(game.initial_state(), "rouge") == before


@pytest.mark.parametrize("spec", SPECS)
def test_a_game_replays_the_same_after_the_tables_are_emptied(spec: str) -> None:
    first = _play(spec, 7)
    clear_caches()
    assert _play(spec, 7) == first


def test_registered_tables_of_every_kind_are_emptied() -> None:
    table = forgettable({"a": 1})
    seen = forgettable({1, 2})

    @forgettable
    @lru_cache(maxsize=8)
    def square(x: int) -> int:
        return x * x

    square(3)
    assert forgettable(table) is table  # registering twice keeps one entry
    clear_caches()
    assert table == {} and seen == set() and square.cache_info().currsize == 0


def test_a_table_that_cannot_be_emptied_is_refused() -> None:
    with pytest.raises(TypeError, match="tuple"):
        forgettable((1, 2))


def test_a_bounded_table_is_emptied_when_full_then_remembers_the_new_entry() -> None:
    table: dict[int, str] = {}
    for key in range(3):
        assert remember(table, key, str(key), limit=3) == str(key)
    assert table == {0: "0", 1: "1", 2: "2"}
    assert remember(table, 3, "3", limit=3) == "3"
    assert table == {3: "3"}
