"""The tablut position: the pieces as bitboards, the player to move, the plies played,
the positions since the last capture, and the protocol on top of :mod:`engines.tablut.rules`.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from engines.core import TERMINAL, Outcome, PathMove, State
from engines.tablut.board import (
    PLAYERS,
    SEG_KING,
    SEG_MAN,
    SEG_SLOW,
    SLOT_OF,
    WALL,
    TablutMove,
)
from engines.tablut.playout import playout
from engines.tablut.rules import free_paths, generate, judge, king_taken, play
from engines.tablut.text import render_diagram, write_position
from engines.walks import moves_of_steps

if TYPE_CHECKING:
    from engines.tablut.game import Tablut

RAICHI = "Raichi !"
"""Announced when the king has a free path to the edge, noir to move."""


class TablutState(State[TablutMove]):
    """Swedes, Muscovites and king as bitboards, the player to move, the plies played."""

    __slots__ = (
        "_moves",
        "_outcome",
        "black",
        "current_player",
        "game",
        "history",
        "king",
        "mover",
        "ply",
        "white",
    )
    game: Tablut

    def __init__(
        self,
        game: Tablut,
        white: int,
        black: int,
        king: int,
        mover: int,
        ply: int,
        before: tuple[Hashable, ...] = (),
    ) -> None:
        self.game = game
        self.white = white  # the Swedes, without the king
        self.black = black
        self.king = king
        self.mover = mover  # 0 blanc, 1 noir
        self.ply = ply
        # keys of the positions since the last capture, this one last
        self.history = (*before, (white, black, king, mover))
        self._moves: tuple[PathMove, ...] | None = None
        self._outcome = judge(game, white, black, king, mover, ply, self.history)
        self.current_player = TERMINAL if self._outcome else PLAYERS[mover]

    @property
    def occupied(self) -> int:
        king = 1 << self.king if self.king >= 0 else 0
        return self.white | self.black | king

    def _men(self) -> tuple[int, int]:
        """The mover's ordinary pieces and king square (-1 for black)."""
        return (self.white, self.king) if self.mover == 0 else (self.black, -1)

    def legal_moves(self) -> Sequence[TablutMove]:
        if self._outcome is not None:
            return ()
        if self._moves is None:
            men, king = self._men()
            self._moves = tuple(generate(men, king, self.occupied, self.game.slow_king))
        return self._moves

    def is_legal(self, move: TablutMove) -> bool:
        if self._outcome is not None or not isinstance(move, PathMove):
            return False
        slot = SLOT_OF.get(move.path)
        if slot is None:
            return False
        origin = move.path[0]
        men, king = self._men()
        if origin == king:
            table = SEG_SLOW if self.game.slow_king else SEG_KING
        elif men >> origin & 1:
            table = SEG_MAN
        else:
            return False
        return not (self.occupied | WALL) & table[slot]

    def apply_unchecked(self, move: TablutMove) -> TablutState:
        origin, target = move.path
        white, black, king, taken = play(
            self.mover, origin, target, self.white, self.black, self.king, self.game.armed_king
        )
        if self.mover == 1 and king_taken(king, target, black):
            king, taken = -1, taken | 1
        before = () if taken else self.history
        return TablutState(self.game, white, black, king, 1 - self.mover, self.ply + 1, before)

    def is_terminal(self) -> bool:
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        return self._outcome

    def key(self) -> Hashable:
        return self.history[-1]

    def free_paths(self) -> int:
        """The king's free straight paths to the edge (0 once he is taken)."""
        if self.king < 0:
            return 0
        return free_paths(self.king, self.occupied, self.game.slow_king)

    def announcements(self) -> tuple[str, ...]:
        if self._outcome is None and self.mover == 1 and self.free_paths() >= 1:
            return (RAICHI,)
        return ()

    def counts(self) -> tuple[int, int]:
        """Pieces of blanc (the king included) and of noir."""
        return self.white.bit_count() + (self.king >= 0), self.black.bit_count()

    def to_text(self) -> str:
        return write_position(self)

    def diagram(self) -> str:
        return render_diagram(self)

    # -- fast playouts ----------------------------------------------------------

    def random_playout(self, rng: random.Random) -> TablutState:
        return self._fast_playout(rng, None)

    def playout(
        self, rng: random.Random, trace: list[TablutMove] | None = None
    ) -> TablutState:
        """The fast playout; its moves appended to ``trace`` as the rules name them."""
        if trace is None:
            return self._fast_playout(rng, None)
        steps: list[tuple[int, int]] = []
        final = self._fast_playout(rng, steps)
        trace += moves_of_steps(self, steps, lambda move: (move.origin, move.target))
        return final

    def _fast_playout(self, rng: random.Random, trace: list[tuple[int, int]] | None) -> TablutState:
        """Uniformly random moves to the end (:func:`engines.tablut.playout.playout`); the
        moves played are appended to ``trace`` when given (tests replay them through
        :meth:`apply`)."""
        if self._outcome is not None:
            return self
        return TablutState(self.game, *playout(self, rng, trace))
