"""What every screen shares: the felt backdrop, the title bar, the language switch."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from kiosk.ui.text import blit_text
from kiosk.ui.theme import CANVAS, PALETTE
from kiosk.ui.widgets import Button

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk


@lru_cache(maxsize=2)
def _backdrop(size: tuple[int, int]) -> pygame.Surface:
    """Green felt with a soft vignette, drawn once."""
    surface = pygame.Surface(size)
    surface.fill(PALETTE.felt)
    width, height = size
    glow = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(12):
        alpha = 10
        rect = pygame.Rect(0, 0, width * (1.3 - i * 0.06), height * (1.3 - i * 0.06))
        rect.center = (width // 2, height // 2)
        pygame.draw.ellipse(glow, (60, 110, 90, alpha), rect)
    surface.blit(glow, (0, 0))
    return surface


def draw_backdrop(canvas: pygame.Surface) -> None:
    canvas.blit(_backdrop(canvas.get_size()), (0, 0))


def draw_title(canvas: pygame.Surface, title: str, subtitle: str = "") -> None:
    blit_text(canvas, title, (60, 30), 64, PALETTE.gold, "serif-bold")
    if subtitle:
        blit_text(canvas, subtitle, (64, 108), 26, PALETTE.ivory_dark)


def language_buttons(kiosk: Kiosk, refresh: Callable[[], None]) -> list[Button]:
    """FR / EN at the top right; the current one highlighted."""

    def switch(lang: str) -> Callable[[], None]:
        def action() -> None:
            kiosk.set_language(lang)
            refresh()

        return action

    buttons = []
    for i, lang in enumerate(("fr", "en")):
        rect = pygame.Rect(CANVAS[0] - 420 + i * 120, 28, 104, 96)
        button = Button(rect, lang.upper(), switch(lang), PALETTE.ivory_dark, size=36)
        button.selected = kiosk.tr.lang == lang
        buttons.append(button)
    return buttons
