"""Cubeless winning chances of a backgammon position, for the machine's evaluation.

Seen from the side to roll next: its chances of winning, of winning and
losing a gammon, of winning and losing a backgammon (:func:`cubeless`).

- Race (no more contact): a normal law on the difference of both sides'
  race lengths (pips and checkers left, fitted to GNU Backgammon's race
  evaluations), the side on roll ahead; gammons from the turns the loser
  needs to bring every checker home and bear one off, backgammons from
  those it needs to leave the winner's home.
- Contact: a logistic score over the difference of both sides' features —
  pips, checkers on the bar and borne off, home-board points (more with
  enemy checkers to contain), the longest prime, anchors in the enemy
  home, checkers back (worse against a strong enemy home), heavy stacks,
  and the blots: their chance of being hit (the classic 36-roll shot table,
  direct and indirect) times what a hit costs; the side to roll next is
  shot at first.  Gammon and backgammon chances grow with the loser's
  checkers back and on the bar and vanish once it has borne one off.

The contact weights were tuned by coordinate search to lose as little
equity as possible, by GNU Backgammon's judgement, when choosing the play
of a throw by this evaluation (1 400 positions from self-play: about 0.03
of a point lost per play, from 0.04 with hand-set weights).  Each side's
features are computed once and remembered (:func:`stats`).
"""

from __future__ import annotations

import math

from engines.caches import forgettable, remember
from engines.tables import Side

SHOTS = (0, 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 1)
"""Throws out of 36 that hit a blot at each distance (no point in between closed)."""
PIPS_PER_TURN = 8.17
TURN_VARIANCE = 0.28
"""Variance of the turns a race takes, per turn (gammon estimates)."""
RACE_PIP = 0.0933
RACE_CHECKER = 0.2375
RACE_LAG = 0.525
RACE_ROLL = 0.55
RACE_SPREAD = 0.1417
RACE_SPREAD_BASE = -0.1
"""Race model, fitted to GNU Backgammon's race evaluations (log loss): a side's race
length is ``RACE_PIP * pips + RACE_CHECKER * checkers``, plus ``RACE_LAG`` times what
bearing off two checkers a turn adds; the side on roll gains ``RACE_ROLL``; the spread
grows with the lengths."""

# Contact weights (logit of winning for the side to roll next).
W_ROLL = 0.14
W_PIPS = 0.025
W_BAR = -0.79
W_OFF = 0.06
W_HOME = 0.32
W_CONTAIN = 0.11
W_PRIME = 0.24
W_ANCHOR = 0.054
W_BACK = -0.0225
W_TRAPPED = -0.03
"""Per checker back in the enemy home, per point the enemy holds in it."""
W_STACK = -0.05
"""Per checker beyond three on one point of the home board."""
W_BLOTS_SHOT = -1.0
"""Blots of the side that does not roll next, shot at now."""
W_BLOTS_LATER = -0.26
"""Blots of the side to roll: it may still cover them."""
HIT_BASE = 0.35
HIT_PIP = 0.024
HIT_HOME = 0.06
# Contact gammons: a share of the wins, growing with the loser's trouble.
G_BASE = 0.078
G_BACK = 0.0175
G_BAR = 0.039
G_HOME = 0.045
G_MAX = 0.7
B_BACK = 0.12
"""Contact: share of the gammons that are backgammons, per checker left back."""


# --------------------------------------------------------------------------- features


MISS = tuple(1.0 - shots / 36 for shots in SHOTS)


class Stats:
    """One side's features, gathered in one pass over its points, and the part of its
    contact score that does not depend on the enemy."""

    __slots__ = ("_shots", "anchors", "back", "bar", "blots", "home", "occupied", "off",
                 "outside", "pips", "static", "to_home", "to_leave")

    def __init__(self, side: Side) -> None:
        bar = side[25]
        pip_count = 25 * bar
        home = anchors = run = prime = outside = stack = 0
        back = bar
        to_home = 19 * bar
        to_leave = 7 * bar
        blots = []
        occupied = [25] if bar else []
        for point in range(24, 0, -1):
            count = side[point]
            if count:
                pip_count += point * count
                occupied.append(point)
                if count == 1:
                    blots.append(point)
                if point >= 19:
                    back += count
                    to_leave += (point - 18) * count
                elif point >= 7:
                    outside += count
                if point >= 7:
                    to_home += (point - 6) * count
                elif count > 3:
                    stack += count - 3
            if count >= 2:
                if point <= 6:
                    home += 1
                elif point >= 19:
                    anchors += 1
                if 2 <= point <= 12:
                    run += 1
                    if run > prime:
                        prime = run
            else:
                run = 0
        self.bar = bar
        self.off = side[0]
        self.pips = pip_count
        self.home = home
        self.anchors = anchors
        self.back = back
        self.outside = outside
        self.blots = blots
        self.occupied = occupied
        self.to_home = to_home
        self.to_leave = to_leave
        self._shots: list[float] | None = None
        self.static = (
            W_BAR * bar
            + W_OFF * side[0]
            + W_HOME * home
            + (W_PRIME * (prime - 2) ** 1.5 if prime > 2 else 0.0)
            + W_ANCHOR * min(anchors, 2)
            + W_BACK * back
            + W_STACK * stack
        )

    def shots(self) -> list[float]:
        """For each point 1-24 of the opponent's numbering, the chance that this side
        hits an opponent's blot there with its next throw."""
        table = self._shots
        if table is None:
            table = [0.0] * 25
            occupied = self.occupied
            for blot in range(1, 25):
                miss = 1.0
                for point in occupied:
                    distance = point + blot - 25
                    if distance > 0:
                        miss *= MISS[distance]
                table[blot] = 1.0 - miss
            self._shots = table
        return table


