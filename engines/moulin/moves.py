"""Move lists of moulin from bitboards, by table look-ups on the board's bits.

Every list keeps one fixed order (the tests and seeded games rely on it):
placements and removals by point; steps up the rings, down the rings,
inwards, then outwards, each by target point; flights by origin then target.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import product
from operator import itemgetter
from typing import TypeAlias, TypeVar

from engines.bits import bit_indices, chunk_table
from engines.core import PathMove, Place, Remove
from engines.moulin.board import (
    DOWN_KEEP,
    DOWN_WRAP,
    FULL,
    INWARD,
    OUTWARD,
    PLACES,
    REMOVES,
    STEPS,
    UP_KEEP,
    UP_WRAP,
    rot_down,
    rot_up,
)

T = TypeVar("T")
Table: TypeAlias = tuple[tuple[T, ...], ...]
"""For each value of some bits of a board, the items of its set bits."""


def _by_byte(by_bit: Mapping[int, T]) -> tuple[Table[T], Table[T], Table[T]]:
    """For each byte of a board and each value of it, the items of its set bits."""
    return chunk_table(by_bit, 0, 8), chunk_table(by_bit, 8, 8), chunk_table(by_bit, 16, 8)


def _by_half(by_bit: Mapping[int, T]) -> tuple[Table[T], Table[T]]:
    """For the low and the high 12 bits of a board, the items of their set bits.

    Bigger tables (4096 entries) than by byte but one look-up fewer: for
    the steps, listed after every step.
    """
    return chunk_table(by_bit, 0, 12), chunk_table(by_bit, 12, 12)


def _steps_to(origin_of: Callable[[int], int], targets: int) -> dict[int, PathMove]:
    """The step reaching each target point, given how to find its origin."""
    found = {}
    for q in bit_indices(targets):
        p = origin_of(1 << q).bit_length() - 1
        found[q] = STEPS[24 * p + q]
    return found


PLACE_BY_BYTE = _by_byte(dict(enumerate(PLACES)))
REMOVE_BY_BYTE = _by_byte(dict(enumerate(REMOVES)))
"""Placements and removals by the bytes of the points they name."""
POINTS_BY_BYTE = _by_byte({i: i for i in range(24)})
"""The points themselves by byte."""
UP_LO, UP_HI = _by_half(_steps_to(rot_down, FULL))
DOWN_LO, DOWN_HI = _by_half(_steps_to(rot_up, FULL))
"""Steps round the rings by the low and the high halves of their targets."""
_INWARD_STEPS = _steps_to(lambda bit: bit >> 8, INWARD << 8)
_OUTWARD_STEPS = _steps_to(lambda bit: bit << 8, OUTWARD >> 8)


def _spoke_table() -> dict[int, tuple[PathMove, ...]]:
    """Steps along the spokes by ``(inward >> 8) | (outward >> 1)``.

    Inward targets are odd bits 9-23 and outward ones odd bits 1-15, so the
    two shifted boards interleave in 16 bits.  Only the indices a position
    can produce are listed (2401 of them): on each spoke, a step one way
    excludes some steps the other way.
    """
    per_spoke = []
    for k in (1, 3, 5, 7):
        indices = set()
        for states in product((0, 1, 2), repeat=3):  # own, empty or other, ring by ring
            own = sum(1 << (8 * r + k) for r in range(3) if states[r] == 0)
            empty = sum(1 << (8 * r + k) for r in range(3) if states[r] == 1)
            inward = (own & INWARD) << 8 & empty
            outward = (own & OUTWARD) >> 8 & empty
            indices.add(inward >> 8 | outward >> 1)
        per_spoke.append(indices)
    table: dict[int, tuple[PathMove, ...]] = {}
    for parts in product(*per_spoke):
        index = sum(parts)  # the spokes' bits are disjoint
        inward = sum(1 << (8 + i) for i in range(1, 16, 2) if index >> i & 1)
        outward = sum(1 << (1 + i) for i in range(0, 16, 2) if index >> i & 1)
        table[index] = (
            *(_INWARD_STEPS[q] for q in bit_indices(inward)),
            *(_OUTWARD_STEPS[q] for q in bit_indices(outward)),
        )
    return table


SPOKES = _spoke_table()
FLIGHTS_FROM = tuple(STEPS[24 * p : 24 * p + 24] for p in range(24))
"""``FLIGHTS_FROM[p][q]`` is the move ``p-q``."""


def place_moves(empty: int) -> tuple[Place, ...]:
    """A placement on every empty point."""
    t0, t1, t2 = PLACE_BY_BYTE
    return t0[empty & 255] + t1[empty >> 8 & 255] + t2[empty >> 16]


def remove_moves(bits: int) -> tuple[Remove, ...]:
    """A removal of every piece of ``bits``."""
    t0, t1, t2 = REMOVE_BY_BYTE
    return t0[bits & 255] + t1[bits >> 8 & 255] + t2[bits >> 16]


def points(bits: int) -> tuple[int, ...]:
    """The points of a board, lowest first."""
    t0, t1, t2 = POINTS_BY_BYTE
    return t0[bits & 255] + t1[bits >> 8 & 255] + t2[bits >> 16]


def step_moves(own: int, empty: int) -> tuple[PathMove, ...]:
    """Every one-point step of ``own``'s pieces to an empty point."""
    up = ((own << 1) & UP_KEEP | (own >> 7) & UP_WRAP) & empty
    down = ((own >> 1) & DOWN_KEEP | (own << 7) & DOWN_WRAP) & empty
    spoke = (own & INWARD & empty >> 8) | ((own & OUTWARD) >> 9 & empty >> 1)
    return (
        UP_LO[up & 0xFFF] + UP_HI[up >> 12] + DOWN_LO[down & 0xFFF] + DOWN_HI[down >> 12]
        + SPOKES[spoke]
    )


def fly_moves(own: int, empty: int) -> list[PathMove]:
    """Every flight of one of ``own``'s pieces to an empty point."""
    origins = points(own)
    targets = points(empty)
    if len(targets) == 1:
        q = targets[0]
        return [FLIGHTS_FROM[p][q] for p in origins]
    pick = itemgetter(*targets)
    moves: list[PathMove] = []
    for p in origins:
        moves += pick(FLIGHTS_FROM[p])
    return moves

