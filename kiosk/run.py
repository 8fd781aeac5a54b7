"""A game being played: its table, the positions so far and the moves as text.

Moves are kept as text so a game can be saved, replayed, sent to the AI
worker and undone. Nothing here draws.

Every entry of the history has an *actor*: the seat that decided it, or for a
throw of the dice the seat that throws (the one that plays after it). Undo is
per seat: a person takes back their own last decision, with everything played
after it (the machines' replies, the dice thrown since), and only while no
other person has acted since — their decision or their throw. The throw that
came before the decision stays: the person decides again with the same dice.

Each decision played and each takeback is told to the run's listeners
(:attr:`GameRun.decisions`): the keeper, the board, the scene.
"""

from __future__ import annotations

import itertools
import random
import time
from dataclasses import dataclass, field
from typing import Any

from engines import find_game
from engines.core import Game, State
from kiosk.coach import CoachNote, cut_notes
from kiosk.decisions import Decisions
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
    actors: list[int | None] = field(init=False, default_factory=list)
    """For each entry of ``moves``, the seat that made it (a throw: the seat that throws)."""
    coach_notes: list[CoachNote] = field(init=False, default_factory=list)
    """The coach's notes on the coached persons' decisions (:mod:`kiosk.coach`)."""

    def __post_init__(self) -> None:
        self.game = find_game(self.table.spec)
        self.states = [self.game.initial_state()]
        self.rng = random.Random(self.table.seed)
        self.decisions = Decisions()
        """Told of every change of position: a decision played, decisions taken back."""
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
            self._roller = (state, self._thrower(state))
        return self._roller[1]

    def _thrower(self, state: State) -> int | None:
        """The seat that throws at the chance node ``state``: the first to decide after it."""
        for move, _ in state.chance_outcomes():
            after = state.apply(move)
            if not after.is_chance_node() and not after.is_terminal():
                return self.seat(after)
        return None

    def _actor(self, state: State) -> int | None:
        """Who acts in ``state``: the seat to decide, or at a chance node the one who throws."""
        if state.is_chance_node():
            return self.roller() if state is self.state else self._thrower(state)
        return self.seat(state)

    def play(self, move: Any) -> State:
        """Apply a legal decision (or chance outcome) and remember it."""
        before = self.state
        actor = self._actor(before)
        state = before.apply(move)
        self.states.append(state)
        self.moves.append(str(move))
        self.actors.append(actor)
        self.decisions.played(before, move, state)
        return state

    def roll(self) -> Any:
        """Draw the chance outcome now (seeded) and play it."""
        move = self.state.sample_chance(self.rng)
        self.play(move)
        return move

    def is_person(self, seat: int | None) -> bool:
        return seat is not None and self.controller(seat) == HUMAN

    def undoer(self) -> int | None:
        """The seat that may take back its last decision now, if any.

        At most one may: the last person to act (any other has been followed by them).
        """
        last = next((a for a in reversed(self.actors) if self.is_person(a)), None)
        return last if last is not None and self.can_undo(last) else None

    def can_undo(self, seat: int) -> bool:
        """True when ``seat`` (a person) may take back its last decision."""
        return self._undo_index(seat) is not None

    def _undo_index(self, seat: int) -> int | None:
        """Index in ``moves`` of ``seat``'s last decision, if no other person acted since."""
        if not self.is_person(seat) or self.state.is_terminal():
            return None
        for index in range(len(self.moves) - 1, -1, -1):
            actor = self.actors[index]
            if actor == seat:
                if not self.states[index].is_chance_node():
                    return index
            elif self.is_person(actor):
                return None
        return None

    def take_back(self, count: int) -> bool:
        """The last ``count`` decisions taken back (a takeback made on the board)."""
        if not 0 < count < len(self.states):
            return False
        self._cut(len(self.moves) - count)
        return True

    def undo(self, seat: int) -> bool:
        """``seat``'s last decision taken back, with all played after it; False if it may not."""
        index = self._undo_index(seat)
        if index is None:
            return False
        self._cut(index)
        return True

    def _cut(self, index: int) -> None:
        """Back to the position before entry ``index`` of the history."""
        del self.states[index + 1 :]
        del self.moves[index:]
        del self.actors[index:]
        cut_notes(self.coach_notes, index)
        self.decisions.undone(self.state)
