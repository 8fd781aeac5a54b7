"""The sensor board behind a serial port: the microcontroller's protocol.

:class:`SerialBoard` opens its port with ``serial.serial_for_url`` (a device
path, a pty, ``loop://``…), says HELLO, then reads occupancy frames and sends
LED commands as ``docs/hardware/serial-protocol.md`` specifies. One thread
reads (and sends the session's own frames); another writes the LED frames:
:meth:`SerialBoard.show` only leaves the frame in a one-slot mailbox for it (a
newer frame replaces an unsent one: only the latest LED state matters), so
the caller — the kiosk's render loop — never waits on the line. When the
port vanishes, the board falls silent or stops reading (a write the line
does not take within ``stall_after`` seconds), a :class:`BoardLost` is posted
and the port is reopened with exponential backoff until the board answers
again.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import serial  # type: ignore[import-untyped]

from drivers import protocol as p
from drivers.sensorboard import (
    LED_OFF,
    BoardConnected,
    BoardLost,
    Led,
    LedFrame,
    LedMode,
    Occupancy,
    OccupancyChanged,
    SensorBoard,
)

log = logging.getLogger("ludokiosk.board")

Opener = Callable[..., Any]
"""Opens a port: ``serial.serial_for_url``'s signature (tests pass their own)."""

READ_TIMEOUT = 0.02
"""Seconds a read waits for a byte (how often the thread looks at its clocks)."""


@dataclass(frozen=True)
class Backoff:
    """Waits between reconnection attempts: ``initial``, doubling up to ``cap`` seconds."""

    initial: float = 0.25
    factor: float = 2.0
    cap: float = 5.0

    def next(self, delay: float) -> float:
        return min(self.cap, delay * self.factor)


class _RateLimitedLog:
    """Bad frames logged at most once per ``interval`` seconds, with a count."""

    def __init__(self, url: str, interval: float = 10.0) -> None:
        self.url, self.interval = url, interval
        self._last = float("-inf")
        self._unlogged = 0

    def bad(self, count: int, kind: str) -> None:
        self._unlogged += count
        now = time.monotonic()
        if now - self._last >= self.interval:
            log.warning(
                "plateau %s : %d trame(s) invalide(s), la dernière : %s",
                self.url,
                self._unlogged,
                kind,
            )
            self._last, self._unlogged = now, 0


def _norm(led: Led) -> Led:
    return LED_OFF if led.mode is LedMode.OFF else led


