"""The board's side of the serial protocol: one :meth:`Board.step` per turn of the main loop.

Each step scans the matrix (debounced changes go out as ``OCC_DELTA``),
handles what the host sent (``HELLO``, ``GET_OCC``, LED commands, each LED
command acknowledged), sends a ``HEARTBEAT`` every 0.5 s, puts the LEDs out
after 3 s without a valid host frame, and refreshes the LED chain and the
status LED.  Time comes from the hardware's wrapping ticks, so a test drives
the board with a clock of its own (``docs/hardware/serial-protocol.md``).
"""

from ludoboard import framing, leds
from ludoboard.config import Config
from ludoboard.hal import Hardware
from ludoboard.leds import Leds
from ludoboard.scanner import Scanner

FIRMWARE = "ludoboard-1.0"
VERSION = 1
"""The protocol version."""

HELLO = 0x01
INFO = 0x02
HEARTBEAT = 0x03
ACK = 0x04
ERROR = 0x05
OCC_FULL = 0x10
OCC_DELTA = 0x11
GET_OCC = 0x12
LED_FULL = 0x20
LED_SET = 0x21
LED_ALL_OFF = 0x22

BAD_TYPE = 3
BAD_PAYLOAD = 4
"""ERROR codes decided here; the framing faults carry theirs (1, 2, 5, 6)."""

HEARTBEAT_MS = 500
HOST_TIMEOUT_MS = 3000
ERROR_INTERVAL_MS = 100
MAX_CHANGES = 255
"""More changed cells at once than this go out as one ``OCC_FULL``."""
READ_CHUNK = 64
MAX_READ_PER_STEP = 2048
STATUS_PERIOD_MS = 1000
"""The status LED blinks at 1 Hz while the host talks, five times faster without it."""


