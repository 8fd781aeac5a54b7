"""The kiosk's notices: short messages over any screen, never over a board.

On a screen without a board they stand at the bottom, in the middle. Beside a
board they go into the room the scene leaves free (:mod:`kiosk.scenes.room`),
wrapped to its width, so no square, coordinate letter or panel is hidden.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from kiosk.ui.text import blit_paragraph, wrap
from kiosk.ui.theme import CANVAS, PALETTE, font
from kiosk.ui.widgets import rounded_panel

NOTICE_WIDTH = CANVAS[0] - 240
"""The widest a notice gets."""
SIZE, SMALL, PAD = 26, 22, 28


def _lines(text: str, width: int, room: pygame.Rect | None) -> tuple[list[str], int]:
    """The notice's lines and their size: three at most at the bottom of the screen; in a
    narrow room, a smaller size before more lines, and never a line cut off."""
    if room is None:
        return wrap(text, SIZE, width, "sans-bold")[:3], SIZE
    for size in (SIZE, SMALL):
        lines = wrap(text, size, width, "sans-bold")
        if len(lines) <= 4:
            return lines, size
    return lines, SMALL


def draw_notices(
    canvas: pygame.Surface, notices: Sequence[tuple[str, bool]], room: pygame.Rect | None
) -> list[pygame.Rect]:
    """``(text, warning)`` notices, the latest at the bottom; the rectangles drawn."""
    width = (room.width if room is not None else NOTICE_WIDTH) - 2 * PAD
    centre = room.centerx if room is not None else CANVAS[0] // 2
    y = room.bottom if room is not None else CANVAS[1] - 30
    drawn = []
    for text, warning in reversed(notices):
        lines, size = _lines(text, width, room)
        step = round(size * 1.25)
        used = max(font(size, "sans-bold").size(line)[0] for line in lines) + 2 * PAD
        rect = pygame.Rect(0, 0, used, len(lines) * step + 30)
        rect.midbottom = (centre, y)
        if room is not None and rect.top < room.top:
            break  # no room left for an older notice
        rounded_panel(canvas, rect, PALETTE.warning if warning else PALETTE.ivory, radius=20)
        blit_paragraph(
            canvas, "\n".join(lines), rect.inflate(-2 * PAD, -30), size, PALETTE.ink,
            "sans-bold", align="center",
        )
        drawn.append(rect)
        y = rect.top - 12
    return drawn