_STATS: dict[Side, Stats] = forgettable({})
STATS_LIMIT = 20_000


def stats(side: Side) -> Stats:
    """The features of a side, remembered (searches meet the same sides often)."""
    found = _STATS.get(side)
    if found is None:
        found = remember(_STATS, side, Stats(side), STATS_LIMIT)
    return found


def side_score(mine: Stats, enemy: Stats, shot_now: bool) -> float:
    """One side's share of the contact logit (the enemy's is subtracted)."""
    score = (
        mine.static
        + W_CONTAIN * mine.home * min(enemy.back, 3) / 3
        + W_TRAPPED * mine.back * enemy.home
    )
    if mine.blots:
        cost = HIT_BASE + HIT_HOME * enemy.home + HIT_PIP * 25
        shots = enemy.shots()
        blots = 0.0
        for point in mine.blots:
            blots += shots[point] * (cost - HIT_PIP * point)
        score += (W_BLOTS_SHOT if shot_now else W_BLOTS_LATER) * blots
    return score


def gammon_shares(lost: Stats, won: Stats) -> tuple[float, float]:
    """Of the winner's wins, the shares that are gammons and backgammons (contact)."""
    if lost.off:
        return 0.0, 0.0
    share = G_BASE + G_BACK * lost.back + G_BAR * lost.bar + G_HOME * won.home \
        + 0.004 * lost.outside
    if share > G_MAX:
        share = G_MAX
    return share, share * min(1.0, B_BACK * lost.back)


def race_turns(side: Stats) -> float:
    """Turns a side needs to bear off: pips per throw, or checkers two at a time."""
    return max(side.pips / PIPS_PER_TURN, (15 - side.off) / 2.2) + 0.3


def race_length(side: Stats) -> float:
    """The race model's length of a side's race: pips and checkers left, and more when
    the checkers, borne off two at a time, are what holds it back."""
    left = 15 - side.off
    base = RACE_PIP * side.pips + RACE_CHECKER * left
    lag = left / 2.0 - base
    return base + RACE_LAG * lag if lag > 0 else base


def normal(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x * 0.7071067811865476))


Chances = tuple[float, float, float, float, float]
"""Cubeless chances of one side: win, win a gammon (or more), lose a gammon (or more),
win a backgammon, lose a backgammon."""


def race_probabilities(mine: Stats, theirs: Stats, credit: float, share: float) -> Chances:
    """The chances of the side to roll (``mine``), in a race; the other side still has
    ``credit`` pips, a ``share`` of its throw, to play."""
    my_length = race_length(mine)
    their_length = race_length(theirs) - 2.0 * RACE_ROLL * share
    spread = math.sqrt(max(RACE_SPREAD * (my_length + their_length) + RACE_SPREAD_BASE, 0.05))
    p = normal((their_length - my_length + RACE_ROLL) / spread)
    my_turns = race_turns(mine)
    their_turns = race_turns(theirs) - credit / PIPS_PER_TURN
    spread = math.sqrt(TURN_VARIANCE * (my_turns + their_turns) + 0.25)
    gw, bw = _race_gammons(theirs, my_turns, spread)
    gl, bl = _race_gammons(mine, their_turns, spread)
    return p, p * gw, (1 - p) * gl, p * bw, (1 - p) * bl


def _race_gammons(lost: Stats, winner_turns: float, spread: float) -> tuple[float, float]:
    """Shares of the wins that are gammons (the loser cannot bear one off in time)
    and backgammons (nor bring its last checkers out of the winner's home)."""
    if lost.off:
        return 0.0, 0.0
    spread = max(spread, 0.5)
    gammon = normal((lost.to_home / PIPS_PER_TURN + 1.5 - winner_turns) / spread)
    if not lost.to_leave:
        return gammon, 0.0
    return gammon, min(gammon, normal((lost.to_leave / PIPS_PER_TURN + 0.5 - winner_turns)
                                      / spread))


def contact_probabilities(mine: Stats, theirs: Stats, credit: float) -> Chances:
    """The chances of the side to roll (``mine``), in contact."""
    logit = (
        W_ROLL
        + W_PIPS * (theirs.pips - credit - mine.pips)
        + side_score(mine, theirs, False)
        - side_score(theirs, mine, True)
    )
    if logit < -30.0:
        logit = -30.0
    elif logit > 30.0:
        logit = 30.0
    p = 1.0 / (1.0 + math.exp(-logit))
    gw, bw = gammon_shares(theirs, mine)
    gl, bl = gammon_shares(mine, theirs)
    return p, p * gw, (1 - p) * gl, p * bw, (1 - p) * bl


def cubeless(roller: Side, other: Side, credit: float = 0.0, share: float = 0.0) -> Chances:
    """The cubeless chances of the side to roll next.

    ``credit`` and ``share``: the pips and the share of its throw that the other
    side still plays in its turn in progress.
    """
    mine, theirs = stats(roller), stats(other)
    if mine.occupied and theirs.occupied and mine.occupied[0] + theirs.occupied[0] > 25:
        return contact_probabilities(mine, theirs, credit)
    return race_probabilities(mine, theirs, credit, share)
