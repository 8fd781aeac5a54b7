"""Choices that do not all fit a panel: shown a page at a time.

A panel holds at most :data:`MOST_BUTTONS` buttons. When a person's choices (the
pieces that may be posed on a square, the captures a move allows) are more than
the room left beside the fixed buttons (a hint, undo), they are shown a page at
a time and the last button turns to the next page.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

MOST_BUTTONS = 5
"""The most buttons a seat's panel lays out, in every shape of panel."""

T = TypeVar("T")


def page_count(count: int, room: int) -> int:
    """How many pages ``count`` choices take when ``room`` buttons are free."""
    if count <= room:
        return 1
    per_page = max(1, room - 1)
    return -(-count // per_page)


def page_of(choices: Sequence[T], room: int, page: int) -> list[T]:
    """The choices on ``page`` (wrapping round): all of them when they fit,
    else ``room - 1`` of them, leaving the last button to turn the page."""
    pages = page_count(len(choices), room)
    if pages == 1:
        return list(choices)
    per_page = max(1, room - 1)
    start = page % pages * per_page
    return list(choices[start : start + per_page])
