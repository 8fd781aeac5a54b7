"""Backgammon's checker steps: bar first, hits, points closed by two enemy checkers."""

from __future__ import annotations

from engines.tables.rules import Side, Step, TablesRules, bear_off_steps, can_bear_off


class BackgammonRules(TablesRules):
    """A checker may stop on a point with at most one enemy checker (and hits it).

    A checker on the bar must enter first, on the opponent's home board: with
    die ``d`` on the mover's point ``25 - d``.  Bear-off once every checker
    is home.  The opponent calls the mover's point ``p`` ``25 - p``.
    """

    hits = True
    independent = True

    def die_moves(self, own: Side, other: Side, die: int) -> list[Step]:
        if own[25]:
            return [(25, 25 - die)] if other[die] < 2 else []
        shift = 25 + die
        moves = [(p, p - die) for p in range(24, die, -1) if own[p] and other[shift - p] < 2]
        bear_off_steps(own, die, moves)
        return moves

    def has_move(self, own: Side, other: Side, die: int) -> bool:
        if own[25]:
            return other[die] < 2
        shift = 25 + die
        for p in range(24, die, -1):
            if own[p] and other[shift - p] < 2:
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
