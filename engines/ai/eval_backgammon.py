"""Evaluator for backgammon: winning chances, gammons, the cube and the match score.

The value of a position for a player is, scaled to ``[-1, 1]``, what it can
expect of what the game is played for: the match (matches to 5, 10 or 20
points); a single game without the cube (``backgammon:simple``) for its
points, a single game 1, a gammon 2, a backgammon 3 (the expected points
divided by :data:`POINTS_SCALE`); a single game with the cube (``match=1``)
to win it, the stake being only counted in the score.

1. **Cubeless chances** of the side to roll next: winning, and winning or
   losing a gammon or a backgammon (:func:`cubeless`).  While the sides
   are in contact, a small neural network (:func:`contact_chances`: the
   points of both sides, a few hand-made features such as primes, anchors
   and checkers back, and the blots under fire, :data:`HIDDEN` hidden
   units, five logistic outputs) fitted to GNU Backgammon's 0-ply chances
   on 900 000 positions reached by the plays of 51 000 turns of its own
   games (``python -m bench.peers.gnubg_fit``); each side's share of the
   hidden layer is computed once and remembered.  Once the race is on, the race model of
   :mod:`engines.backgammon.chances`.
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

import base64
import math
import struct
import zlib
from collections.abc import Hashable
from operator import mul

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


# --------------------------------------------------------------------------- the network

HIDDEN = 32
"""Hidden units of the contact network."""
POINT_INPUTS = 4
"""Inputs per point of a side: one checker, two or more, three or more, half the rest."""
SIDE_INPUTS = 24 * POINT_INPUTS + 11
INTERACTIONS = 10
INPUTS = 2 * SIDE_INPUTS + INTERACTIONS
"""The network's inputs: the side to roll next, the other side, then both together."""
OUTPUTS = 5
"""Chances of the side to roll next: win, win a gammon, win a backgammon, lose a gammon,
lose a backgammon (each a logistic output)."""
SHOTS = (0, 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 1)
"""Throws out of 36 that hit a blot at each distance (no point in between closed)."""
MISS = tuple(1.0 - shots / 36 for shots in SHOTS)


def side_features(side: Side) -> list[float]:
    """The inputs of one side (in its own numbering) to the network.

    Per point 1-24: a blot, a made point, a third checker, half the checkers beyond
    three; then the bar (any, half the count), the checkers off (/15), the pips
    (/100), the home-board points made (/6), the anchors in the enemy home (/2),
    the checkers back there or on the bar (/5), those between (/10), the longest
    run of made points (/6, and beyond three /3), the pips to bring every checker
    home (/100).
    """
    values: list[float] = []
    bar = side[25]
    pips = 25 * bar
    home = anchors = run = prime = 0
    for point in range(1, 25):
        count = side[point]
        values += (count == 1, count >= 2, count >= 3, (count - 3) / 2 if count > 3 else 0.0)
        pips += point * count
        if count >= 2:
            run += 1
            prime = max(prime, run)
            home += point <= 6
            anchors += point >= 19
        else:
            run = 0
    back = bar + sum(side[19:25])
    outside = sum(side[7:19])
    to_home = sum((point - 6) * side[point] for point in range(7, 26))
    values += (bar >= 1, bar / 2, side[0] / 15, pips / 100, home / 6, anchors / 2, back / 5,
               outside / 10, prime / 6, max(prime - 3, 0) / 3, to_home / 100)
    return [float(v) for v in values]


def shot_table(side: Side) -> list[float]:
    """For each point 1-24 of the opponent's numbering, the chance that ``side`` hits a
    blot there with its next throw (the classic table of direct and indirect shots)."""
    occupied = [point for point in range(1, 26) if side[point]]
    table = [0.0] * 25
    for blot in range(1, 25):
        miss = 1.0
        for point in occupied:
            distance = point + blot - 25
            if distance > 0:
                miss *= MISS[distance]
        table[blot] = 1.0 - miss
    return table


def interactions(roller: Side, other: Side) -> list[float]:
    """The inputs that need both sides: the other side's blots under the roller's fire
    (their sum, the sum weighted by how far the blot has come, the worst), the
    roller's blots under fire next turn (the same three), the home boards against
    the checkers back, and against the checkers on the bar."""
    hits, returns = shot_table(roller), shot_table(other)
    theirs = [point for point in range(1, 25) if other[point] == 1]
    mine = [point for point in range(1, 25) if roller[point] == 1]
    my_home = sum(1 for point in range(1, 7) if roller[point] >= 2)
    their_home = sum(1 for point in range(1, 7) if other[point] >= 2)
    my_back = roller[25] + sum(roller[19:25])
    their_back = other[25] + sum(other[19:25])
    return [
        sum(hits[p] for p in theirs),
        sum(hits[p] * p for p in theirs) / 24,
        max((hits[p] for p in theirs), default=0.0),
        sum(returns[p] for p in mine),
        sum(returns[p] * p for p in mine) / 24,
        max((returns[p] for p in mine), default=0.0),
        my_home * min(their_back, 3) / 18,
        their_home * min(my_back, 3) / 18,
        other[25] * my_home / 12,
        roller[25] * their_home / 12,
    ]


def network_inputs(roller: Side, other: Side) -> list[float]:
    """Every input of the network, in order (what its weights were fitted on)."""
    return side_features(roller) + side_features(other) + interactions(roller, other)


def _decode_weights(text: str) -> tuple[list[list[float]], list[float], list[list[float]],
                                        list[float]]:
    """The network's weights from :data:`WEIGHTS`: input rows, hidden biases, output
    columns (one per output), output biases."""
    raw = zlib.decompress(base64.b85decode("".join(text.split())))
    size = INPUTS * HIDDEN + HIDDEN + HIDDEN * OUTPUTS + OUTPUTS
    values = struct.unpack(f"<{size}e", raw)
    at = INPUTS * HIDDEN
    rows = [list(values[i * HIDDEN:(i + 1) * HIDDEN]) for i in range(INPUTS)]
    biases = list(values[at:at + HIDDEN])
    at += HIDDEN
    outputs = [[values[at + h * OUTPUTS + k] for h in range(HIDDEN)] for k in range(OUTPUTS)]
    at += HIDDEN * OUTPUTS
    return rows, biases, outputs, list(values[at:at + OUTPUTS])


def network_chances(inputs: list[float]) -> tuple[float, ...]:
    """The network's five outputs for an input list (the plain, slow way: for checks)."""
    hidden = list(HIDDEN_BIAS)
    for value, row in zip(inputs, ROWS, strict=True):
        if value:
            hidden = [h + value * w for h, w in zip(hidden, row, strict=True)]
    return _outputs(hidden)


def _outputs(hidden: list[float]) -> tuple[float, ...]:
    exp = math.exp
    active = [1.0 / (1.0 + exp(-x)) if x > -30.0 else 0.0 for x in hidden]
    found = []
    for column, bias in zip(OUTPUT_COLUMNS, OUTPUT_BIAS, strict=True):
        z = bias + sum(map(mul, active, column))
        found.append(1.0 / (1.0 + exp(-z)) if z > -30.0 else 0.0)
    return tuple(found)


