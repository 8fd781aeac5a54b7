"""Tables boards: backgammon and jacquet.

A wooden case with two fields of green felt, twelve long triangles
(« flèches ») in each, red and ivory by turns, the bar between the halves
and recessed trays for the borne-off checkers. Each point's number is
engraved in the frame for both players, each facing its owner (noir sits
at the bottom, blanc at the top); a look with the source's names (jacquet's
N1–B12) shows those instead, on a wider frame.

Checkers stand along their triangle from its base (up to five, the fifth
carrying the count of a taller stack), on the bar from its middle outwards,
and in the trays as thin slabs seen edge-on.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame
import pygame.gfxdraw

from kiosk.boards import pieces
from kiosk.boards.base import OUTLINED, ROLE_COLOURS, BoardView, Renderer
from kiosk.boards.wood import wood_panel
from kiosk.games.base import Token
from kiosk.games.look import PLAIN, BoardLook
from kiosk.ui.pictures import picture_cache
from kiosk.ui.theme import PALETTE, Colour, contrast, font

Pos = tuple[float, float]

FELT: Colour = (26, 82, 60)
FELT_DARK: Colour = (18, 58, 43)
RED: Colour = (176, 52, 40)
IVORY: Colour = (234, 220, 184)
BAR_WOOD: Colour = (118, 76, 42)
TRAY: Colour = (20, 50, 38)
NOIR_INK: Colour = (28, 22, 18)
BLANC_INK: Colour = (252, 244, 226)

MIDDLE = 5.5
"""The board's horizontal middle line, in layout units."""
TRIANGLE = 4.55
"""Length of a triangle from its base, in units."""
STEP = 0.9
"""Distance between stacked checkers, in units."""
ON_POINT, ON_BAR = 5, 4
"""Checkers drawn on a point or a bar before the count takes over."""
SLAB = 0.3
"""Height of a borne-off checker seen edge-on, in units."""


