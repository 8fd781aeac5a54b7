"""The rules of latrunculi on bitboards: moves, jumps, captures, inciti, the end.

Plain functions of integers, shared by the position
(:class:`engines.latrunculi.state.LatrunculiState`), the fast playout and the
evaluator.  ``own`` and ``other`` are the boards of the player to move and of
the opponent (inciti included); ``inciti`` is the board of every incitus,
both colours.  A move is coded ``64 * origin + target`` where a plain number
is enough.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from engines.core import PathMove
from engines.latrunculi.board import (
    CAPTURES,
    CELLS,
    DIRECTIONS,
    FULL,
    NOT_A,
    NOT_H,
    STEPS_BY_BYTE,
    by_bytes,
    chain_move,
    held,
    neighbour,
    shift,
    squares_of,
)
from engines.outcomes import OutcomeCode

if TYPE_CHECKING:
    from engines.latrunculi.game import Latrunculi

NO_MOVE = -1
"""The memory of a player who has not moved yet (and the code of no forbidden move)."""


def _jump_table() -> tuple[tuple[tuple[int, int], ...], ...]:
    table = []
    for s in range(CELLS):
        pairs = []
        for d in DIRECTIONS:
            middle = neighbour(s, d)
            landing = neighbour(middle, d) if middle >= 0 else -1
            if landing >= 0:
                pairs.append((middle, landing))
        table.append(tuple(pairs))
    return tuple(table)


JUMPS = _jump_table()
"""For each square, the (jumped square, landing square) pairs of a jump from it."""

# --------------------------------------------------------------------------- going back


def forbidden_move(memory: int, strict: bool) -> int:
    """The code of the move the back-and-forth rule forbids now, or :data:`NO_MOVE`.

    ``memory`` is a player's last move ``(code << 1) | returned``, where
    ``returned`` says that this move took the piece back to where it stood
    the turn before.  Then going again the way it came is forbidden; with
    ``strict``, going back at all is.
    """
    if memory < 0 or not (strict or memory & 1):
        return NO_MOVE
    code = memory >> 1
    return ((code & 63) << 6) | (code >> 6)


def remember(memory: int, origin: int, target: int) -> int:
    """A player's memory after moving ``origin`` -> ``target``."""
    back = memory >= 0 and memory >> 1 == (target << 6) | origin
    return (((origin << 6) | target) << 1) | back


# --------------------------------------------------------------------------- moves


def step_codes(full: int, empty: int) -> list[int]:
    """Codes of the one-square steps of the pieces ``full`` to ``empty`` squares."""
    out = []
    for d in DIRECTIONS:
        targets = shift(full, d) & empty
        while targets:
            low = targets & -targets
            t = low.bit_length() - 1
            out.append(((t - d) << 6) | t)
            targets ^= low
    return out


def jump_starts(full: int, own: int, empty: int) -> int:
    """The pieces of ``full`` that can jump over one of ``own`` to an empty square."""
    starts = 0
    east = ((((full & NOT_H) << 1) & own & NOT_H) << 1) & empty
    if east:
        starts |= east >> 2
    west = ((((full & NOT_A) >> 1) & own & NOT_A) >> 1) & empty
    if west:
        starts |= west << 2
    south = (((full << 8) & own) << 8) & empty
    if south:
        starts |= south >> 16
    north = ((full >> 8) & own) >> 8 & empty
    if north:
        starts |= north << 16
    return starts


def jump_reach(origin: int, own: int, empty: int) -> int:
    """Squares a piece on ``origin`` reaches by chains of jumps over ``own`` (its own
    pieces, itself excepted) onto ``empty`` squares, never landing twice on one."""
    frontier = 1 << origin
    own &= ~frontier
    east_over, west_over = own & NOT_H, own & NOT_A
    reached = 0
    while frontier:
        frontier = (
            (((frontier & NOT_H) << 1 & east_over) << 1)
            | (((frontier & NOT_A) >> 1 & west_over) >> 1)
            | ((frontier << 8 & own) << 8)
            | ((frontier >> 8 & own) >> 8)
        ) & empty & ~reached
        reached |= frontier
    return reached


def jump_paths(origin: int, own: int, empty: int) -> dict[int, tuple[int, ...]]:
    """For each square reachable by jumps from ``origin``, the shortest chain to it
    (first found trying up, down, left, right from each square in turn)."""
    own &= ~(1 << origin)
    paths: dict[int, tuple[int, ...]] = {origin: (origin,)}
    queue = [origin]
    for s in queue:
        for middle, landing in JUMPS[s]:
            if own >> middle & 1 and empty >> landing & 1 and landing not in paths:
                paths[landing] = (*paths[s], landing)
                queue.append(landing)
    del paths[origin]
    return paths


def movement_codes(own: int, inciti: int, empty: int, jumps: bool, forbidden: int) -> list[int]:
    """Codes of every move of the free pieces of ``own``: steps, then jump chains."""
    full = own & ~inciti
    codes = step_codes(full, empty)
    if jumps:
        for origin in squares_of(jump_starts(full, own, empty)):
            base = origin << 6
            codes += [base | t for t in squares_of(jump_reach(origin, own, empty))]
    if forbidden >= 0 and forbidden in codes:
        codes.remove(forbidden)
    return codes


