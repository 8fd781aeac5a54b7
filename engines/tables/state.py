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

import random
from collections.abc import Hashable, Sequence
from typing import ClassVar, Self

from engines.core import CHANCE, PASS, TERMINAL, DecisionKind, Dice, Game, State
from engines.tables.board import PLAYERS
from engines.tables.moves import (
    CHECKER_MOVES,
    OPENING_THROWS,
    ROLLS,
    CheckerMove,
    TablesMove,
)
from engines.tables.rules import (
    CHECKERS,
    Side,
    Step,
    TablesRules,
    complete_plays,
    legal_steps,
    pips,
    remaining,
)

OPENING, CUBE, ANSWER, DICE, MOVE, OVER = range(6)
"""Phases: opening throw (chance), roll or double (decision), take or drop
(decision of the other side), dice (chance), checker moves, game over."""
KIND_OF_PHASE = (
    DecisionKind.OPENING, DecisionKind.CUBE, DecisionKind.ANSWER, DecisionKind.THROW,
    DecisionKind.PLAY, DecisionKind.PLAY,
)
"""What each phase waits for (:meth:`TablesState.decision_kind`)."""

PASS_ONLY = (PASS,)
PLAYER_AT: tuple[tuple[str, str], ...] = (
    (CHANCE, CHANCE),
    PLAYERS,
    (PLAYERS[1], PLAYERS[0]),
    (CHANCE, CHANCE),
    PLAYERS,
    (TERMINAL, TERMINAL),
)
"""``PLAYER_AT[phase][mover]``: the ``current_player`` of a position (the opponent
answers a double)."""
MOVE_OF: dict[Step, CheckerMove] = {
    (origin, target): CHECKER_MOVES[origin][target] for origin in range(26) for target in range(26)
}
"""The checker move of each step."""
THROWS: tuple[Dice, ...] = tuple(d for d, p in ROLLS for _ in range(round(p * 36)))
"""The 36 equally likely throws, as their :data:`ROLLS` move (a double once, the others
twice, in the order of :data:`ROLLS`)."""
OPENINGS: tuple[Dice, ...] = tuple(d for d, _ in OPENING_THROWS)
THROW_MOVES: tuple[Dice, ...] = tuple(d for d, _ in ROLLS)


class TablesState(State[TablesMove]):
    """Checkers, the player whose turn it is, the phase and the dice left to play."""

    __slots__ = ("_moves", "_steps", "boards", "current_player", "dice", "game", "mover",
                 "phase", "turn")
    rules: ClassVar[TablesRules]
    game: Game[TablesMove]
    boards: tuple[Side, Side]
    mover: int
    phase: int
    dice: tuple[int, ...]
    turn: int
    _steps: dict[Step, int] | None
    _moves: Sequence[TablesMove] | None

    def _set_player(self) -> None:
        self.current_player = PLAYER_AT[self.phase][self.mover]

    def decision_kind(self) -> DecisionKind:
        return KIND_OF_PHASE[self.phase]

    def turn_ends(self) -> dict[Hashable, tuple[State[TablesMove], TablesMove]]:
        """The turn's endings from the complete plays of the dice (checker moves only)."""
        if self.phase != MOVE:
            return super().turn_ends()
        ends: dict[Hashable, tuple[State[TablesMove], TablesMove]] = {}
        for sides, play in complete_plays(self.rules, *self.sides(), self.dice).items():
            if not play:  # the dice cannot be played: no decision but to pass
                continue
            after: State[TablesMove] = self
            for move in play:
                after = after.apply_unchecked(move)
            ends[sides] = (after, play[0])
        return ends

    # -- the checkers -----------------------------------------------------------

    def sides(self) -> tuple[Side, Side]:
        """The mover's checkers and the opponent's, each in its own numbering."""
        mover = self.mover
        return self.boards[mover], self.boards[1 - mover]

    def steps(self) -> dict[CheckerMove, int]:
        """The checker moves allowed now, with the die each one plays."""
        return {MOVE_OF[step]: die for step, die in self._raw_steps().items()}

    def _raw_steps(self) -> dict[Step, int]:
        """:meth:`steps` as ``(origin, target)`` steps, worked out once."""
        found = self._steps
        if found is None:
            if self.phase == MOVE:
                mover = self.mover
                found = legal_steps(self.rules, self.boards[mover], self.boards[1 - mover],
                                    self.dice)
            else:
                found = {}
            self._steps = found
        return found

    def _play(self, move: CheckerMove) -> Self:
        """The state after a checker move of :meth:`steps`.

        When dice are left, the steps they allow are worked out here, once:
        they tell whether the turn goes on and are the next position's steps.
        """
        origin, target = move.origin, move.target
        die = self._raw_steps()[origin, target]
        mover = self.mover
        rules = self.rules
        own, other = rules.step(self.boards[mover], self.boards[1 - mover], origin, target)
        boards = (own, other) if mover == 0 else (other, own)
        if own[0] == CHECKERS:
            return self._finished(boards)
        rest = remaining(self.dice, die)
        if rest:
            steps = legal_steps(rules, own, other, rest)
            if steps:
                state = self._continued(boards, rest)
                state._steps = steps
                return state
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

    def chance_outcomes(self) -> Sequence[tuple[Dice, float]]:
        if self.phase == OPENING:
            return OPENING_THROWS
        if self.phase == DICE:
            return ROLLS
        return ()

    def sample_chance(self, rng: random.Random) -> TablesMove:
        """Draw the dice by their odds: one of the 36 equally likely throws."""
        if self.phase == DICE:
            return THROWS[int(rng.random() * 36)]
        if self.phase == OPENING:
            return OPENINGS[int(rng.random() * 36)]
        return super().sample_chance(rng)

    def legal_moves(self) -> Sequence[TablesMove]:
        moves = self._moves
        if moves is None:
            moves = self._moves = self._generate()
        return moves

    def _generate(self) -> Sequence[TablesMove]:
        phase = self.phase
        if phase == MOVE:
            return list(map(MOVE_OF.__getitem__, self._raw_steps())) or PASS_ONLY
        if phase == OPENING:
            return OPENINGS
        if phase == DICE:
            return THROW_MOVES
        return ()

    def is_legal(self, move: TablesMove) -> bool:
        if self.phase == MOVE:
            steps = self._raw_steps()
            if isinstance(move, CheckerMove):
                return (move.origin, move.target) in steps
            return move == PASS and not steps
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
