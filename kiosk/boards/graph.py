"""Line boards: points joined by drawn lines (moulin, assaut, barricades).

Moulin and assaut are engraved in light wood: grooves for the lines, holes
for the points, coordinates in the frame; assaut's fortress is tinted like
stone. Barricades is a painted board: a path network of round stops, the
starting places of the barricades in red, the four houses in their
colours (dimmed when nobody plays them) and the goal as a golden star.
Several tokens on one point (pawns waiting in a house) are drawn as a
small cluster that stays inside the point's touch radius.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame
import pygame.gfxdraw

from kiosk.boards import pieces
from kiosk.boards.base import ROLE_COLOURS, BoardView, Renderer
from kiosk.boards.wood import wood_panel
from kiosk.games.base import Token
from kiosk.games.look import BoardLook
from kiosk.ui.pictures import picture_cache
from kiosk.ui.theme import PALETTE, SEAT_COLOURS, Colour, font

Pos = tuple[float, float]

GROOVE: Colour = (92, 58, 30)
GROOVE_LIGHT: Colour = (236, 200, 150)
ENGRAVED_WOOD: Colour = (206, 160, 104)
FORTRESS_TINT = (110, 112, 120, 95)
FORTRESS_EDGE: Colour = (88, 84, 86)
PAINT: Colour = (236, 226, 196)
PATH_INK: Colour = (70, 52, 40)
STOP: Colour = (250, 246, 236)
DARK_STOP: Colour = (170, 46, 40)
GOAL_GOLD: Colour = (240, 192, 64)
BARRIER_WHITE: Colour = (246, 244, 240)
BARRIER_RED: Colour = (206, 36, 36)
STOP_RADIUS = 0.36
"""A barricades point's painted disc, in board units (its ink ring around it)."""


