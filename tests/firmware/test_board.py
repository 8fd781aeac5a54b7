"""The firmware's protocol state machine, driven step by step with a clock of the test's own."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import pytest

from drivers import protocol as p
from drivers.sensorboard import Led, LedFrame, LedMode, Occupancy
from tests.drivers.test_protocol import raw_frame
from tests.firmware.fake_hw import FakeHardware, ManualClock, MemoryLink
from tests.firmware.fw import board, board_config, config

RED, GREEN, BLUE = (255, 0, 0), (0, 255, 0), (0, 0, 255)
SMALL_PERIOD = 1 << 20


class Bench:
    """A board on the bench: its firmware, a clock the test moves, the host's end of the link."""

    def __init__(
        self,
        name: str = "grid8",
        *,
        closed: Iterable[tuple[int, int]] = (),
        start: int = 0,
        period: int = 1 << 30,
        settings: config.Config | None = None,
    ) -> None:
        self.config = settings or board_config(name)
        self.clock = ManualClock(start, period)
        self.link = MemoryLink()
        self.hw = FakeHardware(
            self.config.rows, self.config.cols, clock=self.clock, link=self.link
        )
        self.hw.matrix.closed = set(closed)
        self.board = board.Board(self.hw, self.config)
        self.parser = p.Parser()
        self.host_seq = 0

    def send(self, *messages: p.Message) -> int:
        """Host messages on the link; the last one's number."""
        for message in messages:
            self.raw(p.encode(message, self.host_seq))
            self.host_seq = (self.host_seq + 1) & 0xFF
        return (self.host_seq - 1) & 0xFF

    def raw(self, data: bytes) -> None:
        self.link.to_board += data

    def run(self, ms: int, step: int = 5) -> None:
        for _ in range(ms // step):
            self.clock.advance(step)
            self.board.step()

    def received(self) -> list[p.Packet]:
        """The board's frames since the last call, decoded by the kiosk's codec."""
        packets = self.parser.feed(self.link.take())
        assert self.parser.bad_frames == 0
        return packets

    def messages(self, kind: type | None = None) -> list[p.Message]:
        found = [packet.message for packet in self.received()]
        return [m for m in found if kind is None or isinstance(m, kind)]


def occupancy(rows: int, cols: int, cells: Iterable[tuple[int, int]]) -> Occupancy:
    return Occupancy.of(rows, cols, cells)


def test_power_up_says_info_numbered_zero_with_the_leds_dark() -> None:
    bench = Bench("moulin", closed={(6, 0)})
    assert bench.received() == [p.Packet(0, p.Info(1, 7, 7, "ludoboard-1.0 moulin"))]
    assert bench.hw.pixels == bytearray(3 * 24) and bench.hw.shows == 1
    assert not bench.board.host_present


def test_hello_gets_info_then_the_whole_occupancy() -> None:
    pieces = {(3, 3), (3, 4), (4, 3), (4, 4)}
    bench = Bench(closed=pieces)
    bench.received()
    bench.raw(b"\x7e")  # the kiosk's flag before its first HELLO: an empty frame, no error
    bench.send(p.Hello(1))
    bench.run(5)
    assert bench.received() == [
        p.Packet(1, p.Info(1, 8, 8, "ludoboard-1.0 grid8")),
        p.Packet(2, p.OccupancyFull(occupancy(8, 8, pieces))),
    ]
    bench.send(p.Hello(7))  # another version: still answered, the host decides
    bench.send(p.GetOccupancy())
    bench.run(5)
    assert [type(m) for m in bench.messages()] == [p.Info, p.OccupancyFull, p.OccupancyFull]
    assert bench.board.host_present and bench.board.errors_sent == 0


def test_placed_and_lifted_pieces_go_out_as_deltas_once_debounced() -> None:
    bench = Bench()
    bench.received()
    bench.hw.place(2, 3)
    bench.run(10)  # two scans
    assert bench.messages() == []
    bench.run(5)
    assert bench.messages() == [p.OccupancyDelta((((2, 3), True),))]
    bench.hw.lift(2, 3)
    bench.hw.place(7, 0)
    bench.run(50)
    assert bench.messages() == [p.OccupancyDelta((((2, 3), False), ((7, 0), True)))]


def test_a_bouncing_contact_sends_nothing() -> None:
    bench = Bench()
    bench.received()
    for _ in range(20):
        bench.hw.place(1, 1)
        bench.run(10)
        bench.hw.lift(1, 1)
        bench.run(5)
    assert bench.messages() == []


def test_more_than_255_changes_at_once_send_the_whole_matrix() -> None:
    settings = config.from_dict({"name": "grid16", "rows": 16, "cols": 16})
    bench = Bench(settings=settings)
    bench.received()
    every = {(r, c) for r in range(16) for c in range(16)}
    bench.hw.matrix.closed = every
    bench.run(15)
    assert bench.messages() == [p.OccupancyFull(occupancy(16, 16, every))]
    bench.hw.matrix.closed = every - {(0, 0)}
    bench.run(15)
    assert bench.messages() == [p.OccupancyDelta((((0, 0), False),))]


def test_a_heartbeat_every_half_second_across_the_ticks_wraparound() -> None:
    bench = Bench(start=SMALL_PERIOD - 1234, period=SMALL_PERIOD)
    bench.received()
    beats = []
    for _ in range(400):  # 4 s in 10 ms steps, the ticks wrapping after 1.2 s
        bench.clock.advance(10)
        bench.board.step()
        beats += [bench.clock.now for m in bench.messages() if isinstance(m, p.Heartbeat)]
    assert len(beats) == 8
    assert {b - a for a, b in itertools.pairwise(beats)} == {500}


def test_led_commands_are_applied_and_acknowledged() -> None:
    bench = Bench()
    bench.received()
    seq = bench.send(p.LedSet((((2, 3), Led(LedMode.ON, GREEN)), ((1, 0), Led(LedMode.ON, RED)))))
    bench.run(5)
    assert bench.messages() == [p.Ack(seq)]
    assert bench.hw.lit() == {2 * 8 + 3: GREEN, 15: RED}  # row 1 runs back along the chain
    frame = LedFrame(8, 8, {(7, 7): Led(LedMode.ON, BLUE), (0, 1): Led(LedMode.ON, RED)})
    seq = bench.send(p.LedFull(frame))
    bench.run(5)
    assert bench.messages() == [p.Ack(seq)]
    assert bench.hw.lit() == {56: BLUE, 1: RED}
    seq = bench.send(p.LedAllOff())
    bench.run(5)
    assert bench.messages() == [p.Ack(seq)] and bench.hw.lit() == {}
    assert bench.board.acks == 3


def test_blinking_leds_follow_the_clock() -> None:
    bench = Bench(start=1000)
    bench.send(p.LedSet((((0, 0), Led(LedMode.BLINK, RED)),)))
    seen = []
    for _ in range(100):  # 1 s
        bench.run(10, step=10)
        seen.append(bench.hw.pixel(0) == RED)
        assert bench.hw.pixel(0) == (RED if bench.clock.now % 500 < 250 else (0, 0, 0))
    assert seen.count(True) == seen.count(False) == 50


def test_the_document_led_set_gets_the_document_ack() -> None:
    bench = Bench()
    bench.received()
    bench.board.writer.seq = 4
    bench.raw(bytes.fromhex("7E 00 0D 21 03 02 02 03 01 00 FF 00 04 04 02 FF 00 00 E2 A4"))
    bench.board.step()
    assert bench.link.take() == bytes.fromhex("7E 00 01 04 04 03 47 DF")
    assert bench.hw.lit() == {19: GREEN, 36: RED}  # (4, 4) blinks, lit at 0 ms


@pytest.mark.parametrize(
    "message",
    [
        p.LedFull(LedFrame(2, 3, {(0, 1): Led(LedMode.ON, RED)})),  # not this board's size
        p.LedSet((((0, 0), Led(LedMode.ON, RED)), ((8, 0), Led(LedMode.ON, RED)))),  # off it
        p.LedSet((((0, 0), Led(LedMode.ON, RED)), ((0, 8), Led(LedMode.ON, RED)))),
    ],
)
def test_a_led_command_that_does_not_fit_is_refused_whole(message: p.Message) -> None:
    bench = Bench()
    good = bench.send(p.LedSet((((5, 5), Led(LedMode.ON, BLUE)),)))
    bench.run(5)
    bench.received()
    bench.send(message)
    bench.run(5)
    assert bench.messages() == [p.Error(p.ErrorCode.BAD_PAYLOAD, good)]
    assert bench.hw.lit() == {5 * 8 + 2: BLUE}  # row 5 runs back: cell (5, 5) is LED 42


def test_each_fault_answers_its_error_code_at_most_every_100_ms() -> None:
    bench = Bench()
    bench.received()
    good = bench.send(p.Heartbeat())
    led_mode_3 = raw_frame(0x21, 9, bytes((1, 0, 0, 3, 1, 2, 3)))
    full_mode_3 = raw_frame(0x20, 9, bytes((8, 8)) + bytes(4 * 63) + bytes((3, 1, 2, 3)))
    cases = [
        (bytes.fromhex("7E 00 00 03 01 C1 B3"), p.ErrorCode.BAD_CRC),
        (bytes.fromhex("7E 04 03"), p.ErrorCode.BAD_LENGTH),
        (raw_frame(0x33, 9, b""), p.ErrorCode.UNKNOWN_TYPE),
        (p.encode(p.Info(1, 8, 8), 9), p.ErrorCode.UNKNOWN_TYPE),  # a board's message
        (raw_frame(0x03, 9, b"\x00"), p.ErrorCode.BAD_PAYLOAD),  # a heartbeat with a payload
        (led_mode_3, p.ErrorCode.BAD_PAYLOAD),
        (full_mode_3, p.ErrorCode.BAD_PAYLOAD),
        (raw_frame(0x20, 9, bytes((8, 8)) + bytes(4 * 63)), p.ErrorCode.BAD_PAYLOAD),  # short
        (bytes.fromhex("7E 00 05 21 7E"), p.ErrorCode.FRAMING),  # cut short
        (bytes.fromhex("7E 00 7D 41"), p.ErrorCode.FRAMING),  # a bad escape
        (b"\x13\x37", p.ErrorCode.NOISE),
    ]
    for data, code in cases:
        bench.raw(data)
        bench.run(5)
        assert bench.messages() == [p.Error(code, good)], code
        bench.raw(data + data)  # more of it at once, and soon after: no more ERROR
        bench.run(95)
        assert bench.messages(p.Error) == [], code
        bench.run(10)
    assert bench.board.errors[p.ErrorCode.NOISE] == 6
    assert bench.board.errors_sent == len(cases)
    assert not any(bench.hw.lit())


def test_leds_go_out_after_three_seconds_without_the_host() -> None:
    bench = Bench(start=SMALL_PERIOD - 1000, period=SMALL_PERIOD)
    bench.send(p.LedSet((((4, 4), Led(LedMode.ON, GREEN)),)))
    bench.run(5)
    for _ in range(5):  # the host's heartbeats keep them on
        bench.run(1000, step=20)
        bench.send(p.Heartbeat())
    bench.run(5)  # the last heartbeat arrives
    assert bench.hw.lit() == {36: GREEN}
    bench.run(2980, step=20)
    bench.run(15)
    assert bench.hw.lit() == {36: GREEN} and bench.board.host_present
    bench.run(5)  # 3 s since the last host frame
    assert bench.hw.lit() == {} and not bench.board.host_present
    bench.received()
    bench.hw.place(0, 0)  # it keeps scanning and beating for whoever listens
    bench.run(600)
    kinds = [type(m) for m in bench.messages()]
    assert p.OccupancyDelta in kinds and p.Heartbeat in kinds
    bench.send(p.Heartbeat())
    bench.run(5)
    assert bench.board.host_present and bench.hw.lit() == {}  # the host sends its LEDs again


def test_the_status_led_blinks_slowly_while_the_host_talks() -> None:
    bench = Bench()
    bench.run(10, step=10)
    changes = 0
    last = bench.hw.status_led
    for _ in range(100):  # 1 s alone
        bench.run(10, step=10)
        changes += bench.hw.status_led != last
        last = bench.hw.status_led
    assert changes == 10
    changes = 0
    for tick in range(100):
        if tick % 20 == 0:
            bench.send(p.Heartbeat())
        bench.run(10, step=10)
        changes += bench.hw.status_led != last
        last = bench.hw.status_led
    assert changes == 2


def test_a_restarted_board_numbers_from_zero_again() -> None:
    bench = Bench()
    bench.run(2000)
    assert bench.received()[-1].seq == 4  # INFO, then four heartbeats
    again = board.Board(bench.hw, bench.config)
    assert again.writer.seq == 1
    assert bench.received() == [p.Packet(0, p.Info(1, 8, 8, "ludoboard-1.0 grid8"))]
