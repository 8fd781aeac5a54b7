"""Rithmomachie's random playout: uniformly random decisions to the end of the game.

The rules of this game live in the rules objects (captures found again only near
each change, see :mod:`engines.rithmomachie.rules`), which the protocol path already
uses; the playout walks them directly, without the protocol's checks, and can
record the decisions it makes so that the tests replay them through
:meth:`~engines.core.State.apply`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engines.rithmomachie.moves import RithmoMove
    from engines.rithmomachie.state import RithmoState


def playout(
    state: RithmoState, rng: random.Random, trace: list[RithmoMove] | None
) -> RithmoState:
    """Play uniformly random decisions from ``state`` to the end; append them to
    ``trace`` when given."""
    rules = state.game.rules
    pick = rng.random
    while state._outcome is None:
        moves = state._moves
        if moves is None:
            moves = rules.legal(state)
        move = moves[int(pick() * len(moves))]
        if trace is not None:
            trace.append(move)
        state = rules.play(state, move)
    return state
