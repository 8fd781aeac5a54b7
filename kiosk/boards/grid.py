"""Boards of squares: reversi, tablut, latrunculi, rithmomachie.

A wooden frame with coordinates on all four sides (the far ones turned for the
player opposite) around the squares. Each game has its look: green felt and
star points for reversi, light wood with the throne and the escape edge for
tablut, engraved stone with marked corners for latrunculi, a chequer with the
two camps and the hatched pose lines for rithmomachie. The colours and the star
points come from the game's :class:`~kiosk.games.look.BoardLook`; the special
squares from the geometry's regions. The pieces are drawn by
:mod:`kiosk.boards.grid_pieces`.

A taller-than-wide board can be drawn turned (:meth:`GridRenderer.arrange`):
everything is drawn from the laid-out points, so hit tests stay right.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

import pygame
import pygame.gfxdraw

from engines.geometry import Geometry, Point
from kiosk.boards.base import OUTLINED, ROLE_COLOURS, BoardView, Renderer
from kiosk.boards.grid_pieces import grid_token
from kiosk.boards.pieces import shade
from kiosk.boards.wood import wood_panel
from kiosk.games.base import Token
from kiosk.games.look import PLAIN, BoardLook, Squares
from kiosk.ui.theme import PALETTE, SEAT_COLOURS, Colour, font

PLAIN_SQUARES = Squares(PALETTE.wood_light, PALETTE.wood_dark, PALETTE.wood_edge)
"""The squares of a game whose look has none: plain wood."""
EDGE_TINT: Colour = (178, 196, 184)
"""Tablut's escape squares: a pale sea green."""
THRONE: Colour = (150, 92, 56)
COORDINATE_INK: Colour = (252, 236, 206)


