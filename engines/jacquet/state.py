"""The jacquet position: checkers, the turn's phase, the dice left to play."""

from __future__ import annotations

import random
from collections.abc import Hashable

from engines.core import Dice, Game, Outcome, draw, win
from engines.jacquet.rules import RULES
from engines.jacquet.text import BLOCKED, BORNE_OFF, CAPPED, render_diagram, write_position
from engines.outcomes import OutcomeCode
from engines.tables.board import PLAYERS
from engines.tables.moves import CheckerMove, TablesMove, dice_to_play
from engines.tables.playout import playout
from engines.tables.rules import Side, can_play
from engines.tables.state import DICE, MOVE, OVER, TablesState

START: Side = (0,) + (0,) * 23 + (15, 0)
"""Each side's start: the 15 checkers on its 24-point (noir B12, blanc N12)."""

class JacquetState(TablesState):
    """A jacquet position.  Once it is over, ``mover`` is the winner (unless the turn
    cap stopped the game) and ``end`` says how it ended."""

    __slots__ = ("end",)
    rules = RULES

    def __init__(self, game: Game, boards: tuple[Side, Side], mover: int, phase: int,
                 dice: tuple[int, ...], turn: int, end: str = "") -> None:
        self.game = game
        self.boards = boards
        self.mover = mover
        self.phase = phase
        self.dice = dice
        self.turn = turn
        self.end = end
        self._steps = None
        self._moves = None
        self._set_player()

    def apply_unchecked(self, move: TablesMove) -> JacquetState:
        if type(move) is CheckerMove:
            return self._play(move)
        if type(move) is Dice:
            if self.phase == DICE:
                return self._thrown(self.mover, dice_to_play(*move.values), self.turn)
            return self._opening(move)
        return self._next_turn(self.boards)  # pass

    def _opening(self, move: Dice) -> JacquetState:
        first, second = move.values
        if first == second:
            return self
        mover = 0 if first > second else 1
        return self._thrown(mover, (max(first, second), min(first, second)), 0)

    def _thrown(self, mover: int, dice: tuple[int, ...], turn: int) -> JacquetState:
        """The mover's checker moves begin (or, blocked with ``blocked_loses``, the game ends)."""
        if self.game.options["blocked_loses"]:
            own, other = self.boards[mover], self.boards[1 - mover]
            if not can_play(self.rules, own, other, dice):
                return JacquetState(self.game, self.boards, 1 - mover, OVER, (), turn, BLOCKED)
        return JacquetState(self.game, self.boards, mover, MOVE, dice, turn)

    def _continued(self, boards: tuple[Side, Side], dice: tuple[int, ...]) -> JacquetState:
        return JacquetState(self.game, boards, self.mover, MOVE, dice, self.turn)

    def _next_turn(self, boards: tuple[Side, Side]) -> JacquetState:
        turn = self.turn + 1
        mover = 1 - self.mover
        if turn >= self.game.options["max_turns"]:
            return JacquetState(self.game, boards, mover, OVER, (), turn, CAPPED)
        return JacquetState(self.game, boards, mover, DICE, (), turn)

    def _finished(self, boards: tuple[Side, Side]) -> JacquetState:
        return JacquetState(self.game, boards, self.mover, OVER, (), self.turn, BORNE_OFF)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        noir, blanc = self.boards
        scores = {PLAYERS[0]: noir[0], PLAYERS[1]: blanc[0]}
        if self.end == CAPPED:
            return draw(f"partie arrêtée après {self.turn} tours", OutcomeCode.MOVE_CAP, scores,
                        en=f"game stopped after {self.turn} turns")
        winner, loser = PLAYERS[self.mover], PLAYERS[1 - self.mover]
        if self.end == BLOCKED:
            return win(winner, f"{loser} est bloqué", OutcomeCode.BLOCKED, scores,
                       en=f"{loser} is blocked")
        left = 15 - self.boards[1 - self.mover][0]
        plural = "s" if left > 1 else ""
        return win(winner, f"{winner} a sorti tous ses pions ({loser} en a encore "
                   f"{left} en jeu)", OutcomeCode.ALL_OFF, scores,
                   en=f"{winner} bore off every checker ({loser} still has {left} "
                   f"checker{plural} in play)")

    def key(self) -> Hashable:
        return (self.boards, self.mover, self.phase, self.dice, self.turn, self.end)

    def to_text(self) -> str:
        return write_position(self, self.end)

    def diagram(self) -> str:
        return render_diagram(self)

    def random_playout(self, rng: random.Random) -> JacquetState:
        return self.playout(rng)

    def playout(
        self, rng: random.Random, trace: list[TablesMove] | None = None
    ) -> JacquetState:
        """Uniformly random decisions (dice by their odds) to the end of the game;
        ``trace``, when given, receives every move taken (dice included)."""
        return playout(self, rng, trace)
