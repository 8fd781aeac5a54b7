"""The moulin board as bits: points, rings, mills, neighbours, the decision objects.

One side's pieces are a 24-bit integer, bit ``8 * ring + k`` (see the
package docstring): a step along a ring is a rotation inside a byte, a step
between rings a shift by 8 bits.  Every decision object is built here once,
so that generating moves allocates only the tuples that hold them.
"""

from __future__ import annotations

from typing import TypeAlias

from engines.core import Pass, PathMove, Place, Remove

PIECES = 9
FULL = (1 << 24) - 1
RINGS = (
    ("a1", "d1", "g1", "g4", "g7", "d7", "a7", "a4"),
    ("b2", "d2", "f2", "f4", "f6", "d6", "b6", "b4"),
    ("c3", "d3", "e3", "e4", "e5", "d5", "c5", "c4"),
)
NAMES: tuple[str, ...] = tuple(name for ring in RINGS for name in ring)
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}


def layout(point: int) -> tuple[int, int]:
    """Column (0 = a) and row from the bottom (0 = row 1) of a point."""
    name = NAMES[point]
    return ord(name[0]) - ord("a"), int(name[1]) - 1


# Masks for the step boards: bits that stay in their byte when rotated, and
# the midpoints that have a neighbour on the next ring inwards / outwards.
UP_KEEP, UP_WRAP = 0xFEFEFE, 0x010101
DOWN_KEEP, DOWN_WRAP = 0x7F7F7F, 0x808080
INWARD, OUTWARD = 0x00AAAA, 0xAAAA00
CORNERS = 0x555555


def rot_up(bits: int) -> int:
    """Each piece one point further round its ring (k + 1)."""
    return ((bits << 1) & UP_KEEP) | ((bits >> 7) & UP_WRAP)


def rot_down(bits: int) -> int:
    """Each piece one point back round its ring (k - 1)."""
    return ((bits >> 1) & DOWN_KEEP) | ((bits << 7) & DOWN_WRAP)


def _mills() -> tuple[tuple[int, int, int], ...]:
    sides = [
        (8 * r + k, 8 * r + k + 1, 8 * r + (k + 2) % 8) for r in range(3) for k in (0, 2, 4, 6)
    ]
    spokes = [(k, 8 + k, 16 + k) for k in (1, 3, 5, 7)]
    return tuple(sides + spokes)


MILL_LINES = _mills()
"""The 16 mills as point triples, in order along their line."""
MILLS = tuple((1 << a) | (1 << b) | (1 << c) for a, b, c in MILL_LINES)


def _mills_through(point: int) -> tuple[int, int]:
    first, second = (m for m in MILLS if m >> point & 1)
    return first, second


MILLS_AT = tuple(_mills_through(p) for p in range(24))
"""For each point, the masks of the two mills through it."""
NEIGHBOURS: tuple[int, ...] = tuple(
    rot_up(1 << p) | rot_down(1 << p) | ((1 << p & INWARD) << 8) | ((1 << p & OUTWARD) >> 8)
    for p in range(24)
)
"""For each point, the mask of the points one step away."""
EDGES: tuple[tuple[int, int], ...] = tuple(
    (p, q) for p in range(24) for q in range(p + 1, 24) if NEIGHBOURS[p] >> q & 1
)

MoulinMove: TypeAlias = Place | PathMove | Remove | Pass
"""A placement ``d2``, a step or flight ``d2-d3``, a removal ``xd6``, or ``pass`` (a
blocked player, when blocking does not lose)."""

# Interned decisions, built once.
PLACES = tuple(Place(i, NAMES[i]) for i in range(24))
REMOVES = tuple(Remove(i, NAMES[i]) for i in range(24))
STEPS = tuple(PathMove((p, q), (NAMES[p], NAMES[q])) for p in range(24) for q in range(24))
"""``STEPS[24 * p + q]`` is ``p-q`` (the ``p == q`` entries are never legal)."""

_POP8 = tuple(v.bit_count() for v in range(256))
_SEL8 = tuple(tuple(i for i in range(8) if v >> i & 1) for v in range(256))


def nth_bit(bits: int, n: int) -> int:
    """Index of the ``n``-th set bit (from 0, lowest first) of a 24-bit board."""
    low = bits & 255
    count = _POP8[low]
    if n < count:
        return _SEL8[low][n]
    n -= count
    mid = bits >> 8 & 255
    count = _POP8[mid]
    if n < count:
        return 8 + _SEL8[mid][n]
    return 16 + _SEL8[bits >> 16][n - count]


def step_boards(own: int, empty: int) -> tuple[int, int, int, int]:
    """Targets of one-point steps, by direction: up the ring, down, inwards, outwards."""
    return (
        rot_up(own) & empty,
        rot_down(own) & empty,
        (own & INWARD) << 8 & empty,
        (own & OUTWARD) >> 8 & empty,
    )


def mill_bits(bits: int) -> int:
    """The pieces of ``bits`` that stand in at least one mill."""
    side = bits & rot_down(bits) & rot_down(rot_down(bits)) & CORNERS
    spoke = bits & bits >> 8 & bits >> 16 & 0xAA
    return side | rot_up(side) | rot_up(rot_up(side)) | spoke | spoke << 8 | spoke << 16


def removable_bits(other: int, protect: bool) -> int:
    """Enemy pieces a mill may take: any, or with ``protect`` those outside mills if any."""
    if protect:
        free = other & ~mill_bits(other)
        if free:
            return free
    return other


def position_key(own: int, other: int, mover: int, pending: bool, hand_me: int,
                 hand_you: int) -> int:
    """The position as one integer (from the mover's side), for repetitions."""
    return own | other << 24 | mover << 48 | pending << 49 | hand_me << 50 | hand_you << 54
