"""Per-game presentations and descriptors: what stands on each point, which points a
move touches, and how each game is shown (:mod:`kiosk.games.descriptors`).

Importing this package imports neither pygame nor the engines: the catalogue
reads the descriptors through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kiosk.games.descriptors import descriptor, find_descriptor
from kiosk.games.look import PLAIN, BoardLook

if TYPE_CHECKING:
    from engines.core import Game
    from kiosk.games.base import Extras, Panel, Presentation, Token

def presentation_for(game: Game) -> Presentation:
    """The presentation of ``game``, from the module its descriptor names."""
    return descriptor(game.id).make_presentation(game)


def look_for(game_id: str) -> BoardLook:
    """How the board of ``game_id`` is drawn (the plain board if it declares no look)."""
    found = find_descriptor(game_id)
    return found.look if found is not None and found.look is not None else PLAIN


def __getattr__(name: str) -> object:
    """``Extras``, ``Panel``, ``Presentation`` and ``Token``, from
    :mod:`kiosk.games.base` when first asked for (it imports the engines)."""
    if name in {"Extras", "Panel", "Presentation", "Token"}:
        from kiosk.games import base

        return getattr(base, name)
    raise AttributeError(f"module 'kiosk.games' has no attribute '{name}'")


__all__ = ["Extras", "Panel", "Presentation", "Token", "look_for", "presentation_for"]
