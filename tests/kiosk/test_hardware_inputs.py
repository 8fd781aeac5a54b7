"""Buttons, the presence sensor and a physical shut-the-box, through gpiozero's MockFactory."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

from drivers.hardware_config import Hardware
from drivers.inputs import Inputs
from engines import find_game
from kiosk.ai_worker import InlineWorker
from kiosk.catalog import entry
from kiosk.config import Problem, load_settings
from kiosk.flaps import SETTLE, FlapFollower, flap_decision
from kiosk.hardware import HardwareLink
from kiosk.runtime import Kiosk
from kiosk.scenes.attract import AttractScene
from kiosk.scenes.home import HomeScene
from kiosk.scenes.play import PlayScene
from kiosk.sound import Sounds
from kiosk.table import HUMAN, Table

FLAPS = [5, 6, 13, 19, 26, 12, 16, 20, 4]
BUTTONS = {"menu": 2, "back": 3, "hint": 9}
PIR = 18


def kiosk_with(inputs: Inputs) -> Kiosk:
    kiosk = Kiosk(
        load_settings(),
        worker=InlineWorker(),
        sounds=Sounds(muted=True),
        hardware=HardwareLink(Hardware(inputs=inputs)),
    )
    kiosk.home()
    return kiosk


def step_until(kiosk: Kiosk, done: Callable[[], bool], seconds: float = 3.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not done():
        kiosk.step()
        time.sleep(0.005)
    assert done()


def test_flaps_make_the_decision_of_the_dice() -> None:
    game = find_game("shut-the-box")
    state = game.from_text("1,2,3,4,5,6,7,8,9 joueur1 4,3 -")
    move, why, final = flap_decision(state, frozenset({3, 4}))
    assert str(move) == "close:3,4" and why is None and final
    move, why, final = flap_decision(state, frozenset({3}))
    assert str(move) == "close:3" and not final, "box 3 alone, unless 4 follows"
    move, why, final = flap_decision(state, frozenset({2}))
    assert move is None and why is not None and "2" in why[0]
    later = state.apply(game.parse_move(state, "close:3,4"))
    assert flap_decision(later, frozenset()) == (None, None, False), "a chance node: roll"


def test_a_flap_that_one_more_could_extend_waits_for_the_hand() -> None:
    game = find_game("shut-the-box")
    state = game.from_text("1,2,3,4,5,6,7,8,9 joueur1 4,3 -")
    follower = FlapFollower()
    follower.changed(frozenset({3}), now=10.0)
    assert follower.decision(state, now=10.5) == (None, None)
    follower.changed(frozenset({3, 4}), now=10.6)
    move, _ = follower.decision(state, now=10.6)
    assert str(move) == "close:3,4"
    follower.changed(frozenset({7}), now=20.0)
    assert str(follower.decision(state, now=20.0)[0]) == "close:7"
    follower.changed(frozenset({3}), now=30.0)
    assert str(follower.decision(state, now=30.0 + SETTLE + 0.01)[0]) == "close:3"


def test_a_shut_flap_lifted_is_asked_back_down() -> None:
    game = find_game("shut-the-box")
    state = game.from_text("1,2,5,6,7,8,9 joueur1 6,1 -")
    move, why, _ = flap_decision(state, frozenset({3}))
    assert move is None and why is not None and "4" in why[0]


def test_the_physical_box_plays_in_the_play_scene(factory: MockFactory) -> None:
    inputs = Inputs(flaps=FLAPS, settle_ms=5, pin_factory=factory)
    kiosk = kiosk_with(inputs)
    try:
        scene = PlayScene(
            kiosk, entry("shut-the-box"), Table("shut-the-box", (HUMAN, HUMAN), seed=2)
        )
        kiosk.push(scene)
        assert scene.state.is_chance_node()
        scene._roll()
        step_until(kiosk, lambda: scene.transition is None and not scene.dice.rolling)
        move = scene.state.legal_moves()[0]
        for box in move.boxes:
            factory.pin(FLAPS[box - 1]).drive_low()
        step_until(kiosk, lambda: scene.run.moves[-1:] == [str(move)], seconds=5.0)
    finally:
        inputs.close()


def test_menu_and_presence_buttons(factory: MockFactory) -> None:
    inputs = Inputs(buttons=BUTTONS, bounce_ms=1, presence=PIR, pin_factory=factory)
    kiosk = kiosk_with(inputs)
    try:
        kiosk.attract()
        assert isinstance(kiosk.stack.top, AttractScene)
        factory.pin(PIR).drive_high()
        step_until(kiosk, lambda: isinstance(kiosk.stack.top, HomeScene))
        kiosk.push(PlayScene(kiosk, entry("reversi"), Table("reversi", (HUMAN, HUMAN))))
        factory.pin(BUTTONS["menu"]).drive_low()
        factory.pin(BUTTONS["menu"]).drive_high()
        step_until(kiosk, lambda: isinstance(kiosk.stack.top, HomeScene))
    finally:
        inputs.close()


def test_a_wrong_hardware_file_is_named_and_the_kiosk_runs_without_it(tmp_path: Path) -> None:
    bad = tmp_path / "hardware.toml"
    bad.write_text('[board]\ntransport = "usb"\n', encoding="utf-8")
    problems: list[Problem] = []
    link = HardwareLink.from_config(bad, problems=problems)
    assert link.board is None and link.input_events() == []
    (problem,) = problems
    assert "hardware.toml" in problem.fr and "board.transport" in problem.fr
    assert problem.fr != problem.en, "one language each"
    assert "hardware.toml" in problem.en and "board.transport" in problem.en
