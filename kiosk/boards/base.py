"""A board on screen: where each point is, what is drawn under the pieces.

:class:`BoardView` fits a game's geometry into a rectangle of the canvas,
answers "which point is under this finger", and draws the board in layers:
the cached background (the renderer of the geometry's kind), highlights,
then the tokens. Renderers know nothing of the rules.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import pygame

from engines.geometry import Geometry
from kiosk.boards import pieces
from kiosk.games.base import Token
from kiosk.ui.theme import PALETTE, Colour

ROLE_COLOURS: dict[str, Colour] = {
    "target": PALETTE.legal,
    "selected": PALETTE.gold,
    "last": (120, 170, 230),
    "remove": PALETTE.accent,
    "error": PALETTE.warning,
    "hint": (150, 120, 230),
    "raichi": (236, 72, 56),
}
"""Highlight roles: legal target, touched piece, last move, to remove, wrong, hint, and
a king's free way to the edge (tablut's Raichi)."""


class Renderer:
    """Draws one kind of board. Subclasses draw the background."""

    padding = 0.6
    """Board units of margin around the outermost points."""

    def draw_background(self, surface: pygame.Surface, view: BoardView) -> None:
        surface.fill(PALETTE.wood_light)

    def arrange(self, geometry: Geometry) -> Geometry:
        """The layout to draw (a renderer may turn a tall board sideways; indices stay)."""
        return geometry

    def point_at(self, view: BoardView, pos: tuple[float, float]) -> int | None:
        """The point whose drawn area holds ``pos``, when the renderer knows better than
        the distance to the centre (a whole triangle, a flap, a pit); ``None`` otherwise."""
        return None

    def token_size(self, view: BoardView) -> float:
        """Diameter of a piece, in pixels."""
        return view.unit * 0.82

    def draw_tokens(
        self, surface: pygame.Surface, view: BoardView, point: int, tokens: Sequence[Token]
    ) -> None:
        """Draw what stands on ``point`` (stacked tokens one over the other)."""
        centre = view.centres[point]
        size = self.token_size(view)
        for depth, token in enumerate(tokens):
            offset = depth * size * 0.08
            pieces.draw_token(surface, token, (centre[0], centre[1] - offset), size, view.colours)

    def draw_highlight(
        self, surface: pygame.Surface, view: BoardView, point: int, role: str, pulse: float
    ) -> None:
        """A coloured ring (or dot on an empty target) around ``point``."""
        colour = ROLE_COLOURS.get(role, PALETTE.legal)
        x, y = view.centres[point]
        if role == "raichi":
            r = view.unit * 0.16
            diamond = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
            pygame.draw.polygon(surface, colour, [(round(a), round(b)) for a, b in diamond])
            return
        radius = view.unit * 0.46
        width = max(3, int(view.unit * (0.07 + 0.03 * pulse)))
        pygame.draw.circle(surface, colour, (round(x), round(y)), round(radius), width)
        if role == "target":
            pygame.draw.circle(
                surface, colour, (round(x), round(y)), max(4, round(view.unit * 0.12))
            )


class BoardView:
    """A geometry fitted into a rectangle, with its renderer and cached background."""

    def __init__(
        self,
        geometry: Geometry,
        rect: pygame.Rect,
        renderer: Renderer,
        colours: Sequence[Colour],
    ) -> None:
        geometry = renderer.arrange(geometry)
        self.geometry = geometry
        self.rect = pygame.Rect(rect)
        self.renderer = renderer
        self.colours = tuple(colours)
        xs = [p.x for p in geometry.points]
        ys = [p.y for p in geometry.points]
        pad = renderer.padding
        self.min_x, self.min_y = min(xs) - pad, min(ys) - pad
        width_units = max(xs) + pad - self.min_x
        height_units = max(ys) + pad - self.min_y
        self.unit = min(self.rect.width / width_units, self.rect.height / height_units)
        used_w, used_h = width_units * self.unit, height_units * self.unit
        self.origin = (
            self.rect.x + (self.rect.width - used_w) / 2,
            self.rect.y + (self.rect.height - used_h) / 2,
        )
        self.board_rect = pygame.Rect(
            round(self.origin[0]), round(self.origin[1]), round(used_w), round(used_h)
        )
        self.centres: list[tuple[float, float]] = [
            self.to_screen(p.x, p.y) for p in geometry.points
        ]
        self._background: pygame.Surface | None = None

    def free_spot(self, width: int, height: int) -> tuple[int, int]:
        """A centre where a ``width`` × ``height`` thing (the dice) covers no point:
        the board's right half (the tables' own place), below the board when the
        area has room, or a corner of the board; the first that is free."""
        board, area = self.board_rect, self.rect
        reach = self.unit * 0.45
        spots = [
            (board.centerx + board.width // 4, board.centery),
            (board.centerx, board.bottom + 30 + height // 2),
            (board.x + width // 2 + 24, board.y + height // 2 + 16),
            (board.right - width // 2 - 24, board.y + height // 2 + 16),
            (board.x + width // 2 + 24, board.bottom - height // 2 - 16),
            (board.right - width // 2 - 24, board.bottom - height // 2 - 16),
        ]
        for centre in spots:
            rect = pygame.Rect(0, 0, width, height)
            rect.center = centre
            if not area.contains(rect):
                continue
            if not any(rect.inflate(2 * reach, 2 * reach).collidepoint(c) for c in self.centres):
                return centre
        return spots[0]

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        """Canvas coordinates of a layout position."""
        return (
            self.origin[0] + (x - self.min_x) * self.unit,
            self.origin[1] + (y - self.min_y) * self.unit,
        )

    def point_at(self, pos: tuple[float, float], reach: float = 0.55) -> int | None:
        """The point under ``pos`` (the renderer's area, else within ``reach`` units)."""
        found = self.renderer.point_at(self, pos)
        if found is not None:
            return found
        best, best_distance = None, reach * self.unit
        for index, (x, y) in enumerate(self.centres):
            distance = math.hypot(pos[0] - x, pos[1] - y)
            if distance <= best_distance:
                best, best_distance = index, distance
        return best

    def background(self) -> pygame.Surface:
        """The empty board, drawn once (the canvas-sized layer under the pieces)."""
        if self._background is None:
            surface = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            local = BoardView(
                self.geometry, pygame.Rect((0, 0), self.rect.size), self.renderer, self.colours
            )
            self.renderer.draw_background(surface, local)
            self._background = surface
        return self._background

    def draw(
        self,
        canvas: pygame.Surface,
        tokens: Mapping[int, Sequence[Token]],
        highlights: Mapping[int, str] = {},
        hidden: frozenset[int] = frozenset(),
        pulse: float = 0.0,
    ) -> None:
        """Background, highlights under the pieces, pieces, then target marks."""
        canvas.blit(self.background(), self.rect.topleft)
        for point, role in highlights.items():
            if role != "target":
                self.renderer.draw_highlight(canvas, self, point, role, pulse)
        for point, stack in tokens.items():
            if point not in hidden and stack:
                self.renderer.draw_tokens(canvas, self, point, stack)
        for point, role in highlights.items():
            if role == "target":
                self.renderer.draw_highlight(canvas, self, point, role, pulse)
