"""The real main loop, headless: a still screen is drawn once, a touch or a piece wakes it."""

from __future__ import annotations

import threading
import warnings
from collections.abc import Iterator

import pygame
import pytest

from drivers.hardware_config import Hardware
from drivers.memory import MemoryBoard
from kiosk.config import Settings, frames_per_second, load_settings
from kiosk.display import screen_flags, screen_size
from kiosk.hardware import HardwareLink
from kiosk.main_loop import WAKE, MainLoop
from kiosk.runtime import Kiosk
from kiosk.sound import Sounds
from kiosk.tour import InlineWorker


@pytest.fixture
def loop() -> Iterator[MainLoop]:
    pygame.display.quit()
    pygame.display.init()
    pygame.font.init()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "no fast renderer available": the dummy driver
        screen = pygame.display.set_mode(screen_size(0), screen_flags(True))
    board = MemoryBoard(8, 8)
    kiosk = Kiosk(
        load_settings(),
        worker=InlineWorker(),
        sounds=Sounds(muted=True),
        hardware=HardwareLink(Hardware(board=board)),
    )
    kiosk.home()
    yield MainLoop(kiosk, screen, 0, windowed=True)
    kiosk.close()
    pygame.display.quit()


def turns(loop: MainLoop, count: int) -> None:
    for _ in range(count):
        assert loop.turn() is None
        loop.pace()


def test_a_still_home_is_drawn_once_then_the_loop_sleeps(loop: MainLoop) -> None:
    turns(loop, 5)
    assert loop.frames == 1 and loop.turns == 5 and not loop.drew


def test_a_touch_draws_a_frame(loop: MainLoop) -> None:
    turns(loop, 3)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(300, 500), button=1))
    turns(loop, 1)
    assert loop.frames == 2 and loop.drew


def test_a_boards_thread_wakes_the_sleeping_loop(loop: MainLoop) -> None:
    turns(loop, 3)
    pygame.event.clear()
    board = loop.kiosk.hardware.board
    assert isinstance(board, MemoryBoard)
    lifted = threading.Thread(target=board.set, args=((3, 3), True))
    lifted.start()
    lifted.join()
    assert pygame.event.peek(WAKE)  # the loop's wait returns at once


def test_turning_the_screen_draws_it_turned(
    loop: MainLoop, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SDL's dummy driver makes one scaled renderer only; the screen opens again unscaled.
    monkeypatch.setattr("kiosk.main_loop.screen_flags", lambda windowed, size=None: 0)
    turns(loop, 3)
    loop.kiosk.settings = Settings(rotation=90)
    turns(loop, 1)
    assert loop.drew and loop.rotation == 90
    assert loop.screen.get_size() == (1080, 1920)


def test_the_frame_rate_is_thirty_on_the_pi_unless_set() -> None:
    assert frames_per_second(Settings(), machine="aarch64") == 30
    assert frames_per_second(Settings(), machine="x86_64") == 60
    assert frames_per_second(Settings(frame_rate=25), machine="aarch64") == 25


def test_rolling_dice_present_the_board_alone_and_turn_it_with_the_screen(
    loop: MainLoop, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kiosk.catalog import entry
    from kiosk.scenes.play import PlayScene
    from kiosk.table import HUMAN, Table

    monkeypatch.setattr("kiosk.main_loop.screen_flags", lambda windowed, size=None: 0)
    loop.kiosk.settings = Settings(rotation=90)
    scene = PlayScene(loop.kiosk, entry("backgammon"), Table("backgammon", (HUMAN, HUMAN)))
    loop.kiosk.stack.reset(scene)
    turns(loop, 2)
    assert loop.presented is None  # a new scene, the screen turned: all of it
    scene._roll()
    turns(loop, 3)
    presented = loop.presented
    assert presented is not None and presented.height < 1920 * 0.8
    assert loop.screen.get_rect().contains(presented) and presented.width <= 1080
