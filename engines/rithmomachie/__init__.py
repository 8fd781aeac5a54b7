"""Rithmomachie, the philosophers' game: ``rithmomachie:boissiere`` (Boutin after
Claude de Boissière, 16 x 8) and ``rithmomachie:medievale`` (the medieval
compilation, 8 x 16).  The rules as played, with every ruling, are in
``docs/rules/rithmomachie.md``.

Sides and squares
-----------------
Side 0 is the even side (pyramid 91, rounds 2 4 6 8), side 1 the odd side
(pyramid 190): noir and blanc for Boissière (noir plays first), blanc and noir
for the compilation (blanc plays first).  ``game.players`` lists side 0 first.
Squares are numbered like the geometry's grid (index ``y * width + x``, ``y = 0``
the top row).  Boissière names them row letter then column, ``A1``-``H16``
(column 1 is noir's back column); the compilation file then rank, ``a1``-``h16``
(rank 1 is blanc's back row).

Decisions (one at a time, the same player deciding until the turn ends)
-----------------------------------------------------------------------
- ``C2-C4``: a move (regular or, Boissière, irregular leap).  After a regular
  move (Boissière) or any move (compilation) the turn goes on with the captures
  available, if any;
- ``xC5``: take the piece on C5; ``xC5:16`` only the layer 16 of a pyramid,
  ``xd5:16+9`` (compilation) the layers 16 and 9 together.  At the start of a
  compilation turn, ``xd5`` is a siege;
- ``C3xA3``: Boissière's capture first (the captor on C3 takes A3, may take more
  the same way, then moves onto one of the emptied squares, ``C3-A3``, which
  ends the turn); in the compilation an assault or a sally, the captor taking
  the victim's place (``d2xd4:16`` takes a layer only and stays);
- ``25S@A1``: pose a captured piece, value then shape (C round, T triangle,
  S square), on an empty square of the player's back line (``25@A1`` is read
  too when a single captured 25 may go there);
- ``fin``: stop capturing (the turn also ends by itself when no capture is left).

Each capture carries how it is made (``kind``, ``captors``, ``detail``,
``describe()``) for the screens; these take no part in its notation.

Position text
-------------
Six fields separated by spaces::

    <rows> <player> <phase> <side-0 player>=<prisoners> <side-1 player>=<prisoners> <turns>

1. the board row by row from the top (Boissière: rows A to H, columns 1 to 16;
   compilation: ranks 16 down to 1, files a to h), rows separated by ``/``,
   squares by ``,``: a number is that many empty squares, a piece is its colour
   letter (``n`` noir, ``b`` blanc), value and shape (``n25S``), ``*`` for a
   captured piece posed by its new owner (``n56T*``); a pyramid lists its
   layers bottom first: ``n91P(36S.25S.16T.9T.4C.1C)``;
2. the player to move;
3. the phase: ``-`` (start of the turn), ``x`` (captures after a move or a
   pose), or Boissière's capture first: the captor's square followed by the
   squares it emptied, ``C3xA3xB4``;
4. and 5. each player's prisoners, ``noir=12T,3C,~16C`` (``~``: no longer
   poseable: already posed, or a Boissière pyramid layer), ``-`` for none;
6. the turns played (the move cap counts them).

Boissière's start::

    n25S,n15S,n9T,10,b100T,b190P(64S.49S.36T.25T.16C),b361S/n81S,n45S,n6T,10,b90T,
    b120S,b225S/1,n25T,n4C,n2C,8,b9C,b81C,b64T,1/1,n20T,n16C,n4C,8,b7C,b49C,b56T,1/1,
    n42T,n36C,n6C,8,b5C,b25C,b30T,1/1,n49T,n64C,n8C,8,b3C,b9C,b36T,1/n169S,
    n91P(36S.25S.16T.9T.4C.1C),n72T,10,b12T,b66S,b121S/n289S,n153S,n81T,10,b16T,
    b28S,b49S noir - noir=- blanc=- 0

(one line).  Like FEN, the text does not hold the positions seen before.

Modules
-------
:mod:`~engines.rithmomachie.pieces` pieces and the start; :mod:`~engines.rithmomachie.arith`
progressions, powers and digits; :mod:`~engines.rithmomachie.board` the two boards as
tables; :mod:`~engines.rithmomachie.moves` decisions and notation;
:mod:`~engines.rithmomachie.state` the position; :mod:`~engines.rithmomachie.rules` what
both rule sets share (poses, prisoners, captures found again near each change);
:mod:`~engines.rithmomachie.boissiere` and :mod:`~engines.rithmomachie.medievale` the two
rule sets, each with its captures (:mod:`~engines.rithmomachie.boissiere_captures`,
:mod:`~engines.rithmomachie.medievale_captures`); :mod:`~engines.rithmomachie.victory`
the victories;
:mod:`~engines.rithmomachie.text` position text, notation check, diagram;
:mod:`~engines.rithmomachie.playout` random playouts; :mod:`~engines.rithmomachie.game`
the game, registered on import of the package.
"""

from engines.rithmomachie.arith import (
    ARITHMETIC,
    GEOMETRIC,
    HARMONIC,
    is_power,
    kinds_among,
    progression,
)
from engines.rithmomachie.fields import CAPTURES, FIRST, MOVE
from engines.rithmomachie.game import Rithmomachie
from engines.rithmomachie.moves import DONE, Pose, RithmoMove, Strike, Take
from engines.rithmomachie.pieces import Piece, piece, pyramid
from engines.rithmomachie.state import RithmoState

__all__ = [
    "ARITHMETIC",
    "CAPTURES",
    "DONE",
    "FIRST",
    "GEOMETRIC",
    "HARMONIC",
    "MOVE",
    "Piece",
    "Pose",
    "RithmoMove",
    "RithmoState",
    "Rithmomachie",
    "Strike",
    "Take",
    "is_power",
    "kinds_among",
    "piece",
    "progression",
    "pyramid",
]
