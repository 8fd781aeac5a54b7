"""The barricades position and its rules: legal decisions, a decision played, the end."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from engines.barricades.board import BARRICADE_ALLOWED, GOAL, PAWNS
from engines.barricades.playout import playout
from engines.barricades.rules import (
    TWO_DICE,
    BarricadesMove,
    PutBarricade,
    barricade_places,
    move_pawn,
    pawn_moves,
    reached_goal,
)
from engines.barricades.text import render_diagram, write_position
from engines.core import (
    CHANCE,
    PASS,
    TERMINAL,
    Dice,
    Outcome,
    Pass,
    State,
    draw,
)
from engines.outcomes import OutcomeCode

if TYPE_CHECKING:
    from engines.barricades.game import Barricades


class BarricadesState(State[BarricadesMove]):
    """Each seat's pawns and the barricades as bit sets, the seat to play, the dice.

    ``pawns[seat]`` holds the seat's pawns on the board (the others are in its
    house); ``dice`` the throw waiting for a move (``None``: to be thrown, or a
    barricade to put); ``pending`` that the mover has picked up a barricade and
    puts it next; ``turns`` the turns finished, which the move cap reads.
    """

    __slots__ = ("_moves", "barricades", "current_player", "dice", "game", "mover", "pawns",
                 "pending", "turns", "winner")
    game: Barricades

    def __init__(
        self,
        game: Barricades,
        pawns: tuple[int, ...],
        barricades: int,
        mover: int,
        dice: tuple[int, int] | None,
        pending: bool,
        turns: int,
    ) -> None:
        self.game = game
        self.pawns = pawns
        self.barricades = barricades
        self.mover = mover
        self.dice = dice
        self.pending = pending
        self.turns = turns
        self._moves: Sequence[BarricadesMove] | None = None
        self.winner = reached_goal(pawns)
        if self.winner >= 0 or turns >= game.max_turns:
            self.current_player = TERMINAL
        elif dice is None and not pending:
            self.current_player = CHANCE
        else:
            self.current_player = game.players[mover]

    # -- rules ------------------------------------------------------------------

    def friends(self, seat: int) -> int:
        """The pawns ``seat`` may not land on: its own and, in teams, its partner's."""
        own = self.pawns[seat]
        partner = self.game.partner(seat)
        return own if partner is None else own | self.pawns[partner]

    def occupied(self) -> int:
        """Every point holding a pawn or a barricade."""
        bits = self.barricades
        for mask in self.pawns:
            bits |= mask
        return bits

    def legal_moves(self) -> Sequence[BarricadesMove]:
        moves = self._moves
        if moves is None:
            moves = self._moves = self._generate()
        return moves

    def _generate(self) -> Sequence[BarricadesMove]:
        player = self.current_player
        if player is TERMINAL:
            return ()
        if player is CHANCE:
            return [move for move, _ in TWO_DICE]
        if self.pending:
            return barricade_places(self.occupied())
        assert self.dice is not None
        seat = self.mover
        moves = pawn_moves(self.pawns[seat], self.game.houses[seat], self.friends(seat),
                           self.barricades, self.dice)
        return moves or [PASS]

    def chance_outcomes(self) -> Sequence[tuple[Dice, float]]:
        return TWO_DICE if self.current_player is CHANCE else ()

    def is_legal(self, move: BarricadesMove) -> bool:
        player = self.current_player
        if player is TERMINAL:
            return False
        if player is CHANCE:
            return isinstance(move, Dice) and any(move == m for m, _ in TWO_DICE)
        if self.pending:
            return (
                isinstance(move, PutBarricade)
                and 0 <= move.at < GOAL
                and bool(BARRICADE_ALLOWED >> move.at & 1)
                and not self.occupied() >> move.at & 1
            )
        return move in self.legal_moves()

    def apply_unchecked(self, move: BarricadesMove) -> BarricadesState:
        game = self.game
        seat = self.mover
        if type(move) is Dice:  # at a chance node
            high, low = move.values
            return BarricadesState(game, self.pawns, self.barricades, seat, (high, low),
                                   False, self.turns)
        following = (seat + 1) % len(self.pawns)
        if type(move) is PutBarricade:
            return BarricadesState(game, self.pawns, self.barricades | 1 << move.at,
                                   following, None, False, self.turns + 1)
        if type(move) is Pass:
            return BarricadesState(game, self.pawns, self.barricades, following, None, False,
                                   self.turns + 1)
        origin, end = move.path
        pawns = move_pawn(self.pawns, seat, origin, end, game.houses[seat])
        bit = 1 << end
        if self.barricades & bit:
            return BarricadesState(game, pawns, self.barricades ^ bit, seat, None, True,
                                   self.turns)
        if end == GOAL:
            return BarricadesState(game, pawns, self.barricades, seat, None, False, self.turns)
        return BarricadesState(game, pawns, self.barricades, following, None, False,
                               self.turns + 1)

    def is_terminal(self) -> bool:
        return self.current_player is TERMINAL

    def in_house(self, seat: int) -> int:
        """Pawns of ``seat`` still in (or sent back to) its house."""
        return PAWNS - self.pawns[seat].bit_count()

    def outcome(self) -> Outcome | None:
        if self.current_player is not TERMINAL:
            return None
        players = self.game.players
        if self.winner < 0:
            cap = self.game.max_turns
            return draw(f"limite de {cap} tours atteinte sans arrivée", OutcomeCode.MOVE_CAP,
                        en=f"limit of {cap} turns reached without anyone arriving")
        name = players[self.winner]
        partner = self.game.partner(self.winner)
        if partner is None:
            return Outcome((name,), f"{name} atteint le but", OutcomeCode.GOAL, (),
                           f"{name} reaches the goal")
        winners = tuple(p for p in players if p in (name, players[partner]))
        team = " et ".join(winners)
        return Outcome(winners, f"{name} atteint le but : l'équipe {team} gagne",
                       OutcomeCode.GOAL, (),
                       f"{name} reaches the goal: team {' and '.join(winners)} wins")

    def announcements(self) -> tuple[str, ...]:
        if self.pending and self.current_player is not TERMINAL:
            return (f"Barricade ! {self.current_player} la replace",)
        return ()

    def key(self) -> Hashable:
        return (self.pawns, self.barricades, self.mover, self.dice, self.pending, self.turns)

    def to_text(self) -> str:
        return write_position(self)

    def diagram(self) -> str:
        return render_diagram(self)

    # -- fast playouts ----------------------------------------------------------

    def random_playout(self, rng: random.Random) -> BarricadesState:
        return self.playout(rng)

    def playout(
        self, rng: random.Random, trace: list[BarricadesMove] | None = None
    ) -> BarricadesState:
        """Uniformly random decisions (and fair dice) to the end, on plain integers.

        Follows the rules of :meth:`legal_moves` / :meth:`apply_unchecked`;
        ``trace``, when given, receives every move (dice included) for tests.
        """
        if self.current_player is TERMINAL:
            return self
        return BarricadesState(self.game, *playout(self, rng, trace))

