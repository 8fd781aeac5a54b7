"""Fault tests drive the kiosk headless: SDL's dummy drivers, a real pygame."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest


@pytest.fixture(autouse=True, scope="session")
def _display() -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
