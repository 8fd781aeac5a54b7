"""Barricades (Jeux traditionnels d'Europe, p. 22) and ``barricades:equipes``.

The board
---------
The source's plan is missing; the kiosk's board, in the classic style, is
the data of :mod:`engines.barricades.board` (``PLAN``): four houses of five
pawns along the bottom (``m1``-``m4``, left to right), the first row joining
them, rows and connectors climbing to the goal ``but`` at the top, with
loops so that the route matters, and 15 dark points where the barricades
stand at the start.  Points ``p1``-``p105`` are numbered row by row from the
bottom, left to right (``p1``-``p17`` the first row, ``p105`` just under
the goal).  Every house is 39 steps from the goal.

Play
----
Players are ``rouge``, ``vert``, ``jaune``, ``bleu`` (option ``players``, 2 by
default, seats in that order, houses ``m1``-``m4``); ``rouge``, the
leftmost, starts.  A turn: the dice (chance move ``dice:6,5``), then one
pawn moves exactly one die's number of steps (``p12-p31``; out of the house
``m1-p3``, the house exit counting as step 1) along a path that never comes
back to a point, over any pawns but no barricade; it may not end on one of
its own (or, in teams, a partner's) pawns; an enemy pawn there goes home.
Ending exactly on a barricade picks it up, and the same player puts it on
any empty point off the first row and the goal (``b@p40``).  No move with
either die: ``pass``.  The first pawn on the goal (exact count) wins, for
its team with ``teams`` (seats 1+3 against 2+4).  Option ``max_turns``: the
game is stopped as a draw after that many turns.

Position text
-------------
Five fields separated by spaces; the start is (one line)::

    ./x/................./xx/....x.......x..../x/........./xx/......x....../xxxx/
    ....x.......x..../...../................. rouge - - 0

1: the points row by row from the top (the goal, then ``p105``,
then ``p88``-``p104`` ...  down to the first row ``p1``-``p17``), each row
left to right, rows separated by ``/``: ``.`` empty, ``x`` a barricade,
``R V J B`` a pawn of rouge, vert, jaune, bleu; pawns not on the board are
in their house.  2: the player whose turn it is.  3: the dice waiting for a
move (``6,5``) or ``-``.  4: ``b`` when that player puts a picked-up
barricade next, else ``-``.  5: the turns finished (the move cap reads it).

Modules
-------
:mod:`~engines.barricades.board` the plan and the tables read from it;
:mod:`~engines.barricades.rules` moves with a die, barricade places, a move
played; :mod:`~engines.barricades.state` the position;
:mod:`~engines.barricades.playout` the fast random playout;
:mod:`~engines.barricades.text` position text, notation check, diagram;
:mod:`~engines.barricades.game` the game, registered on import.
"""

from __future__ import annotations

from engines.barricades.board import (
    BARRICADE_ALLOWED,
    BARRICADES,
    DARK_POINTS,
    DISTANCE,
    EDGES,
    EXITS,
    FIRST_ROW,
    GOAL,
    HOUSES,
    INDEX,
    MOVES,
    NAMES,
    NEIGHBOURS,
    PATHS,
    PAWNS,
    PLAN,
    POINTS,
    START_BARRICADES,
)
from engines.barricades.game import Barricades
from engines.barricades.rules import (
    COLOURS,
    LETTERS,
    PUTS,
    TWO_DICE,
    BarricadesMove,
    PutBarricade,
    barricade_places,
    pawn_moves,
)
from engines.barricades.state import BarricadesState
from engines.barricades.text import TEXT_ROWS, read_position, write_position

__all__ = [
    "BARRICADES",
    "BARRICADE_ALLOWED",
    "COLOURS",
    "DARK_POINTS",
    "DISTANCE",
    "EDGES",
    "EXITS",
    "FIRST_ROW",
    "GOAL",
    "HOUSES",
    "INDEX",
    "LETTERS",
    "MOVES",
    "NAMES",
    "NEIGHBOURS",
    "PATHS",
    "PAWNS",
    "PLAN",
    "POINTS",
    "PUTS",
    "START_BARRICADES",
    "TEXT_ROWS",
    "TWO_DICE",
    "Barricades",
    "BarricadesMove",
    "BarricadesState",
    "PutBarricade",
    "barricade_places",
    "pawn_moves",
    "read_position",
    "write_position",
]
