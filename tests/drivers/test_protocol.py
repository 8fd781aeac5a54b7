"""The serial protocol's codec: the document's byte examples, round-trips, fuzzing."""

from __future__ import annotations

import binascii
import itertools
import re
import struct
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drivers import protocol as p
from drivers.sensorboard import LED_OFF, Led, LedFrame, LedMode, Occupancy

DOC = Path(__file__).resolve().parents[2] / "docs" / "hardware" / "serial-protocol.md"
GREEN, RED, WHITE, BLUE = (0, 255, 0), (255, 0, 0), (255, 255, 255), (0, 0, 255)
REVERSI_START = Occupancy.of(8, 8, [(3, 3), (3, 4), (4, 3), (4, 4)])

# (message, seq, frame as printed in section 9 of the document)
EXAMPLES: list[tuple[p.Message, int, str]] = [
    (p.Hello(1), 0, "7E 00 01 01 00 01 40 A9"),
    (p.Info(1, 8, 8, "pico-1"), 0, "7E 00 09 02 00 01 08 08 70 69 63 6F 2D 31 21 96"),
    (p.Heartbeat(), 1, "7E 00 00 03 01 C1 B2"),
    (p.OccupancyFull(REVERSI_START), 1, "7E 00 0A 10 01 08 08 00 00 00 18 18 00 00 00 3C 48"),
    (p.OccupancyDelta((((2, 3), True),)), 2, "7E 00 04 11 02 01 02 03 01 B6 F9"),
    (
        p.OccupancyDelta((((1, 6), False), ((3, 5), True))),
        3,
        "7E 00 07 11 03 02 01 06 00 03 05 01 E6 1F",
    ),
    (p.GetOccupancy(), 2, "7E 00 00 12 02 C1 93"),
    (
        p.LedSet((((2, 3), Led(LedMode.ON, GREEN)), ((4, 4), Led(LedMode.BLINK, RED)))),
        3,
        "7E 00 0D 21 03 02 02 03 01 00 FF 00 04 04 02 FF 00 00 E2 A4",
    ),
    (p.Ack(3), 4, "7E 00 01 04 04 03 47 DF"),
    (
        p.LedFull(
            LedFrame(2, 3, {(0, 1): Led(LedMode.ON, WHITE), (1, 2): Led(LedMode.BLINK, BLUE)})
        ),
        4,
        "7E 00 1A 20 04 02 03 00 00 00 00 01 FF FF FF 00 00 00 00 00 00 00 00 00 00 00 00"
        " 02 00 00 FF F8 A8",
    ),
    (p.LedAllOff(), 5, "7E 00 00 22 05 B4 E1"),
    (p.Error(p.ErrorCode.BAD_CRC, 4), 5, "7E 00 02 05 05 01 04 6E 93"),
    (p.Ack(0x7E), 0x7D, "7E 00 01 04 7D 5D 7D 5E 5A 24"),
]


def doc_dumps() -> set[str]:
    """The hex dumps in the document's code blocks (one per line)."""
    dumps, fenced = set(), False
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif fenced and re.fullmatch(r"(?:[0-9A-F]{2} )*[0-9A-F]{2}", line.strip()):
            dumps.add(line.strip())
    return dumps


def raw_frame(kind: int, seq: int, body: bytes) -> bytes:
    """A frame with a good CRC around any type and payload."""
    head = struct.pack(">HBB", len(body), kind, seq) + body
    return bytes((p.FLAG,)) + p.stuff(head + struct.pack(">H", p.crc16(head)))


def test_crc_is_ccitt_false() -> None:
    assert p.crc16(b"123456789") == 0x29B1
    assert p.crc16(b"") == 0xFFFF


@given(st.binary(max_size=64))
@settings(max_examples=50, deadline=None)
def test_crc_matches_the_standard_library(data: bytes) -> None:
    assert p.crc16(data) == binascii.crc_hqx(data, 0xFFFF)


@pytest.mark.parametrize(("message", "seq", "dump"), EXAMPLES)
def test_document_examples_byte_for_byte(message: p.Message, seq: int, dump: str) -> None:
    assert dump in doc_dumps(), "example missing from the document"
    frame = bytes.fromhex(dump)
    assert p.encode(message, seq) == frame
    assert p.parse_all(frame) == [p.Packet(seq, message)]


def test_every_dump_in_the_document_is_checked() -> None:
    checked = {dump for _, _, dump in EXAMPLES} | {
        "13 37 7E 00 05 41 7E 00 00 03 01 C1 B2",
        "7E 00 00 03 01 C1 B3",
    }
    assert doc_dumps() == checked


