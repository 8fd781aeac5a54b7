"""The pieces of the grid games: counters, the tablut king, latrunculi's inciti,
rithmomachie's numbered rounds, triangles, squares and pyramids.

Shapes are drawn supersampled and scaled down (clean edges), then the text is
written at the final size (crisp type). A shape may carry a mark after a dot:
``disc.incitus`` (a captured piece left on the board: tilted, in a red ring,
struck through), ``square.posed`` (a captured piece posed again: a gold dot).
"""

from __future__ import annotations

import pygame

from kiosk.boards import pieces
from kiosk.games.base import Token
from kiosk.ui.pictures import picture_cache
from kiosk.ui.theme import PALETTE, Colour, contrast, font

NUMBERED = ("circle", "triangle", "square", "pyramid")
SUPERSAMPLE = 3
"""Shapes are drawn this many times larger, then scaled down smoothly."""
INCITUS_RING: Colour = (206, 48, 40)

Centre = tuple[float, float]


@picture_cache(maxsize=512)
def grid_token(token: Token, size: int, colour: Colour) -> pygame.Surface:
    """``token`` of diameter ``size`` on a transparent square of side ``size * 1.3``."""
    shape, _, mark = token.shape.partition(".")
    if shape not in (*NUMBERED, "disc", "king") and mark != "incitus":
        plain = Token(token.seat, shape, token.label, token.count, token.layers)
        return pieces.token_image(plain, size, colour)
    side = max(8, round(size * 1.3))
    big = pygame.Surface((side * SUPERSAMPLE, side * SUPERSAMPLE), pygame.SRCALPHA)
    centre = (side * SUPERSAMPLE / 2, side * SUPERSAMPLE / 2)
    radius = size * SUPERSAMPLE / 2
    if mark == "incitus":
        _incitus(big, centre, radius, colour)
    elif shape == "king":
        _disc(big, centre, radius * 1.08, colour)
        _crown(big, centre, radius * 1.08)
    elif shape == "disc":
        _disc(big, centre, radius * 0.98, colour)
    elif shape == "pyramid":
        _pyramid(big, centre, radius, colour, len(token.layers))
    else:
        _numbered(big, centre, radius, colour, shape)
    if mark == "posed":
        at = (round(centre[0] + radius * 0.72), round(centre[1] - radius * 0.72))
        pygame.draw.circle(big, rim(colour), at, round(radius * 0.22))
        pygame.draw.circle(big, PALETTE.gold, at, round(radius * 0.16))
    image = pygame.transform.smoothscale(big, (side, side))
    _write(image, token, shape, (side / 2, side / 2), size / 2, colour)
    return image


def rim(colour: Colour) -> Colour:
    """An edge that stands out on both wood tones: dark on light pieces, light on dark."""
    return pieces.shade(colour, -0.6) if sum(colour) > 300 else pieces.shade(colour, 0.5)


def _write(image: pygame.Surface, token: Token, shape: str, centre: Centre, radius: float,
           colour: Colour) -> None:
    """The values: large on plain pieces; a pyramid's total large and its layers small."""
    x, y = centre
    ink = contrast(colour)
    if shape in ("disc", "king"):
        text = token.label or (str(token.count) if token.count > 1 else "")
        fit_text(image, text, centre, radius * 1.3, radius * 0.9, ink)
    elif shape == "triangle":
        fit_text(image, token.label, (x, y + radius * 0.42), radius * 1.25, radius * 0.82, ink)
    elif shape in ("circle", "square"):
        fit_text(image, token.label, centre, radius * 1.5, radius * 0.98, ink)
    elif shape == "pyramid":
        layers = token.layers
        if len(layers) > 3:
            cut = (len(layers) + 1) // 2
            fit_text(image, token.label, (x, y - radius * 0.12), radius * 1.1, radius * 0.78, ink)
            for line, at in ((layers[:cut], 0.43), (layers[cut:], 0.8)):
                fit_text(image, " ".join(line), (x, y + radius * at), radius * 1.9,
                         radius * 0.42, ink)
        else:
            fit_text(image, token.label, (x, y + radius * 0.05), radius * 1.2, radius * 0.85, ink)
            if layers:
                fit_text(image, " ".join(layers), (x, y + radius * 0.74), radius * 1.9,
                         radius * 0.42, ink)


def fit_text(image: pygame.Surface, text: str, at: Centre, width: float, height: float,
             ink: Colour, style: str = "condensed-bold") -> None:
    """``text`` centred on ``at``, as large as fits ``width`` x ``height``, with a shadow
    (nothing when that would be too small to read)."""
    if not text:
        return
    size = round(height)
    rendered = font(max(size, 1), style).render(text, True, ink)
    if rendered.get_width() > width:
        size = round(size * width / rendered.get_width())
        rendered = font(max(size, 1), style).render(text, True, ink)
    if size < 7:
        return  # too small to read (a thumbnail): the shape alone
    shadow = font(size, style).render(text, True, contrast(ink))
    shadow.set_alpha(110)
    rect = rendered.get_rect(center=(round(at[0]), round(at[1])))
    image.blit(shadow, rect.move(1, 1))
    image.blit(rendered, rect)


# -- shapes (drawn supersampled) ---------------------------------------------------------


def _circle(image: pygame.Surface, colour: Colour | tuple[int, int, int, int], centre: Centre,
            radius: float) -> None:
    pygame.draw.circle(image, colour, (round(centre[0]), round(centre[1])), round(radius))


