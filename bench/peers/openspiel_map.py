"""OpenSpiel's actions in our notation, for the games both engines have.

Othello is our ``reversi:othello`` and OpenSpiel's ``othello``: an action
is ``row * 8 + column`` counted from the top-left square (our ``a1``), 64
is the pass.  Nine men's morris is our ``moulin:standard`` and OpenSpiel's
``nine_mens_morris``: points 0-23 row by row from the top (our ``a7`` first),
a placement or a removal is the point's number (a removal when the last
decision made a mill), a move or a fly is ``24 + origin * 24 + target``.

:data:`PEERS` gathers, for each game, our spec, OpenSpiel's name, which of
our players is OpenSpiel's player 0 and 1, and the mapping of the legal
actions; :func:`action_for` and :func:`move_for` translate one decision.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engines.core import RulesError, State

MORRIS_POINTS = (
    "a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5", "a4", "b4", "c4",
    "e4", "f4", "g4", "c3", "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1",
)
"""OpenSpiel's nine men's morris points, numbered row by row from the top."""
MORRIS_PLAYERS = ("blanc", "noir")
"""Our players as OpenSpiel's players 0 and 1 (its player 0, W, moves first)."""
OTHELLO_PLAYERS = ("noir", "blanc")
"""Our players as OpenSpiel's players 0 and 1 (its player 0 is black)."""
OTHELLO_PASS = 64


def othello_actions(their: Any) -> dict[str, int]:
    """OpenSpiel's legal othello actions by our notation (``d3``, ``pass``)."""
    return {
        "pass" if a == OTHELLO_PASS else "abcdefgh"[a % 8] + str(a // 8 + 1): a
        for a in their.legal_actions()
    }


def morris_actions(their: Any) -> dict[str, int]:
    """OpenSpiel's legal nine men's morris actions by our notation (``d6``, ``xd6``,
    ``d6-d5``)."""
    # A point is a removal exactly when the last decision made a mill.
    prefix = "x" if "Capture time" in str(their) else ""
    found = {}
    for action in their.legal_actions():
        if action < 24:
            found[prefix + MORRIS_POINTS[action]] = action
        else:
            origin, target = divmod(action - 24, 24)
            found[f"{MORRIS_POINTS[origin]}-{MORRIS_POINTS[target]}"] = action
    return found


def their_winner(their: Any, players: tuple[str, str]) -> str | None:
    """Our name of the winner of a finished OpenSpiel game (``None``: a draw)."""
    returns = their.returns()
    if returns[0] == returns[1]:
        return None
    return players[0] if returns[0] > returns[1] else players[1]


@dataclass(frozen=True)
class SpielPeer:
    """One game both engines have: how to name its decisions across them."""

    key: str
    """Short name on the command line (``othello``, ``morris``)."""
    spec: str
    """Our game spec."""
    name: str
    """OpenSpiel's game name."""
    players: tuple[str, str]
    """Our players as OpenSpiel's players 0 and 1."""
    actions_of: Callable[[Any], dict[str, int]]
    """OpenSpiel's legal actions of a state by our notation."""


PEERS: dict[str, SpielPeer] = {
    "othello": SpielPeer("othello", "reversi:othello", "othello", OTHELLO_PLAYERS,
                         othello_actions),
    "morris": SpielPeer("morris", "moulin:standard", "nine_mens_morris", MORRIS_PLAYERS,
                        morris_actions),
}


class MappingError(RuntimeError):
    """A decision of one engine that the other does not know in the same position."""


def action_for(peer: SpielPeer, ours: State, their: Any, move: Any) -> int:
    """OpenSpiel's action for our decision ``move`` of ``ours`` (``their`` the same
    position in OpenSpiel)."""
    actions = peer.actions_of(their)
    action = actions.get(str(move))
    if action is None:
        raise MappingError(
            f"{peer.name}: OpenSpiel has no action '{move}' in our position "
            f"'{ours.to_text()}' (its legal actions: {sorted(actions)})"
        )
    return action


def move_for(peer: SpielPeer, ours: State, their: Any, action: int) -> Any:
    """Our decision for OpenSpiel's ``action`` in ``their`` (``ours`` the same
    position in our engine); it is checked legal in ours."""
    names = {a: text for text, a in peer.actions_of(their).items()}
    text = names.get(action)
    if text is None:
        raise MappingError(f"{peer.name}: action {action} is not legal in OpenSpiel's\n{their}")
    try:
        return ours.game.parse_move(ours, text)
    except RulesError as error:
        raise MappingError(
            f"{peer.name}: OpenSpiel's action {action} ('{text}') is not legal in our "
            f"position '{ours.to_text()}'"
        ) from error
