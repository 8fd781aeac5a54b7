"""Vectors of numbers packed into one Python integer, so that adding two of them is a
single integer addition.

The hidden layer of a small network is a sum of rows of weights, one per input that
is on.  In pure Python, adding rows of 64 floats element by element costs a step of
the interpreter per element; packed as fixed-point numbers into the 64-bit lanes of
one integer, two rows are added by one addition of 4 096-bit integers, done in C,
and a row is scaled by an integer by one multiplication.

Lane ``i`` holds ``round(value * 2**fraction)`` as a signed number.  A negative lane
borrows one from the lane above it; reading the lanes back as signed 64-bit numbers
(:class:`LaneReader`) gives each value to within one unit, the borrow.  The sum is
right as long as every lane of it stays within ``±2**63``, that is every value within
``±2**(63 - fraction)``.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

LANE_BITS = 64


def pack(values: Sequence[float], fraction: int) -> int:
    """``values`` as one integer, each rounded to a multiple of ``2**-fraction``."""
    scale = 1 << fraction
    return sum(round(value * scale) << (LANE_BITS * lane) for lane, value in enumerate(values))


class LaneReader:
    """Reads the ``size`` values of an integer made by adding :func:`pack` results
    (and integer multiples of them) packed with the same ``fraction``."""

    __slots__ = ("_bytes", "_struct", "limit", "unit")

    def __init__(self, size: int, fraction: int) -> None:
        self._struct = struct.Struct(f"<{size}q")
        self._bytes = size * LANE_BITS // 8
        self.unit = 2.0 ** -fraction
        """The value of one unit of a lane."""
        self.limit = 2.0 ** (LANE_BITS - 1 - fraction)
        """The values a lane can hold lie within ``±limit``."""

    def lanes(self, total: int) -> tuple[int, ...]:
        """The lanes of ``total``, in units: each a unit low where the lane below it is
        negative (its borrow, left in: a unit is far below the values' precision)."""
        return self._struct.unpack(total.to_bytes(self._bytes, "little", signed=True))

    def __call__(self, total: int) -> list[float]:
        """The values packed in ``total``."""
        unit = self.unit
        return [lane * unit for lane in self.lanes(total)]
