"""Where each player sits at the table, and where their panel goes.

A touch table is looked at from its edges, and each game's board says where
its players sit: facing each other across the long edges (most games), at the
two short ends of a long board (rithmomachie's 16 × 8, drawn lying), or side by
side along the bottom edge, before their houses (barricades) or before the
one box they share (shut the box). The board tells it through where each
player's pieces stand at the start; a board that starts empty or mixed is
played from the long edges, seat 0 at the bottom, like the board renderers'
own numbering.

Every seat has a panel in the column beside the board nearest its player;
when people sit on different edges (two people or more), each panel turns
toward its player. Two or three panels share a column; the one whose player
acts gets the room its message and buttons need.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from engines.core import Game
from engines.geometry import Geometry
from kiosk.games.base import Presentation
from kiosk.ui.theme import CANVAS

BOTTOM, TOP, LEFT_END, RIGHT_END = "bottom", "top", "left", "right"
TURN = {BOTTOM: 0, TOP: 180, LEFT_END: 270, RIGHT_END: 90}
"""How far (anticlockwise, in degrees) a panel turns toward a player at each edge."""

MARGIN = 20
MENU = pygame.Rect(MARGIN, CANVAS[1] - MARGIN - 96, 400, 96)
"""The menu's corner (Menu, Règles) at the bottom left, kept free of panels."""
COLUMN = 400
"""A column of panels' width."""
GAP = 16
BOARD = pygame.Rect(
    MARGIN + COLUMN + GAP, 52, CANVAS[0] - 2 * (MARGIN + COLUMN + GAP), CANVAS[1] - 64
)
"""The board's area between the two columns of panels (a panel turned toward an end
of the board lies across its column)."""
END_COLUMN = 176
"""A panel's column at an end of a long board: a strip along the whole height, so the
board gets the width between (rithmomachie's 16 squares reach 90 px)."""
END_MARGIN, END_GAP = 8, 10
END_MENU = pygame.Rect(END_MARGIN + END_COLUMN + END_GAP, CANVAS[1] - 8 - 88, 380, 88)
"""The menu's place when the players sit at the board's ends: under the board, left."""
LONE_HEIGHT = 780
"""A panel alone in its column stands at its player's end of the column, this tall
at most, leaving the rest of the column to notices."""
DEMO_CAPTION = 270
"""Room a demonstration leaves under its board: what the game is, the call to play."""
IDLE_HEIGHT = 164
"""A panel sharing its column with the acting player's: its name, who plays it and its
counts (see ``panels.COMPACT_BELOW``), on up to three lines (a team-mate, pieces in hand)."""
IDLE_TIGHT = 140
"""The same with three panels to a column (five or six players): two lines."""


def edges(game: Game, presentation: Presentation, drawn: Geometry) -> tuple[str, ...]:
    """The edge each seat's player sits at, from where their pieces start on the
    board as ``drawn`` (a renderer may turn a tall board sideways)."""
    seats = len(game.players)
    centres = _start_centres(game, presentation, drawn)
    if seats == 2 and None not in centres:
        (x0, y0), (x1, y1) = centres  # type: ignore[misc]
        if abs(x1 - x0) >= 0.4 and abs(x1 - x0) > abs(y1 - y0):
            return (LEFT_END, RIGHT_END) if x0 < x1 else (RIGHT_END, LEFT_END)
    if seats > 1 and all(c is not None and c[1] >= 0.3 for c in centres):
        return (BOTTOM,) * seats
    if drawn.kind == "boxes" or seats != 2:
        return (BOTTOM,) * seats
    if None not in centres and drawn.kind != "track":
        (_, y0), (_, y1) = centres  # type: ignore[misc]
        if abs(y1 - y0) >= 0.4:
            return (BOTTOM, TOP) if y0 > y1 else (TOP, BOTTOM)
    return (BOTTOM, TOP)


def _start_centres(
    game: Game, presentation: Presentation, drawn: Geometry
) -> list[tuple[float, float] | None]:
    """Each seat's pieces' centre at the start, as a fraction of the board from its
    middle (x to the right, y down); ``None`` for a seat with no piece on it."""
    points = drawn.points
    xs, ys = [p.x for p in points], [p.y for p in points]
    middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    span = (max(xs) - min(xs) or 1.0, max(ys) - min(ys) or 1.0)
    where: list[list[tuple[float, float]]] = [[] for _ in game.players]
    for index, tokens in presentation.tokens(game.initial_state()).items():
        for token in tokens:
            if token.seat is not None and token.seat < len(where):
                point = points[index]
                where[token.seat].append(
                    ((point.x - middle[0]) / span[0], (point.y - middle[1]) / span[1])
                )
    return [
        (sum(x for x, _ in found) / len(found), sum(y for _, y in found) / len(found))
        if found
        else None
        for found in where
    ]


