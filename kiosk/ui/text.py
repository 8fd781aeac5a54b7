"""Text on the canvas: cached renders, word wrapping, rotated blocks."""

from __future__ import annotations

import math

import pygame

from kiosk.ui.pictures import picture_cache
from kiosk.ui.theme import Colour, font


@picture_cache(maxsize=384)
def render(text: str, size: int, colour: Colour, style: str = "sans") -> pygame.Surface:
    """``text`` rendered once (antialiased) and kept."""
    return font(size, style).render(text, True, colour)


def wrap(text: str, size: int, width: int, style: str = "sans") -> list[str]:
    """Lines of ``text`` that fit in ``width`` pixels, breaking between words."""
    face = font(size, style)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}".strip()
            if line and face.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


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
) -> int:
    """Wrapped text inside ``rect``; the height used. Lines past its bottom are
    dropped, the last one shown then ending with an ellipsis."""
    y = rect.top
    step = round(size * spacing)
    lines = wrap(text, size, rect.width, style)
    room = max(1, int((rect.height + step * 0.2) // step))
    if len(lines) > room:
        lines = [*lines[: room - 1], _shortened(lines[room - 1] + "…", size, rect.width, style)]
    for line in lines:
        image = render(line, size, colour, style)
        if align == "center":
            surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
        else:
            surface.blit(image, (rect.left, y))
        y += step
    return y - rect.top


def _shortened(line: str, size: int, width: int, style: str) -> str:
    """``line`` (ending with an ellipsis) cut word by word until it fits ``width``."""
    face = font(size, style)
    while face.size(line)[0] > width and " " in line.strip():
        line = line[: line.rstrip("…").rstrip().rfind(" ")].rstrip(" ,;:") + "…"
    return line


def fit_size(text: str, width: int, size: int, style: str = "sans", smallest: int = 14) -> int:
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
