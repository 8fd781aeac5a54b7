"""The owners' touch test, driven by SDL finger events through the kiosk's own main loop.

The events are posted to pygame's queue as a touch panel posts them (``FINGERDOWN``,
``FINGERMOTION``, ``FINGERUP``, coordinates in shares of the window) and read by
:class:`kiosk.main_loop.MainLoop`, whose :class:`~kiosk.touch.PointerTracker` turns
them into the kiosk's pointer events (rotation included) and tells the screen of a
second finger it ignores. A panel whose touch is mirrored or turned is played by
posting each touch where such a panel would report it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from kiosk.display import screen_size
from kiosk.hardware import HardwareLink
from kiosk.main_loop import MainLoop
from kiosk.runtime import Kiosk
from kiosk.scenes.admin.menu import AdminMenuScene
from kiosk.scenes.admin.touch_test import (
    JUMP,
    STOP_AFTER,
    TARGETS,
    TouchTestScene,
    diagnose,
)
from kiosk.ui.theme import CANVAS, PALETTE
from tests.kiosk.test_admin import press
from tests.kiosk.test_admin_board import kiosk_with

W, H = CANVAS
Panel = Callable[[float, float], tuple[float, float]]
"""Where a panel reports a touch on the window point (x, y), in shares of the window."""


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LUDOKIOSK_DATA", str(tmp_path / "data"))


@pytest.fixture
def kiosk() -> Iterator[Kiosk]:
    made = kiosk_with(HardwareLink())
    yield made
    made.close()


def true_panel(width: int, height: int) -> Panel:
    return lambda x, y: (x / width, y / height)


def mirrored_panel(width: int, height: int) -> Panel:
    return lambda x, y: (1 - x / width, y / height)


class Fingers:
    """A touch panel in front of the kiosk's main loop: posts SDL finger events, turns."""

    def __init__(self, kiosk: Kiosk, panel: Panel | None = None) -> None:
        rotation = kiosk.settings.rotation
        self.kiosk = kiosk
        self.size = screen_size(rotation)
        self.loop = MainLoop(kiosk, pygame.Surface(self.size), rotation, windowed=False)
        self.panel = panel or true_panel(*self.size)
        pygame.event.clear()

    def window(self, x: float, y: float) -> tuple[float, float]:
        """Where the canvas point (x, y) shows in the window (the picture as presented)."""
        rotation = self.kiosk.settings.rotation
        if rotation == 180:
            return W - x, H - y
        if rotation == 90:
            return H - y, x
        if rotation == 270:
            return y, W - x
        return x, y

    def post(self, kind: int, finger: int, point: tuple[float, float]) -> None:
        u, v = self.panel(*self.window(*point))
        pygame.event.post(
            pygame.event.Event(
                kind, touch_id=1, finger_id=finger, x=u, y=v, dx=0.0, dy=0.0, pressure=1.0
            )
        )

    def turn(self) -> None:
        self.loop.turn()

    def tap(self, point: tuple[float, float], finger: int = 0) -> None:
        self.post(pygame.FINGERDOWN, finger, point)
        self.post(pygame.FINGERUP, finger, point)
        self.turn()


def open_touch_test(kiosk: Kiosk) -> TouchTestScene:
    assert isinstance(kiosk.stack.top, AdminMenuScene)
    press(kiosk, "Test du tactile")
    scene = kiosk.stack.top
    assert isinstance(scene, TouchTestScene)
    return scene


def touch_every_target(fingers: Fingers, scene: TouchTestScene, aim: float = 0.0) -> None:
    """Each target touched in turn, ``aim`` points right of its centre."""
    for number, (_, (x, y)) in enumerate(TARGETS):
        assert scene.mode == "targets" and scene.current == number
        assert not scene.buttons.buttons, "no button to hit by mistake while the targets run"
        fingers.tap((x + aim, y))
        fingers.kiosk.draw()


def pixel(kiosk: Kiosk, pos: tuple[float, float]) -> tuple[int, int, int]:
    colour = kiosk.draw().get_at((round(pos[0]), round(pos[1])))
    return (colour.r, colour.g, colour.b)


