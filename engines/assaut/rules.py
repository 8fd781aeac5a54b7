"""The rules of assaut on grid bitboards: steps, capture chains, huffs, the end.

Plain functions of integers, shared by :class:`engines.assaut.state.AssautState`,
the fast playout and the evaluator.  ``soldiers`` and ``officers`` are grid
boards (see :mod:`engines.assaut.board`).

Capture modes (how the officers' captures are ruled):

- :data:`MAXIMUM` (default): a capture is compulsory and the move takes the
  greatest number of soldiers available, over both officers;
- :data:`ANY`: a capture is compulsory, any one, but a chain goes on while
  it can;
- :data:`FREE` (``souffler``): nothing is compulsory, a chain may stop after
  any jump; an officer that failed to capture, or took fewer soldiers than
  it could, may then be huffed.

As in draughts, the soldiers jumped stay on the board until the chain ends:
none is jumped twice and no landing is made on one.
"""

from __future__ import annotations

from itertools import pairwise

from engines.assaut.board import (
    BOARD,
    JUMPS,
    NEIGHBOURS,
    SHIFTS,
    SOLDIER_FROM,
    STEPS,
    chain_move,
)
from engines.core import PathMove

MAXIMUM, ANY, FREE = "maximum", "any", "free"

Chain = tuple[tuple[int, ...], bool]
"""A capture path of grid bits (origin first) and whether it cannot go on."""


_SOLDIER_DIRECTIONS = tuple(zip(SHIFTS, SOLDIER_FROM, strict=True))


def soldier_steps(soldiers: int, empty: int) -> list[PathMove]:
    """The soldiers' steps, by direction then target."""
    moves = []
    for shift, allowed in _SOLDIER_DIRECTIONS:
        from_bits = soldiers & allowed
        targets = (from_bits << shift if shift > 0 else from_bits >> -shift) & empty
        while targets:
            low = targets & -targets
            target = low.bit_length() - 1
            moves.append(STEPS[target - shift, target])
            targets ^= low
    return moves


def soldier_step_count(soldiers: int, empty: int) -> int:
    """How many steps the soldiers have."""
    count = 0
    for shift, allowed in _SOLDIER_DIRECTIONS:
        from_bits = soldiers & allowed
        count += ((from_bits << shift if shift > 0 else from_bits >> -shift) & empty).bit_count()
    return count


def soldiers_can_step(soldiers: int, empty: int) -> bool:
    """Whether some soldier has a step."""
    for shift, allowed in _SOLDIER_DIRECTIONS:
        from_bits = soldiers & allowed
        if (from_bits << shift if shift > 0 else from_bits >> -shift) & empty:
            return True
    return False


def officers_can_step(officers: int, empty: int) -> bool:
    """Whether some officer has a step."""
    while officers:
        low = officers & -officers
        if NEIGHBOURS[low.bit_length() - 1] & empty:
            return True
        officers ^= low
    return False


def officer_steps(officers: int, empty: int) -> list[PathMove]:
    """The officers' steps, by officer then target."""
    moves = []
    while officers:
        low = officers & -officers
        origin = low.bit_length() - 1
        targets = NEIGHBOURS[origin] & empty
        while targets:
            bit = targets & -targets
            moves.append(STEPS[origin, bit.bit_length() - 1])
            targets ^= bit
        officers ^= low
    return moves


def chains_from(origin: int, soldiers: int, occupied: int) -> list[Chain]:
    """Every capture path of the officer on grid bit ``origin``, each prefix included.

    ``occupied``: the points no landing may use (every soldier, the other
    officer).  Depth-first, the jumps in the board's direction order.
    """
    for over, land, _ in JUMPS[origin]:
        if soldiers & over and not occupied & land:
            break
    else:
        return []  # no jump at all: the usual case
    found: list[Chain] = []

    def extend(position: int, taken: int, path: tuple[int, ...]) -> None:
        for over, land, target in JUMPS[position]:
            if soldiers & over and not taken & over and not occupied & land:
                longer = (*path, target)
                index = len(found)
                found.append((longer, True))
                extend(target, taken | over, longer)
                if len(found) > index + 1:
                    found[index] = (longer, False)

    extend(origin, 0, (origin,))
    return found


def can_capture(officers: int, soldiers: int) -> bool:
    """Whether an officer has a jump."""
    occupied = soldiers | officers
    while officers:
        low = officers & -officers
        for over, land, _ in JUMPS[low.bit_length() - 1]:
            if soldiers & over and not occupied & land:
                return True
        officers ^= low
    return False


def officer_options(
    soldiers: int, officers: int, mode: str
) -> tuple[list[PathMove], dict[int, int]]:
    """The officers' legal moves, and for each officer (grid bit) the most soldiers it
    could take in one move (what a huff is judged against)."""
    empty = BOARD & ~(soldiers | officers)
    best: dict[int, int] = {}
    chains: list[Chain] = []
    rest = officers
    while rest:
        low = rest & -rest
        origin = low.bit_length() - 1
        mine = chains_from(origin, soldiers, soldiers | (officers ^ low))
        best[origin] = max(len(path) for path, _ in mine) - 1 if mine else 0
        chains += mine
        rest ^= low
    if mode == FREE:
        return officer_steps(officers, empty) + [chain_move(p) for p, _ in chains], best
    if not chains:
        return officer_steps(officers, empty), best
    if mode == MAXIMUM:
        most = max(best.values())
        return [chain_move(p) for p, _ in chains if len(p) - 1 == most], best
    return [chain_move(p) for p, complete in chains if complete], best


def captured_bits(grid_path: tuple[int, ...]) -> int:
    """The soldiers a chain through these grid bits jumps over (none for a step)."""
    taken = 0
    for a, b in pairwise(grid_path):
        if not NEIGHBOURS[a] >> b & 1:
            taken |= 1 << (a + b) // 2
    return taken


def offenders(origin: int, target: int, taken: int, officers_after: int,
              best: dict[int, int]) -> int:
    """Officers (grid bits, after the move) that may be huffed: with no capture, every
    officer that could capture; with one, the mover if it could have taken more."""
    if not taken:
        found = 0
        for officer, most in best.items():
            if most:
                found |= 1 << (target if officer == origin else officer)
        return found & officers_after
    if taken.bit_count() < best.get(origin, 0):
        return 1 << target
    return 0
