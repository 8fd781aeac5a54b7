"""How checkers move with the dice, shared by backgammon and jacquet.

A side's checkers are a tuple of 26 counts in that side's own numbering:
index 0 holds the checkers borne off, 1-24 the points of the route (24 the
farthest from home, 1-6 the home), 25 the bar.  The rules of a game say
which single steps one die allows (:meth:`TablesRules.die_moves`) and what
a step does (:meth:`TablesRules.step`); the functions below build on them
what both games share: the maximal use of the dice and the larger die
(:func:`legal_steps`), whether any die can still be played
(:func:`can_play`) and the distinct complete plays of a throw
(:func:`complete_plays`).
"""

from __future__ import annotations

from operator import itemgetter

from engines.caches import forgettable, remember
from engines.tables.moves import CHECKER_MOVES, CheckerMove

Side = tuple[int, ...]
"""26 counts: borne off, points 1-24 of the side's route, bar."""
Step = tuple[int, int]
"""``(origin, target)`` in the mover's numbering (25 the bar, 0 off)."""
CHECKERS = 15


class TablesRules:
    """The moves one die allows on a 24-point board (subclassed by each game).

    ``mirror[p]`` is the number, in the opponent's own numbering, of the
    point the mover calls ``p``.
    """

    mirror: tuple[int, ...] = tuple(25 - p if 0 < p < 25 else p for p in range(26))
    hits = False
    independent = False
    """Whether, with no checker on the bar, a step never makes another checker's step
    of the same die illegal (true of backgammon, not of jacquet's six-in-a-row
    limit and postillon): then one checker's step cannot stop another's."""

    def die_moves(self, own: Side, other: Side, die: int) -> list[Step]:
        """The single steps one die allows the mover (``own`` against ``other``), at
        most one from each point."""
        raise NotImplementedError

    def has_move(self, own: Side, other: Side, die: int) -> bool:
        """Whether the die can be played at all (subclasses answer faster)."""
        return bool(self.die_moves(own, other, die))

    def step(self, own: Side, other: Side, origin: int, target: int) -> tuple[Side, Side]:
        """Both sides after one checker moved from ``origin`` to ``target``."""
        moved = list(own)
        moved[origin] -= 1
        moved[target] += 1
        return tuple(moved), other


def bear_off_steps(own: Side, die: int, moves: list[Step]) -> None:
    """Add the bear-off a die allows when every checker is home (points 1-6).

    Exact: the checker on the die's point; higher: the farthest checker, when
    none stands on the die's point or farther.
    """
    if any(own[7:26]):
        return
    if own[die]:
        moves.append((die, 0))
        return
    for point in range(die - 1, 0, -1):
        if own[point]:
            if not any(own[point + 1:7]):
                moves.append((point, 0))
            return


def can_bear_off(own: Side, die: int) -> bool:
    """Whether a die bears a checker off (every checker home)."""
    if any(own[7:26]):
        return False
    return bool(own[die]) or not any(own[die + 1:7])


