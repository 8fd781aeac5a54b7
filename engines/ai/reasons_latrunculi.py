"""The coach's reasons at latrunculi: pieces left to be taken."""

from __future__ import annotations

from engines.ai.reasons import pieces_left_to_be_taken, register_reason
from engines.core import State
from engines.latrunculi.state import LatrunculiState


def _pieces(state: State, player: str) -> int:
    """``player``'s pieces standing (a captured piece lies on the board, not counted)."""
    assert isinstance(state, LatrunculiState)
    seat = state.game.players.index(player)
    return (state.boards[seat] & ~state.inciti).bit_count()


register_reason("latrunculi")(pieces_left_to_be_taken(_pieces))
