"""What a decision does to the pieces on the board, seen as occupancy only.

The sensors only tell whether a point holds a piece. For every legal
decision, :func:`effects` compares the points occupied before and after it
and sorts them the way a hand works: the points the hand touches (the first
and last of the presentation's ``move_points``: a piece lifted, a piece put
down, a piece taken off), the other pieces that come off or go on as a
consequence (captures), and the pieces that stay but change (reversi discs to
turn, a latrunculi piece turned over as an *incitus*, a pyramid losing layers).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from engines.core import State
from kiosk.games.base import Presentation, Token, Tokens


def occupied(tokens: Tokens) -> frozenset[int]:
    """Points holding at least one piece."""
    return frozenset(point for point, stack in tokens.items() if stack)


def changed_in_place(before: Tokens, after: Tokens) -> frozenset[int]:
    """Points occupied before and after whose pieces differ (a disc turned)."""
    return frozenset(p for p, stack in before.items()
                     if stack and after.get(p) and list(stack) != list(after[p]))


def _height(stack: Sequence[Token]) -> int:
    return sum(token.count for token in stack)


@dataclass(frozen=True)
class Effect:
    """One decision, as occupancy changes."""

    move: Any
    points: tuple[int, ...]
    """The points a hand touches, in order (the presentation's ``move_points``)."""
    after: frozenset[int]
    """Points occupied once the decision is made."""
    touched: frozenset[int]
    """First and last of ``points``: where the hand lifts and puts down."""
    extras: frozenset[int]
    """Untouched points that empty (captures) or fill as a consequence."""
    lift: frozenset[int]
    """Touched points holding one piece before and after: the hand must lift it."""
    turned: frozenset[int]
    """Untouched points whose piece stays but changes (a disc to turn)."""

    def explains(self, differ: Collection[int]) -> bool:
        """Whether every differing point belongs to this decision."""
        return all(p in self.touched or p in self.extras for p in differ)

    def partial(self, differ: frozenset[int]) -> bool:
        """The differences are this decision begun: its piece lifted first, if it carries one."""
        if self.origin is not None and self.origin not in differ:
            return False
        return bool(differ & self.touched) and self.explains(differ)

    def complete(self, actual: Collection[int], differ: frozenset[int],
                 lifted: Collection[int]) -> bool:
        """The hand has done this decision (captures may still stand)."""
        if not self.explains(differ) or not (differ & self.touched or self.lift):
            return False
        if any((p in actual) != (p in self.after) for p in self.touched):
            return False
        return all(p in lifted for p in self.lift)

    def to_do(self, actual: Collection[int], lifted: Collection[int]) -> set[int]:
        """Touched points the hand has not finished with yet."""
        return {p for p in self.touched
                if (p in actual) != (p in self.after) or (p in self.lift and p not in lifted)}

    @property
    def origin(self) -> int | None:
        """Where the piece is lifted from, for a decision that carries one."""
        first = self.points[0]
        if len(self.points) > 1 and first in self.touched and first not in self.after:
            return first
        return None


def effect_of(state: State, presentation: Presentation, move: Any,
              points: Sequence[int], before: Tokens) -> Effect:
    """The effect of one decision of ``state`` touched at ``points``."""
    after_tokens = presentation.tokens(state.apply(move)) if points else before
    was, now = occupied(before), occupied(after_tokens)
    touched = frozenset((points[0], points[-1])) if points else frozenset()
    extras = (was ^ now) - touched
    lift = frozenset(
        p for p in touched
        if p in was and p in now and _height(before[p]) == 1 and _height(after_tokens[p]) == 1
    )
    turned = frozenset(
        p for p in (was & now) - touched if list(before[p]) != list(after_tokens[p])
    )
    return Effect(move, tuple(points), now, touched, extras, lift, turned)


def effects(state: State, presentation: Presentation,
            options: Sequence[tuple[tuple[int, ...], Any]]) -> list[Effect]:
    """The effect of each ``(points, move)`` decision of ``state``."""
    before = presentation.tokens(state)
    return [effect_of(state, presentation, move, points, before) for points, move in options]
