"""Room left free beside a board: where a notice or a caption goes without covering it.

A scene that shows a board (a game, a demonstration) keeps clear its board, its
players' panels and its buttons; what is left are stretches of the columns
beside the board. :func:`free_room` finds the tallest of them, so a notice ("le
sort désigne qui commence") or the demonstration's caption never hides a square,
a coordinate letter or a panel, whatever the seating of the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pygame

from kiosk.ui.theme import CANVAS

MARGIN = 20
"""Space kept between the room and what it must not cover, and from the screen's edge."""
SMALLEST = (300, 120)
"""A room smaller than this is no room at all (width, height)."""


def _rects(items: Iterable[Any]) -> list[pygame.Rect]:
    return [item.rect for item in items if isinstance(getattr(item, "rect", None), pygame.Rect)]


def board_of(scene: Any) -> pygame.Rect | None:
    """Where a game scene draws its board (a demonstration's, for the attract scene);
    ``None`` for a scene without a board and its players' panels (a lesson's text
    fills the side of its board: its notices keep to the bottom of the screen)."""
    view = getattr(scene, "view", None)
    board = getattr(view, "board_rect", None)
    if isinstance(board, pygame.Rect) and hasattr(scene, "panels"):
        return board
    inner = getattr(scene, "demo", None)
    return board_of(inner) if inner is not None and not isinstance(inner, bool) else None


def taken(scene: Any) -> list[pygame.Rect]:
    """What a scene with a board keeps clear: the board, the panels, the buttons."""
    inner = getattr(scene, "demo", None)
    if inner is not None and not isinstance(inner, bool):
        return taken(inner)
    board = board_of(scene)
    rects = [board] if board is not None else []
    rects += _rects(getattr(scene, "panels", ()))
    key = getattr(scene, "layers_key", None)
    if isinstance(key, pygame.Rect):
        rects.append(key)
    for row in (getattr(scene, "menu", None), getattr(scene, "buttons", None)):
        rects += _rects(getattr(row, "buttons", ()))
    return rects


def _gaps(spans: Sequence[tuple[int, int]], low: int, high: int) -> list[tuple[int, int]]:
    """The stretches of ``low``–``high`` that no span covers."""
    gaps, y = [], low
    for top, bottom in sorted(spans):
        if top > y:
            gaps.append((y, min(top, high)))
        y = max(y, bottom)
    if y < high:
        gaps.append((y, high))
    return [(a, b) for a, b in gaps if b > a]


def free_room(
    board: pygame.Rect | None,
    taken_rects: Sequence[pygame.Rect],
    canvas: tuple[int, int] = CANVAS,
    smallest: tuple[int, int] = SMALLEST,
) -> pygame.Rect | None:
    """The tallest free stretch of a column beside ``board`` (``None``: no board, or no
    stretch of at least ``smallest``). Ties go to the right-hand column."""
    if board is None:
        return None
    width, height = canvas
    columns = [(MARGIN, board.left - MARGIN), (board.right + MARGIN, width - MARGIN)]
    best: pygame.Rect | None = None
    for left, right in columns:
        if right - left < smallest[0]:
            continue
        spans = [
            (rect.top - MARGIN, rect.bottom + MARGIN)
            for rect in taken_rects
            if rect.right > left and rect.left < right and rect != board
        ]
        for top, bottom in _gaps(spans, MARGIN, height - MARGIN):
            room = pygame.Rect(left, top, right - left, bottom - top)
            if room.height >= smallest[1] and (best is None or room.height >= best.height):
                best = room
    return best or under(board, taken_rects, canvas, smallest)


def under(
    board: pygame.Rect,
    taken_rects: Sequence[pygame.Rect],
    canvas: tuple[int, int] = CANVAS,
    smallest: tuple[int, int] = SMALLEST,
    margin: int = MARGIN,
) -> pygame.Rect | None:
    """The widest free stretch of the band under ``board`` (a long board's players sit
    at its ends, their panels too narrow for a notice; a demonstration's board leaves
    room under it for its caption)."""
    top, bottom = board.bottom + margin, canvas[1] - margin
    if bottom - top < smallest[1]:
        return None
    spans = [
        (rect.left - margin, rect.right + margin)
        for rect in taken_rects
        if rect.bottom > top and rect.top < bottom and rect != board
    ]
    found = [
        pygame.Rect(left, top, right - left, bottom - top)
        for left, right in _gaps(spans, board.left, board.right)
        if right - left >= smallest[0]
    ]
    return max(found, key=lambda rect: rect.width, default=None)


def scene_room(scene: Any, smallest: tuple[int, int] = SMALLEST) -> pygame.Rect | None:
    """:func:`free_room` beside the board ``scene`` shows, if it shows one."""
    return free_room(board_of(scene), taken(scene), smallest=smallest)
