"""The LED of every cell: its mode and colour, and the pixels sent down the chain.

A cell's LED is off, on, or blinking (lit while ``ticks_ms() % 500 < 250``,
so every blinking LED is in phase).  The pixels are R, G, B per LED in chain
order, scaled by the board's brightness, then all dimmed together if the
chain would draw more than the supply's budget.
"""

OFF = 0
ON = 1
BLINK = 2
BLINK_PERIOD_MS = 500
MA_PER_CHANNEL = 20
"""A WS2812B colour channel at 255 draws about this many milliamps."""
MA_IDLE = 1
"""What one WS2812B draws when dark."""


def blink_on(now_ms: int) -> bool:
    """Whether blinking LEDs are lit at ``now_ms``."""
    return now_ms % BLINK_PERIOD_MS < BLINK_PERIOD_MS // 2


class Leds:
    """The LED state of ``len(led_of_cell)`` cells and its rendering."""

    def __init__(
        self,
        led_of_cell: list[int],
        led_count: int,
        brightness: int = 255,
        max_current_ma: int = 2000,
    ) -> None:
        self.led_of_cell = led_of_cell
        self.cells = len(led_of_cell)
        self.led_count = led_count
        self.brightness = brightness
        self.max_current_ma = max_current_ma
        self.mode = bytearray(self.cells)
        self.colour = bytearray(3 * self.cells)
        self.pixels = bytearray(3 * led_count)
        """What the chain shows (R, G, B per LED), after :meth:`render`."""
        self.limited = False
        """Whether the last render was dimmed to keep within the current budget."""
        self._dirty = True
        self._blinking = 0
        self._phase = False

    def set(self, cell: int, mode: int, red: int, green: int, blue: int) -> None:
        """Cell ``cell``'s LED (``OFF`` ignores the colour)."""
        if mode == OFF:
            red = green = blue = 0
        if self.mode[cell] == BLINK:
            self._blinking -= 1
        if mode == BLINK:
            self._blinking += 1
        self.mode[cell] = mode
        at = 3 * cell
        self.colour[at] = red
        self.colour[at + 1] = green
        self.colour[at + 2] = blue
        self._dirty = True

    def all_off(self) -> None:
        """Every LED off."""
        for cell in range(self.cells):
            self.mode[cell] = OFF
        for at in range(3 * self.cells):
            self.colour[at] = 0
        self._blinking = 0
        self._dirty = True

    def lit(self) -> bool:
        """Whether any LED is on or blinking."""
        return any(self.mode)

    def render(self, now_ms: int) -> bool:
        """Bring :attr:`pixels` up to date; whether they changed and must be sent."""
        phase = blink_on(now_ms)
        if not self._dirty and (not self._blinking or phase == self._phase):
            return False
        self._dirty = False
        self._phase = phase
        pixels = self.pixels
        for at in range(3 * self.led_count):
            pixels[at] = 0
        mode = self.mode
        colour = self.colour
        brightness = self.brightness
        total = 0
        for cell in range(self.cells):
            led = self.led_of_cell[cell]
            if led < 0 or not mode[cell] or (mode[cell] == BLINK and not phase):
                continue
            for channel in range(3):
                value = colour[3 * cell + channel] * brightness // 255
                pixels[3 * led + channel] = value
                total += value
        self._limit(total)
        return True

    def _limit(self, total: int) -> None:
        """Dim every pixel alike if ``total`` (the sum of all channels) draws too much."""
        budget = self.max_current_ma - MA_IDLE * self.led_count
        self.limited = total * MA_PER_CHANNEL > budget * 255
        if not self.limited:
            return
        scale = max(0, budget) * 255 * 256 // (total * MA_PER_CHANNEL)  # in 1/256ths
        pixels = self.pixels
        for at in range(3 * self.led_count):
            pixels[at] = pixels[at] * scale >> 8

    def current_ma(self) -> int:
        """The chain's estimated draw for the current :attr:`pixels`."""
        return sum(self.pixels) * MA_PER_CHANNEL // 255 + MA_IDLE * self.led_count
