"""The setup screen's buttons: labels wrapped whole inside them, rows laid out to fit.

A label never loses a letter: it wraps on up to two lines, and only when a
word is wider than the button does its font shrink, never below a readable
floor. A row of choices takes as many columns as keep every label whole.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from kiosk.ui.text import blit_text
from kiosk.ui.theme import PALETTE, contrast, font
from kiosk.ui.widgets import Button, rounded_panel

PAD_X = 16
"""Room kept free between a label and its button's sides."""
PAD_Y = 6
"""Room kept free above and below a label."""
SMALLEST = 20
"""The smallest label size, still read from a chair."""
LINE = 1.15
"""Line height, as a multiple of the font size."""
STYLE = "sans-bold"


GLUED = (":", ";", "!", "?", "»")
"""Marks a French line never starts with: they stay with the word before."""


def wrap(text: str, size: int, width: int, style: str = STYLE) -> list[str]:
    """Lines of ``text`` that fit in ``width``, breaking between words, never before a
    French colon, semicolon, exclamation or question mark."""
    words: list[str] = []
    for word in text.split():
        if words and word in GLUED:
            words[-1] = f"{words[-1]} {word}"
        elif words and words[-1] == "«":
            words[-1] = f"« {word}"
        else:
            words.append(word)
    face = font(size, style)
    lines: list[str] = []
    line = ""
    for word in words:
        candidate = f"{line} {word}".strip()
        if line and face.size(candidate)[0] > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return [*lines, line]


def fit_label(
    text: str, width: int, height: int, size: int, lines: int = 2, smallest: int = SMALLEST
) -> tuple[int, list[str]] | None:
    """The largest size (by steps of 2 from ``size`` down to ``smallest``) at which ``text``
    wraps on at most ``lines`` lines inside ``width`` × ``height``; ``None`` when none does."""
    for candidate in range(size, smallest - 1, -2):
        face = font(candidate, STYLE)
        wrapped = wrap(text, candidate, width, STYLE)
        if len(wrapped) > lines or block_height(candidate, len(wrapped)) > height:
            continue
        if all(face.size(line)[0] <= width for line in wrapped):
            return candidate, wrapped
    return None


def block_height(size: int, lines: int) -> int:
    """The height of ``lines`` lines of a label at ``size``, from the first's top to the
    last's bottom."""
    return round(size * LINE) * (lines - 1) + font(size, STYLE).get_height()


@dataclass
class LabelButton(Button):
    """A button whose label wraps whole inside it (see :func:`fit_label`)."""

    lines: list[str] = field(default_factory=list, init=False)
    text_size: int = field(default=SMALLEST, init=False)

    def __post_init__(self) -> None:
        inner = self.inner()
        fitted = fit_label(self.label, inner.width, inner.height, self.size)
        if fitted is None:  # too long even small: shown at the floor, a test says so
            fitted = SMALLEST, wrap(self.label, SMALLEST, inner.width, STYLE)
        self.text_size, self.lines = fitted

    def inner(self) -> pygame.Rect:
        """The part of the button a label may use."""
        return self.rect.inflate(-2 * PAD_X, -2 * PAD_Y)

    def text_rects(self) -> list[pygame.Rect]:
        """Where each line of the label is drawn (the button at rest)."""
        face = font(self.text_size, STYLE)
        step = round(self.text_size * LINE)
        top = self.rect.centery - block_height(self.text_size, len(self.lines)) // 2
        rects = []
        for number, line in enumerate(self.lines):
            rect = pygame.Rect((0, 0), face.size(line))
            rect.midtop = (self.rect.centerx, top + step * number)
            rects.append(rect)
        return rects

    def draw(self, surface: pygame.Surface) -> None:
        colour = PALETTE.gold if self.selected else self.colour
        if not self.enabled:
            colour = (150, 146, 138)
        shift = 3 if self.pressed else 0
        rounded_panel(
            surface,
            self.rect.move(0, shift),
            colour,
            radius=min(24, self.rect.height // 3),
            shadow=0 if self.pressed else 6,
            border=PALETTE.accent_dark if self.selected else None,
        )
        for line, rect in zip(self.lines, self.text_rects(), strict=True):
            blit_text(
                surface,
                line,
                (rect.centerx, rect.top + shift),
                self.text_size,
                contrast(colour),
                STYLE,
                anchor="midtop",
            )


def columns_for(labels: list[str], width: int, height: int, size: int, most: int = 5) -> int:
    """How many columns a row of ``labels`` takes in ``width``, the rows kept even.

    Each label on one line in at most two rows if it can be (at ``size`` or a little
    smaller), else on up to two lines in as few rows as can be; never more than ``most``.
    """
    count = len(labels)
    smallest = max(SMALLEST, size - 4)
    for lines, most_rows in ((1, 2), (2, count)):
        for rows in range(1, min(count, most_rows) + 1):
            columns = -(-count // rows)
            if columns > most:
                continue
            cell = (width - (columns - 1) * GAP) // columns
            if all(
                fit_label(label, cell - 2 * PAD_X, height - 2 * PAD_Y, size, lines, smallest)
                for label in labels
            ):
                return columns
    return 1


def spread(x: int, width: int, labels: list[str], size: int) -> list[pygame.Rect]:
    """Rectangles (height 0) side by side across ``width``, each as wide as its label
    needs on one line at ``size`` plus an even share of what is left; even widths when
    the labels do not fit so."""
    needs = [font(size, STYLE).size(label)[0] + 2 * PAD_X for label in labels]
    room = width - (len(labels) - 1) * GAP
    if sum(needs) > room:
        needs = [0] * len(labels)
    extra = (room - sum(needs)) // len(labels)
    rects = []
    for need in needs:
        rects.append(pygame.Rect(x, 0, need + extra, 0))
        x += need + extra + GAP
    return rects


GAP = 14
"""Space between two buttons of a row."""


def grid(
    x: int, y: int, width: int, count: int, columns: int, height: int
) -> list[pygame.Rect]:
    """``count`` button rectangles, ``columns`` across ``width``, from ``(x, y)`` down."""
    cell = (width - (columns - 1) * GAP) // columns
    return [
        pygame.Rect(
            x + (i % columns) * (cell + GAP), y + (i // columns) * (height + GAP), cell, height
        )
        for i in range(count)
    ]