class GridRenderer(Renderer):
    padding = 0.92

    def __init__(self, look: BoardLook = PLAIN) -> None:
        super().__init__(look)
        self.squares = look.squares or PLAIN_SQUARES

    @staticmethod
    def arrange(geometry: Geometry) -> Geometry:
        """The geometry turned a quarter clockwise when it is taller than wide (the
        bottom row goes to the left), else as is; point indices do not change."""
        width, height = geometry.size
        if height <= width:
            return geometry
        top = max(p.y for p in geometry.points) + min(p.y for p in geometry.points)
        turned = tuple(Point(p.index, p.name, top - p.y, p.x) for p in geometry.points)
        return Geometry(geometry.kind, turned, geometry.edges, geometry.lines, geometry.regions,
                        geometry.rows, geometry.columns)

    # -- the empty board ----------------------------------------------------------

    def draw_background(self, surface: pygame.Surface, view: BoardView) -> None:
        look = self.squares
        wood_panel(surface, view.board_rect, seed=self.wood_seed(len(view.geometry.points)))
        field = field_rect(view)
        for point in view.geometry.points:
            colour = look.dark if (int(point.x) + int(point.y)) % 2 else look.light
            pygame.draw.rect(surface, colour, cell_rect(view, point.index))
        if look.grain:
            speckle(surface, field, look.grain, len(view.geometry.points))
        self.mark_regions(surface, view)
        self.grid_lines(surface, view, field)
        inner = field.inflate(6, 6)
        pygame.draw.rect(surface, PALETTE.wood_edge, inner, max(3, round(view.unit * 0.05)))
        pygame.draw.rect(surface, shade(PALETTE.wood_dark, 0.25), inner.inflate(4, 4), 1)
        self.coordinates(surface, view, field)

    def grid_lines(self, surface: pygame.Surface, view: BoardView, field: pygame.Rect) -> None:
        """Lines between the squares, engraved (a light edge under a dark one) on stone."""
        xs, ys = _edges(view)
        squares = self.squares
        width = max(1, round(view.unit * (0.035 if squares.engraved else 0.025)))
        inks = [(shade(squares.light, 0.4), width)] if squares.engraved else []
        for ink, offset in (*inks, (squares.line, 0)):
            for x in xs:
                pygame.draw.line(surface, ink, (x + offset, field.top),
                                 (x + offset, field.bottom), width)
            for y in ys:
                pygame.draw.line(surface, ink, (field.left, y + offset),
                                 (field.right, y + offset), width)

    def mark_regions(self, surface: pygame.Surface, view: BoardView) -> None:
        """The game's special squares, over the chequer."""
        regions, unit, line = view.geometry.regions, view.unit, self.squares.line
        if self.look.star_points:
            xs, ys = _edges(view)
            dot = max(3, round(unit * 0.07))
            for x in (xs[2], xs[-3]) if len(xs) > 6 else ():
                for y in (ys[2], ys[-3]) if len(ys) > 6 else ():
                    pygame.gfxdraw.aacircle(surface, x, y, dot, line)
                    pygame.gfxdraw.filled_circle(surface, x, y, dot, line)
        for index in regions.get("edge", ()):
            pygame.draw.rect(surface, EDGE_TINT, cell_rect(view, index))
            pygame.draw.rect(surface, shade(EDGE_TINT, -0.2), cell_rect(view, index, 0.8),
                             max(1, round(unit * 0.02)))
        for index in regions.get("throne", ()):
            pygame.draw.rect(surface, THRONE, cell_rect(view, index))
            star(surface, view.centres[index], unit * 0.36, PALETTE.gold)
        for index in regions.get("coins", ()):
            rect, width = cell_rect(view, index, 0.56), max(2, round(unit * 0.04))
            pygame.draw.line(surface, line, rect.topleft, rect.bottomright, width)
            pygame.draw.line(surface, line, rect.topright, rect.bottomleft, width)
            pygame.draw.ellipse(surface, line, cell_rect(view, index, 0.8), width)
        for name, squares in regions.items():
            colour = SEAT_COLOURS.get(name.partition("_")[2])
            if colour is None:
                continue
            dark = sum(colour) < 300
            for index in squares:
                if name.startswith("camp_"):
                    tint(surface, cell_rect(view, index), colour, 30 if dark else 22)
                elif name.startswith("pose_"):
                    hatch(surface, cell_rect(view, index), colour, 120 if dark else 160, unit)
        self.camp_border(surface, view)

    def camp_border(self, surface: pygame.Surface, view: BoardView) -> None:
        """A thick line where one camp meets the other."""
        camps = [squares for name, squares in view.geometry.regions.items()
                 if name.startswith("camp_")]
        if len(camps) != 2:
            return
        first = camps[0]
        by_cell = {(int(p.x), int(p.y)): p.index for p in view.geometry.points}
        half = view.unit / 2
        width = max(3, round(view.unit * 0.07))
        for (cx, cy), index in by_cell.items():
            for dx, dy in ((1, 0), (0, 1)):
                other = by_cell.get((cx + dx, cy + dy))
                if other is None or (index in first) == (other in first):
                    continue
                x, y = view.centres[index]
                if dx:
                    ends = ((x + half, y - half), (x + half, y + half))
                else:
                    ends = ((x - half, y + half), (x + half, y + half))
                pygame.draw.line(surface, PALETTE.accent, *ends, width)

    def coordinates(self, surface: pygame.Surface, view: BoardView, field: pygame.Rect) -> None:
        """Column and row names on the frame; the top and right ones turned for the far side
        (none on a thumbnail)."""
        margin = (self.padding - 0.5) * view.unit
        size = min(round(view.unit * 0.3), round(margin * 0.62))
        if size < 9:
            return  # a thumbnail: the frame is too narrow for legible names
        text_font = font(size, "sans-bold")
        gap = margin / 2 + 1
        for (axis, at), names in _labels(view).items():
            image = text_font.render(names, True, COORDINATE_INK)
            turned = pygame.transform.rotate(image, 180)
            if axis == "x":
                spots = ((at, field.bottom + gap, image), (at, field.top - gap, turned))
            else:
                spots = ((field.left - gap, at, image), (field.right + gap, at, turned))
            for x, y, picture in spots:
                surface.blit(picture, picture.get_rect(center=(round(x), round(y))))

    # -- highlights and pieces ------------------------------------------------------

    def draw_highlight(
        self, surface: pygame.Surface, view: BoardView, point: int, role: str, pulse: float
    ) -> None:
        """A rounded square: tinted under the pieces; on targets, a pulsing frame with
        corner dots that leave the piece's value readable."""
        colour = ROLE_COLOURS.get(role, PALETTE.legal)
        unit = view.unit
        rect = cell_rect(view, point, 0.94)
        radius = round(unit * 0.14)
        width = max(3, round(unit * (0.07 + 0.03 * pulse)))
        if role not in OUTLINED:
            tint(surface, rect, colour, 90, radius)
        pygame.draw.rect(surface, colour, rect, width, border_radius=radius)
        if role == "target":
            x, y = view.centres[point]
            dot = max(3, round(unit * 0.05))
            for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
                corner = (round(x + dx * unit * 0.3), round(y + dy * unit * 0.3))
                pygame.gfxdraw.filled_circle(surface, *corner, dot, colour)

    def draw_tokens(
        self, surface: pygame.Surface, view: BoardView, point: int, tokens: Sequence[Token]
    ) -> None:
        centre = view.centres[point]
        size = max(8, round(self.token_size(view)))
        for depth, token in enumerate(tokens):
            seat = token.seat
            colour = (view.colours[seat] if seat is not None and 0 <= seat < len(view.colours)
                      else PALETTE.ivory_dark)
            image = grid_token(token, size, colour)
            at = (round(centre[0]), round(centre[1] - depth * size * 0.08))
            surface.blit(image, image.get_rect(center=at))


