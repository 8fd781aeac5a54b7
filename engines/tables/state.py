"""The part of a tables position both games share: the checkers and the dice to play.

A state knows both sides' checkers (``boards[0]`` noir's, ``boards[1]``
blanc's, each in its own numbering), whose turn it is (``mover``), the
phase of the turn and, while moving, the dice still to play.  Each checker
move is one decision; the turn ends by itself when no die is left or none
of those left can be played, and a player who cannot play any die at the
start of the turn says ``pass``.  Subclasses decide what happens between
turns (the doubling cube, matches) and at the end of a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Self

from engines.core import CHANCE, PASS, TERMINAL, Game, State
from engines.tables.board import PLAYERS
from engines.tables.moves import (
    CHECKER_MOVES,
    OPENING_THROWS,
    ROLLS,
    CheckerMove,
)
from engines.tables.rules import (
    CHECKERS,
    Side,
    TablesRules,
    can_play,
    legal_steps,
    pips,
    remaining,
)

OPENING, CUBE, ANSWER, DICE, MOVE, OVER = range(6)
"""Phases: opening throw (chance), roll or double (decision), take or drop
(decision of the other side), dice (chance), checker moves, game over."""

PASS_ONLY = (PASS,)


class TablesState(State):
    """Checkers, the player whose turn it is, the phase and the dice left to play."""

    __slots__ = ("_moves", "_steps", "boards", "current_player", "dice", "game", "mover",
                 "phase", "turn")
    rules: ClassVar[TablesRules]
    game: Game
    boards: tuple[Side, Side]
    mover: int
    phase: int
    dice: tuple[int, ...]
    turn: int
    _steps: dict[CheckerMove, int] | None
    _moves: Sequence[Any] | None

    def _set_player(self) -> None:
        phase = self.phase
        if phase in (OPENING, DICE):
            self.current_player = CHANCE
        elif phase == OVER:
            self.current_player = TERMINAL
        elif phase == ANSWER:
            self.current_player = PLAYERS[1 - self.mover]
        else:
            self.current_player = PLAYERS[self.mover]

    # -- the checkers -----------------------------------------------------------

    def sides(self) -> tuple[Side, Side]:
        """The mover's checkers and the opponent's, each in its own numbering."""
        mover = self.mover
        return self.boards[mover], self.boards[1 - mover]

    def steps(self) -> dict[CheckerMove, int]:
        """The checker moves allowed now, with the die each one plays."""
        found = self._steps
        if found is None:
            if self.phase == MOVE:
                own, other = self.sides()
                raw = legal_steps(self.rules, own, other, self.dice)
                found = {CHECKER_MOVES[p][t]: die for (p, t), die in raw.items()}
            else:
                found = {}
            self._steps = found
        return found

    def _play(self, move: CheckerMove) -> Self:
        """The state after a checker move of :meth:`steps`."""
        die = self.steps()[move]
        mover = self.mover
        own, other = self.rules.step(self.boards[mover], self.boards[1 - mover],
                                     move.origin, move.target)
        boards = (own, other) if mover == 0 else (other, own)
        if own[0] == CHECKERS:
            return self._finished(boards)
        rest = remaining(self.dice, die)
        if rest and can_play(self.rules, own, other, rest):
            return self._continued(boards, rest)
        return self._next_turn(boards)

    def _continued(self, boards: tuple[Side, Side], dice: tuple[int, ...]) -> Self:
        """The same turn with the dice left to play."""
        raise NotImplementedError

    def _next_turn(self, boards: tuple[Side, Side]) -> Self:
        """The other side's turn begins."""
        raise NotImplementedError

    def _finished(self, boards: tuple[Side, Side]) -> Self:
        """The mover has borne off every checker."""
        raise NotImplementedError

    # -- protocol ---------------------------------------------------------------

    def chance_outcomes(self) -> Sequence[tuple[Any, float]]:
        if self.phase == OPENING:
            return OPENING_THROWS
        if self.phase == DICE:
            return ROLLS
        return ()

    def legal_moves(self) -> Sequence[Any]:
        moves = self._moves
        if moves is None:
            moves = self._moves = self._generate()
        return moves

    def _generate(self) -> Sequence[Any]:
        phase = self.phase
        if phase == MOVE:
            return list(self.steps()) or PASS_ONLY
        if phase == OPENING:
            return [m for m, _ in OPENING_THROWS]
        if phase == DICE:
            return [m for m, _ in ROLLS]
        return ()

    def is_legal(self, move: Any) -> bool:
        if self.phase == MOVE:
            try:
                return move in self.steps() or (move == PASS and not self.steps())
            except TypeError:  # unhashable
                return False
        return move in self.legal_moves()

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def total_pips(self) -> tuple[int, int]:
        """Noir's and blanc's pip counts."""
        return pips(self.boards[0]), pips(self.boards[1])


def new_side(points: dict[int, int]) -> Side:
    """A side from ``{point: count}`` in its own numbering (25 the bar); the rest is off."""
    side = [0] * 26
    for point, count in points.items():
        side[point] = count
    side[0] = CHECKERS - sum(side)
    return tuple(side)
