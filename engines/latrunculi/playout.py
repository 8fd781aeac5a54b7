"""Latrunculi's fast random playout: the rules on plain integers, one loop to the end.

Each decision is uniform among the legal ones and the game ends exactly as in
:class:`engines.latrunculi.state.LatrunculiState` (the same functions of
:mod:`engines.latrunculi.rules` decide); the tests replay the decisions it takes
through the plain rules to check it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from engines.latrunculi.board import FULL, NOT_A, NOT_H, squares_of
from engines.latrunculi.rules import (
    forbidden_move,
    jump_reach,
    jump_starts,
    play,
    position_key,
    remember,
)

if TYPE_CHECKING:
    from engines.latrunculi.state import LatrunculiState

Fields = tuple[tuple[int, int], int, int, bool, tuple[int, int], tuple[int, int], int,
               tuple[Hashable, ...]]
"""``(boards, inciti, mover, removing, hands, memories, quiet, history before)``."""


def playout(state: LatrunculiState, rng: random.Random,
            trace: list[tuple[int, ...]] | None) -> Fields:
    """Uniformly random decisions from a state not yet finished to the end.

    Returns the final position as the fields :class:`LatrunculiState` is built
    from; the decisions are appended to ``trace`` when given: ``(square,)``
    for a placement or a removal, ``(origin, target)`` for a move.
    """
    game = state.game
    keep, jumps, strict = game.inciti, game.jumps, game.strict_return
    repetition, cap = game.repetition, game.draw_moves
    boards = list(state.boards)
    hands = list(state.hands)
    memories = list(state.memories)
    inciti, mover, removing, quiet = state.inciti, state.mover, state.removing, state.quiet
    history = list(state.history)
    seen: dict[Hashable, int] = {}
    for key in history:
        seen[key] = seen.get(key, 0) + 1
    rand = rng.random
    while True:
        own, other = boards[mover], boards[1 - mover]
        if own.bit_count() + hands[mover] <= 1 or other.bit_count() + hands[1 - mover] <= 1:
            break
        empty = FULL ^ (own | other)
        if hands[mover]:
            squares = squares_of(empty)
            square = squares[int(rand() * len(squares))]
            if trace is not None:
                trace.append((square,))
            boards[mover] = own | (1 << square)
            hands[mover] -= 1
            mover ^= 1
            history, seen = [], {}
        elif removing:
            if repetition and seen[history[-1]] >= 3:
                break
            squares = squares_of(other & inciti)
            square = squares[int(rand() * len(squares))]
            if trace is not None:
                trace.append((square,))
            boards[1 - mover] = other ^ (1 << square)
            inciti ^= 1 << square
            removing = False
            quiet = 0
            history, seen = [], {}
        else:
            forbidden = forbidden_move(memories[mover], strict)
            code = choose_move(own, inciti, empty, jumps, forbidden, rand)
            if (code < 0 or (repetition and seen[history[-1]] >= 3)
                    or quiet >= cap + (2 if inciti else 0)):
                break
            origin, target = code >> 6, code & 63
            if trace is not None:
                trace.append((origin, target))
            own, other, inciti, taken = play(own, other, inciti, origin, target, keep)
            boards[mover], boards[1 - mover] = own, other
            memories[mover] = remember(memories[mover], origin, target)
            mover ^= 1
            removing = bool(own & inciti)
            if taken and not keep:
                quiet = 0
                history, seen = [], {}
            else:
                quiet += 1
        key = position_key(boards, inciti, mover, removing, hands, memories)
        history.append(key)
        seen[key] = seen.get(key, 0) + 1
    return ((boards[0], boards[1]), inciti, mover, removing, (hands[0], hands[1]),
            (memories[0], memories[1]), quiet, tuple(history[:-1]))


def _nth(bits: int, n: int) -> int:
    """Index of the ``n``-th set bit of ``bits`` (from 0, lowest first)."""
    for _ in range(n):
        bits &= bits - 1
    return (bits & -bits).bit_length() - 1


def choose_move(own: int, inciti: int, empty: int, jumps: bool, forbidden: int,
                rand: Callable[[], float]) -> int:
    """The code of a move drawn uniformly among the legal ones (-1 when there is none),
    without listing them: ``rand()`` picks an index in the order of
    :func:`engines.latrunculi.rules.movement_codes` (steps up, down, left, right by
    target, then the chains by origin and target), the forbidden move skipped."""
    full = own & ~inciti
    steps = (full >> 8 & empty, (full << 8) & empty, (full & NOT_A) >> 1 & empty,
             (full & NOT_H) << 1 & empty)
    counts = [bits.bit_count() for bits in steps]
    chains = []
    if jumps:
        for origin in squares_of(jump_starts(full, own, empty)):
            reach = jump_reach(origin, own, empty)
            chains.append((origin, reach, reach.bit_count()))
    total = sum(counts) + sum(c for _, _, c in chains)
    skip = -1
    if forbidden >= 0:
        skip = _index_of(forbidden, full, steps, counts, chains)
        if skip >= 0:
            total -= 1
    if not total:
        return -1
    index = int(rand() * total)
    if 0 <= skip <= index:
        index += 1
    for step, bits, count in zip(STEP_DELTAS, steps, counts, strict=True):
        if index < count:
            target = _nth(bits, index)
            return ((target - step) << 6) | target
        index -= count
    for origin, reach, count in chains:
        if index < count:
            return (origin << 6) | _nth(reach, index)
        index -= count
    raise AssertionError("move index beyond the moves")


STEP_DELTAS = (-8, 8, -1, 1)
"""The square offsets of the step boards of :func:`choose_move`, in their order."""


def _index_of(code: int, full: int, steps: tuple[int, ...], counts: list[int],
              chains: list[tuple[int, int, int]]) -> int:
    """The place of the move ``code`` in the order of :func:`choose_move`, -1 if illegal."""
    origin, target = code >> 6, code & 63
    if not full >> origin & 1:
        return -1
    before = 0
    below = (1 << target) - 1
    for step, bits, count in zip(STEP_DELTAS, steps, counts, strict=True):
        if target - origin == step and bits >> target & 1 and (
                abs(step) != 1 or target // 8 == origin // 8):
            return before + (bits & below).bit_count()
        before += count
    for start, reach, count in chains:
        if start == origin:
            return before + (reach & below).bit_count() if reach >> target & 1 else -1
        before += count
    return -1
