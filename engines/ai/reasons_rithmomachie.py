"""The coach's reasons at rithmomachie: a capture missed, which one and by which rule."""

from __future__ import annotations

from engines.ai.coach import Judgement
from engines.ai.reasons import Reason, register_reason
from engines.core import Move, State
from engines.rithmomachie.moves import KIND_TITLES, Strike, Take

KIND_ENGLISH = {
    "rencontre": "meeting",
    "embuche": "ambush",
    "assaut": "assault",
    "puissance": "power",
    "progression": "progression",
    "emprisonnement": "imprisonment",
    "assault": "assault",
    "ambush": "ambush",
    "sally": "sally",
    "siege": "siege",
}
"""English names of the capture rules (Boissière's six, the compilation's four)."""


@register_reason("rithmomachie")
def capture_missed(state: State, judgement: Judgement) -> Reason | None:
    """The best decision takes a piece (at once, or by the move that opens a capture) and
    this one takes none."""
    capture = _capture_of(state, judgement.best)
    if capture is None or _capture_of(state, judgement.move) is not None:
        return None
    square = capture.name if isinstance(capture, Take) else capture.names[1]
    captors = ", ".join(capture.captors)
    by_fr = f" avec {captors}" if captors else ""
    by_en = f" with {captors}" if captors else ""
    detail = f" ({capture.detail})" if capture.detail else ""
    return Reason(
        f"Vous pouviez prendre la pièce en {square}{by_fr}, par "
        f"{KIND_TITLES.get(capture.kind, capture.kind)}{detail}.",
        f"You could take the piece on {square}{by_en}, by "
        f"{KIND_ENGLISH.get(capture.kind, capture.kind)}{detail}.",
        (square, *capture.captors),
    )


def _capture_of(state: State, move: Move) -> Take | Strike | None:
    """The capture ``move`` makes, or the first one it lets the same player make next."""
    if isinstance(move, (Take, Strike)):
        return move
    after = state.apply(move)
    if after.is_terminal() or after.current_player != state.current_player:
        return None
    return next((m for m in after.legal_moves() if isinstance(m, (Take, Strike))), None)
