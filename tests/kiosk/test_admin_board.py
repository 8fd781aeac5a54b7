"""The owners' board tests: sensors read live, LEDs lit, a simulated board chosen."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from drivers.hardware_config import Hardware
from drivers.memory import MemoryBoard
from drivers.sensorboard import LedMode
from kiosk.ai_worker import InlineWorker
from kiosk.config import load_settings
from kiosk.hardware import HardwareLink
from kiosk.runtime import Kiosk
from kiosk.scenes.admin.board_choice import BOARD_AREA, board_files
from kiosk.scenes.admin.led_test import RED, LedTestScene
from kiosk.scenes.admin.matrix import Matrix
from kiosk.scenes.admin.menu import AdminMenuScene
from kiosk.scenes.admin.sensor_test import SensorTestScene
from kiosk.sound import Sounds
from kiosk.ui.theme import PALETTE
from tests.kiosk.driver import steps
from tests.kiosk.test_admin import press


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LUDOKIOSK_DATA", str(tmp_path / "data"))


def kiosk_with(link: HardwareLink) -> Kiosk:
    """A kiosk on ``link``, at the owners' menu."""
    kiosk = Kiosk(load_settings(), worker=InlineWorker(), sounds=Sounds(muted=True), hardware=link)
    kiosk.home()
    kiosk.push(AdminMenuScene(kiosk))
    kiosk.draw()
    return kiosk


@pytest.fixture
def board() -> MemoryBoard:
    return MemoryBoard(8, 8, [(0, 0), (7, 7)])


@pytest.fixture
def kiosk(board: MemoryBoard) -> Iterator[Kiosk]:
    made = kiosk_with(HardwareLink(Hardware(board=board)))
    yield made
    made.close()


def pixel(kiosk: Kiosk, pos: tuple[int, int]) -> tuple[int, int, int]:
    colour = kiosk.draw().get_at(pos)
    return (colour.r, colour.g, colour.b)


def test_the_sensor_test_follows_the_board_live(kiosk: Kiosk, board: MemoryBoard) -> None:
    press(kiosk, "Test des capteurs")
    scene = kiosk.stack.top
    assert isinstance(scene, SensorTestScene)
    kiosk.step()
    assert scene.occupancy is not None
    assert scene.occupancy.cells() == {(0, 0), (7, 7)}
    matrix = Matrix(BOARD_AREA, 8, 8)
    assert pixel(kiosk, matrix.rect((3, 4)).center) == PALETTE.wood_light

    board.set((3, 4), True)
    kiosk.step()
    assert (3, 4) in scene.occupancy.cells()
    assert scene.last == ((3, 4), True) and scene.changes == {(3, 4): 1}
    assert pixel(kiosk, matrix.rect((3, 4)).center) == PALETTE.black_piece
    ringed = matrix.rect((3, 4)).inflate(4, 4)
    assert pixel(kiosk, (ringed.centerx, ringed.top + 1)) == PALETTE.gold, "last change ringed"

    board.set((3, 4), False)
    board.set((0, 0), False)
    kiosk.step()
    assert scene.changes == {(3, 4): 2, (0, 0): 1} and scene.total == 3
    assert scene.last == ((0, 0), False)
    assert pixel(kiosk, matrix.rect((3, 4)).center) == PALETTE.wood_light
    assert "Cases occupées : 1 sur 64" in scene.figure_lines(board)

    press(kiosk, "Remettre les compteurs à zéro")
    assert scene.total == 0 and not scene.changes


def test_a_board_coming_and_going_is_shown(kiosk: Kiosk, board: MemoryBoard) -> None:
    press(kiosk, "Test des capteurs")
    scene = kiosk.stack.top
    assert isinstance(scene, SensorTestScene)
    board.unplug()
    kiosk.step()
    assert scene.lost == "débranché"
    assert "débranché" in scene.figure_lines(board)
    kiosk.draw()
    board.replug()
    kiosk.step()
    assert scene.lost == ""


