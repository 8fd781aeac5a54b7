"""Moulin, nine men's morris (Jeux traditionnels d'Europe, p. 8), and ``moulin:standard``.

Points and bits
---------------
The 24 points are numbered ring by ring, so that one side's pieces are a
24-bit integer: bit ``8 * ring + k``, ring 0 the outer square and 2 the inner
one, ``k`` going round anticlockwise from the bottom-left corner (even ``k``:
corners, odd ``k``: midpoints)::

    outer   a1 d1 g1 g4 g7 d7 a7 a4    bits  0-7
    middle  b2 d2 f2 f4 f6 d6 b6 b4    bits  8-15
    inner   c3 d3 e3 e4 e5 d5 c5 c4    bits 16-23

A step along a ring is a rotation inside a byte; a step between rings joins
two midpoints and is a shift by 8 bits.  The 16 mills are the four sides of
each ring and the four spokes.  Point ``i`` of :meth:`Moulin.geometry` is bit
``i``.

Decisions: ``d6`` places, ``d6-d5`` moves or flies, ``xd6`` removes after a
mill (the same player decides again), ``pass`` only for a blocked player when
``blocked_loses`` is off.  The rules as played, options and draws included,
are in ``docs/rules/moulin.md``.

Modules
-------
:mod:`~engines.moulin.board` the points, mills and neighbours as bits;
:mod:`~engines.moulin.moves` move lists by table look-up;
:mod:`~engines.moulin.state` the position and its rules;
:mod:`~engines.moulin.play` one decision played, field by field (the searches' hot path);
:mod:`~engines.moulin.playout` the fast random playout;
:mod:`~engines.moulin.text` position text, notation check and diagram;
:mod:`~engines.moulin.game` the game, registered on import of the package.

Position text
-------------
Five fields separated by spaces, e.g. ``B.N/.../.../.NB..B/.../.N./... blanc 6,6 - 0``:

1. the points row by row from the top (row 7) to the bottom (row 1), rows
   separated by ``/``: ``a7 d7 g7 / b6 d6 f6 / c5 d5 e5 / a4 b4 c4 e4 f4 g4 /
   c3 d3 e3 / b2 d2 f2 / a1 d1 g1``; ``B`` a piece of blanc, ``N`` of noir,
   ``.`` empty;
2. the player to move, ``blanc`` or ``noir``;
3. the pieces still in hand, blanc's then noir's, separated by a comma;
4. ``x`` when the player to move has just made a mill and removes a piece
   next, else ``-``;
5. the moves made in the moving phase since the last removal (draw counter).

The start is ``.../.../.../....../.../.../... blanc 9,9 - 0``.  Like FEN, the
text does not hold the positions seen before (threefold repetition).
"""

from __future__ import annotations

from engines.bits import bit_indices
from engines.moulin.board import (
    EDGES,
    FULL,
    INDEX,
    MILL_LINES,
    MILLS,
    MILLS_AT,
    NAMES,
    NEIGHBOURS,
    PIECES,
    PLACES,
    REMOVES,
    RINGS,
    STEPS,
    MoulinMove,
    layout,
    mill_bits,
    nth_bit,
    position_key,
    removable_bits,
    rot_down,
    rot_up,
    step_boards,
)
from engines.moulin.game import BLANC, NOIR, Moulin
from engines.moulin.moves import fly_moves, place_moves, remove_moves, step_moves
from engines.moulin.state import MoulinState
from engines.moulin.text import TEXT_ROWS, read_position, render_diagram, write_position

__all__ = [
    "BLANC",
    "EDGES",
    "FULL",
    "INDEX",
    "MILLS",
    "MILLS_AT",
    "MILL_LINES",
    "NAMES",
    "NEIGHBOURS",
    "NOIR",
    "PIECES",
    "PLACES",
    "REMOVES",
    "RINGS",
    "STEPS",
    "TEXT_ROWS",
    "Moulin",
    "MoulinMove",
    "MoulinState",
    "bit_indices",
    "fly_moves",
    "layout",
    "mill_bits",
    "nth_bit",
    "place_moves",
    "position_key",
    "read_position",
    "removable_bits",
    "remove_moves",
    "render_diagram",
    "rot_down",
    "rot_up",
    "step_boards",
    "step_moves",
    "write_position",
]
