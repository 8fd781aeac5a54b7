"""Render one board position to PNG: ``python -m kiosk.preview SPEC [MOVES...] OUT.png``.

A tool for whoever draws a board or a game's pieces: it shows the position
after ``MOVES`` with the legal targets of the first legal move's piece lit.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from engines import find_game
from engines.core import State
from kiosk.boards import BoardView, renderer_for
from kiosk.games import look_for, presentation_for
from kiosk.ui.theme import CANVAS, PALETTE, seat_colours

BOARD_RECT = pygame.Rect(430, 30, 1060, 1020)


def render(spec: str, moves: list[str]) -> pygame.Surface:
    """The canvas with the board of ``spec`` after ``moves``."""
    game = find_game(spec)
    state: State = game.replay(moves)
    presentation = presentation_for(game)
    geometry = game.geometry()
    view = BoardView(
        geometry, BOARD_RECT, renderer_for(geometry.kind, look_for(game.id)),
        seat_colours(game.players),
    )
    canvas = pygame.Surface(CANVAS)
    canvas.fill(PALETTE.felt)
    highlights: dict[int, str] = {}
    legal = [] if state.is_terminal() or state.is_chance_node() else list(state.legal_moves())
    for move in legal:
        points = presentation.move_points(state, move)
        if points:
            highlights[points[0]] = "selected"
            for other in legal:
                more = presentation.move_points(state, other)
                if len(more) > 1 and more[0] == points[0]:
                    highlights[more[1]] = "target"
            break
    view.draw(canvas, presentation.tokens(state), highlights)
    return canvas


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) < 2:
        print("usage: python -m kiosk.preview SPEC [MOVES...] OUT.png", file=sys.stderr)
        return 2
    pygame.init()
    pygame.display.set_mode((1, 1))
    pygame.image.save(render(args[0], args[1:-1]), args[-1])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
