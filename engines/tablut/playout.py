"""Tablut's fast random playout: the rules on plain integers, one loop to the end.

Each move is uniform among the legal ones and the game ends exactly as in
:class:`engines.tablut.state.TablutState`; the tests replay the moves it
plays through the plain rules to check it.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import TYPE_CHECKING

from engines.bits import bit_indices
from engines.tablut.board import (
    EDGE,
    ESCAPES,
    SEG_KING,
    SEG_MAN,
    SEG_SLOW,
    SEG_TARGET,
    SLOW_ESCAPES,
    WALL,
)
from engines.tablut.rules import generate, king_taken, play

if TYPE_CHECKING:
    from engines.tablut.state import TablutState

Fields = tuple[int, int, int, int, int, tuple[Hashable, ...]]
"""``(white, black, king, mover, ply, history before)``: a state's constructor arguments."""

_TRIES = 24
"""Random draws of a move before listing the moves."""


def playout(state: TablutState, rng: random.Random, trace: list[tuple[int, int]] | None) -> Fields:
    """Uniformly random moves from a state not yet finished to the end.

    Returns the final position as the fields :class:`TablutState` is built
    from; the moves played, as (origin, target), are appended to ``trace``
    when given.

    A move is drawn by rejection: a random (piece, direction, distance) triple is
    kept when the path is free, which is uniform over the legal moves since each
    has exactly one triple; after :data:`_TRIES` misses the moves are listed.
    """
    game = state.game
    slow, armed = game.slow_king, game.armed_king
    two_paths, repetition, cap = game.two_paths_win, game.repetition, game.max_moves
    king_table = SEG_SLOW if slow else SEG_KING
    escapes = SLOW_ESCAPES if slow else ESCAPES
    white, black, king, mover, ply = state.white, state.black, state.king, state.mover, state.ply
    history = list(state.history)
    seen: dict[Hashable, int] = {}
    for key in history:
        seen[key] = seen.get(key, 0) + 1
    pieces = ([*bit_indices(white), king], bit_indices(black))
    rand = rng.random
    while True:
        # -- choose a move (none: the player to move loses) ----------------------
        own = pieces[mover]
        occupied = white | black | (1 << king) | WALL
        span = len(own) * 32
        for _ in range(_TRIES if own else 0):
            pick = int(rand() * span)
            origin = own[pick >> 5]
            slot = (origin << 5) | (pick & 31)
            if not occupied & (king_table if origin == king else SEG_MAN)[slot]:
                target = SEG_TARGET[slot]
                index = pick >> 5
                break
        else:
            men = black if mover else white
            moves = generate(men, -1 if mover else king, occupied, slow)
            if not moves:
                break
            origin, target = moves[int(rand() * len(moves))].path
            index = own.index(origin)
        # -- the draws, checked after the loss by lack of moves ---------------------
        if (repetition and seen[history[-1]] >= 3) or ply >= cap:
            break
        # -- play it -----------------------------------------------------------------
        if trace is not None:
            trace.append((origin, target))
        own[index] = target
        white, black, king, taken = play(mover, origin, target, white, black, king, armed)
        for square in bit_indices(taken):
            pieces[1 - mover].remove(square)
        ply += 1
        mover ^= 1
        if mover == 0 and king_taken(king, target, black):
            king = -1
            history, seen = [], {}
        elif taken:
            history, seen = [], {}
        key = (white, black, king, mover)
        history.append(key)
        seen[key] = seen.get(key, 0) + 1
        # -- the wins decided by the move just played ---------------------------------
        if king < 0 or EDGE >> king & 1:
            break
        if mover == 1 and two_paths:
            occupied = white | black | (1 << king)
            if sum(1 for mask in escapes[king] if not occupied & mask) >= 2:
                break
    return white, black, king, mover, ply, tuple(history[:-1])
