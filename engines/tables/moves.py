"""The decisions and chance moves of the tables games, each built once.

A checker move is one die played by one checker, written from the mover's
side of the board: ``24/18``, ``bar/22`` (entering from the bar),
``6/off`` (bearing off).  Points are numbered 1-24 along the mover's route,
24 the farthest from home; in the move objects the bar is point 25 and
"off" point 0.  The doubling cube's decisions are ``roll``, ``double``,
``take`` and ``drop``.  Dice are :class:`engines.core.Dice` chance moves:
``dice:6,5`` (a normal throw, larger die first) or, for the opening throw,
noir's die then blanc's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias, final

from engines.core import Dice, NotationError, Pass

BAR = 25
"""The bar, as a point number of the mover's route."""
OFF = 0
"""Borne off, as a point number of the mover's route."""


@final
@dataclass(frozen=True, slots=True)
class CheckerMove:
    """One checker moved by one die: ``24/18``, ``bar/22``, ``6/off``."""

    origin: int
    target: int

    def __str__(self) -> str:
        start = "bar" if self.origin == BAR else str(self.origin)
        end = "off" if self.target == OFF else str(self.target)
        return f"{start}/{end}"

    @property
    def distance(self) -> int:
        """Points travelled (a bear-off counts to the edge of the board)."""
        return self.origin - self.target


@final
@dataclass(frozen=True, slots=True)
class CubeAction:
    """A decision about the doubling cube, or the throw that follows it."""

    name: str

    def __str__(self) -> str:
        return self.name


TablesMove: TypeAlias = CheckerMove | CubeAction | Dice | Pass
"""A decision or a throw of the tables games: a checker move, ``pass`` when no die can
be played, the dice, and (backgammon only) the cube's ``roll``, ``double``, ``take``,
``drop``."""

ROLL = CubeAction("roll")
"""Throw the dice without doubling."""
DOUBLE = CubeAction("double")
"""Offer to double the stake before throwing."""
TAKE = CubeAction("take")
"""Accept the double: the stake doubles and the cube is the taker's."""
DROP = CubeAction("drop")
"""Refuse the double: the manche is lost for the current stake."""

CHECKER_MOVES: tuple[tuple[CheckerMove, ...], ...] = tuple(
    tuple(CheckerMove(origin, target) for target in range(26)) for origin in range(26)
)
"""``CHECKER_MOVES[origin][target]``: every checker move, built once."""

ROLLS: tuple[tuple[Dice, float], ...] = tuple(
    (Dice((high, low)), (1 if high == low else 2) / 36)
    for high in range(6, 0, -1)
    for low in range(high, 0, -1)
)
"""The 21 distinct throws of two dice with their odds, larger die first."""

OPENING_THROWS: tuple[tuple[Dice, float], ...] = tuple(
    (Dice((first, second)), 1 / 36) for first in range(1, 7) for second in range(1, 7)
)
"""The opening throw: noir's die, then blanc's; a tie is thrown again."""

ROLL_OF: dict[tuple[int, ...], Dice] = {
    **{d.values: d for d, _ in ROLLS},
    **{(d.values[1], d.values[0]): d for d, _ in ROLLS},
}
"""The normal throw for both orders of its dice (``dice:5,6`` reads as ``dice:6,5``)."""

OPENING_OF: dict[tuple[int, ...], Dice] = {d.values: d for d, _ in OPENING_THROWS}


def dice_to_play(high: int, low: int) -> tuple[int, ...]:
    """The dice a throw gives to play: two, or four of a double."""
    return (high,) * 4 if high == low else (high, low)


def parse_point(word: str, text: str) -> int:
    """A point number 1-24, ``bar`` (25) or ``off`` (0) of checker-move notation."""
    if word == "bar":
        return BAR
    if word == "off":
        return OFF
    if word.isdigit() and 1 <= int(word) <= 24:
        return int(word)
    raise NotationError(
        f"move '{text}': '{word}' is not a point (1-24, bar or off)"
    )


def parse_dice(text: str) -> tuple[int, ...] | None:
    """The faces of ``dice:a,b`` text, or ``None`` when the text is not dice."""
    if not text.startswith("dice:"):
        return None
    faces = text[5:].split(",")
    if not all(f.isdigit() and 1 <= int(f) <= 6 for f in faces) or len(faces) != 2:
        raise NotationError(f"dice '{text}': expected two faces 1-6, e.g. dice:6,5")
    return tuple(int(f) for f in faces)
