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
   without the cube), and the cube's ownership by Janowski's model: cube
   efficiency ``CUBE_LIFE``, take and cash points from the table.  A dead
   cube (Crawford manche, no cube, 64) counts at its face value only; a
   tiny nudge (``CUBE_CLAIM``) keeps the machine from doubling when it
   changes nothing.  The searches then double, take and drop by comparing
   these values.

A finished game is worth ±1 to the searches whatever its points; they meet
it only in the last turns, where bearing the last checker off is always
best.
"""

from __future__ import annotations

from collections.abc import Hashable

from engines.ai.backgammon_network import contact_chances, network_inputs, side_inputs
from engines.ai.evaluation import register_evaluator
from engines.backgammon import RULES, BackgammonState, manche_value
from engines.backgammon.chances import Chances
from engines.backgammon.chances import cubeless as race_chances
from engines.caches import forgettable
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


def _equity_table(size: int) -> list[list[float]]:
    """``table[a][b]``: chance of winning the match needing ``a`` points against ``b``
    (1 <= a, b <= size; post-Crawford and cube effects ignored, gammons one game in
    five)."""
    g = MATCH_GAMMONS
    table = [[0.0] * (size + 1) for _ in range(size + 1)]

    def at(a: int, b: int) -> float:
        return 1.0 if a <= 0 else 0.0 if b <= 0 else table[a][b]

    for total in range(2, 2 * size + 1):
        for a in range(max(1, total - size), min(size, total - 1) + 1):
            b = total - a
            win = (1 - g) * at(a - 1, b) + g * at(a - 2, b)
            lose = (1 - g) * at(a, b - 1) + g * at(a, b - 2)
            table[a][b] = 0.5 * win + 0.5 * lose
    return table


EQUITY_TABLE = _equity_table(25)
EQUITY_COLUMNS = [[row[b] for row in EQUITY_TABLE] for b in range(26)]
"""``EQUITY_COLUMNS[b][a]`` is ``EQUITY_TABLE[a][b]``."""


def match_equity(away: int, other_away: int) -> float:
    """Chance of winning the match needing ``away`` points against ``other_away``."""
    if away <= 0:
        return 1.0
    if other_away <= 0:
        return 0.0
    return EQUITY_TABLE[away][other_away]


def equity(chances: Chances, state: BackgammonState, seat: int, cube: int,
           owner: int) -> float:
    """Chance for ``seat`` (with these cubeless chances) of winning what is played for,
    with the cube at ``cube`` held by ``owner`` (-1: in the middle)."""
    p, gw, gl, bw, bl = chances
    game = state.game
    if game.match <= 1:
        return p
    target = game.match
    mine, theirs = target - state.score[seat], target - state.score[1 - seat]

    mine_row = EQUITY_TABLE[mine]
    theirs_column = EQUITY_COLUMNS[theirs]
    single_win, gammon_win, bg_win = p - gw, gw - bw, bw
    single_loss, gammon_loss, bg_loss = 1 - p - gl, gl - bl, bl
    p_safe = p if p > 1e-9 else 1e-9
    q_safe = 1 - p if p < 1 - 1e-9 else 1e-9

    def outcomes(stake: int) -> tuple[float, float]:
        """Mean match equity when winning and when losing at ``stake``."""
        a1, a2, a3 = mine - stake, mine - 2 * stake, mine - 3 * stake
        b1, b2, b3 = theirs - stake, theirs - 2 * stake, theirs - 3 * stake
        win = ((theirs_column[a1] if a1 > 0 else 1.0) * single_win
               + (theirs_column[a2] if a2 > 0 else 1.0) * gammon_win
               + (theirs_column[a3] if a3 > 0 else 1.0) * bg_win) / p_safe
        lose = ((mine_row[b1] if b1 > 0 else 0.0) * single_loss
                + (mine_row[b2] if b2 > 0 else 0.0) * gammon_loss
                + (mine_row[b3] if b3 > 0 else 0.0) * bg_loss) / q_safe
        return win, lose

    win, lose = outcomes(cube)
    dead = p * win + (1 - p) * lose
    if not state.cube_alive(cube):
        return dead
    win2, lose2 = outcomes(2 * cube)
    cash = match_equity(mine - cube, theirs)
    dropped = match_equity(mine, theirs - cube)
    span = win2 - lose2
    cash_point = (cash - lose2) / span if span > 1e-9 else 1.0
    take_point = (dropped - lose2) / span if span > 1e-9 else 0.0
    cash_point = min(max(cash_point, 0.05), 1.0)
    take_point = min(max(take_point, 0.0), cash_point - 0.05)
    if owner == seat:
        live = lose + (cash - lose) * p / cash_point if p < cash_point else max(cash, dead)
    elif owner == 1 - seat:
        live = dropped + (win - dropped) * max((p - take_point) / (1 - take_point), 0.0)
    else:
        spread = cash_point - take_point
        live = dropped + (cash - dropped) * max((p - take_point) / spread, 0.0) \
            if p < cash_point else max(cash, dead)
    return CUBE_LIFE * live + (1 - CUBE_LIFE) * dead


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
        if len(_CHANCES) >= CHANCES_LIMIT:
            _CHANCES.clear()
        _CHANCES[key] = found
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
    game = state.game
    if game.match <= 1 and not game.cube_on:
        p, gw, gl, bw, bl = chances
        return (2.0 * p - 1.0 + gw - gl + bw - bl) / POINTS_SCALE
    value = 2.0 * equity(chances, state, seat, state.cube, state.owner) - 1.0
    if state.owner >= 0:
        away = [game.match - score for score in state.score]
        dead = game.match <= 1 or max(away) <= state.cube
        claim = (DEAD_CUBE_CLAIM if dead else CUBE_CLAIM) * (state.cube.bit_length() - 1)
        value += claim if state.owner == seat else -claim
    return value


def finished_value(state: BackgammonState, seat: int, loser: Side) -> float:
    """The value for ``seat`` of bearing its last checker off, ``loser`` the other side."""
    game = state.game
    if game.match <= 1:
        return manche_value(loser) / POINTS_SCALE if not game.cube_on else 1.0
    mine, theirs = (game.match - score for score in (state.score[seat], state.score[1 - seat]))
    return 2.0 * match_equity(mine - state.cube * manche_value(loser), theirs) - 1.0


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
    best = -2.0
    for loser in losers:
        best = max(best, finished_value(state, mover, loser))
    for found in chances:
        value = position_value(found, state, mover)
        if value > best:
            best = value
    if len(_TURNS) >= TURNS_LIMIT:
        _TURNS.clear()
    _TURNS[key] = best
    return best


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
        if len(_PLAYS) >= PLAYS_LIMIT:
            _PLAYS.clear()
        found = _PLAYS[key] = (losers, chances)
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
            return 2.0 * match_equity(away[seat], away[1 - seat]) - 1.0
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
            cashed = match_equity(mine - state.cube, theirs) if seat == mover else \
                match_equity(mine, theirs - state.cube)
        value = min(taken, cashed) if seat == mover else max(taken, cashed)
        return 2.0 * value - 1.0
    return position_value(chances, state, seat)