class _SideInputs:
    """One side's share of the hidden layer, as the roller and as the other side, and
    what the interactions need; computed once per side (:func:`_side`) from the
    tables of :func:`_side_tables`, one hidden-layer vector per point and count and
    per value of each summary feature."""

    __slots__ = ("_shots", "as_other", "as_roller", "back", "bar", "blots", "far", "home",
                 "side")

    def __init__(self, side: Side) -> None:
        self.side = side
        self._shots: list[float] | None = None
        bar = side[25]
        pips = 25 * bar
        home = anchors = run = prime = 0
        occupied = []
        blots = []
        for point in range(1, 25):
            count = side[point]
            if count:
                occupied.append((point, count))
                pips += point * count
                if count == 1:
                    blots.append(point)
            if count >= 2:
                run += 1
                prime = max(prime, run)
                home += point <= 6
                anchors += point >= 19
            else:
                run = 0
        back = bar + sum(side[19:25])
        to_home = sum((point - 6) * side[point] for point in range(7, 26))
        summary = (bar, side[0], pips, home, anchors, back, sum(side[7:19]), prime, to_home)
        self.as_roller = _projection(SIDE_TABLES[0], occupied, summary)
        self.as_other = _projection(SIDE_TABLES[1], occupied, summary)
        self.bar = bar
        self.back = back
        self.home = home
        self.blots = blots
        self.far = 25 if bar else occupied[-1][0] if occupied else 0

    @property
    def shots(self) -> list[float]:
        """:func:`shot_table` of the side, worked out when first needed."""
        if self._shots is None:
            self._shots = shot_table(self.side)
        return self._shots


SideTables = tuple[list[list[list[float]]], list[list[list[float]]]]
SUMMARY_SIZES = (16, 16, 376, 7, 7, 16, 16, 25, 286)
"""How many values each summary feature of a side takes: checkers on the bar, off,
pips, home points, anchors, checkers back, between, longest run, pips to home."""


def _side_tables(first: int) -> SideTables:
    """The hidden-layer vectors of one side's inputs, its rows starting at ``first``:
    for each point and count of checkers, and for each value of each summary."""

    def scaled(pairs: list[tuple[float, int]]) -> list[float]:
        total = [0.0] * HIDDEN
        for value, index in pairs:
            if value:
                row = ROWS[first + index]
                total = [t + value * w for t, w in zip(total, row, strict=True)]
        return total

    points = [[[0.0] * HIDDEN] * 16]
    for point in range(1, 25):
        at = (point - 1) * POINT_INPUTS
        points.append([scaled([(c == 1, at), (c >= 2, at + 1), (c >= 3, at + 2),
                               ((c - 3) / 2 if c > 3 else 0.0, at + 3)]) for c in range(16)])
    at = 24 * POINT_INPUTS
    summaries = [
        [scaled([(k >= 1, at), (k / 2, at + 1)]) for k in range(SUMMARY_SIZES[0])],
        [scaled([(k / 15, at + 2)]) for k in range(SUMMARY_SIZES[1])],
        [scaled([(k / 100, at + 3)]) for k in range(SUMMARY_SIZES[2])],
        [scaled([(k / 6, at + 4)]) for k in range(SUMMARY_SIZES[3])],
        [scaled([(k / 2, at + 5)]) for k in range(SUMMARY_SIZES[4])],
        [scaled([(k / 5, at + 6)]) for k in range(SUMMARY_SIZES[5])],
        [scaled([(k / 10, at + 7)]) for k in range(SUMMARY_SIZES[6])],
        [scaled([(k / 6, at + 8), (max(k - 3, 0) / 3, at + 9)])
         for k in range(SUMMARY_SIZES[7])],
        [scaled([(k / 100, at + 10)]) for k in range(SUMMARY_SIZES[8])],
    ]
    return points, summaries


def _projection(tables: SideTables, occupied: list[tuple[int, int]],
                summary: tuple[int, ...]) -> list[float]:
    points, summaries = tables
    vectors = [points[point][count] for point, count in occupied]
    vectors += [table[value] for table, value in zip(summaries, summary, strict=True) if value]
    if not vectors:
        return [0.0] * HIDDEN
    return [sum(column) for column in zip(*vectors, strict=True)]


_SIDES: dict[Side, _SideInputs] = forgettable({})
SIDES_LIMIT = 50_000


def _side(side: Side) -> _SideInputs:
    found = _SIDES.get(side)
    if found is None:
        if len(_SIDES) >= SIDES_LIMIT:
            _SIDES.clear()
        found = _SIDES[side] = _SideInputs(side)
    return found


def contact_chances(roller: Side, other: Side) -> Chances:
    """The network's cubeless chances of the side to roll next (``roller``)."""
    mine, theirs = _side(roller), _side(other)
    found = [0.0] * INTERACTIONS
    if theirs.blots:
        hits = mine.shots
        shots = [hits[p] for p in theirs.blots]
        found[0] = sum(shots)
        found[1] = sum(map(mul, shots, theirs.blots)) / 24
        found[2] = max(shots)
    if mine.blots:
        returns = theirs.shots
        shots = [returns[p] for p in mine.blots]
        found[3] = sum(shots)
        found[4] = sum(map(mul, shots, mine.blots)) / 24
        found[5] = max(shots)
    found[6] = mine.home * min(theirs.back, 3) / 18
    found[7] = theirs.home * min(mine.back, 3) / 18
    found[8] = theirs.bar * mine.home / 12
    found[9] = mine.bar * theirs.home / 12
    vectors = [HIDDEN_BIAS, mine.as_roller, theirs.as_other]
    for value, row in zip(found, INTERACTION_ROWS, strict=True):
        if value:
            vectors.append([value * w for w in row])
    hidden = [sum(column) for column in zip(*vectors, strict=True)]
    p, gw, bw, gl, bl = _outputs(hidden)
    gw = min(gw, p)
    gl = min(gl, 1.0 - p)
    return p, gw, gl, min(bw, gw), min(bl, gl)


def cubeless(roller: Side, other: Side) -> Chances:
    """The cubeless chances of the side to roll next: the network while the sides are
    in contact, the race model of :mod:`engines.backgammon.chances` after.  Remembered:
    a search meets the same position by several orders of the same checker moves,
    and again one iteration deeper."""
    key = (roller, other)
    found = _CHANCES.get(key)
    if found is None:
        if _side(roller).far + _side(other).far > 25:
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
    own, other = state.sides()
    best = -2.0
    for after, them in complete_plays(RULES, own, other, state.dice):
        if after[0] == CHECKERS:
            value = finished_value(state, mover, them)
        else:
            p, gw, gl, bw, bl = cubeless(them, after)
            value = position_value((1.0 - p, gl, gw, bl, bw), state, mover)
        if value > best:
            best = value
    if len(_TURNS) >= TURNS_LIMIT:
        _TURNS.clear()
    _TURNS[key] = best
    return best


_TURNS: dict[Hashable, float] = forgettable({})
TURNS_LIMIT = 50_000


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


# --------------------------------------------------------------------------- weights

