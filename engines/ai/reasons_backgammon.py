"""The coach's reasons at backgammon: a blot left within reach of so many of the 36 throws."""

from __future__ import annotations

from engines.ai.coach import Judgement
from engines.ai.reasons import Reason, move_points, register_reason, turn_end_after
from engines.core import State
from engines.tables import BAR, ROLLS, TablesState, complete_plays, dice_to_play


def shots(state: State) -> int:
    """Out of 36 throws, how many let the player to throw next hit a checker of the other
    (``state`` at the end of a turn, before the opponent's dice)."""
    if not isinstance(state, TablesState):
        return 0
    theirs, mine = state.sides()
    count = 0.0
    for dice, probability in ROLLS:
        if any(other[BAR] > mine[BAR]
               for _, other in complete_plays(state.rules, theirs, mine,
                                              dice_to_play(*dice.values))):
            count += probability * 36
    return round(count)


@register_reason("backgammon")
def blot_exposed(state: State, judgement: Judgement) -> Reason | None:
    """The turn this decision leads to leaves more blots within reach than the best."""
    own_end = turn_end_after(state, judgement.move)
    best_end = turn_end_after(state, judgement.best)
    if own_end is None or best_end is None:
        return None
    own_shots, best_shots = shots(own_end), shots(best_end)
    if own_shots <= best_shots or own_shots < 4:
        return None
    return Reason(
        f"Ce jeu laisse un pion seul à portée : {own_shots} lancers sur 36 le touchent "
        f"(le meilleur jeu : {best_shots}).",
        f"This play leaves a blot within reach: {own_shots} throws out of 36 hit it "
        f"(the best play: {best_shots}).",
        move_points(judgement.move),
    )
