"""Procedural wood: a frame with grain, drawn once and cached by the board view."""

from __future__ import annotations

import math
import random

import pygame

from kiosk.ui.theme import PALETTE, Colour


def wood_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    seed: int = 0,
    base: Colour = PALETTE.wood_dark,
    radius: int = 18,
) -> None:
    """A rounded panel of wood with grain lines and a bevelled edge."""
    rng = random.Random(seed)
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    panel.fill(base)
    r, g, b = base
    for _ in range(max(20, rect.height // 6)):
        y0 = rng.uniform(0, rect.height)
        amplitude = rng.uniform(2, 9)
        wavelength = rng.uniform(180, 520)
        phase = rng.uniform(0, math.tau)
        tone = rng.uniform(-0.16, 0.12)
        colour = (
            max(0, min(255, round(r * (1 + tone)))),
            max(0, min(255, round(g * (1 + tone)))),
            max(0, min(255, round(b * (1 + tone)))),
        )
        points = [
            (x, y0 + amplitude * math.sin(phase + x / wavelength * math.tau))
            for x in range(0, rect.width + 24, 24)
        ]
        if len(points) >= 2:
            pygame.draw.lines(panel, colour, False, points, rng.choice((1, 2, 3)))
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    panel.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    shadow = pygame.Surface((rect.width + 24, rect.height + 24), pygame.SRCALPHA)
    pygame.draw.rect(
        shadow, (0, 0, 0, 90), shadow.get_rect().inflate(-12, -12), border_radius=radius + 6
    )
    surface.blit(shadow, (rect.x - 6, rect.y + 4))
    surface.blit(panel, rect.topleft)
    pygame.draw.rect(surface, PALETTE.wood_edge, rect, 3, border_radius=radius)
