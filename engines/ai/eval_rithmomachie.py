"""Evaluator for rithmomachie (both rule sets).

From the side of ``player``, in victory units (1 = the agreed victory reached):

- progress toward the agreed victory: for a common victory the prisoners of each
  side counted as the victory counts them (pieces, values, digits); for a proper
  victory (or triumph) the enemy pyramid's share already taken, a little material,
  and the best formation begun (own pieces on a line or square where they may
  win, the progressions among them of the kinds the victory names, a posed piece
  when one is required), in full
  once the pyramid is gone;
- pending captures: in the capture phase the mover's captures are as good as
  made (:attr:`Weights.pending`); at the start of a turn what the side to move
  could take after any move (:attr:`Weights.threat`, the pieces it threatens);
  what the other side could take on its next turn (:attr:`Weights.later`);
- material by value: the values each side has taken, as a share of the enemy army
  at the start (:data:`MATERIAL_VALUE`), whatever the agreed victory counts;
- pyramid safety: the share of each side's pyramid still standing, less a little
  for every enemy piece close enough to strike at it (:data:`PYRAMID_SAFETY`,
  :data:`EXPOSURE`);
- for a proper victory, the formation begun (Boissière: in the enemy camp) counts a
  share even before the enemy pyramid falls (:data:`EARLY_FORMATION`);
- advancement toward the enemy's back line (contact comes sooner), the pyramid
  apart.

Threats come from the rules' findings, found again only near each change (see
:mod:`engines.rithmomachie.rules`), so a position costs a few dozen microseconds.
The compilation's captures are rarer and need an exact alignment: its bots weigh
their own threats and advancement more.  The sum is squashed
into ``[-0.95, 0.95]``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from types import MappingProxyType

from engines.ai.evaluation import register_evaluator
from engines.ai.profiles import AiProfile, register_profile
from engines.core import State
from engines.rithmomachie import RithmoState
from engines.rithmomachie.arith import kind_count, kinds_among
from engines.rithmomachie.fields import CAPTURES, MOVE
from engines.rithmomachie.pieces import PYRAMID, Piece


@dataclass(frozen=True)
class Weights:
    """How much each term counts, in victory units."""

    pending: float
    threat: float
    later: float
    advance: float
    scale: float = 2.5


WEIGHTS = {
    "boissiere": Weights(pending=0.9, threat=0.5, later=0.2, advance=0.04),
    "medievale": Weights(pending=0.9, threat=0.5, later=0.4, advance=0.3),
}
PYRAMID_SHARE = 0.6
"""Share of a proper victory's progress given by the enemy pyramid taken."""
BANDS = 8
"""Bands across the board the advancement counts (two lines each)."""
MATERIAL = 0.05
"""Share given, for a proper victory, by the pieces taken (up to eight)."""
MATERIAL_VALUE = 0.15
"""Weight of the material by value (the values taken, as a share of the enemy army)."""
ARMY = (1312, 1752)
"""The value of each side's army at the start, pyramid included."""
PYRAMID_SAFETY = 0.1
"""Weight of the share of a side's pyramid still standing."""
EXPOSURE = 0.03
"""Cost of each enemy piece close enough to the pyramid to strike at it."""
EARLY_FORMATION = 0.3
"""Share of the formation's progress counted while the enemy pyramid still stands."""

_advance: dict[object, tuple[tuple[tuple[int, float], ...], ...]] = {}


