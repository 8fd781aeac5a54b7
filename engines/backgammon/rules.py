"""Backgammon's checker steps: bar first, hits, points closed by two enemy checkers."""

from __future__ import annotations

from itertools import compress

from engines.tables.rules import Side, Step, TablesRules, bear_off_steps, can_bear_off

OPEN = (2).__gt__
"""Whether a point holding that many enemy checkers is open (fewer than two)."""
STEPS_BY_DIE: tuple[tuple[Step, ...], ...] = tuple(
    tuple((p, p - die) for p in range(24, die, -1)) for die in range(7)
)
"""``STEPS_BY_DIE[die]``: the steps inside the board a die makes, from the 24-point down."""
ENTRIES: tuple[Step, ...] = tuple((25, 25 - die) for die in range(7))
"""``ENTRIES[die]``: the entry from the bar a die makes."""


class BackgammonRules(TablesRules):
    """A checker may stop on a point with at most one enemy checker (and hits it).

    A checker on the bar must enter first, on the opponent's home board: with
    die ``d`` on the mover's point ``25 - d``.  Bear-off once every checker
    is home.  The opponent calls the mover's point ``p`` ``25 - p``.

    The steps of a die are listed without a Python loop: the mover's counts
    from its 24-point down select the candidate steps, and the opponent's
    counts on their targets (its points ``die + 1`` up to 24, in the same
    order) keep the open ones.
    """

    hits = True
    independent = True

    def die_moves(self, own: Side, other: Side, die: int) -> list[Step]:
        if own[25]:
            return [ENTRIES[die]] if other[die] < 2 else []
        origins = own[24:die:-1]
        moves = list(compress(compress(STEPS_BY_DIE[die], origins),
                              map(OPEN, compress(other[die + 1:25], origins))))
        bear_off_steps(own, die, moves)
        return moves

    def has_move(self, own: Side, other: Side, die: int) -> bool:
        if own[25]:
            return other[die] < 2
        if any(map(OPEN, compress(other[die + 1:25], own[24:die:-1]))):
            return True
        return can_bear_off(own, die)

    def step(self, own: Side, other: Side, origin: int, target: int) -> tuple[Side, Side]:
        moved = list(own)
        moved[origin] -= 1
        moved[target] += 1
        if target and other[25 - target] == 1:
            hit = list(other)
            hit[25 - target] = 0
            hit[25] += 1
            return tuple(moved), tuple(hit)
        return tuple(moved), other


RULES = BackgammonRules()