def test_the_targets_one_by_one_then_where_each_touch_landed(kiosk: Kiosk) -> None:
    scene = open_touch_test(kiosk)
    fingers = Fingers(kiosk)
    assert pixel(kiosk, TARGETS[0][1]) == PALETTE.gold, "the first target, top left"
    touch_every_target(fingers, scene, aim=12)
    assert scene.mode == "results"
    verdict = scene.verdict()
    assert verdict.kind == "ok" and verdict.touches == len(TARGETS)
    assert round(verdict.worst) == 12 and verdict.far == 0
    lines = [line for line, _ in scene.result_lines()]
    assert lines[0] == "1. En haut à gauche : touché en (76, 64), à 12 px"
    assert lines[-1] == "9. Au centre : touché en (972, 540), à 12 px"
    assert scene.verdict_title(verdict)[0] == "Le tactile suit l'image"
    kiosk.draw()
    press(kiosk, "Retour")
    assert isinstance(kiosk.stack.top, AdminMenuScene)


def test_a_mirrored_panel_is_told_in_plain_words(kiosk: Kiosk) -> None:
    scene = open_touch_test(kiosk)
    fingers = Fingers(kiosk, mirrored_panel(W, H))
    touch_every_target(fingers, scene)
    verdict = scene.verdict()
    assert verdict.kind == "mirror-x"
    first = scene.touches[0]
    assert first is not None and first[0] == pytest.approx(W - TARGETS[0][1][0], abs=1)
    said = scene.verdict_text(verdict)
    assert said.startswith("Les touches tombent en miroir gauche-droite.")
    assert "retourné par rapport à son image" in said and "docs/install.md" in said
    kiosk.set_language("en")
    said = scene.verdict_text(verdict)
    assert said.startswith("The touches land mirrored left-right.")
    assert "the panel's touch is turned relative to its picture" in said.lower()
    assert scene.result_lines()[0][1], "the top-left touch landed far: marked"


def test_with_the_screen_turned_the_touches_still_follow_the_picture(kiosk: Kiosk) -> None:
    kiosk.settings = replace(kiosk.settings, rotation=180)
    scene = open_touch_test(kiosk)
    touch_every_target(Fingers(kiosk), scene)
    assert scene.verdict().kind == "ok", scene.touches


def test_a_picture_turned_without_its_touch_is_a_half_turn(kiosk: Kiosk) -> None:
    """``rotation = 180`` on a panel that turns its picture but reports touches unturned
    (as when the picture is also turned outside the kiosk): every touch lands opposite."""
    kiosk.settings = replace(kiosk.settings, rotation=180)
    scene = open_touch_test(kiosk)
    fingers = Fingers(kiosk, lambda x, y: (1 - x / W, 1 - y / H))
    touch_every_target(fingers, scene)
    verdict = scene.verdict()
    assert verdict.kind == "half-turn"
    assert "Rotation de l'écran" in scene.verdict_text(verdict)


def test_untouched_the_targets_stop_and_say_so(kiosk: Kiosk) -> None:
    scene = open_touch_test(kiosk)
    fingers = Fingers(kiosk)
    fingers.tap(TARGETS[0][1])
    for _ in range(round((STOP_AFTER - 1) * 60)):
        kiosk.step()
    assert scene.mode == "targets"
    for _ in range(2 * 60):
        kiosk.step()
    assert scene.mode == "results" and scene.stopped
    assert kiosk.needs_frame(), "the results are drawn though nobody touched"
    verdict = scene.verdict()
    assert verdict.kind == "few" and verdict.touches == 1
    assert "arrêté après 20 s sans toucher" in scene.verdict_text(verdict)
    assert scene.result_lines()[1][0] == "2. En haut au milieu : pas touché"
    kiosk.draw()
    press(kiosk, "Recommencer")
    assert scene.mode == "targets" and scene.touches == [] and not scene.stopped


