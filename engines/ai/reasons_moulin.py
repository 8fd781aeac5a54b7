"""The coach's reasons at moulin: a mill let through, a mill missed."""

from __future__ import annotations

from engines.ai.coach import Judgement
from engines.ai.reasons import Reason, move_points, register_reason
from engines.core import Move, State
from engines.moulin.state import MoulinState


def closing_moves(state: State) -> list[Move]:
    """The decisions of the player to move in ``state`` that close a mill."""
    if not isinstance(state, MoulinState) or state.is_terminal() or state.pending:
        return []
    return [move for move in state.legal_moves()
            if (after := state.apply_unchecked(move)).current_player == state.current_player
            and isinstance(after, MoulinState) and after.pending]


@register_reason("moulin")
def mill_let_through(state: State, judgement: Judgement) -> Reason | None:
    """After the decision the opponent can close a mill, and after the best one not as
    often."""
    after = state.apply(judgement.move)
    if after.current_player == state.current_player:
        return None
    threats = closing_moves(after)
    if not threats or len(threats) <= len(closing_moves(state.apply(judgement.best))):
        return None
    threat = threats[0]
    target = move_points(threat)[-1]
    how = "" if str(threat) == target else f" ({threat})"
    return Reason(
        f"Ce coup laisse passer un moulin : l'adversaire peut le fermer en {target}{how} et "
        "prendre un pion.",
        f"This move lets a mill through: your opponent can close it on {target}{how} and take "
        "a piece.",
        move_points(threat), (threat,),
    )


@register_reason("moulin")
def mill_missed(state: State, judgement: Judgement) -> Reason | None:
    """The best decision closed a mill and this one does not."""
    best = state.apply(judgement.best)
    own = state.apply(judgement.move)
    if not (isinstance(best, MoulinState) and best.pending) or (
        isinstance(own, MoulinState) and own.pending
    ):
        return None
    target = move_points(judgement.best)[-1]
    return Reason(
        f"Vous pouviez fermer un moulin en {target} et prendre un pion.",
        f"You could close a mill on {target} and take a piece.",
        (target,),
    )
