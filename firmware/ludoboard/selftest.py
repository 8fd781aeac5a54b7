"""The self-test, run when the button is held at power-up: check a board without a Pi.

First each LED in chain order lights red, green, then blue; then every cell
whose switch is closed lights green, and a row or column that reads occupied
on every cell (a short, or a column stuck low) blinks red.  The serial link
is left alone, so a computer can still reach the Pico's prompt (Ctrl-C) to
update the firmware.  Pressing the button again leaves the test.
"""

from ludoboard import leds
from ludoboard.config import Config
from ludoboard.hal import Hardware
from ludoboard.leds import Leds
from ludoboard.scanner import Scanner

CHASE_STEP_MS = 80
"""How long each LED stays in each colour of the chase."""
COLOURS = ((255, 0, 0), (0, 255, 0), (0, 0, 255))
GREEN = (0, 255, 0)
RED = (255, 0, 0)
PRESS_MS = 50
"""A button level must hold this long to count (contact bounce)."""


class SelfTest:
    """The test's state; :meth:`step` once per turn of its loop."""

    def __init__(self, hw: Hardware, config: Config) -> None:
        self.hw = hw
        self.config = config
        self.scanner = Scanner(hw, config.rows, config.cols, config.debounce, config.settle_us)
        self.leds = Leds(
            config.led_of_cell, config.led_count, config.brightness, config.max_current_ma
        )
        self.stuck_rows = bytearray(config.rows)
        """1 for each row that reads occupied on every cell."""
        self.stuck_cols = bytearray(config.cols)
        """1 for each column that reads occupied on every cell."""
        self.start = hw.ticks_ms()
        self._chase = -1
        self._last_scan = self.start
        self.scanner.prime()
        self._judge()

    @property
    def chasing(self) -> bool:
        """Whether the LED chase is still running."""
        return self._chase < 3 * self.config.led_count

    def step(self) -> None:
        """Advance the chase, or scan and show what the switches read."""
        hw = self.hw
        now = hw.ticks_ms()
        if self.chasing:
            step = hw.ticks_diff(now, self.start) // CHASE_STEP_MS
            if step != self._chase:
                self._chase = step
                self._show_chase(step)
            return
        if hw.ticks_diff(now, self._last_scan) >= self.config.scan_ms:
            self._last_scan = now
            if self.scanner.scan():
                self._judge()
        if self.leds.render(now):
            hw.show(self.leds.pixels)

    def _show_chase(self, step: int) -> None:
        if step >= 3 * self.config.led_count:
            self._judge()  # the chase is over: the next step renders the live test
            return
        pixels = self.leds.pixels
        for at in range(len(pixels)):
            pixels[at] = 0
        at = 3 * (step // 3)
        colour = COLOURS[step % 3]
        for channel in range(3):
            pixels[at + channel] = colour[channel] * self.config.brightness // 255
        self.hw.show(pixels)

    def _judge(self) -> None:
        """Light each cell from what its switch reads, stuck lines blinking red."""
        rows = self.config.rows
        cols = self.config.cols
        stable = self.scanner.stable
        for row in range(rows):
            self.stuck_rows[row] = 1 if cols > 1 else 0
        for col in range(cols):
            self.stuck_cols[col] = 1 if rows > 1 else 0
        for cell in range(rows * cols):
            if not stable[cell]:
                self.stuck_rows[cell // cols] = 0
                self.stuck_cols[cell % cols] = 0
        for cell in range(rows * cols):
            if self.stuck_rows[cell // cols] or self.stuck_cols[cell % cols]:
                self.leds.set(cell, leds.BLINK, RED[0], RED[1], RED[2])
            elif stable[cell]:
                self.leds.set(cell, leds.ON, GREEN[0], GREEN[1], GREEN[2])
            else:
                self.leds.set(cell, leds.OFF, 0, 0, 0)


class Press:
    """A new press of the button: released, then held, each for ``PRESS_MS``."""

    def __init__(self, hw: Hardware) -> None:
        self.hw = hw
        self._level = hw.button()
        self._since = hw.ticks_ms()
        self._armed = False

    def pressed(self) -> bool:
        """Whether the button has just been pressed (once per press)."""
        hw = self.hw
        now = hw.ticks_ms()
        level = hw.button()
        if level != self._level:
            self._level = level
            self._since = now
            return False
        if hw.ticks_diff(now, self._since) < PRESS_MS:
            return False
        if not level:
            self._armed = True
            return False
        if self._armed:
            self._armed = False
            return True
        return False


def run(hw: Hardware, config: Config) -> SelfTest:
    """Run the self-test until the button is pressed again; the test, for its findings."""
    test = SelfTest(hw, config)
    press = Press(hw)
    while not press.pressed():
        test.step()
        hw.idle()
    hw.show(bytearray(3 * config.led_count))
    return test
