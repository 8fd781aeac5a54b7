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
   on 1 330 000 positions in contact, reached by the plays of 75 000 turns
   of its own games and by 23 000 turns without a choice (a side on the bar
   against a closed board among them: ``python -m bench.peers.gnubg_fit``);
   each side's share of the hidden layer is computed once and remembered.
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

import base64
import math
import struct
import zlib
from bisect import bisect_left, bisect_right
from collections.abc import Hashable, Iterable
from itertools import compress
from operator import getitem, mul

from engines.ai.eval_backgammon_weights import WEIGHTS
from engines.ai.evaluation import register_evaluator
from engines.ai.lanes import LaneReader, pack
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

HIDDEN = 64
"""Hidden units of the contact network.  Fitted to the same turns, greedy play on 3 000
test turns of gnubg's gave away, per turn in contact by gnubg's judgement, 0.0117 with
48 units and 0.0104 with 64; 96 did no better."""
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
    return [0.0, *hit_chances([point for point in range(25, 0, -1) if side[point]],
                              range(1, 25))]


def hit_chances(occupied: list[int], blots: Iterable[int]) -> list[float]:
    """The :func:`shot_table` entries of ``blots`` (points of the opponent's numbering)
    for a side with checkers on the points ``occupied`` (its own numbering, the bar
    25, highest first)."""
    found = []
    for blot in blots:
        miss = 1.0
        for point in occupied:
            distance = point + blot - 25
            if distance <= 0:
                break
            miss *= MISS[distance]
        found.append(1.0 - miss)
    return found


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
    """The network's weights from their text (:mod:`engines.ai.eval_backgammon_weights`):
    input rows, hidden biases, output columns (one per output), output biases."""
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
    """The outputs of the hidden layer's sums."""
    exp = math.exp
    return _outputs_of([1.0 / (1.0 + exp(-x)) if x > -30.0 else 0.0 for x in hidden])


def _packed_outputs(total: int) -> tuple[float, ...]:
    """The outputs of the hidden layer's sums packed in ``total``, read and activated
    in one pass."""
    exp = math.exp
    minus = -READ_HIDDEN.unit
    lanes = READ_HIDDEN.lanes(total)
    try:
        active = [1.0 / (1.0 + exp(lane * minus)) for lane in lanes]
    except OverflowError:  # a sum below -709: not met in play, but possible
        return _outputs([lane * -minus for lane in lanes])
    return _outputs_of(active)


def _outputs_of(active: list[float]) -> tuple[float, ...]:
    """The five logistic outputs of the hidden units' activations."""
    exp = math.exp
    found = []
    for column, bias in zip(OUTPUT_COLUMNS, OUTPUT_BIAS, strict=True):
        z = bias + sum(map(mul, active, column))
        found.append(1.0 / (1.0 + exp(-z)) if z > -30.0 else 0.0)
    return tuple(found)


SUM_FRACTION = 51
"""The hidden layer's sums are added as integers packed by :mod:`engines.ai.lanes`, in
units of ``2**-51``: sums within ``±2**12``, and no sum of the network's can pass 1 815."""
WEIGHT_FRACTION = 24
"""The rows of the interaction inputs are packed in units of ``2**-24``: exactly, their
weights being half-precision numbers."""
INPUT_FRACTION = SUM_FRACTION - WEIGHT_FRACTION
"""The interaction inputs are rounded to units of ``2**-27``, their products with their
rows then in the units of the sums."""
READ_HIDDEN = LaneReader(HIDDEN, SUM_FRACTION)


