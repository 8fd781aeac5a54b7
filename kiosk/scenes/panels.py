"""A seat's panel beside the board, turned toward the player who sits there."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from kiosk.ui.text import blit_paragraph, blit_text, fit_size
from kiosk.ui.theme import CANVAS, PALETTE, Colour
from kiosk.ui.widgets import Button, ButtonRow, rounded_panel

LEFT, RIGHT = 20, 1500
"""Left edges of the panel columns either side of the board."""
COLUMN_W = 400


@dataclass
class PanelContent:
    name: str
    controller: str
    colour: Colour
    to_move: bool = False
    thinking: bool = False
    headline: str = ""
    lines: list[str] = field(default_factory=list)
    message: str = ""
    message_is_warning: bool = False


class SeatPanel:
    """A rectangle of the canvas, drawn upright or turned 180° for the far side."""

    def __init__(self, rect: pygame.Rect, turned: bool) -> None:
        self.rect = pygame.Rect(rect)
        self.turned = turned
        self.buttons = ButtonRow()
        self._surface = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        self._image: pygame.Surface | None = None
        self._key: object = None

    def to_local(self, pos: tuple[float, float]) -> tuple[float, float]:
        x, y = pos[0] - self.rect.x, pos[1] - self.rect.y
        if self.turned:
            return (self.rect.width - x, self.rect.height - y)
        return (x, y)

    def contains(self, pos: tuple[float, float]) -> bool:
        return self.rect.collidepoint(pos)

    def set_buttons(self, buttons: list[Button]) -> None:
        """Buttons in panel coordinates, stacked from the panel's bottom."""
        self.buttons.clear()
        for button in buttons:
            self.buttons.add(button)

    def layout_buttons(
        self, actions: list[tuple[str, object, Colour]], rows_from_bottom: int = 0
    ) -> list[Button]:
        """Full-width buttons from the bottom up, two per row when labels are short."""
        width = self.rect.width - 40
        buttons: list[Button] = []
        y = self.rect.height - 20 - 84
        for label, action, colour in actions:
            buttons.append(Button(pygame.Rect(20, y, width, 84), label, action, colour, size=30))  # type: ignore[arg-type]
            y -= 96
        return buttons

    def draw(self, canvas: pygame.Surface, content: PanelContent, clock: float) -> None:
        """Blit the panel, redrawn only when its content, buttons or spinner step change."""
        buttons = tuple((b.label, b.pressed, b.selected, b.enabled) for b in self.buttons.buttons)
        key = (repr(content), buttons, int(clock * 12) if content.thinking else 0)
        if key != self._key or self._image is None:
            self._image = self._render(content, clock)
            self._key = key
        canvas.blit(self._image, self.rect.topleft)

    def _render(self, content: PanelContent, clock: float) -> pygame.Surface:
        surface = self._surface
        surface.fill((0, 0, 0, 0))
        rect = surface.get_rect()
        border = PALETTE.gold if content.to_move else None
        rounded_panel(
            surface,
            rect.inflate(-8, -8),
            PALETTE.ivory if content.to_move else PALETTE.ivory_dark,
            radius=26,
            shadow=0,
            border=border,
        )
        pygame.draw.circle(surface, content.colour, (58, 62), 30)
        pygame.draw.circle(surface, PALETTE.ink, (58, 62), 30, 3)
        size = fit_size(content.name, rect.width - 130, 38, "serif-bold")
        blit_text(surface, content.name, (104, 36), size, PALETTE.ink, "serif-bold")
        blit_text(surface, content.controller, (106, 84), 22, PALETTE.accent_dark, "sans-bold")
        y = 122
        if content.thinking:
            dots = "." * (1 + int(clock * 3) % 3)
            blit_text(surface, content.headline + dots, (28, y), 30, PALETTE.calm, "sans-bold")
            self._spinner(surface, (rect.width - 50, y + 16), clock)
            y += 46
        elif content.headline:
            colour = PALETTE.accent if content.to_move else PALETTE.ink
            blit_text(surface, content.headline, (28, y), 30, colour, "sans-bold")
            y += 46
        for line in content.lines:
            blit_text(surface, line, (28, y), 26, PALETTE.ink)
            y += 36
        if content.message:
            box = pygame.Rect(20, y + 6, rect.width - 40, 150)
            colour = PALETTE.warning if content.message_is_warning else PALETTE.calm
            pygame.draw.rect(surface, colour, box, border_radius=16)
            blit_paragraph(
                surface,
                content.message,
                box.inflate(-24, -20),
                24,
                PALETTE.ivory if not content.message_is_warning else PALETTE.ink,
                "sans-bold",
                spacing=1.15,
            )
        self.buttons.draw(surface)
        return pygame.transform.rotate(surface, 180) if self.turned else surface.copy()

    @staticmethod
    def _spinner(surface: pygame.Surface, centre: tuple[int, int], clock: float) -> None:
        for i in range(8):
            angle = clock * 5 + i * math.tau / 8
            alpha = 60 + 190 * (i / 7)
            x = centre[0] + 16 * math.cos(angle)
            y = centre[1] + 16 * math.sin(angle)
            pygame.draw.circle(surface, (*PALETTE.calm, round(alpha)), (round(x), round(y)), 5)


def seat_panels(seats: int, facing: bool) -> list[SeatPanel]:
    """Panels for up to four seats: bottom right, top left (turned when facing), …"""
    half = (CANVAS[1] - 60) // 2
    top = pygame.Rect(0, 20, COLUMN_W, half)
    bottom = pygame.Rect(0, 40 + half, COLUMN_W, half)
    spots = [
        (bottom.move(RIGHT, 0), False),
        (top.move(LEFT, 0), facing),
        (bottom.move(LEFT, 0), False),
        (top.move(RIGHT, 0), facing),
    ]
    return [SeatPanel(rect, turned) for rect, turned in spots[: min(seats, 4)]]
