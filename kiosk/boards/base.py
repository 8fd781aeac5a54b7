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
from kiosk.games.base import Token, Trace
from kiosk.games.look import PLAIN, BoardLook
from kiosk.ui.theme import PALETTE, Colour, font

LAST: Colour = (120, 170, 230)
"""The last move's colour (and, in lessons, "look here")."""
ROLE_COLOURS: dict[str, Colour] = {
    "target": PALETTE.legal,
    "selected": PALETTE.gold,
    "last": LAST,
    "last-from": LAST,
    "taken": LAST,
    "remove": PALETTE.accent,
    "error": PALETTE.warning,
    "hint": (150, 120, 230),
    "raichi": (236, 72, 56),
}
"""Highlight roles: legal target, touched piece, last move (where it stopped, where it
left, what it took), to remove, wrong, hint, and a king's free way to the edge (tablut's
Raichi)."""
OUTLINED = frozenset({"target", "last-from", "taken"})
"""Roles drawn as a frame only (the others also tint the point)."""
TRAIL_INK: Colour = (24, 44, 74)


class Renderer:
    """Draws one kind of board. Subclasses draw the background."""

    padding = 0.6
    """Board units of margin around the outermost points."""
    token_scale = 0.82
    """Diameter of a piece in board units, unless the game's look says otherwise."""
    marks_over_pieces = False
    """Whether every mark is drawn over the pieces (a board whose pieces stand close
    together, like shut the box's flaps, would hide a mark drawn under them)."""

    def __init__(self, look: BoardLook = PLAIN) -> None:
        self.look = look
        """How the game's board differs from the plain board of this kind."""

    def wood_seed(self, usual: int) -> int:
        """The grain of the board's wood: the look's, else ``usual``."""
        return usual if self.look.wood_seed is None else self.look.wood_seed

    def margins(self) -> tuple[float, float]:
        """Board units of margin left and right, and above and below, the outermost points."""
        return (self.padding, self.padding)

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
        scale = self.look.token_scale
        return view.unit * (self.token_scale if scale is None else scale)

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
        top: bool = False,
        lang: str = "fr",
    ) -> None:
        """``top``: the board stands at the top of ``rect`` (room left under it), not
        in its middle; ``lang``: the screen's language, for words drawn on the board."""
        geometry = renderer.arrange(geometry)
        self.geometry = geometry
        self.top = top
        self.lang = lang
        self.rect = pygame.Rect(rect)
        self.renderer = renderer
        self.colours = tuple(colours)
        xs = [p.x for p in geometry.points]
        ys = [p.y for p in geometry.points]
        pad_x, pad_y = renderer.margins()
        self.min_x, self.min_y = min(xs) - pad_x, min(ys) - pad_y
        width_units = max(xs) + pad_x - self.min_x
        height_units = max(ys) + pad_y - self.min_y
        self.unit = min(self.rect.width / width_units, self.rect.height / height_units)
        used_w, used_h = width_units * self.unit, height_units * self.unit
        self.origin = (
            self.rect.x + (self.rect.width - used_w) / 2,
            self.rect.y + (0 if top else (self.rect.height - used_h) / 2),
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
                self.geometry, pygame.Rect((0, 0), self.rect.size), self.renderer, self.colours,
                self.top, self.lang,
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
        trail: Sequence[Trace] = (),
    ) -> None:
        """Background, highlights under the pieces, pieces, the last move's arrows, then
        target marks."""
        canvas.blit(self.background(), self.rect.topleft)
        over = self.renderer.marks_over_pieces
        for point, role in highlights.items():
            if role != "target" and not over:
                self.renderer.draw_highlight(canvas, self, point, role, pulse)
            if role == "taken":
                self.cross(canvas, point)
        for point, stack in tokens.items():
            if point not in hidden and stack:
                self.renderer.draw_tokens(canvas, self, point, stack)
        self.draw_trail(canvas, trail)
        for point, role in highlights.items():
            if role == "target" or over:
                self.renderer.draw_highlight(canvas, self, point, role, pulse)

    def cross(self, canvas: pygame.Surface, point: int) -> None:
        """A cross where a piece was taken (under the pieces: hidden by a turned disc)."""
        x, y = self.centres[point]
        r, width = self.unit * 0.2, max(3, round(self.unit * 0.07))
        for dx in (-r, r):
            pygame.draw.line(canvas, LAST, (round(x - dx), round(y - r)),
                             (round(x + dx), round(y + r)), width)

    def draw_trail(self, canvas: pygame.Surface, trail: Sequence[Trace]) -> None:
        """An arrow from where each piece of the last move left to where it stopped,
        between the pieces, with the die it used."""
        for trace in trail:
            if trace.origin is None or trace.target is None:
                continue
            (x0, y0), (x1, y1) = self.centres[trace.origin], self.centres[trace.target]
            length = math.hypot(x1 - x0, y1 - y0)
            gap = self.unit * 0.4
            long = length > 2 * gap + self.unit * 0.3
            if long:
                ux, uy = (x1 - x0) / length, (y1 - y0) / length
                start = (x0 + ux * gap, y0 + uy * gap)
                end = (x1 - ux * gap, y1 - uy * gap)
                arrow(canvas, start, end, max(4.0, self.unit * 0.09))
            if trace.label and long:
                self.badge(canvas, trace.label, ((x0 + x1) / 2, (y0 + y1) / 2), 0.5)
            elif trace.label:  # a short step: on the corner of the piece that arrived
                corner = (x1 + self.unit * 0.38, y1 - self.unit * 0.38)
                self.badge(canvas, trace.label, corner, 0.42)

    def badge(self, canvas: pygame.Surface, text: str, centre: tuple[float, float],
              scale: float) -> None:
        """A small die face with ``text`` (the die a move used), ``scale`` units wide."""
        side = max(22, round(self.unit * scale))
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (round(centre[0]), round(centre[1]))
        radius = max(4, side // 5)
        pygame.draw.rect(canvas, PALETTE.ivory, rect, border_radius=radius)
        pygame.draw.rect(canvas, LAST, rect, max(3, side // 10), border_radius=radius)
        image = font(round(side * 0.62), "sans-bold").render(text, True, PALETTE.ink)
        canvas.blit(image, image.get_rect(center=rect.center))


def arrow(canvas: pygame.Surface, start: tuple[float, float], end: tuple[float, float],
          width: float) -> None:
    """A light-blue arrow with a dark edge, a little transparent, from ``start`` to ``end``."""
    left = min(start[0], end[0]) - 3 * width
    top = min(start[1], end[1]) - 3 * width
    size = (round(abs(end[0] - start[0]) + 6 * width), round(abs(end[1] - start[1]) + 6 * width))
    layer = pygame.Surface(size, pygame.SRCALPHA)
    a = (start[0] - left, start[1] - top)
    b = (end[0] - left, end[1] - top)
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    head = min(length * 0.6, width * 3.2)
    neck = (b[0] - ux * head, b[1] - uy * head)
    wing = (-uy * head * 0.62, ux * head * 0.62)
    tip = [b, (neck[0] + wing[0], neck[1] + wing[1]), (neck[0] - wing[0], neck[1] - wing[1])]
    for colour, grow in ((TRAIL_INK, 4), (LAST, 0)):
        pygame.draw.line(layer, colour, _round(a), _round(neck), round(width + grow))
        outline = [_round(p) for p in _grown(tip, grow)]
        pygame.draw.polygon(layer, colour, outline)
    layer.set_alpha(225)
    canvas.blit(layer, (round(left), round(top)))


def _round(p: tuple[float, float]) -> tuple[int, int]:
    return (round(p[0]), round(p[1]))


def _grown(points: list[tuple[float, float]], by: float) -> list[tuple[float, float]]:
    """A triangle pushed out from its centre by ``by`` pixels (its dark edge)."""
    cx = sum(p[0] for p in points) / 3
    cy = sum(p[1] for p in points) / 3
    out = []
    for x, y in points:
        d = math.hypot(x - cx, y - cy) or 1.0
        out.append((x + (x - cx) / d * by, y + (y - cy) / d * by))
    return out
