"""A board on the bench, for the firmware under CPython: shift registers, switches, LEDs, link.

The wiring is :class:`~tests.firmware.bench_matrix.Matrix`. The clocks are
:class:`ManualClock` (tests move time) or :class:`RealClock`; the link is
:class:`MemoryLink` (bytes in lists) or :class:`PtyLink` (one end of a
pseudo-terminal).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from typing import Any

from tests.firmware.bench_matrix import Matrix
from tests.firmware.fw import hal

TICKS_PERIOD = 1 << 30
"""The RP2040's ``time.ticks_ms()`` wraps at 2**30 ms."""


class ManualClock:
    """Milliseconds moved by the test, wrapping at ``period`` like ``ticks_ms``."""

    def __init__(self, start: int = 0, period: int = TICKS_PERIOD) -> None:
        self.now = start
        self.period = period

    def ticks(self) -> int:
        return self.now % self.period

    def advance(self, ms: int) -> None:
        self.now += ms


class RealClock:
    """The machine's monotonic clock in wrapping milliseconds."""

    def __init__(self, period: int = TICKS_PERIOD) -> None:
        self.period = period

    def ticks(self) -> int:
        return int(time.monotonic() * 1000) % self.period


class MemoryLink:
    """The serial link as two byte buffers the test reads and fills."""

    def __init__(self) -> None:
        self.to_board = bytearray()
        self.from_board = bytearray()

    def read(self, buf: bytearray) -> int:
        size = min(len(buf), len(self.to_board))
        buf[:size] = self.to_board[:size]
        del self.to_board[:size]
        return size

    def write(self, buf: bytearray, size: int) -> None:
        self.from_board += buf[:size]

    def take(self) -> bytes:
        """What the board sent since the last call."""
        data = bytes(self.from_board)
        self.from_board.clear()
        return data


class PtyLink:
    """The board's end of a pseudo-terminal (non-blocking; writes dropped when full)."""

    def __init__(self, master: int) -> None:
        self.master = master
        self.lock = threading.Lock()
        self.dropped = 0

    def read(self, buf: bytearray) -> int:
        try:
            data = os.read(self.master, len(buf))
        except (BlockingIOError, InterruptedError):
            return 0
        except OSError:
            return 0  # no one has the other end open
        buf[: len(data)] = data
        return len(data)

    def write(self, buf: bytearray, size: int) -> None:
        self.inject(bytes(buf[:size]))

    def inject(self, data: bytes) -> None:
        """Write ``data`` whole, between two of the board's frames."""
        with self.lock:
            try:
                os.write(self.master, data)
            except OSError:
                self.dropped += 1


class FakeHardware(hal.Hardware):
    """The firmware's :class:`~ludoboard.hal.Hardware`, on the bench."""

    def __init__(
        self,
        rows: int,
        cols: int,
        *,
        clock: ManualClock | RealClock | None = None,
        link: MemoryLink | PtyLink | None = None,
        idle: Callable[[], None] | None = None,
    ) -> None:
        self.matrix = Matrix(rows, cols)
        self.clock = clock or ManualClock()
        self.link = link or MemoryLink()
        self.pixels = bytearray()
        """What the LED chain shows (R, G, B per LED)."""
        self.shows = 0
        self.status_led = False
        self.pressed = False
        self.raw_serial = False
        self.slept_us = 0
        self.resets = 0
        self._idle = idle

    # --- what a test does with its hands -----------------------------------------

    def place(self, row: int, col: int) -> None:
        self.matrix.closed = self.matrix.closed | {(row, col)}

    def lift(self, row: int, col: int) -> None:
        self.matrix.closed = self.matrix.closed - {(row, col)}

    def pixel(self, led: int) -> tuple[int, int, int]:
        pixels = self.pixels
        return pixels[3 * led], pixels[3 * led + 1], pixels[3 * led + 2]

    def lit(self) -> dict[int, tuple[int, int, int]]:
        """The LEDs showing a colour, by chain index."""
        return {
            led: self.pixel(led) for led in range(len(self.pixels) // 3) if any(self.pixel(led))
        }

    # --- Hardware -------------------------------------------------------------------

    def ticks_ms(self) -> int:
        return self.clock.ticks()

    def ticks_diff(self, new: int, old: int) -> int:
        period = self.clock.period
        half = period // 2
        return (new - old + half) % period - half

    def sleep_us(self, us: int) -> None:
        self.slept_us += us

    def idle(self) -> None:
        if self._idle is not None:
            self._idle()

    def reset(self) -> None:
        self.resets += 1

    def rows_shift(self, bit: int) -> None:
        self.matrix.rows_shift(bit)

    def rows_latch(self) -> None:
        self.matrix.rows_latch()

    def cols_load(self) -> None:
        self.matrix.cols_load()

    def cols_shift(self) -> int:
        return self.matrix.cols_shift()

    def show(self, pixels: bytearray) -> None:
        self.pixels = bytearray(pixels)
        self.shows += 1

    def status(self, on: bool) -> None:
        self.status_led = on

    def button(self) -> bool:
        return self.pressed

    def start_serial(self) -> None:
        self.raw_serial = True

    def read(self, buf: bytearray) -> int:
        return self.link.read(buf)

    def write(self, buf: bytearray, size: int) -> None:
        self.link.write(buf, size)


class Runner:
    """The firmware's main loop in a thread of its own, as on the Pico (stop and restart)."""

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make
        self.firmware: Any = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.failure: BaseException | None = None

    def start(self) -> None:
        self._stop.clear()
        self.firmware = self.make()
        self._thread = threading.Thread(target=self._run, name="firmware", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                self.firmware.step()
                time.sleep(0.0005)
        except BaseException as error:  # reported by the test that reads .failure
            self.failure = error

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
            self._thread = None
