"""Kiosk tests run headless: SDL's dummy video and audio drivers, a real pygame."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator

import pygame
import pytest
from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]


@pytest.fixture(autouse=True, scope="session")
def _display() -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    """gpiozero's mock pins, for buttons and sensors wired to the Pi."""
    made = MockFactory()
    yield made
    made.reset()
