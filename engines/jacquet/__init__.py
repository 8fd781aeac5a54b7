"""Jacquet (Jeux traditionnels d'Europe, p. 20): a race without hits.

The board, dice, maximal use of the dice and bear-off are backgammon's
(:mod:`engines.tables`).  Points are named as in the source's figures,
N1-N12 along one side and B1-B12 along the other; both players travel
N12 → N1 → B12 → B1 → N12 round the board: noir from B12 to its home
N6-N1, blanc from N12 to its home B6-B1.  Each side numbers its own route
24 (its start point) down to 1, and moves are written from the mover's
side like backgammon's: ``24/18``, ``6/off``; the source's names are read
too (``B12/B6`` for noir is ``24/18``), and ``pass``.

Position text
-------------
Four fields separated by spaces; the start is
``...........b15...........n15 - ouverture 0``:

1. the 24 points in noir's numbering, N1 to N12 then B1 to B12: ``.`` empty,
   ``n5`` five checkers of noir, ``b2`` two of blanc; the rest of each
   side's 15 are borne off;
2. the player whose turn it is (``noir``, ``blanc``; ``-`` at the opening
   throw); once the game is over, the winner;
3. the phase: ``ouverture`` (opening throw), ``lancer`` (dice to throw), the
   dice still to play (``6,5``, ``3,3,3``), or how the game ended: ``fin``
   (every checker off), ``bloque`` (a blocked player lost, with the option
   ``blocked_loses``), ``limite`` (turn cap, draw);
4. the turns played (for the turn cap).

Modules
-------
:mod:`~engines.jacquet.rules` the checker steps (postillon, six in a row);
:mod:`~engines.jacquet.state` the position (its fast playout is
:mod:`engines.tables.playout`); :mod:`~engines.jacquet.text` position text,
the source's names, notation check and diagram; :mod:`~engines.jacquet.game`
the game, registered on import of the package.
"""

from __future__ import annotations

from engines.jacquet.game import Jacquet, point_index
from engines.jacquet.rules import MIRROR, RULES, JacquetRules, postillon_origins
from engines.jacquet.state import START, JacquetState
from engines.jacquet.text import NAMES, START_TEXT, number_of, source_name

__all__ = [
    "MIRROR",
    "NAMES",
    "RULES",
    "START",
    "START_TEXT",
    "Jacquet",
    "JacquetRules",
    "JacquetState",
    "number_of",
    "point_index",
    "postillon_origins",
    "source_name",
]
