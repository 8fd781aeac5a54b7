"""The lesson's side panel: title, step dots, the step's text, "À vous !", feedback."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from kiosk.ui import drawn
from kiosk.ui.text import MIN_TEXT, Fitted, blit_lines, blit_text, fit_paragraph, fit_size, wrap
from kiosk.ui.theme import PALETTE, font
from kiosk.ui.widgets import rounded_panel

SIZES = ((36, 26), (34, 26), (32, 24), (30, 24), (28, 22), (26, 22), (24, 20), (22, 20))
"""Sizes of the step's text and of its notes, tried in turn until they fit."""
PAGE_SECONDS = 8.0
"""How long a page of a step's text too long for the panel stays."""


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
    """The panel; the step's text and its notes share the room above the buttons
    (``rect.bottom - 250``), in smaller type when they need it, the text page after
    page when even the smallest will not hold it beside the notes."""
    rounded_panel(canvas, rect, PALETTE.ivory, radius=28, border=PALETTE.gold)
    x, width = rect.x + 36, rect.width - 72
    y = rect.y + 28
    game = view.game.upper()
    blit_text(canvas, game, (x, y), fit_size(game, width, 24, "sans-bold"), PALETTE.accent_dark,
              "sans-bold")
    y += 40
    y = _title(canvas, view.title, x, y, width) + 10
    y = _draw_dots(canvas, x, y, view.index, view.count) + 22
    if view.heading:
        pulse = 0.5 + 0.5 * math.sin(clock * 4)
        size = fit_size(view.heading, width - 48, 32, "sans-bold")
        badge = pygame.Rect(x, y, max(220, font(size, "sans-bold").size(view.heading)[0] + 48), 56)
        glow = tuple(round(c + (255 - c) * 0.25 * pulse) for c in PALETTE.accent)
        pygame.draw.rect(canvas, glow, badge, border_radius=28)
        drawn.note(canvas, "panel", badge)
        blit_text(canvas, view.heading, badge.center, size, PALETTE.ivory, "sans-bold", "center")
        y += 76
    notes = [
        (text, colour, ink)
        for text, colour, ink in (
            (view.praise, PALETTE.legal, PALETTE.ink),
            (view.warning, PALETTE.warning, PALETTE.ink),
            (view.hint, PALETTE.calm, PALETTE.ivory),
            (view.board_line, PALETTE.gold, PALETTE.ink),
        )
        if text
    ]
    body, fitted = _fit_body(view.text, [n[0] for n in notes], width, rect.bottom - 250 - y)
    page = int(clock / PAGE_SECONDS) % len(body.pages)
    used = blit_lines(canvas, body.pages[page], pygame.Rect(x, y, width, body.height), body.size,
                      PALETTE.ink, step=body.step)
    if len(body.pages) > 1:
        blit_text(canvas, f"{page + 1}/{len(body.pages)}", (x + width, y + body.height + 4),
                  MIN_TEXT, PALETTE.accent_dark, "sans-bold", "topright")
        used = body.height + MIN_TEXT + 8
    y += used + 24
    for (_, colour, ink), note in zip(notes, fitted, strict=True):
        y = _note(canvas, pygame.Rect(x - 12, y, width + 24, note.height + 28), note, colour, ink)
    if view.legend and view.legend_y:
        _draw_legend(canvas, x, view.legend_y, width, view.legend)
    if view.call:
        call = pygame.Rect(rect.x + 24, rect.bottom - 130, rect.width - 48, 100)
        pygame.draw.rect(canvas, PALETTE.accent, call, border_radius=24)
        drawn.note(canvas, "panel", call)
        blit_text(canvas, view.call, call.center, fit_size(view.call, call.width - 40, 36,
                  "sans-bold"), PALETTE.ivory, "sans-bold", "center")


def _title(canvas: pygame.Surface, title: str, x: int, y: int, width: int) -> int:
    """The lesson's title on one or two lines (three in the smallest type); the y below."""
    for size in range(46, 29, -2):
        lines = wrap(title, size, width, "serif-bold")
        if len(lines) <= 2:
            break
    step = round(size * 1.15)
    blit_lines(canvas, lines, pygame.Rect(x, y, width, step * len(lines)), size, PALETTE.ink,
               "serif-bold", step)
    return y + step * len(lines)


def _fit_body(text: str, notes: list[str], width: int, room: int) -> tuple[Fitted, list[Fitted]]:
    """The step's text and the notes, at the largest sizes that hold them all in
    ``room``; at the smallest, the text goes page by page in what the notes leave."""
    whole = 10_000
    for text_size, note_size in SIZES:
        fitted = [fit_paragraph(n, width - 36, whole, note_size, "sans-bold") for n in notes]
        notes_h = sum(f.height + 28 + 14 for f in fitted)
        body = fit_paragraph(text, width, whole, text_size, spacing=1.3)
        if body.height + 24 + notes_h <= room:
            return body, fitted
    left = max(room - 24 - notes_h - MIN_TEXT - 8, round(MIN_TEXT * 1.3) * 2)
    return fit_paragraph(text, width, left, MIN_TEXT + 2, spacing=1.3), fitted


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
    canvas: pygame.Surface, box: pygame.Rect, note: Fitted, colour: tuple[int, int, int],
    ink: tuple[int, int, int],
) -> int:
    """A coloured box holding ``note``; the y below it."""
    pygame.draw.rect(canvas, colour, box, border_radius=18)
    drawn.note(canvas, "panel", box)
    text = pygame.Rect(box.x + 18, box.y + 14, box.width - 36, note.height)
    blit_lines(canvas, note.pages[0], text, note.size, ink, "sans-bold", note.step)
    return box.bottom + 14
