"""Does every text of a frame show whole? Checks on what :mod:`kiosk.ui.drawn` noted.

The kiosk always draws the same 1920 × 1080 canvas. A 1280 × 720 screen
shows it scaled by two thirds; a portrait panel (1080 × 1920, ``rotation``
90 or 270) hung landscape shows it turned a quarter, filling it exactly. So
the places are the same on every screen; what changes is the size a text
reaches the eye at, checked against :data:`LEGIBLE`.

A text's panel is the smallest panel drawn before it, in the same layer, that
holds the text's centre or its start, or the button that holds its centre
(its label); with none, the screen. Nothing is drawn over the board.
A fault is a text that leaves its panel, its box or the screen, that was cut
short, that touches another text or a button, that crosses or lies under
another panel, or that is too small; a button that leaves its panel or
touches another button; a text, panel or button over the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from kiosk.ui.drawn import Box, Drawn, recorder, turned_rect
from kiosk.ui.theme import CANVAS

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

LEGIBLE = 13
"""Smallest text size, in pixels of the screen, that a visitor reads without effort."""
SLACK = 2
"""Pixels two things may share (antialiased edges, rounding) before they collide."""
HOLDERS = ("panel", "button")


@dataclass(frozen=True)
class Screen:
    """A screen the canvas is shown on, as ``kiosk/app.py`` shows it."""

    name: str
    size: tuple[int, int]
    rotation: int = 0
    """Clockwise, as the settings' ``rotation``."""

    @property
    def scale(self) -> float:
        width = self.size[1] if self.rotation in (90, 270) else self.size[0]
        return width / CANVAS[0]

    def place(self, box: Box) -> pygame.Rect:
        """Where ``box`` of the canvas shows on this screen."""
        rect = pygame.Rect(box)
        if self.rotation:
            rect = turned_rect(rect, CANVAS, (360 - self.rotation) % 360)
        if self.scale != 1:
            rect = pygame.Rect(
                round(rect.x * self.scale),
                round(rect.y * self.scale),
                round(rect.width * self.scale),
                round(rect.height * self.scale),
            )
        return rect


SCREENS = (
    Screen("1920 × 1080", (1920, 1080)),
    Screen("1280 × 720", (1280, 720)),
    Screen("portrait 1080 × 1920", (1080, 1920), 90),
)


@dataclass(frozen=True)
class Fault:
    """One text (or button) that does not show whole, and what it collides with."""

    what: str
    text: str
    rect: Box
    other: str = ""
    other_rect: Box | None = None

    def __str__(self) -> str:
        told = f"{self.what}: «{self.text}» at {_shown(self.rect)}"
        if self.other_rect is not None:
            told += f" / «{self.other}» at {_shown(self.other_rect)}"
        return told


def _shown(box: Box) -> str:
    x, y, w, h = box
    return f"({x}, {y}, {w}×{h})"


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    clip = a.clip(b)
    return clip.width > SLACK and clip.height > SLACK


