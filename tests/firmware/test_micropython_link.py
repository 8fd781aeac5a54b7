"""The firmware under the real MicroPython, talking to the kiosk's own serial driver.

The firmware's board logic and its USB link code run in a ``micropython``
process (the unix port, from the dev extra) whose stdin and stdout are one
end of a pseudo-terminal; the kiosk's :class:`~drivers.serial_board.SerialBoard`
opens the other end by its device path, as it opens ``/dev/ttyACM0``. Only
the switch matrix and the LED chain are simulated (``micropython_board.py``).
The CPython run (``test_serial_link.py``) stays for speed and coverage; this
one is the proof that the Pico's interpreter runs the same protocol.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import subprocess
import threading
import time
import tty
from collections.abc import Iterator
from pathlib import Path

import pytest

from drivers.sensorboard import (
    BoardConnected,
    BoardLost,
    Colour,
    Led,
    LedFrame,
    LedMode,
    Occupancy,
    OccupancyChanged,
)
from drivers.serial_board import Backoff, SerialBoard
from tests.drivers.test_serial_board import events_until, has, until
from tests.firmware.fw import FIRMWARE
from tests.firmware.test_under_micropython import PICO_HEAP, micropython

SCRIPT = Path(__file__).with_name("micropython_board.py")
RED, GREEN, BLUE, WHITE = (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)
FAST = Backoff(initial=0.02, factor=2.0, cap=0.1)


class MicroPythonBoard:
    """A ``micropython`` process serving a bench board on a pty, and the kiosk at the other end."""

    def __init__(
        self,
        folder: Path,
        name: str = "grid8",
        *,
        closed: set[tuple[int, int]] | None = None,
        host_timeout_ms: int = 3000,
    ) -> None:
        data = json.loads((FIRMWARE / "boards" / f"{name}.json").read_text(encoding="utf-8"))
        data["max_current_ma"] = 100000  # colours exactly as sent
        self.rows, self.cols = int(data["rows"]), int(data["cols"])
        self.board_json = folder / "board.json"
        self.board_json.write_text(json.dumps(data), encoding="utf-8")
        self.fifo = folder / "hands"
        os.mkfifo(self.fifo)
        self.hands = os.open(self.fifo, os.O_RDWR)  # never blocks, never sees an end
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.host_timeout_ms = host_timeout_ms
        self.pixels = b""
        self.shows = 0
        self.boots = 0
        self.heap: list[int] = []
        self.reports: list[dict[str, int]] = []
        self.unexpected: list[str] = []
        """Anything else the firmware wrote on stderr (a traceback)."""
        self.process: subprocess.Popen[bytes] | None = None
        self.closed = set(closed or ())
        """The pieces on the board: they stay there while it is off."""
        self.power_on()
        self.kiosk = SerialBoard(
            os.ttyname(self.slave),
            self.rows,
            self.cols,
            heartbeat=0.1,
            lost_after=1.0,
            ack_timeout=0.3,
            backoff=FAST,
        )

    # --- the board's power ---------------------------------------------------

    def power_on(self) -> None:
        """Start the firmware: a new ``micropython`` on the same link, as at power-up."""
        self.pixels = b""
        for row, col in sorted(self.closed):
            self.tell(f"place {row} {col}")
        self.process = subprocess.Popen(
            [micropython(), str(SCRIPT), str(FIRMWARE), str(self.board_json), str(self.fifo),
             str(self.host_timeout_ms)],
            stdin=self.master, stdout=self.master, stderr=subprocess.PIPE,
        )
        self.boots += 1
        threading.Thread(target=self._listen, args=(self.process,), daemon=True).start()
        try:
            until(lambda: len(self.heap) == self.boots, timeout=10.0)
        except AssertionError:
            raise AssertionError("".join(self.unexpected) or "the firmware did not start") from None

    def power_off(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=5)
            self.process = None

    def _listen(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stderr is not None
        for raw in process.stderr:
            words = raw.decode().split()
            if words[:1] == ["leds"]:
                self.pixels = bytes.fromhex(words[1]) if words[1] != "-" else b""
                self.shows += 1
            elif words[:1] == ["started"]:
                self.heap.append(int(words[1].split("=")[1]))
            elif words[:1] == ["stats"]:
                self.reports.append({k: int(v) for k, v in (w.split("=") for w in words[1:])})
            else:
                self.unexpected.append(raw.decode())

    # --- the test's hands and eyes -------------------------------------------

    def tell(self, line: str) -> None:
        os.write(self.hands, (line + "\n").encode())

    def place(self, row: int, col: int) -> None:
        self.closed.add((row, col))
        if self.process is not None:
            self.tell(f"place {row} {col}")

    def lift(self, row: int, col: int) -> None:
        self.closed.discard((row, col))
        if self.process is not None:
            self.tell(f"lift {row} {col}")

    def stats(self) -> dict[str, int]:
        """The firmware's own counters (receiver faults, frames, heap in use)."""
        count = len(self.reports)
        self.tell("stats")
        until(lambda: len(self.reports) > count)
        return self.reports[-1]

    def pixel(self, led: int) -> Colour:
        pixels = self.pixels
        return pixels[3 * led], pixels[3 * led + 1], pixels[3 * led + 2]

    def lit(self) -> dict[int, Colour]:
        return {led: self.pixel(led) for led in range(len(self.pixels) // 3)
                if any(self.pixel(led))}

    def lit_soon(self, wanted: dict[int, Colour], timeout: float = 3.0) -> None:
        until(lambda: self.lit() == wanted, timeout)

    def connected(self) -> list[object]:
        return list(events_until(self.kiosk, has(OccupancyChanged), timeout=10.0))

    def close(self) -> None:
        self.kiosk.close()
        self.power_off()
        for fd in (self.master, self.slave, self.hands):
            with contextlib.suppress(OSError):
                os.close(fd)
        assert not self.unexpected, "".join(self.unexpected)


@pytest.fixture
def grid8(tmp_path: Path) -> Iterator[MicroPythonBoard]:
    board = MicroPythonBoard(tmp_path, closed={(0, 0)})
    yield board
    board.close()


def test_hello_versions_and_occupancy_full_then_delta(grid8: MicroPythonBoard) -> None:
    assert grid8.connected() == [
        BoardConnected(8, 8, "ludoboard-1.0 grid8 (protocole 1)"),
        OccupancyChanged(Occupancy.of(8, 8, [(0, 0)])),
    ]
    grid8.place(2, 3)
    events = events_until(grid8.kiosk, has(OccupancyChanged))
    assert events == [OccupancyChanged(Occupancy.of(8, 8, [(0, 0), (2, 3)]))]
    grid8.lift(0, 0)
    grid8.place(7, 7)
    until(lambda: grid8.kiosk.occupancy == Occupancy.of(8, 8, [(2, 3), (7, 7)]))
    stats = grid8.kiosk.stats()
    assert stats["bad_frames"] == 0 and stats["seq_gaps"] == 0 and stats["device_errors"] == 0


def test_led_frames_light_the_chain_and_are_acknowledged(grid8: MicroPythonBoard) -> None:
    grid8.connected()
    cells = {(0, 0): RED, (1, 0): GREEN, (3, 4): BLUE}
    frame = LedFrame(8, 8, {cell: Led(LedMode.ON, colour) for cell, colour in cells.items()})
    grid8.kiosk.show(frame)
    grid8.lit_soon({0: RED, 15: GREEN, 27: BLUE})  # serpentine: row 1 runs back
    grid8.kiosk.show(LedFrame(8, 8, dict(frame.lit) | {(0, 0): Led(LedMode.ON, (1, 2, 3))}))
    grid8.lit_soon({0: (1, 2, 3), 15: GREEN, 27: BLUE})  # one cell: a LED_SET
    until(lambda: grid8.kiosk.stats()["acks"] >= 2)
    assert grid8.kiosk.stats()["led_set"] >= 1 and grid8.kiosk.stats()["led_resends"] == 0
    assert grid8.stats()["acks"] >= 2


def test_a_blinking_led_blinks_at_two_hertz(grid8: MicroPythonBoard) -> None:
    grid8.connected()
    grid8.kiosk.show(LedFrame(8, 8, {(4, 4): Led(LedMode.BLINK, RED)}))
    grid8.lit_soon({36: RED})
    samples = []
    for _ in range(50):  # 1 s
        samples.append(grid8.pixel(36) == RED)
        time.sleep(0.02)
    assert 15 <= samples.count(True) <= 35
    assert 3 <= sum(a != b for a, b in itertools.pairwise(samples)) <= 5


def test_heartbeats_keep_both_sides_connected(grid8: MicroPythonBoard) -> None:
    grid8.connected()
    grid8.kiosk.show(LedFrame(8, 8, {(0, 7): Led(LedMode.ON, RED)}))
    grid8.lit_soon({7: RED})
    received = grid8.kiosk.stats()["frames"]
    heard = grid8.stats()["frames_in"]
    time.sleep(2.5)  # longer than the kiosk's 1 s without a sign of life
    assert grid8.kiosk.connected and grid8.lit() == {7: RED}
    assert grid8.kiosk.stats()["frames"] - received >= 4  # the board's, every 0.5 s
    assert grid8.stats()["frames_in"] - heard >= 15  # the kiosk's, every 0.1 s
    assert not any(isinstance(e, BoardLost) for e in grid8.kiosk.events())


def test_the_leds_go_out_when_the_kiosk_goes_quiet(tmp_path: Path) -> None:
    board = MicroPythonBoard(tmp_path, host_timeout_ms=400)
    try:
        board.connected()
        board.kiosk.show(LedFrame(8, 8, {(0, 7): Led(LedMode.ON, RED)}))
        board.lit_soon({7: RED})
        board.kiosk.close()
        gone = time.monotonic()
        until(lambda: board.lit() == {}, timeout=3.0)
        assert 0.25 <= time.monotonic() - gone <= 1.5
        assert board.stats()["host_present"] == 0
    finally:
        board.close()


def test_garbage_both_ways_then_the_link_resynchronises(grid8: MicroPythonBoard) -> None:
    grid8.connected()
    grid8.kiosk.show(LedFrame(8, 8, {(2, 2): Led(LedMode.ON, GREEN)}))
    grid8.lit_soon({18: GREEN})
    os.write(grid8.master, b"\x00\x7e\x00\x30\x11garbage\x7e\x7d\x41")  # to the kiosk
    until(lambda: grid8.kiosk.stats()["bad_frames"] >= 2)
    os.write(grid8.slave, b"\x13\x37\x7e\x00\x05\x21\x7e\x7d\x41")  # to the board
    until(lambda: grid8.stats()["bad_escape"] >= 1)
    stats = grid8.stats()
    assert stats["dropped"] >= 2 and stats["truncated"] >= 1 and stats["errors_sent"] >= 1
    until(lambda: grid8.kiosk.stats()["device_errors"] >= 1)  # its ERROR reached the kiosk
    assert grid8.kiosk.stats()["resyncs"] >= 1  # and the kiosk asked for the whole matrix
    grid8.place(5, 5)
    events = events_until(grid8.kiosk, has(OccupancyChanged))
    assert events[-1] == OccupancyChanged(Occupancy.of(8, 8, [(0, 0), (5, 5)]))
    grid8.kiosk.show(LedFrame(8, 8, {(2, 2): Led(LedMode.ON, BLUE)}))
    grid8.lit_soon({18: BLUE})
    stats = grid8.kiosk.stats()
    assert grid8.kiosk.connected and stats["connections"] == 1 and stats["losses"] == 0


def test_a_rebooted_board_gets_its_leds_and_pieces_back(grid8: MicroPythonBoard) -> None:
    grid8.connected()
    grid8.kiosk.show(LedFrame(8, 8, {(6, 1): Led(LedMode.ON, WHITE)}))
    grid8.lit_soon({49: WHITE})  # row 6 runs forward: LED 49
    grid8.power_off()
    grid8.place(4, 4)  # set down while the board was off
    grid8.power_on()  # a new interpreter: INFO numbered 0, LEDs dark, the matrix read again
    grid8.lit_soon({49: WHITE})
    until(lambda: grid8.kiosk.occupancy == Occupancy.of(8, 8, [(0, 0), (4, 4)]), timeout=5.0)
    assert grid8.kiosk.stats()["led_resends"] >= 1 and grid8.kiosk.connected


def test_a_board_that_stops_answering_is_lost_then_found_again(
    grid8: MicroPythonBoard,
) -> None:
    grid8.connected()
    grid8.power_off()
    lost = events_until(grid8.kiosk, has(BoardLost), timeout=5.0)
    assert "signe de vie" in next(e for e in lost if isinstance(e, BoardLost)).reason
    grid8.power_on()
    events = events_until(grid8.kiosk, has(BoardConnected), timeout=10.0)
    assert BoardConnected(8, 8, "ludoboard-1.0 grid8 (protocole 1)") in events
    assert grid8.kiosk.stats()["connections"] == 2


def test_the_heap_in_use_stays_far_inside_a_picos(grid8: MicroPythonBoard) -> None:
    grid8.connected()
    for cell in range(40):
        grid8.place(cell // 8, cell % 8)
        grid8.kiosk.show(LedFrame(8, 8, {(cell // 8, cell % 8): Led(LedMode.BLINK, RED)}))
    until(lambda: grid8.kiosk.occupancy == Occupancy.of(8, 8, [(c // 8, c % 8) for c in range(40)]),
          timeout=10.0)
    heap = grid8.stats()["heap"]
    assert heap < PICO_HEAP // 4, heap  # the bench's small matrix model included
    assert heap - grid8.heap[0] < 4096, (grid8.heap[0], heap)  # nothing piles up
