"""Jacquet's checker steps: no hits, any enemy checker closes a point, the postillon,
no six points in a row on one's own start side.

Each side numbers its route 24 (the start point) down to 1; the opponent
calls the mover's point ``p`` ``p + 12`` or ``p - 12`` (both travel the same
way round the board, starting on opposite sides).  The mover's start side
is its points 13-24.
"""

from __future__ import annotations

from engines.tables.rules import Side, Step, TablesRules, bear_off_steps, can_bear_off

MIRROR: tuple[int, ...] = (0, *(p + 12 if p <= 12 else p - 12 for p in range(1, 25)), 25)
START_POINT = 24
ROW = 6
"""Points in a row that nobody may hold on their own start side."""
WINDOWS = tuple(sum(1 << p for p in range(low, low + ROW)) for low in range(13, 20))
"""The runs of six points inside the start side (points 13-24), as bit masks."""
WINDOWS_AT = tuple(tuple(w for w in WINDOWS if w >> p & 1) for p in range(26))


def postillon_origins(own: Side) -> tuple[int, ...] | None:
    """The only point a checker may leave while the postillon travels, or ``None``.

    Until the first checker to leave the start point (the postillon) reaches
    home, it is the only one that moves.
    """
    waiting = own[START_POINT]
    if waiting < 14:
        return None
    if waiting == 15:
        return (START_POINT,)
    for point in range(23, 6, -1):
        if own[point]:
            return (point,)
    return None  # the postillon is home


def held_mask(own: Side) -> int:
    """The points the side holds, as bits 1-24."""
    mask = 0
    for point in range(1, 25):
        if own[point]:
            mask |= 1 << point
    return mask


def makes_long_row(held: int, count: int, origin: int, target: int) -> bool:
    """Whether moving one of ``count`` checkers from ``origin`` to ``target`` (a point
    of the start side not yet held; ``held`` the points held, as bits) would hold six
    points in a row there."""
    after = held | 1 << target
    if count == 1:
        after &= ~(1 << origin)
    return any(after & w == w for w in WINDOWS_AT[target])


ORIGINS = tuple(tuple(range(24, die, -1)) for die in range(7))
"""For each die, the points a checker can move that far from without bearing off."""


class JacquetRules(TablesRules):
    """A checker may stop only on an empty point or one of its own side's."""

    mirror = MIRROR

    def die_moves(self, own: Side, other: Side, die: int) -> list[Step]:
        moves = []
        held = -1
        for p in postillon_origins(own) or ORIGINS[die]:
            if not own[p]:
                continue
            t = p - die
            if t < 1 or other[MIRROR[t]]:
                continue
            if t >= 13 and not own[t]:
                if held < 0:
                    held = held_mask(own)
                if makes_long_row(held, own[p], p, t):
                    continue
            moves.append((p, t))
        bear_off_steps(own, die, moves)
        return moves

    def has_move(self, own: Side, other: Side, die: int) -> bool:
        held = -1
        for p in postillon_origins(own) or ORIGINS[die]:
            if not own[p]:
                continue
            t = p - die
            if t < 1 or other[MIRROR[t]]:
                continue
            if t >= 13 and not own[t]:
                if held < 0:
                    held = held_mask(own)
                if makes_long_row(held, own[p], p, t):
                    continue
            return True
        return can_bear_off(own, die)


RULES = JacquetRules()