def _advance_table(state: RithmoState) -> tuple[tuple[tuple[int, float], ...], ...]:
    """For each side, eight bands across the board (two Boissière columns, two ranks of
    the compilation) as bits, with how far each lies toward the enemy's back line."""
    board = state.game.board
    table = _advance.get(board)
    if table is None:
        count = BANDS
        bands = [sum(1 << sq for sq in range(board.size)
                     if (board.number(sq) - 1) * count // board.length == band)
                 for band in range(count)]
        last = count - 1
        table = (tuple((bits, band / last) for band, bits in enumerate(bands) if band),
                 tuple((bits, (last - band) / last) for band, bits in enumerate(bands)
                       if band < last))
        _advance[board] = table
    return table


def _advancement(state: RithmoState, side: int) -> float:
    """How far ``side``'s pieces, its pyramid apart (it is safer at home), stand toward
    the enemy's back line, summed."""
    own = state.bits[side]
    table = _advance_table(state)[side]
    total = 0.0
    for bits, weight in table:
        total += (own & bits).bit_count() * weight
    square = _pyramid_square(state, side)
    if square >= 0:
        for bits, weight in table:
            if bits >> square & 1:
                total -= weight
    return total


# --------------------------------------------------------------------------- progress


def _pyramid_square(state: RithmoState, side: int) -> int:
    """The square of ``side``'s pyramid, -1 once it is gone."""
    return state.game.rules.pyramid_square(state, side)


def _pyramid(state: RithmoState, side: int) -> Piece | None:
    """``side``'s pyramid on the board, if any is left."""
    square = _pyramid_square(state, side)
    return state.board[square] if square >= 0 else None


def _full(side: int) -> int:
    return 91 if side == 0 else 190


def _formation(state: RithmoState, side: int) -> float:
    """The best formation ``side`` has begun where it may win, 0 to 1."""
    victory = state.game.victory
    cells = state.board
    groups = victory.groups[side]
    seen: set[int] = set()
    best = 0.0
    posed = victory.posed and state.game.variant == "boissiere"
    needed = victory.level
    wanted = victory.needs  # the kinds the agreed victory names (0: any)
    bits = state.bits[side]
    while bits:
        low = bits & -bits
        bits ^= low
        for index in victory.groups_at[side][low.bit_length() - 1]:
            if index in seen:
                continue
            seen.add(index)
            group, four = groups[index]
            pieces = [p for sq in group if (p := cells[sq]) is not None and p.side == side]
            formed = kinds_among([p.value for p in pieces]) if len(pieces) >= 3 else 0
            kinds = kind_count(formed & wanted if wanted else formed)
            score = (len(pieces) / len(group) + min(kinds, needed) / needed) / 2
            if posed and not any(p.posed for p in pieces):
                score *= 0.7
            if needed >= 2 and not four:
                score *= 0.5
            best = max(best, score)
    return best


def progress(state: RithmoState, side: int) -> float:
    """How far ``side`` stands toward the agreed victory, 0 to 1."""
    victory = state.game.victory
    taken = state.prisoners[side]
    if not victory.proper:
        return victory.progress(taken)
    enemy = _pyramid(state, 1 - side)
    share = 1.0 - (enemy.value / _full(1 - side) if enemy is not None else 0.0)
    score = PYRAMID_SHARE * share + MATERIAL * min(len(taken), 8) / 8
    formation = (1.0 - PYRAMID_SHARE - MATERIAL) * _formation(state, side)
    return score + (formation if enemy is None else EARLY_FORMATION * formation)


def material(state: RithmoState, side: int) -> float:
    """The value ``side`` has taken, as a share of the enemy army at the start."""
    return sum(v for v, _, _ in state.prisoners[side]) / ARMY[1 - side]


def pyramid_safety(state: RithmoState, side: int) -> float:
    """The share of ``side``'s pyramid still standing, less :data:`EXPOSURE` for each
    enemy piece one regular step from it (or that it could be reached from)."""
    square = _pyramid_square(state, side)
    if square < 0:
        return 0.0
    stack = state.board[square]
    assert stack is not None
    near = state.game.board.near[square] & state.bits[1 - side]
    return stack.value / _full(side) - EXPOSURE * near.bit_count()


def _gains(state: RithmoState, side: int, takes: list[tuple[int, tuple[int, ...]]]) -> float:
    """Progress ``side`` would make by taking each of ``takes`` (victim square, layers)."""
    victory = state.game.victory
    cells = state.board
    total = 0.0
    if victory.proper:
        for square, layers in takes:
            victim = cells[square]
            if victim is None:
                continue
            if victim.shape == PYRAMID:
                value = sum(layers) if layers else victim.value
                total += PYRAMID_SHARE * value / _full(victim.side)
            else:
                total += MATERIAL / 8
        return total
    mine = state.prisoners[side]
    base = victory.progress(mine)
    spoils = state.game.rules.spoils
    for square, layers in takes:
        victim = cells[square]
        if victim is not None:
            total += victory.progress(mine + tuple(spoils(victim, layers))) - base
    return total


@register_evaluator("rithmomachie")
def evaluate(state: State, player: str) -> float:
    assert isinstance(state, RithmoState)
    key = ("eval", player)
    known = state._cache.get(key)
    if known is None:
        known = state._cache[key] = _evaluate(state, player)
    value: float = known
    return value


def _evaluate(state: RithmoState, player: str) -> float:
    game = state.game
    weights = WEIGHTS[game.variant]
    me = game.players.index(player)
    score = progress(state, me) - progress(state, 1 - me)
    score += weights.advance * (_advancement(state, me) - _advancement(state, 1 - me))
    score += MATERIAL_VALUE * (material(state, me) - material(state, 1 - me))
    score += PYRAMID_SAFETY * (pyramid_safety(state, me) - pyramid_safety(state, 1 - me))
    side = state.side
    sign = 1.0 if side == me else -1.0
    rules = game.rules
    if state.phase in (CAPTURES, MOVE):
        weight = weights.pending if state.phase == CAPTURES else weights.threat
        score += sign * weight * _gains(state, side, rules.threats(state, side))
    score -= sign * weights.later * _gains(state, 1 - side, rules.threats(state, 1 - side))
    return 0.95 * math.tanh(weights.scale * score)


register_profile("rithmomachie", AiProfile(coach_threshold=MappingProxyType({"share": 0.06})))
"""Every level plays its search; the coach speaks past 0.06 of a game (docs/ai/coach.md)."""
