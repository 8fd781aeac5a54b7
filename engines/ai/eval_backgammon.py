"""Evaluator for backgammon: winning chances, gammons, the cube and the match score.

The value of a position for a player is its chance of winning what the
game is played for, scaled to ``[-1, 1]``: the match (matches to 5, 10 or
20 points) or the single game (``match=1``, where the machine plays to win
the game; the stake is only counted in the score).

1. **Cubeless chances** of the side to roll next (in the middle of a turn,
   the other side: the mover is taken to have finished, with the pips of
   its dice left), from :mod:`engines.backgammon.chances`: winning, and
   winning or losing a gammon or a backgammon (race model and contact
   features, tuned against GNU Backgammon).
2. **Match and cube**: the outcomes (win or lose, single, gammon or
   backgammon, at the current cube) are weighed by a match equity table
   (computed once by recursion on the scores, gammons one game in five,
   without the cube), and the cube's ownership by Janowski's model: cube
   efficiency ``CUBE_LIFE``, take and cash points from the table.  A dead
   cube (Crawford manche, no cube, 64) counts at its face value only; a
   tiny nudge (``CUBE_CLAIM``) keeps the machine from doubling when it
   changes nothing.  The searches then double, take and drop by comparing
   these values.
"""

from __future__ import annotations

from engines.ai.evaluation import register_evaluator
from engines.backgammon import BackgammonState
from engines.backgammon.chances import PIPS_PER_TURN, Chances, cubeless
from engines.core import State
from engines.tables import ANSWER, MOVE, OPENING, OVER, PLAYERS

__all__ = ["cubeless", "equity", "evaluate", "match_equity"]

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
        return 2.0 * equity(OPENING_CHANCES, state, seat, state.cube, -1) - 1.0
    mover = state.mover
    if phase == MOVE:
        roller = 1 - mover
        credit = float(sum(state.dice))
        chances = cubeless(state.boards[roller], state.boards[mover], credit,
                           credit / PIPS_PER_TURN)
    else:
        roller = mover
        chances = cubeless(state.boards[mover], state.boards[1 - mover])
    if roller != seat:
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
    value = 2.0 * equity(chances, state, seat, state.cube, state.owner) - 1.0
    if state.owner >= 0:
        game = state.game
        away = [game.match - score for score in state.score]
        dead = game.match <= 1 or max(away) <= state.cube
        claim = (DEAD_CUBE_CLAIM if dead else CUBE_CLAIM) * (state.cube.bit_length() - 1)
        value += claim if state.owner == seat else -claim
    return value
