"""Sowing boards: multitchoukatro's two rows of cases and the rouma.

A plank of wood with carved round cases and, at the right, the rouma — a
long hollow shared by both players. Seeds are drawn as small shaded beans
at fixed places in each hollow (the ``i``-th seed of a case always lies at
the same spot, so sowing only adds seeds), their count written large beside
the case, the case's number (the move's notation) small beyond it. An
engraved arrow on the left shows the way the seeds travel.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

import pygame
import pygame.gfxdraw

from kiosk.boards import pieces
from kiosk.boards.base import OUTLINED, ROLE_COLOURS, BoardView, Renderer
from kiosk.boards.wood import wood_panel
from kiosk.games.base import Token
from kiosk.games.look import BoardLook
from kiosk.ui.pictures import picture_cache
from kiosk.ui.theme import PALETTE, Colour, font

Pos = tuple[float, float]

HOLLOW: Colour = (104, 64, 34)
HOLLOW_DEEP: Colour = (70, 42, 22)
RIM_LIGHT: Colour = (226, 182, 126)
COUNT_INK: Colour = (252, 240, 214)
NUMBER_INK: Colour = (88, 54, 28)
SEED_COLOURS: tuple[Colour, ...] = (
    (226, 204, 156), (196, 156, 100), (150, 104, 62), (236, 222, 186), (176, 128, 80),
)
PIT = 0.44
"""Radius of a case, in units."""
ROUMA = (0.45, 0.98)
"""Half width and half height of the rouma, in units."""
SEED = 0.21
"""Length of a seed, in units."""
GOLDEN = math.pi * (3 - math.sqrt(5))
SHOWN_CASE, SHOWN_ROUMA = 36, 90
"""Seeds drawn at most in a case and in the rouma (the count says the rest)."""


class PitsRenderer(Renderer):
    """Carved cases, the rouma, seeds and their counts."""

    padding = 1.25

    @staticmethod
    def is_rouma(view: BoardView, point: int) -> bool:
        return point in view.geometry.regions.get("rouma", frozenset()) or \
            view.geometry.points[point].name == "rouma"

    @staticmethod
    def top_row(view: BoardView, point: int) -> bool:
        return view.geometry.points[point].y < 0.5

    def hollow_rect(self, view: BoardView, point: int) -> pygame.Rect:
        p = view.geometry.points[point]
        hw, hh = ROUMA if self.is_rouma(view, point) else (PIT, PIT)
        a, b = view.to_screen(p.x - hw, p.y - hh), view.to_screen(p.x + hw, p.y + hh)
        return pygame.Rect(round(a[0]), round(a[1]), round(b[0] - a[0]), round(b[1] - a[1]))

    def label_pos(self, view: BoardView, point: int, distance: float) -> Pos:
        """A place ``distance`` units beyond the hollow, away from the other row."""
        p = view.geometry.points[point]
        if self.is_rouma(view, point):
            return view.to_screen(p.x, p.y - ROUMA[1] - distance)
        sign = -1.0 if self.top_row(view, point) else 1.0
        return view.to_screen(p.x, p.y + sign * (PIT + distance))

    # -- background ---------------------------------------------------------------

    def draw_background(self, surface: pygame.Surface, view: BoardView) -> None:
        wood_panel(surface, view.board_rect, seed=self.wood_seed(5), base=PALETTE.wood_dark,
                   radius=round(view.unit * 0.6))
        unit = view.unit
        for point in view.geometry.points:
            self.carve(surface, self.hollow_rect(view, point.index))
            if self.is_rouma(view, point.index):
                text, where = "rouma", view.to_screen(point.x, point.y + ROUMA[1] + 0.22)
            else:
                text, where = point.name, self.label_pos(view, point.index, 0.62)
            image = font(max(10, round(unit * 0.24)), "sans-bold").render(text, True, NUMBER_INK)
            surface.blit(image, image.get_rect(center=(round(where[0]), round(where[1]))))
        self.arrow(surface, view)

    @staticmethod
    def carve(surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A hollow: a light rim below, a shadowed wall above, a darker floor."""
        rim = rect.move(0, max(1, rect.height // 40)).inflate(4, 4)
        pygame.draw.ellipse(surface, RIM_LIGHT, rim)
        pygame.draw.ellipse(surface, HOLLOW_DEEP, rect)
        steps = 8
        for k in range(1, steps + 1):
            t = k / steps
            inner = rect.inflate(-round(rect.width * 0.22 * t), -round(rect.height * 0.22 * t))
            inner = inner.move(0, round(rect.height * 0.05 * t))
            colour = tuple(round(a + (b - a) * t) for a, b in zip(HOLLOW_DEEP, HOLLOW, strict=True))
            pygame.draw.ellipse(surface, colour, inner)

    def arrow(self, surface: pygame.Surface, view: BoardView) -> None:
        """The way of the seeds: down the left end, from the top row to the bottom one."""
        xs = [p.x for p in view.geometry.points]
        x = min(xs) - PIT - 0.3
        centre = view.to_screen(x + 0.05, 0.5)
        radius = view.unit * 0.42
        width = max(2, round(view.unit * 0.05))
        rect = pygame.Rect(0, 0, round(radius * 2), round(radius * 2))
        rect.center = (round(centre[0]), round(centre[1]))
        pygame.draw.arc(surface, NUMBER_INK, rect, math.pi / 2, 3 * math.pi / 2, width)
        tip = (centre[0], centre[1] + radius)
        size = view.unit * 0.14
        head = [(tip[0] + size * 1.2, tip[1]), (tip[0] - size * 0.2, tip[1] - size),
                (tip[0] - size * 0.2, tip[1] + size)]
        pygame.draw.polygon(surface, NUMBER_INK, [(round(a), round(b)) for a, b in head])

    # -- seeds ---------------------------------------------------------------------

    def draw_tokens(
        self, surface: pygame.Surface, view: BoardView, point: int, tokens: Sequence[Token]
    ) -> None:
        count = sum(token.count for token in tokens)
        if count <= 0:
            return
        unit = view.unit
        rouma = self.is_rouma(view, point)
        shown = min(count, SHOWN_ROUMA if rouma else SHOWN_CASE)
        centre = view.centres[point]
        length = max(6, round(unit * SEED))
        for dx, dy, angle, tone in seed_spots(point, shown, rouma):
            image = seed_image(length, SEED_COLOURS[tone], angle)
            x, y = centre[0] + dx * unit, centre[1] + dy * unit
            surface.blit(image, image.get_rect(center=(round(x), round(y))))
        where = self.label_pos(view, point, 0.24)
        pieces.label(surface, str(count), where, round(unit * 0.36), COUNT_INK)

    # -- highlights ----------------------------------------------------------------

    def draw_highlight(
        self, surface: pygame.Surface, view: BoardView, point: int, role: str, pulse: float
    ) -> None:
        colour = ROLE_COLOURS.get(role, PALETTE.legal)
        width = max(3, round(view.unit * (0.06 + 0.03 * pulse)))
        rect = self.hollow_rect(view, point).inflate(width * 2 + 4, width * 2 + 4)
        if role not in OUTLINED:
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.ellipse(glow, (*colour, 110), glow.get_rect())
            surface.blit(glow, rect.topleft)
        pygame.draw.ellipse(surface, colour, rect, width)

    def point_at(self, view: BoardView, pos: Pos) -> int | None:
        """The case or rouma whose hollow contains ``pos``."""
        for point in range(len(view.geometry.points)):
            rect = self.hollow_rect(view, point)
            half_w, half_h = rect.width / 2 or 1, rect.height / 2 or 1
            dx, dy = (pos[0] - rect.centerx) / half_w, (pos[1] - rect.centery) / half_h
            if dx * dx + dy * dy <= 1.0:
                return point
        return None


@lru_cache(maxsize=2048)
def seed_spots(point: int, count: int, rouma: bool) -> tuple[tuple[float, float, int, int], ...]:
    """Offsets (units), turn (degrees, a multiple of 15) and colour of the first
    ``count`` seeds of a hollow: a sunflower spiral with a little jitter, the
    same for every count so that added seeds never move the others."""
    spots = []
    rng = random.Random(7919 * (point + 1) + (1 if rouma else 0))
    spread = 0.068 if not rouma else 0.056
    for i in range(count):
        radius = spread * math.sqrt(i + 0.6)
        angle = i * GOLDEN
        dx, dy = radius * math.cos(angle), radius * math.sin(angle)
        if rouma:
            dy *= 2.0
            dx *= 0.95
        limit_x, limit_y = (ROUMA[0] - 0.1, ROUMA[1] - 0.1) if rouma else (PIT - 0.1, PIT - 0.1)
        if (dx / limit_x) ** 2 + (dy / limit_y) ** 2 > 1:
            fold = math.sqrt((dx / limit_x) ** 2 + (dy / limit_y) ** 2)
            scale = (1 - ((fold - 1) % 0.8)) / fold
            dx, dy = dx * scale, dy * scale
        dx += rng.uniform(-0.018, 0.018)
        dy += rng.uniform(-0.018, 0.018)
        spots.append((dx, dy, rng.randrange(12) * 15, rng.randrange(len(SEED_COLOURS))))
    return tuple(spots)


@picture_cache(maxsize=512)
def seed_image(length: int, colour: Colour, angle: int) -> pygame.Surface:
    """A shaded bean of ``length`` pixels, turned by ``angle`` degrees."""
    width = max(4, round(length * 0.68))
    image = pygame.Surface((length + 4, width + 4), pygame.SRCALPHA)
    body = pygame.Rect(2, 2, length, width)
    pygame.draw.ellipse(image, (0, 0, 0, 90), body.move(1, 2))
    pygame.draw.ellipse(image, pieces.shade(colour, -0.35), body)
    pygame.draw.ellipse(image, colour, body.inflate(-2, -2))
    shine = pygame.Rect(0, 0, max(2, length // 3), max(2, width // 3))
    shine.center = (body.centerx - length // 6, body.centery - width // 6)
    pygame.draw.ellipse(image, pieces.shade(colour, 0.45), shine)
    eye = pieces.shade(colour, -0.5)
    pygame.gfxdraw.pixel(image, body.centerx + length // 4, body.centery, eye)
    return pygame.transform.rotate(image, angle)


def make(look: BoardLook) -> Renderer:
    return PitsRenderer(look)
