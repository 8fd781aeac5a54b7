"""A game being played: its table, the positions so far and the moves as text.

Moves are kept as text so a game can be saved, replayed, sent to the AI
worker and undone. Nothing here draws.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engines import find_game
from engines.core import Game, State
from kiosk.table import HUMAN, Table

_SERIALS = itertools.count(1)



@dataclass
class GameRun:
    table: Table
    game: Game = field(init=False)
    states: list[State] = field(init=False)
    moves: list[str] = field(default_factory=list)
    started: float = field(default_factory=time.time)
    serial: int = field(init=False, default_factory=lambda: next(_SERIALS))
    """This run's number, never given to another run of the process (unlike ``id()``)."""
    recorded: bool = field(init=False, default=False)
    """Set once the run is in the records (finished or abandoned): never recorded twice."""

    def __post_init__(self) -> None:
        self.game = find_game(self.table.spec)
        self.states = [self.game.initial_state()]
        self.rng = random.Random(self.table.seed)
        self.on_change: Callable[[GameRun], None] | None = None
        """Told after every change of position (the autosave)."""
        self._roller: tuple[State | None, int | None] = (None, None)

    @classmethod
    def resume(cls, table: Table, moves: list[str], started: float | None = None) -> GameRun:
        """The run of ``table`` after ``moves`` (a saved game begun at ``started``)."""
        run = cls(table) if started is None else cls(table, started=started)
        for text in moves:
            run.play(run.game.parse_move(run.state, text))
        return run

    @property
    def state(self) -> State:
        return self.states[-1]

    def seat(self, state: State | None = None) -> int | None:
        """The seat to decide in ``state`` (``None`` at a chance node or the end)."""
        current = state or self.state
        player = current.current_player
        return self.game.players.index(player) if player in self.game.players else None

    def controller(self, seat: int) -> str:
        return self.table.controllers[seat]

    def human_to_move(self) -> bool:
        seat = self.seat()
        return seat is not None and self.controller(seat) == HUMAN

    def roller(self) -> int | None:
        """At a chance node, the seat that plays after the throw (who throws, on screen)."""
        state = self.state
        if not state.is_chance_node():
            return None
        if self._roller[0] is not state:
            seat = None
            for move, _ in state.chance_outcomes():
                after = state.apply(move)
                if not after.is_chance_node():
                    seat = self.seat(after)
                    break
            self._roller = (state, seat)
        return self._roller[1]

    def play(self, move: Any) -> State:
        """Apply a legal decision (or chance outcome) and remember it."""
        state = self.state.apply(move)
        self.states.append(state)
        self.moves.append(str(move))
        self._changed()
        return state

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)

    def roll(self) -> Any:
        """Draw the chance outcome now (seeded) and play it."""
        move = self.state.sample_chance(self.rng)
        self.play(move)
        return move

    def can_undo(self) -> bool:
        return self.table.humans > 0 and self._undo_index() is not None

    def _undo_index(self) -> int | None:
        """Index of the last earlier position where a person was to decide."""
        for index in range(len(self.states) - 2, -1, -1):
            state = self.states[index]
            seat = self.seat(state)
            if seat is not None and self.controller(seat) == HUMAN and not state.is_terminal():
                return index
        return None

    def take_back(self, count: int) -> bool:
        """The last ``count`` decisions taken back (a takeback made on the board)."""
        if not 0 < count < len(self.states):
            return False
        del self.states[-count:]
        del self.moves[-count:]
        self._changed()
        return True

    def undo(self) -> bool:
        """Back to the last position where a person was to decide; False if none."""
        index = self._undo_index()
        if index is None:
            return False
        del self.states[index + 1 :]
        del self.moves[index:]
        self._changed()
        return True
