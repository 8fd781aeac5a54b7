"""Per-game presentations: what stands on each point and which points a move touches."""

from __future__ import annotations

from importlib import import_module

from engines.core import Game
from kiosk.games.base import Extras, Panel, Presentation, Token

PRESENTATION_MODULES = {
    "reversi": "kiosk.games.reversi",
    "moulin": "kiosk.games.moulin",
    "tablut": "kiosk.games.tablut",
    "assaut": "kiosk.games.assaut",
    "latrunculi": "kiosk.games.latrunculi",
    "multitchoukatro": "kiosk.games.multitchoukatro",
    "rithmomachie": "kiosk.games.rithmomachie",
    "backgammon": "kiosk.games.backgammon",
    "jacquet": "kiosk.games.jacquet",
    "barricades": "kiosk.games.barricades",
    "shut-the-box": "kiosk.games.shutthebox",
}


def presentation_for(game: Game) -> Presentation:
    """The presentation of ``game`` (each module exposes ``make(game)``)."""
    module = import_module(PRESENTATION_MODULES[game.id])
    presentation: Presentation = module.make(game)
    return presentation


__all__ = ["Extras", "Panel", "Presentation", "Token", "presentation_for"]
