"""The contact network of the backgammon evaluator: the cubeless chances of the side
to roll next while the sides are in contact (:func:`contact_chances`).

The inputs (:func:`network_inputs`): the points of both sides, a few hand-made
features such as primes, anchors and checkers back, and the blots under fire;
:data:`HIDDEN` logistic hidden units, five logistic outputs.  The weights
(:mod:`engines.ai.eval_backgammon_weights`) were fitted to GNU Backgammon's 0-ply
chances by ``python -m bench.peers.gnubg_fit``.

Fast path: each side's share of the hidden layer is computed once per side and
remembered, summed from tables of packed vectors (:mod:`engines.ai.lanes`): one per
point and count of checkers and per value of each summary feature.  Only the ten
inputs that need both sides are added per position.  :func:`network_chances` is the
plain definition, for checks.
"""

from __future__ import annotations

import base64
import math
import struct
import zlib
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from itertools import compress
from operator import getitem, mul

from engines.ai.eval_backgammon_weights import WEIGHTS
from engines.ai.lanes import LaneReader, pack
from engines.backgammon.chances import Chances
from engines.caches import forgettable, remember
from engines.tables import Side

__all__ = ["HIDDEN", "INPUTS", "contact_chances", "network_chances", "network_inputs",
           "side_inputs"]

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


class SideInputs:
    """One side's share of the hidden layer, as the roller and as the other side
    (packed: :mod:`engines.ai.lanes`), and what the interactions need; computed once
    per side (:func:`side_inputs`) from the tables of :func:`_side_tables`, one hidden-layer
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


_SIDES: dict[Side, SideInputs] = forgettable({})
SIDES_LIMIT = 50_000


def side_inputs(side: Side) -> SideInputs:
    """The :class:`SideInputs` of ``side``, remembered."""
    found = _SIDES.get(side)
    if found is None:
        found = remember(_SIDES, side, SideInputs(side), SIDES_LIMIT)
    return found


def contact_chances(roller: Side, other: Side) -> Chances:
    """The network's cubeless chances of the side to roll next (``roller``)."""
    mine, theirs = side_inputs(roller), side_inputs(other)
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


ROWS, HIDDEN_BIAS, OUTPUT_COLUMNS, OUTPUT_BIAS = _decode_weights(WEIGHTS)
HIDDEN_BIAS_PACKED = pack(HIDDEN_BIAS, SUM_FRACTION)
INPUT_SCALE = 1 << INPUT_FRACTION
INTERACTION_PACKED = [pack(row, WEIGHT_FRACTION) for row in ROWS[2 * SIDE_INPUTS:]]
SIDE_TABLES = (_side_tables(0), _side_tables(SIDE_INPUTS))
""":func:`_side_tables` of a side as the roller and as the other side."""
