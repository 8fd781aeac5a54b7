"""LED state and rendering: chain order, blinking in phase, the supply's current budget."""

from __future__ import annotations

import pytest

from tests.firmware.fw import board_config, leds

RED, GREEN, BLUE, WHITE = (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)


def make(name: str, **extra: object) -> tuple[leds.Leds, int]:
    config = board_config(name, **extra)
    state = leds.Leds(
        config.led_of_cell, config.led_count, config.brightness, config.max_current_ma
    )
    return state, config.cols


def pixel(state: leds.Leds, led: int) -> tuple[int, int, int]:
    return state.pixels[3 * led], state.pixels[3 * led + 1], state.pixels[3 * led + 2]


def test_serpentine_cells_light_their_leds() -> None:
    state, cols = make("grid8")
    state.set(0 * cols + 0, leds.ON, *RED)
    state.set(1 * cols + 0, leds.ON, *GREEN)  # odd row: the chain runs back
    state.set(1 * cols + 7, leds.ON, *BLUE)
    assert state.render(0)
    assert {led: pixel(state, led) for led in range(64) if any(pixel(state, led))} == {
        0: RED,
        15: GREEN,
        8: BLUE,
    }


def test_table_order_and_cells_without_led() -> None:
    state, cols = make("moulin")
    state.set(6 * cols + 0, leds.ON, *RED)  # a1, first on the chain
    state.set(0 * cols + 0, leds.ON, *GREEN)  # a7
    state.set(3 * cols + 2, leds.ON, *BLUE)  # c4, last
    state.set(0 * cols + 1, leds.ON, *WHITE)  # no point there, no LED
    state.render(0)
    assert len(state.pixels) == 24 * 3
    assert {led: pixel(state, led) for led in range(24) if any(pixel(state, led))} == {
        0: RED,
        6: GREEN,
        23: BLUE,
    }


def test_blinking_leds_light_the_first_half_of_each_half_second() -> None:
    state, _ = make("grid8")
    state.set(9, leds.BLINK, *RED)
    state.set(10, leds.ON, *GREEN)
    assert state.render(1000)
    assert pixel(state, 9 + 5) == RED  # row 1 runs back: cell 9 is LED 14
    assert not state.render(1249)  # same phase: nothing to send
    assert state.render(1250)
    assert pixel(state, 14) == (0, 0, 0) and pixel(state, 13) == GREEN
    assert not state.render(1499)
    assert state.render(1500) and pixel(state, 14) == RED
    state.set(9, leds.ON, *RED)
    assert state.render(1600)
    assert not state.render(1750)  # nothing blinks any more


def test_off_forgets_the_colour_and_all_off_clears() -> None:
    state, _ = make("grid8")
    state.set(3, leds.OFF, *WHITE)
    assert state.render(0) and not any(state.pixels) and not state.lit()
    state.set(3, leds.BLINK, *WHITE)
    assert state.lit()
    state.all_off()
    assert state.render(0) and not any(state.pixels) and not state.lit()
    assert not state.render(250)  # the blinking count went with it


def test_brightness_scales_every_colour() -> None:
    state, _ = make("grid8", brightness=128)
    state.set(0, leds.ON, 255, 100, 0)
    state.render(0)
    assert pixel(state, 0) == (128, 50, 0)


def test_a_white_board_is_dimmed_to_the_supply_budget() -> None:
    state, _ = make("barricades", max_current_ma=2000)  # 110 LEDs: 6.7 A at full white
    for cell in range(state.cells):
        state.set(cell, leds.ON, *WHITE)
    state.render(0)
    assert state.limited
    assert 1800 <= state.current_ma() <= 2000
    lit = {pixel(state, led) for led in range(110)}
    assert len(lit) == 1 and lit.pop()[0] < 255 // 3
    state.all_off()
    first = state.led_of_cell.index(0)  # p1, first on the chain
    state.set(first, leds.ON, *WHITE)  # one LED: well within the budget
    state.render(0)
    assert not state.limited and pixel(state, 0) == WHITE


@pytest.mark.parametrize(
    "colours", [[(255, 0, 0)] * 200, [(10, 200, 30), (250, 250, 250), (0, 0, 9)] * 70]
)
def test_dimming_scales_every_channel_alike(colours: list[tuple[int, int, int]]) -> None:
    state, _ = make("barricades", max_current_ma=500)
    wanted = {}
    for cell, colour in zip(range(state.cells), colours, strict=False):
        state.set(cell, leds.ON, *colour)
        if state.led_of_cell[cell] >= 0:
            wanted[state.led_of_cell[cell]] = colour
    state.render(0)
    assert state.limited and state.current_ma() <= 500
    factor = max(max(pixel(state, led)) / max(colour) for led, colour in wanted.items())
    assert 0 < factor < 0.5
    for led, colour in wanted.items():
        for got, asked in zip(pixel(state, led), colour, strict=True):
            assert abs(got - asked * factor) <= 1.5