def remaining(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    """The dice left once ``die`` is played (dice are kept larger first)."""
    if dice[0] == die:
        return dice[1:]
    return dice[:1] + dice[2:]


_STEPS: dict[tuple[TablesRules, Side, Side, tuple[int, ...]], dict[Step, int]] = forgettable({})
STEPS_LIMIT = 4096


def legal_steps(rules: TablesRules, own: Side, other: Side,
                dice: tuple[int, ...]) -> dict[Step, int]:
    """:func:`find_steps`, remembered for doubles (searches meet the positions of a
    double by several paths, and its steps are the dearest to find; the other
    throws' positions are met once); the answer must not be changed."""
    if len(dice) < 2 or dice[0] != dice[1]:
        return find_steps(rules, own, other, dice)
    key = (rules, own, other, dice)
    found = _STEPS.get(key)
    if found is None:
        found = remember(_STEPS, key, find_steps(rules, own, other, dice), STEPS_LIMIT)
    return found


def find_steps(rules: TablesRules, own: Side, other: Side,
               dice: tuple[int, ...]) -> dict[Step, int]:
    """The steps that begin a play using as many dice as possible, with their die.

    With two different dice of which only one can be played, it must be the
    larger when possible.  A bear-off that either die allows is recorded with
    the smaller (what is left afterwards allows the same moves either way).
    Bearing the last checker off uses every die: the game is over.
    """
    if len(dice) == 1:
        return dict.fromkeys(rules.die_moves(own, other, dice[0]), dice[0])
    first = dice[0]
    step = rules.step
    if first != dice[1]:
        second = dice[1]
        found: dict[Step, int] = {}
        big = rules.die_moves(own, other, first)
        small = rules.die_moves(own, other, second)
        quick = rules.independent and not own[25]
        for moves, die, rest, others in ((big, first, second, small),
                                         (small, second, first, big)):
            if quick and len(others) > 1:  # the other die moves another checker anyway
                found.update(dict.fromkeys(moves, die))
                continue
            origins = {m[0] for m in others} if quick else set()
            for move in moves:
                origin = move[0]
                if len(origins) > 1 or (origins and (origin not in origins or own[origin] > 1)):
                    found[move] = die  # another checker plays the other die anyway
                    continue
                after, them = step(own, other, origin, move[1])
                if after[0] == CHECKERS or rules.has_move(after, them, rest):
                    found[move] = die
        if found:
            return found
        if big:
            return dict.fromkeys(big, first)
        return dict.fromkeys(small, second)
    count = len(dice)
    depths: dict[Step, int] = {}
    best = 0
    memo: dict[tuple[Side, Side, int], int] = {}
    for move in rules.die_moves(own, other, first):
        after, them = step(own, other, move[0], move[1])
        depth = 1 + _depth(rules, after, them, first, count - 1, memo)
        depths[move] = depth
        if depth > best:
            best = depth
    return {m: first for m, d in depths.items() if d == best}


def _depth(rules: TablesRules, own: Side, other: Side, die: int, left: int,
           memo: dict[tuple[Side, Side, int], int]) -> int:
    """How many of ``left`` equal dice can still be played (stops at ``left``).

    Bearing the last checker off ends the game: it counts as playing them all.
    """
    if left == 0 or own[0] == CHECKERS:
        return left
    key = (own, other, left)
    known = memo.get(key)
    if known is not None:
        return known
    moves = rules.die_moves(own, other, die)
    if rules.independent and not own[25]:
        checkers = sum(map(own.__getitem__, map(itemgetter(0), moves)))
        if checkers >= left:  # that many different checkers can each play one die
            memo[key] = left
            return left
    best = 0
    for move in moves:
        after, them = rules.step(own, other, move[0], move[1])
        depth = 1 + _depth(rules, after, them, die, left - 1, memo)
        if depth > best:
            best = depth
            if best == left:
                break
    memo[key] = best
    return best


def can_play(rules: TablesRules, own: Side, other: Side, dice: tuple[int, ...]) -> bool:
    """Whether any of the dice can be played."""
    if own[0] == CHECKERS:
        return False
    has_move = rules.has_move
    if has_move(own, other, dice[0]):
        return True
    return len(dice) > 1 and dice[1] != dice[0] and has_move(own, other, dice[1])


Play = tuple[CheckerMove, ...]


def complete_plays(rules: TablesRules, own: Side, other: Side,
                   dice: tuple[int, ...]) -> dict[tuple[Side, Side], Play]:
    """The distinct complete plays of a throw: resulting sides -> one way to play it.

    Plays reaching the same position are listed once (the first found); an
    empty play means the dice cannot be played at all.
    """
    frontier: dict[tuple[Side, Side, tuple[int, ...]], Play] = {(own, other, dice): ()}
    results: dict[tuple[Side, Side], Play] = {}
    step = rules.step
    while frontier:
        following: dict[tuple[Side, Side, tuple[int, ...]], Play] = {}
        for (mine, theirs, left), play in frontier.items():
            steps = legal_steps(rules, mine, theirs, left)
            if not steps:
                results.setdefault((mine, theirs), play)
                continue
            for (origin, target), die in steps.items():
                after, them = step(mine, theirs, origin, target)
                line = (*play, CHECKER_MOVES[origin][target])
                rest = remaining(left, die)
                if not rest or after[0] == CHECKERS:
                    results.setdefault((after, them), line)
                else:
                    following.setdefault((after, them, rest), line)
        frontier = following
    return results


def pips(side: Side) -> int:
    """The pip count: points still to travel to bear every checker off."""
    return sum(p * side[p] for p in range(1, 26))
