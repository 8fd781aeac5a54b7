"""The medieval compilation's rules: exact-length moves in 8 directions and the turn as
decisions; the captures (assault, ambush, sally, siege) are in
:mod:`~engines.rithmomachie.medievale_captures`.

A pyramid moves as its bottom layer and attacks with its total or its base value.
It is taken whole by its total or base value, or loses one layer or several whose
values add up to the capturing number.  Assault and sally take and replace; when
they take only layers the pyramid still stands there and the captor stays put.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core import PathMove
from engines.rithmomachie.fields import CAPTURES
from engines.rithmomachie.medievale_captures import MedievalCaptures, move_shape
from engines.rithmomachie.moves import DONE, Pose, RithmoMove, Strike, Take
from engines.rithmomachie.state import RithmoState


class MedievalRules(MedievalCaptures):
    """The compilation on the 8 x 16 (or 8 x 14) board."""

    # -- decisions -------------------------------------------------------------------------

    def moves(self, state: RithmoState) -> list[RithmoMove]:
        """Moves, then assaults and sallies, of the side to move."""
        cells, side, bits = state.board, state.side, state.bits
        moves: list[RithmoMove] = []
        own = bits[side]
        occupied = own | bits[1 - side]
        step_moves = self.step_moves
        while own:
            low = own & -own
            own ^= low
            square = low.bit_length() - 1
            p = cells[square]
            for target, between, move in step_moves[move_shape(p)][square]:  # type: ignore[arg-type]
                if not occupied >> target & 1 and not occupied & between:
                    moves.append(move)
        return moves + [strike for strike, _ in self.findings(state, "strikes", side)]

    def legal(self, state: RithmoState) -> Sequence[RithmoMove]:
        if state.phase == CAPTURES:
            return [*self.captures(state), DONE]
        return [*self.moves(state), *self.sieges(state.board, state.side, state.bits),
                *self.poses(state)]

    def has_decision(self, state: RithmoState) -> bool:
        cells, side = state.board, state.side
        own = state.bits[side]
        occupied = own | state.bits[1 - side]
        while own:
            low = own & -own
            own ^= low
            square = low.bit_length() - 1
            for target, between, _ in self.step_moves[move_shape(cells[square])][square]:  # type: ignore[arg-type]
                if not occupied >> target & 1 and not occupied & between:
                    return True
        return (self.can_pose(state) or bool(self.findings(state, "strikes", side))
                or bool(self.sieges(cells, side, state.bits)))

    def play(self, state: RithmoState, move: RithmoMove) -> RithmoState:
        if isinstance(move, PathMove):
            origin, target = move.path
            board, bits = self.step(state, origin, target)
            changed = (1 << origin) | (1 << target)
            phase, found = self.after(state, board, bits, changed)
            return state.successor(board, bits, phase=phase, arrived=target, changed=changed,
                                   found=found)
        if isinstance(move, Strike):
            cells, bits, prisoners = self.take(state, move.square, move.layers)
            arrived = -1
            changed = 1 << move.square
            if cells[move.square] is None:
                cells[move.square], cells[move.captor] = cells[move.captor], None
                arrived = move.square
                changed |= 1 << move.captor
                mine = bits[state.side] ^ changed
                bits = (mine, bits[1]) if state.side == 0 else (bits[0], mine)
            board = tuple(cells)
            phase, found = self.after(state, board, bits, changed)
            return state.successor(board, bits, prisoners, phase=phase, arrived=arrived,
                                   took=True, changed=changed, found=found)
        if isinstance(move, Take):
            return self.take_move(state, move)
        if isinstance(move, Pose):
            return self.pose(state, move)
        return state.end_turn()
