"""The latrunculi position: both sides' pieces, the inciti, pieces still to place, each
player's last move (for the back-and-forth rule), the moves without a removal and the
positions since the last irreversible decision, with the protocol on top of
:mod:`engines.latrunculi.rules`.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from engines.core import (
    TERMINAL,
    Outcome,
    PathMove,
    Place,
    Remove,
    State,
    draw,
    win,
)
from engines.latrunculi.board import (
    FULL,
    PIECES,
    PLACES_BY_BYTE,
    PLAYERS,
    REMOVES_BY_BYTE,
    STEPS,
    LatrunculiMove,
    by_bytes,
)
from engines.latrunculi.playout import playout
from engines.latrunculi.rules import (
    end_code,
    forbidden_move,
    movement_moves,
    play,
    position_key,
    remember,
)
from engines.latrunculi.text import render_diagram, write_position
from engines.outcomes import OutcomeCode
from engines.walks import moves_of_steps

if TYPE_CHECKING:
    from engines.latrunculi.game import Latrunculi

ENGLISH = {"blanc": "white", "noir": "black"}


class LatrunculiState(State[LatrunculiMove]):
    """A latrunculi position; seat 0 is blanc, seat 1 noir.

    ``boards`` holds each seat's pieces (inciti included), ``inciti`` the
    captured pieces still on the board (both colours), ``removing`` whether
    the player to move must first remove one of the enemy inciti, ``hands``
    the pieces each seat has still to place, ``memories`` each seat's last
    move for the back-and-forth rule (:func:`~engines.latrunculi.rules.remember`),
    ``quiet`` the moves played since the last removal and ``history`` the
    keys of the positions since the last placement or removal, this one last.
    """

    __slots__ = ("_end", "_moves", "boards", "current_player", "game", "hands", "history",
                 "inciti", "memories", "mover", "quiet", "removing", "value_memo")
    game: Latrunculi

    def __init__(
        self,
        game: Latrunculi,
        boards: tuple[int, int],
        inciti: int,
        mover: int,
        removing: bool,
        hands: tuple[int, int],
        memories: tuple[int, int],
        quiet: int,
        before: tuple[Hashable, ...] = (),
    ) -> None:
        self.game = game
        self.boards = boards
        self.inciti = inciti
        self.mover = mover
        self.removing = removing
        self.hands = hands
        self.memories = memories
        self.quiet = quiet
        self.history = (*before, position_key(boards, inciti, mover, removing, hands, memories))
        self._moves: Sequence[LatrunculiMove] | None = None
        self.value_memo: float | None = None
        """The evaluator's value of this position for blanc, once computed."""
        self._end = end_code(game, boards, inciti, mover, removing, hands, memories[mover],
                             quiet, self.history)
        self.current_player = TERMINAL if self._end else PLAYERS[mover]

    # -- rules ------------------------------------------------------------------

    @property
    def placing(self) -> bool:
        """Whether the player to move still places pieces (phase 1)."""
        return self.hands[self.mover] > 0

    def forbidden(self) -> int:
        """Code ``64 * origin + target`` of the move the back-and-forth rule forbids now
        (-1 for none)."""
        return forbidden_move(self.memories[self.mover], self.game.strict_return)

    def legal_moves(self) -> Sequence[LatrunculiMove]:
        moves = self._moves
        if moves is None:
            moves = self._moves = self._generate()
        return moves

    def _generate(self) -> Sequence[LatrunculiMove]:
        if self._end is not None:
            return ()
        own, other = self.boards[self.mover], self.boards[1 - self.mover]
        if self.hands[self.mover]:
            return tuple(by_bytes(FULL ^ (own | other), PLACES_BY_BYTE))
        if self.removing:
            return tuple(by_bytes(other & self.inciti, REMOVES_BY_BYTE))
        empty = FULL ^ (own | other)
        return tuple(movement_moves(own, self.inciti, empty, self.game.jumps, self.forbidden()))

    def is_legal(self, move: LatrunculiMove) -> bool:
        if self._end is not None:
            return False
        own, other = self.boards[self.mover], self.boards[1 - self.mover]
        if self.hands[self.mover]:
            return type(move) is Place and _on_board(move.at) and not (own | other) >> move.at & 1
        if self.removing:
            return type(move) is Remove and _on_board(move.at) and bool(
                other & self.inciti & (1 << move.at))
        if type(move) is not PathMove:
            return False
        if len(move.path) == 2 and move.path in STEPS:
            origin, target = move.path
            return bool(
                (own & ~self.inciti) >> origin & 1
                and not (own | other) >> target & 1
                and (origin << 6) | target != self.forbidden()
            )
        return move in self.legal_moves()

    def apply_unchecked(self, move: LatrunculiMove) -> LatrunculiState:
        game = self.game
        mover = self.mover
        boards = self.boards
        if type(move) is PathMove:
            path = move.path
            origin, target = path[0], path[-1]
            own, other, inciti, taken = play(
                boards[mover], boards[1 - mover], self.inciti, origin, target, game.inciti
            )
            memory = remember(self.memories[mover], origin, target)
            if mover:
                boards, memories = (other, own), (self.memories[0], memory)
            else:
                boards, memories = (own, other), (memory, self.memories[1])
            if taken and not game.inciti:
                return LatrunculiState(game, boards, inciti, 1 - mover, False, self.hands,
                                       memories, 0)
            return LatrunculiState(game, boards, inciti, 1 - mover, bool(own & inciti),
                                   self.hands, memories, self.quiet + 1, self.history)
        bit = 1 << move.at
        if type(move) is Remove:
            other = boards[1 - mover] ^ bit
            boards = (boards[0], other) if mover == 0 else (other, boards[1])
            return LatrunculiState(game, boards, self.inciti ^ bit, mover, False, self.hands,
                                   self.memories, 0)
        hands = (self.hands[0] - 1, self.hands[1]) if mover == 0 else (
            self.hands[0], self.hands[1] - 1)
        boards = (boards[0] | bit, boards[1]) if mover == 0 else (boards[0], boards[1] | bit)
        return LatrunculiState(game, boards, self.inciti, 1 - mover, False, hands,
                               self.memories, 0)

    def is_terminal(self) -> bool:
        return self._end is not None

    # -- counts and outcome -------------------------------------------------------

    def pieces(self, seat: int) -> int:
        """Pieces a seat still has: on the board (inciti included) and to place."""
        return self.boards[seat].bit_count() + self.hands[seat]

    def captured(self, seat: int) -> int:
        """Enemy pieces a seat has taken off the board for good."""
        return PIECES - self.pieces(1 - seat)

    def outcome(self) -> Outcome | None:
        code = self._end
        if code is None:
            return None
        scores = {PLAYERS[0]: self.captured(0), PLAYERS[1]: self.captured(1)}
        if code is OutcomeCode.REPETITION:
            return draw("position répétée trois fois", code, scores,
                        en="position repeated three times")
        if code is OutcomeCode.MOVE_CAP:
            moves = self.quiet
            return draw(f"{moves} coups sans pion retiré", code, scores,
                        en=f"{moves} moves without a piece removed")
        if code is OutcomeCode.BLOCKED:
            name = PLAYERS[self.mover]
            how, how_en = f"{name} ne peut plus jouer", f"{ENGLISH[name]} cannot move"
        else:
            seat = 0 if self.pieces(0) <= 1 else 1
            name, left = PLAYERS[seat], self.pieces(seat)
            how = f"{name} n'a plus " + ("qu'un pion" if left else "aucun pion")
            how_en = f"{ENGLISH[name]} has " + ("one piece left" if left else "no piece left")
        white, black = scores[PLAYERS[0]], scores[PLAYERS[1]]
        if white == black:
            return draw(f"{how}, {white} prises de chaque côté", code, scores,
                        en=f"{how_en}, {white} captures each")
        winner = PLAYERS[0] if white > black else PLAYERS[1]
        high, low = max(white, black), min(white, black)
        return win(winner, f"{how}, {winner} a pris {high} pions contre {low}", code, scores,
                   en=f"{how_en}, {ENGLISH[winner]} captured {high} pieces to {low}")

    def key(self) -> Hashable:
        return self.history[-1]

    def announcements(self) -> tuple[str, ...]:
        if self._end is None and self.removing:
            return (f"{PLAYERS[self.mover]} retire un incitus",)
        return ()

    def to_text(self) -> str:
        return write_position(self)

    def diagram(self) -> str:
        return render_diagram(self)

    # -- fast playouts ----------------------------------------------------------

    def random_playout(self, rng: random.Random) -> LatrunculiState:
        return self.playout(rng)

    def playout(
        self, rng: random.Random, trace: list[LatrunculiMove] | None = None
    ) -> LatrunculiState:
        """Uniformly random decisions to the end (:func:`engines.latrunculi.playout.playout`);
        the decisions appended to ``trace`` when given."""
        if self._end is not None:
            return self
        if trace is None:
            return LatrunculiState(self.game, *playout(self, rng, None))
        steps: list[tuple[int, ...]] = []
        final = LatrunculiState(self.game, *playout(self, rng, steps))
        trace += moves_of_steps(self, steps, _step_of)
        return final


def _step_of(move: LatrunculiMove) -> tuple[int, ...]:
    """A decision as the fast playout writes it: ``(square,)`` or ``(origin, target)``."""
    if type(move) is PathMove:
        return (move.path[0], move.path[-1])
    return (move.at,)


def _on_board(square: object) -> bool:
    return isinstance(square, int) and 0 <= square < 64
