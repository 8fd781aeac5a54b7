"""Buttons, presence sensor and shut-the-box flaps on gpiozero's MockFactory."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory, MockPin  # type: ignore[import-untyped]

from drivers.inputs import (
    ButtonPressed,
    FlapChanged,
    InputEvent,
    Inputs,
    PresenceDetected,
    PresenceEnded,
)

FLAPS = (5, 6, 13, 19, 26, 12, 16, 20, 4)


class SwitchPin(MockPin):
    """An input wired to a switch to 0 V: closed, it stays low whatever the pull."""

    closed = False

    def _set_pull(self, value: str) -> None:
        super()._set_pull(value)
        if self.closed:
            self.drive_low()


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    made = MockFactory()
    yield made
    made.reset()


def collect(inputs: Inputs, count: int, timeout: float = 3.0) -> list[InputEvent]:
    """Wait for ``count`` events (fails after ``timeout``)."""
    seen: list[InputEvent] = []
    deadline = time.monotonic() + timeout
    while len(seen) < count and time.monotonic() < deadline:
        inputs.wait(0.05)
        seen += inputs.events()
    assert len(seen) >= count, f"{count} évènements attendus, reçu {seen}"
    return seen


def press(factory: MockFactory, pin: int) -> None:
    factory.pin(pin).drive_low()
    factory.pin(pin).drive_high()


def test_buttons_are_named_and_bounces_dropped(factory: MockFactory) -> None:
    inputs = Inputs(buttons={"menu": 2, "back": 3, "hint": 9}, bounce_ms=300,
                    pin_factory=factory)
    try:
        press(factory, 9)
        press(factory, 9)  # contact bounce: a second closing within 300 ms
        press(factory, 2)
        press(factory, 3)
        assert inputs.events() == [ButtonPressed("hint"), ButtonPressed("menu"),
                                   ButtonPressed("back")]
        assert inputs.bounces == 1
    finally:
        inputs.close()


def test_a_second_press_after_the_bounce_time_counts(factory: MockFactory) -> None:
    inputs = Inputs(buttons={"hint": 9}, bounce_ms=20, pin_factory=factory)
    try:
        press(factory, 9)
        time.sleep(0.05)
        press(factory, 9)
        assert inputs.events() == [ButtonPressed("hint")] * 2
        assert inputs.bounces == 0
    finally:
        inputs.close()


def test_unknown_button_is_refused(factory: MockFactory) -> None:
    with pytest.raises(ValueError, match="bouton inconnu"):
        Inputs(buttons={"quit": 2}, pin_factory=factory)


def test_presence_is_reported_then_its_end(factory: MockFactory) -> None:
    inputs = Inputs(presence=18, pin_factory=factory)
    try:
        time.sleep(0.25)  # the sensor is sampled ten times a second: nobody yet
        assert inputs.events() == []
        factory.pin(18).drive_high()  # the PIR sees someone
        assert collect(inputs, 1) == [PresenceDetected()]
        factory.pin(18).drive_low()
        assert collect(inputs, 1) == [PresenceEnded()]
    finally:
        inputs.close()


def test_someone_already_there_at_start_is_reported(factory: MockFactory) -> None:
    inputs = Inputs(presence=18, pin_factory=factory)
    try:
        factory.pin(18).drive_high()  # before the sensor's first sample
        assert collect(inputs, 1) == [PresenceDetected()]
        time.sleep(0.25)
        assert inputs.events() == []
    finally:
        inputs.close()


def test_a_flap_down_then_up(factory: MockFactory) -> None:
    inputs = Inputs(flaps=FLAPS, settle_ms=10, pin_factory=factory)
    try:
        assert inputs.flap_count == 9
        assert inputs.flaps_down() == frozenset()
        factory.pin(FLAPS[2]).drive_low()  # flap 3 goes down: its switch closes
        assert collect(inputs, 1) == [FlapChanged(3, True)]
        assert inputs.flaps_down() == {3}
        factory.pin(FLAPS[2]).drive_high()
        assert collect(inputs, 1) == [FlapChanged(3, False)]
        assert inputs.flaps_down() == frozenset()
    finally:
        inputs.close()


def test_a_chattering_flap_is_reported_once(factory: MockFactory) -> None:
    inputs = Inputs(flaps=FLAPS, settle_ms=40, pin_factory=factory)
    try:
        pin = factory.pin(FLAPS[8])
        for _ in range(4):
            pin.drive_low()
            pin.drive_high()
        pin.drive_low()
        assert collect(inputs, 1) == [FlapChanged(9, True)]
        time.sleep(0.1)
        assert inputs.events() == []
        # a flap that bounces back to where it was gives nothing at all
        pin.drive_high()
        pin.drive_low()
        time.sleep(0.1)
        assert inputs.events() == []
        assert inputs.flaps_down() == {9}
    finally:
        inputs.close()


def test_flaps_already_down_at_start_and_opening_switches(factory: MockFactory) -> None:
    pins = (*FLAPS, 7, 8, 10)
    for pin in pins[:11]:
        factory.pin(pin, pin_class=SwitchPin).closed = True  # closed before start
    # down_closes=False: a closed switch means the flap is up
    inputs = Inputs(flaps=pins, settle_ms=5, down_closes=False, pin_factory=factory)
    try:
        assert inputs.flap_count == 12
        assert inputs.flaps_down() == {12}
        factory.pin(pins[0]).drive_high()
        assert collect(inputs, 1) == [FlapChanged(1, True)]
        assert inputs.flaps_down() == {1, 12}
    finally:
        inputs.close()


def test_flap_count_is_nine_or_twelve(factory: MockFactory) -> None:
    with pytest.raises(ValueError, match="9 ou 12"):
        Inputs(flaps=FLAPS[:8], pin_factory=factory)
    with pytest.raises(ValueError, match="9 ou 12"):
        Inputs(flaps=(*FLAPS, 7), pin_factory=factory)


def test_everything_together_and_pins_released(factory: MockFactory) -> None:
    inputs = Inputs(buttons={"menu": 2}, presence=18, flaps=FLAPS, settle_ms=5,
                    pin_factory=factory)
    press(factory, 2)
    factory.pin(FLAPS[0]).drive_low()
    events = collect(inputs, 2)
    assert set(events) == {ButtonPressed("menu"), FlapChanged(1, True)}
    inputs.close()
    inputs.close()
    again = Inputs(buttons={"menu": 2}, presence=18, flaps=FLAPS, pin_factory=factory)
    again.close()
