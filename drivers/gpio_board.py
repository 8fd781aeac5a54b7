"""Direct GPIO transport: the Pi scans the reed/hall matrix and drives the LEDs itself.

Wiring (``docs/hardware/gpio.md``): one output per row, active low — the
scanned row is pulled to 0 V, the others are held at 3.3 V; one input per
column with the Pi's pull-up. A closed switch on the scanned row pulls its
column to 0 V through a diode (anode on the column, cathode on the row): the
diodes stop ghosting (a phantom fourth corner when three switches of a
rectangle are closed) and shorts between a low row and a high one.

A scan thread reads the whole matrix ``scan_hz`` times a second; a cell
changes only after ``debounce_reads`` consecutive equal reads (3 reads at
100 Hz: 30 ms). LEDs go to an :class:`LedSink`: a chain of 74HC595 shift
registers bit-banged with three gpiozero outputs, or nothing at all.
"""

from __future__ import annotations

import logging
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from gpiozero import DigitalInputDevice, DigitalOutputDevice  # type: ignore[import-untyped]

from drivers.sensorboard import (
    BoardConnected,
    BoardLost,
    LedFrame,
    LedMode,
    Occupancy,
    OccupancyChanged,
    SensorBoard,
)

log = logging.getLogger(__name__)

VERSION = "gpio"


class Debouncer:
    """Per-cell debouncing of raw matrix reads.

    The first occupancy is known once ``reads`` whole reads agree; after
    that, a cell changes once ``reads`` consecutive reads give its new value
    (a read back to the old value starts the count again).
    """

    def __init__(self, rows: int, cols: int, reads: int) -> None:
        if reads < 1:
            raise ValueError(f"lectures d'anti-rebond : {reads} (au moins 1)")
        self.rows, self.cols, self.reads = rows, cols, reads
        self.stable: Occupancy | None = None
        self.filtered = 0
        """Changes read but not kept (bounces, a piece only brushed)."""
        self._candidate = -1
        self._agree = 0
        self._counts: dict[int, int] = {}

    def feed(self, bits: int) -> Occupancy | None:
        """One whole read; the new occupancy when it changed, else ``None``."""
        if self.stable is None:
            if bits == self._candidate:
                self._agree += 1
            else:
                self._candidate, self._agree = bits, 1
            if self._agree >= self.reads:
                self.stable = Occupancy(self.rows, self.cols, bits)
                return self.stable
            return None
        differ = bits ^ self.stable.bits
        for index in [i for i in self._counts if not differ >> i & 1]:
            del self._counts[index]
            self.filtered += 1
        flipped = 0
        while differ:
            low = differ & -differ
            index = low.bit_length() - 1
            differ ^= low
            count = self._counts.get(index, 0) + 1
            if count >= self.reads:
                flipped |= low
                self._counts.pop(index, None)
            else:
                self._counts[index] = count
        if not flipped:
            return None
        self.stable = Occupancy(self.rows, self.cols, self.stable.bits ^ flipped)
        return self.stable


# --- LEDs ------------------------------------------------------------------


class LedSink(ABC):
    """Where a board's LED frames go; blinking is the sink's business."""

    @abstractmethod
    def show(self, frame: LedFrame) -> None:
        """Light the LEDs as ``frame`` says (returns at once)."""

    def close(self) -> None:
        """Turn the LEDs off and release the pins."""


class NullLedSink(LedSink):
    """No LEDs wired: frames are kept (for the admin screen and tests), never shown."""

    def __init__(self) -> None:
        self.frame: LedFrame | None = None

    def show(self, frame: LedFrame) -> None:
        self.frame = frame


def led_bits(frame: LedFrame, channels: int, blink_on: bool) -> list[bool]:
    """The chain's bits for ``frame``, index ``(row * cols + col) * channels + k``.

    One channel: a cell's LED is on when its mode is not ``OFF`` (colour
    ignored). Three channels (RGB LEDs): red, green, blue each on when the
    colour's component is at least 128. Blinking LEDs are on only while
    ``blink_on``.
    """
    if channels not in (1, 3):
        raise ValueError(f"canaux de LED : {channels} (1 ou 3)")
    bits: list[bool] = []
    for _cell, led in frame.cells():
        lit = led.mode is LedMode.ON or (led.mode is LedMode.BLINK and blink_on)
        if channels == 1:
            bits.append(lit)
        else:
            bits.extend(lit and component >= 128 for component in led.colour)
    return bits


