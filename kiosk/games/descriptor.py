"""A game's descriptor: everything the kiosk needs to show one game (no pygame).

Its card on the home screen and its presets (:class:`~kiosk.games.card.Entry`),
how its seats are named, how its board looks, how far into a game the home
card's picture is, and which module presents its positions. Each game
declares one in ``kiosk/games/descriptors/<game>.py``; a part left out is
named by ``tests/test_every_game_complete.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING

from kiosk.games.card import Entry, Label
from kiosk.games.look import BoardLook

if TYPE_CHECKING:
    from engines.core import Game
    from kiosk.games.base import Presentation

Seats = Mapping[str, Label]
"""Engine player name -> the seat's name in French and in English."""


@dataclass(frozen=True, kw_only=True)
class GameDescriptor:
    """One game on the kiosk; every part but the id may be missing while the game is
    being added."""

    game_id: str
    card: Entry | None = None
    """Its card on the home screen and its presets for the setup screen."""
    seats: Seats = field(default_factory=dict)
    """Every engine player of every preset, in the engine's order (the widest)."""
    look: BoardLook | None = None
    """How its board is drawn by the renderer of its kind."""
    illustration_plies: int | None = None
    """Random decisions into a game for the home card's picture."""
    presentation: str = ""
    """The module presenting its positions, with ``make(game)`` (imported when needed)."""

    def make_presentation(self, game: Game) -> Presentation:
        """The presentation of ``game``; ``LookupError`` when none is declared."""
        if not self.presentation:
            raise LookupError(f"no presentation module declared for '{self.game_id}'")
        module = import_module(self.presentation)
        presentation: Presentation = module.make(game)
        return presentation


def seat_names_in(seats: Seats, lang: str) -> tuple[str, ...]:
    """The seats' names in ``lang``, in the engine's player order (a card's seat names)."""
    return tuple(en if lang == "en" else fr for fr, en in seats.values())
