"""Evaluator for backgammon: winning chances, gammons, the cube and the match score.

The value of a position for a player is, scaled to ``[-1, 1]``, what it can
expect of what the game is played for: the match (matches to 5, 10 or 20
points); a single game without the cube (``backgammon:simple``) for its
points, a single game 1, a gammon 2, a backgammon 3 (the expected points
divided by :data:`POINTS_SCALE`); a single game with the cube (``match=1``)
to win it, the stake being only counted in the score.

1. **Cubeless chances** of the side to roll next: winning, and winning or
   losing a gammon or a backgammon (:func:`cubeless`).  While the sides
   are in contact, a small neural network
   (:func:`~engines.ai.backgammon_network.contact_chances`: the points of
   both sides, a few hand-made features such as primes, anchors and
   checkers back, and the blots under fire, 64 hidden units, five logistic
   outputs) fitted to GNU Backgammon's 0-ply chances on 1 330 000 positions
   in contact, reached by the plays of 75 000 turns of its own games and by
   23 000 turns without a choice (a side on the bar against a closed board
   among them: ``python -m bench.peers.gnubg_fit``); each side's share of
   the hidden layer is computed once and remembered.
   Once the race is on, the race model of :mod:`engines.backgammon.chances`.
2. **In the middle of a turn** (one decision per checker), the mover is
   taken to finish its turn as well as it can: the value is that of its best
   complete play of the dice left (:func:`turn_value`), so that even a
   search one decision deep compares whole plays, and a search that reaches
   the opponent's first checker compares our plays by the opponent's best
   answer to each of its throws.
3. **Match and cube**: the outcomes (win or lose, single, gammon or
   backgammon, at the current cube) are weighed by a match equity table
   (computed once by recursion on the scores, gammons one game in five,
   without the cube but where a player is one point from the target: with no
   Crawford rule, the default, the trailer doubles at once in every such game
   and each is played for 2 points), and the cube's ownership by Janowski's
   model: cube efficiency ``CUBE_LIFE``, take and cash points from the table.  A dead
   cube (the Crawford manche, with that option; no cube) counts at its face
   value only; the cube has no cap, and once it is worth the match to both
   players the table gives the same equities doubled or not.  A tiny nudge
   (``CUBE_CLAIM``) keeps the machine from doubling when it changes nothing.
   The searches then double, take and drop by comparing these values.

A finished game is worth ±1 to the searches whatever its points; they meet
it only in the last turns, where bearing the last checker off is always
best.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from types import MappingProxyType

from engines.ai.backgammon_network import contact_chances, network_inputs, side_inputs
from engines.ai.evaluation import register_evaluator
from engines.ai.profiles import INTERMEDIATE_NOISE, AiProfile, register_profile
from engines.backgammon import RULES, Backgammon, BackgammonState, manche_value
from engines.backgammon.chances import Chances
from engines.backgammon.chances import cubeless as race_chances
from engines.caches import forgettable, remember
from engines.core import State
from engines.tables import ANSWER, MOVE, OPENING, OVER, PLAYERS, Side, complete_plays
from engines.tables.rules import CHECKERS

__all__ = [
    "contact_chances",
    "cubeless",
    "equity",
    "evaluate",
    "match_equity",
    "network_inputs",
    "turn_value",
]

CUBE_CLAIM = 1e-3
"""A nudge per doubling of the cube held by the player (against if the opponent holds
it), so that the machine does not double when doubling changes nothing."""
DEAD_CUBE_CLAIM = 0.03
"""The same nudge where the stake cannot matter: a single game (the machine plays to
win it) or a cube already worth the match to both players."""
CLAIMED_DOUBLINGS = 6
"""The nudge grows with the cube's doublings up to this many (a cube of 64), then stays:
the cube has no cap, the nudge must stay tiny."""
CUBE_LIFE = 0.68
"""Janowski's cube efficiency: how much of the live cube's value is really there."""
MATCH_GAMMONS = 0.2
"""Share of games won with a gammon, for the match equity table."""
SEATS = {name: seat for seat, name in enumerate(PLAYERS)}
OPENING_CHANCES = (0.5, 0.13, 0.13, 0.005, 0.005)
"""Chances before the opening throw."""
POINTS_SCALE = 3.0
"""A single game played for its points: the points won or lost, divided by this (a
backgammon, 3 points, is worth 1)."""


# --------------------------------------------------------------------------- match and cube


def _equity_table(size: int, cube_at_match_point: bool = False) -> list[list[float]]:
    """``table[a][b]``: chance of winning the match needing ``a`` points against ``b``
    (1 <= a, b <= size; cube effects ignored, gammons one game in five).

    Without ``cube_at_match_point`` a player one point from the target plays for
    single games, as in the Crawford manche (the later manches are taken alike).
    With it (the cube, no Crawford rule: the source's match), the trailer doubles at
    once in every such game and the leader takes, or drops when that costs nothing:
    each game is played for 2 points, the trailer's gammons for 4.
    """
    g = MATCH_GAMMONS
    table = [[0.0] * (size + 1) for _ in range(size + 1)]

    def at(a: int, b: int) -> float:
        return 1.0 if a <= 0 else 0.0 if b <= 0 else table[a][b]

    if cube_at_match_point:
        table[1][1] = 0.5
        for b in range(2, size + 1):
            take = 0.5 + 0.5 * ((1 - g) * at(1, b - 2) + g * at(1, b - 4))
            table[1][b] = max(take, at(1, b - 1))
            table[b][1] = 1.0 - table[1][b]
    for total in range(2, 2 * size + 1):
        for a in range(max(1, total - size), min(size, total - 1) + 1):
            b = total - a
            if cube_at_match_point and 1 in (a, b):
                continue
            win = (1 - g) * at(a - 1, b) + g * at(a - 2, b)
            lose = (1 - g) * at(a, b - 1) + g * at(a, b - 2)
            table[a][b] = 0.5 * win + 0.5 * lose
    return table


EQUITY_TABLE = _equity_table(25)
EQUITY_COLUMNS = [[row[b] for row in EQUITY_TABLE] for b in range(26)]
"""``EQUITY_COLUMNS[b][a]`` is ``EQUITY_TABLE[a][b]``."""
CUBE_AT_MATCH_POINT_TABLE = _equity_table(25, cube_at_match_point=True)
CUBE_AT_MATCH_POINT_COLUMNS = [[row[b] for row in CUBE_AT_MATCH_POINT_TABLE]
                               for b in range(26)]
"""The same with the cube alive when a player is one point from the target (no
Crawford rule, the default)."""


def _tables(game: Backgammon) -> tuple[list[list[float]], list[list[float]]]:
    """The equity table of ``game`` and its columns: with the cube and no Crawford
    rule, the cube stays alive when a player is one point from the target."""
    if game.cube_on and not game.crawford_rule:
        return CUBE_AT_MATCH_POINT_TABLE, CUBE_AT_MATCH_POINT_COLUMNS
    return EQUITY_TABLE, EQUITY_COLUMNS


def match_equity(away: int, other_away: int, game: Backgammon | None = None) -> float:
    """Chance of winning the match needing ``away`` points against ``other_away`` (in
    ``game``: by default as if a player one point from the target played for single
    games)."""
    if away <= 0:
        return 1.0
    if other_away <= 0:
        return 0.0
    table = EQUITY_TABLE if game is None else _tables(game)[0]
    return table[away][other_away]


def equity(chances: Chances, state: BackgammonState, seat: int, cube: int,
           owner: int) -> float:
    """Chance for ``seat`` (with these cubeless chances) of winning what is played for,
    with the cube at ``cube`` held by ``owner`` (-1: in the middle)."""
    return Stakes(state, seat, cube, owner).equity(chances)


class Stakes:
    """What ``seat`` plays for in ``state`` with the cube at ``cube`` held by ``owner``
    (-1: in the middle): the match equities of each outcome, worked out once for the
    many positions a turn compares (:meth:`equity`)."""

    __slots__ = ("alive", "at_cube", "at_double", "cash", "dropped", "match", "owner",
                 "seat")

    def __init__(self, state: BackgammonState, seat: int, cube: int, owner: int) -> None:
        game = state.game
        self.match = game.match > 1
        self.seat = seat
        self.owner = owner
        self.alive = False
        if not self.match:
            return
        mine, theirs = game.match - state.score[seat], game.match - state.score[1 - seat]
        self.at_cube = _outcome_equities(game, mine, theirs, cube)
        self.alive = state.cube_alive()
        if self.alive:
            self.at_double = _outcome_equities(game, mine, theirs, 2 * cube)
            self.cash = match_equity(mine - cube, theirs, game)
            self.dropped = match_equity(mine, theirs - cube, game)

    def equity(self, chances: Chances) -> float:
        """Chance of winning what is played for with these cubeless chances: the match
        equity of each outcome, the cube's life by Janowski's model."""
        p, gw, gl, bw, bl = chances
        if not self.match:
            return p
        single_win, gammon_win, bg_win = p - gw, gw - bw, bw
        single_loss, gammon_loss, bg_loss = 1 - p - gl, gl - bl, bl
        p_safe = p if p > 1e-9 else 1e-9
        q_safe = 1 - p if p < 1 - 1e-9 else 1e-9
        w1, w2, w3, l1, l2, l3 = self.at_cube
        win = (w1 * single_win + w2 * gammon_win + w3 * bg_win) / p_safe
        lose = (l1 * single_loss + l2 * gammon_loss + l3 * bg_loss) / q_safe
        dead = p * win + (1 - p) * lose
        if not self.alive:
            return dead
        w1, w2, w3, l1, l2, l3 = self.at_double
        win2 = (w1 * single_win + w2 * gammon_win + w3 * bg_win) / p_safe
        lose2 = (l1 * single_loss + l2 * gammon_loss + l3 * bg_loss) / q_safe
        cash, dropped = self.cash, self.dropped
        span = win2 - lose2
        cash_point = (cash - lose2) / span if span > 1e-9 else 1.0
        take_point = (dropped - lose2) / span if span > 1e-9 else 0.0
        cash_point = min(max(cash_point, 0.05), 1.0)
        take_point = min(max(take_point, 0.0), cash_point - 0.05)
        seat, owner = self.seat, self.owner
        if owner == seat:
            live = lose + (cash - lose) * p / cash_point if p < cash_point else max(cash, dead)
        elif owner == 1 - seat:
            live = dropped + (win - dropped) * max((p - take_point) / (1 - take_point), 0.0)
        else:
            spread = cash_point - take_point
            live = dropped + (cash - dropped) * max((p - take_point) / spread, 0.0) \
                if p < cash_point else max(cash, dead)
        return CUBE_LIFE * live + (1 - CUBE_LIFE) * dead


def _outcome_equities(game: Backgammon, mine: int, theirs: int,
                      stake: int) -> tuple[float, ...]:
    """The match equities, needing ``mine`` points against ``theirs``, after winning a
    single game, a gammon and a backgammon at ``stake``, then after losing them."""
    table, columns = _tables(game)
    mine_row, theirs_column = table[mine], columns[theirs]
    wins = (theirs_column[a] if a > 0 else 1.0 for a in (mine - k * stake for k in (1, 2, 3)))
    losses = (mine_row[b] if b > 0 else 0.0 for b in (theirs - k * stake for k in (1, 2, 3)))
    return (*wins, *losses)


def cubeless(roller: Side, other: Side) -> Chances:
    """The cubeless chances of the side to roll next: the network while the sides are
    in contact, the race model of :mod:`engines.backgammon.chances` after.  Remembered:
    a search meets the same position by several orders of the same checker moves,
    and again one iteration deeper."""
    key = (roller, other)
    found = _CHANCES.get(key)
    if found is None:
        if side_inputs(roller).far + side_inputs(other).far > 25:
            found = contact_chances(roller, other)
        else:
            found = race_chances(roller, other)
        remember(_CHANCES, key, found, CHANCES_LIMIT)
    return found


_CHANCES: dict[tuple[Side, Side], Chances] = forgettable({})
CHANCES_LIMIT = 100_000


def plays_for_points(state: BackgammonState) -> bool:
    """Whether the machine plays for the points of a single game: without the cube, a
    single game is worth 1, a gammon 2 and a backgammon 3."""
    game = state.game
    return game.match <= 1 and not game.cube_on


def position_value(chances: Chances, state: BackgammonState, seat: int) -> float:
    """The value for ``seat``, in ``[-1, 1]``, of a position where ``seat`` has these
    cubeless chances, with the cube, the stakes and the score of ``state``."""
    return position_valuer(state, seat)(chances)


def position_valuer(state: BackgammonState, seat: int) -> Callable[[Chances], float]:
    """:func:`position_value` for ``state`` and ``seat``, as a function of the chances
    (what they depend on worked out once)."""
    game = state.game
    if game.match <= 1 and not game.cube_on:
        def for_points(chances: Chances) -> float:
            p, gw, gl, bw, bl = chances
            return (2.0 * p - 1.0 + gw - gl + bw - bl) / POINTS_SCALE
        return for_points
    equity_of = Stakes(state, seat, state.cube, state.owner).equity
    claim = 0.0
    if state.owner >= 0:
        away = [game.match - score for score in state.score]
        dead = game.match <= 1 or max(away) <= state.cube
        doublings = min(state.cube.bit_length() - 1, CLAIMED_DOUBLINGS)
        claim = (DEAD_CUBE_CLAIM if dead else CUBE_CLAIM) * doublings
        claim = claim if state.owner == seat else -claim

    def with_cube(chances: Chances) -> float:
        return 2.0 * equity_of(chances) - 1.0 + claim
    return with_cube


def finished_value(state: BackgammonState, seat: int, loser: Side) -> float:
    """The value for ``seat`` of bearing its last checker off, ``loser`` the other side."""
    game = state.game
    if game.match <= 1:
        return manche_value(loser) / POINTS_SCALE if not game.cube_on else 1.0
    mine, theirs = (game.match - score for score in (state.score[seat], state.score[1 - seat]))
    return 2.0 * match_equity(mine - state.cube * manche_value(loser), theirs, game) - 1.0


def turn_value(state: BackgammonState) -> float:
    """The value for the mover of a turn in progress: its best way to play the dice
    left, each complete play judged by the position it leaves to the opponent."""
    key = (state.boards, state.mover, state.dice, state.cube, state.owner, state.score,
           state.crawford, state.game.match, state.game.cube_on)
    known = _TURNS.get(key)
    if known is not None:
        return known
    mover = state.mover
    losers, chances = play_chances(*state.sides(), state.dice)
    best = max(map(position_valuer(state, mover), chances), default=-2.0)
    for loser in losers:
        best = max(best, finished_value(state, mover, loser))
    return remember(_TURNS, key, best, TURNS_LIMIT)


_TURNS: dict[Hashable, float] = forgettable({})
TURNS_LIMIT = 50_000


def play_chances(own: Side, other: Side, dice: tuple[int, ...]) -> tuple[
        list[Side], list[Chances]]:
    """The complete plays of ``dice`` by the side ``own``: the losing sides of those
    that bear its last checker off, and the cubeless chances (the mover's) after each
    of the others.  Remembered: a decision one throw on meets the same throws under
    each state of the cube."""
    key = (own, other, dice)
    found = _PLAYS.get(key)
    if found is None:
        losers = []
        chances = []
        for after, them in complete_plays(RULES, own, other, dice):
            if after[0] == CHECKERS:
                losers.append(them)
            else:
                p, gw, gl, bw, bl = cubeless(them, after)
                chances.append((1.0 - p, gl, gw, bl, bw))
        found = remember(_PLAYS, key, (losers, chances), PLAYS_LIMIT)
    return found


_PLAYS: dict[tuple[Side, Side, tuple[int, ...]], tuple[list[Side], list[Chances]]] = \
    forgettable({})
PLAYS_LIMIT = 2_000


@register_evaluator("backgammon")
def evaluate(state: State, player: str) -> float:
    """How good ``state`` looks for ``player``, in ``[-1, 1]``."""
    assert isinstance(state, BackgammonState)
    seat = SEATS[player]
    phase = state.phase
    if phase == OVER:
        outcome = state.outcome()
        return 0.0 if outcome is None else 2.0 * outcome.value(player) - 1.0
    if phase == OPENING:
        game = state.game
        if state.cube == 1 and game.match > 1:  # a new manche: the table's own value
            away = [game.match - score for score in state.score]
            return 2.0 * match_equity(away[seat], away[1 - seat], game) - 1.0
        if plays_for_points(state):
            return 0.0
        return 2.0 * equity(OPENING_CHANCES, state, seat, state.cube, -1) - 1.0
    mover = state.mover
    if phase == MOVE:  # the mover's best complete play; its loss for the other side
        value = turn_value(state)
        return value if seat == mover else -value
    chances = cubeless(state.boards[mover], state.boards[1 - mover])
    if mover != seat:
        p, gw, gl, bw, bl = chances
        chances = (1.0 - p, gl, gw, bl, bw)
    if phase == ANSWER:
        # The doubler's opponent takes (cube doubled, theirs) or drops (the doubler cashes).
        taken = equity(chances, state, seat, 2 * state.cube, 1 - mover)
        game = state.game
        if game.match <= 1:
            cashed = 1.0 if seat == mover else 0.0
        else:
            mine = game.match - state.score[seat]
            theirs = game.match - state.score[1 - seat]
            cashed = match_equity(mine - state.cube, theirs, game) if seat == mover else \
                match_equity(mine, theirs - state.cube, game)
        value = min(taken, cashed) if seat == mover else max(taken, cashed)
        return 2.0 * value - 1.0
    return position_value(chances, state, seat)


register_profile("backgammon", AiProfile(
    expert_best_play_one_throw_on=True,
    cube_without_search=True,
    turn_noise=MappingProxyType({"joueur": INTERMEDIATE_NOISE / 3.0}),
    child_noise=0.5,
    coach_threshold=MappingProxyType({"share": 0.04}),
))
"""The expert plays the best play of the throw one throw on and the cube the same way; the
joueur gnubg's *intermediate* noise on a third of the points' scale (docs/ai/backgammon.md).
The coach speaks past 0.04 of a game's share, 0.08 of its equity: gnubg's "bad" play
(docs/ai/coach.md)."""
