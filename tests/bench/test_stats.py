"""Intervals of match results: Wilson's over games, Student's over rounds of seats."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench.stats import rounds_interval, t_quantile_975, wilson_interval

# Student's t at 0.975 (tables, e.g. scipy.stats.t.ppf).
T_975 = {1: 12.7062, 2: 4.3027, 3: 3.1824, 4: 2.7764, 5: 2.5706, 10: 2.2281, 20: 2.0860,
         30: 2.0423, 100: 1.9840}


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson_interval(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson_interval(1.0, 10)
    assert low == pytest.approx(0.7225, abs=1e-4)
    assert high == pytest.approx(1.0)
    assert wilson_interval(0.0, 10)[0] == 0.0
    assert wilson_interval(0.3, 0) == (0.0, 1.0)


def test_wilson_interval_holds_the_score_and_narrows_with_more_games() -> None:
    widths = []
    for games in (10, 40, 160):
        low, high = wilson_interval(0.7, games)
        assert low < 0.7 < high
        widths.append(high - low)
    assert widths[0] > widths[1] > widths[2]


@pytest.mark.parametrize(("freedom", "expected"), sorted(T_975.items()))
def test_t_quantile_matches_the_tables(freedom: int, expected: float) -> None:
    assert t_quantile_975(freedom) == pytest.approx(expected, abs=0.004 if freedom == 3 else 1e-3)


def test_t_quantile_falls_towards_the_normal_one() -> None:
    values = [t_quantile_975(k) for k in range(1, 200)]
    assert all(a > b for a, b in itertools.pairwise(values))
    assert values[-1] == pytest.approx(1.96, abs=0.015)
    with pytest.raises(ValueError):
        t_quantile_975(0)


def test_a_seat_that_decides_hides_the_stronger_level_from_games_not_from_rounds() -> None:
    """Tablut at a tenth of the budgets, expert against joueur: blanc wins nearly every
    game, so most rounds are a win each (0.5); the expert did better in seven rounds of
    the thirty and worse in one."""
    rounds = [0.5] * 22 + [0.75] * 6 + [1.0] + [0.25]
    games = 2 * len(rounds)
    score = sum(rounds) / len(rounds)
    assert score == pytest.approx(0.558, abs=1e-3)
    assert wilson_interval(score, games)[0] < 0.5  # every game a trial: not shown
    low, high = rounds_interval(rounds, 0.5)
    assert 0.5 < low < score < high  # the rounds show it


def test_a_few_identical_rounds_are_no_certainty() -> None:
    assert rounds_interval([1.0, 1.0], 0.5)[0] < 0.5
    low, high = rounds_interval([1.0] * 8, 0.5)
    assert 0.5 < low < high <= 1.0
    assert rounds_interval([0.5] * 10, 0.5) == (0.5, 0.5)  # level: never above the share
    assert rounds_interval([], 0.5) == (0.0, 1.0)


def test_a_level_match_is_not_significant() -> None:
    rounds = [0.5, 1.0, 0.0, 0.5, 0.75, 0.25] * 5
    low, high = rounds_interval(rounds, 0.5)
    assert low < 0.5 < high


@given(st.lists(st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0]), min_size=1, max_size=60),
       st.sampled_from([0.5, 1 / 3, 0.25]))
def test_rounds_interval_holds_the_mean_within_zero_and_one(rounds: list[float],
                                                            fair: float) -> None:
    low, high = rounds_interval(rounds, fair)
    mean = (sum(rounds) + fair) / (len(rounds) + 1)
    assert 0.0 <= low <= mean + 1e-12
    assert mean - 1e-12 <= high <= 1.0


@given(st.lists(st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0]), min_size=2, max_size=20))
def test_rounds_interval_narrows_with_the_same_rounds_again(rounds: list[float]) -> None:
    low, high = rounds_interval(rounds, 0.5)
    low2, high2 = rounds_interval(rounds * 4, 0.5)
    assert high2 - low2 <= high - low + 1e-12
