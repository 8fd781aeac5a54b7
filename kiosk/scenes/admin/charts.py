"""Charts drawn with pygame alone: columns, horizontal bars, stacked bars.

Each function draws one chart in a card (``rect``) from plain lists, so the
charts know nothing of where the figures come from. Text is given already
translated; an empty or all-zero chart says ``empty`` instead of drawing axes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from kiosk.ui.text import blit_text, fit_size
from kiosk.ui.theme import PALETTE, Colour, contrast
from kiosk.ui.widgets import rounded_panel

PAD = 28
TITLE = 32
GRID: Colour = (200, 188, 164)


@dataclass(frozen=True)
class Bar:
    """One bar of a horizontal bar chart: a label, a value, and a note after the bar."""

    label: str
    value: float
    note: str = ""


@dataclass(frozen=True)
class Stack:
    """One stacked bar: a label and its parts, in the order of the legend."""

    label: str
    parts: tuple[int, ...]


def nice_top(value: float) -> int:
    """The smallest 1, 2 or 5 × 10ⁿ at least ``value`` (at least 1): the axis's end."""
    top = 1
    while True:
        for factor in (1, 2, 5):
            if top * factor >= value:
                return top * factor
        top *= 10


def _card(canvas: pygame.Surface, rect: pygame.Rect, title: str) -> pygame.Rect:
    """The card and its title; the room left for the chart."""
    rounded_panel(canvas, rect, PALETTE.ivory, radius=22)
    size = fit_size(title, rect.width - 2 * PAD, TITLE, "serif-bold")
    blit_text(canvas, title, (rect.x + PAD, rect.y + 20), size, PALETTE.ink, "serif-bold")
    top = rect.y + 20 + size + 18
    return pygame.Rect(rect.x + PAD, top, rect.width - 2 * PAD, rect.bottom - PAD - top)


def _empty(canvas: pygame.Surface, room: pygame.Rect, text: str) -> None:
    blit_text(canvas, text, room.center, 30, PALETTE.wood_dark, "sans-bold", anchor="center")