WEIGHTS = """
c-jq@Wpq?m7lt9Ydx8W)e0;9U%$+C}+})khQmj~UDekUGh>hKu>oRj^G6@L;mtsXqOM$OQao3Mud!4oRkG;-$-
+i9<s}~PMfhBTf$}$25o1@*(L+Wn)E>|ru*FO?zO3&dbTU+7}c^G6UY8~j|>Ba3suW$>L8dy&#*&-
87eJ9mc`j_g8l$RY<BpH~E-
d8dDn9C@Q_<m~44EGEI57@RT!=N$#_S`49m2?c5qD~C#L~bAl_tYi^0eQiio>8ur*4KJF*e~xVbdqvOh%*M5Tb9n
q<9#{U4SXXxMVW41Le_#l5g*LBEhJnF8h|P2Kxi%e3HdFY5oc2^$UnL)WQxF&Ycx(wa-
H|hHAPIXOSW5#WLxZt_TD;@Sj{xXiK8Ks6_0BR&_4+fGT=R3ht(MKc3}|G4LvH{u&#s?)X&&eIVAjInQnraC~l46
5*{sMK&;e9Tx)J?T!gn_ab+KL5&qF+vu(95Q_nh+ls}ATeF;emOjgvRMkgsnMqvZ8)wjKPu=PYzAKNTt4U#J_Vpk
hB#wURXr3LDH=z+e5m&P1MIQR;<qC}hK0i&(Ufr-R8#n-
VFYvdY&OOUQiw*Dnh?kJJJ!FqDL!3Iw8!FUxX2IfLdArJT?soKVcpK`m^9}h1D^~enoApg~Jl-
J(3{xRrww43R!uGrSmbVFMR&qb1w^0CI=+4fwT&^BU8DCO;oKQs4J?Z|t%6x)urcl~BybR85M=JZB<_X}PF7Z{!J
ue{%#tzg!%&g;rSYv-hngpa?VT!&5p%F&tFb*PSd1w5ln2lsPi@+i|xpt(94`~&F^+%ngpFZu07v{aX<rtSbBIZx
bZ!V%HDgzu@AfwOfDx!&e1;E0+G%v25*ezj}`j;8j(*DIq6r!!XXEiemv&(`oahE29zN-
?m(Tq_<neexC~ZN1OG>&awEFw`al_^)uK0StBbEQoK;-
IflMsamX9s=I`B!TJ!FJ*~`V*#VvQYd=9p>^@6tvb)%X>Y#iLuEzEv`%N#f_Ml0b3_q4mAYZUX9*4mUlFArtn3$j
XulwJWRl<)#ZQ+t{heDMM^uFPEk4spNFUlJvWPzadovS9f5Z)+_M5ZbNP{Lnurnb8b4p1&2i?Bz~ZEGK)j2&UQCi
76L`iuEjWfqg`1>qL(HfFPO9h_(`5H7ox8fL1`%m>9Qi8dg4`}_QlNEhX;?jM>m1oVF)OPHrjv;0<sSt++3Vw$J)
G0{RL9?P^>#=#?LTQP!t#X6LpN0x*Vp)YhfcT93PRt0+bPMd}UdBhN4v%D<c#LUmwqcuWiq-
~}hHc|KqU7$lkW&#k}px@Bmrfg{|$|`%2hFAlAGjJMoLk=O!#D9^0%!2<ZKaook?(kF8-
W@Koo0ID}!%}ZD4SFVZg^mNOcb_D#1JP0jW|m%?<_lZgZ}O7C#!B_?Q=P-
+SWHSCjzA=Fx2doCD(;?AhcUPis43RE(5`x+_xcOM@ANxhmHaz=L|$ULV;!02_FhEv$|Y+vZ$s~fr1r>1Up`YUr3
{%aSBsC8*D!9~8KyS&oT*eUfw3LGI4xKr)H(DJKc&T4_kgDlO!hvoEexInrtlq@Y+q{9a%PbE6J1RGpk1?8gQv19
(RAsEtr_r6vk<pTll6&&jgjOOyjXl<>_@eL1+*_*qNKpX7&kH>NTdgg_tm<ooz&kHneWdGQZIVPh|%U0Z!KjAGE#
1XEF-o;yQFSJl&rJvZPl&tDR7QCE^b0!6Ys%1^Gg{KbKnW$yC4-
<?|mj$N?nM0=2O^kQ???(ulQnqjJv|zM81WjOFJ#?%{ph0xs1${lR%rb5*uJys{fI>QFxpF6)%(TdiE+S=|#z!_c
NaBYp-O2d(5l72B<nxJ=B``J-
8wDII_~z%2|zMgENqN!VNB;&1^4=zj#?@7n!K_01AzN@tduBiL?FU1GF4+kj3w_+c%gKq{YZPVF(fh>`xt?{Ki^S
x@Hy%mmyC5kK6b0XMEGdB*Q;q-
F*|qnZ_IJIPn`a7MR1^fCiSa@zp^DEmQtQz2Zgi2~go}Biu&@D|7L`s93bhctzgfxeWXvYy$Pc?!HY@L~!!i!c6k
LWq2?h-
H62VBLX$xG4d`1mG^@65$I5gFCigOoM27IW1usPN~iMk<L7&S2J^)ubQj@{w=MWZ_yE1NPEhwEd8T{=$##Vm!JpW
TNij_@XPeT9|H$gW9w-
GAN;7;i6bsjtPP#6W)6~`2GIkmLIB*Qlw7qq;QS0N=aD~2OUFu#ft%OCP5&WxpWARbnQuu<n-
rT`tLVBmrbTT)P`&pa=q=~<|-
*T5sRcw^d99n8VBs!2U1~xg?+5uakDws!UfkeR3#Rg$7v`QAyd}=*<j*b>?GL7K(d^fm7aEzy^WZ}|T&cA}32Xqf
!LWfwtF)4x5KpUwYqOkF>1Jd%^@l$l&h1DHL_%FFrfkf*~PrH-?R}E)-
DLS=%(pq+y<p_tOqun{eQFxJMeo9Xy3!fL5gw<8H05NE>XO{FQLMtWSAYPO79`r%WMTus-M~QcV4)Oi51BJ1>9w-
lq(}ppDR^$j%vhF{o+>435(G`3#ywcRx<aSb~ZQ^YBH!QKk3->p7Jl{y@A<beEq(N?4SI_$&A1@3-
r<zZ&oxzcCJX@E0glKAKoEG1sVZ`7Qh0U>Z<v!Sp^a0p&=V|Gi^92&)u4S1Q%u97h@nSE2ga0Ba0BoQRcnkp8gm4
?wCYB<%WCQ*LI*_=5n_b+5ZwVcMPv%VlNNaBzat{QIx=m6yZVBrWSLC+Ior~53uZt@oKX^G=_4TrM&?bOw!q3g?)
F<2yB~@Fe#d?1w+l1<sCPI&V9^tuYB;N6>gPQwqf^qK%QW@>prKQ_Z)ZU;pH~pOHrD#CRLI-PO;F0qjcNoYMCV}V
e*T7(5BVQx#v3HX2KXWVbu<wNn+xy1bOgN8TwtNt4TJD(7dQ$=%zEC}Y{iiHLn<FTbAigl0Wf>ilahSZzP39s0G=
vj$aH~KD+e*65{mEuq&XW@%A=nfg3m@Q~hV|euaWz^Qdl|dqEA|~{Ub~L-
WreY}6e7>q5eajH{S%Vs89K>By?K`D?0CiuHALH)4hgG)dO!^(s1Vv(?I4n@bfy*%KL<JLvAqu+NPQJ})hS16sTI
oO#eV92ptoWPv{o&=QMt|CMj;?B(u8cQ#n~EDyL98E0_2F-
1C{~0ge80v{YQQv)QGGJHWKe~Rh)&7VvZLrl!`c=@4EX7lVnw)dSDxFr^N>pc^*im=s)T>?5)(091JCX?><TIlon
w7Gg9!c!U(mgUjbk6)qn=Uvi2!VqR>zLkvvXhBISWqt`1OjW^rjh%No88?v&AzX?RadrTD^Y5MciVdta$-
%0#?5cOEKrqu#|z0y7+b=D$}|#@0u^B|JyV%>99LDRTle{j-
{m4zNe_^)=Z$NvrMXr2L*YJ8M??WA091J~@Ky>KH<NG;Jq7BTMios!gbQMp&k$)sAz(IBkV&_V*LLNNaN?dLKQTJ
kE8|&`_!bexb7P8)7N*i0vql=2&E+l*UdKK3Vq(BAjjp@L9qMQ*ojZI1o5R=8DZM4+E7Z79W+IE6fo7QwF2wGkJN
mcFDO-H$EjmZ<eO0orG9%-
}l;^+D;zi_|RPXJQk1&A_>8M{#`_=(#x@q`LlEte+3%~Tfq$xtJW_#&vrKO0pAvxCdxz;Y6H<Ke7j;$sI3|*Unb3
9rmA}aL$U|r-tykzL+XZ1wDKU;`}j+$32|P@FDuNfYqv-KDt%|4)T!!tLE5WGDD5Y*i*Hs1pR`k{*)>QOWNagY*;
n+x3)x6HGY(z|ZKbFC65Z{^?a-98lNKv`T8w9{d<QYk<diNt54hf?;{IwtK4eAq2vgjrfjIZ*kl{Pq@z{|-
0U8BeU>w|hr%6`O7@-QM<vmg>_Juh^xoxQyEH_)}94?7_YwLth#ht-P^kHNW(>47rd{ml*4q?Y4t-
x^dEw&v!fN7k6rRoLpO|&!lK0fuG|9z@Ydf*d$51nIyE<yy|39G_Q0Lx3zFYdM*LxVX)AP@x)N4_yRN+W2a(8|2$
)SpOm@d0<0e+z&-MzHE5(*&e>-
T+;d&=SvsM>3h{UvLvkR(E$%v{VE?_3Z=aAeT}z3jgt@N&i|?GmaXMOY_A3d|P3FcY@U;z88iFHO&q#({jvwA1#w
B84uXfl3ZFr4iD;(%3wRvgUk~;iFPGMs>JSRR-&^NM`%`I6tPgLG9Od>fc2Hr-
$|0OUndLDt|5i11s^PW9LZ5uTicQc8Lza(k^={hp0d?o;=FySI5G_(&=jsfs~7I&ndfikERs-RsWvRL=YbYShenK
^Y>P*<i3c<@{+`}SUB}+5gM+CyTIq++;Bp<e42`G+`%~cq_tt(r_JFd)_Asqh;cojUdc1uN)7@^yy7?Y}!^OF-
5}_rs-IIrGMJd|NjPs2WbAjQRQRru(Z*ii3D&N6Vs;5MoSLGu5``&$o2u(myr6K<cFo9Pi`-
uW|JN_h)i+3Sw2xszRcwU@@9>|KOtN~s-
T`~<R5Vx5xs*J9_a=zqfLd~>fGKe`sM<oOrY5i9AKlug!f!J<qiX~VqOb^K~Zc_$WGrWHVhw<~J(dsxg6K_m;h0k
J3!zApYGFG-?n^BV-
Z90#=RHDpjTyA7(**WJ{>I>T1kt^%GcEXBeWNy()_{kZPHlKPM0<~zZZu&ZDkNQ@u8Hk~Jqf^8#_NLfYwJUtU*NP
W`|5-
MoO|ZFidBFqU7;z{Z$>iubIVe3(?aSY$pLoM!|CU|kJpD2bwS(qsaDSEOt3d<+l?6e)dn<CZv>LpLOk>RaIev(;6
$7&K=uL__5^ZIPYVua0W6%N|77juCgbfr+PDbu)|4Bcff8xKE6UeX9ZZw@q#ovRYJav>coQH2D$A@N++vytk6d_%
lDEEjBF@447a$BT<Z#(%I&4K%bVqt(eZAo%a5iIixu}`$wSF)$9C$UO%RM{DIxyXbDtA8*$M_I=5iglS%q^Z;>B$
)mx+i#ms)q!eNbZuE3ohg4zKWvn_&fjzT3-
%hynKBY5r#uh?kR_`EXcqWOTIEib{NCP&ri&>wD?c!S{;`zdz&mqut&dU(kFv}u+eXOr1{w*sBX>ITk0IJbVwadp
te`T=T15(aFvjjyuey}@QGG`g(7DJ=IX6wUoj`vHPf^XpaDok7!;Y&RP4$EIkvmE^io_d+eo}f%y7Ut53R0sR#a0
&wYvXkn6d(1oG`{4$(p@_bt^<#$Ap}#Bf!y$;V-u*HbcSr*$wt;DqdWN=*IY-Xt@yg~@G&kYj(tG<uk*#qjiKeCx
Nu8sT$eS+jg~dkBS%c8lqqz9BV+v&d^>?uai=#9@9W{59h?^F6?86Z5iniJQ(HO<*`eO!rs=#yr>bqx8pRIkcNhU
rX_u5qa6Z(f90Cj5?}wa`!FYlFE*s=mi_yyA@A`R*-;$Syzo5y4OZ^}|Rkq-
*)g$;GePY%FVj?;zEUSs&2r8#6Rm-IpDb=Vq(mc6$>2>ik{GZZ<^`l7UVYHyjajgkAG_6XFQrg%W`I=EP5jSuKyJ
V>a&S9s>Cps;b=AK&RXnEQY$y9b|12X1^g7!ayQm4t(?W)qqWAa7m$4)CxtSLQC1?6BxJ#lJAos2_S{R2^;xySh9
BTwW=PvKko3*uh*6qgC+GJ6fJ=udJLU`sn|eHB=2T8l5oMr*f_KgE4pljR&!$iKqzFERn`8M+}X@zi1uhnCoj969
z@iI>U6AjnO2j76NL`DTxj6B!_!FCUOzNG(tM$&t&?wGGzlSPts*M4aeq866sHZU&7IwvaB@)nIN}Lv<Z>D7ZwtX
di(6A$(!aIpVT*<5_7Nl#jkY9lxeelnNttNmuY*q%Zvu>V%dPJ+w;Y9eKdkCi_xl?XsrF=9e`udxq{QKN?95*9?`
O7?&}n)6dxhD;vunfkr12DyRxw`9a(4?7kI#im6y1x!R+J+9~aDSu}`Pr=^aNCy60UGv|RzO_xP0Fe7sdQb$b}Me
{h~sB#p$A((}Y%2a4Kx;ecAm;=34Yp5Hye=;48<l09eT?xo>9e)NbKwqU5fj8i2Ydz2X6ZNQ`p(v_j`njyu(9QzF
HeDIOC6Pv(?8pXtd#f`mgr3kwa4)t%8ZJB+aG;Bv&GkX%n~(VZ@GVu^pGgMp5;#1>@(P>{?-
Z|q(|p(T2)!(jL%xS6B({T&iRX?CBYV;7lx7I8IE5$5nZ)^yTI5{qrmmdIKiy6n9qO-
`y}6}VXote`fYciQ4exX8y=@T;htFD53_GZe#TACvz^`-
*d9CWezk#0be|u|bv}I#P74bsBg*;;~^1d?Kn#e`?pVX;XcdS?D9TYL#RzIp!3-
5qSOK+1F{SzhE)*G<{=ZM*7V)!Vm3I^o^X>~H#iVA8*M$JxdOcR(p$G7nlp*ch!a!A@nsFv8TaI8S1L4xD}mV$8Z
0gM!{@ZUXu7yYyNCfx+>BXRt#z!7p65799|XX)~>=#oC-
L}W+l0_Y=#!OP9RT5q^9?lUzoP%JhJuTu&Fe^V>Z*CPsr4^q0Y#x~VKmbwE~=tV6~Oj11+yO4lpl;=e#;t$_Ajvz
L0ZIEf1JDC&&bPo%L0tglaM}zIK526M5C5?q*<&nyLx{nPA<`?bdnh7yVE8-
LOJo8`dO92zIsUuRF!1~Y;ypLQgzINP3PGS=Uea1O33?A~B(!ZK8C^NFj@gk#6b{jH|edXB8*RfWSZ5?Pji?>rBx
blsu(Dd*SewC>sazPWBW1KxJd?t>|@)ik2;rE!MvQ5=j>VSelp>r)PTGd(Qkrd$jmTfLRhCG(ip%aB}bE|YG8OH;
f;26RD4G+#@&yTepD7%1Q;yk6_u~~+}a+&ftH2my8s;|=;V6#Y(KbEKC$2(6rcG~O2Z`#b+_1X5oWnp2^p*hjM@a
TQX*mLnX&?L=i87wSUl6)U*u;!%~2^Vy|<!|^d;#GDc`kNWi^ueyaJ?JHEk`nlyFrGO&LQ}A*WuH&iqdQp(;3rsZ
3v;4LjwLiOV@l-?=@7s6_ynu~b*7=|zme6!_JJOz{khkO#Y_fv5cX5IWdQpiY&drJe5N%6=mKpIj1l*Sm-
l{9)j(NMvCTX~v{ntKb4{n^bEVx}D5(q2?6?qHCF^Z-
Q7;!0CWIzHwvrT{em<MTSyV|6mJ;(Tti8HciNxv56T;q5@5r|B5fLuSEf3oUXWAp@>BHDd-vGxJDce$8*r@f=7Gf
Qcu(Lm!EB*oeoHkp4Hg{0%+(O%-
;P+g|53+1jqR1Fqe%4<|Hn2=<8jK{2!V^M`1G|7dc)#qs#3uC!mY=azh!Z~IjUE3I&niX%Lkr5PPG&vQzVNdgP2}
muW0lj*&SNiK@fzhx&%dmU(&h%DL?lQmX-G}>Cv`eCHmRP-
0d=Lfh*t5GUym+56A7FqK(&c&ssFysRd!YDCq5@Whn#JnB45G%_#NjEB@U_xNK9YlD?X5zYr6|i2+rotNareQk%T
ny?Cesr)+)FkjI~t;e5DH_3yzNrbkKI;|JY;505%GFp^I1bfnK4Okc9q5Hph~fbhbfeF}jLQ3e*EDLa@43+-
2Gb_i#msHdKR*rRFWXjW>k93LnVhk;2e<d9nR#IBfrwIw!<B2Jtt!1>_zo39PWy!q%uWTH7>>`}bfrkZU`|whsKA
wibDo);FT^9gGvny20PVTYH~8X71BYNQnGUIy2oHnb#MoXrxfu+00&4ugr~#KO?E~K%e)*QLW0nPi|hmjOrMe+ZW
=>HHx%VnSC`vORzrSc*2CY-
M?5JY`PInv27;i@F!HGa#R^FM2l7YmeO~ErXOVTh&|G*co*uYGF)tn^hZD7P02ZtbM}X2*U?#8eYDu3OWR#m>iFt
7i%hk35LYQsNon9CwYRJr-oETha4uQQ*wPmS{&#GV9YE^`;>oXpJARrmcA5wqj5Dx-WwY42rD@=7M@D!{L}&Kc+C
<Eq7Y2t0e^d2}m%JL@>ZoHnC`>91`cF8AxBV+PKRiZTX7*x>ZMAIiyfHjZ-
l|>1qcYzp+qGRjgEE~tO5IT&hJV0&00dH^)y$elc1=gi=Bh<{1m_~h@m-
<D_L%TIyP4R|T?L9=+e7oHKecH#mvZs@9V8Tw3SPxVm)^I07Io6!#u%bW#!S){X$g4>FU#)Cjp#UOyMBN;5r3>E<
E;WbI|k_`^z?5cp1~XKsB0thBiWW6uWo{SPz`~OP^?fwuO{c(s)SP|QS>TTm|2c%%vdUl+ilaK>y^d~kA%2qp}o{
z{E_klc9kqA{tM-KhsxbTr-
&7W(f*#KlU|@aWkC8gawhGN7STRpi_`)eWnYhENQyc%+=2=q<HYAdMQ9cLB@i84ppcOn@!fTIo#krZ%vxB3jIy#l
k{?~iUIAhF4d#UEDlK(4ycgl$_+9QjriH~*Osfcw>~pGYb=b`rOH%otnNkTXxQxZ3rM?=bE4j7kNlZU!GuxXq5Gs
O8F}@~j4UpwO<9}P9`HNGE?N5XE;2-
Im^ciku>NqA^^6)s)&en<;2iMhK_0MMZIkzaCnUP33@dnM8*D}B5e?tBc|Mm7klG^QaOZF(C%J9tBJ-
)hZ<REsB04vYXYs6sSh~Ws7@4e2FCR$kKJ7{Y{>1>@-
9imRZhde5;V6)+auC+o;2E)b08|2SIyQ32n1G7`YRlWU?{T7lz+lUvQYr+xWAEns*lO+dh=FSpJER^@6bsf8#S=4
k=uFX0hea5YH-}kkFE^yBh=5VE{CE{7SE>au5<g2esH?Q{%@Oz|NJc|4cuk<JJA!i}eD)p&w7D-
DU;f;bnkd;bj^BiwWehq^mtLTA(U08zH@zH<*%}-4=-
C*8zXs7%j#zRhg88k_L>HpK&4bh2_<Sg)q!kHzbh{mi12zu8U75XsUgt^R+d{^W#3c|@2(%Q>A&R0^nL)hW}iu&!
%Y~@n4umSjy$dQxjZSX8zM=2?zvl0z3=58zi9}<Sqy%Zocm#k%9i(fFcCB|FgM0=7)7@_~w^9iZrkCS?WHg~L*V#
c#~i;p``8Gf-wIYR{sJp>V$(WztoaVZzXeD*ca0AgaVyHw*2*9%XQ{2TktP*?vWJ4M)Qdg$tGKE*7xqOL4gvYrBK
2zzvYIM?#W^mna7lF9!QH_$7BSK*b=E&pZLa&H!>$)#*xpdo(QQcb$)d*GXEoh8VYT<glbF79urlR?dEiw7nYbM=
#lx_<S8{6^S=z6H(zInEExh4jNiy@h0N4&2cuqBqpjLbL}UUMq$ADxfy~!7Dn-
1iS765apUK8qpuTKZ~aV18rArJ&?UXDbfk-
!WX10l1?zgJrU#^KTaA74lf#G_}x2_EAZHgCmL3jB!W+p|M4|MXE3lalc{ZSi9@*ghAIo_GA6BoB-btHd#Qx|lH1
7{C64Dn;8}qhQ#-j<L6*-|c;9rCS){+_`I+%?#qraDuzQ@dUEvqD9#9{6YhGMf4=i*W;9BBxPD_1?+)ElNy!HJ-
kGFi{ubX}_oOQh`XoM~Em!&$6rtN#~I|~L1FF6--tE|UhGqA=qg#Lw|<k?(YpC9hG>Zg<Q(SFKRwrRcundECpOW<
7gSW@S-jZ&JWW<rmoF}b8=DzjLMR#uRteIL{j*a!}{0K#nV-
~3{64&4B;3j3uZaD6^w`YX8uKg4VHRO)i*F7VIBJ@jO>F}I_nin$7W6f&jkM7^#Vcg%dlqUrk6gmjbH)ou{`NR03
qz#{Y5)PI2re{KJcBflhdbH7C<_*-
#fg`KWC&K0izC8~#hR0>U#U3+}1On>Ujk_y3v{yOaSj()HjeV%>lGBSv6AzNDfgH!NacizTwIG+zLXl*>~MxZ15X
nHpD&<rCv9sUNp_(yyF-gbs*>^^#0{LjQ>LvP6@dD*!TD=jon0p>F^p=3u3xdi$^`(34$#gNIrQm!scz;Rm*NHsN
g{$X6oJ!@YkY*%*qYoT?dDPke`XMREc<hWOi!M!!bV2mx?jg8e!Vdf*d{Fechy$Ss!%$FK6$-
qixE$BkB6AyF02$jNm|2_Via@`vPd;kXfYa#!6qx`o4$`cX4;raYPek{{J<&<T$|G0S({6^_!s_wnz&qVrL<ML~R
i-AAcHu<lCD|D>?d55;{38sersYNq9wTfE#yx+OZ&HT?4tM?oKg8ntFFKFQ5=x3InbyrQJ{6*ds?rFLv?2h6Xs1M
%L`{es}9m%=j%I`kxWLoOpX;@A4m0K0|OC1YMLq6kefJfXIZvu1@TbOzRStqs!9n2?xj=WkN<vjvTW^?`Jz-LDFA
p&Jw;2F+L(cQP~Got4F+yqAR)j($J@42>1s#i3v@Vt!I@>U}m`g_Th+#=6`18=Oc!V0>C*<z{=__%AuHGCEHFhAz
K2zK?|WD}qQU@}wzC`J8zX75I*CVko5-}MK=7v2EZo2w_x0KcYMom=RTzStK??dH2(c+S+``$yq+gy5w-
Q^|JlgmakrgQZ#V0;k>l1^OM>0=n4WO{BkX{783d-
coWw@pIEjVTv+IY=%=MW@II@guaNDli@%N`XlqNe;Kf@FdBa5jFVOKN+cO?hnx{k;H{ayTnA~kc!fCv*5wB>@s{C
iFSeo3J0-#2pZTY#H`2qJW13%5%JTda;DfbhaW7?a%vRqB-
%8Uo<}#9)IJCgSlogF<hJ&4WH;Z{HN?L*m?C9c!OdF<v>2BVha+5i7*Z?M*o>&^e72Z7mLg$6#b#d*{ldKaG=`WV
1R>@Rm*<u=Vv@`v%csTvYG?;#C&>0+_kCr7M$-OxgSJ2&(1x|pcnQpsIn9@x<ED7F93+p=!#OIode({X-
uSZURQAbV*V&YZ)snx_sL5+}J?nnNy*uVT*biWycrW!}1GodA>7og747dj!FhZ4m7SPSns_5dF=&G4@UZ?Y4a$EG
_>Ev7qrJ1)*w-@CTBwccs|lvJlfHuH=x16WJ-)XVY-CW{_S5Ab&Mo&+K(tBTvP{}ftT8l22uV7u)DbTQxz%N|!fP
UmmI3`*+H1nHi@I3Q@YSZ{)7lAg8h&(ts3dUTL=owqx4#<$tpOJB_-TM{fiJe$3T3j6pv>&lpT^NKe9qfRK1C}P?
}G%(%L5wAe<!O>36yV!M}y{D@<u$8F-_qeLet-P1mLZls5y<`p2S4M>9zQ>-wv7gMm|7zfO<00`Ej5bG`@{#?-
O8EPmfe+1ZiTc5z$R)ZKTL4!RirA&(OL_{_hg(4ZX%N^N{+j-Kn`qxB@2`oRwairCqU+Gw--k~(c}<ZNP#(b6VGl
Tuv+;@dO;x(a&O|2JHJV9*Sm8@aZHpW$LKPOswTfNJUg0`I@ys(<f2a%S0onl};EACFY~k<uSL9Dksq!tM*VA>Jq
s?w$#F6g$=1e}=82nq`A$19}v*msLZ@v?Zgk8{0@O=bNfM@Y0U=w(pF5dUIa~NO+<d_Sb!`Gl=7i*<evciB7jTQF
+H?Yyr;S|n$4oLyeNw0w;j(qgB^u<^gufP|APw+~%jWW=BMwqOXs!7sAq)^u|WdT3lRp^@u{*Uj<T{iu}Zt%tUj=
NI*^*u(<X<axu%33dlF3RPzbPX)uQih2H<6=YJZOk_3W)G+Xom1FP9ozX*t+`?=?|bXYWExy+<$X>4mpm9d7R{z-
Cs%<GVlbv#8MsFNVt5N%lU{0SXzk3dkWbOoQ!eNyndf?Q!A5b{8&*&50+d)+rd%_bj$U#biyL7(ogW~t^$}FVc>r
1t>ghIMv*Ma`ypZ9_^pEmQGPed%IzD!hIvtwDBYZC|iwnY+9p(6R?qB^G8KZOgGvqXAC-FR3pXd(W=y>0h>>aNS5
b}j&VkNQ+zMC{RAP~PY7okU7ANB`x0-
xZWq_4<p;!1H&@a{_)ulvJr{m^!IL`?H9GH(KIORKpkDcjkJyXO5Llj`c_>*8-
+yxjv4_mrM42YLZ)NPL3Ev%}Dv(gn7i_P4f{tC=t#pXZ%)CYQL5R<mzqEJ|lfkTm)SsC&gV*b47W+`<)`kBL3(JG
hyJ2cg#D2H=6UoqWr>T{ZEvxXwBexr8@5TOiC8P7xAz4<F8Mkk$iESx?V&Z7@$@U#Tl~$JO0xa;Tgt6dIQEl*dLZ
s^ez5m0X=wg>5?42HtaKk$V97kV?)Ni^1A0<t)|(8=>}+mkLcY%>JK%zG4(}TGyLz%3dwV^-
lDC*i+>^;caWpHXm-EpIU?aSGUpH8<;O`C>kl;)|YW*z6@ayjk@1+4LUw&F9540y+6tPDzzK%2Fav3-
`#3}aN3k&UT2sM+K_Lc%d#5*01O(YJH}mQNGBjRkgM^dEhe2F*?RP&X}))nbG0t7<ftW}KcCnlk#M;!Gr_cc0shZ
agfvAzK>LByu{*&;^T*;XzUj&FbWBn${r;pJ{S9wA*bt-
K=ef~_>Ls6{S%!!awx)N;l@_)(`Uayz;B7=(e6#r)a`EVCdrCnQc#U+_vR1n7Jfa)U#JAso75Izcra~6Gw~*v+c$
b0LZkKm<a#G=B`ljVmVoghT{c<778Zpg>MhUMyySNPK5PzpAO4-
Do^{!+8aT}Pq7D0aOGh14KyYzkW%l;N#k8y_2n^)Hxf53zcMCL<Yq7P62Y$Bb|R}nd+3N8JYlp&IsxR33SxLX|V&
hnkq-_uF*W@aJQKqzOPd3oTa?-JLXzk`!_Yu<v~1iG8-y5YGv+?4HL-pR>I62AodOZrvriOJGaX-
c50Hd1p6L&9yds%u%)k#;fVml(i(JFPZ)T}UaNkP!_IFV80rfI?t#Adg7uG|k;0c{_K4oa=oFw3iaNL#{aXC;Ae?
><@T7(MhH`CB@blOHJU7@s98fIA_9;A)-6EC%*-
lEj&m}3DA5)|1!?O#<ESIaq?ynH{XSaShv|KotxbG*7v?8!VS7VBBO(`p7>_)JUj|}i|&S+D!sYk{6Fk4ZHf@1-
;`8hcz~39iSL_w8@8SO({}=RE&l?<u-Qo)!M2v!=qijyT7Ku-aNKLt6w{a^OOR|Ah&Ny%VG5T9?y$}%O34^z*GF=
+3G!9xwCE4tO0PpUfe;tVSj7K@>SS4z0S;qEsVz}!*r^+5u%`w_gExeqwYL~mRzbA2WzwC%-
6F>2c^9(}y?uc`d0oBpl1F(AsXAjz>nY$WuuoJ?`^~YydwzCw6sti4*|hyLf;$CQ(IWnp`>SuZm6yl5XC;$X7TRW
?YM7`$1^&p)qeDsEFdcFcp8%|O@3A&DEwBxQ+6x8HKc*K}I9yY91E-iIaJB7)w=s7cDKh-
X3^%<cKeJa;wig;0r?ri~PGM_y9}0l45X8VAK1FQjKA2|FI&qtErSXn)vTGo_&~(FLA!h^YI-
bP`W3z3yjJuI$@=W4FaBk=YF^}0!*t8aohNZL8L;N11Yh-Qc2lPKGEz~cvS*gvo3>(4SOfTr3u%FL7aLV5#CX83L
i;a)yLPa@Tj_*L+B&enNil_rd=tQJU+zOC_YAF>SC6xz$5e!F9aL;|cO!1&C@Q-
haVZVU_Ry$rCu((2oVd7=sw5JF15bs7-
5OY!4{{s0PTSp|yndnAu5Q{CHugqqzy5eyL$rKgnY{EtIn(vCS0n$!+V}h)m_+tNBehl|U9)lTdCF}_BH22E>NIL
CLORg!;0>#kJ!vE+O9?exCQ=%jIReF+4>MGQ6$qL@vR+exv+{U4zjUB(jZ?ztgzk<DqzYr*+cVwI0E9?$544ll&P
@eDzemrA+Y%1WDG$!30&6ORVflqQzD1?AxtU#{@R#|?6mqUxhTyqZXMwd%Bm}KDqrijtdDXpfs)Vq=UE&hpls%2J
SQ2tmr9m)q5q+Mqhf*nv^d>KCp>OwRl(rjMxadDwoOq{UKME5K6iB@21;)gOtUg~|%)WmBmW05XOj8Yfgt8@sq7D
p3bl6J5Yw4K7H&<<jWFqhOLzfyKfCtY88Ot`bCzc4jp7g{5PBa4W!Sbh5?RVC_aGsHDS5YM;$5T2p+^}yLnm41-
{>PRkz`J6G7{Nb1uoFz7<1_e5*Z7vp+cE}iC_8FT)-
8Y>gj>i7xeUxxsDyDx;eF{$`+6vKhJEjKP%2NzBHzS?_tc9*F$0O-
j6_d|h^}HlkDT~o2ftJE>pB^42#^|O9J<v(YRb<@ZPuN1WYp6Ouz<4S!%f3B%A+npvac`sVswc=I;bd?z59a2k2i
2kJtt%j;2{{ShBo~_AAoYXSsHRK{@c`Q*c+R-
Sbwln2d?GrTI|Me8$I!j#b8sV6O~J?sL;+PRG>_^A){kK9SD~&L7g?ybtsJW~?$nXmA9A5hA_>$T`va0zOL3udWh
g%653AW<LLD>itD7||Z_Z4jR#7LNpUa6rtBm^P-8!H2KeE<i-g;^Z-
GJw&IQSFu(z`(aRE#(0GaroW!5Byr;(?deq2NMcA^$&<&Q>nm$8$nO!nH!hRLi(A*Q~%oXY&HA4LT2e<+7@-
<Qybc`(P_YPh;ocqo~CYOS~iofxWYS1|PWNs4r}@bWcU0o*)(#KC&&b?&XKleE<`+nA<6Mga2jZi$hRUz*ri&ru~
L^)F|dyc(yu@op7c%SzYMyUB3r_54~=)@3|(#0CP=cGSx?(>NpBV0_kXl_AB92E+j1rZ7-
Z>{X6t1tx9a^Tb3NO*YF=X-
kU0c58300T;fCNA(ms$S*KIAm_yJH{+diNGYitpJI$}zo<7*Pn~P%qE6zdQLH&^Z;u$?;k-
)>8OTf7dvKBv#Flv~zsd^pH3cAADN&YJS4mHH5z<=P0WMieisjm5zQiVRoeaJxgBQVTsLqljS@L+ZZI?wfUT77m*
#)XO}+<3!y_9FhfCCT<hG{ecnaIrD@SV>|uc31vnHS5d@<e6NG+)mj9!Lq`%6+E_?Sbs}nV4F4o>x?+)u(B3!NzC
NR__3jd(mO9Kve0%7^!FqMasvD8RFF8S4xr|y^oJ;|4V9(2Gco61wiYDH4*)hqCNm*C&Iuq-xI}oUZ!%rR$j~!jJ
C(uC^#yX9`|eoF%&Eu>C=Z(<#4}F)JM$YaC$|wsQ95=xF;ac1yx;%)yMt%JN5!X7J#aC48NNj{ckGsG!;4L8QVyF
oll=^hQ50!sY{@n4a1LD1sS&yXxRo*99hW(<vVn3!^72;Zwy+cHpw0^BV88P|^;-A`n+fZs0--
#hmya?|2b`X|m<#VB%>gH8e+U`LpD*r7Z%Mo}bam&07l;jx9_kZtkUU1I>Fonk<gei^ZX-
6#_80O=J%RnLuCb1kS1I+we^3JhMyecLfls|?iR`jLp;2Ogfiu^2uV$_QZ@K^A_r6{5J7XZ@1Ybh81V(XS8#7x0K
7x{n2GCvaNye8j)%rw85*wxEu(7tcLR4^TaS^+jwg?;aHMGB#|3M4DzKSiQBR&Y}D4*b_g`V+0O1%IPuVo*M4pi#
_TRPR%tf24g49DiIHkD@sS!!o)AkY%8=367|)SlXs(UIDY(u9orTw8Rer7kwy@q?TW)le@QZ-;Bp`^8nKdOG?-
;>GHIK^xucJbMSAp)mWf)GdaCJ6&Vt7fLu|T-j!Ay`)KIC^a~RxNkm0-_qWMlEXbt%8|7vQv<K5-
4}OCjXTXdu}r+DwP4=r>afw4+d?~}r&QO{%2b?o-
%zdSB5>Tami=7Z5PgRXBi`D^&|COV#`T0t_)q#w&Eq{bIp7SOXPO9Y#M;1#;;~9p;7i#WE=R`guN`i%alS8|31iO
1!Hvn2gg3}3?~U+%qV~y)STB4Obr;%l@<7k5V7o8{%_;3el%em`<H$fEP9D#o+9P(ec{ems@(2XdGBuj0BMi_tRg
%FbhXz*N!~VpUQ(J&D$EWpxlxwACwkaM8^$Vm%UWfZqGs8#e<m?qn2wx5Ll62&q?Aj5bYe#CQa2PHWyN9k;xXG<(
k6?v$>+$J5b_HX?159-
&iz1*W{GGjPkX!7jLmknX?(W<@r3F%Dbo=%4K5@Kyh|0t=9jrD?n+jGj6UB#8U+z<QdfI&+W&b3`G0UI<cpYLFdX
;=j4z{FXCUG_43z&jO<hSU4@i1G%zL|<j8)Ius6k@Qt1kBkB+a6&Plse1<>^XQfaO%RX-
j&@a+9yD7Pp=Cnhn@vTC?m@IogNT*cEVd4Uoo}v%8AtSm1nl}E$@RL-
&tN2+MRQ~bp61t?7RV%oHSiFWeRl+@JerD6F!H+<(|ms!q!Oj==ruu*bR)Z6;L10r>uc`8M+j3%bVHZ&ZnU?JiBz
VusZNWns56VuNA7VRYMlC!;w6!T}lrE1$!w?sA++1rkCija4X?o-&f)oc2=4aPOzN^_hXqvU-F>37CEI2m-
|}^5K<O(vxT#4$Z5#vkL?9jX%D$U>jun_!dQ2vhU2((NuVj&)fEdYW-
^o!*2UrfWo!r)1^%;U$uC>hv0T+oNw4Jgyq;;4X+t^|TtvpQmBH=UOl*=3rM3{7_(IzQnnOCKCwPIWshm(drjIZE
Mcrimo!OwwNn4?H4$Otxn(9NL4od^~<h@5*2d~n{DU|3(HK$^T{REC)K<^X*%GB0(rHOQZwS8!&wjXO5h!_46o&o
Dj@43Nf33ASNnd_9F$rzl!(y!ztY;Esuq#^kMt_4hVHRQRJ)65U>e8z|UPLEQqa`B*6{2XrO8Ny6rJIQO<#U*)SL
|x%YcP(c6izBrWwrlWp9zZgKeWZ?n416}@rU|x#frIckf^^mcjz}LIJ3*VUmOLC<tkhAj;WxPY8I1q97>Blm(zIS
wXK^+4j}3R6j~ft(PKzzw9!L~M0H>K-
VY_{LWQgXK9;#_zH8T}x<~^(q4Xu~nqz$&r0CR0C>@T=!$T{~O#Ag28?iV&OTWqt0W^g@rw45TI6K&!1$9@b|LnF
bC0_l5T%VlGzRW^!nXnNlcy04na=>0RD30fm*XP}AF4Q$l*&p?~BD(s{^#WvTLgGC3sWR;SM&V9rU1Xca2oqMCsR
SwV{(mDtYkcM#2w6l_xtt}>F^@vk}_1<iAUq^ZA+?3U}Z>T5mICv-$jjU&D*v5q%O1xOgJ>VPRs{=-
Z33aJC;#z+U5|VbNdc~0blJ?QOTAs`3Jv!bKn9Mg-
UOQ*|<|=J`=LG{7FVwN0KPn@GtcOj{iK+a4K(h6+#e(0`U*dQ1f5iv-$+pu{98ulW%4WCy54Z7A)D`P3v>kcgRv-
OAS1t07dda)UtEgw;pRu*{RGO3T2oP84--9$jH`^Yt*`ik-Z$2nB^|f@(A-
efe#B5)&wFUY@SP!m(e+OtX790?`Of^Y+!ME22g?EU(ZP(CByjunWy-
P2Gn%mbp_ObN>1fQBdhMG~j4SJdW5*br5&^ClP7<$L=kgHKOsG?GTq<uy_J{Yoxd;wT~@0h4XJCuknGLiX_d?}2y
H?Td@j%9sFJD9#$+Yy$P)W9NicXsd45c@TYD8IE;DIjw&WZ<(1I?zmOO&!DT%RAl89bE!CQbUix@t%0%p5imw?GJ
swSxSkK+SbrG`|nU|YP_1FMVIsl?68@&6%u9J3Cv{cMGl5Ruw_PCNC_-
1o2+!xrl$?2<_ZVJXYwhy8I=Sbq@u~2m@$1{a9`(fomO^Vq;vwU3Q6VTDcuq)=7gJ2OR!05e8$&|wq-
G7jqX>=>vYS{IH?Gc@=C^G?U9f<T?vsxkKIJaDm}Dh>|trs;*Pfc)GwN~?2Wx~U;+DBb#dp2>1-
|aiu$i~EV+z~Xb&kLQA?YkH3(NwarTWwkg5^xCU<r|O?yg|6GKBSRZNO+^IDbDQ*4!jSvjDVmQO8>%23jeP<<s{|
F-
mxNJ*H+DJTJtAy%UA`3d44+i%E2Bu*TJ6W`f54!RNek7?uhCaw_OnieRg&QOo2!J($1UQ#XM8Pymn5Z|gN#JRz<{
_4tKq6~E}{$IoxDG2?SXA;{`dx<>;Rc;yVrql?SsPS+&Wtox*6u}U6iOL5qOC3YC)C_kWdvCD4wl=UWSeJrOhxRG
Z2>mTML@VcNNmJFL(nh5tedjCYSN3E3@h<~0p+@Dq2npiVF5!ETp3noae&lhaD*OPqSZ3fq0Vm1-tf>5d<300_
"""
"""The contact network's weights, fitted to GNU Backgammon's 0-ply chances by
``python -m bench.peers.gnubg_fit``: half floats (input rows of :data:`HIDDEN`
values, hidden biases, then for each hidden unit its :data:`OUTPUTS` output weights,
output biases), compressed with zlib, in base 85."""

ROWS, HIDDEN_BIAS, OUTPUT_COLUMNS, OUTPUT_BIAS = _decode_weights(WEIGHTS)
INTERACTION_ROWS = ROWS[2 * SIDE_INPUTS:]
SIDE_TABLES = (_side_tables(0), _side_tables(SIDE_INPUTS))
""":func:`_side_tables` of a side as the roller and as the other side."""
