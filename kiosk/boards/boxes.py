"""Shut the box: a wooden box with a row of numbered flaps.

An open box is an ivory flap standing up in its slot with its number large;
a shut one is folded down onto the rail in front, darker, its number dim,
and its slot is an empty dark hollow. The background draws every box shut;
the ``flap`` tokens of the open boxes stand them up (and cover the folded
look).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from kiosk.boards import pieces
from kiosk.boards.base import OUTLINED, ROLE_COLOURS, BoardView, Renderer
from kiosk.boards.wood import wood_panel
from kiosk.games.base import Token
from kiosk.games.look import BoardLook
from kiosk.ui.theme import PALETTE, Colour, font

Pos = tuple[float, float]

HOLLOW: Colour = (46, 28, 16)
RAIL: Colour = (122, 78, 42)
FOLDED: Colour = (168, 116, 66)
FOLDED_INK: Colour = (104, 68, 36)
FLAP: Colour = (244, 234, 208)
FLAP_EDGE: Colour = (176, 150, 110)
FLAP_INK: Colour = (44, 32, 24)

HALF = 0.44
"""Half the width of a flap, in units."""
TOP, HINGE, FRONT = -0.9, 0.55, 1.12
"""Top of a standing flap, its hinge, the front edge of a folded one (units)."""


class BoxesRenderer(Renderer):
    """The box, its slots and flaps."""

    padding = 1.45

    marks_over_pieces = True

    def rect(self, view: BoardView, x0: float, y0: float, x1: float, y1: float) -> pygame.Rect:
        a, b = view.to_screen(x0, y0), view.to_screen(x1, y1)
        return pygame.Rect(round(a[0]), round(a[1]), round(b[0] - a[0]), round(b[1] - a[1]))

    def standing(self, view: BoardView, point: int) -> pygame.Rect:
        """Where the flap of ``point`` stands when open."""
        x = view.geometry.points[point].x
        return self.rect(view, x - HALF, TOP, x + HALF, HINGE)

    def folded(self, view: BoardView, point: int) -> pygame.Rect:
        """Where it lies once shut."""
        x = view.geometry.points[point].x
        return self.rect(view, x - HALF, HINGE, x + HALF, FRONT)

    def whole(self, view: BoardView, point: int) -> pygame.Rect:
        """The slot and the rail in front of it: where a finger means this box."""
        return self.standing(view, point).union(self.folded(view, point))

    def draw_background(self, surface: pygame.Surface, view: BoardView) -> None:
        wood_panel(surface, view.board_rect, seed=self.wood_seed(11), radius=24)
        points = view.geometry.points
        first, last = points[0].x, points[-1].x
        unit = view.unit
        inner = self.rect(view, first - 0.62, TOP - 0.22, last + 0.62, FRONT + 0.16)
        pygame.draw.rect(surface, RAIL, inner, border_radius=round(unit * 0.12))
        channel = self.rect(view, first - 0.56, TOP - 0.1, last + 0.56, HINGE)
        pygame.draw.rect(surface, HOLLOW, channel, border_radius=round(unit * 0.08))
        pygame.draw.rect(surface, PALETTE.wood_edge, inner, max(2, round(unit * 0.04)),
                         border_radius=round(unit * 0.12))
        for point in points:
            self.draw_folded(surface, view, point.index)

    def draw_folded(self, surface: pygame.Surface, view: BoardView, point: int) -> None:
        """A shut flap lying on the rail, its number squashed and dim."""
        rect = self.folded(view, point)
        pygame.draw.rect(surface, FOLDED, rect, border_radius=round(view.unit * 0.06))
        pygame.draw.rect(surface, pieces.shade(FOLDED, -0.3), rect, 2,
                         border_radius=round(view.unit * 0.06))
        name = view.geometry.points[point].name
        image = font(max(10, round(view.unit * 0.5)), "sans-bold").render(name, True, FOLDED_INK)
        image = pygame.transform.smoothscale(
            image, (image.get_width(), max(4, round(image.get_height() * 0.55))))
        surface.blit(image, image.get_rect(center=rect.center))

    def draw_tokens(
        self, surface: pygame.Surface, view: BoardView, point: int, tokens: Sequence[Token]
    ) -> None:
        if not any(token.shape == "flap" for token in tokens):
            super().draw_tokens(surface, view, point, tokens)
            return
        unit = view.unit
        folded = self.folded(view, point).inflate(4, 4)
        pygame.draw.rect(surface, RAIL, folded)
        rect = self.standing(view, point)
        shadow = rect.move(round(unit * 0.05), round(unit * 0.07))
        pygame.draw.rect(surface, (20, 12, 6), shadow, border_radius=round(unit * 0.08))
        pygame.draw.rect(surface, FLAP, rect, border_radius=round(unit * 0.08))
        top = rect.copy()
        top.height = max(2, rect.height // 5)
        corner = round(unit * 0.08)
        pygame.draw.rect(surface, pieces.shade(FLAP, 0.35), top, border_top_left_radius=corner,
                         border_top_right_radius=corner)
        pygame.draw.rect(surface, FLAP_EDGE, rect, max(2, round(unit * 0.03)),
                         border_radius=round(unit * 0.08))
        hinge = self.rect(view, view.geometry.points[point].x - HALF * 0.8, HINGE - 0.05,
                          view.geometry.points[point].x + HALF * 0.8, HINGE + 0.03)
        pygame.draw.rect(surface, (150, 140, 120), hinge, border_radius=2)
        label = tokens[0].label or view.geometry.points[point].name
        size = round(unit * (0.7 if len(label) < 2 else 0.56))
        pieces.label(surface, label, (rect.centerx, rect.centery - unit * 0.05), size, FLAP_INK)

    def draw_highlight(
        self, surface: pygame.Surface, view: BoardView, point: int, role: str, pulse: float
    ) -> None:
        colour = ROLE_COLOURS.get(role, PALETTE.legal)
        unit = view.unit
        width = max(3, round(unit * (0.06 + 0.03 * pulse)))
        rect = self.standing(view, point).inflate(width * 2 + 6, width * 2 + 6)
        radius = round(unit * 0.12)
        if role not in OUTLINED:  # drawn over the flap: its frame, thicker, not a glow
            width += max(2, round(unit * 0.03))
        pygame.draw.rect(surface, colour, rect, width, border_radius=radius)

    def point_at(self, view: BoardView, pos: Pos) -> int | None:
        """The box whose flap (standing or folded) contains ``pos``."""
        for point in range(len(view.geometry.points)):
            if self.whole(view, point).collidepoint(pos):
                return point
        return None


def make(look: BoardLook) -> Renderer:
    return BoxesRenderer(look)
