"""Vectors packed into one integer: sums, multiples and reading back."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.ai.lanes import LaneReader, pack

SIZE = 8
FRACTION = 40
READ = LaneReader(SIZE, FRACTION)
values = st.floats(min_value=-100.0, max_value=100.0, allow_nan=False)
vectors = st.lists(values, min_size=SIZE, max_size=SIZE)


@given(st.lists(st.tuples(st.integers(-1000, 1000), vectors), min_size=1, max_size=20))
def test_a_sum_of_multiples_reads_back_lane_by_lane(terms: list[tuple[int, list[float]]]) -> None:
    total = sum(factor * pack(vector, FRACTION) for factor, vector in terms)
    expected = [sum(factor * vector[lane] for factor, vector in terms) for lane in range(SIZE)]
    tolerance = 2.0 ** -FRACTION * (1 + sum(abs(factor) for factor, _ in terms))
    assert READ(total) == pytest.approx(expected, abs=tolerance + READ.unit)


def test_negative_lanes_borrow_a_unit_from_the_lane_above() -> None:
    values = [-1.0, 1.0, -0.5, 0.0, 0.0, 0.0, 0.0, 0.25]
    total = pack(values, FRACTION)
    # the borrow of a negative lane runs on through the zero lanes above it
    assert READ.lanes(total) == (-2**40, 2**40 - 1, -2**39, -1, -1, -1, -1, 2**38 - 1)
    assert READ(total) == pytest.approx(values, abs=READ.unit)
    assert READ(total + pack([1.0, -1.0, 0.5, 0, 0, 0, 0, -0.25], FRACTION)) == [0.0] * SIZE


def test_values_beyond_the_lanes_range_are_refused_at_the_last_lane() -> None:
    # An inner lane's overflow would spill into its neighbour: the callers keep their
    # sums within ``limit``; the last lane has no neighbour and cannot be read.
    assert READ.limit == 2.0 ** (63 - FRACTION)
    with pytest.raises(OverflowError):
        READ(pack([0.0] * (SIZE - 1) + [READ.limit], FRACTION))