@dataclass(frozen=True)
class Seating:
    """The two columns beside the board, and for each seat its column (0 left,
    1 right) and turn; where the board and the menu go."""

    edges: tuple[str, ...]
    columns: tuple[pygame.Rect, pygame.Rect]
    spots: tuple[tuple[int, int], ...]
    board: pygame.Rect = field(default_factory=lambda: pygame.Rect(BOARD))
    menu: pygame.Rect = field(default_factory=lambda: pygame.Rect(MENU))

    @property
    def at_ends(self) -> bool:
        """The players sit at the two ends of a long board (their panels are strips)."""
        return LEFT_END in self.edges

    @classmethod
    def at_table(cls, seat_edges: Sequence[str], facing: bool) -> Seating:
        """``facing``: people sit on different edges, so panels turn to them. At the
        ends of a long board the panels always turn to their ends: a strip as narrow
        as an end's column holds upright text only a word wide."""
        seat_edges = tuple(seat_edges)
        facing = facing or LEFT_END in seat_edges
        turns = [TURN[edge] if facing else 0 for edge in seat_edges]
        if len(set(seat_edges)) == 1:
            turns = [0] * len(seat_edges)
        order = _column_order(seat_edges)
        spots = tuple((order[seat], turns[seat]) for seat in range(len(seat_edges)))
        if LEFT_END in seat_edges:
            height = CANVAS[1] - 2 * END_MARGIN
            side = END_MARGIN + END_COLUMN + END_GAP
            ends = (
                pygame.Rect(END_MARGIN, END_MARGIN, END_COLUMN, height),
                pygame.Rect(CANVAS[0] - END_MARGIN - END_COLUMN, END_MARGIN, END_COLUMN, height),
            )
            board = pygame.Rect(side, BOARD.y, CANVAS[0] - 2 * side, BOARD.height)
            return cls(seat_edges, ends, spots, board, END_MENU)
        top = MARGIN
        columns = (
            pygame.Rect(MARGIN, top, COLUMN, MENU.top - MARGIN - top),
            pygame.Rect(CANVAS[0] - MARGIN - COLUMN, top, COLUMN, CANVAS[1] - MARGIN - top),
        )
        return cls(seat_edges, columns, spots)

    def column_seats(self, column: int) -> list[int]:
        return [seat for seat, (c, _) in enumerate(self.spots) if c == column]

    def rects(self, acting: int | None) -> list[pygame.Rect]:
        """Each seat's panel: the acting seat's gets what its column can spare; a panel
        alone in its column stands at its player's end of it."""
        found: dict[int, pygame.Rect] = {}
        for column, area in enumerate(self.columns):
            seats = self.column_seats(column)
            if not seats:
                continue
            if len(seats) == 1 and not self.at_ends:
                height = min(area.height, LONE_HEIGHT)
                top = area.top if self.edges[seats[0]] == TOP else area.bottom - height
                found[seats[0]] = pygame.Rect(area.x, top, area.width, height)
                continue
            room = area.height - GAP * (len(seats) - 1)
            if acting in seats and len(seats) > 1:
                idle = IDLE_HEIGHT if len(seats) == 2 else IDLE_TIGHT
                heights = [
                    room - idle * (len(seats) - 1) if seat == acting else idle
                    for seat in seats
                ]
            else:
                heights = [room // len(seats)] * len(seats)
            y = area.top
            for seat, height in zip(seats, heights, strict=True):
                found[seat] = pygame.Rect(area.x, y, area.width, height)
                y += height + GAP
        return [found[seat] for seat in range(len(self.spots))]


def _column_order(seat_edges: tuple[str, ...]) -> list[int]:
    """Each seat's column: the top and left players' on the left, the bottom and
    right players' on the right; side by side along one edge, the first half on
    the left."""
    if len(seat_edges) == 1:
        return [1]
    if len(set(seat_edges)) == 1:
        half = (len(seat_edges) + 1) // 2
        return [0 if seat < half else 1 for seat in range(len(seat_edges))]
    return [0 if edge in (TOP, LEFT_END) else 1 for edge in seat_edges]
