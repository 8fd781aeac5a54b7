"""The hidden way in: a long press on an area, with a ring that fills while it is held.

Visitors never see a button. An owner holds a finger on the home screen's
title; after :data:`SHOW_AFTER` seconds a ring appears and fills, and at
:data:`HOLD` seconds the gesture is done. Lifting the finger or sliding off
the area before that cancels it.
"""

from __future__ import annotations

import math

import pygame

from kiosk.ui.theme import PALETTE

HOLD = 3.0
"""Seconds a finger must stay on the area."""
SHOW_AFTER = 1.0
"""Seconds before the ring appears (a tap or a brief touch shows nothing)."""
SLACK = 40
"""Pixels a finger may drift outside the area without cancelling."""
RING_RADIUS = 34
RING_WIDTH = 9


class LongPress:
    """A finger held on ``area`` for ``hold`` seconds, timed by :meth:`update`."""

    def __init__(self, area: pygame.Rect, hold: float = HOLD, show_after: float = SHOW_AFTER):
        self.area = area
        self.hold = hold
        self.show_after = show_after
        self.held: float | None = None
        """Seconds the finger has been down on the area (``None``: no press)."""

    def down(self, pos: tuple[float, float]) -> bool:
        """A finger lands: True (and the timing starts) when it is on the area."""
        if self.area.collidepoint(pos):
            self.held = 0.0
            return True
        self.held = None
        return False

    def move(self, pos: tuple[float, float]) -> None:
        if self.held is not None and not self.area.inflate(2 * SLACK, 2 * SLACK).collidepoint(pos):
            self.held = None

    def up(self) -> bool:
        """The finger lifts: True when it was a press on the area (now cancelled)."""
        was = self.held is not None
        self.held = None
        return was

    def update(self, dt: float) -> bool:
        """Advance time; True once, when the press has lasted long enough."""
        if self.held is None:
            return False
        self.held += dt
        if self.held >= self.hold:
            self.held = None
            return True
        return False

    @property
    def progress(self) -> float | None:
        """How full the ring is, 0 to 1 (``None`` while it is not shown)."""
        if self.held is None or self.held < self.show_after:
            return None
        return min(1.0, (self.held - self.show_after) / (self.hold - self.show_after))

    def draw(self, canvas: pygame.Surface, centre: tuple[int, int]) -> None:
        """The ring at ``centre``, if it is shown."""
        progress = self.progress
        if progress is not None:
            draw_ring(canvas, centre, progress)


def draw_ring(canvas: pygame.Surface, centre: tuple[int, int], progress: float) -> None:
    """A ring filling clockwise from the top: a faint track and a gold arc."""
    size = 2 * (RING_RADIUS + 2)
    ring = pygame.Surface((size, size), pygame.SRCALPHA)
    middle = (size // 2, size // 2)
    pygame.draw.circle(ring, (*PALETTE.ivory, 90), middle, RING_RADIUS)
    if progress > 0:
        steps = max(2, round(72 * progress))
        points = [middle] + [
            (
                middle[0] + RING_RADIUS * math.sin(2 * math.pi * progress * i / steps),
                middle[1] - RING_RADIUS * math.cos(2 * math.pi * progress * i / steps),
            )
            for i in range(steps + 1)
        ]
        pygame.draw.polygon(ring, (*PALETTE.gold, 255), points)
    pygame.draw.circle(ring, (0, 0, 0, 0), middle, RING_RADIUS - RING_WIDTH)
    canvas.blit(ring, (centre[0] - size // 2, centre[1] - size // 2))
