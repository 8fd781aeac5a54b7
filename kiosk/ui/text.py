"""Text on the canvas: cached renders, word wrapping, text fitted to a box."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from kiosk.ui import drawn
from kiosk.ui.pictures import picture_cache
from kiosk.ui.theme import Colour, font

MIN_TEXT = 20
"""Smallest text size on the canvas: 13 pixels still on a 1280 × 720 screen."""


@picture_cache(maxsize=384)
def render(text: str, size: int, colour: Colour, style: str = "sans") -> pygame.Surface:
    """``text`` rendered once (antialiased) and kept."""
    return font(size, style).render(text, True, colour)


HIGH_PUNCTUATION = ":;!?»"
"""French puts a space before these: a line never starts with one of them."""


def _unbreakable(paragraph: str) -> list[str]:
    """The paragraph's words, a French high punctuation mark kept with the word before
    it and an opening « with the word after it (their spaces do not break)."""
    words: list[str] = []
    for word in paragraph.split():
        if words and (word[0] in HIGH_PUNCTUATION or words[-1].endswith("«")):
            words[-1] = f"{words[-1]} {word}"
        else:
            words.append(word)
    return words


def wrap(text: str, size: int, width: int, style: str = "sans") -> list[str]:
    """Lines of ``text`` that fit in ``width`` pixels, breaking between words (and
    inside a word longer than a whole line), never before French high punctuation
    (« : », « ; », « ! », « ? », « » ») nor after « « »."""
    face = font(size, style)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in _unbreakable(paragraph):
            candidate = f"{line} {word}".strip()
            if line and face.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
            while face.size(line)[0] > width and len(line) > 1:
                cut = len(line) - 1
                while cut > 1 and face.size(line[:cut])[0] > width:
                    cut -= 1
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


@dataclass(frozen=True)
class Fitted:
    """A text wrapped to a box: its size, its line pitch, and its lines page by page."""

    size: int
    step: int
    pages: tuple[tuple[str, ...], ...]

    @property
    def height(self) -> int:
        """Height of the fullest page."""
        return max(len(page) for page in self.pages) * self.step


def fit_paragraph(
    text: str,
    width: int,
    height: int,
    size: int,
    style: str = "sans",
    smallest: int = MIN_TEXT,
    spacing: float = 1.2,
) -> Fitted:
    """``text`` wrapped to ``width`` at the largest size from ``size`` down to
    ``smallest`` whose lines fit in ``height``; at ``smallest``, the lines are
    split into pages of as many as fit (at least one)."""
    candidate = size
    while True:
        step = round(candidate * spacing)
        lines = wrap(text, candidate, width, style)
        if len(lines) * step <= height + step * 0.2 or candidate - 2 < smallest:
            break
        candidate -= 2
    room = max(1, int((height + step * 0.2) // step))
    pages = tuple(tuple(lines[i : i + room]) for i in range(0, len(lines), room))
    return Fitted(candidate, step, pages or ((),))


def blit_lines(
    surface: pygame.Surface,
    lines: tuple[str, ...] | list[str],
    rect: pygame.Rect,
    size: int,
    colour: Colour,
    style: str = "sans",
    step: int | None = None,
    align: str = "left",
    cut: bool = False,
) -> int:
    """Lines already wrapped to ``rect``, one under the other; the height used.
    ``cut``: they are a text cut short (noted so for the layout check)."""
    y = rect.top
    pitch = step or round(size * 1.25)
    for line in lines:
        image = render(line, size, colour, style)
        if align == "center":
            where = image.get_rect(midtop=(rect.centerx, y))
        else:
            where = image.get_rect(topleft=(rect.left, y))
        surface.blit(image, where)
        drawn.note_text(surface, image, where, line, size, rect, cut)
        y += pitch
    return y - rect.top


def blit_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[float, float],
    size: int,
    colour: Colour,
    style: str = "sans",
    anchor: str = "topleft",
) -> pygame.Rect:
    """Draw one line with ``anchor`` (a pygame.Rect attribute) at ``pos``."""
    image = render(text, size, colour, style)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    drawn.note_text(surface, image, rect, text, size)
    return rect


def blit_paragraph(
    surface: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    size: int,
    colour: Colour,
    style: str = "sans",
    spacing: float = 1.25,
    align: str = "left",
    excerpt: bool = False,
) -> int:
    """Wrapped text inside ``rect``; the height used. Lines past its bottom are
    dropped, the last one shown then ending with an ellipsis: a text cut short,
    unless it is an ``excerpt`` (a preview of a text shown whole elsewhere)."""
    step = round(size * spacing)
    lines = wrap(text, size, rect.width, style)
    room = max(1, int((rect.height + step * 0.2) // step))
    cut = len(lines) > room
    if cut:
        lines = [*lines[: room - 1], _shortened(_cut(lines[room - 1]), size, rect.width, style)]
    return blit_lines(surface, lines, rect, size, colour, style, step, align, cut and not excerpt)


def _cut(line: str) -> str:
    """``line`` ending with an ellipsis instead of its last stop or comma (no ".…")."""
    return line.rstrip(" .,;:!?…") + "…"


def _shortened(line: str, size: int, width: int, style: str) -> str:
    """``line`` (ending with an ellipsis) cut word by word until it fits ``width``."""
    face = font(size, style)
    while face.size(line)[0] > width and " " in line.strip():
        line = _cut(line[: line.rstrip("…").rstrip().rfind(" ")])
    return line


def fit_size(
    text: str, width: int, size: int, style: str = "sans", smallest: int = MIN_TEXT
) -> int:
    """The largest of ``size``, ``size - 2``, … (down to ``smallest``) at which ``text``
    fits on one line of ``width``.

    The width at ``size`` gives a first guess (text widens in proportion to its size),
    then a step or two settles it: a few fonts are opened, not one per size tried.
    """

    def fits(candidate: int) -> bool:
        return font(candidate, style).size(text)[0] <= width

    measured = font(size, style).size(text)[0]
    if measured <= width or size <= smallest:
        return size
    steps = math.ceil((size - size * width / measured) / 2)
    found = max(size - 2 * steps, smallest + (size - smallest) % 2)
    while found > smallest and not fits(found):
        found -= 2
    while found + 2 < size and fits(found + 2):
        found += 2
    return found
