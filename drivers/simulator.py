"""A simulated sensor board that speaks the serial protocol on a pseudo-terminal.

:class:`BoardSimulator` plays the microcontroller's part of
``docs/hardware/serial-protocol.md``: it answers HELLO, sends heartbeats,
occupancy frames when a piece is lifted or placed, and applies (and
acknowledges) LED commands. The kiosk opens :attr:`BoardSimulator.port`
like a real serial port. With a ``link`` path, that port is a symbolic link
re-pointed at a new pty on every :meth:`~BoardSimulator.replug`, so the
port really vanishes and comes back under the same name, as a USB device
does.

Everything on the pty happens in one thread; the methods that change the
board (lift, place, unplug…) may be called from any thread.
"""

from __future__ import annotations

import contextlib
import os
import select
import threading
import time
import tty
from collections.abc import Callable, Iterable
from pathlib import Path

from drivers import protocol as p
from drivers.sensorboard import LED_OFF, Cell, Colour, LedFrame, LedMode, Occupancy

_ERROR_OF = {
    "bad_crc": p.ErrorCode.BAD_CRC,
    "bad_length": p.ErrorCode.BAD_LENGTH,
    "unknown_type": p.ErrorCode.UNKNOWN_TYPE,
    "bad_payload": p.ErrorCode.BAD_PAYLOAD,
    "truncated": p.ErrorCode.FRAMING,
    "bad_escape": p.ErrorCode.FRAMING,
}
ERROR_INTERVAL = 0.1
"""The device sends at most one ERROR per this many seconds."""


