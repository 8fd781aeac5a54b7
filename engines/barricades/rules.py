"""Barricades' rules on plain integers: a pawn's moves with one die, the barricade's
new places, a move played.  Shared by the states and the fast playout."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias, final

from engines.barricades.board import (
    BARRICADE_ALLOWED,
    GOAL,
    GOAL_BIT,
    NAMES,
    ONE_DIE_PER_MOVE,
    PAWNS,
    STEPS,
)
from engines.bits import bit_indices, chunk_table
from engines.core import Dice, Pass, PathMove

COLOURS = ("rouge", "vert", "jaune", "bleu")
"""Seats in playing order, left to right along the board (house m1 to m4)."""
LETTERS = ("R", "V", "J", "B")
"""A pawn of each colour in the position text."""
TWO_DICE: tuple[tuple[Dice, float], ...] = tuple(
    (Dice((a, b)), (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(1, a + 1)
)
DICE_OF = {move.values: move for move, _ in TWO_DICE}


@final
@dataclass(frozen=True, slots=True)
class PutBarricade:
    """Put the picked-up barricade on a point: ``b@p40``."""

    at: int
    name: str = field(compare=False)

    def __str__(self) -> str:
        return "b@" + self.name


BarricadesMove: TypeAlias = PathMove | PutBarricade | Dice | Pass
"""A pawn's move ``m1-p12`` (by one die), the barricade it picked up put again ``b@p40``,
``pass`` when no die can be played, or the dice thrown ``dice:6,3``."""

PUTS: tuple[PutBarricade, ...] = tuple(PutBarricade(i, NAMES[i]) for i in range(len(NAMES)))


def pawn_moves(
    own: int, house: int, friends: int, barricades: int, dice: tuple[int, int]
) -> list[PathMove]:
    """The distinct moves ``origin-end`` of a player's pawns with either die.

    ``own`` are the player's pawns on the board, ``house`` the index of their
    house (a pawn may leave it when fewer than all pawns are out), ``friends``
    the pawns a move may not end on (the player's and a partner's).  A path
    may pass over pawns, never over a barricade; it may end on one.  Two dice
    reaching the same end with the same pawn would give one move (the position
    after it is the same); on the kiosk's board they never do.
    """
    origins = bit_indices(own)
    if own.bit_count() < PAWNS:
        origins.append(house)
    faces = (dice[0],) if dice[0] == dice[1] else dice
    found: list[PathMove] = []
    for face in faces:
        for origin in origins:
            for end_bit, move, masks in STEPS[origin][face]:
                if friends & end_bit:
                    continue
                for inside in masks:
                    if not inside & barricades:
                        found.append(move)
                        break
    if not ONE_DIE_PER_MOVE and len(faces) == 2:
        found = list(dict.fromkeys(found))
    return found


PUT_CHUNKS = tuple(chunk_table(dict(enumerate(PUTS)), 8 * k, 8) for k in range(GOAL // 8 + 1))
"""``PUT_CHUNKS[k][byte]``: the barricade moves of the set bits of byte ``k`` of a set."""


def barricade_places(occupied: int) -> list[PutBarricade]:
    """Where the picked-up barricade may go: any empty point but the first row and goal."""
    free = BARRICADE_ALLOWED & ~occupied
    places: list[PutBarricade] = []
    for table in PUT_CHUNKS:
        byte = free & 255
        if byte:
            places += table[byte]
        free >>= 8
    return places


def move_pawn(
    pawns: tuple[int, ...], seat: int, origin: int, end: int, house: int
) -> tuple[int, ...]:
    """The pawns after ``seat``'s pawn goes from ``origin`` (a point or its house) to
    ``end``, an enemy pawn there going back to its house."""
    bit = 1 << end
    changed = list(pawns)
    for other, mask in enumerate(pawns):
        if mask & bit:
            changed[other] = mask ^ bit
    changed[seat] = changed[seat] | bit
    if origin != house:
        changed[seat] ^= 1 << origin
    return tuple(changed)


def reached_goal(pawns: tuple[int, ...]) -> int:
    """The seat with a pawn on the goal, or -1."""
    anyone = 0
    for mask in pawns:
        anyone |= mask
    if not anyone & GOAL_BIT:
        return -1
    for seat, mask in enumerate(pawns):
        if mask & GOAL_BIT:
            return seat
    return -1

