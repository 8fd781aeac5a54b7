"""One decision played: the next moulin position built field by field.

This is the searches' hot path (:meth:`MoulinState.apply_unchecked`): a
blank state is filled directly instead of going through the constructor,
which checks every ending rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engines.core import PASS, TERMINAL, PathMove, Place, Remove
from engines.moulin.board import (
    DOWN_KEEP,
    DOWN_WRAP,
    FULL,
    INWARD,
    MILLS_AT,
    OUTWARD,
    UP_KEEP,
    UP_WRAP,
    MoulinMove,
)
from engines.moulin.moves import (
    DOWN_HI,
    DOWN_LO,
    PLACE_BY_BYTE,
    SPOKES,
    UP_HI,
    UP_LO,
    place_moves,
    step_moves,
)
from engines.outcomes import OutcomeCode

if TYPE_CHECKING:
    from engines.moulin.game import Moulin
    from engines.moulin.state import MoulinState

PLAYERS = ("blanc", "noir")
"""The seats' names, as :attr:`Moulin.player_names`."""
PASS_ONLY = (PASS,)
Ending = tuple[OutcomeCode, int]
"""``(code, losing seat or -1)`` of a finished game."""
REPETITION: Ending = (OutcomeCode.REPETITION, -1)
NO_CAPTURE: Ending = (OutcomeCode.NO_CAPTURE, -1)
BLOCKED: tuple[Ending, Ending] = ((OutcomeCode.BLOCKED, 0), (OutcomeCode.BLOCKED, 1))
TWO_PIECES: tuple[Ending, Ending] = ((OutcomeCode.TWO_PIECES, 0), (OutcomeCode.TWO_PIECES, 1))

_blank = object.__new__
MOVER_KEYS = (0, 1 << 48)
"""The mover's bit of a position key (:func:`engines.moulin.board.position_key`)."""
REPEAT_SPAN = 9
"""The shortest history holding a position three times: a position comes back four
decisions later at the soonest (each side steps away and back)."""
PLACE_LOW, PLACE_MIDDLE, PLACE_HIGH = PLACE_BY_BYTE
STEP_INFO: dict[tuple[int, ...], tuple[int, int, int]] = {
    (p, q): (1 << p | 1 << q, *MILLS_AT[q]) for p in range(24) for q in range(24)
}
"""For the path ``(p, q)`` of a step or flight: the bits it changes, then the masks of
the two mills through its target."""