def _inside(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.inflate(2 * SLACK, 2 * SLACK).contains(inner)


def _name(item: Drawn) -> str:
    return item.text or item.kind


def faults(items: Sequence[Drawn], screen: Screen = SCREENS[0]) -> list[Fault]:
    """Everything wrong with one frame's ``items`` on ``screen``."""
    rects = {item.order: screen.place(item.rect) for item in items}
    whole = pygame.Rect((0, 0), screen.size)
    holders = [item for item in items if item.kind in HOLDERS]
    boards = [item for item in items if item.kind == "board"]
    marks = [item for item in items if item.kind == "mark"]
    texts = [item for item in items if item.kind == "text"]
    buttons = [item for item in items if item.kind == "button"]
    found: list[Fault] = []

    def fault(what: str, item: Drawn, other: Drawn | None = None) -> None:
        found.append(
            Fault(
                what,
                _name(item),
                tuple(rects[item.order]),  # type: ignore[arg-type]
                _name(other) if other is not None else "",
                tuple(rects[other.order]) if other is not None else None,  # type: ignore[arg-type]
            )
        )

    def holder(item: Drawn) -> Drawn | None:
        rect = rects[item.order]
        starts = (rect.center, (rect.x + min(8, rect.width // 2), rect.centery))
        around = [
            h
            for h in holders
            if h.layer == item.layer
            and h.order < item.order
            and h is not item
            and any(
                rects[h.order].collidepoint(p) for p in starts[: 1 if h.kind == "button" else 2]
            )
        ]
        return min(
            around,
            key=lambda h: (rects[h.order].width * rects[h.order].height, -h.order),
            default=None,
        )

    cut: set[Box | None] = set()
    for text in texts:
        rect = rects[text.order]
        home = holder(text)
        if not _inside(rect, whole):
            fault("clipped by the screen", text)
        elif home is not None and not _inside(rect, rects[home.order]):
            fault(f"clipped by its {home.kind}", text, home)
        if text.bounds is not None and not _inside(rect, screen.place(text.bounds)):
            fault("wider than its box", text)
        if text.cut and text.bounds not in cut:
            cut.add(text.bounds)
            fault("cut short", text)
        if text.size * screen.scale < LEGIBLE - 0.01:
            fault(f"too small ({text.size * screen.scale:.0f} px)", text)
        for other in holders:
            if other.layer != text.layer or other is home or other.kind == "button":
                continue
            if not _overlap(rect, rects[other.order]):
                continue
            if home is not None and rects[other.order].contains(rects[home.order]):
                continue  # a panel around the text's own panel
            if other.order > text.order:
                fault(f"covered by a {other.kind}", text, other)
            else:
                fault(f"runs into a {other.kind}", text, other)
        for mark in marks:
            if mark.layer == text.layer and _overlap(rect, rects[mark.order]):
                fault("overlaps a mark", text, mark)
        for button in buttons:
            if (
                button.layer == text.layer
                and button is not home
                and _overlap(rect, rects[button.order])
            ):
                fault("overlaps a button", text, button)
    for board in boards:
        for item in texts + holders:
            rect = rects[item.order]
            if item.layer != board.layer or rect.contains(rects[board.order]):
                continue
            if _overlap(rect, rects[board.order]):
                if board.order > item.order:
                    fault(f"{item.kind} under the board", item, board)
                else:
                    fault(f"{item.kind} over the board", item, board)
    for a, b in _pairs(texts):
        if a.layer == b.layer and _overlap(rects[a.order], rects[b.order]):
            fault("overlaps a text", a, b)
    for button in buttons:
        home = holder(button)
        rect = rects[button.order]
        if not _inside(rect, whole):
            fault("button off the screen", button)
        elif home is not None and home.kind != "button" and not _inside(rect, rects[home.order]):
            fault(f"button clipped by its {home.kind}", button, home)
    for a, b in _pairs(buttons):
        if a.layer == b.layer and _overlap(rects[a.order], rects[b.order]):
            fault("button overlaps a button", a, b)
    return found


def _pairs(items: Sequence[Drawn]) -> Iterable[tuple[Drawn, Drawn]]:
    for i, a in enumerate(items):
        for b in items[i + 1 :]:
            yield a, b


def drawn_frame(kiosk: Kiosk) -> list[Drawn]:
    """What the kiosk's next frame draws (its notices left out: they come and go)."""
    kiosk.notices.clear()
    with recorder(kiosk.canvas) as notes:
        kiosk.draw()
    return notes.items


def frame_faults(kiosk: Kiosk, screens: Sequence[Screen] = SCREENS) -> dict[str, list[Fault]]:
    """The faults of the kiosk's next frame, screen by screen."""
    items = drawn_frame(kiosk)
    return {screen.name: faults(items, screen) for screen in screens}