def movement_moves(own: int, inciti: int, empty: int, jumps: bool, forbidden: int
                   ) -> list[PathMove]:
    """The move objects of :func:`movement_codes`: steps by direction and target, then
    the chains by origin and target, each along its shortest path."""
    full = own & ~inciti
    up, down, left, right = STEPS_BY_BYTE
    moves = by_bytes(full >> 8 & empty, up)
    moves += by_bytes(full << 8 & empty, down)
    moves += by_bytes((full & NOT_A) >> 1 & empty, left)
    moves += by_bytes((full & NOT_H) << 1 & empty, right)
    if jumps:
        for origin in squares_of(jump_starts(full, own, empty)):
            paths = jump_paths(origin, own, empty)
            moves += [chain_move(paths[t]) for t in sorted(paths)]
    if forbidden >= 0:
        origin, target = forbidden >> 6, forbidden & 63
        moves = [m for m in moves if m.path[0] != origin or m.path[-1] != target]
    return moves


def can_move(own: int, inciti: int, empty: int, jumps: bool, forbidden: int) -> bool:
    """Whether the free pieces of ``own`` have a move (cheap unless nearly blocked)."""
    full = own & ~inciti
    count = (((full & NOT_H) << 1 & empty).bit_count() + ((full & NOT_A) >> 1 & empty).bit_count()
             + (full << 8 & empty).bit_count() + (full >> 8 & empty).bit_count())
    if count >= 2 or (count == 1 and forbidden < 0):
        return True
    return bool(movement_codes(own, inciti, empty, jumps, forbidden))


# --------------------------------------------------------------------------- captures


def play(own: int, other: int, inciti: int, origin: int, target: int, keep: bool
         ) -> tuple[int, int, int, int]:
    """``(own, other, inciti, taken)`` after the piece on ``origin`` goes to ``target``.

    ``taken`` holds the enemy pieces captured: with ``keep`` (Seneca) they
    stay as inciti, else (Piso) they leave the board.  With ``keep``, enemy
    inciti no longer held once the piece has left ``origin`` are freed, and
    own inciti no longer held once the captured pieces are turned over are
    freed: full pieces again at once.  (On this board neither can change
    what the move captures: a piece freed that way is never next to the
    target square with an anvil beyond, nor an anvil of a piece next to it.)
    """
    own ^= (1 << origin) | (1 << target)
    taken = 0
    if not keep:
        for victim, anvil in CAPTURES[target]:
            if other & victim and own & anvil:
                taken |= victim
        return own, other ^ taken, inciti, taken
    full = own & ~inciti
    prisoners = other & inciti
    if prisoners:
        inciti ^= prisoners & ~held(prisoners, full)
    prey = other & ~inciti
    for victim, anvil in CAPTURES[target]:
        if prey & victim and full & anvil:
            taken |= victim
    if taken:
        inciti |= taken
        mine = own & inciti
        if mine:
            inciti ^= mine & ~held(mine, other & ~inciti)
    return own, other, inciti, taken


# --------------------------------------------------------------------------- the end


def position_key(boards: tuple[int, int] | list[int], inciti: int, mover: int, removing: bool,
                 hands: tuple[int, int] | list[int], memories: tuple[int, int] | list[int]
                 ) -> tuple[int, int, int, int]:
    """The identity of a position (without its history and move counter)."""
    extra = (mover | removing << 1 | hands[0] << 2 | hands[1] << 7
             | (memories[0] + 1) << 12 | (memories[1] + 1) << 26)
    return boards[0], boards[1], inciti, extra


def end_code(
    game: Latrunculi,
    boards: tuple[int, int],
    inciti: int,
    mover: int,
    removing: bool,
    hands: tuple[int, int],
    memory: int,
    quiet: int,
    history: tuple[Hashable, ...],
) -> OutcomeCode | None:
    """How the game is over in this position, or ``None``; wins before draws.

    ``one_piece``: a player has one piece left (or none), on the board or in
    hand; ``blocked``: the player to move has no move; ``repetition``: this
    position is on the board for the third time; ``move_cap``: the moves
    without a removal reached the limit.  No player is blocked, and the game
    is not stopped by the limit, while a removal is due; while inciti wait on
    the board the limit is two moves later, so that their captor can remove one.
    """
    if boards[0].bit_count() + hands[0] <= 1 or boards[1].bit_count() + hands[1] <= 1:
        return OutcomeCode.ONE_PIECE
    if hands[mover]:
        return None
    if not removing:
        own = boards[mover]
        empty = FULL ^ (own | boards[1 - mover])
        if not can_move(own, inciti, empty, game.jumps, forbidden_move(memory, game.strict_return)):
            return OutcomeCode.BLOCKED
    if game.repetition and history.count(history[-1]) >= 3:
        return OutcomeCode.REPETITION
    if not removing and quiet >= game.draw_moves + (2 if inciti else 0):
        return OutcomeCode.MOVE_CAP
    return None
