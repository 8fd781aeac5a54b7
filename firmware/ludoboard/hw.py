"""The Raspberry Pi Pico itself: the only module that touches ``machine`` and friends.

Pins come from :mod:`ludoboard.pins`; the shift-register chains are clocked
from Python (about half a millisecond per row on a 14 x 17 board), the
WS2812B chain is written with :mod:`neopixel`, and the protocol travels on
the USB serial link is :class:`ludoboard.usb.UsbLink`.
"""

import time

import machine
import neopixel

from ludoboard import pins
from ludoboard.hal import Hardware
from ludoboard.usb import UsbLink


class PicoHardware(Hardware):
    """The board wired as ``pins.py`` says, with ``led_count`` LEDs on its chain."""

    def __init__(self, led_count: int) -> None:
        pin = machine.Pin
        self._row_data = pin(pins.ROW_DATA, pin.OUT, value=1)
        self._row_clock = pin(pins.ROW_CLOCK, pin.OUT, value=0)
        self._row_latch = pin(pins.ROW_LATCH, pin.OUT, value=0)
        self._col_data = pin(pins.COL_DATA, pin.IN)
        self._col_clock = pin(pins.COL_CLOCK, pin.OUT, value=0)
        self._col_load = pin(pins.COL_LOAD, pin.OUT, value=1)
        self._status = pin(pins.STATUS_LED, pin.OUT, value=0)
        self._button = pin(pins.SELF_TEST_BUTTON, pin.IN, pin.PULL_UP)
        self._strip = neopixel.NeoPixel(pin(pins.LED_DATA, pin.OUT), max(1, led_count))
        self._link = UsbLink()

    def ticks_ms(self) -> int:
        # A small int on the Pico; the stubs keep ticks opaque, the firmware also uses them
        # as numbers (the status LED's blinking).
        return time.ticks_ms()  # type: ignore[return-value]

    def ticks_diff(self, new: int, old: int) -> int:
        return time.ticks_diff(new, old)

    def sleep_us(self, us: int) -> None:
        time.sleep_us(us)

    def idle(self) -> None:
        time.sleep_ms(1)

    def reset(self) -> None:
        machine.reset()

    def rows_shift(self, bit: int) -> None:
        self._row_data.value(bit)
        self._row_clock.value(1)
        self._row_clock.value(0)

    def rows_latch(self) -> None:
        self._row_latch.value(1)
        self._row_latch.value(0)

    def cols_load(self) -> None:
        self._col_load.value(0)
        self._col_load.value(1)

    def cols_shift(self) -> int:
        level = self._col_data.value()
        self._col_clock.value(1)
        self._col_clock.value(0)
        return level

    def show(self, pixels: bytearray) -> None:
        # The strip's own buffer is in the WS2812's order: green, red, blue.
        buf = self._strip.buf
        for at in range(0, min(len(pixels), len(buf)), 3):
            buf[at] = pixels[at + 1]
            buf[at + 1] = pixels[at]
            buf[at + 2] = pixels[at + 2]
        self._strip.write()

    def status(self, on: bool) -> None:
        self._status.value(1 if on else 0)

    def button(self) -> bool:
        return self._button.value() == 0

    def start_serial(self) -> None:
        self._link.start()

    def read(self, buf: bytearray) -> int:
        return self._link.read(buf)

    def write(self, buf: bytearray, size: int) -> None:
        self._link.write(buf, size)