def make(look: BoardLook) -> Renderer:
    return GridRenderer(look)


# -- drawing helpers -----------------------------------------------------------------


def cell_rect(view: BoardView, point: int, scale: float = 1.0) -> pygame.Rect:
    """The square of ``point`` scaled about its centre (1.0: the whole square)."""
    x, y = view.centres[point]
    half = view.unit * scale / 2
    left, top = round(x - half), round(y - half)
    return pygame.Rect(left, top, round(x + half) - left, round(y + half) - top)


def field_rect(view: BoardView) -> pygame.Rect:
    """The squares' area, from the laid-out points."""
    xs = [x for x, _ in view.centres]
    ys = [y for _, y in view.centres]
    half = view.unit / 2
    left, top = round(min(xs) - half), round(min(ys) - half)
    return pygame.Rect(left, top, round(max(xs) + half) - left, round(max(ys) + half) - top)


def _edges(view: BoardView) -> tuple[list[int], list[int]]:
    """Screen x of the vertical lines between squares and y of the horizontal ones."""
    half = view.unit / 2
    xs = sorted({round(x) for x, _ in view.centres})
    ys = sorted({round(y) for _, y in view.centres})
    return ([round(x - half) for x in xs] + [round(xs[-1] + half)],
            [round(y - half) for y in ys] + [round(ys[-1] + half)])


def _labels(view: BoardView) -> dict[tuple[str, float], str]:
    """For each screen column ("x", its x) and row ("y", its y), the part of the names
    its squares share (the letter or the number)."""
    columns: dict[float, list[str]] = {}
    rows: dict[float, list[str]] = {}
    for point, (x, y) in zip(view.geometry.points, view.centres, strict=True):
        columns.setdefault(round(x, 1), []).append(point.name)
        rows.setdefault(round(y, 1), []).append(point.name)
    out: dict[tuple[str, float], str] = {}
    for axis, groups in (("x", columns), ("y", rows)):
        for at, names in groups.items():
            for part in (str.isalpha, str.isdigit):
                found = {"".join(ch for ch in name if part(ch)) for name in names}
                if len(found) == 1 and len(names) > 1:
                    out[(axis, at)] = found.pop()
                    break
    return out


def tint(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, alpha: int,
         radius: int = 0) -> None:
    """``colour`` laid over ``rect`` at ``alpha``."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), border_radius=radius)
    surface.blit(layer, rect.topleft)


def hatch(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, alpha: int,
          unit: float) -> None:
    """Diagonal stripes over ``rect`` (rithmomachie's pose lines)."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    gap = max(6, round(unit * 0.16))
    width = max(2, round(unit * 0.045))
    for k in range(-rect.height, rect.width, gap):
        pygame.draw.line(layer, (*colour, alpha), (k, rect.height), (k + rect.height, 0), width)
    surface.blit(layer, rect.topleft)


def speckle(surface: pygame.Surface, rect: pygame.Rect, density: int, seed: int) -> None:
    """Fine light and dark specks, like felt or limestone (a tile repeated over ``rect``)."""
    tile = _speckles(density, seed)
    outer = surface.get_clip()
    surface.set_clip(rect.clip(outer))
    for x in range(rect.left, rect.right, tile.get_width()):
        for y in range(rect.top, rect.bottom, tile.get_height()):
            surface.blit(tile, (x, y))
    surface.set_clip(outer)


@lru_cache(maxsize=8)
def _speckles(density: int, seed: int, side: int = 160) -> pygame.Surface:
    rng = random.Random(seed)
    tile = pygame.Surface((side, side), pygame.SRCALPHA)
    for _ in range(side * side * density // 100):
        grey = rng.choice((0, 255))
        at = (rng.randrange(side), rng.randrange(side))
        tile.set_at(at, (grey, grey, grey, rng.randint(10, 34)))
    return tile


def star(surface: pygame.Surface, centre: tuple[float, float], radius: float,
         colour: Colour) -> None:
    """An eight-pointed star (tablut's throne)."""
    x, y = centre
    points = [
        (x + (radius if k % 2 == 0 else radius * 0.45) * math.cos(k * math.pi / 8 - math.pi / 2),
         y + (radius if k % 2 == 0 else radius * 0.45) * math.sin(k * math.pi / 8 - math.pi / 2))
        for k in range(16)
    ]
    pygame.gfxdraw.aapolygon(surface, points, colour)
    pygame.gfxdraw.filled_polygon(surface, points, colour)
    pygame.gfxdraw.filled_circle(surface, round(x), round(y), max(2, round(radius * 0.22)), THRONE)
