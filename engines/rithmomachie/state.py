"""The position: board, side to move, the phase of the turn, the prisoners, the turns
played; the protocol on top of the variant's rules (:mod:`~engines.rithmomachie.boissiere`,
:mod:`~engines.rithmomachie.medievale`) and the victories
(:mod:`~engines.rithmomachie.victory`).

Phases of a turn: :data:`MOVE` (its first decision), :data:`CAPTURES` (after a move
or a pose: captures one by one, then ``fin``; the turn ends by itself when none
is left), :data:`FIRST` (Boissière's capture first: the captor may take more,
then moves onto one of the emptied squares).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from engines.caches import forgettable, remember
from engines.core import TERMINAL, Outcome, State, draw, win
from engines.outcomes import OutcomeCode
from engines.rithmomachie.fields import MOVE, Cells, Prisoner, Prisoners
from engines.rithmomachie.moves import RithmoMove
from engines.rithmomachie.pieces import Piece
from engines.rithmomachie.text import render_diagram, write_position

if TYPE_CHECKING:
    from engines.rithmomachie.game import Rithmomachie
    from engines.rithmomachie.rules import Found

_RECENT: dict[tuple[int, RithmoMove], tuple[RithmoState, RithmoState]] = forgettable({})
"""The last positions reached, by (position before, decision): a bot applies each of its
decisions twice (looking for a win at once, then searching), and a position's captures
are worth finding once."""
_RECENT_LIMIT = 2048



class RithmoState(State[RithmoMove]):
    """A position of either rule set (the game's rules object does the variant's work)."""

    __slots__ = (
        "_cache",
        "_hint",
        "_legal",
        "_moves",
        "_outcome",
        "bits",
        "board",
        "captor",
        "current_player",
        "emptied",
        "game",
        "history",
        "irreversible",
        "phase",
        "prisoners",
        "side",
        "turns",
    )
    game: Rithmomachie

    def __init__(
        self,
        game: Rithmomachie,
        board: Cells,
        side: int,
        phase: int,
        prisoners: Prisoners,
        turns: int,
        *,
        captor: int = -1,
        emptied: tuple[int, ...] = (),
        bits: tuple[int, int] | None = None,
        history: tuple[Hashable, ...] = (),
        irreversible: bool = False,
        done_by: int = -1,
        arrived: int = -1,
        took: bool = False,
    ) -> None:
        self.game = game
        self.board = board
        self.bits = bits if bits is not None else occupancy(board)
        """Bits of the squares of each side's pieces."""
        self.side = side
        self.phase = phase
        self.prisoners = prisoners
        self.turns = turns
        self.captor = captor
        self.emptied = emptied
        self.irreversible = irreversible
        """Whether a capture or a pose happened earlier in this turn."""
        self.history = (*history, self.key()) if phase == MOVE else history
        self._moves: Sequence[RithmoMove] | None = None
        self._legal: frozenset[RithmoMove] | None = None
        self._cache: dict[tuple[str, int | str], Any] = {}
        """What the rules found in this position, by (kind, side): the captures each side
        could make, the compilation's assaults and sallies, with what they depend on, the
        pyramids' squares (and the bots' evaluation, by player)."""
        self._hint: tuple[RithmoState, int] | None = None
        """The position before the last decision and the bits of the squares it changed,
        from which the captures are found again near the change only."""
        self._outcome = game.judge(self, done_by, arrived, took)
        self.current_player = TERMINAL if self._outcome else game.players[side]

    # -- protocol ---------------------------------------------------------------

    def legal_moves(self) -> Sequence[RithmoMove]:
        if self._outcome is not None:
            return ()
        if self._moves is None:
            self._moves = self.game.rules.legal(self)
        return self._moves

    def is_legal(self, move: RithmoMove) -> bool:
        if self._outcome is not None:
            return False
        if self._legal is None:
            self._legal = frozenset(self.legal_moves())
        try:
            return move in self._legal
        except TypeError:
            return False

    def apply(self, move: RithmoMove) -> RithmoState:
        state = super().apply(move)
        assert isinstance(state, RithmoState)
        return state

    def apply_unchecked(self, move: RithmoMove) -> RithmoState:
        key = (id(self), move)
        recent = _RECENT.get(key)
        if recent is not None and recent[0] is self:
            return recent[1]
        child = self.game.rules.play(self, move)
        remember(_RECENT, key, (self, child), _RECENT_LIMIT)
        return child

    def is_terminal(self) -> bool:
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        return self._outcome

    def key(self) -> Hashable:
        return (self.board, self.side, self.phase, self.captor, self.emptied, self.prisoners)

    def to_text(self) -> str:
        return write_position(self)

    def diagram(self) -> str:
        return render_diagram(self)

    def random_playout(self, rng: random.Random) -> RithmoState:
        return self.playout(rng)

    def playout(
        self, rng: random.Random, trace: list[RithmoMove] | None = None
    ) -> RithmoState:
        """The fast playout (:mod:`engines.rithmomachie.playout`), its decisions in ``trace``."""
        from engines.rithmomachie.playout import playout

        return playout(self, rng, trace)

    # -- building successors ------------------------------------------------------

    def successor(
        self,
        board: Cells,
        bits: tuple[int, int],
        prisoners: Prisoners | None = None,
        *,
        phase: int = MOVE,
        captor: int = -1,
        emptied: tuple[int, ...] = (),
        arrived: int = -1,
        took: bool = False,
        posed: bool = False,
        changed: int = 0,
        found: list[Found] | None = None,
    ) -> RithmoState:
        """The state after a decision of the side to move: the turn goes on in ``phase``
        (:data:`CAPTURES` or :data:`FIRST`) or, with :data:`MOVE`, passes to the other side.
        ``changed``: bits of the squares the decision changed; ``found``: the mover's
        captures in the new position, when known."""
        irreversible = self.irreversible or took or posed
        if prisoners is None:
            prisoners = self.prisoners
        if phase != MOVE:
            child = RithmoState(self.game, board, self.side, phase, prisoners, self.turns,
                                captor=captor, emptied=emptied, bits=bits,
                                history=self.history, irreversible=irreversible,
                                done_by=self.side, arrived=arrived, took=took)
        else:
            child = RithmoState(self.game, board, 1 - self.side, MOVE, prisoners,
                                self.turns + 1, bits=bits,
                                history=() if irreversible else self.history,
                                irreversible=False, done_by=self.side, arrived=arrived,
                                took=took)
        if found is not None:
            child._cache[("captures", self.side)] = found
        child._hint = (self, changed)
        return child

    def end_turn(self) -> RithmoState:
        """``fin``: the other side's turn."""
        return self.successor(self.board, self.bits)

    # -- what the screens and the evaluator read ------------------------------------

    def pieces(self, side: int) -> list[tuple[int, Piece]]:
        """``(square, piece)`` of a side, in square order."""
        return [(sq, p) for sq, p in enumerate(self.board) if p is not None and p.side == side]

    def repetitions(self) -> int:
        """How many times the position at the start of this turn has occurred."""
        if not self.history:
            return 0
        return self.history.count(self.history[-1])