def play(state: MoulinState, move: MoulinMove) -> MoulinState:
    """The position after ``move``, a legal decision in ``state`` (not checked).

    The fields are filled directly; only the ending rules the decision can
    bring into play are checked: a placement or a step leaves both sides
    their pieces, the history restarts after a placement or a removal, and
    the draw counter only grows with steps and passes.
    """
    new = _blank(state.__class__)
    new.game = game = state.game
    mover = state.mover
    white, black = state.board
    if type(move) is PathMove:
        bits, a, b = STEP_INFO[move.path]
        if mover:
            black ^= bits
            own, other = black, white
        else:
            white ^= bits
            own, other = white, black
        new.board = (white, black)
        new.hand = hand = state.hand
        new.quiet = quiet = state.quiet + 1
        if (own & a == a or own & b == b) and other:
            return _removal_next(new, own, other, mover, hand, state.history)
        me = mover ^ 1
        hand_me = hand[me]  # the mover, stepping, has none left
        key = other | own << 24 | MOVER_KEYS[me]
        if hand_me:  # only in set-up positions
            key |= hand_me << 50
        new.history = history = state.history + (key,)  # noqa: RUF005 (faster)
        new.mover = me
        new.pending = False
        # Both sides keep their pieces: only a block, a repetition or the
        # draw counter can end the game.
        empty = FULL ^ (own | other)
        if hand_me:
            moves: Sequence[MoulinMove] | None = (
                PLACE_LOW[empty & 255] + PLACE_MIDDLE[empty >> 8 & 255] + PLACE_HIGH[empty >> 16]
            )
        elif other.bit_count() <= game.fly_at:
            moves = None  # flights, listed on demand
        else:  # step_moves(other, empty), inlined
            up = ((other << 1) & UP_KEEP | (other >> 7) & UP_WRAP) & empty
            down = ((other >> 1) & DOWN_KEEP | (other << 7) & DOWN_WRAP) & empty
            spoke = (other & INWARD & empty >> 8) | ((other & OUTWARD) >> 9 & empty >> 1)
            moves = (
                UP_LO[up & 0xFFF] + UP_HI[up >> 12] + DOWN_LO[down & 0xFFF]
                + DOWN_HI[down >> 12] + SPOKES[spoke]
            )
            if not moves:
                if game.blocked_loses:
                    return _finished(new, BLOCKED[me])
                moves = PASS_ONLY
        if len(history) >= REPEAT_SPAN and history.count(key) >= 3:
            return _finished(new, REPETITION)
        if quiet >= game.draw_moves:
            return _finished(new, NO_CAPTURE)
        new._end = None
        new._moves = moves
        new.current_player = PLAYERS[me]
        return new
    hand = state.hand
    if type(move) is Place:
        q = move.at
        if mover:
            black |= 1 << q
            hand = (hand[0], hand[1] - 1)
            own, other = black, white
        else:
            white |= 1 << q
            hand = (hand[0] - 1, hand[1])
            own, other = white, black
        new.board = (white, black)
        new.hand = hand
        new.quiet = state.quiet
        a, b = MILLS_AT[q]
        if (own & a == a or own & b == b) and other:
            return _removal_next(new, own, other, mover, hand, ())
        me = mover ^ 1
        hand_me = hand[me]
        new.history = (other | own << 24 | me << 48 | hand_me << 50 | hand[mover] << 54,)
        new.mover = me
        new.pending = False
        empty = FULL ^ (own | other)
        if hand_me:  # the placements go on
            new._end = None
            new._moves = (
                PLACE_LOW[empty & 255] + PLACE_MIDDLE[empty >> 8 & 255] + PLACE_HIGH[empty >> 16]
            )
            new.current_player = PLAYERS[me]
            return new
        # Pieces on the board and in hand do not change in number, the
        # history restarts and the counter stays below its limit.
        moves = _next_moves(game, other, empty, 0)
        end: Ending | None = BLOCKED[me] if moves == () else None
    elif type(move) is Remove:
        if mover:
            white &= ~(1 << move.at)
            own, other = black, white
        else:
            black &= ~(1 << move.at)
            own, other = white, black
        new.board = (white, black)
        new.hand = hand
        new.quiet = 0
        me = 1 - mover
        new.history = (other | own << 24 | me << 48 | hand[me] << 50 | hand[mover] << 54,)
        moves = None
        if other.bit_count() + hand[me] <= 2:
            end = TWO_PIECES[me]
        elif own.bit_count() + hand[mover] <= 2:
            end = TWO_PIECES[mover]
        else:
            moves = _next_moves(game, other, FULL ^ (own | other), hand[me])
            end = BLOCKED[me] if moves == () else None
    else:  # pass
        return state.__class__(game, state.board, hand, 1 - mover, False, state.quiet + 1,
                              state.history)
    new.mover = me
    new.pending = False
    if end is None:
        new._end = None
        new._moves = moves
        new.current_player = PLAYERS[me]
        return new
    return _finished(new, end)


def _next_moves(
    game: Moulin, own: int, empty: int, hand: int
) -> Sequence[MoulinMove] | None:
    """The moves of a side about to play, no removal pending, when cheap to list.

    ``()`` when the side is blocked and loses for it; ``None`` (listed on
    demand) when it flies.
    """
    if hand:
        return place_moves(empty)
    if own.bit_count() <= game.fly_at:
        return None
    steps = step_moves(own, empty)
    if steps or game.blocked_loses:
        return steps
    return PASS_ONLY


def _finished(new: MoulinState, end: Ending) -> MoulinState:
    """Finish ``new``: the game is over."""
    new._end = end
    new._moves = ()
    new.current_player = TERMINAL
    return new


def _removal_next(new: MoulinState, own: int, other: int, mover: int, hand: tuple[int, int],
                  history: tuple[int, ...]) -> MoulinState:
    """Finish ``new``: the mover has just made a mill and removes a piece next."""
    new.history = (*history, own | other << 24 | mover << 48 | 1 << 49 | hand[mover] << 50
                   | hand[1 - mover] << 54)
    new.mover = mover
    new.pending = True
    new._end = None
    new._moves = None
    new.current_player = PLAYERS[mover]
    return new
