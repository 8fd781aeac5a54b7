"""The firmware and the kiosk's own serial driver, talking through a pseudo-terminal.

The firmware's main loop runs in a thread on a fake board whose USB link is
one end of a pty; the kiosk's :class:`~drivers.serial_board.SerialBoard`
opens the other end by its device path, as it opens ``/dev/ttyACM0``.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import time
import tty
from collections.abc import Iterable, Iterator

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
from tests.firmware.fake_hw import FakeHardware, PtyLink, RealClock, Runner
from tests.firmware.fw import board, board_config

RED, GREEN, BLUE, WHITE = (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)
FAST = Backoff(initial=0.02, factor=2.0, cap=0.1)


class Link:
    """A fake board running the firmware, and the kiosk's driver at the other end of a pty."""

    def __init__(
        self,
        name: str,
        *,
        closed: Iterable[tuple[int, int]] = (),
        host_timeout_ms: int = 3000,
        kiosk_size: tuple[int, int] | None = None,
    ) -> None:
        self.settings = board_config(name, max_current_ma=100000)  # colours exactly as sent
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        os.set_blocking(self.master, False)
        self.pty = PtyLink(self.master)
        self.hw = FakeHardware(
            self.settings.rows, self.settings.cols, clock=RealClock(), link=self.pty
        )
        self.hw.matrix.closed = set(closed)
        self.boot_pixels: list[bytes] = []
        self.host_timeout_ms = host_timeout_ms
        self.runner = Runner(self.boot)
        self.runner.start()
        rows, cols = kiosk_size or (self.settings.rows, self.settings.cols)
        self.kiosk = SerialBoard(
            os.ttyname(self.slave),
            rows,
            cols,
            heartbeat=0.1,
            lost_after=1.0,
            ack_timeout=0.3,
            backoff=FAST,
        )

    def boot(self) -> board.Board:
        firmware = board.Board(self.hw, self.settings, host_timeout_ms=self.host_timeout_ms)
        self.boot_pixels.append(bytes(self.hw.pixels))
        return firmware

    @property
    def firmware(self) -> board.Board:
        return self.runner.firmware

    def connected(self) -> list[object]:
        return list(events_until(self.kiosk, has(OccupancyChanged)))

    def lit_soon(self, wanted: dict[int, Colour], timeout: float = 3.0) -> None:
        until(lambda: self.hw.lit() == wanted, timeout)

    def close(self) -> None:
        self.kiosk.close()
        self.runner.stop()
        for fd in (self.master, self.slave):
            with contextlib.suppress(OSError):
                os.close(fd)
        assert self.runner.failure is None, self.runner.failure


@pytest.fixture
def grid8() -> Iterator[Link]:
    link = Link("grid8", closed={(0, 0)})
    yield link
    link.close()


def test_pieces_reach_the_kiosk_as_occupancy(grid8: Link) -> None:
    assert grid8.connected() == [
        BoardConnected(8, 8, "ludoboard-1.0 grid8 (protocole 1)"),
        OccupancyChanged(Occupancy.of(8, 8, [(0, 0)])),
    ]
    grid8.hw.place(2, 3)
    events = events_until(grid8.kiosk, has(OccupancyChanged))
    assert events == [OccupancyChanged(Occupancy.of(8, 8, [(0, 0), (2, 3)]))]
    grid8.hw.lift(0, 0)
    grid8.hw.place(7, 7)
    until(lambda: grid8.kiosk.occupancy == Occupancy.of(8, 8, [(2, 3), (7, 7)]))
    stats = grid8.kiosk.stats()
    assert stats["bad_frames"] == 0 and stats["seq_gaps"] == 0 and stats["device_errors"] == 0


@pytest.mark.parametrize(
    ("name", "cells", "leds"),
    [
        (  # serpentine: row 1 runs back along the chain
            "grid8",
            {(0, 0): RED, (1, 0): GREEN, (3, 4): BLUE},
            {0: RED, 15: GREEN, 27: BLUE},
        ),
        (  # the moulin's chain: round the outer, middle, then inner square
            "moulin",
            {(6, 0): RED, (0, 0): GREEN, (3, 2): BLUE, (5, 5): WHITE},
            {0: RED, 6: GREEN, 23: BLUE, 10: WHITE},
        ),
    ],
)
def test_the_kiosks_leds_light_the_right_pixels(
    name: str, cells: dict[tuple[int, int], Colour], leds: dict[int, Colour]
) -> None:
    link = Link(name)
    try:
        link.connected()
        rows, cols = link.settings.rows, link.settings.cols
        frame = LedFrame(rows, cols, {cell: Led(LedMode.ON, c) for cell, c in cells.items()})
        link.kiosk.show(frame)
        link.lit_soon(leds)
        first = next(iter(cells))
        changed = dict(frame.lit) | {first: Led(LedMode.ON, (1, 2, 3))}
        link.kiosk.show(LedFrame(rows, cols, changed))  # one cell: a LED_SET
        link.lit_soon(leds | {leds_of(link, first): (1, 2, 3)})
        until(lambda: link.kiosk.stats()["acks"] >= 2)
        assert link.kiosk.stats()["led_set"] >= 1 and link.kiosk.stats()["led_resends"] == 0
    finally:
        link.close()