def test_document_resync_example() -> None:
    parser = p.Parser()
    got = parser.feed(bytes.fromhex("13 37 7E 00 05 41 7E 00 00 03 01 C1 B2"))
    assert got == [p.Packet(1, p.Heartbeat())]
    assert parser.counts["dropped_bytes"] == 2
    assert parser.counts["truncated"] == 1
    assert parser.bad_frames == 1


def test_document_bad_crc_example() -> None:
    parser = p.Parser()
    assert parser.feed(bytes.fromhex("7E 00 00 03 01 C1 B3")) == []
    assert parser.counts["bad_crc"] == 1 and parser.bad_frames == 1


def test_occupancy_bits_are_lsb_first_row_by_row() -> None:
    # (0,0) is bit 0 of byte 0; (1,0) on a 3-column board is index 3.
    occupancy = Occupancy.of(2, 3, [(0, 0), (1, 0)])
    assert p.payload(p.OccupancyFull(occupancy)) == bytes((2, 3, 0b1001))


def test_off_leds_travel_as_zero_colour() -> None:
    frame = LedFrame(1, 2, {(0, 0): Led(LedMode.OFF, (9, 9, 9)), (0, 1): Led(LedMode.ON, RED)})
    assert p.payload(p.LedFull(frame)) == bytes((1, 2, 0, 0, 0, 0, 1, 255, 0, 0))


def test_parser_counts_each_kind_of_bad_frame() -> None:
    parser = p.Parser()
    heartbeat = p.encode(p.Heartbeat(), 9)
    stream = (
        raw_frame(0x42, 0, b"")  # unknown type, good CRC
        + raw_frame(p.Kind.HEARTBEAT, 1, b"\x00")  # payload where none belongs
        + raw_frame(p.Kind.LED_SET, 2, bytes((1, 0, 0, 3, 1, 2, 3)))  # LED mode 3
        + raw_frame(p.Kind.OCC_DELTA, 3, bytes((1, 0, 0, 2)))  # cell state 2
        + raw_frame(p.Kind.OCC_FULL, 4, bytes((2, 2)))  # bitmap missing
        + b"\x7e\x04\x03"  # LEN 1027: refused at once
        + b"\x7e\x00\x7d\x41"  # 7D 41 is no escape
        + heartbeat
    )
    assert parser.feed(stream) == [p.Packet(9, p.Heartbeat())]
    assert parser.counts == {
        "frames": 1,
        "bad_crc": 0,
        "bad_length": 1,
        "unknown_type": 1,
        "bad_payload": 4,
        "truncated": 0,
        "bad_escape": 1,
        "dropped_bytes": 0,
    }


def test_a_bad_length_does_not_swallow_the_next_frame() -> None:
    parser = p.Parser()
    frame = p.encode(p.Ack(1), 2)
    assert parser.feed(b"\x7e\xff\xff" + frame) == [p.Packet(2, p.Ack(1))]
    assert parser.counts["bad_length"] == 1


def test_repeated_flags_are_idle_not_errors() -> None:
    parser = p.Parser()
    frame = p.encode(p.Heartbeat(), 0)
    assert parser.feed(b"\x7e\x7e\x7e" + frame + b"\x7e") == [p.Packet(0, p.Heartbeat())]
    assert parser.bad_frames == 0
    assert parser.pending


def test_encode_refuses_what_the_protocol_cannot_carry() -> None:
    too_many = tuple(((0, i % 16), True) for i in range(256))
    with pytest.raises(ValueError):
        p.encode(p.OccupancyDelta(too_many), 0)
    with pytest.raises(ValueError):
        p.encode(p.LedFull(LedFrame(17, 16)), 0)


# --- every message type, round trip -------------------------------------

colours = st.tuples(*(st.integers(0, 255),) * 3)
leds = st.one_of(
    st.just(LED_OFF), st.builds(Led, st.sampled_from([LedMode.ON, LedMode.BLINK]), colours)
)
bytes_ = st.integers(0, 255)
cells = st.tuples(bytes_, bytes_)
sizes = st.tuples(st.integers(1, 16), st.integers(1, 16))


@st.composite
def occupancies(draw: st.DrawFn) -> Occupancy:
    rows, cols = draw(sizes)
    return Occupancy(rows, cols, draw(st.integers(0, (1 << rows * cols) - 1)))


@st.composite
def led_frames(draw: st.DrawFn) -> LedFrame:
    rows, cols = draw(sizes)
    lit = draw(st.dictionaries(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)), leds))
    return LedFrame(rows, cols, lit)


