"""The moulin position and its rules: legal decisions, how the game ends, the outcome.

The constructor takes any fields (a read position, the end of a fast
playout) and checks every ending rule; the states that decisions lead to
are built by :func:`engines.moulin.play.play` instead.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from engines.core import (
    PASS,
    TERMINAL,
    Outcome,
    PathMove,
    Place,
    Remove,
    State,
    draw,
    win,
)
from engines.moulin.board import FULL, NEIGHBOURS, MoulinMove, removable_bits
from engines.moulin.moves import fly_moves, place_moves, remove_moves, step_moves
from engines.moulin.play import (
    BLOCKED,
    NO_CAPTURE,
    PASS_ONLY,
    REPETITION,
    TWO_PIECES,
    Ending,
    play,
)
from engines.moulin.playout import playout
from engines.moulin.text import render_diagram, write_position
from engines.outcomes import OutcomeCode

if TYPE_CHECKING:
    from engines.moulin.game import Moulin


class MoulinState(State[MoulinMove]):
    """Both sides' pieces as bitboards, pieces in hand, the mover, the draw counters.

    ``board`` and ``hand`` are indexed by seat (0 blanc, 1 noir); ``history``
    holds the keys of the positions since the last placement or removal,
    this one last.
    """

    __slots__ = ("_end", "_moves", "board", "current_player", "game", "hand", "history",
                 "mover", "pending", "quiet")
    game: Moulin

    def __init__(self, game: Moulin, board: tuple[int, int], hand: tuple[int, int],
                 mover: int, pending: bool, quiet: int, history: tuple[int, ...]) -> None:
        self.game = game
        self.board = board
        self.hand = hand
        self.mover = mover
        self.pending = pending
        self.quiet = quiet
        own, other = board[mover], board[1 - mover]
        key = own | other << 24 | mover << 48 | pending << 49 | hand[mover] << 50 | (
            hand[1 - mover] << 54
        )  # position_key, inlined
        self.history = (*history, key)
        self._moves: Sequence[MoulinMove] | None = None
        self._end = None if pending else self._status(own, other)
        self.current_player = TERMINAL if self._end else game.player_names[mover]

    # -- rules ------------------------------------------------------------------

    def _status(self, own: int, other: int) -> Ending | None:
        """How the game is over, else ``None``, every rule checked in order.

        In the moving phase the steps are generated here, once: they tell
        whether the mover is blocked and are the legal moves.
        """
        me = self.mover
        game = self.game
        hand = self.hand
        count = own.bit_count()
        if count + hand[me] <= 2:
            return TWO_PIECES[me]
        if other.bit_count() + hand[1 - me] <= 2:
            return TWO_PIECES[1 - me]
        steps: Sequence[MoulinMove] | None = None
        if not hand[me] and count > game.fly_at:
            steps = step_moves(own, FULL ^ (own | other))
            if not steps:
                if game.blocked_loses:
                    return BLOCKED[me]
                # Otherwise the blocked player passes.  Both sides are never
                # blocked at once: an empty point next to no piece would mean,
                # the board being connected, that every point is empty.
                steps = PASS_ONLY
        if self.history.count(self.history[-1]) >= 3:
            return REPETITION
        if self.quiet >= game.draw_moves:
            return NO_CAPTURE
        self._moves = steps
        return None

    def removable(self) -> int:
        """Bits of the enemy pieces the mover may take now."""
        return removable_bits(self.board[1 - self.mover], self.game.protect_mills)

    def flying(self) -> bool:
        """Whether the mover's pieces fly (moving phase, few pieces left)."""
        return not self.hand[self.mover] and (
            self.board[self.mover].bit_count() <= self.game.fly_at
        )

    def legal_moves(self) -> Sequence[MoulinMove]:
        moves = self._moves
        if moves is None:
            moves = self._moves = self._generate()
        return moves

    def _generate(self) -> Sequence[MoulinMove]:
        if self._end is not None:
            return ()
        if self.pending:
            return remove_moves(self.removable())
        own, other = self.board[self.mover], self.board[1 - self.mover]
        empty = FULL ^ (own | other)
        if self.hand[self.mover]:
            return place_moves(empty)
        if own.bit_count() <= self.game.fly_at:
            return fly_moves(own, empty)
        return step_moves(own, empty) or PASS_ONLY

    def is_legal(self, move: MoulinMove) -> bool:
        if self._end is not None:
            return False
        own, other = self.board[self.mover], self.board[1 - self.mover]
        if self.pending:
            return type(move) is Remove and _on_board(move.at) and bool(
                self.removable() >> move.at & 1
            )
        empty = FULL ^ (own | other)
        if self.hand[self.mover]:
            return type(move) is Place and _on_board(move.at) and bool(empty >> move.at & 1)
        if type(move) is PathMove:
            if len(move.path) != 2 or not all(_on_board(p) for p in move.path):
                return False
            p, q = move.path
            reach = empty if own.bit_count() <= self.game.fly_at else NEIGHBOURS[p] & empty
            return bool(own >> p & 1 and reach >> q & 1)
        return move == PASS and self.legal_moves() == PASS_ONLY

    apply_unchecked = play
    """The state after a legal decision, built field by field (:mod:`engines.moulin.play`)."""

    def is_terminal(self) -> bool:
        return self._end is not None

    def pieces(self, seat: int) -> int:
        """Pieces a seat still has: on the board and in hand."""
        return self.board[seat].bit_count() + self.hand[seat]

    def outcome(self) -> Outcome | None:
        if self._end is None:
            return None
        code, seat = self._end
        names = self.game.player_names
        scores = {names[0]: self.pieces(0), names[1]: self.pieces(1)}
        if code is OutcomeCode.REPETITION:
            return draw("position répétée trois fois", code, scores,
                        en="position repeated three times")
        if code is OutcomeCode.NO_CAPTURE:
            moves = self.game.draw_moves
            return draw(f"{moves} coups sans prise", code, scores,
                        en=f"{moves} moves without a capture")
        loser, winner = names[seat], names[1 - seat]
        if code is OutcomeCode.BLOCKED:
            return win(winner, f"{loser} est bloqué", code, scores, en=f"{loser} is blocked")
        left = self.pieces(seat)
        if not left:  # only from a set-up position
            return win(winner, f"{loser} n'a plus aucun pion", code, scores,
                       en=f"{loser} has no piece left")
        plural = "s" if left > 1 else ""
        return win(winner, f"{loser} n'a plus que {left} pion{plural}", code, scores,
                   en=f"{loser} has only {left} piece{plural} left")

    def announcements(self) -> tuple[str, ...]:
        return ("Moulin !",) if self.pending and self._end is None else ()

    def key(self) -> Hashable:
        return self.history[-1]

    def to_text(self) -> str:
        return write_position(self)

    def diagram(self) -> str:
        return render_diagram(self)

    # -- fast playouts ----------------------------------------------------------

    def random_playout(self, rng: random.Random) -> State[MoulinMove]:
        return self.playout(rng)

    def playout(
        self, rng: random.Random, trace: list[MoulinMove] | None = None
    ) -> MoulinState:
        """Uniformly random decisions to the end, on plain integers.

        Follows exactly the rules of :meth:`legal_moves` / :meth:`apply_unchecked`
        (each decision is uniform among the legal ones); ``trace``, when
        given, receives the decisions taken, so that tests can replay them.
        """
        if self._end is not None:
            return self
        return MoulinState(self.game, *playout(self, rng, trace))


def _on_board(point: object) -> bool:
    return isinstance(point, int) and 0 <= point < 24
