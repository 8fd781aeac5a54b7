"""The coach's reasons at reversi: a corner given."""

from __future__ import annotations

from engines.ai.coach import Judgement
from engines.ai.reasons import Reason, register_reason
from engines.core import State

CORNERS = frozenset({"a1", "a8", "h1", "h8"})


@register_reason("reversi")
def corner_given(state: State, judgement: Judgement) -> Reason | None:
    """After the decision the opponent can take a corner (that no disc can ever turn
    again), and after the best decision not."""
    after = state.apply(judgement.move)
    given = _corners_open(after) - _corners_open(state.apply(judgement.best))
    if not given or after.current_player == state.current_player:
        return None
    corner = str(judgement.reply) if str(judgement.reply) in given else sorted(given)[0]
    return Reason(
        f"Ce coup donne le coin {corner} à l'adversaire : un pion dans un coin ne se "
        "retourne jamais.",
        f"This move gives your opponent the corner {corner}: a disc in a corner can never be "
        "turned.",
        (corner,), tuple(m for m in after.legal_moves() if str(m) == corner),
    )


def _corners_open(state: State) -> set[str]:
    """The corners the player to move in ``state`` may take."""
    if state.is_terminal():
        return set()
    return {str(move) for move in state.legal_moves()} & CORNERS
