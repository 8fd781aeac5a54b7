"""The assaut position: soldiers and officers as grid bitboards, the player to move,
the officers still to place, the officers that may be huffed, the moves played and
the positions since the last irreversible move; the protocol on top of
:mod:`engines.assaut.rules`."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from engines.assaut.board import (
    BOARD,
    FORTRESS,
    GRID,
    PLACES,
    PLAYERS,
    REMOVES,
    SOLDIERS_TO_WIN,
    AssautMove,
)
from engines.assaut.playout import playout
from engines.assaut.rules import (
    FREE,
    can_capture,
    captured_bits,
    offenders,
    officer_options,
    officers_can_step,
    soldier_steps,
    soldiers_can_step,
)
from engines.assaut.text import render_diagram, write_position
from engines.bits import bit_indices
from engines.core import TERMINAL, Outcome, PathMove, Place, Remove, State, draw, win
from engines.outcomes import OutcomeCode

if TYPE_CHECKING:
    from engines.assaut.game import Assaut

Key = tuple[int, int, int, int, int]
"""``(soldiers, officers, mover, officers to place, huffable)``."""

_ENGLISH = {"soldats": "the soldiers", "officiers": "the officers"}


class AssautState(State[AssautMove]):
    """One assaut position; ``mover`` is 0 for the soldiers, 1 for the officers."""

    __slots__ = (
        "_best",
        "_moves",
        "_outcome",
        "current_player",
        "game",
        "hand",
        "history",
        "huffable",
        "mover",
        "officers",
        "ply",
        "soldiers",
    )
    game: Assaut

    def __init__(
        self,
        game: Assaut,
        soldiers: int,
        officers: int,
        mover: int,
        hand: int,
        huffable: int,
        ply: int,
        before: tuple[Key, ...] = (),
    ) -> None:
        self.game = game
        self.soldiers = soldiers
        self.officers = officers
        self.mover = mover
        self.hand = hand  # officers still to place
        self.huffable = huffable  # officers the soldiers may huff now (grid bits)
        self.ply = ply  # moves played since the set-up (the cap)
        self.history = (*before, (soldiers, officers, mover, hand, huffable))
        self._moves: tuple[AssautMove, ...] | None = None
        self._best: dict[int, int] = {}
        self._outcome = self._judge()
        self.current_player = TERMINAL if self._outcome else PLAYERS[mover]

    # -- rules ------------------------------------------------------------------

    def _judge(self) -> Outcome | None:
        """How the game is over in this position, or ``None``; wins before draws."""
        soldiers, officers = self.soldiers, self.officers
        count = soldiers.bit_count()
        scores = {PLAYERS[0]: count, PLAYERS[1]: officers.bit_count() + self.hand}
        if soldiers & FORTRESS == FORTRESS:
            return win(PLAYERS[0], "les soldats occupent les 9 points de la forteresse",
                       OutcomeCode.FORTRESS_TAKEN, scores,
                       en="the soldiers hold the 9 fortress points")
        if count < SOLDIERS_TO_WIN:
            return win(PLAYERS[1], f"il ne reste que {count} soldats", OutcomeCode.TOO_FEW_SOLDIERS,
                       scores, en=f"only {count} soldiers are left")
        if not officers and not self.hand:
            return win(PLAYERS[0], "les deux officiers ont été soufflés", OutcomeCode.NO_OFFICERS,
                       scores, en="both officers have been huffed")
        if not self._can_move():
            mover = PLAYERS[self.mover]
            return win(PLAYERS[1 - self.mover], f"les {mover} ne peuvent plus bouger",
                       OutcomeCode.BLOCKED, scores, en=f"{_ENGLISH[mover]} cannot move")
        if self.history.count(self.history[-1]) >= 3:
            return draw("position répétée trois fois", OutcomeCode.REPETITION, scores,
                        en="position repeated three times")
        if self.ply >= self.game.max_moves:
            limit = self.game.max_moves
            return draw(f"limite de {limit} coups", OutcomeCode.MOVE_CAP, scores,
                        en=f"limit of {limit} moves")
        return None

    def _can_move(self) -> bool:
        empty = BOARD & ~(self.soldiers | self.officers)
        if self.hand:
            return bool(FORTRESS & empty)
        if self.mover == 0:
            return bool(self.huffable) or soldiers_can_step(self.soldiers, empty)
        return officers_can_step(self.officers, empty) or can_capture(
            self.officers, self.soldiers
        )

    def legal_moves(self) -> Sequence[AssautMove]:
        if self._outcome is not None:
            return ()
        if self._moves is None:
            self._moves = self._generate()
        return self._moves

    def _generate(self) -> tuple[AssautMove, ...]:
        empty = BOARD & ~(self.soldiers | self.officers)
        if self.hand:
            return tuple(PLACES[g] for g in bit_indices(FORTRESS & empty))
        if self.mover == 0:
            huffs = [REMOVES[g] for g in bit_indices(self.huffable)]
            return (*huffs, *soldier_steps(self.soldiers, empty))
        moves, self._best = officer_options(self.soldiers, self.officers, self.game.capture)
        return tuple(moves)

    def is_legal(self, move: AssautMove) -> bool:
        if self._outcome is not None:
            return False
        if type(move) is Place or type(move) is Remove:
            if not (isinstance(move.at, int) and 0 <= move.at < len(GRID)):
                return False
            bit = 1 << GRID[move.at]
            if type(move) is Place:
                return bool(self.hand) and bool(FORTRESS & bit & ~(self.soldiers | self.officers))
            return bool(self.huffable & bit) and not self.hand
        return type(move) is PathMove and move in self.legal_moves()

    def apply_unchecked(self, move: AssautMove) -> AssautState:
        game = self.game
        soldiers, officers, ply = self.soldiers, self.officers, self.ply
        if type(move) is Place:
            hand = self.hand - 1
            officers |= 1 << GRID[move.at]
            return AssautState(game, soldiers, officers, 0 if not hand else 1, hand, 0, ply)
        if type(move) is Remove:
            officers &= ~(1 << GRID[move.at])
            return AssautState(game, soldiers, officers, 0, 0, 0, ply)
        origin, target = GRID[move.path[0]], GRID[move.path[-1]]
        if self.mover == 0:
            soldiers ^= (1 << origin) | (1 << target)
            before = self.history if FORTRESS >> origin & 1 else ()
            return AssautState(game, soldiers, officers, 1, 0, 0, ply + 1, before)
        taken = captured_bits(tuple(GRID[p] for p in move.path))
        soldiers &= ~taken
        officers = officers & ~(1 << origin) | 1 << target
        huffable = 0
        if game.capture == FREE:
            if self._moves is None:
                self.legal_moves()
            huffable = offenders(origin, target, taken, officers, self._best)
        before = () if taken else self.history
        return AssautState(game, soldiers, officers, 0, 0, huffable, ply + 1, before)

    def is_terminal(self) -> bool:
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        return self._outcome

    def key(self) -> Hashable:
        return self.history[-1]

    def announcements(self) -> tuple[str, ...]:
        if self._outcome is None and self.huffable:
            return ("Un officier peut être soufflé !",)
        return ()

    def counts(self) -> tuple[int, int]:
        """Soldiers left, and officers on the board or still to place."""
        return self.soldiers.bit_count(), self.officers.bit_count() + self.hand

    def to_text(self) -> str:
        return write_position(self)

    def diagram(self) -> str:
        return render_diagram(self)

    # -- fast playouts ----------------------------------------------------------

    def random_playout(self, rng: random.Random) -> AssautState:
        return self.playout(rng)

    def playout(
        self, rng: random.Random, trace: list[AssautMove] | None = None
    ) -> AssautState:
        """Uniformly random decisions to the end (:mod:`engines.assaut.playout`); the
        decisions taken are appended to ``trace`` when given."""
        if self._outcome is not None:
            return self
        return AssautState(self.game, *playout(self, rng, trace))
