"""The backgammon position: checkers, the turn's phase, the cube, the match score.

The decisions of a turn: ``roll`` or ``double`` when the player may double
(otherwise the dice come at once), the opponent's ``take`` or ``drop`` after
a double, the dice (chance), then one checker move per die (``pass`` when
none can be played).  A manche that ends without ending the match is
followed at once by the next manche's opening throw.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from engines.backgammon.gnubg import diagram_line
from engines.backgammon.match import (
    RESULT_CODES,
    RESULT_NAMES,
    RESULT_NAMES_EN,
    auto_double_allowed,
    manche_value,
    may_double,
    next_is_crawford,
)
from engines.backgammon.rules import RULES
from engines.backgammon.text import BEAR_OFF, CAPPED, DROPPED, render_diagram, write_position
from engines.core import Dice, Outcome, Pass, draw, win
from engines.outcomes import OutcomeCode
from engines.tables.board import PLAYERS
from engines.tables.moves import (
    DOUBLE,
    DROP,
    ROLL,
    ROLLS,
    TAKE,
    CheckerMove,
    TablesMove,
    dice_to_play,
)
from engines.tables.playout import playout
from engines.tables.rules import Side
from engines.tables.state import (
    ANSWER,
    CUBE,
    DICE,
    MOVE,
    OPENING,
    OVER,
    PLAYER_AT,
    TablesState,
)

if TYPE_CHECKING:
    from engines.backgammon.game import Backgammon

START: Side = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
"""Each side's start: 2 on its 24-point, 5 on 13, 3 on 8, 5 on 6."""

CUBE_CHOICES = (ROLL, DOUBLE)
ANSWERS = (TAKE, DROP)
TO_PLAY: dict[tuple[int, ...], tuple[int, ...]] = {
    d.values: dice_to_play(*d.values) for d, _ in ROLLS
}
"""The dice to play of each normal throw."""

_blank = object.__new__