def thick_line(surface: pygame.Surface, a: Pos, b: Pos, width: float, colour: Colour) -> None:
    """An antialiased line of ``width`` pixels with round ends."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    corners = ((a, 1), (b, 1), (b, -1), (a, -1))
    pts = [(round(p[0] + side * nx), round(p[1] + side * ny)) for p, side in corners]
    pygame.gfxdraw.aapolygon(surface, pts, colour)
    pygame.gfxdraw.filled_polygon(surface, pts, colour)
    r = max(1, round(width / 2))
    for end in (a, b):
        pygame.gfxdraw.filled_circle(surface, round(end[0]), round(end[1]), r, colour)
        pygame.gfxdraw.aacircle(surface, round(end[0]), round(end[1]), r, colour)


def aa_disc(surface: pygame.Surface, centre: Pos, radius: float, colour: Colour) -> None:
    """A filled, antialiased circle."""
    x, y, r = round(centre[0]), round(centre[1]), max(1, round(radius))
    pygame.gfxdraw.filled_circle(surface, x, y, r, colour)
    pygame.gfxdraw.aacircle(surface, x, y, r, colour)


def box(x: float, y: float, width: float, height: float) -> pygame.Rect:
    """A rectangle from float pixel coordinates."""
    return pygame.Rect(round(x), round(y), round(width), round(height))


def star(centre: Pos, outer: float, inner: float, tips: int = 5) -> list[Pos]:
    """Outline of a star with its first tip up."""
    x, y = centre
    return [
        (
            x + (outer if k % 2 == 0 else inner) * math.cos(-math.pi / 2 + k * math.pi / tips),
            y + (outer if k % 2 == 0 else inner) * math.sin(-math.pi / 2 + k * math.pi / tips),
        )
        for k in range(2 * tips)
    ]


GOAL_WORD = {"fr": "BUT", "en": "GOAL"}
"""The word on the goal's plaque, in the screen's language."""


@picture_cache(maxsize=16)
def barricade_image(size: int) -> pygame.Surface:
    """A barricade: a white block ringed in red with a red bar, like a no-entry sign."""
    side = round(size * 1.3)
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    centre, radius = (side / 2, side / 2), size / 2
    pieces.disc(image, centre, radius, BARRIER_WHITE)
    aa_disc(image, centre, radius * 0.86, BARRIER_RED)
    aa_disc(image, centre, radius * 0.66, BARRIER_WHITE)
    bar = box(centre[0] - radius * 0.5, centre[1] - radius * 0.16, radius, radius * 0.32)
    pygame.draw.rect(image, BARRIER_RED, bar, border_radius=max(1, round(radius * 0.08)))
    return image


class GraphRenderer(Renderer):
    """Engraved line boards (moulin, assaut): grooves, holes and coordinates."""

    padding = 1.0
    token_scale = 0.7

    def draw_background(self, surface: pygame.Surface, view: BoardView) -> None:
        wood_panel(surface, view.board_rect, seed=self.wood_seed(len(view.geometry.points)),
                   base=ENGRAVED_WOOD)
        self.mark_regions(surface, view)
        width = max(3.0, view.unit * 0.075)
        for a, b in view.geometry.edges:
            self.groove(surface, view.centres[a], view.centres[b], width)
        for centre in view.centres:
            self.hole(surface, centre, view.unit * 0.15)
        self.coordinates(surface, view)

    def groove(self, surface: pygame.Surface, a: Pos, b: Pos, width: float) -> None:
        """A line cut into the wood: a light lip under a dark channel."""
        lip = max(1.0, width * 0.3)
        below = ((a[0] + lip * 0.5, a[1] + lip), (b[0] + lip * 0.5, b[1] + lip))
        thick_line(surface, *below, width, GROOVE_LIGHT)
        thick_line(surface, a, b, width, GROOVE)

    def hole(self, surface: pygame.Surface, centre: Pos, radius: float) -> None:
        """A point drilled into the board: rim, shadowed bottom, light far edge."""
        x, y = centre
        aa_disc(surface, (x + radius * 0.12, y + radius * 0.18), radius * 1.12, GROOVE_LIGHT)
        aa_disc(surface, centre, radius, (60, 36, 18))
        aa_disc(surface, (x + radius * 0.18, y + radius * 0.22), radius * 0.72, (112, 74, 42))

    def mark_regions(self, surface: pygame.Surface, view: BoardView) -> None:
        """Assaut's fortress as a tinted stone court with battlements."""
        fortress = view.geometry.regions.get("forteresse")
        if not fortress:
            return
        xs = [view.centres[i][0] for i in fortress]
        ys = [view.centres[i][1] for i in fortress]
        margin = view.unit * 0.42
        rect = box(min(xs) - margin, min(ys) - margin,
                   max(xs) - min(xs) + 2 * margin, max(ys) - min(ys) + 2 * margin)
        rounding = round(view.unit * 0.12)
        court = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(court, FORTRESS_TINT, court.get_rect(), border_radius=rounding)
        surface.blit(court, rect.topleft)
        wall = max(4, round(view.unit * 0.08))
        pygame.draw.rect(surface, FORTRESS_EDGE, rect, wall, border_radius=rounding)
        tooth = view.unit * 0.2
        for side in ("top", "left", "right"):
            horizontal = side == "top"
            length = rect.width if horizontal else rect.height * 0.55
            count = max(3, int(length / (tooth * 1.6)) | 1)
            gap = (length - tooth) / (count - 1)
            for k in range(0, count, 2):
                if horizontal:
                    corner = (rect.x + k * gap, rect.top - tooth * 0.75)
                elif side == "left":
                    corner = (rect.left - tooth * 0.75, rect.y + k * gap)
                else:
                    corner = (rect.right - tooth * 0.25, rect.y + k * gap)
                merlon = box(*corner, tooth, tooth)
                pygame.draw.rect(surface, FORTRESS_EDGE, merlon, border_radius=2)

    def coordinates(self, surface: pygame.Surface, view: BoardView) -> None:
        """Column letters under the board, row numbers on its left, from point names."""
        points = view.geometry.points
        if not all(p.name[:1].isalpha() and p.name[1:].isdigit() for p in points):
            return
        text_font = font(max(12, round(view.unit * 0.3)), "sans-bold")
        ink = (96, 60, 30)
        bottom = max(p.y for p in points) + 0.62
        left = min(p.x for p in points) - 0.62
        columns: dict[float, str] = {}
        rows: dict[float, str] = {}
        for p in points:
            columns[p.x] = p.name[0]
            rows[p.y] = p.name[1:]
        labels = [(letter, (x, bottom)) for x, letter in columns.items()]
        labels += [(number, (left, y)) for y, number in rows.items()]
        for text, (x, y) in labels:
            image = text_font.render(text, True, ink)
            sx, sy = view.to_screen(x, y)
            surface.blit(image, image.get_rect(center=(round(sx), round(sy))))

    def draw_tokens(
        self, surface: pygame.Surface, view: BoardView, point: int, tokens: Sequence[Token]
    ) -> None:
        """One piece on its point (officers larger); several as a cluster within touch reach."""
        each = [Token(t.seat, t.shape) for t in tokens for _ in range(max(1, t.count))]
        house = point in view.geometry.regions.get("maisons", ())
        if (len(each) > 1 or house) and not any(t.label for t in tokens):
            self.draw_cluster(surface, view, point, each)
            return
        size = self.token_size(view) * SHAPE_SCALE.get(tokens[0].shape, 1.0)
        centre = view.centres[point]
        for depth, token in enumerate(tokens):
            spot = (centre[0], centre[1] - depth * size * 0.08)
            if token.shape == "barricade":
                image = barricade_image(max(8, round(size)))
                surface.blit(image, image.get_rect(center=(round(spot[0]), round(spot[1]))))
            else:
                pieces.draw_token(surface, token, spot, size, view.colours)

    def draw_highlight(
        self, surface: pygame.Surface, view: BoardView, point: int, role: str, pulse: float
    ) -> None:
        """Rings wide enough to show around the larger pieces (officers, barricades)."""
        if role == "target":
            super().draw_highlight(surface, view, point, role, pulse)
            return
        colour = ROLE_COLOURS.get(role, PALETTE.legal)
        x, y = view.centres[point]
        width = max(3, int(view.unit * (0.08 + 0.03 * pulse)))
        pygame.draw.circle(surface, colour, (round(x), round(y)), round(view.unit * 0.52), width)

    def draw_cluster(
        self, surface: pygame.Surface, view: BoardView, point: int, each: Sequence[Token]
    ) -> None:
        """Up to five pieces like a die's face, more on a ring, all near the point."""
        cx, cy = view.centres[point]
        u = view.unit
        size = u * 0.3
        if len(each) <= 5:
            spots = QUINCUNX[len(each)]
        else:
            turn = math.tau / len(each)
            spots = [(0.3 * math.sin(k * turn), -0.3 * math.cos(k * turn))
                     for k in range(len(each))]
        for token, (dx, dy) in zip(each, spots, strict=False):
            pieces.draw_token(surface, token, (cx + dx * u, cy + dy * u), size, view.colours)


