"""Assaut (Jeux traditionnels d'Europe, p. 11) and ``assaut:souffler``.

Points and bits
---------------
The 33 points of the cross (a 7x7 grid without its four 2x2 corners) are
named like moulin's: columns a-g, rows 1-7 from the bottom.  Lines join
orthogonal neighbours, and diagonal neighbours from the points whose column
and row have an even sum (the alquerque pattern).  The fortress is c5-e7.
Point ``i`` (the geometry's index, used by every decision object) counts in
reading order from the top row: ``c7 d7 e7 / c6 d6 e6 / a5 … g5 / a4 … g4 /
a3 … g3 / c2 d2 e2 / c1 d1 e1``.  The rules work on a 7x7 grid of bits, bit
``7 * r + c`` with ``r = 0`` the top row (:mod:`~engines.assaut.board`).

Decisions: ``d6`` places an officer (set-up), ``d1-d2`` a step,
``d5-d3-b3`` an officer's capture chain (one decision), ``xd6`` the soldiers
huff the officer on d6 (``souffler`` only; then they move as usual).

Position text
-------------
Five fields separated by spaces, e.g. the start
``.../.../SS...SS/SSSSSSS/SSSSSSS/SSS/SSS officiers 2 - 0``:

1. the points row by row from row 7 to row 1 (3, 3, 7, 7, 7, 3, 3 points),
   rows separated by ``/``: ``S`` a soldier, ``O`` an officer, ``.`` empty;
2. the player to move, ``soldats`` or ``officiers``;
3. the officers still to place (2, 1 or 0);
4. the officers the soldiers may huff now, ``d6`` or ``d6,e5``, else ``-``;
5. the moves played since the set-up (the move cap reads it).

Like FEN, the text does not hold the positions seen before (threefold
repetition).  The rules as played are in ``docs/rules/assaut.md``.

Modules
-------
:mod:`~engines.assaut.board` points, lines, fortress, distances and move
tables; :mod:`~engines.assaut.rules` steps, capture chains, huffs;
:mod:`~engines.assaut.state` the position; :mod:`~engines.assaut.playout`
the fast random playout; :mod:`~engines.assaut.text` position text, notation
check and diagram; :mod:`~engines.assaut.game` the game, registered on import.
"""

from __future__ import annotations

from engines.assaut.board import (
    BOARD,
    CELLS,
    DISTANCE,
    EDGES,
    FORTRESS,
    GRID,
    INDEX,
    JUMPS,
    LINES,
    NAMES,
    NEIGHBOURS,
    OFFICIERS,
    PLAYERS,
    POINT_OF,
    SOLDATS,
    SOLDIERS_TO_WIN,
    AssautMove,
)
from engines.assaut.game import Assaut
from engines.assaut.rules import (
    ANY,
    FREE,
    MAXIMUM,
    can_capture,
    captured_bits,
    chains_from,
    officer_options,
    soldier_steps,
)
from engines.assaut.state import AssautState
from engines.assaut.text import START_TEXT, read_position, render_diagram, write_position

__all__ = [
    "ANY",
    "BOARD",
    "CELLS",
    "DISTANCE",
    "EDGES",
    "FORTRESS",
    "FREE",
    "GRID",
    "INDEX",
    "JUMPS",
    "LINES",
    "MAXIMUM",
    "NAMES",
    "NEIGHBOURS",
    "OFFICIERS",
    "PLAYERS",
    "POINT_OF",
    "SOLDATS",
    "SOLDIERS_TO_WIN",
    "START_TEXT",
    "Assaut",
    "AssautMove",
    "AssautState",
    "can_capture",
    "captured_bits",
    "chains_from",
    "officer_options",
    "read_position",
    "render_diagram",
    "soldier_steps",
    "write_position",
]