class BackgammonState(TablesState):
    """A backgammon position with its match context.

    ``cube`` is the stake (1, 2, 4…), ``owner`` the seat holding the cube
    (-1 in the middle), ``score`` the match points of noir and blanc,
    ``crawford`` whether this manche is the Crawford manche, ``turn`` the turns
    played in this manche.  A finished game (``phase == OVER``) records how it
    ended in ``end``; the winner is ``mover`` (nobody when ``end`` is the move
    cap) and ``score`` is the final score.  ``news`` says how the previous
    manche ended (for announcements; not part of the text).
    """

    __slots__ = ("crawford", "cube", "end", "news", "owner", "score")
    rules = RULES
    game: Backgammon

    def __init__(self, game: Backgammon, boards: tuple[Side, Side], mover: int, phase: int,
                 dice: tuple[int, ...], cube: int, owner: int, score: tuple[int, int],
                 crawford: bool, turn: int, end: str = "", news: str = "") -> None:
        self.game = game
        self.boards = boards
        self.mover = mover
        self.phase = phase
        self.dice = dice
        self.cube = cube
        self.owner = owner
        self.score = score
        self.crawford = crawford
        self.turn = turn
        self.end = end
        self.news = news
        self._steps = None
        self._moves = None
        self._set_player()

    def _with(self, boards: tuple[Side, Side], mover: int, phase: int,
              dice: tuple[int, ...] = (), turn: int | None = None) -> BackgammonState:
        """The same manche, stake and match in another position, built field by field
        (the decisions' hot path)."""
        new = _blank(self.__class__)
        new.game = self.game
        new.boards = boards
        new.mover = mover
        new.phase = phase
        new.dice = dice
        new.cube = self.cube
        new.owner = self.owner
        new.score = self.score
        new.crawford = self.crawford
        new.turn = self.turn if turn is None else turn
        new.end = new.news = ""
        new._steps = new._moves = None
        new.current_player = PLAYER_AT[phase][mover]
        return new

    # -- decisions --------------------------------------------------------------

    def may_double(self) -> bool:
        """Whether the player whose turn it is may double before throwing."""
        return may_double(self.game, self.mover, self.cube, self.owner, self.crawford)

    def cube_alive(self) -> bool:
        """Whether the cube may still be turned in this manche by somebody, whatever its
        value (it has no cap): with the cube, except in the Crawford manche."""
        return self.game.cube_on and not self.crawford

    def _generate(self) -> Sequence[TablesMove]:
        if self.phase == CUBE:
            return CUBE_CHOICES
        if self.phase == ANSWER:
            return ANSWERS
        return super()._generate()

    def apply_unchecked(self, move: TablesMove) -> BackgammonState:
        if type(move) is CheckerMove:
            return self._play(move)
        if type(move) is Dice:
            if self.phase == DICE:
                return self._with(self.boards, self.mover, MOVE, TO_PLAY[move.values])
            return self._opening(move)
        if type(move) is Pass:
            return self._next_turn(self.boards)
        if self.phase == CUBE:
            if move == ROLL:
                return self._with(self.boards, self.mover, DICE)
            return self._with(self.boards, self.mover, ANSWER)
        # ANSWER
        if move == TAKE:
            return BackgammonState(self.game, self.boards, self.mover, DICE, (), self.cube * 2,
                                   1 - self.mover, self.score, self.crawford, self.turn)
        return self._manche_over(self.mover, self.cube, DROPPED)

    def _opening(self, move: Dice) -> BackgammonState:
        first, second = move.values
        if first == second:
            cube = self.cube
            if auto_double_allowed(self.game, cube, self.crawford):
                cube *= 2
            return BackgammonState(self.game, self.boards, 0, OPENING, (), cube, -1,
                                   self.score, self.crawford, 0)
        mover = 0 if first > second else 1
        return self._with(self.boards, mover, MOVE, (max(first, second), min(first, second)), 0)

    def _continued(self, boards: tuple[Side, Side], dice: tuple[int, ...]) -> BackgammonState:
        return self._with(boards, self.mover, MOVE, dice)

    def _next_turn(self, boards: tuple[Side, Side]) -> BackgammonState:
        mover = 1 - self.mover
        turn = self.turn + 1
        if turn >= self.game.max_turns:
            return BackgammonState(self.game, boards, mover, OVER, (), self.cube, self.owner,
                                   self.score, self.crawford, turn, CAPPED)
        phase = CUBE if may_double(self.game, mover, self.cube, self.owner, self.crawford) \
            else DICE
        return self._with(boards, mover, phase, (), turn)

    def _finished(self, boards: tuple[Side, Side]) -> BackgammonState:
        value = manche_value(boards[1 - self.mover])
        over = BackgammonState(self.game, boards, self.mover, self.phase, (), self.cube,
                               self.owner, self.score, self.crawford, self.turn)
        return over._manche_over(self.mover, self.cube * value, BEAR_OFF)

    def _manche_over(self, winner: int, points: int, how: str) -> BackgammonState:
        """Score a manche; the match goes on with a new opening throw, or ends."""
        game = self.game
        before = self.score
        score = (before[0] + points, before[1]) if winner == 0 else (before[0], before[1] + points)
        if game.match <= 1 or score[winner] >= game.match:
            return BackgammonState(game, self.boards, winner, OVER, (), self.cube, self.owner,
                                   score, self.crawford, self.turn, how)
        crawford = next_is_crawford(game, before, score, self.crawford)
        news = self._manche_news(winner, points, how, score)
        return BackgammonState(game, (START, START), 0, OPENING, (), 1, -1, score, crawford, 0,
                               news=news)

    def _manche_news(self, winner: int, points: int, how: str, score: tuple[int, int]) -> str:
        name = PLAYERS[winner]
        if how == DROPPED:
            what = f"{PLAYERS[1 - winner]} refuse le videau"
        else:
            what = RESULT_NAMES[manche_value(self.boards[1 - winner])]
        plural = "s" if points > 1 else ""
        return f"{name} gagne la manche ({what}, {points} point{plural}) : {score[0]}-{score[1]}"

    # -- end --------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        names = PLAYERS
        scores = {names[0]: self.score[0], names[1]: self.score[1]}
        match = self.game.match
        if self.end == CAPPED:
            return draw(f"manche arrêtée après {self.turn} tours", OutcomeCode.MOVE_CAP, scores,
                        en=f"manche stopped after {self.turn} turns")
        winner, loser = names[self.mover], names[1 - self.mover]
        if self.end == DROPPED:
            code = OutcomeCode.DROP
            how, how_en = f"{loser} refuse le videau", f"{loser} drops the cube"
            points = self.cube
        else:
            value = manche_value(self.boards[1 - self.mover])
            code, how, how_en = RESULT_CODES[value], RESULT_NAMES[value], RESULT_NAMES_EN[value]
            points = self.cube * value
        plural = "s" if points > 1 else ""
        if match <= 1:
            return win(winner, f"{how}, {points} point{plural}", code, scores,
                       en=f"{how_en}, {points} point{plural}")
        high, low = max(self.score), min(self.score)
        return win(
            winner,
            f"{how} ({points} point{plural}), match en {match} gagné {high} à {low}",
            code, scores,
            en=f"{how_en} ({points} point{plural}), {match}-point match won {high} to {low}",
        )

    def announcements(self) -> tuple[str, ...]:
        said = []
        if self.news:
            said.append(self.news)
        if self.phase == OPENING and self.crawford:
            said.append("Manche Crawford : pas de videau")
        if self.phase == OPENING and self.cube > 1:
            said.append(f"Doublement automatique : l'enjeu vaut {self.cube}")
        if self.phase == ANSWER:
            said.append(f"{PLAYERS[self.mover]} double : l'enjeu passerait à {self.cube * 2}")
        return tuple(said)

    def key(self) -> Hashable:
        return (self.boards, self.mover, self.phase, self.dice, self.cube, self.owner,
                self.score, self.crawford, self.turn, self.end)

    def to_text(self) -> str:
        return write_position(self)

    def diagram(self) -> str:
        return render_diagram(self, diagram_line(self))

    # -- fast playouts ----------------------------------------------------------

    def random_playout(self, rng: random.Random) -> BackgammonState:
        return self.playout(rng)

    def playout(
        self, rng: random.Random, trace: list[TablesMove] | None = None
    ) -> BackgammonState:
        """Uniformly random decisions (dice by their odds) to the end of the game.

        Follows the rules of :meth:`legal_moves` and :meth:`apply_unchecked`;
        ``trace``, when given, receives every move taken (dice included).
        """
        return playout(self, rng, trace)
