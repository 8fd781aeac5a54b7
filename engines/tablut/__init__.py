"""Tablut (Jeux traditionnels d'Europe, p. 14): Swedes and their king against Muscovites.

Squares are numbered like the geometry's grid: index ``9 * r + c`` with
``r = 0`` the top row (rank 9) and ``c = 0`` column ``a``, so ``a9`` is 0,
the throne ``e5`` is 40 and ``i1`` is 80.  A position is three integers:
the Swedes' bitboard, the Muscovites' bitboard and the king's square
(``-1`` once he is taken), plus the player to move and the ply counter.

Position text (one line, like FEN): the nine ranks from 9 down to 1
separated by ``/``, each nine characters among ``R`` (the king, *roi*),
``B`` (a Swede, *blanc*), ``N`` (a Muscovite, *noir*) and ``.`` (empty);
then the player to move (``blanc`` or ``noir``) and the number of plies
played, which the move cap reads.  The start is (one line)::

    ...NNN.../....N..../....B..../N...B...N/NNBBRBBNN/N...B...N/
    ....B..../....N..../...NNN... blanc 0

Moves are ``e1-e3`` (:class:`engines.core.PathMove` from one square to the
other).  Every move object is built once, at import.

Modules: :mod:`~engines.tablut.board` squares, rays and move tables;
:mod:`~engines.tablut.rules` moves, captures and endings on bitboards;
:mod:`~engines.tablut.state` the position; :mod:`~engines.tablut.playout` the
fast random playout; :mod:`~engines.tablut.text` position text, notation check
and diagram; :mod:`~engines.tablut.game` the game, registered on import of the
package.
"""

from __future__ import annotations

from engines.bits import bit_indices
from engines.tablut.board import (
    BLANC,
    CAPTURE_PAIRS,
    CELLS,
    DIRECTIONS,
    EDGE,
    EDGE_SQUARES,
    ESCAPES,
    INDEX,
    KING_MOVES,
    KING_RING,
    MAN_MOVES,
    MOVE_OF,
    NAMES,
    NOIR,
    PLAYERS,
    RAY_MASKS,
    RAYS,
    SEG_KING,
    SEG_MAN,
    SEG_SLOW,
    SEG_TARGET,
    SIZE,
    SLOT_OF,
    SLOTS,
    SLOW_ESCAPES,
    THRONE,
    THRONE_AT,
    THRONE_BIT,
    WALL,
    TablutMove,
)
from engines.tablut.game import Tablut
from engines.tablut.rules import (
    captured,
    free_paths,
    generate,
    has_move,
    judge,
    king_taken,
    reach,
)
from engines.tablut.state import RAICHI, TablutState
from engines.tablut.text import (
    START_TEXT,
    read_position,
    render_diagram,
    write_position,
)

__all__ = [
    "BLANC",
    "CAPTURE_PAIRS",
    "CELLS",
    "DIRECTIONS",
    "EDGE",
    "EDGE_SQUARES",
    "ESCAPES",
    "INDEX",
    "KING_MOVES",
    "KING_RING",
    "MAN_MOVES",
    "MOVE_OF",
    "NAMES",
    "NOIR",
    "PLAYERS",
    "RAICHI",
    "RAYS",
    "RAY_MASKS",
    "SEG_KING",
    "SEG_MAN",
    "SEG_SLOW",
    "SEG_TARGET",
    "SIZE",
    "SLOTS",
    "SLOT_OF",
    "SLOW_ESCAPES",
    "START_TEXT",
    "THRONE",
    "THRONE_AT",
    "THRONE_BIT",
    "WALL",
    "Tablut",
    "TablutMove",
    "TablutState",
    "bit_indices",
    "captured",
    "free_paths",
    "generate",
    "has_move",
    "judge",
    "king_taken",
    "reach",
    "read_position",
    "render_diagram",
    "write_position",
]
