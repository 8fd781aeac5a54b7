"""The games on the kiosk, one descriptor each, in the home screen's order (no pygame)."""

from __future__ import annotations

from kiosk.games.descriptor import GameDescriptor
from kiosk.games.descriptors import (
    assaut,
    backgammon,
    barricades,
    jacquet,
    latrunculi,
    moulin,
    multitchoukatro,
    reversi,
    rithmomachie,
    shutthebox,
    tablut,
)

DESCRIPTORS: tuple[GameDescriptor, ...] = tuple(
    module.DESCRIPTOR
    for module in (
        reversi, moulin, backgammon, barricades, shutthebox, jacquet,
        tablut, assaut, multitchoukatro, latrunculi, rithmomachie,
    )
)
"""Every game, in the order of the cards on the home screen."""

_BY_ID = {d.game_id: d for d in DESCRIPTORS}


def descriptor(game_id: str) -> GameDescriptor:
    """The descriptor of a game id; ``KeyError`` naming the ids if unknown."""
    try:
        return _BY_ID[game_id]
    except KeyError:
        raise KeyError(f"unknown game '{game_id}'; choose among {', '.join(_BY_ID)}") from None


def find_descriptor(game_id: str) -> GameDescriptor | None:
    """The descriptor of a game id, ``None`` if unknown."""
    return _BY_ID.get(game_id)
