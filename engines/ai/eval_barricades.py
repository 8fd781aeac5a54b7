"""Evaluator for barricades: a race to the goal, slowed by barricades and by pawns
that can be sent home.

Each side (a player, or a team of two) is judged by its pawns' distances to
the goal, measured along the board with every barricade on the way costing
:data:`BARRICADE_STEPS` extra steps (it must be reached by an exact count,
and then put somewhere else).  Each of a player's :data:`WATCHED` pawns
nearest to the goal that an enemy pawn can reach exactly with one die adds
the steps it would lose, times the odds of that die and :data:`HIT_WEIGHT`.
A side's score weighs its leading pawn most, the second one less, the rest
a little (team-mates' pawns count together, so a partner's progress is the
team's).  The value for a player is how far the best opposing side is behind
its own, relative to both: ``(other - own) / (other + own + SOFTENING)``; it
never saturates, so that a side far ahead still sees every step it gains.
"""

from __future__ import annotations

from functools import cache
from types import MappingProxyType

from engines.ai.evaluation import register_evaluator
from engines.ai.profiles import AiProfile, register_profile
from engines.barricades import GOAL, NEIGHBOURS, PATHS, PAWNS, BarricadesState
from engines.bits import bit_indices
from engines.caches import forgettable
from engines.core import State

BARRICADE_STEPS = 4
"""Extra steps a barricade on the way costs."""
HIT_WEIGHT = 0.5
"""Share of the expected loss of an exposed pawn counted (the hit is not sure to come)."""
WATCHED = 3
"""A player's pawns nearest to the goal whose exposure is weighed (the others count little)."""
WEIGHTS = (1.0, 0.3, 0.1) + (0.05,) * 7
"""Weight of a side's pawns (ten in a team), nearest to the goal first."""
SOFTENING = 10.0
"""Added to the two sides' steps in the ratio, so that the last steps do not weigh
without limit."""
CACHE_SIZE = 20_000
"""Barricade layouts whose distances are kept, and boards whose scores are kept."""

HIT_ODDS = tuple(1.0 - ((6 - faces) / 6) ** 2 for faces in range(7))
"""Odds that a throw of two dice shows at least one of so many faces."""


def _reach() -> tuple[dict[int, tuple[int, tuple[int, ...]]], ...]:
    """``REACH[origin][end]``: the bit of the die face that takes a pawn there (paths of
    different lengths never join two points on this board), with the sets of points
    its paths pass over."""
    table: list[dict[int, tuple[int, tuple[int, ...]]]] = []
    for origin in range(len(PATHS)):
        ends: dict[int, tuple[int, tuple[int, ...]]] = {}
        for face in range(1, len(PATHS[origin])):
            for end, masks in PATHS[origin][face]:
                if end in ends:
                    raise ValueError("two dice reach the same point: REACH needs a list")
                ends[end] = (1 << face, masks)
        table.append(ends)
    return tuple(table)


REACH = _reach()
ATTACKERS = tuple(
    sum(1 << origin for origin in range(len(REACH)) if point in REACH[origin])
    for point in range(len(REACH))
)
"""``ATTACKERS[point]``: the origins (points and houses) from which a die reaches it."""

_distances: dict[int, tuple[int, ...]] = forgettable({})
_scores: dict[tuple[tuple[int, ...], int, bool, int], dict[int, float]] = forgettable({})


def barricade_distances(barricades: int) -> tuple[int, ...]:
    """Steps from every point to the goal, a barricade costing :data:`BARRICADE_STEPS` more
    (a house: the steps from its exit plus one)."""
    known = _distances.get(barricades)
    if known is not None:
        return known
    far = [1 << 20] * len(NEIGHBOURS)
    far[GOAL] = 0
    buckets: list[list[int]] = [[GOAL]]
    level = 0
    while level < len(buckets):
        for point in buckets[level]:
            if far[point] != level:
                continue
            reach = level + (1 + BARRICADE_STEPS if barricades >> point & 1 else 1)
            for nxt in NEIGHBOURS[point]:
                if reach < far[nxt]:
                    far[nxt] = reach
                    if nxt < GOAL:
                        while len(buckets) <= reach:
                            buckets.append([])
                        buckets[reach].append(nxt)
        level += 1
    result = tuple(far)
    if len(_distances) >= CACHE_SIZE:
        _distances.clear()
    _distances[barricades] = result
    return result


