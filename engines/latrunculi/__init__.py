"""Ludus latrunculorum, U. Schädler's reconstruction: ``latrunculi:seneque``, ``latrunculi:pison``.

The plain id ``latrunculi`` is Seneca's variant.  The rules as played,
options, rulings and draws included, are in ``docs/rules/latrunculi.md``.

Squares and bits
----------------
Square ``8 * r + c`` is bit ``8 * r + c`` of a board: ``r = 0`` the top row
(row 8), ``c = 0`` column ``a``; ``a8`` is 0, ``h1`` is 63, as in
:func:`engines.geometry.grid`.  A position holds each side's pieces (inciti
included), the inciti of both colours, the pieces still to place, whether the
player to move must first remove an incitus, each player's last move (for the
back-and-forth rule), the moves played since the last removal and the
positions seen since the last placement or removal (threefold repetition).

Decisions: ``d4`` places a piece (phase 1), ``d4-d5`` steps, ``d4-d6-f6`` is a
chain of jumps over own pieces (Seneca; listed along its shortest path, and
read along any path), ``xd5`` removes an incitus (Seneca, before the move of
the turn; the same player then moves).

Position text
-------------
Six fields separated by spaces, e.g. (one line)::

    ......../......../...N..../..BnB.../...N..../......../......../........
    blanc 0,0 x e4-e5,d3-d4 3

(blanc's e4-e5 took d5 between c5 and e5, noir answered d3-d4, and blanc must
now remove d5 before moving):

1. the squares row by row from row 8 down to row 1, rows separated by
   ``/``: ``B`` a piece of blanc, ``N`` of noir, ``b`` and ``n`` their inciti
   (captured pieces turned over), ``.`` empty;
2. the player to move, ``blanc`` or ``noir``;
3. the pieces still to place, blanc's then noir's: ``20,20`` at the start;
4. ``x`` when the player to move must remove an incitus before moving, else ``-``;
5. each player's last move, blanc's then noir's, separated by a comma: ``-``
   (none yet), origin and target (``d4-d5``, a jump chain by its ends), with a
   ``*`` when that move took the piece back where it stood the turn before;
6. the moves played (by both players) since the last piece was removed.

The start is ``......../......../......../......../......../......../......../........
blanc 20,20 - -,- 0`` (one line).  Like FEN, the text does not hold the
positions seen before (threefold repetition).

Modules
-------
:mod:`~engines.latrunculi.board` squares, shifts, enclosures, the decision objects;
:mod:`~engines.latrunculi.rules` moves, jumps, captures and the end on bitboards;
:mod:`~engines.latrunculi.state` the position;
:mod:`~engines.latrunculi.playout` the fast random playout;
:mod:`~engines.latrunculi.text` position text, notation check and diagram;
:mod:`~engines.latrunculi.game` the game, registered on import of the package.
"""

from __future__ import annotations

from engines.latrunculi.board import (
    BLANC,
    CAPTURES,
    CORNERS,
    DIRECTIONS,
    EDGE,
    FULL,
    INDEX,
    NAMES,
    NEIGHBOURS,
    NOIR,
    PIECES,
    PLAYERS,
    SIZE,
    STEPS,
    LatrunculiMove,
    held,
    shift,
    squares_of,
)
from engines.latrunculi.game import Latrunculi
from engines.latrunculi.rules import (
    forbidden_move,
    jump_paths,
    jump_reach,
    movement_codes,
    play,
    remember,
)
from engines.latrunculi.state import LatrunculiState
from engines.latrunculi.text import read_position, render_diagram, write_position

__all__ = [
    "BLANC",
    "CAPTURES",
    "CORNERS",
    "DIRECTIONS",
    "EDGE",
    "FULL",
    "INDEX",
    "NAMES",
    "NEIGHBOURS",
    "NOIR",
    "PIECES",
    "PLAYERS",
    "SIZE",
    "STEPS",
    "Latrunculi",
    "LatrunculiMove",
    "LatrunculiState",
    "forbidden_move",
    "held",
    "jump_paths",
    "jump_reach",
    "movement_codes",
    "play",
    "read_position",
    "remember",
    "render_diagram",
    "shift",
    "squares_of",
    "write_position",
]
