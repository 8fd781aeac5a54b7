"""The firmware's framing against the kiosk's codec and the document's byte examples."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drivers import protocol as p
from tests.drivers.test_protocol import EXAMPLES, doc_dumps
from tests.drivers.test_protocol import raw_frame as reference_frame
from tests.firmware.fw import framing, hal

RESYNC = "13 37 7E 00 05 41 7E 00 00 03 01 C1 B2"
BAD_CRC = "7E 00 00 03 01 C1 B3"


def receive(data: bytes) -> tuple[list[tuple[int, int, bytes]], framing.Receiver, list[int]]:
    """The frames (type, seq, payload) the firmware's receiver finds, and its outcomes."""
    receiver = framing.Receiver()
    frames, faults = [], []
    for byte in data:
        outcome = receiver.feed(byte)
        if outcome == framing.FRAME:
            start = framing.PAYLOAD
            payload = bytes(receiver.buf[start : start + receiver.length()])
            frames.append((receiver.kind(), receiver.seq(), payload))
        elif outcome:
            faults.append(outcome)
    return frames, receiver, faults


def test_crc_is_ccitt_false() -> None:
    assert framing.crc16(b"123456789") == 0x29B1
    assert framing.crc16(b"") == 0xFFFF


@given(st.binary(max_size=300))
@settings(max_examples=60, deadline=None)
def test_crc_matches_the_kiosk(data: bytes) -> None:
    assert framing.crc16(data) == p.crc16(data)


@pytest.mark.parametrize(("message", "seq", "dump"), EXAMPLES)
def test_document_examples_byte_for_byte(message: p.Message, seq: int, dump: str) -> None:
    assert dump in doc_dumps()
    frame = bytes.fromhex(dump)
    body = p.payload(message)
    assert framing.encode(int(message.KIND), seq, body) == frame
    assert receive(frame)[0] == [(int(message.KIND), seq, body)]


def test_document_resync_and_bad_crc_examples() -> None:
    frames, receiver, faults = receive(bytes.fromhex(RESYNC))
    assert frames == [(p.Kind.HEARTBEAT, 1, b"")]
    assert (receiver.dropped, receiver.truncated) == (2, 1)
    assert faults == [framing.NOISE, framing.NOISE, framing.FRAMING]
    frames, receiver, faults = receive(bytes.fromhex(BAD_CRC))
    assert frames == [] and receiver.bad_crc == 1 and faults == [framing.BAD_CRC]


def test_each_fault_is_reported_with_its_error_code() -> None:
    too_long = bytes.fromhex("7E 04 03 20 00")  # LEN 1027
    bad_escape = bytes.fromhex("7E 00 7D 41")
    frames, receiver, faults = receive(too_long + bad_escape + b"\x7e\x7e\x7e")
    noise = [framing.NOISE, framing.NOISE]  # what follows the too-long LEN, up to a flag
    assert frames == [] and faults == [framing.BAD_LENGTH, *noise, framing.FRAMING]
    assert (receiver.bad_length, receiver.bad_escape, receiver.truncated) == (1, 1, 0)
    assert receiver.dropped == 2


def test_the_largest_frame_fits_and_one_more_byte_does_not() -> None:
    full = bytes(range(256)) * 4 + b"\x7e\x7d"  # 1026 bytes, escapes included
    assert receive(reference_frame(0x20, 9, full))[0] == [(0x20, 9, full)]
    frames, receiver, faults = receive(reference_frame(0x20, 9, full + b"\x00"))
    assert frames == [] and faults[0] == framing.BAD_LENGTH and receiver.bad_length == 1


@given(st.integers(0, 255), st.integers(0, 255), st.binary(max_size=framing.MAX_PAYLOAD))
@settings(max_examples=80, deadline=None)
def test_frames_written_are_the_kiosks_and_read_back(kind: int, seq: int, body: bytes) -> None:
    frame = framing.encode(kind, seq, body)
    assert frame == reference_frame(kind, seq, body)
    assert receive(frame)[0] == [(kind, seq, body)]


