"""Pieces drawn with shading: discs, kings, numbered shapes, pyramids, seeds.

All sizes are a diameter in pixels; colours come from the seat. Drawing is
plain pygame primitives (antialiased edges where pygame has them), cached
per (token, size, colour) so a frame blits rather than redraws.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame
import pygame.gfxdraw

from kiosk.games.base import Token
from kiosk.ui.pictures import picture_cache
from kiosk.ui.theme import PALETTE, Colour, contrast, font


def shade(colour: Colour, amount: float) -> Colour:
    """Lighter (amount > 0) or darker (amount < 0) version of ``colour``."""
    if amount >= 0:
        return tuple(round(c + (255 - c) * amount) for c in colour)  # type: ignore[return-value]
    return tuple(round(c * (1 + amount)) for c in colour)  # type: ignore[return-value]


def disc(
    surface: pygame.Surface, centre: tuple[float, float], radius: float, colour: Colour
) -> None:
    """A shaded, antialiased disc with a soft shadow, like a wooden piece."""
    x, y, r = round(centre[0]), round(centre[1]), max(2, round(radius))
    shadow = max(2, r // 8)
    pygame.gfxdraw.filled_circle(surface, x + shadow // 2, y + shadow, r, (0, 0, 0, 70))
    edge = shade(colour, -0.35)
    pygame.gfxdraw.filled_circle(surface, x, y, r, edge)
    pygame.gfxdraw.aacircle(surface, x, y, r, edge)
    pygame.gfxdraw.filled_circle(surface, x, y, max(1, r - max(2, r // 10)), colour)
    light = shade(colour, 0.25)
    pygame.gfxdraw.filled_circle(surface, x - r // 5, y - r // 5, max(1, r // 2), light)
    pygame.gfxdraw.filled_circle(surface, x - r // 12, y - r // 12, max(1, r * 2 // 3), colour)


def polygon(surface: pygame.Surface, points: Sequence[tuple[float, float]], colour: Colour) -> None:
    """A filled, antialiased polygon with a darker rim and a shadow."""
    pts = [(round(px), round(py)) for px, py in points]
    shadow = [(px + 2, py + 4) for px, py in pts]
    pygame.gfxdraw.filled_polygon(surface, shadow, (0, 0, 0, 70))
    pygame.gfxdraw.filled_polygon(surface, pts, colour)
    pygame.gfxdraw.aapolygon(surface, pts, shade(colour, -0.4))
    pygame.draw.polygon(surface, shade(colour, -0.4), pts, 2)


def label(
    surface: pygame.Surface, text: str, centre: tuple[float, float], size: int, colour: Colour
) -> None:
    """``text`` centred on ``centre`` in bold."""
    image = font(max(10, size), "sans-bold").render(text, True, colour)
    surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))


def shape_points(
    shape: str, centre: tuple[float, float], radius: float
) -> list[tuple[float, float]]:
    """Outline of a triangle or a square of the given circumradius."""
    x, y = centre
    if shape == "triangle":
        return [
            (x + radius * math.cos(a), y + radius * 0.15 + radius * math.sin(a))
            for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)
        ]
    half = radius * 0.78
    return [(x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)]


@picture_cache(maxsize=512)
def token_image(token: Token, size: int, colour: Colour) -> pygame.Surface:
    """A token drawn once on a transparent square of side ``size * 1.3``."""
    side = max(8, round(size * 1.3))
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    centre = (side / 2, side / 2)
    radius = size / 2
    ink = contrast(colour)
    if token.shape in ("disc", "seed"):
        disc(image, centre, radius, colour)
    elif token.shape in ("king", "officer"):
        disc(image, centre, radius, colour)
        _crown(image, centre, radius * 0.55, PALETTE.gold if token.shape == "king" else ink)
    elif token.shape in ("triangle", "square"):
        polygon(image, shape_points(token.shape, centre, radius), colour)
    elif token.shape == "circle":
        disc(image, centre, radius * 0.92, colour)
    elif token.shape == "pyramid":
        _pyramid(image, centre, radius, colour)
    elif token.shape == "barricade":
        _barricade(image, centre, radius)
    else:
        disc(image, centre, radius, colour)
    text = token.label or (str(token.count) if token.count > 1 else "")
    if text:
        scale = 0.62 if len(text) <= 2 else 0.48 if len(text) == 3 else 0.38
        label(
            image,
            text,
            (centre[0], centre[1] + (radius * 0.12 if token.shape == "triangle" else 0)),
            round(size * scale),
            ink,
        )
    return image


def draw_token(
    surface: pygame.Surface,
    token: Token,
    centre: tuple[float, float],
    size: float,
    colours: Sequence[Colour],
) -> None:
    """Blit ``token`` centred on ``centre``, in its seat's colour."""
    colour = (
        colours[token.seat]
        if token.seat is not None and token.seat < len(colours)
        else PALETTE.ivory_dark
    )
    image = token_image(token, max(8, round(size)), colour)
    surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))


def _crown(
    surface: pygame.Surface, centre: tuple[float, float], radius: float, colour: Colour
) -> None:
    x, y = centre
    r = radius
    points = [
        (x - r, y + r * 0.6),
        (x - r, y - r * 0.4),
        (x - r * 0.5, y + r * 0.1),
        (x, y - r * 0.7),
        (x + r * 0.5, y + r * 0.1),
        (x + r, y - r * 0.4),
        (x + r, y + r * 0.6),
    ]
    pygame.draw.polygon(surface, colour, [(round(a), round(b)) for a, b in points])
    pygame.draw.polygon(surface, shade(colour, -0.45), [(round(a), round(b)) for a, b in points], 2)


def _pyramid(
    surface: pygame.Surface, centre: tuple[float, float], radius: float, colour: Colour
) -> None:
    x, y = centre
    base = [(x - radius, y + radius * 0.8), (x + radius, y + radius * 0.8), (x, y - radius)]
    polygon(surface, base, colour)
    for step in (0.33, 0.66):
        yy = y + radius * 0.8 - step * radius * 1.8
        half = radius * (1 - step)
        pygame.draw.line(
            surface,
            shade(colour, -0.4),
            (round(x - half), round(yy)),
            (round(x + half), round(yy)),
            2,
        )


def _barricade(surface: pygame.Surface, centre: tuple[float, float], radius: float) -> None:
    x, y = centre
    white = (240, 236, 228)
    disc(surface, centre, radius * 0.95, white)
    r = radius * 0.55
    pygame.draw.rect(
        surface,
        (190, 40, 40),
        pygame.Rect(round(x - r), round(y - r * 0.35), round(2 * r), round(0.7 * r)),
        border_radius=3,
    )
