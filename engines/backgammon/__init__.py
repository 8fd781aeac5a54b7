"""Backgammon (Jeux traditionnels d'Europe, p. 17): matches with the doubling cube.

The tables machinery (points, dice, maximal use of the dice, bear-off) is
shared with jacquet in :mod:`engines.tables`.  Each side's checkers are 26
counts in its own numbering (borne off, points 1-24, bar); noir's numbering
names the board's points.

Decisions (one per checker): ``24/18`` moves a checker from the mover's
24-point to its 18-point, ``bar/22`` enters from the bar, ``6/off`` bears
off (``24/18*`` is read too); ``pass`` when no die can be played; ``roll``
or ``double`` before throwing when the player may double, then ``take`` or
``drop`` by the opponent.  Dice are chance moves: ``dice:6,5``, and at the
opening throw noir's die then blanc's (a tie is thrown again).

Position text
-------------
Eight fields separated by spaces; the start is
``b2....n5.n3...b5n5...b3.b5....n2 0,0 - ouverture 1 0-0 - 0``:

1. the 24 points in noir's numbering, 1 to 24: ``.`` empty, ``n5`` five
   checkers of noir, ``b2`` two of blanc;
2. the checkers on the bar, noir's then blanc's (``0,1``); the rest of 15 are
   borne off;
3. the player whose turn it is (``noir``, ``blanc``; ``-`` at the opening
   throw); once the game is over, the winner;
4. the phase: ``ouverture`` (opening throw to come), ``videau`` (the player
   may double or roll), ``double`` (the opponent takes or drops), ``lancer``
   (dice to throw), the dice still to play (``6,5``, ``5``, ``3,3,3``), or how
   the game ended: ``fin`` (all checkers off), ``refus`` (a double dropped),
   ``limite`` (turn cap);
5. the cube: its value, followed by ``n`` or ``b`` when noir or blanc holds it
   (``1``, ``2``, ``4b``);
6. the match score, noir's then blanc's (``2-3``), final once the game is over;
7. ``crawford`` during the Crawford manche, else ``-``;
8. the turns played in this manche (for the turn cap).

The GNU Backgammon identifiers of a position are in
:mod:`~engines.backgammon.gnubg` (``gnubg_id``, ``position_id``,
``match_id``, ``from_gnubg_id``); ``Backgammon.from_text`` also reads
``PositionID:MatchID`` (or a Position ID alone) and the diagram shows them.

Modules
-------
:mod:`~engines.backgammon.rules` the checker steps; :mod:`~engines.backgammon.match`
stakes, cube and Crawford; :mod:`~engines.backgammon.state` the position
(its fast random playout is :mod:`engines.tables.playout`);
:mod:`~engines.backgammon.text` position text, notation check and diagram;
:mod:`~engines.backgammon.gnubg` Position ID and Match ID;
:mod:`~engines.backgammon.game` the game, registered on import of the package.
"""

from __future__ import annotations

from engines.backgammon.game import Backgammon, point_index
from engines.backgammon.gnubg import (
    from_gnubg_id,
    from_position_id,
    gnubg_id,
    match_id,
    position_id,
)
from engines.backgammon.match import manche_value
from engines.backgammon.rules import RULES, BackgammonRules
from engines.backgammon.state import START, BackgammonState
from engines.backgammon.text import START_TEXT

gnubg_position_id = position_id
"""Alias: the GNU Backgammon Position ID of a state."""

__all__ = [
    "RULES",
    "START",
    "START_TEXT",
    "Backgammon",
    "BackgammonRules",
    "BackgammonState",
    "from_gnubg_id",
    "from_position_id",
    "gnubg_id",
    "gnubg_position_id",
    "manche_value",
    "match_id",
    "point_index",
    "position_id",
]
