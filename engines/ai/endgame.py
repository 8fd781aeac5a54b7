"""Endgame play: which games search their endings in their own way, and with what time.

Near the end of some games a better use of the decision's budget exists
than the usual heuristic search:

- reversi (:mod:`engines.ai.endgame_reversi`): with few empty squares the
  rest of the game is solved exactly and the move with the best final disc
  difference is played;
- moulin and tablut (:mod:`engines.ai.endgame_deeper`): with few pieces left,
  a search for forced wins (no evaluator: it only sees wins and losses, so
  it prunes more and goes deeper) runs first; a win is played the fastest
  way, moves proven lost are left out of the heuristic search that follows.

:func:`endgame_for` gives a level's endgame player of a game, if any (never
for ``debutant``, whose play stays deliberately weak).  Its ``choose(state,
clock, rng)`` returns ``None`` when the position is not an endgame for it,
else the whole decision, taken within ``clock``: the budget is split between
the endgame search and, when that proves nothing, the usual search, with
:class:`PartClock`.
"""

from __future__ import annotations

import importlib
import random
import time
from dataclasses import dataclass
from typing import Protocol

from engines.ai.budget import Clock
from engines.ai.evaluation import Evaluator
from engines.ai.profiles import profile_for
from engines.core import Game, Move, State

ENDGAME_LEVELS = ("joueur", "expert")
"""The levels that play endgames in their own way."""


@dataclass(frozen=True)
class EndgameChoice:
    """A decision taken by an endgame player, and how."""

    move: Move
    algorithm: str
    """``endgame`` (exact reversi solve), ``endgame-wdl`` (a reversi win or draw proven),
    ``mate`` (a forced win, or every move lost, proven) or ``alphabeta`` (the usual search)."""
    nodes: int
    depth: int


class EndgamePlayer(Protocol):
    """Plays the endgames of one game for one level."""

    def choose(self, state: State, clock: Clock, rng: random.Random) -> EndgameChoice | None:
        """The decision in ``state`` within ``clock``, or ``None`` if not an endgame."""
        ...


class PartClock(Clock):
    """A share of what is left of another clock.

    Its deadline comes ``share`` of the remaining time from now, its node
    limit is ``share`` of the nodes ``parent`` has left after ``used``
    (at least one).  It is out of time as soon as its parent is, so a
    clock that tests drive by hand still rules.
    """

    __slots__ = ("parent",)

    def __init__(self, parent: Clock, share: float, used: int = 0) -> None:
        self.parent = parent
        self.started = parent.started
        now = time.perf_counter()
        self.deadline = None
        if parent.deadline is not None:
            self.deadline = now + share * max(0.0, parent.deadline - now)
        self.node_limit = None
        if parent.node_limit is not None:
            self.node_limit = max(1, int(share * (parent.node_limit - used)))

    def out_of_time(self) -> bool:
        if self.parent.out_of_time():
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline


def endgame_for(game: Game, level: str, evaluator: Evaluator | None) -> EndgamePlayer | None:
    """The endgame player of ``game`` at ``level``, if the game and the level have one."""
    name = profile_for(game).endgame
    if level not in ENDGAME_LEVELS or name is None:
        return None
    module = importlib.import_module(name)
    player: EndgamePlayer | None = module.endgame_player(game, level, evaluator)
    return player
