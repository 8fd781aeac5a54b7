"""Drive the kiosk like a visitor: taps and drags as pointer events, time in fixed steps."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from kiosk.ai_worker import InlineWorker
from kiosk.config import load_settings
from kiosk.records import Records
from kiosk.runtime import Kiosk
from kiosk.scenes.play import PlayScene
from kiosk.sound import Sounds
from kiosk.touch import Phase, Pointer


def make_kiosk(config: Path | None = None, records: Records | None = None) -> Kiosk:
    kiosk = Kiosk(
        load_settings(config), worker=InlineWorker(), sounds=Sounds(muted=True), records=records
    )
    kiosk.home()
    return kiosk


def tap(kiosk: Kiosk, pos: tuple[float, float]) -> None:
    kiosk.pointer(Pointer(Phase.DOWN, pos[0], pos[1], 0))
    kiosk.pointer(Pointer(Phase.UP, pos[0], pos[1], 0))


def drag(kiosk: Kiosk, start: tuple[float, float], end: tuple[float, float]) -> None:
    kiosk.pointer(Pointer(Phase.DOWN, start[0], start[1], 0))
    for t in (0.25, 0.5, 0.75):
        x = start[0] + (end[0] - start[0]) * t
        y = start[1] + (end[1] - start[1]) * t
        kiosk.pointer(Pointer(Phase.MOVE, x, y, 0))
    kiosk.pointer(Pointer(Phase.UP, end[0], end[1], 0))


def steps(kiosk: Kiosk, count: int) -> None:
    for _ in range(count):
        kiosk.step()


def settle(kiosk: Kiosk, limit: int = 600) -> None:
    """Step until the play scene has no animation and no machine thinking."""
    for _ in range(limit):
        scene = kiosk.stack.top
        if not isinstance(scene, PlayScene):
            return
        if scene.transition is None and not scene.machine.thinking and not scene.dice.rolling:
            return
        kiosk.step()


def button_centre(scene: PlayScene, label: str) -> tuple[float, float] | None:
    """Canvas position of a panel or menu button whose label is ``label``."""
    for panel in scene.panels:
        for button in panel.buttons.buttons:
            if button.label == label:
                return panel.to_canvas(button.rect.center)
    for button in scene.menu.buttons:
        if button.label == label:
            return button.rect.center
    return None


def play_one_decision(kiosk: Kiosk, scene: PlayScene, rng: random.Random) -> Any:
    """A person makes a random legal decision through the screen; returns it."""
    state = scene.state
    if state.is_chance_node():
        where = button_centre(scene, kiosk.tr("Lancer les dés"))
        assert where is not None, "no roll button for a person"
        tap(kiosk, where)
        return "roll"
    move = rng.choice(list(state.legal_moves()))
    points = scene.presentation.move_points(state, move)
    if not points:
        label = kiosk.tr.pick(*scene.presentation.button_text(state, move))
        where = button_centre(scene, label)
        assert where is not None, f"no button {label!r} for {move}"
        tap(kiosk, where)
        return move
    for index, point in enumerate(points):
        tap(kiosk, scene.view.centres[point])
        if scene.choice and index == len(points) - 1:
            label = kiosk.tr.pick(*scene.presentation.button_text(scene.state, move))
            where = button_centre(scene, label)
            assert where is not None, f"no choice button {label!r} for {move}"
            tap(kiosk, where)
    return move
