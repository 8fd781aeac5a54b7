"""Moulin and tablut endgames: look for forced wins first, deeper than the usual search.

With few pieces left, the games turn on short forced sequences: a mill
that leaves the opponent two pieces, the king's run to the edge.  The
endgame player of these games spends :data:`MATE_SHARE` of the decision's
budget on a search without evaluator (:class:`engines.ai.alphabeta.AlphaBeta`
with no evaluator: every position at its horizon is worth 0, only finished
games count).  It visits its nodes several times faster than the heuristic
search (no evaluation) and prunes more (all unknowns are equal), so it
proves wins and losses a ply or two deeper.  Wins are scored
``WIN - ply``, so iterative deepening finds the fastest one first and the
slowest loss is preferred.  Then:

- a forced win is played at once (the fastest);
- when every move loses, the slowest loss is played;
- otherwise the usual heuristic search decides with the rest of the budget,
  among the moves not proven lost.

"Few pieces" (:data:`FEW_PIECES`): moulin in the moving or flying phase
(no piece left in hand) with at most 8 pieces on the board in all; tablut
with at most 16 pieces (the king included) of the 25 it starts with.
Measured on a 2-core x86 machine (busy with other work, so roughly): the
search without evaluator visits three to four times more moulin positions
per second than the heuristic one and about twice as many tablut ones; in
one second it reaches depth 5 to 7 in tablut positions of at most 16
pieces (4 to 5 with 20 to 25), and proves the wins in 4 and 5 decisions of
the tests in 0.03 to 0.15 s.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType

from engines.ai.alphabeta import MATE, AlphaBeta
from engines.ai.budget import Clock
from engines.ai.endgame import ENDGAME_LEVELS, EndgameChoice, PartClock
from engines.ai.evaluation import Evaluator
from engines.core import Game, State
from engines.moulin import MoulinState
from engines.tablut import TablutState

FEW_PIECES: Mapping[str, int] = MappingProxyType({"moulin": 8, "tablut": 16})
"""Most pieces on the board (both sides) at which a game is played as an endgame."""
MATE_SHARE = 0.4
"""Share of the decision's budget the search for forced wins may use."""


def pieces_left(state: State) -> int | None:
    """Pieces on the board of a moulin (``None`` while some are in hand) or tablut position."""
    if isinstance(state, MoulinState):
        if state.hand[0] or state.hand[1]:
            return None
        return state.board[0].bit_count() + state.board[1].bit_count()
    if isinstance(state, TablutState):
        white, black = state.counts()
        return white + black
    return None


def is_endgame(state: State) -> bool:
    """Whether ``state`` (moulin or tablut) has few enough pieces left."""
    left = pieces_left(state)
    return left is not None and left <= FEW_PIECES[state.game.id]


class DeeperEndgame:
    """A level's endgame in moulin or tablut: forced wins first, then the usual search."""

    def __init__(self, evaluator: Evaluator | None) -> None:
        self.evaluator = evaluator

    def choose(self, state: State, clock: Clock, rng: random.Random) -> EndgameChoice | None:
        """The decision in ``state`` within ``clock``; ``None`` if not an endgame."""
        if state.is_terminal() or not is_endgame(state):
            return None
        mate = AlphaBeta(None).search(state, PartClock(clock, MATE_SHARE), rng)
        moves = list(state.legal_moves())
        lost = [move for move, value in mate.scores if value < -MATE]
        if mate.score > MATE or len(lost) == len(moves):
            return EndgameChoice(mate.move, "mate", mate.nodes, mate.depth)
        rest = PartClock(clock, 1.0, mate.nodes)
        playable = [move for move in moves if move not in lost]
        found = AlphaBeta(self.evaluator).search(state, rest, rng, moves=playable)
        return EndgameChoice(found.move, "alphabeta", mate.nodes + found.nodes, found.depth)


def endgame_player(game: Game, level: str, evaluator: Evaluator | None) -> DeeperEndgame | None:
    """The endgame player of ``level`` in moulin or tablut (``None`` for other levels)."""
    if level not in ENDGAME_LEVELS or game.id not in FEW_PIECES:
        return None
    return DeeperEndgame(evaluator)
