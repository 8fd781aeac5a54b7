"""The coach's reasons at shut the box: each choice's exact chances, or its expected score alone."""

from __future__ import annotations

from engines.ai.coach import Judgement, Scale
from engines.ai.reasons import Reason, percent, register_reason
from engines.core import Move, State
from engines.shutthebox import Close, ShutTheBoxState


def _closing(move: Move, lang: str) -> str:
    """``fermer 4 + 5`` / ``shut 4 + 5``."""
    boxes = " + ".join(str(b) for b in move.boxes) if isinstance(move, Close) else str(move)
    return f"{'shut' if lang == 'en' else 'fermer'} {boxes}"


@register_reason("shut-the-box")
def box_chances(state: State, judgement: Judgement) -> Reason | None:
    """Each choice's exact chances of winning, or its expected score when alone."""
    if not isinstance(state, ShutTheBoxState):
        return None
    chosen, best = judgement.move, judgement.best
    if judgement.scale is Scale.POINTS:
        def shown(move: Move, lang: str) -> str:
            points = -judgement.value_of(move)
            number = f"{points:.1f}"
            return number if lang == "en" else number.replace(".", ",")

        return Reason(
            f"{_closing(best, 'fr')} : {shown(best, 'fr')} points en moyenne à la fin ; "
            f"{_closing(chosen, 'fr')} : {shown(chosen, 'fr')}.",
            f"{_closing(best, 'en')}: {shown(best, 'en')} points on average at the end; "
            f"{_closing(chosen, 'en')}: {shown(chosen, 'en')}.",
            tuple(str(b) for b in _boxes(best)),
        )
    return Reason(
        f"{_closing(best, 'fr')} : {percent(judgement.value_of(best))} de chances de gagner ; "
        f"{_closing(chosen, 'fr')} : {percent(judgement.value_of(chosen))}.",
        f"{_closing(best, 'en')}: {percent(judgement.value_of(best))} chance of winning; "
        f"{_closing(chosen, 'en')}: {percent(judgement.value_of(chosen))}.",
        tuple(str(b) for b in _boxes(best)),
    )


def _boxes(move: Move) -> tuple[int, ...]:
    return move.boxes if isinstance(move, Close) else ()