@cache
def _plan(seats: int, teams: bool) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """For each seat: its side (the first seat of its team) and its enemies' seats."""
    plan = []
    for seat in range(seats):
        partner = (seat + 2) % 4 if teams else seat
        enemies = tuple(s for s in range(seats) if s not in (seat, partner))
        plan.append((min(seat, partner), enemies))
    return tuple(plan)


def next_thrower(state: BarricadesState) -> int:
    """The seat whose throw comes next (the mover, unless it is putting a barricade)."""
    return (state.mover + 1) % len(state.pawns) if state.pending else state.mover


def side_scores(state: BarricadesState) -> dict[int, float]:
    """Score (weighted steps to go, lower is better) of each side, by its first seat.

    Scores are kept by pawns, barricades and the next seat to throw: the dice do
    not change them, and a search meets the same board under each of the 21
    throws (and, with three or four players, asks every player's value of it).
    """
    key = (state.pawns, state.barricades, state.game.teams, next_thrower(state))
    scores = _scores.get(key)
    if scores is None:
        if len(_scores) >= CACHE_SIZE:
            _scores.clear()
        scores = _scores[key] = _side_scores(state)
    return scores


def _side_scores(state: BarricadesState) -> dict[int, float]:
    barricades = state.barricades
    thrower = next_thrower(state)
    far = barricade_distances(barricades)
    game = state.game
    pawns = state.pawns
    houses = game.houses
    origins = [
        mask | (1 << houses[seat] if mask.bit_count() < PAWNS else 0)
        for seat, mask in enumerate(pawns)
    ]
    sides: dict[int, list[float]] = {}
    seats = len(pawns)
    for seat, (side, enemies) in enumerate(_plan(seats, game.teams)):
        threats = 0
        for enemy in enemies:
            if (enemy - thrower) % seats < (seat - thrower) % seats:
                threats |= origins[enemy]
        from_house = far[houses[seat]]
        steps = sides.setdefault(side, [])
        mask = pawns[seat]
        if mask:
            mine = sorted(far[point] * 128 + point for point in bit_indices(mask))
            for rank, code in enumerate(mine):
                point = code & 127
                distance = code >> 7
                near = threats & ATTACKERS[point]
                if near and rank < WATCHED and distance:
                    odds = HIT_ODDS[_hit_faces(near, point, barricades)]
                    steps.append(distance + HIT_WEIGHT * odds * max(0, from_house - distance))
                else:
                    steps.append(distance)
        steps.extend([from_house] * (PAWNS - mask.bit_count()))
    scores = {}
    for side, steps in sides.items():
        steps.sort()
        scores[side] = sum(w * s for w, s in zip(WEIGHTS, steps, strict=False))
    return scores


def _hit_faces(origins: int, point: int, barricades: int) -> int:
    """How many dice faces bring a pawn from ``origins`` onto ``point``."""
    faces = 0
    for origin in bit_indices(origins):
        face, masks = REACH[origin][point]
        if not faces & face:
            for inside in masks:
                if not inside & barricades:
                    faces |= face
                    break
    return faces.bit_count()


@register_evaluator("barricades")
def evaluate(state: State, player: str) -> float:
    """How far ahead of the best opposing side ``player``'s side is, in ``[-1, 1]``."""
    assert isinstance(state, BarricadesState)
    game = state.game
    seat = game.players.index(player)
    own_side = _plan(len(game.players), game.teams)[seat][0]
    scores = side_scores(state)
    own = scores[own_side]
    best_other = min(v for side, v in scores.items() if side != own_side)
    return (best_other - own) / (best_other + own + SOFTENING)


BARRICADES_NOISE = 0.01
"""The joueur's noise at barricades, in its evaluator's units: about one step of the
leading pawn early in the game."""

register_profile("barricades", AiProfile(
    expert_whole_turn_alone=True,
    turn_noise=MappingProxyType({"joueur": BARRICADES_NOISE}),
    depth_in_turns=True,
    coach_threshold=MappingProxyType({"share": 0.04}),
))
"""Putting a picked-up barricade costs no depth; with three or four players each for
themselves the expert plays its best whole turn (docs/ai/barricades.md)."""