class _SideInputs:
    """One side's share of the hidden layer, as the roller and as the other side
    (packed: :mod:`engines.ai.lanes`), and what the interactions need; computed once
    per side (:func:`_side`) from the tables of :func:`_side_tables`, one hidden-layer
    vector per point and count and per value of each summary feature."""

    __slots__ = ("_as_other", "_as_roller", "_inputs", "_shots", "back", "bar", "blots", "far",
                 "home", "occupied", "side")

    def __init__(self, side: Side) -> None:
        self.side = side
        self._shots: list[float] | None = None
        counts = side[1:25]
        made = [point for point, count in zip(POINTS, counts, strict=True) if count >= 2]
        prime = run = 0
        last = -1
        for point in made:
            run = run + 1 if point == last + 1 else 1
            last = point
            prime = max(prime, run)
        bar = side[25]
        self.bar = bar
        self.back = bar + sum(side[19:25])
        self.home = bisect_right(made, 6)
        self.blots = [point for point, count in zip(POINTS, counts, strict=True) if count == 1]
        self.occupied = [point for point in FROM_BAR if side[point]]
        self.far = self.occupied[0] if self.occupied else 0
        summary = (bar, side[0], sum(map(mul, side, PIP_WEIGHTS)), self.home,
                   len(made) - bisect_left(made, 19), self.back, sum(side[7:19]), prime,
                   sum(map(mul, side[7:26], POINTS)))
        self._inputs = (counts, summary)
        self._as_roller: int | None = None
        self._as_other: int | None = None

    @property
    def as_roller(self) -> int:
        """The side's share of the hidden layer as the side to roll next."""
        if self._as_roller is None:
            self._as_roller = _projection(SIDE_TABLES[0], *self._inputs)
        return self._as_roller

    @property
    def as_other(self) -> int:
        """The side's share of the hidden layer as the other side."""
        if self._as_other is None:
            self._as_other = _projection(SIDE_TABLES[1], *self._inputs)
        return self._as_other

    @property
    def shots(self) -> list[float]:
        """:func:`shot_table` of the side, worked out when first needed."""
        if self._shots is None:
            self._shots = [0.0, *hit_chances(self.occupied, range(1, 25))]
        return self._shots

    def shots_at(self, blots: list[int]) -> list[float]:
        """The side's :attr:`shots` at ``blots`` only, without the whole table."""
        if self._shots is not None:
            return [self._shots[blot] for blot in blots]
        return hit_chances(self.occupied, blots)


SideTables = tuple[list[list[int]], list[list[int]]]
POINTS = range(1, 25)
FROM_BAR = range(25, 0, -1)
PIP_WEIGHTS = range(26)
"""The pips of a checker at each place of a side (off, points 1-24, the bar)."""
SUMMARY_SIZES = (16, 16, 376, 7, 7, 16, 16, 25, 286)
"""How many values each summary feature of a side takes: checkers on the bar, off,
pips, home points, anchors, checkers back, between, longest run, pips to home."""


def _side_tables(first: int) -> SideTables:
    """The hidden-layer vectors of one side's inputs, its rows starting at ``first``,
    packed: for each point and count of checkers, and for each value of each summary."""

    def scaled(pairs: list[tuple[float, int]]) -> int:
        total = [0.0] * HIDDEN
        for value, index in pairs:
            if value:
                row = ROWS[first + index]
                total = [t + value * w for t, w in zip(total, row, strict=True)]
        return pack(total, SUM_FRACTION)

    points = []
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


def _projection(tables: SideTables, counts: Side, summary: tuple[int, ...]) -> int:
    """A side's share of the hidden layer, packed, from its checkers on the points 1-24
    (``counts``) and its summary features."""
    points, summaries = tables
    return (sum(map(getitem, compress(points, counts), filter(None, counts)))
            + sum(map(getitem, compress(summaries, summary), filter(None, summary))))


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
    if theirs.blots:  # the roller's side is met again and again: its whole table
        hits = mine.shots
        shots = [hits[p] for p in theirs.blots]
        found[0] = sum(shots)
        found[1] = sum(map(mul, shots, theirs.blots)) / 24
        found[2] = max(shots)
    if mine.blots:
        shots = theirs.shots_at(mine.blots)
        found[3] = sum(shots)
        found[4] = sum(map(mul, shots, mine.blots)) / 24
        found[5] = max(shots)
    found[6] = mine.home * min(theirs.back, 3) / 18
    found[7] = theirs.home * min(mine.back, 3) / 18
    found[8] = theirs.bar * mine.home / 12
    found[9] = mine.bar * theirs.home / 12
    total = HIDDEN_BIAS_PACKED + mine.as_roller + theirs.as_other
    for value, row in zip(found, INTERACTION_PACKED, strict=True):
        if value:
            total += round(value * INPUT_SCALE) * row
    p, gw, bw, gl, bl = _packed_outputs(total)
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


ROWS, HIDDEN_BIAS, OUTPUT_COLUMNS, OUTPUT_BIAS = _decode_weights(WEIGHTS)
HIDDEN_BIAS_PACKED = pack(HIDDEN_BIAS, SUM_FRACTION)
INPUT_SCALE = 1 << INPUT_FRACTION
INTERACTION_PACKED = [pack(row, WEIGHT_FRACTION) for row in ROWS[2 * SIDE_INPUTS:]]
SIDE_TABLES = (_side_tables(0), _side_tables(SIDE_INPUTS))
""":func:`_side_tables` of a side as the roller and as the other side."""
