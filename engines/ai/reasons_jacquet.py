"""The coach's reasons at jacquet: a block given up (points held one after another, which
hold the opponent back; six cannot be passed at all)."""

from __future__ import annotations

from engines.ai.coach import Judgement
from engines.ai.reasons import Reason, register_reason, turn_end_after
from engines.core import State
from engines.tables import Side, TablesState

BLOCK_WORTH = 4
"""A run of points held one after another counts as a block from this length."""


def longest_block(side: Side) -> int:
    """The longest run of consecutive points of its route that ``side`` holds."""
    best = run = 0
    for point in range(1, 25):
        run = run + 1 if side[point] else 0
        best = max(best, run)
    return best


def _mover_side(end: State) -> Side | None:
    """The side that just ended its turn in ``end`` (the other is to throw)."""
    return end.sides()[1] if isinstance(end, TablesState) else None


@register_reason("jacquet")
def block_given_up(state: State, judgement: Judgement) -> Reason | None:
    """The best play holds a longer block of points than this one."""
    own_end = turn_end_after(state, judgement.move)
    best_end = turn_end_after(state, judgement.best)
    if own_end is None or best_end is None:
        return None
    own, best = _mover_side(own_end), _mover_side(best_end)
    if own is None or best is None:
        return None
    own_block, best_block = longest_block(own), longest_block(best)
    if best_block < BLOCK_WORTH or best_block < own_block + 2:
        return None
    return Reason(
        f"Le meilleur jeu tenait {best_block} flèches de suite, un bloc qui retient "
        f"l'adversaire ; celui-ci n'en tient que {own_block}.",
        f"The best play held {best_block} points in a row, a block that holds your "
        f"opponent back; this one holds only {own_block}.",
    )
