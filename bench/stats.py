"""Confidence intervals for match results: per game (Wilson) and per round of seats.

A *round* is one opening played from every seat in turn (two games in a two-sided game:
the same start, the stronger level once with each side).  Where one seat wins most games
whoever holds it (tablut's blanc, assaut's soldiers), the games of a round share that bias
and their results are not independent draws of the players' strength: the round is the
unit.  Engine-testing frameworks judge paired games the same way (the pentanomial model:
the spread of the pairs' scores, not of the games').  The interval on rounds is Student's,
with one extra round scored at the fair share (a prior that keeps a few identical rounds,
whose spread is nil, from making a certainty).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

Z_95 = 1.959963984540054
"""Two-sided 95 % normal quantile."""


def wilson_interval(score: float, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score`` observed over ``games`` games
    (draws as half points)."""
    if games <= 0:
        return 0.0, 1.0
    z2 = z * z
    centre = (score + z2 / (2 * games)) / (1 + z2 / games)
    half = z / (1 + z2 / games) * math.sqrt(score * (1 - score) / games + z2 / (4 * games**2))
    return max(0.0, centre - half), min(1.0, centre + half)


def t_quantile_975(freedom: int) -> float:
    """Student's t quantile at 0.975 for ``freedom`` degrees of freedom.

    Exact for one and two degrees; beyond, the Cornish-Fisher expansion in powers of
    ``1/freedom`` (Abramowitz and Stegun 26.7.5), within 0.004 at three degrees and
    0.001 from four on.
    """
    if freedom < 1:
        raise ValueError("Student's t needs at least one degree of freedom")
    if freedom == 1:
        return math.tan(math.pi * (0.975 - 0.5))
    if freedom == 2:
        p = 0.975
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    z = Z_95
    n = float(freedom)
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / n + g2 / n**2 + g3 / n**3 + g4 / n**4


def rounds_interval(rounds: Sequence[float], fair: float) -> tuple[float, float]:
    """The 95 % interval of the mean score of ``rounds`` (each the stronger side's share of
    one round), by Student's t over the rounds and one more round at ``fair``."""
    sample = [*rounds, fair]
    if len(sample) < 2:
        return 0.0, 1.0
    mean = statistics.fmean(sample)
    half = t_quantile_975(len(sample) - 1) * statistics.stdev(sample) / math.sqrt(len(sample))
    return max(0.0, mean - half), min(1.0, mean + half)
