"""Where texts, buttons and panels land on the canvas, noted while a recorder listens.

The layout check (``kiosk/layout_check.py``) installs a :class:`Recorder`
for one frame; the drawing functions of ``kiosk/ui`` tell it what they draw
and where. With no recorder installed, each hook costs one test of a module
global: the kiosk itself never records.

Texts and panels drawn straight onto the canvas are noted as they are. A
picture drawn off the canvas and then blitted (a seat's panel, turned toward
its player) is declared with :func:`placed`, so that what is drawn into it is
noted where it will show. Anything else drawn off the canvas is not noted: it
is not on screen. A veil over the scene (a dialog) starts a new layer with
:func:`new_layer`: what lies below is covered on purpose.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

Box = tuple[int, int, int, int]
"""A rectangle as (x, y, width, height) on the canvas."""


@dataclass(frozen=True)
class Drawn:
    """One thing drawn: a line of ``text``, a ``button``, a ``panel``, the ``board``, or
    a ``mark`` no text may touch (the spinner)."""

    kind: str
    rect: Box
    """On the canvas; for a text, the box its ink covers."""
    text: str = ""
    size: int = 0
    """A text's font size, in canvas pixels."""
    layer: int = 0
    order: int = 0
    bounds: Box | None = None
    """The box the drawing code gave the text (a button's label, a wrapped paragraph)."""
    cut: bool = False
    """A paragraph whose last lines were dropped for want of room."""


class Recorder:
    """The things drawn on one canvas, in drawing order."""

    def __init__(self, canvas: pygame.Surface) -> None:
        self.canvas = canvas
        self.items: list[Drawn] = []
        self.layer = 0
        self._places: dict[int, Callable[[pygame.Rect], pygame.Rect]] = {}

    def clear(self) -> None:
        self.items.clear()
        self.layer = 0

    def where(self, surface: pygame.Surface, rect: pygame.Rect) -> pygame.Rect | None:
        """``rect`` of ``surface`` on the canvas (``None``: not shown)."""
        if surface is self.canvas:
            return pygame.Rect(rect)
        place = self._places.get(id(surface))
        return place(pygame.Rect(rect)) if place is not None else None

    def add(
        self,
        surface: pygame.Surface,
        kind: str,
        rect: pygame.Rect,
        text: str = "",
        size: int = 0,
        bounds: pygame.Rect | None = None,
        cut: bool = False,
    ) -> None:
        where = self.where(surface, rect)
        if where is None:
            return
        inside = self.where(surface, bounds) if bounds is not None else None
        self.items.append(
            Drawn(
                kind,
                _box(where),
                text,
                size,
                self.layer,
                len(self.items),
                _box(inside) if inside is not None else None,
                cut,
            )
        )


def _box(rect: pygame.Rect) -> Box:
    return (rect.x, rect.y, rect.width, rect.height)


_active: Recorder | None = None


def recording() -> bool:
    """True while a recorder listens (caches of drawn pictures then draw again)."""
    return _active is not None


@contextmanager
def recorder(canvas: pygame.Surface) -> Iterator[Recorder]:
    """Note what is drawn on ``canvas`` while the block runs."""
    global _active
    previous, _active = _active, Recorder(canvas)
    try:
        yield _active
    finally:
        _active = previous


def note_text(
    surface: pygame.Surface,
    image: pygame.Surface,
    rect: pygame.Rect,
    text: str,
    size: int,
    bounds: pygame.Rect | None = None,
    cut: bool = False,
) -> None:
    """A line of text blitted at ``rect``: its inked box is noted."""
    if _active is None or not text.strip():
        return
    ink = image.get_bounding_rect().move(rect.topleft)
    _active.add(surface, "text", ink, text, size, bounds, cut)


def note(surface: pygame.Surface, kind: str, rect: pygame.Rect, label: str = "") -> None:
    """A ``button``, a ``panel`` holding texts, the ``board`` or a ``mark``, drawn at
    ``rect``."""
    if _active is not None:
        _active.add(surface, kind, rect, label)


def new_layer() -> None:
    """A veil is drawn: what follows covers what was drawn before, on purpose."""
    if _active is not None:
        _active.layer += 1


def turned_rect(rect: pygame.Rect, size: tuple[int, int], turn: int) -> pygame.Rect:
    """``rect`` of a ``size`` picture once turned ``turn`` degrees anticlockwise
    (0, 90, 180 or 270, as ``pygame.transform.rotate`` turns it)."""
    width, height = size
    if turn == 90:
        return pygame.Rect(rect.y, width - rect.right, rect.height, rect.width)
    if turn == 180:
        return pygame.Rect(width - rect.right, height - rect.bottom, rect.width, rect.height)
    if turn == 270:
        return pygame.Rect(height - rect.bottom, rect.x, rect.height, rect.width)
    return pygame.Rect(rect)


@contextmanager
def placed(surface: pygame.Surface, at: tuple[int, int], turn: int = 0) -> Iterator[None]:
    """What is drawn into ``surface`` in the block shows at ``at`` on the canvas,
    the picture turned ``turn`` degrees anticlockwise."""
    if _active is None:
        yield
        return
    active, size = _active, surface.get_size()

    def place(rect: pygame.Rect) -> pygame.Rect:
        return turned_rect(rect, size, turn).move(at)

    active._places[id(surface)] = place
    try:
        yield
    finally:
        active._places.pop(id(surface), None)
