"""The self-test: the LED chase, each switch lighting its cell, shorts blinking red."""

from __future__ import annotations

from tests.firmware.fake_hw import FakeHardware, ManualClock
from tests.firmware.fw import board_config, selftest

RED, GREEN, BLUE = (255, 0, 0), (0, 255, 0), (0, 0, 255)
STEP = selftest.CHASE_STEP_MS


def bench(name: str) -> tuple[FakeHardware, selftest.SelfTest]:
    settings = board_config(name)
    hw = FakeHardware(settings.rows, settings.cols, clock=ManualClock(start=7))
    return hw, selftest.SelfTest(hw, settings)


def clock(hw: FakeHardware) -> ManualClock:
    assert isinstance(hw.clock, ManualClock)
    return hw.clock


def advance(hw: FakeHardware, test: selftest.SelfTest, ms: int, step: int = 5) -> None:
    for _ in range(ms // step):
        clock(hw).advance(step)
        test.step()


def test_each_led_in_turn_red_green_then_blue() -> None:
    hw, test = bench("moulin")
    seen = []
    for _ in range(3 * 24):
        test.step()
        seen.append(hw.lit())
        clock(hw).advance(STEP)
    expected = [{led: colour} for led in range(24) for colour in (RED, GREEN, BLUE)]
    assert seen == expected
    assert test.chasing
    test.step()
    assert not test.chasing


def test_a_closed_switch_lights_its_cell_green() -> None:
    hw, test = bench("moulin")
    advance(hw, test, 3 * 24 * STEP + 10)
    assert hw.lit() == {}
    hw.place(0, 3)  # d7, LED 5
    advance(hw, test, 30)
    assert hw.lit() == {5: GREEN}
    hw.lift(0, 3)
    hw.place(3, 2)  # c4, LED 23
    advance(hw, test, 30)
    assert hw.lit() == {23: GREEN}


def test_a_column_stuck_low_blinks_red() -> None:
    hw, test = bench("grid8")
    hw.matrix.closed = {(row, 2) for row in range(8)} | {(0, 5)}  # column 2 reads low everywhere
    advance(hw, test, 3 * 64 * STEP + 40)
    assert list(test.stuck_cols) == [0, 0, 1, 0, 0, 0, 0, 0] and not any(test.stuck_rows)
    column = {row * 8 + (2 if row % 2 == 0 else 5) for row in range(8)}  # serpentine
    while clock(hw).now % 500 >= 250:  # into the lit half of the blink
        advance(hw, test, 5)
    assert hw.lit() == dict.fromkeys(column, RED) | {5: GREEN}
    advance(hw, test, 250)
    assert hw.lit() == {5: GREEN}  # the red blinks, the green stays


def test_a_row_stuck_low_blinks_red_and_clears_when_fixed() -> None:
    hw, test = bench("grid9")
    hw.matrix.closed = {(4, col) for col in range(9)}
    advance(hw, test, 3 * 81 * STEP + 40)
    assert list(test.stuck_rows) == [0, 0, 0, 0, 1, 0, 0, 0, 0]
    hw.lift(4, 4)
    advance(hw, test, 20)
    assert not any(test.stuck_rows)
    assert len(hw.lit()) == 8 and set(hw.lit().values()) == {GREEN}


def test_run_ends_on_a_new_press_of_the_button() -> None:
    settings = board_config("grid8")
    ticks = ManualClock()
    script: list[tuple[int, bool]] = [(0, True), (300, False), (320, True), (330, False)]
    script += [(2000, True)]  # a bounce at 320 ms is no press; 2 s: a real one

    def idle() -> None:
        ticks.advance(5)
        for at, pressed in script:
            if ticks.now >= at:
                hw.pressed = pressed

    hw = FakeHardware(8, 8, clock=ticks, idle=idle)
    hw.pressed = True  # held at power-up
    test = selftest.run(hw, settings)
    assert 2050 <= ticks.now <= 2060
    assert test.chasing  # the chase of 64 LEDs lasts 15 s
    assert hw.lit() == {}  # left dark for the protocol to take over
    assert not hw.raw_serial  # the Pico's prompt stays reachable meanwhile
