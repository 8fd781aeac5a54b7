""""Are you still there?" over a game nobody touches: asked after a while, counted down,
and the game given up for the demonstrations when nobody answers."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from kiosk.scenes.overlays import draw_still_there

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk


class StillThere:
    """The question and its countdown (``countdown`` seconds left, ``None`` unasked)."""

    def __init__(self, kiosk: Kiosk) -> None:
        self.kiosk = kiosk
        self.countdown: float | None = None

    @property
    def asking(self) -> bool:
        return self.countdown is not None

    def dismiss(self) -> None:
        """Somebody is there (a touch), or the question no longer applies."""
        self.countdown = None

    def update(self, dt: float) -> bool:
        """Ask after the owners' ``still_there_after`` seconds without a touch; count
        down; at zero, the demonstrations. ``True`` while the question is up."""
        settings = self.kiosk.settings
        if self.countdown is None:
            if self.kiosk.idle_for() > settings.still_there_after:
                self.countdown = settings.still_there_countdown
            return False
        self.countdown -= dt
        if self.countdown <= 0:
            self.kiosk.attract()
        return True

    def draw(self, canvas: pygame.Surface) -> None:
        _ = self.kiosk.tr
        draw_still_there(
            canvas,
            _("Vous êtes toujours là ?"),
            max(0, int(self.countdown or 0) + 1),
            _("Touchez l'écran pour continuer la partie."),
        )