def column_chart(
    canvas: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    labels: Sequence[str],
    values: Sequence[int],
    empty: str,
    colour: Colour = PALETTE.accent,
) -> None:
    """Vertical bars with their labels under them (a label may hold two lines)."""
    room = _card(canvas, rect, title)
    if not values or max(values) <= 0:
        _empty(canvas, room, empty)
        return
    top = nice_top(max(values))
    axis_w = 44
    label_h = 58
    plot = pygame.Rect(
        room.x + axis_w, room.y + 24, room.width - axis_w, room.height - label_h - 24
    )
    for tick in (0, top // 2, top) if top >= 2 else (0, top):
        y = plot.bottom - plot.height * tick / top
        pygame.draw.line(canvas, GRID, (plot.x, y), (plot.right, y), 2)
        blit_text(canvas, str(tick), (plot.x - 10, y), 20, PALETTE.wood_dark, anchor="midright")
    pitch = plot.width / len(values)
    width = max(4, int(pitch * 0.7))
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        x = plot.x + pitch * i + (pitch - width) / 2
        height = plot.height * value / top
        if value:
            bar = pygame.Rect(round(x), round(plot.bottom - height), width, round(height))
            pygame.draw.rect(
                canvas, colour, bar, border_top_left_radius=6, border_top_right_radius=6
            )
            blit_text(
                canvas,
                str(value),
                (bar.centerx, bar.top - 4),
                20,
                PALETTE.ink,
                "sans-bold",
                anchor="midbottom",
            )
        for line_no, line in enumerate(label.split("\n")[:2]):
            size = fit_size(line, int(pitch) - 2, 20, "sans", smallest=12)
            blit_text(
                canvas,
                line,
                (x + width / 2, plot.bottom + 6 + line_no * 24),
                size,
                PALETTE.ink,
                anchor="midtop",
            )


def bar_chart(
    canvas: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    bars: Sequence[Bar],
    empty: str,
    note_title: str = "",
    colour: Colour = PALETTE.calm,
) -> None:
    """Horizontal bars, one row each: the label, the bar and its value, the note at the right.

    ``note_title`` heads the column of notes.
    """
    room = _card(canvas, rect, title)
    if not bars or max(b.value for b in bars) <= 0:
        _empty(canvas, room, empty)
        return
    top = max(b.value for b in bars)
    label_w = min(240, room.width // 3)
    note_w = 130 if any(b.note for b in bars) else 0
    value_w = 64
    if note_title and note_w:
        blit_text(
            canvas, note_title, (room.right, room.y), 20, PALETTE.wood_dark, anchor="topright"
        )
        room = pygame.Rect(room.x, room.y + 30, room.width, room.height - 30)
    pitch = min(72, room.height / len(bars))
    thickness = max(10, int(pitch * 0.5))
    room_w = room.width - label_w - note_w - value_w
    for i, bar in enumerate(bars):
        y = room.y + pitch * i + pitch / 2
        if i % 2:
            band = pygame.Rect(room.x - 10, round(y - pitch / 2), room.width + 20, round(pitch))
            pygame.draw.rect(canvas, PALETTE.ivory_dark, band, border_radius=8)
        size = fit_size(bar.label, label_w - 12, 26, "sans-bold", smallest=14)
        blit_text(canvas, bar.label, (room.x, y), size, PALETTE.ink, "sans-bold", anchor="midleft")
        length = max(4, round(room_w * bar.value / top)) if bar.value else 0
        shape = pygame.Rect(room.x + label_w, round(y - thickness / 2), length, thickness)
        if length:
            pygame.draw.rect(canvas, colour, shape, border_radius=6)
        blit_text(
            canvas,
            f"{bar.value:g}",
            (shape.right + 10, y),
            24,
            PALETTE.ink,
            "sans-bold",
            anchor="midleft",
        )
        if bar.note:
            note_size = fit_size(bar.note, note_w - 8, 24, "sans", smallest=14)
            blit_text(canvas, bar.note, (room.right, y), note_size, PALETTE.ink, anchor="midright")


def stacked_chart(
    canvas: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    stacks: Sequence[Stack],
    legend: Sequence[str],
    colours: Sequence[Colour],
    empty: str,
) -> None:
    """Horizontal stacked bars (lengths to the largest total), counts in the parts, a legend."""
    room = _card(canvas, rect, title)
    totals = [sum(s.parts) for s in stacks]
    if not stacks or max(totals) <= 0:
        _empty(canvas, room, empty)
        return
    legend_h = 44
    x = room.x
    for name, colour in zip(legend, colours, strict=True):
        swatch = pygame.Rect(x, room.y + 4, 28, 28)
        pygame.draw.rect(canvas, colour, swatch, border_radius=6)
        label = blit_text(
            canvas, name, (swatch.right + 10, swatch.centery), 22, PALETTE.ink, anchor="midleft"
        )
        x = label.right + 32
    chart = pygame.Rect(room.x, room.y + legend_h, room.width, room.height - legend_h)
    label_w = min(220, chart.width // 4)
    total_w = 80
    room_w = chart.width - label_w - total_w
    pitch = min(80, chart.height / len(stacks))
    thickness = max(12, int(pitch * 0.6))
    largest = max(totals)
    for i, (stack, total) in enumerate(zip(stacks, totals, strict=True)):
        y = chart.y + pitch * i + pitch / 2
        size = fit_size(stack.label, label_w - 12, 26, "sans-bold", smallest=14)
        blit_text(
            canvas, stack.label, (chart.x, y), size, PALETTE.ink, "sans-bold", anchor="midleft"
        )
        left = chart.x + label_w
        for part, colour in zip(stack.parts, colours, strict=True):
            if not part:
                continue
            length = max(4, round(room_w * part / largest))
            piece = pygame.Rect(left, round(y - thickness / 2), length, thickness)
            pygame.draw.rect(canvas, colour, piece)
            if length >= 36:
                blit_text(
                    canvas,
                    str(part),
                    piece.center,
                    22,
                    contrast(colour),
                    "sans-bold",
                    anchor="center",
                )
            left += length
        blit_text(
            canvas, str(total), (left + 12, y), 24, PALETTE.ink, "sans-bold", anchor="midleft"
        )