SHAPE_SCALE = {"officer": 1.2, "king": 1.2, "barricade": 1.05}
"""Pieces drawn larger than the board's usual size."""
QUINCUNX: dict[int, list[Pos]] = {
    1: [(0.0, 0.14)],
    2: [(-0.16, 0.14), (0.16, 0.14)],
    3: [(-0.16, 0.0), (0.16, 0.0), (0.0, 0.31)],
    4: [(-0.16, 0.0), (0.16, 0.0), (-0.16, 0.31), (0.16, 0.31)],
    5: [(-0.31, 0.0), (0.0, 0.0), (0.31, 0.0), (-0.16, 0.31), (0.16, 0.31)],
}
"""Offsets (board units) of a few pieces sharing a point, a little low: inside a house's door."""


class BarricadesRenderer(GraphRenderer):
    """The painted barricades board: paths, red starting places, houses, the goal."""

    padding = 0.8
    token_scale = 0.78

    def margins(self) -> tuple[float, float]:
        """Narrow sides (the points' discs and the painted edge), so that neighbouring
        points stand more than 60 px apart at 1920 × 1080: a finger's width each."""
        return (0.66, self.padding)

    def draw_background(self, surface: pygame.Surface, view: BoardView) -> None:
        geometry = view.geometry
        wood_panel(surface, view.board_rect, seed=self.wood_seed(7), base=PALETTE.wood_dark)
        inner = view.board_rect.inflate(-round(view.unit * 0.36), -round(view.unit * 0.36))
        pygame.draw.rect(surface, PAINT, inner, border_radius=round(view.unit * 0.3))
        pygame.draw.rect(surface, PATH_INK, inner, 3, border_radius=round(view.unit * 0.3))
        regions = geometry.regions
        houses = regions.get("maisons", frozenset())
        goal = regions.get("but", frozenset())
        dark = regions.get("barricades_depart", frozenset())
        width = max(4.0, view.unit * 0.14)
        for a, b in geometry.edges:
            thick_line(surface, view.centres[a], view.centres[b], width, PATH_INK)
        for index in houses:
            self.house(surface, view, index)
        radius = view.unit * STOP_RADIUS
        for point in geometry.points:
            if point.index in houses or point.index in goal:
                continue
            centre = view.centres[point.index]
            aa_disc(surface, centre, radius + max(2, view.unit * 0.05), PATH_INK)
            aa_disc(surface, centre, radius, STOP)
            if point.index in dark:  # a barricade's starting place: a red ring
                aa_disc(surface, centre, radius * 0.78, DARK_STOP)
                aa_disc(surface, centre, radius * 0.56, STOP)
        for index in goal:
            self.goal(surface, view, index)

    def house_colour(self, view: BoardView, index: int) -> tuple[Colour, bool]:
        """A house's colour and whether a player uses it (seats fill houses left to right)."""
        regions = view.geometry.regions
        for name, members in regions.items():
            if name.startswith("maison_") and index in members:
                colour = SEAT_COLOURS.get(name[len("maison_"):], PALETTE.gold)
                order = sorted(regions.get("maisons", ()))
                seat = order.index(index) if index in order else 99
                return colour, seat < len(view.colours)
        return PALETTE.gold, True

    def house(self, surface: pygame.Surface, view: BoardView, index: int) -> None:
        """A little house in the player's colour, roof towards its exit."""
        colour, used = self.house_colour(view, index)
        if not used:
            colour = pieces.shade(pieces.shade(colour, 0.55), -0.1)
        x, y = view.centres[index]
        u = view.unit
        half, eaves, bottom, apex = u * 0.62, y - u * 0.22, y + u * 0.56, y - u * 0.58
        body = [(x - half, eaves), (x, apex), (x + half, eaves),
                (x + half, bottom), (x - half, bottom)]
        pieces.polygon(surface, body, colour)
        if used:
            door = box(x - u * 0.45, y - u * 0.2, u * 0.9, u * 0.68)
            rounding = round(u * 0.12)
            pygame.draw.rect(surface, pieces.shade(colour, 0.6), door, border_radius=rounding)
            pygame.draw.rect(surface, pieces.shade(colour, -0.35), door, 2, border_radius=rounding)

    def goal(self, surface: pygame.Surface, view: BoardView, index: int) -> None:
        """The goal: a golden plaque, a star medallion, its word and a chequered flag."""
        x, y = view.centres[index]
        u = view.unit
        plaque = box(x - u * 1.75, y - u * 0.4, u * 3.5, u * 0.8)
        rounding = round(u * 0.3)
        shadow = pieces.shade(GOAL_GOLD, -0.45)
        pygame.draw.rect(surface, shadow, plaque.move(0, 3), border_radius=rounding)
        pygame.draw.rect(surface, GOAL_GOLD, plaque, border_radius=rounding)
        pygame.draw.rect(surface, PATH_INK, plaque, 3, border_radius=rounding)
        aa_disc(surface, (x, y), u * 0.5, PATH_INK)
        aa_disc(surface, (x, y), u * 0.45, (150, 36, 32))
        pieces.polygon(surface, star((x, y + u * 0.03), u * 0.4, u * 0.17), GOAL_GOLD)
        text_font = font(max(14, round(u * 0.34)), "serif-bold")
        image = text_font.render(GOAL_WORD.get(view.lang, GOAL_WORD["fr"]), True, PATH_INK)
        surface.blit(image, image.get_rect(center=(round(x - u * 1.1), round(y))))
        cell = max(3, round(u * 0.1))
        left, top = round(x + u * 0.82), round(y - cell * 2)
        pygame.draw.line(surface, PATH_INK, (left, top), (left, top + cell * 5), max(2, cell // 3))
        for row in range(3):
            for col in range(4):
                colour = PATH_INK if (row + col) % 2 == 0 else STOP
                square = pygame.Rect(left + 2 + col * cell, top + row * cell, cell, cell)
                pygame.draw.rect(surface, colour, square)


def make(look: BoardLook) -> Renderer:
    """The renderer of a line board: painted when the look says so (barricades),
    engraved otherwise."""
    if look.renderer == "painted":
        return BarricadesRenderer(look)
    return GraphRenderer(look)