def test_the_writer_numbers_its_frames_and_wraps() -> None:
    sent: list[bytes] = []

    class Port(hal.Hardware):
        def write(self, buf: bytearray, size: int) -> None:
            sent.append(bytes(buf[:size]))

    writer = framing.Writer(Port(), max_payload=4)
    writer.seq = 254
    for _ in range(3):
        writer.begin(p.Kind.HEARTBEAT, 0)
        writer.end()
    assert [p.parse_all(frame)[0].seq for frame in sent] == [254, 255, 0]
    writer.begin(p.Kind.ACK, 1)
    with pytest.raises(ValueError):
        writer.end()  # a byte promised, none given
    with pytest.raises(ValueError):
        writer.begin(p.Kind.ACK, 5)  # more than the buffer was made for


bytes_ = st.integers(0, 255)
raw_frames = st.builds(reference_frame, bytes_, bytes_, st.binary(max_size=40))
# Garbage: flags, escapes, half frames, bad lengths, flipped bits.
garbage = st.one_of(
    st.binary(max_size=12),
    st.sampled_from([b"\x7e", b"\x7d", b"\x7e\x7d", b"\x7e\x7f\xff", b"\x7e\x00"]),
    raw_frames.map(lambda frame: frame[: len(frame) // 2]),
    st.tuples(raw_frames, st.integers(1, 10_000), st.integers(0, 7)).map(
        lambda t: t[0][: 1 + t[1] % (len(t[0]) - 1)]
        + bytes((t[0][1 + t[1] % (len(t[0]) - 1)] ^ (1 << t[2]),))
        + t[0][2 + t[1] % (len(t[0]) - 1) :]
    ),
)


@given(st.lists(st.one_of(raw_frames, garbage), max_size=12))
@settings(max_examples=120, deadline=None)
def test_the_firmware_and_the_kiosk_split_any_stream_alike(pieces: list[bytes]) -> None:
    stream = b"".join(pieces)
    frames, receiver, _ = receive(stream)
    parser = p.Parser()
    packets = parser.feed(stream)
    counts = parser.counts
    # Every frame with a good CRC: decoded by the kiosk, or rejected for its type or payload.
    assert receiver.frames == counts["frames"] + counts["unknown_type"] + counts["bad_payload"]
    assert len(frames) == receiver.frames
    assert [(packet.seq, int(packet.message.KIND)) for packet in packets] == [
        (seq, kind) for kind, seq, body in frames if kind in set(p.Kind) and _decodes(kind, body)
    ]
    for name, mine in (
        ("dropped_bytes", receiver.dropped),
        ("truncated", receiver.truncated),
        ("bad_escape", receiver.bad_escape),
        ("bad_length", receiver.bad_length),
        ("bad_crc", receiver.bad_crc),
    ):
        assert counts[name] == mine, name


def _decodes(kind: int, body: bytes) -> bool:
    try:
        p.decode(kind, body)
    except (KeyError, ValueError):
        return False
    return True


@given(
    st.lists(st.tuples(st.binary(max_size=30), bytes_, bytes_, st.binary(max_size=30)), max_size=6)
)
@settings(max_examples=100, deadline=None)
def test_no_good_frame_is_lost_after_garbage(
    items: list[tuple[bytes, int, int, bytes]],
) -> None:
    stream = b"".join(junk + reference_frame(kind, seq, body) for junk, kind, seq, body in items)
    frames = receive(stream)[0]
    assert frames == [(kind, seq, body) for _, kind, seq, body in items]


def test_reset_forgets_a_frame_begun() -> None:
    receiver = framing.Receiver()
    frame = reference_frame(3, 1, b"")
    for byte in frame[:4]:
        receiver.feed(byte)
    receiver.reset()
    outcomes = [receiver.feed(byte) for byte in itertools.chain(frame[4:], frame)]
    assert outcomes[-1] == framing.FRAME and receiver.truncated == 0
    assert receiver.dropped == len(frame) - 4
