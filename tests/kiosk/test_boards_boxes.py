"""Shut the box's flaps stand side by side: a mark on one is drawn over them all, so
the next flap never hides it."""

from __future__ import annotations

import pygame
import pytest

from engines import find_game
from kiosk.boards import BoardView, renderer_for
from kiosk.boards.base import ROLE_COLOURS
from kiosk.boards.boxes import BoxesRenderer
from kiosk.games import look_for, presentation_for


@pytest.mark.parametrize("role", ["selected", "target", "last"])
def test_a_mark_on_a_flap_shows_on_both_its_sides(role: str) -> None:
    game = find_game("shut-the-box")
    geometry = game.geometry()
    renderer = renderer_for(geometry.kind, look_for(game.id))
    assert isinstance(renderer, BoxesRenderer)
    view = BoardView(geometry, pygame.Rect(0, 0, 1200, 500), renderer, [])
    canvas = pygame.Surface((1200, 500))
    tokens = presentation_for(game).tokens(game.initial_state())
    point = 3  # between two standing flaps
    view.draw(canvas, tokens, {point: role})
    frame = renderer.standing(view, point)
    colour = pygame.Color(*ROLE_COLOURS[role])
    for x in (frame.left - 4, frame.right + 3):  # the sides next to its neighbours
        column = [canvas.get_at((x, y)) for y in range(frame.top, frame.bottom)]
        near = sum(1 for c in column if all(abs(c[i] - colour[i]) < 40 for i in range(3)))
        assert near > frame.height // 2, (role, x, near)
