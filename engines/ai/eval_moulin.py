"""Evaluator for moulin: material (pieces in hand included), mills, threats, mobility.

Every term compares the player with the opponent, so the value of a position
for one side is minus its value for the other.
"""

from __future__ import annotations

import math
from types import MappingProxyType

from engines.ai.evaluation import register_evaluator
from engines.ai.profiles import AiProfile, register_profile
from engines.core import State
from engines.moulin import FULL, MILLS, NEIGHBOURS, PIECES, MoulinState, step_boards

WEIGHTS = {
    "material": 1.2,  # per piece difference, as a share of the 9 pieces
    "mills": 0.15,  # closed mills (ready to open and close again)
    "threats": 0.12,  # two pieces of a mill with the third point empty
    "mobility": 0.04,  # steps available in the moving phase
    "stuck": 0.05,  # pieces with no empty neighbour
}
FLYING_MOBILITY = 12
"""Mobility credited to a side whose pieces fly (it can always move)."""


def mill_counts(own: int, other: int) -> tuple[int, int]:
    """Closed mills of ``own`` and its open twos (two pieces, third point empty)."""
    empty = FULL ^ (own | other)
    closed = threats = 0
    for mill in MILLS:
        mine = (own & mill).bit_count()
        if mine == 3:
            closed += 1
        elif mine == 2 and empty & mill:
            threats += 1
    return closed, threats


def mobility(state: MoulinState, seat: int) -> int:
    """Moves a side would have in the moving phase (flying counts as many)."""
    own, other = state.board[seat], state.board[1 - seat]
    if own.bit_count() <= state.game.fly_at:
        return FLYING_MOBILITY
    return sum(b.bit_count() for b in step_boards(own, FULL ^ (own | other)))


def stuck(own: int, other: int) -> int:
    """Pieces of ``own`` with no empty neighbour."""
    empty = FULL ^ (own | other)
    return sum(1 for p in range(24) if own >> p & 1 and not NEIGHBOURS[p] & empty)


def features(state: MoulinState, seat: int) -> dict[str, float]:
    """Each term of the evaluation for ``seat``, as ``seat``'s minus the opponent's."""
    you = 1 - seat
    own, other = state.board[seat], state.board[you]
    material = state.pieces(seat) - state.pieces(you)
    if state.pending:  # a removal is about to happen
        material += 1 if state.mover == seat else -1
    my_mills, my_threats = mill_counts(own, other)
    your_mills, your_threats = mill_counts(other, own)
    moving = not state.hand[0] and not state.hand[1]
    return {
        "material": material / PIECES,
        "mills": my_mills - your_mills,
        "threats": my_threats - your_threats,
        "mobility": mobility(state, seat) - mobility(state, you) if moving else 0,
        "stuck": stuck(other, own) - stuck(own, other),
    }


@register_evaluator("moulin")
def evaluate(state: State, player: str) -> float:
    """How good ``state`` looks for ``player``, in ``[-1, 1]``."""
    if not isinstance(state, MoulinState):
        return 0.0
    outcome = state.outcome()
    if outcome is not None:
        return 2 * outcome.value(player) - 1
    seat = state.game.player_names.index(player)
    terms = features(state, seat)
    return math.tanh(sum(WEIGHTS[name] * value for name, value in terms.items()))


register_profile("moulin", AiProfile(endgame="engines.ai.endgame_deeper",
                                      coach_threshold=MappingProxyType({"share": 0.09})))
"""Few pieces left, the endgame player looks for forced wins first, deeper than the usual
search (docs/ai/moulin.md). The coach speaks past 0.09 of a game lost (docs/ai/coach.md)."""
