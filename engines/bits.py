"""Bit tricks shared by the games whose boards are integers (one bit per point)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

T = TypeVar("T")


def bit_indices(bits: int) -> list[int]:
    """Indices of the set bits, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def chunk_table(by_bit: Mapping[int, T], shift: int, width: int) -> tuple[tuple[T, ...], ...]:
    """For each value of the ``width`` bits of a board from bit ``shift`` on, the items
    of ``by_bit`` at its set bits, lowest first (bits without an item add nothing).

    ``table[board >> shift & mask]`` then lists a board's items without a loop.
    """
    table: list[tuple[T, ...]] = [()]
    for i in range(width):  # the values below 2**(i+1) from those below 2**i
        extra = (by_bit[shift + i],) if shift + i in by_bit else ()
        table += [items + extra for items in table]
    return tuple(table)