def leds_of(link: Link, cell: tuple[int, int]) -> int:
    return int(link.settings.led_of_cell[cell[0] * link.settings.cols + cell[1]])


def test_a_blinking_led_blinks_at_two_hertz(grid8: Link) -> None:
    grid8.connected()
    grid8.kiosk.show(LedFrame(8, 8, {(4, 4): Led(LedMode.BLINK, RED)}))
    grid8.lit_soon({36: RED})
    samples = []
    for _ in range(50):  # 1 s
        samples.append(grid8.hw.pixel(36) == RED)
        time.sleep(0.02)
    assert 15 <= samples.count(True) <= 35
    changes = sum(a != b for a, b in itertools.pairwise(samples))
    assert 3 <= changes <= 5  # four half-periods in a second


def test_garbage_both_ways_is_counted_and_the_session_goes_on(grid8: Link) -> None:
    grid8.connected()
    grid8.kiosk.show(LedFrame(8, 8, {(2, 2): Led(LedMode.ON, GREEN)}))
    grid8.lit_soon({18: GREEN})
    grid8.pty.inject(b"\x00\x7e\x00\x30\x11garbage\x7e\x7d\x41")  # to the kiosk
    until(lambda: grid8.kiosk.stats()["bad_frames"] >= 2)
    os.write(grid8.slave, b"\x13\x37\x7e\x00\x05\x21\x7e\x7d\x41")  # to the board
    until(lambda: grid8.firmware.receiver.bad_escape >= 1)
    receiver = grid8.firmware.receiver
    assert receiver.dropped >= 2 and receiver.truncated >= 1
    until(lambda: grid8.kiosk.stats()["device_errors"] >= 1)  # its ERROR reached the kiosk
    grid8.hw.place(5, 5)
    events = events_until(grid8.kiosk, has(OccupancyChanged))
    assert events[-1] == OccupancyChanged(Occupancy.of(8, 8, [(0, 0), (5, 5)]))
    grid8.kiosk.show(LedFrame(8, 8, {(2, 2): Led(LedMode.ON, BLUE)}))
    grid8.lit_soon({18: BLUE})
    stats = grid8.kiosk.stats()
    assert grid8.kiosk.connected and stats["connections"] == 1 and stats["losses"] == 0


def test_a_restarted_firmware_gets_its_leds_back(grid8: Link) -> None:
    grid8.connected()
    grid8.kiosk.show(LedFrame(8, 8, {(6, 1): Led(LedMode.ON, WHITE)}))
    grid8.lit_soon({49: WHITE})  # row 6 runs forward: LED 49
    grid8.runner.stop()
    grid8.runner.start()  # a new firmware on the same board: INFO numbered 0, LEDs dark
    assert not any(grid8.boot_pixels[-1])
    grid8.lit_soon({49: WHITE})
    assert grid8.kiosk.stats()["led_resends"] >= 1
    assert grid8.kiosk.connected
    assert not any(isinstance(e, BoardLost) for e in grid8.kiosk.events())


def test_the_leds_go_out_when_the_kiosk_goes_quiet() -> None:
    link = Link("grid8", host_timeout_ms=400)
    try:
        link.connected()
        link.kiosk.show(LedFrame(8, 8, {(0, 7): Led(LedMode.ON, RED)}))
        link.lit_soon({7: RED})
        time.sleep(0.6)  # the kiosk's heartbeats (every 0.1 s) keep them on
        assert link.hw.lit() == {7: RED}
        link.kiosk.close()
        gone = time.monotonic()
        until(lambda: link.hw.lit() == {}, timeout=3.0)
        assert 0.25 <= time.monotonic() - gone <= 1.5
        assert not link.firmware.host_present
    finally:
        link.close()


def test_a_board_of_another_size_is_refused_by_the_kiosk() -> None:
    link = Link("grid9", kiosk_size=(8, 8))
    try:
        until(lambda: "9 x 9" in link.kiosk.problem)
        assert not link.kiosk.connected
    finally:
        link.close()