def occupancy(board: Cells) -> tuple[int, int]:
    """Bits of the squares of side 0's and side 1's pieces."""
    bits = [0, 0]
    for sq, p in enumerate(board):
        if p is not None:
            bits[p.side] |= 1 << sq
    return bits[0], bits[1]


def add_prisoners(prisoners: Prisoners, side: int, taken: Sequence[Prisoner]) -> Prisoners:
    """``side`` has captured the pieces ``taken``."""
    mine = tuple(sorted((*prisoners[side], *taken)))
    return (mine, prisoners[1]) if side == 0 else (prisoners[0], mine)


def spend_prisoner(prisoners: Prisoners, side: int, shape: str, value: int) -> Prisoners:
    """``side`` poses its captured piece ``value``/``shape``: it stays counted, not poseable."""
    mine = list(prisoners[side])
    mine.remove((value, shape, True))
    mine.append((value, shape, False))
    mine.sort()
    return (tuple(mine), prisoners[1]) if side == 0 else (prisoners[0], tuple(mine))


def judge_state(state: RithmoState, done_by: int, arrived: int, took: bool) -> Outcome | None:
    """A victory of the side that just decided (or, for a position read from text, of
    either side); at the start of a turn the draws and the blocked side's loss."""
    game = state.game
    sides = (done_by,) if done_by >= 0 else (0, 1)
    for side in sides:
        won = game.victory.check(state, side, arrived if done_by >= 0 else -2,
                                 took or done_by < 0)
        if won is not None:
            code, fr, en = won
            return win(game.players[side], fr, code, _scores(state), en=en)
    if state.phase != MOVE:
        return None
    if state.turns >= game.max_moves:
        return draw(f"{game.max_moves} tours joués", OutcomeCode.MOVE_CAP, _scores(state),
                    en=f"{game.max_moves} turns played")
    if game.repetition and state.repetitions() >= 3:
        return draw("même position trois fois", OutcomeCode.REPETITION, _scores(state),
                    en="same position three times")
    if not game.rules.has_decision(state):
        mover = game.players[state.side]
        return win(game.players[1 - state.side], f"{mover} ne peut plus jouer", OutcomeCode.BLOCKED,
                   _scores(state), en=f"{mover} cannot play")
    return None


def _scores(state: RithmoState) -> dict[str, float]:
    """Pieces captured by each player."""
    return {name: float(len(state.prisoners[i])) for i, name in enumerate(state.game.players)}
