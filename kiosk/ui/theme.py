"""Colours, fonts and sizes: the kiosk's look in one place.

Warm wood and felt, ivory cards, large type. Fonts come from the system
(DejaVu on Raspberry Pi OS and Debian) with pygame's own font as a fallback,
so the kiosk always has something to write with.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pygame

from kiosk.ui.pictures import forget_pictures, picture_cache

pygame.register_quit(forget_pictures)
"""Fonts (and what they drew) die with pygame: a cached one used after ``pygame.quit()``
would crash the interpreter, so the caches are emptied then."""

CANVAS = (1920, 1080)
"""The logical canvas every scene draws on; the app scales it to the screen."""

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    felt: Colour = (28, 58, 48)
    felt_dark: Colour = (18, 40, 33)
    wood_light: Colour = (214, 168, 112)
    wood_dark: Colour = (150, 100, 58)
    wood_edge: Colour = (96, 60, 32)
    ink: Colour = (40, 30, 22)
    ivory: Colour = (246, 238, 220)
    ivory_dark: Colour = (226, 212, 186)
    gold: Colour = (232, 184, 72)
    accent: Colour = (208, 92, 52)
    accent_dark: Colour = (160, 62, 34)
    calm: Colour = (70, 130, 160)
    legal: Colour = (120, 220, 140)
    warning: Colour = (236, 120, 60)
    white_piece: Colour = (244, 240, 230)
    black_piece: Colour = (36, 34, 34)
    shadow: Colour = (0, 0, 0)


PALETTE = Palette()

FONT_FILES = {
    "sans": ("DejaVuSans.ttf",),
    "sans-bold": ("DejaVuSans-Bold.ttf",),
    "sans-italic": ("DejaVuSans-Oblique.ttf", "DejaVuSans.ttf"),
    "serif": ("DejaVuSerif.ttf",),
    "serif-bold": ("DejaVuSerif-Bold.ttf",),
    "condensed": ("DejaVuSansCondensed.ttf", "DejaVuSans.ttf"),
    "condensed-bold": ("DejaVuSansCondensed-Bold.ttf", "DejaVuSans-Bold.ttf"),
}
FONT_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/local/share/fonts"),
)


@cache
def font_path(style: str) -> str | None:
    """The file of a font style, or ``None`` for pygame's built-in font."""
    for name in FONT_FILES.get(style, FONT_FILES["sans"]):
        for folder in FONT_DIRS:
            candidate = folder / name
            if candidate.exists():
                return str(candidate)
    return None


@picture_cache(maxsize=128)
def font(size: int, style: str = "sans") -> pygame.font.Font:
    """A font of ``size`` pixels on the canvas, cached."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(font_path(style), size)


def missing_fonts() -> list[str]:
    """Styles that fall back to pygame's built-in font (for ``ludokiosk doctor``)."""
    return [style for style in FONT_FILES if font_path(style) is None]


SEAT_COLOURS: dict[str, Colour] = {
    "noir": PALETTE.black_piece,
    "blanc": PALETTE.white_piece,
    "rouge": (196, 52, 44),
    "vert": (52, 150, 72),
    "jaune": (236, 196, 48),
    "bleu": (48, 104, 196),
    "soldats": (236, 226, 204),
    "officiers": (120, 40, 36),
    "sud": (196, 120, 60),
    "nord": (70, 110, 150),
}
"""Piece colour of each player name the games use."""

EXTRA_COLOURS: tuple[Colour, ...] = (
    (196, 52, 44),
    (48, 104, 196),
    (52, 150, 72),
    (236, 196, 48),
    (150, 80, 170),
    (60, 170, 170),
)


def seat_colours(players: tuple[str, ...] | list[str]) -> tuple[Colour, ...]:
    """Colours of the seats, from the players' names, distinct ones for the rest."""
    named = {SEAT_COLOURS[name] for name in players if name in SEAT_COLOURS}
    spare = iter(c for c in EXTRA_COLOURS if c not in named)
    return tuple(SEAT_COLOURS.get(name) or next(spare, PALETTE.gold) for name in players)


def contrast(colour: Colour) -> Colour:
    """Ink that reads on ``colour``."""
    r, g, b = colour
    return PALETTE.ink if 0.3 * r + 0.59 * g + 0.11 * b > 140 else PALETTE.ivory
