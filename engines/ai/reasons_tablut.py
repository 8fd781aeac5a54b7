"""The coach's reasons at tablut: the king's way to the edge opened (the Muscovites) or
shut (the Swedes), pieces left to be taken."""

from __future__ import annotations

from engines.ai.coach import Judgement
from engines.ai.reasons import (
    Reason,
    move_points,
    pieces_left_to_be_taken,
    register_reason,
)
from engines.core import State
from engines.tablut.board import NAMES as TABLUT_SQUARES
from engines.tablut.state import TablutState


@register_reason("tablut")
def king_let_out(state: State, judgement: Judgement) -> Reason | None:
    """The Muscovites' move opens the king a free way to the edge."""
    after = state.apply(judgement.move)
    if not (isinstance(state, TablutState) and isinstance(after, TablutState)):
        return None
    if state.mover != 1 or after.king < 0 or after.free_paths() <= state.free_paths():
        return None
    king = TABLUT_SQUARES[after.king]
    return Reason(
        f"Ce coup ouvre au roi, en {king}, un chemin libre jusqu'au bord : il peut s'enfuir.",
        f"This move opens the king on {king} a free way to the edge: it can escape.",
        (king, *move_points(judgement.reply or judgement.move)),
        () if judgement.reply is None else (judgement.reply,),
    )


@register_reason("tablut")
def king_way_shut(state: State, judgement: Judgement) -> Reason | None:
    """The Swedes' move shuts a free way the king had to the edge and that the best move
    keeps."""
    after, best = state.apply(judgement.move), state.apply(judgement.best)
    if not (isinstance(state, TablutState) and isinstance(after, TablutState)
            and isinstance(best, TablutState)) or state.mover != 0 or state.king < 0:
        return None
    if after.is_terminal() or after.king < 0:
        return None
    own, before, kept = after.free_paths(), state.free_paths(), best.free_paths()
    if own >= before or own >= kept:
        return None
    king = TABLUT_SQUARES[after.king]
    return Reason(
        f"Ce coup ferme au roi, en {king}, un chemin libre vers le bord.",
        f"This move shuts the king on {king} off from a free way to the edge.",
        (king, *move_points(judgement.move)),
    )


def _pieces(state: State, player: str) -> int:
    """``player``'s pieces on the board (the king counted with the Swedes)."""
    assert isinstance(state, TablutState)
    return state.counts()[state.game.players.index(player)]


register_reason("tablut")(pieces_left_to_be_taken(_pieces))