class ShiftRegisterLeds(LedSink):
    """LEDs on a chain of 74HC595, driven by three gpiozero outputs.

    Bit ``i`` of :func:`led_bits` lands on output ``Q(i % 8)`` of the
    ``i // 8``-th register counted from the Pi: bits are shifted farthest
    first on ``data`` (each read on a rising edge of ``clock``), then a
    rising edge of ``latch`` shows them all at once. A refresh thread turns
    blinking LEDs on and off ``blink_hz`` times a second.
    """

    def __init__(
        self,
        data: int,
        clock: int,
        latch: int,
        *,
        cells: int,
        channels: int = 1,
        blink_hz: float = 2.0,
        pin_factory: Any = None,
    ) -> None:
        if channels not in (1, 3):
            raise ValueError(f"canaux de LED : {channels} (1 ou 3)")
        if blink_hz <= 0:
            raise ValueError(f"fréquence de clignotement : {blink_hz} (positive)")
        self.cells, self.channels, self.blink_hz = cells, channels, blink_hz
        self.length = -(-cells * channels // 8) * 8
        """Bits in the chain: a whole number of registers."""
        self.writes = 0
        self._devices: list[Any] = []
        try:
            for pin in (data, clock, latch):
                self._devices.append(DigitalOutputDevice(pin, pin_factory=pin_factory))
        except Exception:
            for device in self._devices:
                device.close()
            raise
        self._data, self._clock, self._latch = self._devices
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._frame: LedFrame | None = None
        self._blink_on = True
        self._written: list[bool] | None = None
        self._write([False] * self.length)
        self._thread = threading.Thread(target=self._refresh, name="leds-595", daemon=True)
        self._thread.start()

    def show(self, frame: LedFrame) -> None:
        if frame.rows * frame.cols != self.cells:
            raise ValueError(
                f"trame de LED de {frame.rows * frame.cols} cases pour une chaîne "
                f"de {self.cells} cases"
            )
        with self._lock:
            if self._stop.is_set():  # closed: nothing to light any more
                return
            self._frame = frame
            self._render()

    def _render(self) -> None:
        if self._frame is None:
            return
        bits = led_bits(self._frame, self.channels, self._blink_on)
        self._write(bits + [False] * (self.length - len(bits)))

    def _write(self, bits: list[bool]) -> None:
        if bits == self._written:
            return
        self._latch.off()
        for bit in reversed(bits):
            self._data.value = bit
            self._clock.on()
            self._clock.off()
        self._latch.on()
        self._latch.off()
        self._written = bits
        self.writes += 1

    def _refresh(self) -> None:
        half = 0.5 / self.blink_hz
        while not self._stop.wait(half):
            with self._lock:
                self._blink_on = not self._blink_on
                self._render()

    def close(self) -> None:
        if self._stop.is_set():
            return
        self._stop.set()
        self._thread.join(timeout=1.0)
        with self._lock:
            self._frame = None
            try:
                self._write([False] * self.length)
            finally:
                for device in self._devices:
                    device.close()


# --- the board -------------------------------------------------------------


class GpioBoard(SensorBoard):
    """A sensor board whose matrix the Pi scans itself.

    ``row_pins`` and ``col_pins`` are BCM numbers (from ``config/hardware.toml``);
    ``pin_factory`` is gpiozero's (``MockFactory`` in tests, the default on
    the Pi). With ``start=False`` nothing scans until :meth:`start`, and
    :meth:`scan_once` reads the matrix from the caller's thread.
    """

    retry_after = 1.0
    """Seconds between two attempts once reading the pins failed."""

    def __init__(
        self,
        row_pins: Sequence[int],
        col_pins: Sequence[int],
        *,
        leds: LedSink | None = None,
        scan_hz: float = 100.0,
        debounce_reads: int = 3,
        settle_us: float = 20.0,
        pin_factory: Any = None,
        start: bool = True,
    ) -> None:
        super().__init__()
        if not row_pins or not col_pins:
            raise ValueError("une matrice a au moins une rangée et une colonne")
        if scan_hz <= 0:
            raise ValueError(f"fréquence de balayage : {scan_hz} (positive)")
        self.rows, self.cols = len(row_pins), len(col_pins)
        self.scan_hz, self.settle = scan_hz, settle_us / 1e6
        self._debouncer = Debouncer(self.rows, self.cols, debounce_reads)
        self._leds: LedSink = leds if leds is not None else NullLedSink()
        self._frame: LedFrame | None = None
        self._row_devices: list[Any] = []
        self._col_devices: list[Any] = []
        try:
            for pin in row_pins:
                self._row_devices.append(
                    DigitalOutputDevice(
                        pin, active_high=False, initial_value=False, pin_factory=pin_factory
                    )
                )
            for pin in col_pins:
                self._col_devices.append(
                    DigitalInputDevice(pin, pull_up=True, pin_factory=pin_factory)
                )
        except Exception:
            self._release()
            raise
        self._lock = threading.Lock()
        self._connected = True
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._counters = {"scans": 0, "changes": 0, "errors": 0}
        self.post(BoardConnected(self.rows, self.cols, VERSION))
        if start:
            self.start()

    def start(self) -> None:
        """Start the scan thread (once)."""
        if self._thread is None and not self._stop.is_set():
            self._thread = threading.Thread(target=self._run, name="gpio-scan", daemon=True)
            self._thread.start()

    def read_matrix(self) -> int:
        """One raw read of every cell (bit ``row * cols + col``), no debouncing."""
        bits = 0
        with self._lock:
            for r, row in enumerate(self._row_devices):
                row.on()
                try:
                    if self.settle:
                        end = time.perf_counter() + self.settle
                        while time.perf_counter() < end:
                            pass
                    base = r * self.cols
                    for c, col in enumerate(self._col_devices):
                        if col.value:
                            bits |= 1 << (base + c)
                finally:
                    row.off()
        return bits

    def scan_once(self) -> Occupancy | None:
        """Read the matrix once and debounce; the new occupancy if it changed."""
        occupancy = self._debouncer.feed(self.read_matrix())
        self._counters["scans"] += 1
        if occupancy is not None:
            self._counters["changes"] += 1
            self.post(OccupancyChanged(occupancy))
        return occupancy

    def _run(self) -> None:
        period = 1.0 / self.scan_hz
        next_at = time.monotonic()
        while not self._stop.is_set():
            try:
                self.scan_once()
            except Exception as error:
                self._counters["errors"] += 1
                if self._connected:
                    log.exception("lecture de la matrice GPIO impossible")
                    self._connected = False
                    self.post(BoardLost(f"lecture GPIO impossible : {error}"))
                self._stop.wait(self.retry_after)
                next_at = time.monotonic()
                continue
            if not self._connected:
                self._connected = True
                self.post(BoardConnected(self.rows, self.cols, VERSION))
                if self._debouncer.stable is not None:
                    self.post(OccupancyChanged(self._debouncer.stable))
                if self._frame is not None:
                    self._leds.show(self._frame)
            next_at += period
            delay = next_at - time.monotonic()
            if delay < 0:
                next_at, delay = time.monotonic(), 0.0
            self._stop.wait(delay)

    @property
    def connected(self) -> bool:
        return self._connected

    @property
    def occupancy(self) -> Occupancy | None:
        return self._debouncer.stable

    def show(self, frame: LedFrame) -> None:
        if (frame.rows, frame.cols) != (self.rows, self.cols):
            raise ValueError(
                f"trame de LED {frame.rows} x {frame.cols} pour un plateau "
                f"{self.rows} x {self.cols}"
            )
        self._frame = frame
        self._leds.show(frame)

    @property
    def leds(self) -> LedSink:
        return self._leds

    def close(self) -> None:
        if self._stop.is_set():
            return
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
        self._connected = False
        try:
            self._leds.close()
        finally:
            self._release()

    def _release(self) -> None:
        for device in self._row_devices + self._col_devices:
            device.close()
        self._row_devices.clear()
        self._col_devices.clear()

    def stats(self) -> dict[str, int]:
        return {**self._counters, "bounces": self._debouncer.filtered}
