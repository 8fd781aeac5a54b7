"""Things drawn around and over a game: the doubling cube and the status line,
the demonstration's banner, "are you still there?"."""

from __future__ import annotations

from functools import lru_cache

import pygame

from kiosk.games.base import Extras
from kiosk.ui import drawn
from kiosk.ui.dice import draw_cube
from kiosk.ui.text import blit_lines, blit_text, fit_paragraph, fit_size
from kiosk.ui.theme import CANVAS, PALETTE
from kiosk.ui.widgets import rounded_panel

CUBE = 70
CUBE_ROOM = CUBE + 26
"""The strip a board with a doubling cube leaves free on its left for it."""


def draw_cube_and_status(
    canvas: pygame.Surface, board: pygame.Rect, extras: Extras, status: str,
    cube_word: str = "",
) -> None:
    """The doubling cube left of the board (by its owner's side; over the board's
    frame when there is no room, never off the screen) with ``cube_word`` under it,
    the status line above the board."""
    if extras.cube is not None:
        if extras.cube_owner is None:
            y = board.centery
        elif extras.cube_owner == 0:
            y = board.bottom - 80
        else:
            y = board.top + 60
        roomy = board.left >= CUBE_ROOM + 20
        x = board.left - CUBE_ROOM // 2 if roomy else max(board.left + 4, CUBE // 2 + 8)
        drawn.note(canvas, "panel", pygame.Rect(x - CUBE // 2, y - CUBE // 2, CUBE, CUBE))
        draw_cube(canvas, (x, y), CUBE, extras.cube)
        if cube_word and roomy:
            size = fit_size(cube_word, CUBE_ROOM, 20, "sans-bold")
            blit_text(canvas, cube_word, (x, y + CUBE // 2 + 8), size, PALETTE.ivory,
                      "sans-bold", anchor="midtop")
    if status:
        size = fit_size(status, board.width + 40, 26, "sans-bold")
        blit_text(
            canvas,
            status,
            (board.centerx, max(10, board.top - 40)),
            size,
            PALETTE.ivory,
            "sans-bold",
            anchor="midtop",
        )


BANNER = (920, 140)


def _banner(image: pygame.Surface, name: str, call: str) -> pygame.Surface:
    rect = pygame.Rect(10, 6, 900, 120)
    rounded_panel(image, rect, PALETTE.felt_dark, radius=24, border=PALETTE.gold)
    size = fit_size(name, rect.width - 60, 40, "serif-bold")
    blit_text(image, name, (rect.centerx, rect.y + 14), size, PALETTE.gold, "serif-bold",
              anchor="midtop")
    size = fit_size(call, rect.width - 60, 26)
    blit_text(image, call, (rect.centerx, rect.bottom - 14), size, PALETTE.ivory,
              anchor="midbottom")
    return image


@lru_cache(maxsize=8)
def demo_banner(name: str, call: str) -> pygame.Surface:
    """The banner under a demonstration: the game's name and the call to play."""
    return _banner(pygame.Surface(BANNER, pygame.SRCALPHA), name, call)


def draw_demo_banner(canvas: pygame.Surface, name: str, call: str) -> None:
    """The banner at the bottom, under the demonstration's board."""
    at = (CANVAS[0] // 2 - BANNER[0] // 2, CANVAS[1] - 146)
    if drawn.recording():
        image = pygame.Surface(BANNER, pygame.SRCALPHA)
        with drawn.placed(image, at):
            canvas.blit(_banner(image, name, call), at)
    else:
        canvas.blit(demo_banner(name, call), at)


@lru_cache(maxsize=1)
def _veil() -> pygame.Surface:
    veil = pygame.Surface(CANVAS, pygame.SRCALPHA)
    veil.fill((0, 0, 0, 150))
    return veil


def draw_still_there(canvas: pygame.Surface, question: str, seconds: int, call: str) -> None:
    """The question over a veiled game, with the seconds left."""
    canvas.blit(_veil(), (0, 0))
    drawn.new_layer()
    rect = pygame.Rect(0, 0, 900, 380)
    rect.center = (CANVAS[0] // 2, CANVAS[1] // 2)
    rounded_panel(canvas, rect, PALETTE.ivory, radius=30, border=PALETTE.gold)
    blit_text(
        canvas,
        question,
        (rect.centerx, rect.y + 44),
        fit_size(question, rect.width - 80, 56, "serif-bold"),
        PALETTE.ink,
        "serif-bold",
        anchor="midtop",
    )
    blit_text(
        canvas,
        str(seconds),
        (rect.centerx, rect.y + 126),
        90,
        PALETTE.accent,
        "sans-bold",
        anchor="midtop",
    )
    room = pygame.Rect(rect.x + 40, rect.bottom - 130, rect.width - 80, 100)
    fitted = fit_paragraph(call, room.width, room.height, 30)
    top = room.bottom - fitted.height
    blit_lines(canvas, fitted.pages[0], pygame.Rect(room.x, top, room.width, fitted.height),
               fitted.size, PALETTE.ink, step=fitted.step, align="center")
