"""Barricades' fast random playout: the rules on plain integers, one loop to the end.

Each decision is uniform among the legal ones (the same move lists as the
states: :func:`engines.barricades.rules.pawn_moves`), the dice are fair;
the tests replay the moves it records through the plain rules.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engines.barricades.board import BARRICADE_ALLOWED, GOAL
from engines.barricades.rules import DICE_OF, PUTS, BarricadesMove, pawn_moves
from engines.core import PASS

if TYPE_CHECKING:
    from engines.barricades.state import BarricadesState

Fields = tuple[tuple[int, ...], int, int, None, bool, int]
"""``(pawns, barricades, mover, dice, pending, turns)``: a state's constructor arguments."""


def nth_bit(bits: int, n: int) -> int:
    """Index of the ``n``-th set bit of ``bits`` (0 = the lowest)."""
    for _ in range(n):
        bits &= bits - 1
    return (bits & -bits).bit_length() - 1


def playout(
    state: BarricadesState, rng: random.Random, trace: list[BarricadesMove] | None = None
) -> Fields:
    """Play from a state not yet finished to the end; the final state's fields."""
    game = state.game
    houses = game.houses
    partners = [game.partner(seat) for seat in range(len(state.pawns))]
    cap = game.max_turns
    randrange = rng.randrange
    pawns = list(state.pawns)
    seats = len(pawns)
    barricades, mover, dice = state.barricades, state.mover, state.dice
    pending, turns = state.pending, state.turns
    while True:
        if pending:
            occupied = barricades
            for mask in pawns:
                occupied |= mask
            free = BARRICADE_ALLOWED & ~occupied
            point = nth_bit(free, randrange(free.bit_count()))
            barricades |= 1 << point
            if trace is not None:
                trace.append(PUTS[point])
            pending = False
        else:
            if dice is None:
                a, b = randrange(6) + 1, randrange(6) + 1
                dice = (a, b) if a >= b else (b, a)
                if trace is not None:
                    trace.append(DICE_OF[dice])
            own = pawns[mover]
            partner = partners[mover]
            friends = own if partner is None else own | pawns[partner]
            moves = pawn_moves(own, houses[mover], friends, barricades, dice)
            dice = None
            if moves:
                move = moves[randrange(len(moves))]
                if trace is not None:
                    trace.append(move)
                origin, end = move.path
                bit = 1 << end
                for seat in range(seats):
                    if pawns[seat] & bit:
                        pawns[seat] ^= bit
                pawns[mover] |= bit
                if origin != houses[mover]:
                    pawns[mover] ^= 1 << origin
                if end == GOAL:
                    break
                if barricades & bit:
                    barricades ^= bit
                    pending = True
                    continue
            elif trace is not None:
                trace.append(PASS)
        mover = (mover + 1) % seats
        turns += 1
        if turns >= cap:
            break
    return tuple(pawns), barricades, mover, None, False, turns