class SerialBoard(SensorBoard):
    """A board on a serial port, reconnected whenever it comes back.

    ``rows``/``cols``: the size expected (the board's INFO must match); left
    out, the board's own size is taken. Times are in seconds.
    """

    def __init__(
        self,
        url: str,
        rows: int | None = None,
        cols: int | None = None,
        *,
        baudrate: int = 115200,
        heartbeat: float = p.HEARTBEAT_INTERVAL,
        lost_after: float = p.LOST_AFTER,
        hello_timeout: float = 1.0,
        ack_timeout: float = 0.5,
        stall_after: float = 0.5,
        backoff: Backoff | None = None,
        opener: Opener = serial.serial_for_url,
    ) -> None:
        super().__init__()
        self.url = url
        self.rows, self.cols = rows or 0, cols or 0
        self._expected = (rows, cols) if rows and cols else None
        self.baudrate = baudrate
        self.heartbeat = heartbeat
        self.lost_after = lost_after
        self.hello_timeout = hello_timeout
        self.ack_timeout = ack_timeout
        self.stall_after = stall_after
        self.backoff = backoff or Backoff()
        self._opener = opener
        self.version = ""
        self.problem = ""
        """Why the board is not connected, when known (for the admin screen)."""
        self._lock = threading.RLock()
        """Held to write on the port (and for what was sent): never by :meth:`show`."""
        self._mail = threading.Condition(threading.Lock())
        """Wakes the LED writer: a new frame, a connection, or the end."""
        self._stop = threading.Event()
        self._port: Any = None
        self._broken = ""
        self._parser = p.Parser()
        self._log = _RateLimitedLog(url)
        self._seq = 0
        self._connected = False
        self._occupancy: Occupancy | None = None
        self._desired: LedFrame | None = None
        """The mailbox: the latest frame asked for (written by :meth:`show`)."""
        self._taken: LedFrame | None = None
        """The mailbox's frame the link thread last took."""
        self._sent: LedFrame | None = None
        self._unacked: dict[int, float] = {}
        self._info: p.Info | None = None
        self._peer_seq: int | None = None
        self._want_full: float | None = None
        self._last_rx = 0.0
        self._last_tx = 0.0
        self._counts: dict[str, int] = dict.fromkeys(
            (
                "frames_out",
                "led_full",
                "led_set",
                "led_all_off",
                "led_resends",
                "acks",
                "device_errors",
                "seq_gaps",
                "resyncs",
                "ignored",
                "connections",
                "losses",
                "open_failures",
                "handshake_failures",
                "stalls",
            ),
            0,
        )
        self._thread = threading.Thread(target=self._run, name=f"board {url}", daemon=True)
        self._writer = threading.Thread(
            target=self._write_leds, name=f"board {url} leds", daemon=True
        )
        self._thread.start()
        self._writer.start()

    # --- SensorBoard --------------------------------------------------------

    @property
    def name(self) -> str:
        return self.url

    @property
    def connected(self) -> bool:
        return self._connected

    @property
    def occupancy(self) -> Occupancy | None:
        return self._occupancy

    def show(self, frame: LedFrame) -> None:
        """Leave ``frame`` for the LED writer: never touches the port, never waits on it."""
        if self.rows and (frame.rows, frame.cols) != (self.rows, self.cols):
            raise ValueError(
                f"trame de LED {frame.rows} x {frame.cols} pour un plateau "
                f"{self.rows} x {self.cols}"
            )
        with self._mail:
            self._desired = frame
            self._mail.notify()

    def close(self) -> None:
        self._stop.set()
        with self._mail:
            self._mail.notify()
        self._thread.join(timeout=2.0)
        self._writer.join(timeout=1.0)
        with self._lock:
            self._close_port()
            self._connected = False

    def stats(self) -> dict[str, int]:
        counts = dict(self._counts)
        counts.update(self._parser.counts)
        counts["bad_frames"] = self._parser.bad_frames
        return counts

    # --- writing (either thread, under the lock) -----------------------------

    def _send(self, message: p.Message) -> int:
        """Send ``message``; its sequence number (the port is marked broken on failure).

        A write the line has not taken after ``stall_after`` seconds means the
        board stopped reading: the port is marked broken, as when it vanishes.
        """
        with self._lock:
            seq = self._seq
            self._seq = (seq + 1) & 0xFF
            port = self._port
            if port is None or self._broken:
                return seq
            try:
                port.write(p.encode(message, seq))
            except serial.SerialTimeoutException:
                self._counts["stalls"] += 1
                self._broken = f"ligne bloquée : la carte ne lit plus depuis {self.stall_after:g} s"
                return seq
            except (serial.SerialException, OSError) as error:
                self._broken = f"écriture impossible : {error}"
                return seq
            self._last_tx = time.monotonic()
            self._counts["frames_out"] += 1
            return seq

    def _send_leds(self) -> None:
        """Bring the board's LEDs to the mailbox's frame with the fewest bytes."""
        with self._lock:
            self._send_frame()

    def _send_frame(self) -> None:
        if not self._connected:
            return  # sent whole once the board answers
        desired = self._taken = self._desired
        if desired is None or (desired.rows, desired.cols) != (self.rows, self.cols):
            desired = LedFrame(self.rows, self.cols)
        sent = self._sent
        lit = any(led.mode is not LedMode.OFF for _, led in desired.lit.items())
        message: p.Message
        if sent is not None:
            changed = tuple(
                (cell, _norm(led))
                for cell, led in desired.cells()
                if _norm(led) != _norm(sent[cell])
            )
            if not changed:
                return
        else:
            changed = ()
        full_cost = 2 + 4 * self.rows * self.cols
        if not lit:
            message, kind = p.LedAllOff(), "led_all_off"
        elif sent is not None and 1 + 6 * len(changed) < full_cost:
            message, kind = p.LedSet(changed), "led_set"
        else:
            message, kind = p.LedFull(desired), "led_full"
        self._counts[kind] += 1  # counted before the write: a reader of stats() never lags the line
        seq = self._send(message)
        self._unacked[seq] = time.monotonic()
        self._sent = desired

    def _resend_leds(self) -> None:
        """Forget what the board shows and send the whole frame again."""
        with self._lock:
            self._counts["led_resends"] += 1
            self._sent = None
            self._unacked.clear()
            self._send_frame()

    def _write_leds(self) -> None:
        """The LED writer's thread: sends the mailbox's frame whenever it changes."""

        def due() -> bool:
            return self._stop.is_set() or (self._connected and self._desired is not self._taken)

        while not self._stop.is_set():
            with self._mail:
                self._mail.wait_for(due)
            if not self._stop.is_set():
                self._send_leds()

    # --- the reader thread --------------------------------------------------

    def _run(self) -> None:
        delay = self.backoff.initial
        while not self._stop.is_set():
            if self._open() and self._session():
                delay = self.backoff.initial
            with self._lock:
                self._close_port()
            if self._stop.wait(delay):
                break
            delay = self.backoff.next(delay)

    def _open(self) -> bool:
        port = None
        try:
            port = self._opener(
                self.url,
                baudrate=self.baudrate,
                timeout=READ_TIMEOUT,
                write_timeout=self.stall_after,
            )
            port.reset_input_buffer()  # what the board said before we listened
        except (serial.SerialException, OSError, ValueError) as error:
            if port is not None:
                with contextlib.suppress(serial.SerialException, OSError):
                    port.close()
            self._counts["open_failures"] += 1
            self.problem = f"ouverture impossible : {error}"
            log.debug("plateau %s : ouverture impossible (%s)", self.url, error)
            return False
        with self._lock:
            self._port, self._broken = port, ""
            self._parser.reset()
        return True

    def _close_port(self) -> None:
        port, self._port = self._port, None
        if port is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                port.close()

    def _lose(self, reason: str) -> None:
        with self._lock:
            was, self._connected = self._connected, False
            self._sent = None
            self._unacked.clear()
            self.problem = reason
        if was:
            self._counts["losses"] += 1
            log.warning("plateau %s perdu : %s", self.url, reason)
            self.post(BoardLost(reason))

    def _session(self) -> bool:
        """Talk to the board until it is lost; whether it was connected."""
        self._info, self._peer_seq, self._want_full = None, None, None
        start = last_hello = self._last_rx = time.monotonic()
        next_beat = start + self.heartbeat
        try:
            self._port.write(bytes((p.FLAG,)))  # ends any frame the board had begun
        except (serial.SerialException, OSError):
            return False
        self._send(p.Hello())
        while not self._stop.is_set():
            try:
                data = self._port.read(max(1, self._port.in_waiting))
            except (serial.SerialException, OSError, TypeError, AttributeError) as error:
                self._broken = f"port disparu : {error}"
                data = b""
            now = time.monotonic()
            if data:
                self._received(data, now)
            if self._broken:
                self._lose(self._broken)
                return self._info is not None
            if self._want_full is not None and now - self._want_full > self.ack_timeout:
                self._request_full(now)
            if not self._connected:
                if now - start > self.hello_timeout:
                    self._counts["handshake_failures"] += 1
                    self.problem = "pas de réponse à HELLO"
                    log.debug("plateau %s : pas de réponse à HELLO", self.url)
                    return False
                if self._info is None and now - last_hello > self.hello_timeout / 4:
                    last_hello = now
                    self._send(p.Hello())
                continue
            if now - self._last_rx > self.lost_after:
                self._lose(f"plus de signe de vie depuis {self.lost_after:g} s")
                return True
            if now >= next_beat:
                next_beat = now + self.heartbeat
                if now - self._last_tx > p.HOST_TIMEOUT - self.heartbeat:
                    self._resend_leds()  # we were silent: the board switched its LEDs off
                self._send(p.Heartbeat())
            with self._lock:
                late = bool(self._unacked) and now - min(self._unacked.values()) > self.ack_timeout
            if late:
                self._resend_leds()
        if self._connected and not self._broken and self._desired is not self._taken:
            self._send_leds()  # closing: the last frame asked for (often all dark) goes out
        return self._info is not None

    def _request_full(self, now: float) -> None:
        self._want_full = now
        self._counts["resyncs"] += 1
        self._send(p.GetOccupancy())

    def _received(self, data: bytes, now: float) -> None:
        bad = self._parser.bad_frames
        packets = self._parser.feed(data)
        if self._parser.bad_frames > bad:
            self._log.bad(self._parser.bad_frames - bad, self._parser.last_bad)
            if self._connected and self._want_full is None:
                self._request_full(now)  # the bad frame may have been a delta
        for packet in packets:
            kind = packet.message.KIND
            if kind not in p.DEVICE_KINDS:
                self._counts["ignored"] += 1  # our own frames, echoed
                continue
            self._last_rx = now
            if self._peer_seq is not None and packet.seq != (self._peer_seq + 1) & 0xFF:
                self._counts["seq_gaps"] += 1
                if self._connected and self._want_full is None:
                    self._request_full(now)
            self._peer_seq = packet.seq
            self._handle(packet, now)

    def _handle(self, packet: p.Packet, now: float) -> None:
        message = packet.message
        match message:
            case p.Info():
                self._hello_answered(message, packet.seq, now)
            case p.OccupancyFull(occupancy):
                self._full(occupancy)
            case p.OccupancyDelta():
                if self._connected and self._occupancy is not None:
                    try:
                        occupancy = message.apply(self._occupancy)
                    except ValueError:
                        self._request_full(now)
                        return
                    if occupancy != self._occupancy:
                        self._occupancy = occupancy
                        self.post(OccupancyChanged(occupancy))
            case p.Ack(seq):
                with self._lock:
                    self._counts["acks"] += 1
                    self._unacked.pop(seq, None)
            case p.Error(code):
                self._counts["device_errors"] += 1
                log.info("plateau %s : erreur %d signalée par la carte", self.url, code)
                if self._connected:
                    self._resend_leds()

    def _hello_answered(self, info: p.Info, seq: int, now: float) -> None:
        if self._connected:
            if seq == 0:  # unasked, numbered 0: the board restarted, its LEDs are off
                self._resend_leds()
                self._request_full(now)
            return
        if info.version != p.VERSION:
            self._broken = f"version du protocole {info.version} (attendue : {p.VERSION})"
            log.error("plateau %s : %s", self.url, self._broken)
            return
        if self._expected is not None and (info.rows, info.cols) != self._expected:
            self._broken = (
                f"plateau de {info.rows} x {info.cols} "
                f"(attendu : {self._expected[0]} x {self._expected[1]})"
            )
            log.error("plateau %s : %s", self.url, self._broken)
            return
        self._info = info
        self.rows, self.cols = info.rows, info.cols
        self.version = f"{info.firmware} (protocole {info.version})"
        self._want_full = now  # the board sends it after INFO; asked again if it does not

    def _full(self, occupancy: Occupancy) -> None:
        info = self._info
        if info is None or (occupancy.rows, occupancy.cols) != (info.rows, info.cols):
            return
        self._want_full = None
        if not self._connected:
            with self._lock:
                self._connected, self.problem = True, ""
                self._occupancy = occupancy
                self._counts["connections"] += 1
                self._sent = None
                self._send_frame()
            log.info("plateau %s connecté : %s", self.url, self.version)
            self.post(BoardConnected(info.rows, info.cols, self.version))
            self.post(OccupancyChanged(occupancy))
        elif occupancy != self._occupancy:
            self._occupancy = occupancy
            self.post(OccupancyChanged(occupancy))