class BoardSimulator:
    """The board's firmware, simulated: ``rows`` x ``cols`` cells on a pty."""

    def __init__(
        self,
        rows: int,
        cols: int,
        *,
        link: str | Path | None = None,
        occupied: Iterable[Cell] = (),
        firmware: str = "ludokiosk-sim",
        heartbeat: float = p.HEARTBEAT_INTERVAL,
        host_timeout: float = p.HOST_TIMEOUT,
        version: int = p.VERSION,
    ) -> None:
        self.rows, self.cols = rows, cols
        self.link = Path(link) if link is not None else None
        self.firmware = firmware
        self.version = version
        self.heartbeat = heartbeat
        self.host_timeout = host_timeout
        self._occupancy = Occupancy.of(rows, cols, occupied)
        self._leds = LedFrame(rows, cols)
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        self._parser = p.Parser()
        self._master: int | None = None
        self._slave: int | None = None
        self._pty_name = ""
        self._seq = 0
        self._last_host_seq = 0
        self._muted = False
        self._stalled = False
        self._drop = 0
        self._host_seen: float | None = None
        self._last_error_at = -1.0
        self._next_beat = 0.0
        self._stop = threading.Event()
        self._wake_r, self._wake_w = os.pipe()
        self._requests: list[Callable[[], None]] = []
        self._thread: threading.Thread | None = None
        self.counts: dict[str, int] = dict.fromkeys(
            ("received", "sent", "acks", "errors", "dropped_writes", "plugs"), 0
        )
        self.received: list[p.Message] = []
        """Every message received from the host (the last 1,000)."""

    # --- life cycle ---------------------------------------------------------

    def start(self) -> str:
        """Plug the board in and start its thread; returns :attr:`port`."""
        self._plug()
        self._thread = threading.Thread(target=self._run, name="board-sim", daemon=True)
        self._thread.start()
        return self.port

    def close(self) -> None:
        """Stop the thread and unplug for good."""
        self._stop.set()
        self._poke()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
        self._unplug()
        for fd in (self._wake_r, self._wake_w):
            with contextlib.suppress(OSError):
                os.close(fd)

    def __enter__(self) -> BoardSimulator:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def port(self) -> str:
        """What the kiosk opens: the link if any, else the pty's slave path."""
        return str(self.link) if self.link is not None else self._pty_name

    @property
    def plugged(self) -> bool:
        return self._master is not None

    @property
    def host_present(self) -> bool:
        """Whether a host frame arrived less than ``host_timeout`` ago."""
        seen = self._host_seen
        return seen is not None and time.monotonic() - seen < self.host_timeout

    def reboot(self) -> None:
        """The firmware restarts on the same port: LEDs off, numbering from 0, INFO unasked."""
        self._request(self._boot)

    def unplug(self) -> None:
        """Pull the cable: the pty closes and the link disappears."""
        self._request(self._unplug)

    def replug(self) -> None:
        """Plug back in: a new pty (under the same link), the firmware boots."""
        self._request(self._plug)

    # --- the board, as hands and eyes see it -------------------------------

    @property
    def occupancy(self) -> Occupancy:
        return self._occupancy

    def lift(self, cell: Cell) -> None:
        self.set(cell, False)

    def place(self, cell: Cell) -> None:
        self.set(cell, True)

    def set(self, cell: Cell, occupied: bool) -> None:
        """A piece placed on (``True``) or lifted from ``cell``; sends a delta."""
        with self._lock:
            before = self._occupancy
            self._occupancy = before.with_cell(cell, occupied)
            if self._occupancy != before:
                self._send(p.OccupancyDelta(((cell, occupied),)))

    def set_all(self, cells: Iterable[Cell]) -> None:
        """The whole board at once; sends a full occupancy frame."""
        with self._lock:
            self._occupancy = Occupancy.of(self.rows, self.cols, cells)
            self._send(p.OccupancyFull(self._occupancy))

    def leds(self) -> LedFrame:
        """The LEDs as the host last set them."""
        return self._leds

    def shown(self, now: float | None = None) -> dict[Cell, Colour]:
        """The cells visibly lit at ``now`` (monotonic seconds), blinking included."""
        now = time.monotonic() if now is None else now
        blink_on = now % p.BLINK_PERIOD < p.BLINK_PERIOD / 2
        return {
            cell: led.colour
            for cell, led in self._leds.lit.items()
            if led.mode is LedMode.ON or (led.mode is LedMode.BLINK and blink_on)
        }

    # --- test hooks -------------------------------------------------------

    def inject(self, data: bytes) -> None:
        """Write raw bytes to the host (garbage, half frames…)."""
        with self._lock:
            self._write(data)

    def mute(self, silent: bool = True) -> None:
        """A hung firmware: nothing more is sent (the port stays)."""
        with self._lock:
            self._muted = silent

    def stall(self, stalled: bool = True) -> None:
        """A firmware that stops reading the line (its own frames go on): what the
        host writes piles up in the pty until the kernel's buffer is full."""
        with self._lock:
            self._stalled = stalled
        self._poke()

    def drop_next(self, count: int = 1) -> None:
        """Lose the next ``count`` frames sent (numbered, never written)."""
        with self._lock:
            self._drop += count

    def wait_until(self, predicate: Callable[[], bool], timeout: float = 2.0) -> bool:
        """Block until ``predicate()`` holds (checked after every change) or time runs out."""
        with self._changed:
            return self._changed.wait_for(predicate, timeout)

    # --- inside the thread --------------------------------------------------

    def _poke(self) -> None:
        with contextlib.suppress(OSError):
            os.write(self._wake_w, b"!")

    def _request(self, action: Callable[[], None]) -> None:
        if self._thread is None or not self._thread.is_alive():
            action()
            return
        done = threading.Event()

        def run() -> None:
            action()
            done.set()

        with self._lock:
            self._requests.append(run)
        self._poke()
        done.wait(timeout=2.0)

    def _plug(self) -> None:
        with self._lock:
            if self._master is not None:
                return
            master, slave = os.openpty()
            tty.setraw(slave)
            os.set_blocking(master, False)
            self._master, self._slave = master, slave
            self._pty_name = os.ttyname(slave)
            if self.link is not None:
                temporary = self.link.with_name(self.link.name + ".new")
                with contextlib.suppress(FileNotFoundError):
                    temporary.unlink()
                temporary.symlink_to(self._pty_name)
                temporary.replace(self.link)
            self.counts["plugs"] += 1
            self._boot()

    def _boot(self) -> None:
        with self._lock:
            self._leds = LedFrame(self.rows, self.cols)
            self._parser.reset()
            self._seq = 0
            self._host_seen = None
            self._next_beat = time.monotonic() + self.heartbeat
            self._send(p.Info(self.version, self.rows, self.cols, self.firmware))
            self._changed.notify_all()

    def _unplug(self) -> None:
        with self._lock:
            if self.link is not None:
                with contextlib.suppress(FileNotFoundError):
                    self.link.unlink()
            for fd in (self._master, self._slave):
                if fd is not None:
                    with contextlib.suppress(OSError):
                        os.close(fd)
            self._master = self._slave = None
            self._host_seen = None
            self._changed.notify_all()

    def _write(self, data: bytes) -> None:
        if self._master is None or self._muted:
            return
        try:
            os.write(self._master, data)
        except BlockingIOError:
            self.counts["dropped_writes"] += 1  # nobody reads: like a USB device, drop
        except OSError:
            self.counts["dropped_writes"] += 1

    def _send(self, message: p.Message) -> None:
        with self._lock:
            seq = self._seq
            self._seq = (seq + 1) & 0xFF
            if self._master is None or self._muted:
                return
            if self._drop:
                self._drop -= 1
                return
            self._write(p.encode(message, seq))
            self.counts["sent"] += 1

    def _run(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                master = self._master
                timeout = max(0.0, self._next_beat - time.monotonic())
                stalled = self._stalled
            watched = [self._wake_r] if master is None or stalled else [self._wake_r, master]
            try:
                ready, _, _ = select.select(watched, [], [], min(timeout, 0.1))
            except (OSError, ValueError):
                ready = []
            if self._wake_r in ready:
                with contextlib.suppress(OSError):
                    os.read(self._wake_r, 4096)
            with self._lock:
                requests, self._requests = self._requests, []
            for action in requests:
                action()
            if master is not None and master in ready and master == self._master:
                self._receive(master)
            self._tick()

    def _receive(self, master: int) -> None:
        try:
            data = os.read(master, 4096)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            return  # the slave side is not open yet
        with self._lock:
            bad = self._parser.bad_frames
            noise = self._parser.counts["dropped_bytes"]
            packets = self._parser.feed(data)
            for packet in packets:
                self._handle(packet)
            if self._parser.bad_frames > bad:
                self._error(_ERROR_OF[self._parser.last_bad])
            elif self._parser.counts["dropped_bytes"] > noise:
                self._error(p.ErrorCode.NOISE)
            self._changed.notify_all()

    def _error(self, code: p.ErrorCode) -> None:
        now = time.monotonic()
        self.counts["errors"] += 1
        if now - self._last_error_at >= ERROR_INTERVAL:
            self._last_error_at = now
            self._send(p.Error(int(code), self._last_host_seq))

    def _handle(self, packet: p.Packet) -> None:
        message = packet.message
        self.counts["received"] += 1
        self.received.append(message)
        del self.received[:-1000]
        self._host_seen = time.monotonic()
        self._last_host_seq = packet.seq
        match message:
            case p.Hello():
                self._send(p.Info(self.version, self.rows, self.cols, self.firmware))
                self._send(p.OccupancyFull(self._occupancy))
            case p.GetOccupancy():
                self._send(p.OccupancyFull(self._occupancy))
            case p.Heartbeat():
                pass
            case p.LedFull() | p.LedSet() | p.LedAllOff():
                try:
                    self._leds = self._apply(message)
                except ValueError:
                    self._error(p.ErrorCode.BAD_PAYLOAD)
                    return
                self.counts["acks"] += 1
                self._send(p.Ack(packet.seq))
            case _:
                self._error(p.ErrorCode.UNKNOWN_TYPE)

    def _apply(self, message: p.LedFull | p.LedSet | p.LedAllOff) -> LedFrame:
        if isinstance(message, p.LedAllOff):
            return LedFrame(self.rows, self.cols)
        if isinstance(message, p.LedFull):
            frame = message.frame
            if (frame.rows, frame.cols) != (self.rows, self.cols):
                raise ValueError("taille de trame")
            return frame
        return message.apply(self._leds)

    def _tick(self) -> None:
        now = time.monotonic()
        with self._lock:
            if self._master is None:
                return
            if now >= self._next_beat:
                self._next_beat = now + self.heartbeat
                self._send(p.Heartbeat())
            seen = self._host_seen
            if seen is not None and now - seen >= self.host_timeout:
                self._host_seen = None
                if self._leds.lit:
                    self._leds = LedFrame(self.rows, self.cols, {})
                self._changed.notify_all()


def lit_cells(frame: LedFrame) -> dict[Cell, str]:
    """A short text per lit cell (``on #ff0000``), for terminals and logs."""
    return {
        cell: f"{led.mode.name.lower()} #{led.colour[0]:02x}{led.colour[1]:02x}{led.colour[2]:02x}"
        for cell, led in sorted(frame.lit.items())
        if led != LED_OFF and led.mode is not LedMode.OFF
    }
