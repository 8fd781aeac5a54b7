"""The thinking process keeps the last game it was asked about.

A question to the thinking process carries the whole game: its spec and every
move from the start, dice throws included. Replaying a long game at each
question is slow (2,000 moves of barricades take about 70 ms here, some
0.3 s on a Raspberry Pi 4), so :class:`KeptGame` keeps the position it
reached with the spec and the moves that led there, and when the next
question extends those moves (the machine's answer, a person's move, a
throw) it applies only the moves added since. Any other question — after an
undo or a takeback, a new game, another game — is replayed from the start,
as is the first one of a fresh process.

Positions are immutable and each move is read from its text exactly as a
full replay reads it (a throw of the dice is a move like any other), so the
position is the one a full replay gives.

What is kept is what the worker's loop held anyway between two questions,
the last position: a few kilobytes, except at rithmomachy, whose positions
each hold the one before (about 3 MB after its 300 turns).
"""

from __future__ import annotations

from collections.abc import Sequence

from engines import find_game
from engines.core import State


class KeptGame:
    """The position after the last moves asked about, to extend with the next ones."""

    def __init__(self, keep: bool = True) -> None:
        self.keep = keep
        """False: every question is replayed from the start (for comparisons)."""
        self.full_replays = 0
        """Questions replayed from the start."""
        self.extensions = 0
        """Questions answered from the kept position and the moves added since."""
        self._spec = ""
        self._moves: tuple[str, ...] = ()
        self._state: State | None = None

    def position(self, spec: str, moves: Sequence[str]) -> State:
        """The position after ``moves`` of the game ``spec``.

        Raises as :meth:`engines.core.Game.replay` does for a move the rules refuse;
        the kept position is then forgotten.
        """
        moves = tuple(moves)
        kept, self._state = self._state, None
        game = find_game(spec)
        known = len(self._moves)
        if self.keep and kept is not None and spec == self._spec and moves[:known] == self._moves:
            state = game.replay(moves[known:], kept)
            self.extensions += 1
        else:
            kept = None  # the old position is garbage before the new one is built
            state = game.replay(moves)
            self.full_replays += 1
        self._spec, self._moves, self._state = spec, moves, state
        return state