def _disc(image: pygame.Surface, centre: Centre, radius: float, colour: Colour) -> None:
    """A domed counter: shadow, rim, and a soft light from the top left."""
    x, y = centre
    drop = radius * 0.08
    light = sum(colour) > 300
    _circle(image, (0, 0, 0, 80), (x + drop * 0.6, y + drop), radius)
    _circle(image, rim(colour) if light else pieces.shade(colour, 0.3), centre, radius)
    _circle(image, pieces.shade(colour, -0.08 if light else 0.0), centre, radius * 0.9)
    for k in range(1, 9):
        shift = radius * 0.22 * k / 8
        amount = (0.12 if light else 0.14) * k / 8
        _circle(image, pieces.shade(colour, amount), (x - shift, y - shift),
                radius * 0.86 * (1 - k / 11))


def _crown(image: pygame.Surface, centre: Centre, radius: float) -> None:
    """The king's gold ring and large crown."""
    x, y = centre
    gold = PALETTE.gold
    pygame.draw.circle(image, gold, (round(x), round(y)), round(radius * 0.84),
                       max(2, round(radius * 0.08)))
    r = radius * 0.58
    outline = [(x - r, y + r * 0.55), (x - r * 1.05, y - r * 0.5), (x - r * 0.5, y - r * 0.02),
               (x, y - r * 0.8), (x + r * 0.5, y - r * 0.02), (x + r * 1.05, y - r * 0.5),
               (x + r, y + r * 0.55)]
    under = [(px, py + r * 0.06) for px, py in outline]
    pygame.draw.polygon(image, pieces.shade(gold, -0.5), under)
    pygame.draw.polygon(image, gold, outline)
    for tip in (outline[1], outline[3], outline[5]):
        _circle(image, pieces.shade(gold, 0.3), tip, r * 0.14)
    band = pygame.Rect(round(x - r), round(y + r * 0.3), round(2 * r), round(r * 0.25))
    pygame.draw.rect(image, pieces.shade(gold, -0.25), band)


def _incitus(image: pygame.Surface, centre: Centre, radius: float, colour: Colour) -> None:
    """A captured piece, turned over: a tilted (flattened) disc in a red ring, struck through."""
    x, y = centre
    side = round(radius * 2.2)
    disc = pygame.Surface((side, side), pygame.SRCALPHA)
    face = pieces.shade(colour, -0.12 if sum(colour) > 300 else 0.2)
    _circle(disc, rim(colour), (side / 2, side / 2), radius * 0.9)
    _circle(disc, face, (side / 2, side / 2), radius * 0.8)
    flat = pygame.transform.rotate(pygame.transform.scale(disc, (side, round(side * 0.55))), 24)
    image.blit(flat, flat.get_rect(center=(round(x), round(y))))
    width = max(3, round(radius * 0.16))
    pygame.draw.circle(image, INCITUS_RING, (round(x), round(y)), round(radius * 1.02), width)
    pygame.draw.line(image, INCITUS_RING, (round(x - radius * 0.7), round(y + radius * 0.7)),
                     (round(x + radius * 0.7), round(y - radius * 0.7)), width)


def _shadowed(image: pygame.Surface, outline: list[Centre], radius: float, colour: Colour) -> None:
    """A filled polygon with a rim and a drop shadow."""
    drop = radius * 0.07
    pygame.draw.polygon(image, (0, 0, 0, 80), [(px + drop * 0.6, py + drop) for px, py in outline])
    pygame.draw.polygon(image, rim(colour), outline)
    cx = sum(px for px, _ in outline) / len(outline)
    cy = sum(py for _, py in outline) / len(outline)
    keep = 1 - 0.09 * 1.3
    pygame.draw.polygon(image, colour, [(cx + (px - cx) * keep, cy + (py - cy) * keep)
                                        for px, py in outline])


def _numbered(image: pygame.Surface, centre: Centre, radius: float, colour: Colour,
              shape: str) -> None:
    """A round, a triangle or a square (the value is written afterwards)."""
    x, y = centre
    if shape == "circle":
        r = radius * 0.96
        _circle(image, (0, 0, 0, 80), (x + r * 0.05, y + r * 0.08), r)
        _circle(image, rim(colour), centre, r)
        _circle(image, colour, centre, r * 0.88)
    elif shape == "triangle":
        half = radius * 1.1
        _shadowed(image, [(x, y - radius * 1.02), (x + half, y + radius * 0.9),
                          (x - half, y + radius * 0.9)], radius, colour)
    else:
        h = radius * 0.88
        _shadowed(image, [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)],
                  radius, colour)


def _pyramid(image: pygame.Surface, centre: Centre, radius: float, colour: Colour,
             count: int) -> None:
    """A squat stepped pyramid seen from the side, one step per layer left (the same
    outline whatever the number of steps)."""
    x, y = centre
    count = max(count, 1)
    bottom, height = y + radius * 1.0, radius * 2.02
    steps = [(radius * (1.08 - 0.62 * k / count), bottom - height * k / count,
              bottom - height * (k + 1) / count) for k in range(count)]
    drop = radius * 0.07
    for dx, dy, paint in ((drop * 0.6, drop, (0, 0, 0, 80)), (0, 0, rim(colour))):
        for half, low, high in steps:
            pygame.draw.rect(image, paint, pygame.Rect(round(x - half + dx), round(high + dy),
                                                      round(2 * half), round(low - high) + 1))
    width = radius * 0.09
    for k, (half, low, high) in enumerate(steps):
        foot = low - width if k == 0 else low + width
        body = pygame.Rect(round(x - half + width), round(high + width),
                           round(2 * (half - width)), round(foot - high - width))
        pygame.draw.rect(image, colour, body)
