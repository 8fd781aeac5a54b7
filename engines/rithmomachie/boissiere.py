"""Boissière's rules after Boutin: moves (regular and irregular), capture first, the turn
as decisions; the captures themselves are in :mod:`~engines.rithmomachie.boissiere_captures`.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core import PathMove
from engines.rithmomachie.arith import assault_mask, assault_relation, is_power, pair_relation
from engines.rithmomachie.boissiere_captures import BoissiereCaptures, power_text, values
from engines.rithmomachie.fields import CAPTURES, FIRST, MOVE, Cells
from engines.rithmomachie.moves import DONE, Pose, RithmoMove, Strike, Take
from engines.rithmomachie.pieces import ROUND
from engines.rithmomachie.state import RithmoState

_REGULAR_VECTORS = frozenset({(1, 1), (0, 2), (2, 0), (0, 3), (3, 0)})


class BoissiereRules(BoissiereCaptures):
    """Boutin's reading of Boissière on the 16 x 8 board."""

    # -- capture first -------------------------------------------------------------------

    def strikes(self, cells: Cells, captor: int, side: int, bits: tuple[int, int]
                ) -> list[Strike]:
        """The pieces the captor on ``captor`` may take first (whole), moving onto one of
        their squares afterwards."""
        p = cells[captor]
        assert p is not None
        mine = values(p)
        names = self.board.names
        enemy = bits[1 - side]
        occupied = bits[0] | bits[1]
        out = []
        for shape in p.shapes:
            for target, between in self.steps[shape][captor]:
                if not enemy >> target & 1 or any(cells[b] is not None for b in between):
                    continue
                x = cells[target].value  # type: ignore[union-attr]
                found = self._first(cells, captor, mine, target, x, side, len(between),
                                    bits[side], occupied)
                if found is not None:
                    kind, captors, detail = found
                    out.append(Strike(captor, target, (), (names[captor], names[target]), kind,
                                      tuple(names[c] for c in captors), detail))
        return out

    def _first(self, cells: Cells, captor: int, mine: tuple[int, ...], target: int, x: int,
               side: int, gap: int, own: int, occupied: int
               ) -> tuple[str, tuple[int, ...], str] | None:
        for a in mine:
            if a == x:
                return "rencontre", (captor,), f"{a} = {x}"
            if is_power(a, x):
                return "puissance", (captor,), power_text(a, x)
        for other, _ in self.attackers(cells, target, own, occupied):
            if other == captor:
                continue
            for a in mine:
                for b in values(cells[other]):  # type: ignore[arg-type]
                    relation = pair_relation(x, a, b)
                    if relation:
                        kind = "embuche" if "=" in relation else "progression"
                        return kind, (captor, other), relation
        for a in mine:
            if assault_mask(x, a) >> gap & 1:
                return "assaut", (captor,), assault_relation(x, a, gap)
        if self.imprisoned(cells, target, side):
            return "emprisonnement", (captor,), f"{x} bloqué"
        return None

    # -- decisions -------------------------------------------------------------------------

    def moves(self, cells: Cells, side: int, bits: tuple[int, int]) -> list[RithmoMove]:
        """Regular and irregular moves, then captures first, of ``side``."""
        moves: list[RithmoMove] = []
        strikes: list[Strike] = []
        own = bits[side]
        occupied = own | bits[1 - side]
        near = self.board.near
        enemy = bits[1 - side]
        step_moves = self.step_moves
        leap_moves = self.leap_moves
        while own:
            low = own & -own
            own ^= low
            square = low.bit_length() - 1
            for shape in cells[square].shapes:  # type: ignore[union-attr]
                for target, between, move in step_moves[shape][square]:
                    if not occupied >> target & 1 and not occupied & between:
                        moves.append(move)
                if shape != ROUND:
                    for target, move in leap_moves[shape][square]:
                        if not occupied >> target & 1:
                            moves.append(move)
            if enemy & near[square]:
                strikes += self.strikes(cells, square, side, bits)
        return moves + strikes

    def legal(self, state: RithmoState) -> Sequence[RithmoMove]:
        cells, side = state.board, state.side
        if state.phase == CAPTURES:
            return [*self.captures(state), DONE]
        if state.phase == FIRST:
            return [*self.strikes(cells, state.captor, side, state.bits),
                    *(self.path(state.captor, sq) for sq in state.emptied)]
        return [*self.moves(cells, side, state.bits), *self.poses(state)]

    def has_decision(self, state: RithmoState) -> bool:
        cells, side = state.board, state.side
        own = state.bits[side]
        occupied = own | state.bits[1 - side]
        while own:
            low = own & -own
            own ^= low
            square = low.bit_length() - 1
            for shape in cells[square].shapes:  # type: ignore[union-attr]
                for target, between in self.steps[shape][square]:
                    if not occupied >> target & 1 and all(not occupied >> b & 1
                                                          for b in between):
                        return True
                if shape != ROUND and any(not occupied >> t & 1
                                          for t in self.leaps[shape][square]):
                    return True
        return self.can_pose(state) or bool(self.moves(cells, side, state.bits))

    def regular(self, origin: int, target: int) -> bool:
        (x0, y0), (x1, y1) = self.board.xy(origin), self.board.xy(target)
        return (abs(x1 - x0), abs(y1 - y0)) in _REGULAR_VECTORS

    def play(self, state: RithmoState, move: RithmoMove) -> RithmoState:
        if isinstance(move, PathMove):
            origin, target = move.path
            board, bits = self.step(state, origin, target)
            changed = (1 << origin) | (1 << target)
            if state.phase == MOVE and self.regular(origin, target):
                phase, found = self.after(state, board, bits, changed)
                return state.successor(board, bits, phase=phase, arrived=target,
                                       changed=changed, found=found)
            return state.successor(board, bits, arrived=target, changed=changed)
        if isinstance(move, Take):
            return self.take_move(state, move)
        if isinstance(move, Strike):
            cells, bits, prisoners = self.take(state, move.square, ())
            return state.successor(tuple(cells), bits, prisoners, phase=FIRST,
                                   captor=move.captor, emptied=(*state.emptied, move.square),
                                   took=True, changed=1 << move.square)
        if isinstance(move, Pose):
            return self.pose(state, move)
        return state.end_turn()
