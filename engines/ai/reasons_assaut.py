"""The coach's reasons at assaut: an officer let into a trap, soldiers left to be taken,
officers huffed."""

from __future__ import annotations

from typing import cast

from engines.ai.coach import Judgement
from engines.ai.reasons import Reason, move_points, pieces_left_to_be_taken, register_reason
from engines.assaut.board import BOARD, GRID, NAMES, AssautMove
from engines.assaut.rules import can_capture, officers_can_step
from engines.assaut.state import AssautState
from engines.core import State


def _pieces(state: State, player: str) -> int:
    """``player``'s pieces on the board (officers: and still to place)."""
    assert isinstance(state, AssautState)
    return state.counts()[state.game.players.index(player)]


_NAME_OF_BIT = {bit: name for name, bit in zip(NAMES, GRID, strict=True)}
"""The square's name of each grid bit."""


def _free_officers(state: AssautState) -> set[str]:
    """The squares of the officers that could step or take in ``state``, whatever the
    other must do."""
    empty = BOARD & ~(state.soldiers | state.officers)
    return {name for bit, name in _NAME_OF_BIT.items() if state.officers >> bit & 1
            and (officers_can_step(1 << bit, empty) or can_capture(1 << bit, state.soldiers))}


@register_reason("assaut")
def officer_trapped(state: State, judgement: Judgement) -> Reason | None:
    """After the officers' move and the soldiers' best answer, an officer on the board can
    no longer move."""
    if judgement.reply is None or not isinstance(state, AssautState) or state.mover != 1:
        return None
    if state.hand:
        return None
    after = state.apply_unchecked(cast(AssautMove, judgement.move))  # one of its moves
    answered = after.apply_unchecked(cast(AssautMove, judgement.reply))
    if answered.is_terminal() or answered.mover != 1:
        return None
    free = _free_officers(answered)
    standing = [name for name in _officer_squares(answered) if name not in free]
    if not standing or len(free) >= len(_free_officers(state)):
        return None
    square, reply = standing[0], str(judgement.reply)
    return Reason(
        f"Ce coup laisse l'officier en {square} se faire enfermer : l'adversaire répond "
        f"{reply} et il ne peut plus bouger.",
        f"This move lets the officer on {square} be shut in: your opponent answers {reply} "
        "and it cannot move any more.",
        (square, *move_points(judgement.reply)), (judgement.reply,),
    )


def _officer_squares(state: AssautState) -> list[str]:
    """The squares the officers stand on."""
    return [name for bit, name in _NAME_OF_BIT.items() if state.officers >> bit & 1]


register_reason("assaut")(pieces_left_to_be_taken(_pieces))
