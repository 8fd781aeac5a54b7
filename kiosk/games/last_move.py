"""The last move on the board: what the latest turn did, marked until the next one.

A turn may take several decisions (both dice, a mill's removal, a barricade's
new place, rithmomachie's captures): the mark shows all the decisions of the
player who last did something on the board, since the dice or the other
player. Decisions without a point (a roll, "pass", "end the turn", the cube)
leave the mark of the move before them in place. Pure logic: no pygame.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core import State
from kiosk.games.base import Presentation, Trace


def last_turn(presentation: Presentation, states: Sequence[State],
              moves: Sequence[str]) -> list[Trace]:
    """The traces of the latest turn that left something on the board, oldest first.

    ``states[i]`` is the position before the decision written ``moves[i]``.
    """
    traces: list[Trace] = []
    actor: str | None = None
    for index in range(min(len(moves), len(states) - 1) - 1, -1, -1):
        before = states[index]
        if before.is_chance_node():
            if actor is not None:
                break
            continue
        player = before.current_player
        if actor is not None and player != actor:
            break
        try:
            move = before.game.parse_move(before, moves[index])
        except ValueError:
            break  # a history that does not read back: nothing older is marked
        trace = presentation.trace(before, move, states[index + 1])
        if trace is None:
            continue
        actor = player
        traces.append(trace)
    traces.reverse()
    return traces


def marks(traces: Sequence[Trace]) -> dict[int, str]:
    """Highlight roles of a turn's traces: ``last-from`` where a piece left, ``last``
    where it stopped (or what the decision touched), ``taken`` what it took; a later
    decision's marks over an earlier one's."""
    found: dict[int, str] = {}
    for trace in traces:
        for point in trace.taken:
            found[point] = "taken"
        if trace.origin is not None:
            found[trace.origin] = "last-from"
        for point in trace.touched:
            found[point] = "last"
        if trace.target is not None:
            found[trace.target] = "last"
    return found