class Board:
    """The firmware's state: matrix, LEDs, link; starts by announcing itself (INFO, seq 0)."""

    def __init__(
        self,
        hw: Hardware,
        config: Config,
        heartbeat_ms: int = HEARTBEAT_MS,
        host_timeout_ms: int = HOST_TIMEOUT_MS,
    ) -> None:
        self.hw = hw
        self.config = config
        self.heartbeat_ms = heartbeat_ms
        self.host_timeout_ms = host_timeout_ms
        self.scanner = Scanner(hw, config.rows, config.cols, config.debounce, config.settle_us)
        self.leds = Leds(
            config.led_of_cell, config.led_count, config.brightness, config.max_current_ma
        )
        self.receiver = framing.Receiver()
        self.writer = framing.Writer(hw)
        self.name = config.firmware_name(FIRMWARE).encode()
        self.host_present = False
        """Whether a valid host frame came less than ``host_timeout_ms`` ago."""
        self.last_host_seq = 0
        self.errors = [0] * 8
        """Faults seen, by ERROR code (1-6), whether or not an ERROR was sent."""
        self.errors_sent = 0
        self.acks = 0
        self.frames_in = 0
        self._chunk = bytearray(READ_CHUNK)
        now = hw.ticks_ms()
        self._last_scan = now
        self._last_beat = now
        self._last_host = now
        self._last_error = now
        self._error_sent = False
        self._status = False
        self.scanner.prime()
        if self.leds.render(now):
            hw.show(self.leds.pixels)
        hw.status(False)
        self.send_info()

    # --- the main loop --------------------------------------------------------

    def step(self) -> None:
        """One turn: scan, receive, heartbeat, host timeout, LEDs."""
        hw = self.hw
        now = hw.ticks_ms()
        if hw.ticks_diff(now, self._last_scan) >= self.config.scan_ms:
            self._last_scan = now
            changed = self.scanner.scan()
            if changed:
                self.send_changes(changed)
        self.receive(now)
        if hw.ticks_diff(now, self._last_beat) >= self.heartbeat_ms:
            self._last_beat = now
            self._send_empty(HEARTBEAT)
        if self.host_present and hw.ticks_diff(now, self._last_host) >= self.host_timeout_ms:
            self.host_present = False
            self.leds.all_off()
        if self.leds.render(now):
            hw.show(self.leds.pixels)
        period = STATUS_PERIOD_MS if self.host_present else STATUS_PERIOD_MS // 5
        status = now % period < period // 2
        if status != self._status:
            self._status = status
            hw.status(status)

    def run(self) -> None:
        """Step for ever."""
        while True:
            self.step()
            self.hw.idle()

    # --- receiving ------------------------------------------------------------

    def receive(self, now: int) -> None:
        """Handle the bytes waiting on the link."""
        chunk = self._chunk
        receiver = self.receiver
        total = 0
        while total < MAX_READ_PER_STEP:
            size = self.hw.read(chunk)
            if not size:
                return
            total += size
            for at in range(size):
                outcome = receiver.feed(chunk[at])
                if outcome == framing.FRAME:
                    self.handle(now)
                elif outcome:
                    self.fault(outcome, now)

    def handle(self, now: int) -> None:
        """The good frame in the receiver's buffer."""
        receiver = self.receiver
        kind = receiver.kind()
        length = receiver.length()
        if kind in (HEARTBEAT, GET_OCC, LED_ALL_OFF):
            if length:
                self.fault(BAD_PAYLOAD, now)
                return
            self._accepted(now)
            if kind == GET_OCC:
                self.send_full()
            elif kind == LED_ALL_OFF:
                self.leds.all_off()
                self.send_ack()
        elif kind == HELLO:
            if length != 1:
                self.fault(BAD_PAYLOAD, now)
                return
            self._accepted(now)  # never refused: the host decides
            self.send_info()
            self.send_full()
        elif kind in (LED_FULL, LED_SET):
            applied = self._led_full() if kind == LED_FULL else self._led_set()
            if not applied:
                self.fault(BAD_PAYLOAD, now)
                return
            self._accepted(now)
            self.send_ack()
        else:
            self.fault(BAD_TYPE, now)  # unknown, or a board's message

    def _accepted(self, now: int) -> None:
        self.frames_in += 1
        self.host_present = True
        self._last_host = now
        self.last_host_seq = self.receiver.seq()

    def _led_full(self) -> bool:
        """Apply a LED_FULL; ``False`` (nothing changed) if it does not fit the board."""
        buf = self.receiver.buf
        length = self.receiver.length()
        at = framing.PAYLOAD
        cells = self.scanner.cells
        if length != 2 + 4 * cells:
            return False
        if buf[at] != self.config.rows or buf[at + 1] != self.config.cols:
            return False
        for cell in range(cells):
            if buf[at + 2 + 4 * cell] > leds.BLINK:
                return False
        for cell in range(cells):
            here = at + 2 + 4 * cell
            self.leds.set(cell, buf[here], buf[here + 1], buf[here + 2], buf[here + 3])
        return True

    def _led_set(self) -> bool:
        """Apply a LED_SET; ``False`` (nothing changed) if any cell does not fit."""
        buf = self.receiver.buf
        length = self.receiver.length()
        at = framing.PAYLOAD
        if length < 1 or length != 1 + 6 * buf[at]:
            return False
        rows = self.config.rows
        cols = self.config.cols
        for item in range(buf[at]):
            here = at + 1 + 6 * item
            if buf[here] >= rows or buf[here + 1] >= cols or buf[here + 2] > leds.BLINK:
                return False
        for item in range(buf[at]):
            here = at + 1 + 6 * item
            cell = buf[here] * cols + buf[here + 1]
            self.leds.set(cell, buf[here + 2], buf[here + 3], buf[here + 4], buf[here + 5])
        return True

    def fault(self, code: int, now: int) -> None:
        """Something received was rejected: an ERROR, at most one per 100 ms."""
        self.errors[code] += 1
        if self._error_sent and self.hw.ticks_diff(now, self._last_error) < ERROR_INTERVAL_MS:
            return
        self._error_sent = True
        self._last_error = now
        self.errors_sent += 1
        writer = self.writer
        writer.begin(ERROR, 2)
        writer.put(code)
        writer.put(self.last_host_seq)
        writer.end()

    # --- sending --------------------------------------------------------------

    def _send_empty(self, kind: int) -> None:
        self.writer.begin(kind, 0)
        self.writer.end()

    def send_info(self) -> None:
        """INFO: protocol version, board size, firmware name."""
        writer = self.writer
        name = self.name
        writer.begin(INFO, 3 + len(name))
        writer.put(VERSION)
        writer.put(self.config.rows)
        writer.put(self.config.cols)
        for byte in name:
            writer.put(byte)
        writer.end()

    def send_ack(self) -> None:
        """ACK of the host frame just applied."""
        self.acks += 1
        self.writer.begin(ACK, 1)
        self.writer.put(self.receiver.seq())
        self.writer.end()

    def send_full(self) -> None:
        """OCC_FULL: the whole debounced matrix, bit ``row * cols + col`` low bit first."""
        writer = self.writer
        stable = self.scanner.stable
        cells = self.scanner.cells
        writer.begin(OCC_FULL, 2 + (cells + 7) // 8)
        writer.put(self.config.rows)
        writer.put(self.config.cols)
        for first in range(0, cells, 8):
            byte = 0
            for bit in range(min(8, cells - first)):
                if stable[first + bit]:
                    byte |= 1 << bit
            writer.put(byte)
        writer.end()

    def send_changes(self, count: int) -> None:
        """OCC_DELTA of the cells the last scan changed (OCC_FULL past 255 of them)."""
        if count > MAX_CHANGES:
            self.send_full()
            return
        writer = self.writer
        cols = self.config.cols
        changed = self.scanner.changed
        stable = self.scanner.stable
        writer.begin(OCC_DELTA, 1 + 3 * count)
        writer.put(count)
        for item in range(count):
            cell = changed[item]
            writer.put(cell // cols)
            writer.put(cell % cols)
            writer.put(stable[cell])
        writer.end()
