"""Stakes and matches: what a manche is worth, the cube's use, the Crawford rule.

The source lets either player offer to double "à n'importe quel moment de la
manche", the stakes rising "2 puis 4, puis 8, puis 16..." with no cap: the cube
has none, and the Crawford rule (no doubling in the manche after a player comes
one point from the target) is only an option, off by default.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.outcomes import OutcomeCode
from engines.tables.rules import Side

if TYPE_CHECKING:
    from engines.backgammon.game import Backgammon

SINGLE, GAMMON, BACKGAMMON = 1, 2, 3
RESULT_CODES = {SINGLE: OutcomeCode.SIMPLE, GAMMON: OutcomeCode.GAMMON,
                BACKGAMMON: OutcomeCode.BACKGAMMON}
RESULT_NAMES = {SINGLE: "partie simple", GAMMON: "gammon", BACKGAMMON: "backgammon"}
RESULT_NAMES_EN = {SINGLE: "single game", GAMMON: "gammon", BACKGAMMON: "backgammon"}


def manche_value(loser: Side) -> int:
    """1, 2 or 3 times the stake, from the loser's checkers once the winner is off.

    Gammon: the loser has borne off none; backgammon: and still has a checker
    on the bar or in the winner's home (the loser's points 19-24).
    """
    if loser[0]:
        return SINGLE
    if loser[25] or any(loser[19:25]):
        return BACKGAMMON
    return GAMMON


def may_double(game: Backgammon, seat: int, cube: int, owner: int, crawford: bool) -> bool:
    """Whether ``seat`` may offer to double before throwing."""
    return (
        game.cube_on
        and not crawford
        and owner in (-1, seat)
    )


def auto_double_allowed(game: Backgammon, cube: int, crawford: bool) -> bool:
    """Whether a tie at the opening throw doubles the stake once more."""
    return not crawford and cube < 1 << game.auto_doubles


def next_is_crawford(game: Backgammon, before: tuple[int, int], after: tuple[int, int],
                     crawford: bool) -> bool:
    """Whether the manche after one that took the score from ``before`` to ``after``
    is the Crawford manche: the first after a player reaches one point from the
    target while the other is further (only with the ``crawford`` option)."""
    if not game.crawford_rule or crawford or game.match <= 1:
        return False
    near = game.match - 1
    return any(
        after[s] == near and before[s] < near and after[1 - s] < near for s in (0, 1)
    )