MESSAGE_STRATEGIES: list[st.SearchStrategy[p.Message]] = [
    st.builds(p.Hello, bytes_),
    st.builds(
        p.Info,
        bytes_,
        st.integers(1, 16),
        st.integers(1, 16),
        st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=32),
    ),
    st.just(p.Heartbeat()),
    st.builds(p.Ack, bytes_),
    st.builds(p.Error, bytes_, bytes_),
    st.builds(p.OccupancyFull, occupancies()),
    st.builds(p.OccupancyDelta, st.lists(st.tuples(cells, st.booleans()), max_size=20).map(tuple)),
    st.just(p.GetOccupancy()),
    st.builds(p.LedFull, led_frames()),
    st.builds(p.LedSet, st.lists(st.tuples(cells, leds), max_size=20).map(tuple)),
    st.just(p.LedAllOff()),
]
messages = st.one_of(*MESSAGE_STRATEGIES)


@given(messages, bytes_)
@settings(max_examples=150, deadline=None)
def test_every_message_round_trips(message: p.Message, seq: int) -> None:
    frame = p.encode(message, seq)
    assert frame[0] == p.FLAG and p.FLAG not in frame[1:]
    assert p.parse_all(frame) == [p.Packet(seq, message)]


def test_examples_and_strategy_cover_every_type() -> None:
    types = {type(message) for message, _, _ in EXAMPLES}
    assert {t.KIND for t in types} == set(p.Kind)
    assert len(MESSAGE_STRATEGIES) == len(p.Kind)


# --- fuzzing ------------------------------------------------------------


def chunked(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({c % (len(data) + 1) for c in cuts} | {0, len(data)})
    return [data[a:b] for a, b in itertools.pairwise(points)]


@given(st.binary(max_size=400), st.lists(st.integers(0, 400), max_size=8))
@settings(max_examples=200, deadline=None)
def test_random_bytes_never_raise(data: bytes, cuts: list[int]) -> None:
    parser = p.Parser()
    for chunk in chunked(data, cuts):
        for packet in parser.feed(chunk):
            assert isinstance(packet, p.Packet)
    assert parser.counts["dropped_bytes"] <= len(data)


def corrupt(frame: bytes, index: int, bit: int) -> bytes:
    """``frame`` with one bit flipped after its length field (re-stuffed)."""
    body = bytearray(
        frame[1:].replace(b"\x7d\x5e", b"\x7e").replace(b"\x7d\x5d", b"\x7d")
    )  # unstuffed: a 7D 5x pair only ever comes from stuffing
    position = 2 + index % (len(body) - 2)
    body[position] ^= 1 << bit
    return bytes((p.FLAG,)) + p.stuff(bytes(body))


noise = st.binary(max_size=24).map(lambda b: b.replace(b"\x7e", b""))


@given(
    st.lists(
        st.tuples(
            messages, bytes_, noise, st.one_of(st.none(), st.tuples(bytes_, st.integers(0, 7)))
        ),
        min_size=1,
        max_size=8,
    ),
    st.lists(st.integers(0, 4000), max_size=10),
)
@settings(max_examples=100, deadline=None)
def test_good_frames_survive_garbage_and_corrupted_frames(
    items: list[tuple[p.Message, int, bytes, tuple[int, int] | None]], cuts: list[int]
) -> None:
    stream = bytearray()
    good: list[p.Packet] = []
    corrupted = 0
    for message, seq, garbage, damage in items:
        stream += garbage
        frame = p.encode(message, seq)
        if damage is None:
            good.append(p.Packet(seq, message))
        else:
            frame = corrupt(frame, *damage)
            corrupted += 1
        stream += frame
    stream += b"\x7e"  # a last flag closes whatever is pending
    parser = p.Parser()
    got = [packet for chunk in chunked(bytes(stream), cuts) for packet in parser.feed(chunk)]
    assert got == good
    # A single flipped bit is always caught by the CRC, and flag-free noise never
    # starts a frame: every bad frame is one of ours, counted exactly once.
    assert parser.counts["bad_crc"] == corrupted
    assert parser.bad_frames == corrupted
    assert parser.counts["dropped_bytes"] == sum(len(g) for _, _, g, _ in items)


@given(
    st.lists(st.tuples(st.binary(max_size=40), messages, bytes_), min_size=1, max_size=6),
)
@settings(max_examples=100, deadline=None, derandomize=True)
def test_no_good_frame_lost_after_arbitrary_garbage(
    items: list[tuple[bytes, p.Message, int]],
) -> None:
    # Garbage here may hold flags, escapes and half frames.
    stream = b"".join(garbage + p.encode(message, seq) for garbage, message, seq in items)
    assert p.parse_all(stream) == [p.Packet(seq, message) for _, message, seq in items]
