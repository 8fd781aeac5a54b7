"""The coach's reasons at assaut: soldiers left to be taken, officers huffed."""

from __future__ import annotations

from engines.ai.reasons import pieces_left_to_be_taken, register_reason
from engines.assaut.state import AssautState
from engines.core import State


def _pieces(state: State, player: str) -> int:
    """``player``'s pieces on the board and still to place."""
    assert isinstance(state, AssautState)
    return state.counts()[state.game.players.index(player)]


register_reason("assaut")(pieces_left_to_be_taken(_pieces))
