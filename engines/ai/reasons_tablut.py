"""The coach's reasons at tablut: the king's way to the edge opened, pieces left to be taken."""

from __future__ import annotations

from engines.ai.coach import Judgement
from engines.ai.reasons import Reason, move_points, register_reason
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
def pieces_left_to_be_taken(state: State, judgement: Judgement) -> Reason | None:
    """The opponent's answer takes pieces of the mover."""
    if judgement.reply is None or not isinstance(state, TablutState):
        return None
    after = state.apply(judgement.move)
    answered = after.apply(judgement.reply)
    assert isinstance(after, TablutState) and isinstance(answered, TablutState)
    side = state.mover
    lost = after.counts()[side] - answered.counts()[side]
    if lost <= 0:
        return None
    who, reply = after.current_player, str(judgement.reply)
    many_fr = "un pion" if lost == 1 else f"{lost} pions"
    many_en = "a piece" if lost == 1 else f"{lost} pieces"
    return Reason(
        f"Ce coup laisse {many_fr} à prendre : {who} répond {reply}.",
        f"This move leaves {many_en} to be taken: {who} answers {reply}.",
        move_points(judgement.reply), (judgement.reply,),
    )
