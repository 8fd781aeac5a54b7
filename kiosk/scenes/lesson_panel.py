"""The lesson's side panel: title, step dots, the step's text, "À vous !", feedback."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from kiosk.ui.text import blit_paragraph, blit_text, fit_size, wrap
from kiosk.ui.theme import PALETTE, font
from kiosk.ui.widgets import rounded_panel

TEXT_SIZE = 36
NOTE_SIZE = 26


@dataclass
class StepView:
    """What the panel shows for the current step (already in the visitor's language)."""

    game: str
    title: str
    index: int
    count: int
    text: str
    asking: bool = False
    heading: str = ""
    praise: str = ""
    warning: str = ""
    hint: str = ""
    board_line: str = ""
    call: str = ""
    """In the attract mode: the call to touch the screen."""
    legend: list[tuple[tuple[int, int, int], str]] = field(default_factory=list)
    """The mark colours this step uses, with what they mean."""
    legend_y: int = 0


def draw_lesson_panel(
    canvas: pygame.Surface, rect: pygame.Rect, view: StepView, clock: float
) -> None:
    rounded_panel(canvas, rect, PALETTE.ivory, radius=28, border=PALETTE.gold)
    x, width = rect.x + 36, rect.width - 72
    y = rect.y + 28
    blit_text(canvas, view.game.upper(), (x, y), 24, PALETTE.accent_dark, "sans-bold")
    y += 40
    size = fit_size(view.title, width, 46, "serif-bold", smallest=30)
    for line in wrap(view.title, size, width, "serif-bold")[:2]:
        blit_text(canvas, line, (x, y), size, PALETTE.ink, "serif-bold")
        y += round(size * 1.15)
    y += 10
    y = _draw_dots(canvas, x, y, view.index, view.count) + 22
    if view.heading:
        pulse = 0.5 + 0.5 * math.sin(clock * 4)
        badge = pygame.Rect(x, y, 220, 56)
        glow = tuple(round(c + (255 - c) * 0.25 * pulse) for c in PALETTE.accent)
        pygame.draw.rect(canvas, glow, badge, border_radius=28)
        blit_text(canvas, view.heading, badge.center, 32, PALETTE.ivory, "sans-bold", "center")
        y += 76
    used = blit_paragraph(
        canvas, view.text, pygame.Rect(x, y, width, 8 * round(TEXT_SIZE * 1.3)), TEXT_SIZE,
        PALETTE.ink, spacing=1.3,
    )
    y += used + 24
    bottom = rect.bottom - 250
    for text, colour, ink in (
        (view.praise, PALETTE.legal, PALETTE.ink),
        (view.warning, PALETTE.warning, PALETTE.ink),
        (view.hint, PALETTE.calm, PALETTE.ivory),
        (view.board_line, PALETTE.gold, PALETTE.ink),
    ):
        if text and y < bottom - 40:
            y = _note(canvas, pygame.Rect(x - 12, y, width + 24, bottom - y), text, colour, ink)
    if view.legend and view.legend_y:
        _draw_legend(canvas, x, view.legend_y, width, view.legend)
    if view.call:
        call = pygame.Rect(rect.x + 24, rect.bottom - 130, rect.width - 48, 100)
        pygame.draw.rect(canvas, PALETTE.accent, call, border_radius=24)
        blit_text(canvas, view.call, call.center, fit_size(view.call, call.width - 40, 36,
                  "sans-bold"), PALETTE.ivory, "sans-bold", "center")


def _draw_legend(
    canvas: pygame.Surface, x: int, y: int, width: int,
    legend: list[tuple[tuple[int, int, int], str]],
) -> None:
    """Small coloured squares with their meaning, on one line (two when long)."""
    size = 22
    cx = x
    for colour, label in legend:
        item = 30 + font(size).size(label)[0] + 26
        if cx + item > x + width:
            cx, y = x, y + 34
        box = pygame.Rect(cx, y, 22, 22)
        pygame.draw.rect(canvas, colour, box, border_radius=5)
        pygame.draw.rect(canvas, PALETTE.ink, box, 2, border_radius=5)
        blit_text(canvas, label, (cx + 30, y + 11), size, PALETTE.ink, "sans", "midleft")
        cx += item


def _draw_dots(canvas: pygame.Surface, x: int, y: int, index: int, count: int) -> int:
    """One dot per step: done in gold, the current one ringed, the rest faint."""
    radius, gap = 11, 34
    for i in range(count):
        centre = (x + radius + i * gap, y + radius)
        if i < index:
            pygame.draw.circle(canvas, PALETTE.gold, centre, radius)
        elif i == index:
            pygame.draw.circle(canvas, PALETTE.accent, centre, radius)
            pygame.draw.circle(canvas, PALETTE.accent_dark, centre, radius + 4, 3)
        else:
            pygame.draw.circle(canvas, PALETTE.ivory_dark, centre, radius)
            pygame.draw.circle(canvas, (190, 176, 150), centre, radius, 2)
    return y + 2 * radius


def _note(
    canvas: pygame.Surface, room: pygame.Rect, text: str, colour: tuple[int, int, int],
    ink: tuple[int, int, int],
) -> int:
    """A coloured box sized to ``text`` (within ``room``); the y below it."""
    lines = len(wrap(text, NOTE_SIZE, room.width - 36, "sans-bold"))
    height = min(room.height, lines * round(NOTE_SIZE * 1.2) + 28)
    box = pygame.Rect(room.x, room.y, room.width, height)
    pygame.draw.rect(canvas, colour, box, border_radius=18)
    blit_paragraph(canvas, text, box.inflate(-36, -28), NOTE_SIZE, ink, "sans-bold", spacing=1.2)
    return box.bottom + 14
