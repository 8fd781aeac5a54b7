"""Assaut's fast random playout: the rules on plain integers, one loop to the end.

Each decision is uniform among the legal ones of
:meth:`engines.assaut.state.AssautState.legal_moves`, and the game ends by the
same checks in the same order.  Steps (the usual decisions) are drawn by
counting the targets of each direction or officer, without listing the
moves; the set-up, the huffs and the captures use the rules' own lists.  The
tests replay the decisions it takes through the plain rules to check it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engines.assaut.board import (
    BOARD,
    FORTRESS,
    GRID,
    NEIGHBOURS,
    PLACES,
    REMOVES,
    SHIFTS,
    SOLDIER_FROM,
    SOLDIERS_TO_WIN,
    STEPS,
    AssautMove,
)
from engines.assaut.rules import (
    FREE,
    can_capture,
    captured_bits,
    offenders,
    officer_options,
)
from engines.bits import bit_indices
from engines.core import Place, Remove

if TYPE_CHECKING:
    from engines.assaut.state import AssautState, Key

_SOLDIER_DIRECTIONS = tuple(zip(SHIFTS, SOLDIER_FROM, strict=True))

Fields = tuple[int, int, int, int, int, int, tuple["Key", ...]]
"""An :class:`~engines.assaut.state.AssautState`'s fields after its game: soldiers,
officers, mover, officers to place, huffable, ply, the positions before."""


def _nth(bits: int, n: int) -> int:
    """Grid index of the ``n``-th set bit (from 0, lowest first)."""
    for _ in range(n):
        bits &= bits - 1
    return (bits & -bits).bit_length() - 1


def playout(state: AssautState, rng: random.Random, trace: list[AssautMove] | None) -> Fields:
    """Uniformly random decisions from a game in progress to its end, as the fields of
    the final position (the state builds it); the decisions are appended to ``trace``
    when given."""
    game = state.game
    mode, cap = game.capture, game.max_moves
    soldiers, officers, mover = state.soldiers, state.officers, state.mover
    hand, huffable, ply = state.hand, state.huffable, state.ply
    history: list[Key] = list(state.history)
    seen: dict[Key, int] = {}
    for key in history:
        seen[key] = seen.get(key, 0) + 1
    randrange = rng.randrange
    while True:
        # -- the end, checked in the order of AssautState._judge ---------------------
        if soldiers & FORTRESS == FORTRESS or soldiers.bit_count() < SOLDIERS_TO_WIN:
            break
        if not officers and not hand:
            break
        empty = BOARD & ~(soldiers | officers)
        move: AssautMove | None = None
        origin = target = -1
        best: dict[int, int] | None = None
        if hand:
            places = [PLACES[g] for g in bit_indices(FORTRESS & empty)]
            if not places or seen[history[-1]] >= 3 or ply >= cap:
                break
            move = places[randrange(len(places))]
        elif mover == 0:
            huffs = huffable.bit_count()
            total = huffs
            directions = []
            for shift, allowed in _SOLDIER_DIRECTIONS:
                from_bits = soldiers & allowed
                targets = (from_bits << shift if shift > 0 else from_bits >> -shift) & empty
                if targets:
                    count = targets.bit_count()
                    directions.append((shift, targets, count))
                    total += count
            if not total or seen[history[-1]] >= 3 or ply >= cap:
                break
            pick = randrange(total)
            if pick < huffs:
                move = REMOVES[_nth(huffable, pick)]
            else:
                pick -= huffs
                for shift, targets, count in directions:
                    if pick < count:
                        target = _nth(targets, pick)
                        origin = target - shift
                        break
                    pick -= count
        elif can_capture(officers, soldiers):
            # The rules' list: capture chains (and, in souffler, the steps too).
            options, most = officer_options(soldiers, officers, mode)
            if seen[history[-1]] >= 3 or ply >= cap:
                break
            move = options[randrange(len(options))]
            if mode == FREE:
                best = most
        else:  # steps only: count each officer's targets
            choices = []
            total = 0
            rest = officers
            while rest:
                low = rest & -rest
                at = low.bit_length() - 1
                targets = NEIGHBOURS[at] & empty
                if targets:
                    count = targets.bit_count()
                    choices.append((at, targets, count))
                    total += count
                rest ^= low
            if not total or seen[history[-1]] >= 3 or ply >= cap:
                break
            pick = randrange(total)
            for at, targets, count in choices:
                if pick < count:
                    origin, target = at, _nth(targets, pick)
                    break
                pick -= count
        # -- play it -------------------------------------------------------------------
        if move is None:
            move = STEPS[origin, target]
        if trace is not None:
            trace.append(move)
        irreversible = True
        if type(move) is Place:
            hand -= 1
            officers |= 1 << GRID[move.at]
            mover = 1 if hand else 0
        elif type(move) is Remove:
            officers &= ~(1 << GRID[move.at])
            huffable = 0
        else:
            path = move.path
            origin, target = GRID[path[0]], GRID[path[-1]]
            ply += 1
            if mover == 0:
                soldiers ^= (1 << origin) | (1 << target)
                irreversible = not FORTRESS >> origin & 1
                huffable = 0
            else:
                taken = captured_bits(tuple(GRID[p] for p in path))
                soldiers &= ~taken
                officers = officers & ~(1 << origin) | 1 << target
                # Huffs only in souffler, and only when some officer could capture.
                huffable = offenders(origin, target, taken, officers, best) if best else 0
                irreversible = bool(taken)
            mover ^= 1
        if irreversible:
            history, seen = [], {}
        key = (soldiers, officers, mover, hand, huffable)
        history.append(key)
        seen[key] = seen.get(key, 0) + 1
    return soldiers, officers, mover, hand, huffable, ply, tuple(history[:-1])
