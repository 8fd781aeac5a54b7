"""Vectors of numbers packed into one Python integer, so that adding two of them is a
single integer addition.

The hidden layer of a small network is a sum of rows of weights, one per input that
is on.  In pure Python, adding rows of 64 floats element by element costs a step of
the interpreter per element; packed as fixed-point numbers into the 64-bit lanes of
one integer, two rows are added by one addition of 4 096-bit integers, done in C,
and a row is scaled by an integer by one multiplication.

Lane ``i`` holds ``round(value * 2**fraction)`` as a signed number: a negative lane
borrows from the next one, and the borrows cancel when the sum is read back
(:class:`LaneReader`).  The sum is exact as long as every lane of it stays within
``±2**63``, that is every value within ``±2**(63 - fraction)``.
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

    __slots__ = ("_bytes", "_offset", "_struct", "limit", "shift", "unit")

    def __init__(self, size: int, fraction: int) -> None:
        half = 1 << (LANE_BITS - 1)
        self._offset = sum(half << (LANE_BITS * lane) for lane in range(size))
        self._struct = struct.Struct(f"<{size}Q")
        self._bytes = size * LANE_BITS // 8
        self.unit = 2.0 ** -fraction
        self.shift = float(half) * self.unit
        self.limit = self.shift
        """The values a lane can hold lie strictly within ``±limit``."""

    def __call__(self, total: int) -> list[float]:
        """The values packed in ``total``.  Each lane is offset by half its range, so
        that every lane reads as an unsigned number without borrows; the offset is
        taken off in floating point (an error below ``2**(10 - fraction)``)."""
        unit, shift = self.unit, self.shift
        lanes = self._struct.unpack((total + self._offset).to_bytes(self._bytes, "little"))
        return [lane * unit - shift for lane in lanes]
