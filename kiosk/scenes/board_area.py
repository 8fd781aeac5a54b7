"""Where the play scene draws the board: the whole canvas between the seat panels.

The board takes what the panels leave, centred (so it never sits closer to one
player than to the other), under the status line and, when the Menu row lies
under the board (three or four panels), above it. A narrower panel gives a
bigger board: rithmomachie's 16 × 8 squares reach 90 px once the panels leave
it 1516 px of width (:data:`WIDE_BOARD`).
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from kiosk.ui.theme import CANVAS

STATUS_LINE = 52
"""Room above the board for the game's status line."""
GAP = 16
"""Between a panel and the board."""
MENU_ROW = 100
"""The Menu and Rules buttons' row under the board (three or four panels)."""
WIDE_BOARD = pygame.Rect(202, 52, 1516, 1016)
"""The area a 16 × 8 board needs for 90 px squares at 1920 × 1080 (with its frame)."""


def board_area(panels: Iterable[pygame.Rect], menu_under: bool = False) -> pygame.Rect:
    """The largest centred rectangle of the canvas that no panel covers."""
    width, height = CANVAS
    left, right = 0, width
    top, bottom = STATUS_LINE, height - 12
    for rect in panels:
        if rect.right <= width // 2:
            left = max(left, rect.right)
        elif rect.left >= width // 2:
            right = min(right, rect.left)
        elif rect.bottom <= height // 2:
            top = max(top, rect.bottom + GAP)
        elif rect.top >= height // 2:
            bottom = min(bottom, rect.top - GAP)
    if menu_under:
        bottom = min(bottom, height - MENU_ROW)
    side = max(left, width - right) + GAP
    return pygame.Rect(side, top, width - 2 * side, bottom - top)
