"""Dice with pips, rolling (tumbling faces) then settling; the doubling cube."""

from __future__ import annotations

import random

import pygame

from kiosk.ui.text import MIN_TEXT, blit_text, fit_size
from kiosk.ui.theme import PALETTE, font

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
}


def draw_die(
    surface: pygame.Surface, rect: pygame.Rect, value: int, used: bool = False, tilt: float = 0.0
) -> None:
    """One die; ``used`` greys it, ``tilt`` (degrees) turns it while rolling."""
    face = pygame.Surface(rect.size, pygame.SRCALPHA)
    body = (236, 232, 220) if not used else (150, 146, 140)
    pygame.draw.rect(face, (0, 0, 0, 90), face.get_rect().move(3, 5), border_radius=rect.width // 6)
    pygame.draw.rect(face, body, face.get_rect().inflate(-4, -4), border_radius=rect.width // 6)
    pygame.draw.rect(
        face, (120, 110, 96), face.get_rect().inflate(-4, -4), 2, border_radius=rect.width // 6
    )
    radius = max(3, rect.width // 11)
    for px, py in PIPS.get(value, []):
        pygame.draw.circle(
            face, PALETTE.ink, (round(px * rect.width), round(py * rect.height)), radius
        )
    if tilt:
        face = pygame.transform.rotate(face, tilt)
    surface.blit(face, face.get_rect(center=rect.center))


class DiceRoll:
    """The dice on the table: tumbling for a moment after a throw, then still."""

    DURATION = 0.6
    TUMBLES = 20
    """Faces shown a second while tumbling, whatever the frame rate."""

    def __init__(self) -> None:
        self.values: tuple[int, ...] = ()
        self.age = 10.0
        self.throws = 0

    def throw(self, values: tuple[int, ...]) -> None:
        self.values = values
        self.age = 0.0
        self.throws += 1

    @property
    def rolling(self) -> bool:
        return self.age < self.DURATION

    def update(self, dt: float) -> None:
        self.age += dt

    def draw(
        self,
        surface: pygame.Surface,
        centre: tuple[int, int],
        size: int,
        used: tuple[bool, ...] = (),
    ) -> None:
        values = self.values
        if not values:
            return
        gap = size // 4
        total = len(values) * size + (len(values) - 1) * gap
        x = centre[0] - total // 2
        # the tumble's faces follow time, so that a frame drawn twice is the same
        rng = random.Random(self.throws * 1000 + int(self.age * self.TUMBLES))
        for i, value in enumerate(values):
            shown, tilt, lift = value, 0.0, 0
            if self.rolling:
                shown = rng.randint(1, 6)
                tilt = rng.uniform(-35, 35) * (1 - self.age / self.DURATION)
                lift = round(-20 * (1 - self.age / self.DURATION))
            rect = pygame.Rect(x + i * (size + gap), centre[1] - size // 2 + lift, size, size)
            draw_die(
                surface, rect, shown, used[i] if i < len(used) and not self.rolling else False, tilt
            )


def dice_size(count: int, size: int) -> tuple[int, int]:
    """Width and height of ``count`` dice of side ``size`` drawn in a row."""
    return count * size + max(0, count - 1) * (size // 4), size


SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def cube_face(value: int, size: int) -> tuple[str, int]:
    """What a cube of side ``size`` shows for ``value`` (1 at the start: a cube
    with no cap has no top face standing for 1, as a wooden one's 64 does), and the
    text size: the number, made smaller to fit; a number too long to read at the
    smallest text size as a power of two, ``2¹⁴``."""
    width = round(size * 0.82)
    largest = size // 2
    smallest = min(MIN_TEXT, largest)
    text = str(value) if value.bit_length() <= 20 else ""
    for candidate in range(largest, smallest - 1, -1):
        if text and font(candidate, "sans-bold").size(text)[0] <= width:
            return text, candidate
    power = "2" + str(value.bit_length() - 1).translate(SUPERSCRIPTS)
    return power, fit_size(power, width, largest, "sans-bold", smallest)


def draw_cube(surface: pygame.Surface, centre: tuple[int, int], size: int, value: int) -> None:
    """The doubling cube showing ``value``, whatever its size."""
    rect = pygame.Rect(0, 0, size, size)
    rect.center = centre
    pygame.draw.rect(surface, (0, 0, 0, 90), rect.move(3, 5), border_radius=size // 7)
    pygame.draw.rect(surface, (250, 246, 236), rect, border_radius=size // 7)
    pygame.draw.rect(surface, PALETTE.accent_dark, rect, 3, border_radius=size // 7)
    text, text_size = cube_face(value, size)
    blit_text(
        surface,
        text,
        rect.center,
        text_size,
        PALETTE.accent_dark,
        "sans-bold",
        anchor="center",
    )
