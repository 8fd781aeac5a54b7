"""SerialBoard over ``loop://`` (frames written by the test) and over the simulator's pty."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import serial  # type: ignore[import-untyped]

from drivers import protocol as p
from drivers.sensorboard import (
    BoardConnected,
    BoardEvent,
    BoardLost,
    Led,
    LedFrame,
    LedMode,
    Occupancy,
    OccupancyChanged,
)
from drivers.serial_board import Backoff, SerialBoard
from drivers.simulator import BoardSimulator

RED, GREEN, BLUE = (255, 0, 0), (0, 255, 0), (0, 0, 255)
FAST = Backoff(initial=0.02, factor=2.0, cap=0.1)


def events_until(
    board: SerialBoard, done: Callable[[list[BoardEvent]], bool], timeout: float = 3.0
) -> list[BoardEvent]:
    """Events collected until ``done(events)`` holds."""
    seen: list[BoardEvent] = []
    end = time.monotonic() + timeout
    while not done(seen):
        if time.monotonic() > end:
            raise AssertionError(f"timed out; events so far: {seen}")
        board.wait(0.05)
        seen += board.events()
    return seen


def has(kind: type, count: int = 1) -> Callable[[list[BoardEvent]], bool]:
    return lambda events: sum(isinstance(e, kind) for e in events) >= count


def until(predicate: Callable[[], bool], timeout: float = 3.0) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError("timed out")
        time.sleep(0.005)


# --- over loop:// : the test plays the board's part ----------------------


class Loop:
    """A ``loop://`` port handed to the board once; the test writes the device's frames.

    The board reads its own frames back too (as from an echoing port) and
    must ignore them.
    """

    def __init__(self) -> None:
        self.port = serial.serial_for_url("loop://", timeout=0.01)
        self.opened = 0
        self.seq = 0

    def open(self, url: str, **settings: Any) -> Any:
        self.opened += 1
        if self.opened > 1:
            raise serial.SerialException("port absent")
        self.port.timeout = settings["timeout"]
        return self.port

    def device(self, *messages: p.Message) -> None:
        for message in messages:
            self.port.write(p.encode(message, self.seq))
            self.seq = (self.seq + 1) & 0xFF


@pytest.fixture
def loop() -> Iterator[tuple[Loop, SerialBoard]]:
    port = Loop()
    board = SerialBoard(
        "loop://",
        8,
        8,
        opener=port.open,
        heartbeat=60.0,
        lost_after=60.0,
        ack_timeout=60.0,
        hello_timeout=5.0,
        backoff=FAST,
    )
    yield port, board
    board.close()


def test_handshake_then_deltas_over_loop(loop: tuple[Loop, SerialBoard]) -> None:
    port, board = loop
    until(lambda: board.stats()["ignored"] >= 1)  # its own HELLO, echoed
    assert not board.connected and board.occupancy is None
    start = Occupancy.of(8, 8, [(3, 3), (3, 4), (4, 3), (4, 4)])
    port.device(p.Info(1, 8, 8, "pico-1"), p.OccupancyFull(start))
    events = events_until(board, has(OccupancyChanged))
    assert events == [BoardConnected(8, 8, "pico-1 (protocole 1)"), OccupancyChanged(start)]
    assert board.connected and board.occupancy == start
    port.device(p.OccupancyDelta((((2, 3), True),)))
    port.device(p.OccupancyDelta((((2, 3), True),)))  # again: no change, no event
    port.device(p.OccupancyDelta((((3, 3), False), ((5, 5), True))))
    events = events_until(board, has(OccupancyChanged, 2))
    after = start.with_cell((2, 3), True).with_cell((3, 3), False).with_cell((5, 5), True)
    assert events == [OccupancyChanged(start.with_cell((2, 3), True)), OccupancyChanged(after)]
    time.sleep(0.05)
    assert board.events() == []
    assert board.stats()["seq_gaps"] == 0 and board.stats()["bad_frames"] == 0


def test_a_sequence_gap_asks_for_the_whole_occupancy(loop: tuple[Loop, SerialBoard]) -> None:
    port, board = loop
    port.device(p.Info(1, 8, 8), p.OccupancyFull(Occupancy(8, 8)))
    events_until(board, has(OccupancyChanged))
    port.seq += 1  # a delta lost on the way
    port.device(p.Heartbeat())
    until(lambda: board.stats()["resyncs"] >= 1)
    assert board.stats()["seq_gaps"] == 1
    port.device(p.OccupancyFull(Occupancy.of(8, 8, [(7, 7)])))
    assert events_until(board, has(OccupancyChanged)) == [
        OccupancyChanged(Occupancy.of(8, 8, [(7, 7)]))
    ]


def test_garbage_is_counted_and_the_next_frame_kept(loop: tuple[Loop, SerialBoard]) -> None:
    port, board = loop
    port.device(p.Info(1, 8, 8), p.OccupancyFull(Occupancy(8, 8)))
    events_until(board, has(OccupancyChanged))
    port.port.write(b"\x00\x7e\x00\x30\x11garbage\x7e\x7d\x41")
    port.device(p.OccupancyDelta((((0, 0), True),)))
    assert events_until(board, has(OccupancyChanged)) == [
        OccupancyChanged(Occupancy.of(8, 8, [(0, 0)]))
    ]
    stats = board.stats()
    assert stats["bad_frames"] == 2  # one cut short, one bad escape
    assert stats["truncated"] == 1 and stats["bad_escape"] == 1
    assert stats["resyncs"] >= 1  # the bad frame might have been a delta


def test_a_device_error_resends_the_whole_led_frame(loop: tuple[Loop, SerialBoard]) -> None:
    port, board = loop
    port.device(p.Info(1, 8, 8), p.OccupancyFull(Occupancy(8, 8)))
    events_until(board, has(OccupancyChanged))
    board.show(LedFrame(8, 8, {(0, 0): Led(LedMode.ON, RED)}))
    until(lambda: board.stats()["led_set"] == 1)  # sent by the board's own thread
    port.device(p.Error(p.ErrorCode.BAD_CRC, 0))
    until(lambda: board.stats()["led_resends"] == 1)
    assert board.stats()["led_full"] == 1 and board.stats()["device_errors"] == 1


@pytest.mark.parametrize(
    ("info", "why"),
    [(p.Info(1, 9, 9), "9 x 9"), (p.Info(2, 8, 8), "version")],
)
def test_a_wrong_board_is_refused(loop: tuple[Loop, SerialBoard], info: p.Info, why: str) -> None:
    port, board = loop
    port.device(info, p.OccupancyFull(Occupancy(info.rows, info.cols)))
    until(lambda: port.opened >= 3)  # it gave up on the port and keeps trying to reopen it
    assert not board.connected and board.events() == []
    assert board.stats()["open_failures"] >= 2
    assert board.problem.startswith("ouverture impossible")


def test_an_unreachable_port_is_retried_with_capped_backoff(tmp_path: Path) -> None:
    times: list[float] = []

    def opener(url: str, **settings: Any) -> Any:
        times.append(time.monotonic())
        raise serial.SerialException("absent")

    board = SerialBoard(str(tmp_path / "none"), opener=opener, backoff=Backoff(0.01, 2.0, 0.04))
    until(lambda: len(times) >= 6)
    board.close()
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert gaps[0] < 0.035  # 0.01 s first
    assert all(gap >= 0.035 for gap in gaps[3:])  # then 0.04 s, the cap
    assert all(gap < 0.5 for gap in gaps)
    assert not board.connected and board.events() == []


# --- over the simulator's pty --------------------------------------------


@pytest.fixture
def sim(tmp_path: Path) -> Iterator[BoardSimulator]:
    board = BoardSimulator(8, 8, link=tmp_path / "board", occupied=[(0, 0), (7, 7)], heartbeat=0.05)
    board.start()
    yield board
    board.close()


@pytest.fixture
def board(sim: BoardSimulator) -> Iterator[SerialBoard]:
    serial_board = SerialBoard(
        sim.port, 8, 8, backoff=FAST, heartbeat=0.05, lost_after=0.3, ack_timeout=0.2
    )
    yield serial_board
    serial_board.close()


def connected(board: SerialBoard) -> list[BoardEvent]:
    return events_until(board, has(OccupancyChanged))


def test_handshake_over_the_pty(sim: BoardSimulator, board: SerialBoard) -> None:
    assert connected(board) == [
        BoardConnected(8, 8, "ludokiosk-sim (protocole 1)"),
        OccupancyChanged(Occupancy.of(8, 8, [(0, 0), (7, 7)])),
    ]
    assert board.connected and (board.rows, board.cols) == (8, 8) and board.problem == ""
    assert sim.wait_until(lambda: sim.host_present)


def test_hands_on_pieces_arrive_as_events(sim: BoardSimulator, board: SerialBoard) -> None:
    connected(board)
    sim.lift((0, 0))
    sim.place((4, 4))
    sim.set_all([(1, 1)])
    events = events_until(board, has(OccupancyChanged, 3))
    assert [e.occupancy.cells() for e in events if isinstance(e, OccupancyChanged)] == [
        {(7, 7)},
        {(4, 4), (7, 7)},
        {(1, 1)},
    ]
    assert board.occupancy == sim.occupancy


def test_led_frames_reach_the_board_changes_only(sim: BoardSimulator, board: SerialBoard) -> None:
    connected(board)
    first = LedFrame(8, 8, {(2, 3): Led(LedMode.ON, GREEN), (4, 4): Led(LedMode.BLINK, RED)})
    board.show(first)
    assert sim.wait_until(lambda: sim.leds() == first)
    second = LedFrame(8, 8, {(2, 3): Led(LedMode.ON, GREEN), (5, 5): Led(LedMode.ON, BLUE)})
    board.show(second)
    board.show(second)  # the same again: nothing sent
    assert sim.wait_until(lambda: sim.leds() == second)
    sets = [m for m in sim.received if isinstance(m, p.LedSet)]
    assert sets[-1] == p.LedSet((((4, 4), Led()), ((5, 5), Led(LedMode.ON, BLUE))))
    board.show(LedFrame(8, 8))
    assert sim.wait_until(lambda: sim.leds() == LedFrame(8, 8))
    many = LedFrame(8, 8, {(r, c): Led(LedMode.ON, RED) for r in range(8) for c in range(8)})
    board.show(many)  # 64 changes: a full frame is shorter
    assert sim.wait_until(lambda: sim.leds() == many)
    stats = board.stats()
    assert (stats["led_set"], stats["led_all_off"], stats["led_full"]) == (2, 2, 1)
    until(lambda: board.stats()["acks"] >= 5)
    assert board.stats()["led_resends"] == 0


def test_unplug_and_replug(sim: BoardSimulator, board: SerialBoard) -> None:
    connected(board)
    frame = LedFrame(8, 8, {(3, 3): Led(LedMode.BLINK, BLUE)})
    board.show(frame)
    assert sim.wait_until(lambda: sim.leds() == frame)
    sim.unplug()
    events = events_until(board, has(BoardLost))
    assert not board.connected and isinstance(events[-1], BoardLost)
    assert board.problem == events[-1].reason
    sim.lift((0, 0))  # pieces moved while the cable was out
    sim.place((3, 3))
    board.show(LedFrame(8, 8, {(3, 3): Led(LedMode.ON, GREEN)}))  # kept for later
    sim.replug()
    assert events_until(board, has(OccupancyChanged)) == [
        BoardConnected(8, 8, "ludokiosk-sim (protocole 1)"),
        OccupancyChanged(Occupancy.of(8, 8, [(3, 3), (7, 7)])),
    ]
    # The new board boots dark; the kiosk's frame is sent whole.
    assert sim.wait_until(lambda: sim.leds() == LedFrame(8, 8, {(3, 3): Led(LedMode.ON, GREEN)}))
    assert board.stats()["connections"] == 2 and board.stats()["losses"] == 1


def test_silence_is_a_loss_and_the_board_comes_back(
    sim: BoardSimulator, board: SerialBoard
) -> None:
    connected(board)
    sim.mute()
    lost = events_until(board, has(BoardLost))
    assert "0.3 s" in lost[-1].reason  # type: ignore[union-attr]
    sim.place((5, 5))
    sim.mute(False)
    events = events_until(board, has(OccupancyChanged))
    assert events[-1] == OccupancyChanged(Occupancy.of(8, 8, [(0, 0), (5, 5), (7, 7)]))


def test_garbage_mid_stream_is_counted_and_survived(
    sim: BoardSimulator, board: SerialBoard
) -> None:
    connected(board)
    sim.inject(b"\x7e\x00\x09\x10\x01\x08" + b"\xa5" * 40 + b"\x7e\x7d")
    sim.lift((7, 7))
    events = events_until(board, has(OccupancyChanged))
    assert events == [OccupancyChanged(Occupancy.of(8, 8, [(0, 0)]))]
    until(lambda: board.stats()["bad_frames"] >= 2)
    assert board.connected
    sim.drop_next()  # a delta lost: the gap is noticed and the whole matrix asked for
    sim.place((6, 6))
    events = events_until(board, has(OccupancyChanged))
    assert events == [OccupancyChanged(Occupancy.of(8, 8, [(0, 0), (6, 6)]))]
    assert board.stats()["seq_gaps"] >= 1


def test_a_board_that_restarts_gets_its_leds_back(sim: BoardSimulator, board: SerialBoard) -> None:
    connected(board)
    frame = LedFrame(8, 8, {(1, 2): Led(LedMode.ON, RED)})
    board.show(frame)
    assert sim.wait_until(lambda: sim.leds() == frame)
    before = len(sim.received)
    sim.reboot()  # LEDs off, and an INFO numbered 0 the kiosk did not ask for
    assert sim.wait_until(
        lambda: any(isinstance(m, p.LedFull) for m in sim.received[before:]) and sim.leds() == frame
    )
    assert board.connected


def test_show_checks_the_size_and_close_stops_the_thread(
    sim: BoardSimulator, board: SerialBoard
) -> None:
    connected(board)
    with pytest.raises(ValueError):
        board.show(LedFrame(9, 9))
    started = time.monotonic()
    board.close()
    assert time.monotonic() - started < 1.0
    assert not board.connected
    assert not board._thread.is_alive()
