"""What a rithmomachie position is made of, below its state: the turn's phases, the
board's cells and the prisoners (so that the position text reads them without the state)."""

from __future__ import annotations

from engines.rithmomachie.pieces import Piece

MOVE, CAPTURES, FIRST = 0, 1, 2
"""The turn's phases: a move to choose, the captures it allows to choose, and (with
the captures-first rule) the captor's step onto a square its captures emptied."""

Prisoner = tuple[int, str, bool]
"""A captured piece: value, shape, whether it may still be posed."""
Prisoners = tuple[tuple[Prisoner, ...], tuple[Prisoner, ...]]
Cells = tuple[Piece | None, ...]