def test_without_a_board_the_tests_say_so() -> None:
    kiosk = kiosk_with(HardwareLink())
    for tile in ("Test des capteurs", "Test des LED"):
        press(kiosk, tile)
        scene = kiosk.stack.top
        assert isinstance(scene, SensorTestScene | LedTestScene)
        assert scene.board is None
        assert [b.label for b in scene.buttons.buttons] == ["Retour"], (
            "no choice without --board-sim"
        )
        kiosk.step()
        kiosk.draw()
        press(kiosk, "Retour")
    kiosk.close()


def test_the_led_test_sends_frames_the_board_receives(kiosk: Kiosk, board: MemoryBoard) -> None:
    press(kiosk, "Test des LED")
    scene = kiosk.stack.top
    assert isinstance(scene, LedTestScene)
    matrix = Matrix(BOARD_AREA, 8, 8)

    press(kiosk, "Tout rouge")
    frame = board.leds
    assert all(led.mode is LedMode.ON and led.colour == RED for _, led in frame.cells())
    assert pixel(kiosk, matrix.rect((5, 2)).center) == RED, "the screen draws what was sent"

    press(kiosk, "Chenillard")
    seen = []
    for _ in range(4):
        on = [cell for cell, led in board.leds.cells() if led.mode is LedMode.ON]
        assert len(on) == 1
        seen.append(on[0])
        steps(kiosk, 10)
    assert seen == [(0, 0), (0, 1), (0, 2), (0, 3)], "one cell after another"
    assert all(led.colour == RED for _, led in board.leds.cells() if led.mode is LedMode.ON)

    press(kiosk, "Tout bleu")
    press(kiosk, "Clignotant")
    assert all(
        led.mode is LedMode.BLINK and led.colour == (0, 0, 255) for _, led in board.leds.cells()
    )
    press(kiosk, "Tout éteindre")
    assert all(led.mode is LedMode.OFF for _, led in board.leds.cells())
    assert scene.count == len(board.frames), "every frame sent reached the board"

    press(kiosk, "Tout vert")
    assert board.leds[(0, 0)].mode is LedMode.ON
    press(kiosk, "Retour")
    assert all(led.mode is LedMode.OFF for _, led in board.leds.cells()), "put out on leaving"


def wait_for(kiosk: Kiosk, done: Callable[[], bool], seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not done():
        kiosk.step()
        time.sleep(0.01)
    assert done()


def test_with_board_sim_the_owner_picks_a_board_file() -> None:
    kiosk = kiosk_with(HardwareLink(simulate=True, headless=True))
    try:
        press(kiosk, "Test des LED")
        scene = kiosk.stack.top
        assert isinstance(scene, LedTestScene)
        labels = [b.label for b in scene.buttons.buttons]
        assert len(board_files()) == 6
        for name in ("Plateau 8 x 8", "Moulin (24 points)", "Barricades (110 points)"):
            assert any(label.startswith(name) for label in labels), labels
        kiosk.draw()
        press(kiosk, next(label for label in labels if label.startswith("Moulin")))
        board = kiosk.hardware.board
        assert board is not None and scene.board_file is not None
        assert scene.board_file.name == "Moulin (24 points)"
        wait_for(kiosk, lambda: board.connected and board.rows == 7)
        press(kiosk, "Tout blanc")
        assert scene.sent is not None
        lit = [cell for cell, led in scene.sent.cells() if led.mode is LedMode.ON]
        assert len(lit) == 24, "only the 24 points of the morris board have LEDs"
        wait_for(kiosk, lambda: board.stats().get("acks", 0) > 0)
        kiosk.draw()
        press(kiosk, "Retour")
        press(kiosk, "Test des capteurs")
        sensors = kiosk.stack.top
        assert isinstance(sensors, SensorTestScene)
        assert sensors.board is board, "the simulated board stays open"
        assert sensors.board_file is scene.board_file
        assert "Messages illisibles du plateau : 0" in sensors.figure_lines(board)
        press(kiosk, "Changer de plateau")
        assert sensors.board is None
        kiosk.draw()
    finally:
        kiosk.close()
    assert kiosk.hardware.board is None, "the simulator is stopped with the kiosk"


def test_test_screens_name_cells_like_game_squares() -> None:
    from kiosk.scenes.admin.matrix import square_name

    assert square_name((7, 0), 8) == "a1", "the near left corner"
    assert square_name((0, 7), 8) == "h8"
    assert square_name((13, 16), 14) == "q1"
