"""Words several games' cards share."""

from __future__ import annotations

from kiosk.games.card import Label

BLACK: Label = ("Noirs", "Black")
WHITE: Label = ("Blancs", "White")
"""The seats of the games played by ``noir`` and ``blanc``."""

VERSION: Label = ("Version", "Version")
"""The setup's heading over a choice of rules."""

WHITE_PLACES: Label = ("Les Blancs posent le premier pion.", "White places the first piece.")
OPENING_THROW: Label = (
    "Chacun lance un dé : le plus fort commence, avec ces deux dés.",
    "Each throws one die: the higher starts, playing both dice.",
)
"""Who starts, for the games placing pieces and for the tables games."""
