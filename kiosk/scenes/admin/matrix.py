"""A physical board's cell matrix drawn on the screen: rows × cols squares in an area."""

from __future__ import annotations

from collections.abc import Iterator

import pygame

from drivers.sensorboard import Cell
from kiosk.ui.text import blit_text
from kiosk.ui.theme import PALETTE

LABELS = 30
"""Room for the column letters and row numbers, in pixels."""


def column_name(col: int) -> str:
    """A column as the game boards name theirs: a, b, c… from the left."""
    return chr(ord("a") + col) if col < 26 else str(col + 1)


def row_name(row: int, rows: int) -> str:
    """A row as most game boards number theirs: 1 on the near side (the electronics'
    last row, drawn at the bottom), counting away from the players."""
    return str(rows - row)


def square_name(cell: Cell, rows: int) -> str:
    """A cell named like a game's square, ``a1`` in the near left corner."""
    row, col = cell
    return column_name(col) + row_name(row, rows)


class Matrix:
    """Square cells as large as ``area`` allows, centred, with column letters and row numbers."""

    def __init__(self, area: pygame.Rect, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        room_w, room_h = area.width - LABELS, area.height - LABELS
        self.pitch = max(4, min(room_w // max(1, cols), room_h // max(1, rows), 110))
        width, height = self.pitch * cols, self.pitch * rows
        self.origin = (
            area.x + LABELS + (room_w - width) // 2,
            area.y + LABELS + (room_h - height) // 2,
        )
        self.frame = pygame.Rect(self.origin, (width, height))

    def rect(self, cell: Cell) -> pygame.Rect:
        """The square of ``cell`` (a small gap all round)."""
        row, col = cell
        gap = max(1, self.pitch // 14)
        return pygame.Rect(
            self.origin[0] + col * self.pitch + gap,
            self.origin[1] + row * self.pitch + gap,
            self.pitch - 2 * gap,
            self.pitch - 2 * gap,
        )

    def cells(self) -> Iterator[Cell]:
        for row in range(self.rows):
            for col in range(self.cols):
                yield (row, col)

    def draw_labels(self, canvas: pygame.Surface) -> None:
        """Column letters above, row numbers to the left, 1 on the near side (bottom)."""
        size = max(12, min(22, self.pitch // 2))
        every = 1 if self.pitch >= 28 else 2
        for col in range(0, self.cols, every):
            x = self.origin[0] + col * self.pitch + self.pitch // 2
            blit_text(
                canvas,
                column_name(col),
                (x, self.origin[1] - 6),
                size,
                PALETTE.ivory_dark,
                anchor="midbottom",
            )
        for row in range(0, self.rows, every):
            y = self.origin[1] + row * self.pitch + self.pitch // 2
            blit_text(
                canvas,
                row_name(row, self.rows),
                (self.origin[0] - 8, y),
                size,
                PALETTE.ivory_dark,
                anchor="midright",
            )

    def draw_back(self, canvas: pygame.Surface) -> None:
        """The board's wood under the cells."""
        pygame.draw.rect(canvas, PALETTE.wood_edge, self.frame.inflate(16, 16), border_radius=10)
        pygame.draw.rect(canvas, PALETTE.wood_dark, self.frame.inflate(6, 6), border_radius=6)