def test_the_drawing_area_traces_and_shows_a_second_finger_ignored(kiosk: Kiosk) -> None:
    scene = open_touch_test(kiosk)
    fingers = Fingers(kiosk)
    touch_every_target(fingers, scene)
    kiosk.draw()
    press(kiosk, "Zone de dessin")
    assert scene.mode == "drawing"

    fingers.post(pygame.FINGERDOWN, 0, (400, 500))
    for step in range(1, 11):
        fingers.post(pygame.FINGERMOTION, 0, (400 + 30 * step, 500))
    fingers.turn()
    assert len(scene.strokes) == 1 and len(scene.strokes[0].points) == 11
    assert pixel(kiosk, (550, 500)) == PALETTE.gold, "the trace under the finger"

    fingers.post(pygame.FINGERDOWN, 1, (1400, 700))  # a second finger, while the first draws
    fingers.turn()
    assert scene.ignored == {1: pytest.approx((1400, 700), abs=1)} and scene.ignored_count == 1
    assert fingers.loop.drew, "a frame drawn for it alone"
    assert pixel(kiosk, (1437, 700)) == PALETTE.accent, "a red ring where it rests"
    fingers.post(pygame.FINGERMOTION, 1, (1300, 650))
    fingers.post(pygame.FINGERMOTION, 0, (730, 520))
    fingers.turn()
    assert len(scene.strokes) == 1, "the second finger draws nothing"
    assert scene.strokes[0].points[-1] == pytest.approx((730, 520), abs=1)
    assert scene.ignored[1] == pytest.approx((1300, 650), abs=1)

    fingers.post(pygame.FINGERMOTION, 0, (730 + JUMP + 60, 520))  # a dead zone skipped
    fingers.post(pygame.FINGERUP, 0, (730 + JUMP + 60, 520))
    fingers.turn()
    assert scene.jumps == 1
    fingers.post(pygame.FINGERUP, 1, (1300, 650))
    fingers.turn()
    assert scene.ignored == {}

    fingers.post(pygame.FINGERDOWN, 0, (920, 530))  # back down at once, where it left
    fingers.post(pygame.FINGERUP, 0, (930, 530))
    fingers.turn()
    assert scene.drops == 1 and len(scene.strokes) == 2
    counts = scene.drawing_counts()
    assert counts == (
        "Traits : 2 · Sauts : 1 · Contacts perdus : 1 · Seconds doigts ignorés : 1"
    )
    kiosk.draw()
    press(kiosk, "Effacer")
    assert scene.strokes == [] and scene.jumps == 0
    press(kiosk, "Cibles")
    assert scene.mode == "targets" and scene.current == 0


def targets_moved(move: Callable[[float, float], tuple[float, float]]) -> list:
    return [((x, y), move(x, y)) for _, (x, y) in TARGETS]


@pytest.mark.parametrize(
    ("kind", "move"),
    [
        ("ok", lambda x, y: (x + 20, y - 25)),
        ("mirror-x", lambda x, y: (W - x, y)),
        ("mirror-y", lambda x, y: (x + 3, H - y)),
        ("half-turn", lambda x, y: (W - x, H - y)),
        ("quarter-turn", lambda x, y: (W * (1 - y / H), H * x / W)),
        ("swapped", lambda x, y: (W * y / H, H * x / W)),
        ("shifted", lambda x, y: (x + 60, y + 45)),
        ("stretched", lambda x, y: (W / 2 + (x - W / 2) * 0.8, y)),
        ("scattered", lambda x, y: (x + (150 if x < W / 2 else -20), y + (60 if y > H / 2 else 0))),
    ],
)
def test_what_the_pattern_of_the_touches_means(
    kind: str, move: Callable[[float, float], tuple[float, float]]
) -> None:
    assert diagnose(targets_moved(move)).kind == kind


def test_a_shift_is_said_with_its_direction(kiosk: Kiosk) -> None:
    scene = TouchTestScene(kiosk)
    verdict = diagnose(targets_moved(lambda x, y: (x - 60, y + 45)))
    assert verdict.kind == "shifted"
    assert "décalées de 60 px vers la gauche et de 45 px vers le bas." in scene.verdict_text(
        verdict
    )
    kiosk.set_language("en")
    assert "shifted 60 px to the left and 45 px down." in scene.verdict_text(verdict)
    assert diagnose([]).kind == "few"
