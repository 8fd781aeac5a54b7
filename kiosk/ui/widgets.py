"""Buttons and cards: large, rounded, with a shadow, pressed look and a tap target."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from kiosk.ui import drawn
from kiosk.ui.text import blit_text, fit_size
from kiosk.ui.theme import PALETTE, Colour, contrast

MIN_TARGET = 88
"""Smallest touch target side, in canvas pixels (about 12 mm on a 32-inch table)."""


def rounded_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour: Colour,
    radius: int = 22,
    shadow: int = 6,
    border: Colour | None = None,
) -> None:
    """A rounded rectangle with a soft drop shadow: a panel texts are drawn into."""
    _plate(surface, rect, colour, radius, shadow, border)
    drawn.note(surface, "panel", rect)


def _plate(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour: Colour,
    radius: int,
    shadow: int,
    border: Colour | None,
) -> None:
    if shadow:
        shade = pygame.Surface((rect.width + 2 * shadow, rect.height + 2 * shadow), pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 80), shade.get_rect(), border_radius=radius + shadow)
        surface.blit(shade, (rect.x - shadow // 2, rect.y + shadow // 2))
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, 3, border_radius=radius)


def _edge(colour: Colour) -> Colour | None:
    """The outline of a pale button (ivory, cream), which would melt into the ivory
    panels it often sits on; ``None`` for a coloured one, already distinct."""
    r, g, b = colour
    return PALETTE.wood_dark if 0.3 * r + 0.59 * g + 0.11 * b > 200 else None


@dataclass
class Button:
    """A labelled touch target; ``action`` runs on release inside it."""

    rect: pygame.Rect
    label: str
    action: Callable[[], None]
    colour: Colour = PALETTE.ivory
    size: int = 34
    enabled: bool = True
    selected: bool = False
    pressed: bool = field(default=False, init=False)

    def hit(self, pos: tuple[float, float]) -> bool:
        return self.enabled and self.rect.inflate(12, 12).collidepoint(pos)

    def draw(self, surface: pygame.Surface) -> None:
        colour = self.colour
        if self.selected:
            colour = PALETTE.gold
        if not self.enabled:
            colour = (150, 146, 138)
        rect = self.rect.move(0, 3) if self.pressed else self.rect
        _plate(
            surface,
            rect,
            colour,
            min(24, rect.height // 3),
            0 if self.pressed else 6,
            PALETTE.accent_dark if self.selected else _edge(colour),
        )
        drawn.note(surface, "button", self.rect, self.label)
        size = fit_size(self.label, rect.width - 28, self.size, "sans-bold")
        blit_text(
            surface, self.label, rect.center, size, contrast(colour), "sans-bold", anchor="center"
        )


class ButtonRow:
    """Buttons that share press/release handling."""

    def __init__(self) -> None:
        self.buttons: list[Button] = []
        self._down: Button | None = None

    def add(self, button: Button) -> Button:
        self.buttons.append(button)
        return button

    def clear(self) -> None:
        self.buttons.clear()
        self._down = None

    def press(self, pos: tuple[float, float]) -> bool:
        """A finger lands: True when it landed on a button."""
        for button in reversed(self.buttons):
            if button.hit(pos):
                self._down = button
                button.pressed = True
                return True
        return False

    def release(self, pos: tuple[float, float]) -> bool:
        """The finger lifts: runs the button's action if still on it."""
        button, self._down = self._down, None
        if button is None:
            return False
        button.pressed = False
        if button.hit(pos):
            button.action()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        for button in self.buttons:
            button.draw(surface)
