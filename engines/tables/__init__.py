"""The "tables" family shared by backgammon and jacquet: 24 points, 15 checkers, 2 dice.

:mod:`~engines.tables.moves` the decisions (``24/18``, ``bar/22``,
``6/off``, ``roll``, ``double``, ``take``, ``drop``) and the dice, built
once; :mod:`~engines.tables.rules` a game's single steps and, shared, the
maximal use of the dice (doubles played four times, the larger die when
only one can be played), bear-off and the distinct complete plays of a
throw; :mod:`~engines.tables.state` the checker-move phase of a position;
:mod:`~engines.tables.board` points in noir's numbering, layout, text and
diagram; :mod:`~engines.tables.playout` the fast random playout of both games.
"""

from engines.tables.board import BLANC, NOIR, PLAYERS, track_geometry
from engines.tables.moves import (
    BAR,
    CHECKER_MOVES,
    DOUBLE,
    DROP,
    OFF,
    OPENING_THROWS,
    ROLL,
    ROLLS,
    TAKE,
    CheckerMove,
    CubeAction,
    TablesMove,
    dice_to_play,
)
from engines.tables.rules import (
    CHECKERS,
    Side,
    TablesRules,
    can_play,
    complete_plays,
    legal_steps,
    pips,
)
from engines.tables.state import ANSWER, CUBE, DICE, MOVE, OPENING, OVER, TablesState, new_side

__all__ = [
    "ANSWER",
    "BAR",
    "BLANC",
    "CHECKERS",
    "CHECKER_MOVES",
    "CUBE",
    "DICE",
    "DOUBLE",
    "DROP",
    "MOVE",
    "NOIR",
    "OFF",
    "OPENING",
    "OPENING_THROWS",
    "OVER",
    "PLAYERS",
    "ROLL",
    "ROLLS",
    "TAKE",
    "CheckerMove",
    "CubeAction",
    "Side",
    "TablesMove",
    "TablesRules",
    "TablesState",
    "can_play",
    "complete_plays",
    "dice_to_play",
    "legal_steps",
    "new_side",
    "pips",
    "track_geometry",
]
