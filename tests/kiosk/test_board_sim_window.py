"""``make run``'s simulated board opens beside the kiosk, says what it is, and is told once."""

from __future__ import annotations

import argparse
import os

import pygame
import pytest

from kiosk.ai_worker import InlineWorker
from kiosk.board_sim import (
    CAPTION,
    load_layout,
    open_window,
    parse_box,
    place_beside,
    room_beside,
    window_plan,
)
from kiosk.catalog import entry
from kiosk.config import load_settings
from kiosk.desktop import with_room
from kiosk.hardware import HardwareLink
from kiosk.runtime import Kiosk
from kiosk.scenes.play import PlayScene
from kiosk.sound import Sounds
from kiosk.table import HUMAN, Table

FULL_HD = (1920, 1080)


def test_the_board_opens_right_of_the_kiosk_then_left_then_at_the_desktop_s_edge() -> None:
    assert place_beside((600, 700), (0, 40, 1200, 675), FULL_HD) == (1200, 40)
    assert place_beside((600, 700), (1300, 40, 600, 338), FULL_HD) == (700, 40)
    assert place_beside((600, 900), (100, 400, 1700, 956), FULL_HD) == (1320, 180)
    assert room_beside((0, 0, 1200, 675), FULL_HD) == (720, 1080)


def test_the_kiosk_makes_room_when_its_window_fills_the_desktop() -> None:
    assert with_room((0, 0, 1200, 675), FULL_HD) == (0, 0, 1200, 675), "room already"
    kiosk = with_room((0, 0, 1920, 1080), FULL_HD)
    assert kiosk == (0, 0, 1360, 765)
    layout = load_layout("grid8")
    plan = window_plan(layout, room=room_beside(kiosk, FULL_HD))
    spot = place_beside((plan.width, plan.height), kiosk, FULL_HD)
    board = pygame.Rect(spot, (plan.width, plan.height))
    assert board.left >= kiosk[0] + kiosk[2] and pygame.Rect((0, 0), FULL_HD).contains(board)
    assert plan.cell >= 40, "squares still big enough to click"


def test_the_window_is_placed_and_titled_as_the_kiosk_s_simulated_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("SDL_VIDEO_WINDOW_POS", raising=False)
    desktop = pygame.display.get_desktop_sizes()[0]
    kiosk = (0, 0, desktop[0] - 440, desktop[1] // 2)
    try:
        screen, plan = open_window(load_layout("grid8"), 0, kiosk)
        assert os.environ["SDL_VIDEO_WINDOW_POS"] == f"{kiosk[2]},0", "right of the kiosk"
        assert screen.get_size() == (plan.width, plan.height) and plan.width <= 440
        caption = pygame.display.get_caption()[0]
        assert caption.startswith(CAPTION) and "plateau simulé" in caption
    finally:
        pygame.display.set_mode((1, 1))


def test_a_wrong_beside_is_refused() -> None:
    assert parse_box("10,20,1000,562") == (10, 20, 1000, 562)
    for text in ("10,20", "a,b,c,d", "0,0,0,10"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_box(text)


def test_the_kiosk_says_once_that_a_simulated_board_opened_beside_it() -> None:
    kiosk = Kiosk(
        load_settings(),
        worker=InlineWorker(),
        sounds=Sounds(muted=True),
        hardware=HardwareLink(simulate=True),
    )
    said = kiosk.tr("Un plateau simulé s'est ouvert à côté : jouez dessus ou sur l'écran")
    try:
        kiosk.push(PlayScene(kiosk, entry("reversi"), Table("reversi", (HUMAN, HUMAN), seed=1)))
        sim = kiosk.hardware._sim
        assert sim is not None
        assert any(str(arg).startswith("--beside=") for arg in sim.process.args)  # type: ignore[union-attr]
        kiosk.step()
        assert [n.text for n in kiosk.notices] == [said]
        kiosk.push(PlayScene(kiosk, entry("reversi"), Table("reversi", (HUMAN, HUMAN), seed=2)))
        kiosk.step()
        assert [n.text for n in kiosk.notices] == [said], "the same board: not told again"
    finally:
        kiosk.close()