class TrackRenderer(Renderer):
    """Backgammon and jacquet boards drawn from the tables geometry."""

    padding = 1.45
    token_scale = 0.88

    def __init__(self, look: BoardLook = PLAIN) -> None:
        super().__init__(look)
        if look.source_names:
            self.padding = 1.8  # room for two names like "N10" in the frame

    # -- layout -------------------------------------------------------------------

    @staticmethod
    def kind(view: BoardView, point: int) -> str:
        """``point``, ``bar`` or ``off``."""
        if point < 24:
            return "point"
        return "bar" if view.geometry.points[point].name.startswith("bar") else "off"

    @staticmethod
    def outward(view: BoardView, point: int) -> float:
        """+1 when ``point``'s stack grows downwards on screen, -1 upwards."""
        y = view.geometry.points[point].y
        kind = TrackRenderer.kind(view, point)
        if kind == "bar":
            return -1.0 if y < MIDDLE else 1.0
        return 1.0 if y < MIDDLE else -1.0

    def triangle(self, view: BoardView, point: int) -> list[Pos]:
        """The three corners of a point's triangle on screen."""
        p = view.geometry.points[point]
        sign = 1.0 if p.y < MIDDLE else -1.0
        base = p.y - 0.5 * sign
        tip = base + TRIANGLE * sign
        half = 0.47
        return [view.to_screen(p.x - half, base), view.to_screen(p.x + half, base),
                view.to_screen(p.x, tip)]

    def tray_rect(self, view: BoardView, point: int) -> pygame.Rect:
        p = view.geometry.points[point]
        top, bottom = (0.0, MIDDLE - 0.3) if p.y < MIDDLE else (MIDDLE + 0.3, 11.0)
        return self.rect(view, p.x - 0.55, top, p.x + 0.55, bottom)

    def bar_rect(self, view: BoardView, point: int) -> pygame.Rect:
        p = view.geometry.points[point]
        top, bottom = (0.15, MIDDLE - 0.9) if p.y < MIDDLE else (MIDDLE + 0.9, 10.85)
        return self.rect(view, p.x - 0.48, top, p.x + 0.48, bottom)

    @staticmethod
    def rect(view: BoardView, x0: float, y0: float, x1: float, y1: float) -> pygame.Rect:
        a, b = view.to_screen(x0, y0), view.to_screen(x1, y1)
        return pygame.Rect(round(a[0]), round(a[1]), round(b[0] - a[0]), round(b[1] - a[1]))

    def slot(self, view: BoardView, point: int, depth: int) -> Pos:
        """Screen centre of the ``depth``-th checker of a point or bar."""
        p = view.geometry.points[point]
        sign = self.outward(view, point)
        return view.to_screen(p.x, p.y + sign * depth * STEP)

    # -- background ---------------------------------------------------------------

    def draw_background(self, surface: pygame.Surface, view: BoardView) -> None:
        wood_panel(surface, view.board_rect, seed=self.wood_seed(3), radius=22)
        unit = view.unit
        for x0, x1 in ((0.0, 6.0), (7.0, 13.0)):
            field = self.rect(view, x0, 0.0, x1, 11.0)
            pygame.draw.rect(surface, FELT, field)
            self.felt_grain(surface, field)
        bar = self.rect(view, 6.0, 0.0, 7.0, 11.0)
        pygame.draw.rect(surface, BAR_WOOD, bar)
        pygame.draw.line(surface, pieces.shade(BAR_WOOD, -0.4), bar.midtop, bar.midbottom, 2)
        for index in range(24):
            colour = RED if index % 2 == 0 else IVORY
            corners = self.triangle(view, index)
            pts = [(round(x), round(y)) for x, y in corners]
            pygame.gfxdraw.filled_polygon(surface, pts, colour)
            pygame.gfxdraw.aapolygon(surface, pts, pieces.shade(colour, -0.3))
        for x0, x1 in ((0.0, 6.0), (7.0, 13.0)):
            pygame.draw.rect(surface, PALETTE.wood_edge, self.rect(view, x0, 0.0, x1, 11.0),
                             max(2, round(unit * 0.05)))
        for point in range(24, len(view.geometry.points)):
            if self.kind(view, point) == "off":
                tray = self.tray_rect(view, point)
                pygame.draw.rect(surface, TRAY, tray, border_radius=round(unit * 0.15))
                pygame.draw.rect(surface, PALETTE.wood_edge, tray, max(2, round(unit * 0.05)),
                                 border_radius=round(unit * 0.15))
        self.numbers(surface, view)

    @staticmethod
    def felt_grain(surface: pygame.Surface, field: pygame.Rect) -> None:
        """A faint diagonal weave so the felt does not look flat."""
        grain = pygame.Surface(field.size, pygame.SRCALPHA)
        for offset in range(-field.height, field.width, 9):
            end = (offset + field.height, field.height)
            pygame.draw.line(grain, (*FELT_DARK, 40), (offset, 0), end)
        surface.blit(grain, field.topleft)

    def numbers(self, surface: pygame.Surface, view: BoardView) -> None:
        """Each point's number for noir (upright) and blanc (turned); with the source's
        names (jacquet) the point's name instead (N1…B12, the names its lessons and hints
        use), upright for noir and turned for blanc."""
        size = max(12, round(view.unit * 0.34))
        face = font(size, "sans-bold")
        for index in range(24):
            p = view.geometry.points[index]
            top = p.y < MIDDLE
            depth = (self.padding - 0.5) / 2
            frame_mid = -depth if top else 11.0 + depth
            names = self.look.source_names
            noir, blanc = (p.name, p.name) if names else self.route_numbers(index)
            noir_img = face.render(noir, True, NOIR_INK)
            blanc_img = pygame.transform.rotate(face.render(blanc, True, BLANC_INK), 180)
            lines = [(blanc_img, -0.2), (noir_img, 0.2)]
            for image, dy in lines:
                centre = view.to_screen(p.x, frame_mid + dy)
                surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))

    def route_numbers(self, index: int) -> tuple[str, str]:
        """Noir's and blanc's number of the point at ``index`` (noir's ``index + 1``)."""
        noir = index + 1
        return str(noir), str(25 - noir)

    # -- pieces -------------------------------------------------------------------

    def draw_tokens(
        self, surface: pygame.Surface, view: BoardView, point: int, tokens: Sequence[Token]
    ) -> None:
        for token in tokens:
            if token.seat is None or token.count <= 0:
                continue
            colour = view.colours[token.seat] if token.seat < len(view.colours) else PALETTE.gold
            if self.kind(view, point) == "off":
                self.draw_slabs(surface, view, point, token.count, colour)
                continue
            shown = ON_POINT if point < 24 else ON_BAR
            size = round(self.token_size(view))
            for depth in range(min(token.count, shown)):
                label = str(token.count) if token.count > shown and depth == shown - 1 else ""
                image = checker_image(colour, size, label)
                centre = self.slot(view, point, depth)
                surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))

    def draw_slabs(self, surface: pygame.Surface, view: BoardView, point: int, count: int,
                   colour: Colour) -> None:
        """Borne-off checkers standing on edge in the tray, from its outer end."""
        tray = self.tray_rect(view, point)
        unit = view.unit
        height = SLAB * unit
        sign = self.outward(view, point)
        width = tray.width - round(unit * 0.16)
        edge = pieces.shade(colour, -0.4)
        for k in range(min(count, 15)):
            if sign > 0:
                y = tray.top + unit * 0.08 + k * height
            else:
                y = tray.bottom - unit * 0.08 - (k + 1) * height
            slab = pygame.Rect(tray.centerx - width // 2, round(y + 1), width,
                               max(3, round(height - 2)))
            pygame.draw.rect(surface, colour, slab, border_radius=max(2, slab.height // 2))
            pygame.draw.rect(surface, edge, slab, 2, border_radius=max(2, slab.height // 2))
        end = min(count, 15)
        y_end = tray.top + unit * 0.08 + end * height + unit * 0.3 if sign > 0 else \
            tray.bottom - unit * 0.08 - end * height - unit * 0.3
        pieces.label(surface, str(count), (tray.centerx, y_end), round(unit * 0.36), BLANC_INK)

    # -- highlights ---------------------------------------------------------------

    def draw_highlight(
        self, surface: pygame.Surface, view: BoardView, point: int, role: str, pulse: float
    ) -> None:
        colour = ROLE_COLOURS.get(role, PALETTE.legal)
        width = max(3, round(view.unit * (0.07 + 0.03 * pulse)))
        if point < 24:
            band = self.band(view, point)
            radius = round(view.unit * 0.3)
            if role not in OUTLINED:
                glow = pygame.Surface(band.size, pygame.SRCALPHA)
                pygame.draw.rect(glow, (*colour, 130), glow.get_rect(), border_radius=radius)
                surface.blit(glow, band.topleft)
            frame = band.inflate(width, width)
            pygame.draw.rect(surface, colour, frame, width, border_radius=radius)
            if role == "target":
                tip = self.triangle(view, point)[2]
                y = tip[1] + self.outward(view, point) * view.unit * 0.42
                dot = max(5, round(view.unit * (0.13 + 0.03 * pulse)))
                pygame.gfxdraw.filled_circle(surface, round(tip[0]), round(y), dot, colour)
                pygame.gfxdraw.aacircle(surface, round(tip[0]), round(y), dot, colour)
            return
        box = self.box(view, point)
        radius = round(view.unit * 0.2)
        if role not in OUTLINED:
            glow = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (*colour, 110), glow.get_rect(), border_radius=radius)
            surface.blit(glow, box.topleft)
        pygame.draw.rect(surface, colour, box.inflate(width, width), width,
                         border_radius=round(view.unit * 0.2))

    def box(self, view: BoardView, point: int) -> pygame.Rect:
        """The bar half or the tray of a bar or tray point."""
        if self.kind(view, point) == "off":
            return self.tray_rect(view, point)
        return self.bar_rect(view, point)

    def band(self, view: BoardView, point: int) -> pygame.Rect:
        """The strip along a point, a little wider than its checkers."""
        p = view.geometry.points[point]
        sign = 1.0 if p.y < MIDDLE else -1.0
        base = p.y - 0.5 * sign
        ends = sorted((base + 0.04 * sign, base + (TRIANGLE + 0.12) * sign))
        return self.rect(view, p.x - 0.49, ends[0], p.x + 0.49, ends[1])

    def point_at(self, view: BoardView, pos: Pos) -> int | None:
        """The point whose triangle, bar half or tray contains ``pos`` (for a hit test
        that reaches the whole triangle, not only its base)."""
        x, y = pos
        for point in range(len(view.geometry.points)):
            kind = self.kind(view, point)
            if kind == "point":
                left, right, tip = self.triangle(view, point)
                top, bottom = min(left[1], tip[1]), max(left[1], tip[1])
                if left[0] <= x <= right[0] and top <= y <= bottom:
                    return point
            elif self.box(view, point).collidepoint(x, y):
                return point
        return None


@picture_cache(maxsize=64)
def checker_image(colour: Colour, size: int, label: str) -> pygame.Surface:
    """A turned wooden checker: shaded disc, a groove ring, the count if any."""
    side = max(8, round(size * 1.3))
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    centre = (side / 2, side / 2)
    radius = size / 2
    pieces.disc(image, centre, radius, colour)
    groove = pieces.shade(colour, -0.28 if sum(colour) > 300 else 0.3)
    cx, cy = round(centre[0]), round(centre[1])
    ring = max(2, round(radius * 0.62))
    pygame.draw.circle(image, groove, (cx, cy), ring, max(2, round(size * 0.035)))
    if label:
        pieces.label(image, label, centre, round(size * 0.5), contrast(colour))
    return image


def make(look: BoardLook) -> Renderer:
    return TrackRenderer(look)


