"""Moulin's fast random playout: the rules on plain integers, one loop to the end.

Each decision is uniform among the legal ones and follows exactly the rules
of :class:`engines.moulin.state.MoulinState`; the tests replay the decisions
it takes through the plain rules to check it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engines.core import PASS
from engines.moulin.board import (
    FULL,
    MILLS_AT,
    PLACES,
    REMOVES,
    STEPS,
    MoulinMove,
    nth_bit,
    removable_bits,
)

if TYPE_CHECKING:
    from engines.moulin.state import MoulinState

Fields = tuple[tuple[int, int], tuple[int, int], int, bool, int, tuple[int, ...]]
"""``(board, hand, mover, pending, quiet, history)``: a state's constructor arguments."""


def playout(
    state: MoulinState, rng: random.Random, trace: list[MoulinMove] | None = None
) -> Fields:
    """Play uniformly random decisions from a state not yet finished to the end.

    Returns the final position as the fields :class:`MoulinState` is built
    from; ``trace``, when given, receives the decisions taken.
    """
    game = state.game
    fly_at, protect = game.fly_at, game.protect_mills
    blocked_loses, cap = game.blocked_loses, game.draw_moves
    rnd = rng.random
    mills_at = MILLS_AT
    mover = state.mover
    own, other = state.board[mover], state.board[1 - mover]
    hand_me, hand_you = state.hand[mover], state.hand[1 - mover]
    pending, quiet = state.pending, state.quiet
    history = list(state.history)
    seen: dict[int, int] = {}
    for key in history:
        seen[key] = seen.get(key, 0) + 1
    while True:
        if pending:  # remove an enemy piece, then the other side plays
            bits = removable_bits(other, protect)
            q = nth_bit(bits, int(rnd() * bits.bit_count()))
            other ^= 1 << q
            if trace is not None:
                trace.append(REMOVES[q])
            pending, quiet = False, 0
            own, other, hand_me, hand_you, mover = other, own, hand_you, hand_me, mover ^ 1
            key = own | other << 24 | mover << 48 | hand_me << 50 | hand_you << 54
            history, seen = [key], {key: 1}
            if own.bit_count() + hand_me <= 2:
                break
            continue
        empty = FULL ^ (own | other)
        if hand_me:  # place a piece
            q = nth_bit(empty, int(rnd() * empty.bit_count()))
            own |= 1 << q
            hand_me -= 1
            if trace is not None:
                trace.append(PLACES[q])
            a, b = mills_at[q]
            if other and (own & a == a or own & b == b):
                pending = True
                key = (own | other << 24 | mover << 48 | 1 << 49 | hand_me << 50
                       | hand_you << 54)
            else:
                own, other, hand_me, hand_you, mover = other, own, hand_you, hand_me, mover ^ 1
                key = own | other << 24 | mover << 48 | hand_me << 50 | hand_you << 54
            history, seen = [key], {key: 1}
            continue
        count = own.bit_count()
        if count <= fly_at:  # fly: any piece to any empty point
            free = empty.bit_count()
            pick = int(rnd() * (count * free))
            p = nth_bit(own, pick // free)
            q = nth_bit(empty, pick % free)
        else:  # step along a line
            up = ((own << 1) & 0xFEFEFE | (own >> 7) & 0x010101) & empty
            down = ((own >> 1) & 0x7F7F7F | (own << 7) & 0x808080) & empty
            inward = (own & 0x00AAAA) << 8 & empty
            outward = (own & 0xAAAA00) >> 8 & empty
            c_up, c_down = up.bit_count(), down.bit_count()
            c_in, c_out = inward.bit_count(), outward.bit_count()
            total = c_up + c_down + c_in + c_out
            if not total:  # blocked: lose, or pass
                if blocked_loses:
                    break
                if trace is not None:
                    trace.append(PASS)
                quiet += 1
                own, other, hand_me, hand_you, mover = other, own, hand_you, hand_me, mover ^ 1
                key = own | other << 24 | mover << 48 | hand_me << 50 | hand_you << 54
                history.append(key)
                seen[key] = repeats = seen.get(key, 0) + 1
                if repeats >= 3 or quiet >= cap:
                    break
                continue
            pick = int(rnd() * total)
            if pick < c_up:
                q = nth_bit(up, pick)
                p = q - 1 if q & 7 else q + 7
            else:
                pick -= c_up
                if pick < c_down:
                    q = nth_bit(down, pick)
                    p = q + 1 if q & 7 != 7 else q - 7
                else:
                    pick -= c_down
                    if pick < c_in:
                        q = nth_bit(inward, pick)
                        p = q - 8
                    else:
                        q = nth_bit(outward, pick - c_in)
                        p = q + 8
        own ^= 1 << p | 1 << q
        quiet += 1
        if trace is not None:
            trace.append(STEPS[24 * p + q])
        a, b = mills_at[q]
        if other and (own & a == a or own & b == b):
            pending = True
            key = own | other << 24 | mover << 48 | 1 << 49 | hand_me << 50 | hand_you << 54
            history.append(key)
            continue
        own, other, hand_me, hand_you, mover = other, own, hand_you, hand_me, mover ^ 1
        key = own | other << 24 | mover << 48 | hand_me << 50 | hand_you << 54
        history.append(key)
        seen[key] = repeats = seen.get(key, 0) + 1
        if repeats >= 3 or quiet >= cap:
            break
    board = (other, own) if mover else (own, other)
    hand = (hand_you, hand_me) if mover else (hand_me, hand_you)
    return board, hand, mover, pending, quiet, tuple(history[:-1])
