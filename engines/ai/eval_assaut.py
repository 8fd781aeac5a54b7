"""Evaluator for assaut: the soldiers' pressure on the fortress against the officers' bite.

Computed on the grid bitboards of :mod:`engines.assaut`, from the soldiers'
side, then negated for the officers:

- material: soldiers left above the 9 the fortress needs, less the most
  the officers can take in one move (all of it when they are to move, half
  of it as a threat when the soldiers are);
- officers missing (``souffler``): each huffed officer, and an officer the
  soldiers may huff right now (they will: it counts as gone), weighs about
  as much as all the spare soldiers together: with one officer left the
  soldiers won every game we watched, so no handful of soldiers, nor a
  fortress point kept by declining a capture, pays for an officer;
- fortress: soldiers inside, and fortress points an officer stands on;
- soldiers next to the fortress, ready to enter;
- the officers' freedom: their legal moves (none at all loses);
- exposure: soldiers on a line next to an officer with an empty point
  beyond (jumps on offer);
- the soldiers' mobility, up to a few steps: running out of steps loses,
  and every step outside the fortress is spent for good, so the soldiers'
  distance to the fortress is *not* rewarded (measured: rushing forward
  leaves the soldiers without waiting moves when the officers are nearly
  trapped).

The sum, less a constant that brings the start near 0, is squashed into
``[-0.95, 0.95]`` with ``tanh``.
"""

from __future__ import annotations

import math
from types import MappingProxyType

from engines.ai.evaluation import register_evaluator
from engines.ai.profiles import AiProfile, register_profile
from engines.assaut import (
    BOARD,
    DISTANCE,
    FORTRESS,
    GRID,
    JUMPS,
    MAXIMUM,
    SOLDATS,
    SOLDIERS_TO_WIN,
    AssautState,
    officer_options,
)
from engines.assaut.rules import soldier_step_count
from engines.core import State

NEAR = sum(1 << g for g in GRID if DISTANCE[g] == 1)
"""Points next to the fortress."""

WEIGHTS = {
    "material": 0.22,  # per soldier above the 9 needed
    "officers": 3.0,  # per officer missing (huffed, or huffable now)
    "inside": 0.16,  # per soldier in the fortress
    "held": 0.10,  # per fortress point an officer stands on
    "near": 0.04,  # per soldier next to the fortress
    "freedom": 0.04,  # per officer move
    "exposed": 0.12,  # per soldier that can be jumped
    "mobility": 0.08,  # per soldier step available, up to MOBILITY_CAP
}
MOBILITY_CAP = 5
"""Soldier steps beyond this add nothing: only running out of steps matters."""
HUFFABLE = 1.0
"""An officer the soldiers may huff now counts as this much of an officer gone."""
OFFSET = -3.0
"""Brings the start position near 0."""
SCALE = 0.95


def features(state: AssautState) -> dict[str, float]:
    """Each term of the evaluation from the soldiers' side (positive: good for them)."""
    soldiers, officers = state.soldiers, state.officers
    empty = BOARD & ~(soldiers | officers)
    moves, best = officer_options(soldiers, officers, MAXIMUM)
    bite = max(best.values(), default=0)
    lost = bite if state.mover == 1 and not state.hand else bite / 2
    missing = 2.0 - officers.bit_count() - state.hand
    if state.mover == 0 and state.huffable:
        missing += HUFFABLE
    exposed = 0
    rest = officers
    while rest:
        low = rest & -rest
        for over, land, _ in JUMPS[low.bit_length() - 1]:
            if soldiers & over and empty & land:
                exposed += 1
        rest ^= low
    return {
        "material": soldiers.bit_count() - lost - SOLDIERS_TO_WIN,
        "officers": missing,
        "inside": (soldiers & FORTRESS).bit_count(),
        "held": -(officers & FORTRESS).bit_count(),
        "near": (soldiers & NEAR).bit_count(),
        "freedom": -(len(moves) if not state.hand else 8),
        "exposed": -exposed,
        "mobility": min(soldier_step_count(soldiers, empty), MOBILITY_CAP),
    }


def soldiers_view(state: AssautState) -> float:
    """Heuristic value in ``[-0.95, 0.95]`` of a game in progress, for the soldiers."""
    terms = features(state)
    score = OFFSET + sum(WEIGHTS[name] * value for name, value in terms.items())
    return SCALE * math.tanh(score)


@register_evaluator("assaut")
def evaluate(state: State, player: str) -> float:
    """How good ``state`` looks for ``player``, in [-1, 1]."""
    assert isinstance(state, AssautState)
    outcome = state.outcome()
    if outcome is not None:
        return 2.0 * outcome.value(player) - 1.0
    value = soldiers_view(state)
    return value if player == SOLDATS else -value


register_profile("assaut", AiProfile(coach_threshold=MappingProxyType({"share": 0.06})))
"""Every level plays its search; the coach speaks past 0.06 of a game (docs/ai/coach.md)."""
