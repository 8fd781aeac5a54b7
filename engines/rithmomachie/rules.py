"""What both rule sets share: poses, the removal of captured pieces and the prisoners
they become, and the check that a capture phase opens after a decision.

The captures are found incrementally: a capture the side had before the decision stays valid
when none of the squares it depends on (captors, squares crossed, victim; a
prisoner's paths) changed, and a new capture can only appear near the squares
that changed; so only the victims there (and those of the captures that may have
broken) are examined again.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence

from engines.core import PathMove
from engines.rithmomachie.board import Board
from engines.rithmomachie.fields import CAPTURES, MOVE, Cells, Prisoner, Prisoners
from engines.rithmomachie.moves import Capture, Pose, RithmoMove, Strike, Take
from engines.rithmomachie.pieces import Piece, piece, without_layers
from engines.rithmomachie.state import RithmoState, add_prisoners, spend_prisoner

Found = tuple[Capture, int]
"""A capture (a :class:`Take` or a :class:`Strike`) and the bits of the squares it
depends on."""


def as_strike(capture: Capture) -> Strike:
    """A finding of kind ``strikes``, each one a :class:`Strike`."""
    assert type(capture) is Strike
    return capture


_LOOK_BACK = 6
"""Positions back along the game where captures known earlier are looked for."""


_ORDER: dict[str, Callable[[Found], tuple[int | tuple[int, ...], ...]]] = {
    "captures": lambda item: (item[0].square, item[0].layers),
    "strikes": lambda item: (as_strike(item[0]).captor, item[0].square, item[0].layers),
}
"""Order of each kind of findings (the same whether found at once or again)."""
_ANCHOR: dict[str, Callable[[Capture], int]] = {
    "captures": lambda capture: capture.square,
    "strikes": lambda capture: as_strike(capture).captor,
}
"""The square a finding is looked for from: the victim of a capture, the captor of a
strike."""


class Rules(ABC):
    """One rule set on one board."""

    poseable_layers = False
    """Whether captured pyramid layers may be posed (the compilation) or not (Boissière)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self._paths: dict[int, PathMove] = {}
        self.step_moves = {
            shape: tuple(tuple((target, sum(1 << b for b in between), self.path(sq, target))
                               for target, between in board.steps[shape][sq])
                         for sq in range(board.size))
            for shape in board.steps}
        """``step_moves[shape][sq]``: ``(target, bits between, move)`` of each regular step."""

    def path(self, origin: int, target: int) -> PathMove:
        """The interned move ``origin-target``."""
        key = origin * self.board.size + target
        move = self._paths.get(key)
        if move is None:
            names = self.board.names
            move = PathMove((origin, target), (names[origin], names[target]))
            self._paths[key] = move
        return move

    # -- the variant's work ---------------------------------------------------------

    @abstractmethod
    def legal(self, state: RithmoState) -> Sequence[RithmoMove]:
        """The decisions of the side to move in its phase."""

    @abstractmethod
    def play(self, state: RithmoState, move: RithmoMove) -> RithmoState:
        """The state after a legal decision."""

    @abstractmethod
    def scan(self, cells: Cells, side: int, bits: tuple[int, int], squares: int,
             first: bool = False) -> list[Found]:
        """The captures ``side`` may make of the enemy pieces on ``squares`` (bits),
        with what each depends on; only the first found with ``first``."""

    @abstractmethod
    def local(self, cells: Cells, bits: tuple[int, int], changed: int, side: int) -> int:
        """Bits of the squares where a capture by ``side`` may appear after the squares
        ``changed`` changed (they hold what they hold now)."""

    @abstractmethod
    def has_decision(self, state: RithmoState) -> bool:
        """Whether the side to move has any decision at the start of its turn."""

    # -- findings kept from one position to the next -----------------------------------

    def findings(self, state: RithmoState, kind: str, side: int) -> list[Found]:
        """What ``side`` could do of ``kind`` in ``state`` (cached; found again near the
        squares changed since a position that knows it, a few decisions back)."""
        key = (kind, side)
        cache = state._cache
        known = cache.get(key)
        if known is not None:
            found: list[Found] = known
            return found
        before = None
        changed = 0
        hint = state._hint
        for _ in range(_LOOK_BACK):
            if hint is None:
                break
            parent, more = hint
            changed |= more
            before = parent._cache.get(key)
            if before is not None:
                break
            hint = parent._hint
        if before is not None:
            found = self.derive(kind, before, state.board, side, state.bits, changed)
        else:
            found = sorted(self.find(kind, state.board, side, state.bits, self.board.full),
                           key=_ORDER[kind])
        cache[key] = found
        return found

    def derive(self, kind: str, before: list[Found], cells: Cells, side: int,
               bits: tuple[int, int], changed: int) -> list[Found]:
        """The findings of ``side`` after the squares ``changed`` changed, from those
        before: the ones whose squares did not change stay, the others are looked for
        again around the change (``region``) and where broken ones stood."""
        if not changed:
            return before
        again = self.region(kind, cells, bits, changed, side)
        anchor = _ANCHOR[kind]
        kept = []
        for item in before:
            if item[1] & changed:
                again |= 1 << anchor(item[0])
            else:
                kept.append(item)
        kept = [item for item in kept if not again >> anchor(item[0]) & 1]
        return sorted(kept + self.find(kind, cells, side, bits, again), key=_ORDER[kind])

    def find(self, kind: str, cells: Cells, side: int, bits: tuple[int, int], squares: int
             ) -> list[Found]:
        """Look for ``kind`` anchored on ``squares``: captures of the victims there."""
        return self.scan(cells, side, bits, squares)

    def region(self, kind: str, cells: Cells, bits: tuple[int, int], changed: int,
               side: int) -> int:
        """Where findings of ``kind`` for ``side`` may appear after ``changed`` changed."""
        return self.local(cells, bits, changed, side)

    def pyramid_square(self, state: RithmoState, side: int) -> int:
        """The square of ``side``'s pyramid, -1 once it is gone (kept from the position
        before when the last decision did not touch it)."""
        key = ("pyramid", side)
        cache = state._cache
        known = cache.get(key)
        if known is not None:
            square: int = known
            return square
        square = -2
        hint = state._hint
        if hint is not None:
            parent, changed = hint
            before = parent._cache.get(key)
            if before is None:
                before = self._find_pyramid(parent, side)
                parent._cache[key] = before
            if before < 0 or not changed >> before & 1:
                square = before
        if square == -2:
            square = self._find_pyramid(state, side)
        cache[key] = square
        return square

    @staticmethod
    def _find_pyramid(state: RithmoState, side: int) -> int:
        bits = state.bits[side]
        cells = state.board
        while bits:
            low = bits & -bits
            bits ^= low
            square = low.bit_length() - 1
            if cells[square].is_pyramid:  # type: ignore[union-attr]
                return square
        return -1

    def found_for(self, state: RithmoState, side: int) -> list[Found]:
        """Every capture ``side`` could make after a move in ``state``."""
        return self.findings(state, "captures", side)

    def captures(self, state: RithmoState) -> list[Capture]:
        """The captures of the capture phase, one per victim and layers (takes)."""
        return [take for take, _ in self.found_for(state, state.side)]

    def threats(self, state: RithmoState, side: int) -> list[tuple[int, tuple[int, ...]]]:
        """``(square, layers)`` that ``side`` could take after a move (for the bots)."""
        return [(take.square, take.layers) for take, _ in self.found_for(state, side)]

    def after(self, state: RithmoState, cells: Cells, bits: tuple[int, int], changed: int
              ) -> tuple[int, list[Found]]:
        """The phase after a decision of the side to move that changed the squares
        ``changed`` (:data:`CAPTURES` when it may capture now), and its captures."""
        found = self.derive("captures", self.found_for(state, state.side), cells, state.side,
                            bits, changed)
        return (CAPTURES if found else MOVE), found

    # -- shared -----------------------------------------------------------------------

    def poses(self, state: RithmoState) -> list[Pose]:
        """The captured pieces the side to move may pose on its back line."""
        hand = sorted({(v, s) for v, s, poseable in state.prisoners[state.side] if poseable})
        if not hand:
            return []
        cells = state.board
        empty = [sq for sq in self.board.back[state.side] if cells[sq] is None]
        names = self.board.names
        return [Pose(shape, value, sq, names[sq]) for value, shape in hand for sq in empty]

    def can_pose(self, state: RithmoState) -> bool:
        return any(p for _, _, p in state.prisoners[state.side]) and any(
            state.board[sq] is None for sq in self.board.back[state.side])

    def spoils(self, victim: Piece, layers: tuple[int, ...]) -> list[Prisoner]:
        """The prisoners made by taking ``victim`` whole (no ``layers``) or those layers."""
        if not victim.layers:
            return [(victim.value, victim.shape, True)]
        poseable = self.poseable_layers
        return [(v, s, poseable) for s, v in victim.layers if not layers or v in layers]

    def take(self, state: RithmoState, square: int, layers: tuple[int, ...]
             ) -> tuple[list[Piece | None], tuple[int, int], Prisoners]:
        """Board (as a list), bits and prisoners after the side to move takes on ``square``."""
        cells = list(state.board)
        victim = cells[square]
        assert victim is not None
        bits = state.bits
        left = without_layers(victim, layers) if layers else None
        cells[square] = left
        if left is None:
            bits = (bits[0] & ~(1 << square), bits[1] & ~(1 << square))
        return cells, bits, add_prisoners(state.prisoners, state.side,
                                          self.spoils(victim, layers))

    def take_move(self, state: RithmoState, move: Take) -> RithmoState:
        """A capture of the capture phase; the phase goes on while captures remain."""
        cells, bits, prisoners = self.take(state, move.square, move.layers)
        board = tuple(cells)
        changed = 1 << move.square
        phase, found = self.after(state, board, bits, changed)
        if state.phase != CAPTURES:
            phase = MOVE
        return state.successor(board, bits, prisoners, phase=phase, took=True,
                               changed=changed, found=found)

    def pose(self, state: RithmoState, move: Pose) -> RithmoState:
        cells = list(state.board)
        cells[move.square] = piece(state.side, move.shape, move.value, True)
        board = tuple(cells)
        bit = 1 << move.square
        bits = (state.bits[0] | bit, state.bits[1]) if state.side == 0 else (
            state.bits[0], state.bits[1] | bit)
        prisoners = spend_prisoner(state.prisoners, state.side, move.shape, move.value)
        phase, found = self.after(state, board, bits, bit)
        return state.successor(board, bits, prisoners, phase=phase, arrived=move.square,
                               posed=True, changed=bit, found=found)

    def step(self, state: RithmoState, origin: int, target: int
             ) -> tuple[Cells, tuple[int, int]]:
        """Board and bits after the piece on ``origin`` goes to the empty ``target``."""
        cells = list(state.board)
        cells[target], cells[origin] = cells[origin], None
        flip = (1 << origin) | (1 << target)
        bits = (state.bits[0] ^ flip, state.bits[1]) if state.side == 0 else (
            state.bits[0], state.bits[1] ^ flip)
        return tuple(cells), bits
