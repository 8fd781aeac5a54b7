"""The canvas onto the screen: its size, its turn, and only the part that changed.

The kiosk draws on a 1920 × 1080 canvas. The screen is that canvas, or the
canvas turned a quarter (a panel whose native mode is portrait but hangs
landscape), or upside down. A frame presents only the part of the canvas that
changed (:meth:`kiosk.runtime.Kiosk.damage`): that part alone is turned,
copied onto the screen and handed to ``pygame.display.update``.

Fullscreen on a panel of the canvas's own size (the Pi's usual screen), the
screen is SDL's window surface, and ``update(rect)`` uploads that rect alone.
On any other panel, and in a desktop window, the screen is ``pygame.SCALED``
(a renderer scales it): there pygame uploads the whole picture at each
``update``, so only the turning and the copying are saved.
"""

from __future__ import annotations

import pygame

from kiosk.ui.theme import CANVAS


def screen_size(rotation: int) -> tuple[int, int]:
    """The logical screen: the canvas, or the canvas turned a quarter for 90 and 270."""
    return (CANVAS[1], CANVAS[0]) if rotation in (90, 270) else CANVAS


def screen_flags(windowed: bool, size: tuple[int, int] | None = None) -> int:
    """A resizable scaled window on a desktop; fullscreen on the Pi, scaled only when the
    panel's own size is not ``size`` (SDL's display must be initialised to know it)."""
    if windowed:
        return pygame.SCALED | pygame.RESIZABLE
    if size is not None and size in _desktop_sizes():
        return pygame.FULLSCREEN
    return pygame.SCALED | pygame.FULLSCREEN


def _desktop_sizes() -> list[tuple[int, int]]:
    try:
        return list(pygame.display.get_desktop_sizes())
    except pygame.error:
        return []


def rotate_in(rotation: int, x: float, y: float) -> tuple[float, float]:
    """Coordinates on the logical screen (see :func:`screen_size`) to canvas ones."""
    w, h = CANVAS
    if rotation == 180:
        return (w - x, h - y)
    if rotation == 90:
        return (y, h - x)
    if rotation == 270:
        return (w - y, x)
    return (x, y)


def screen_rect(rotation: int, area: pygame.Rect) -> pygame.Rect:
    """Where a rectangle of the canvas lands on the screen turned by ``rotation``."""
    w, h = CANVAS
    if rotation == 180:
        return pygame.Rect(w - area.right, h - area.bottom, area.width, area.height)
    if rotation == 90:
        return pygame.Rect(h - area.bottom, area.left, area.height, area.width)
    if rotation == 270:
        return pygame.Rect(area.top, w - area.right, area.height, area.width)
    return pygame.Rect(area)


def present(
    screen: pygame.Surface, frame: pygame.Surface, rotation: int,
    area: pygame.Rect | None = None,
) -> pygame.Rect:
    """``area`` of the canvas (all of it by default) onto the screen, turned clockwise by
    ``rotation`` degrees; the screen's rectangle that changed.

    A panel whose native mode is portrait (1080 x 1920) but hangs landscape takes
    90 or 270 and is filled exactly; 180 is a screen hung upside down.
    """
    whole = frame.get_rect()
    area = whole if area is None else area.clip(whole)
    part = frame if area == whole else frame.subsurface(area)
    target = screen_rect(rotation, area)
    if rotation in (90, 180, 270):
        part = pygame.transform.rotate(part, -rotation)
    screen.blit(part, target.topleft)
    return target
