"""What every owners' screen shares: the backdrop, the title, a back button, the records."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from kiosk.scenes.base import ButtonScene
from kiosk.scenes.chrome import draw_backdrop, draw_title
from kiosk.ui.text import blit_text
from kiosk.ui.theme import CANVAS, PALETTE
from kiosk.ui.widgets import Button, rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

BACK = pygame.Rect(56, CANVAS[1] - 130, 300, 100)
"""Where "Retour" sits on every owners' screen."""
CONTENT = pygame.Rect(56, 160, CANVAS[0] - 112, CANVAS[1] - 160 - 150)
"""The room between the title and the bottom row of buttons."""
TARGET = 88
"""Smallest side of a touch target on these screens."""


class AdminScene(ButtonScene):
    """An owners' screen: a title, a subtitle, its buttons and "Retour" to the menu."""

    name = "admin"

    def __init__(self, kiosk: Kiosk) -> None:
        super().__init__(kiosk)

    def enter(self) -> None:
        self.layout()

    def layout(self) -> None:
        """Build the buttons (again after a change); subclasses add theirs after ``super``."""
        self.buttons.clear()
        self.buttons.add(Button(BACK, self.back_label(), self.back, PALETTE.ivory_dark, size=36))

    def back_label(self) -> str:
        return self._("Retour")

    def back(self) -> None:
        self.kiosk.pop()

    def heading(self) -> str:
        """The screen's title, in the current language."""
        return self._("Administration")

    def subtitle(self) -> str:
        return ""

    @property
    def records(self) -> Any:
        """The kiosk's records (``None`` when the kiosk keeps none)."""
        return getattr(self.kiosk, "records", None)

    def draw(self, canvas: pygame.Surface) -> None:
        draw_backdrop(canvas)
        draw_title(canvas, self.heading(), self.subtitle())
        self.draw_content(canvas)
        self.buttons.draw(canvas)

    def draw_content(self, canvas: pygame.Surface) -> None:
        """The screen's own drawing, under the buttons."""


def empty_panel(canvas: pygame.Surface, rect: pygame.Rect, text: str) -> None:
    """A dark panel with one centred line: "pas de données", "plateau non connecté"…"""
    rounded_panel(canvas, rect, PALETTE.felt_dark, radius=24)
    blit_text(canvas, text, rect.center, 36, PALETTE.ivory_dark, "sans-bold", anchor="center")
