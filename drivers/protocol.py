"""The serial protocol between the kiosk and the board's microcontroller.

Specified in ``docs/hardware/serial-protocol.md``; this module is its codec
and nothing else (no I/O). A frame on the wire is::

    7E | stuffed( LEN_hi LEN_lo TYPE SEQ PAYLOAD… CRC_hi CRC_lo )

``LEN`` is the payload length, the CRC is CRC-16/CCITT-FALSE over
``LEN TYPE SEQ PAYLOAD``, and inside a frame the bytes ``7E`` and ``7D`` are
sent as ``7D 5E`` and ``7D 5D``. A ``7E`` therefore always starts a frame,
which is how a receiver resynchronises after garbage: :class:`Parser`.
"""

from __future__ import annotations

import enum
import struct
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from drivers.sensorboard import LED_OFF, Cell, Led, LedFrame, LedMode, Occupancy

FLAG = 0x7E
ESC = 0x7D
ESC_XOR = 0x20

VERSION = 1
"""The protocol version both sides announce in HELLO / INFO."""
MAX_CELLS = 256
"""The largest board (16 x 16)."""
MAX_PAYLOAD = 2 + 4 * MAX_CELLS
"""The largest payload: a full LED frame of the largest board."""
MAX_COUNT = 255
"""At most this many cells in one delta or LED_SET."""

HEARTBEAT_INTERVAL = 0.5
"""Seconds between two heartbeats, each way."""
LOST_AFTER = 2.0
"""The host calls the board lost after this long without a good frame."""
HOST_TIMEOUT = 3.0
"""The device switches its LEDs off after this long without a good host frame."""
BLINK_PERIOD = 0.5
"""A blinking LED is lit for the first half of every period (2 Hz)."""


class Kind(enum.IntEnum):
    """Message types (H: host to device, D: device to host)."""

    HELLO = 0x01  # H
    INFO = 0x02  # D
    HEARTBEAT = 0x03  # H, D
    ACK = 0x04  # D
    ERROR = 0x05  # D
    OCC_FULL = 0x10  # D
    OCC_DELTA = 0x11  # D
    GET_OCC = 0x12  # H
    LED_FULL = 0x20  # H
    LED_SET = 0x21  # H
    LED_ALL_OFF = 0x22  # H


class ErrorCode(enum.IntEnum):
    """Why the device rejected what it received (payload of ERROR)."""

    BAD_CRC = 1
    BAD_LENGTH = 2
    UNKNOWN_TYPE = 3
    BAD_PAYLOAD = 4
    FRAMING = 5
    """A frame cut short by the next ``7E``, or a bad escape."""
    NOISE = 6
    """Bytes outside any frame."""


class PayloadError(ValueError):
    """A frame with a good CRC whose payload does not fit its type."""


@dataclass(frozen=True)
class Hello:
    """Host: who are you? (starts a session)."""

    KIND: ClassVar[Kind] = Kind.HELLO
    version: int = VERSION


@dataclass(frozen=True)
class Info:
    """Device: protocol version, board size, firmware name."""

    KIND: ClassVar[Kind] = Kind.INFO
    version: int
    rows: int
    cols: int
    firmware: str = ""


@dataclass(frozen=True)
class Heartbeat:
    """Either side: still here."""

    KIND: ClassVar[Kind] = Kind.HEARTBEAT


@dataclass(frozen=True)
class Ack:
    """Device: the host frame numbered ``seq`` was applied."""

    KIND: ClassVar[Kind] = Kind.ACK
    seq: int


@dataclass(frozen=True)
class Error:
    """Device: something received was rejected; ``seq``: last host frame accepted."""

    KIND: ClassVar[Kind] = Kind.ERROR
    code: int
    seq: int


@dataclass(frozen=True)
class OccupancyFull:
    """Device: the whole occupancy matrix."""

    KIND: ClassVar[Kind] = Kind.OCC_FULL
    occupancy: Occupancy


@dataclass(frozen=True)
class OccupancyDelta:
    """Device: the new state of the cells that changed (absolute, so idempotent)."""

    KIND: ClassVar[Kind] = Kind.OCC_DELTA
    changes: tuple[tuple[Cell, bool], ...]

    def apply(self, occupancy: Occupancy) -> Occupancy:
        """``occupancy`` with the changes (``ValueError`` for a cell off the board)."""
        for cell, occupied in self.changes:
            occupancy = occupancy.with_cell(cell, occupied)
        return occupancy


@dataclass(frozen=True)
class GetOccupancy:
    """Host: send me a full occupancy frame."""

    KIND: ClassVar[Kind] = Kind.GET_OCC


@dataclass(frozen=True)
class LedFull:
    """Host: every LED of the board."""

    KIND: ClassVar[Kind] = Kind.LED_FULL
    frame: LedFrame


@dataclass(frozen=True)
class LedSet:
    """Host: these cells' LEDs (the others unchanged)."""

    KIND: ClassVar[Kind] = Kind.LED_SET
    cells: tuple[tuple[Cell, Led], ...]

    def apply(self, frame: LedFrame) -> LedFrame:
        """``frame`` with these cells changed (``ValueError`` for a cell off the board)."""
        lit = dict(frame.lit)
        lit.update(self.cells)
        return LedFrame(frame.rows, frame.cols, lit)


@dataclass(frozen=True)
class LedAllOff:
    """Host: every LED off."""

    KIND: ClassVar[Kind] = Kind.LED_ALL_OFF


Message = (
    Hello
    | Info
    | Heartbeat
    | Ack
    | Error
    | OccupancyFull
    | OccupancyDelta
    | GetOccupancy
    | LedFull
    | LedSet
    | LedAllOff
)
HOST_KINDS = frozenset({Kind.HELLO, Kind.HEARTBEAT, Kind.GET_OCC} | {k for k in Kind if k >= 0x20})
"""What a host sends (a device sends the rest, and HEARTBEAT)."""
DEVICE_KINDS = frozenset(set(Kind) - HOST_KINDS | {Kind.HEARTBEAT})


@dataclass(frozen=True)
class Packet:
    """A good frame received: its sequence number and message."""

    seq: int
    message: Message


def crc16(data: bytes | bytearray, crc: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor)."""
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = (crc << 1) ^ 0x1021 if crc & 0x8000 else crc << 1
        crc &= 0xFFFF
    return crc


def _led_bytes(led: Led) -> bytes:
    if led.mode is LedMode.OFF:
        return b"\x00\x00\x00\x00"
    return bytes((int(led.mode), *led.colour))


def _cell_count(count: int) -> None:
    if count > MAX_COUNT:
        raise ValueError(f"{count} cases dans une seule trame (au plus {MAX_COUNT})")


def payload(message: Message) -> bytes:
    """The payload bytes of ``message``."""
    match message:
        case Hello(version):
            return bytes((version,))
        case Info(version, rows, cols, firmware):
            return bytes((version, rows, cols)) + firmware.encode("ascii", "replace")[:32]
        case Ack(seq):
            return bytes((seq,))
        case Error(code, seq):
            return bytes((code, seq))
        case OccupancyFull(occ):
            size = (occ.rows * occ.cols + 7) // 8
            return bytes((occ.rows, occ.cols)) + occ.bits.to_bytes(size, "little")
        case OccupancyDelta(changes):
            _cell_count(len(changes))
            out = bytearray((len(changes),))
            for (row, col), occupied in changes:
                out += bytes((row, col, int(occupied)))
            return bytes(out)
        case LedFull(frame):
            out = bytearray((frame.rows, frame.cols))
            for _, led in frame.cells():
                out += _led_bytes(led)
            return bytes(out)
        case LedSet(cells):
            _cell_count(len(cells))
            out = bytearray((len(cells),))
            for (row, col), led in cells:
                out += bytes((row, col)) + _led_bytes(led)
            return bytes(out)
        case Heartbeat() | GetOccupancy() | LedAllOff():
            return b""
    raise TypeError(f"pas un message du protocole : {message!r}")


def stuff(data: bytes | bytearray) -> bytes:
    """``data`` with ``7E`` and ``7D`` escaped."""
    return bytes(data).replace(b"\x7d", b"\x7d\x5d").replace(b"\x7e", b"\x7d\x5e")


def encode(message: Message, seq: int) -> bytes:
    """The frame carrying ``message`` numbered ``seq`` (0-255), flag included."""
    body = payload(message)
    if len(body) > MAX_PAYLOAD:
        raise ValueError(f"charge utile de {len(body)} octets (au plus {MAX_PAYLOAD})")
    head = struct.pack(">HBB", len(body), int(message.KIND), seq & 0xFF) + body
    return bytes((FLAG,)) + stuff(head + struct.pack(">H", crc16(head)))


def _need(data: bytes, size: int) -> None:
    if len(data) != size:
        raise PayloadError(f"{len(data)} octets au lieu de {size}")


def _size(rows: int, cols: int) -> None:
    if not (rows and cols and rows * cols <= MAX_CELLS):
        raise PayloadError(f"plateau de {rows} x {cols}")


def _led(data: bytes) -> Led:
    mode, red, green, blue = data
    if mode > LedMode.BLINK:
        raise PayloadError(f"mode de LED {mode}")
    if mode == LedMode.OFF:
        return LED_OFF
    return Led(LedMode(mode), (red, green, blue))


def decode(kind: int, data: bytes) -> Message:
    """The message of type ``kind`` carried by ``data``.

    Raises ``KeyError`` for an unknown type, :class:`PayloadError` for a
    payload that does not fit it.
    """
    try:
        kind = Kind(kind)
    except ValueError:
        raise KeyError(kind) from None
    if kind in (Kind.HEARTBEAT, Kind.GET_OCC, Kind.LED_ALL_OFF):
        _need(data, 0)
        if kind is Kind.HEARTBEAT:
            return Heartbeat()
        return GetOccupancy() if kind is Kind.GET_OCC else LedAllOff()
    if kind in (Kind.HELLO, Kind.ACK):
        _need(data, 1)
        return Hello(data[0]) if kind is Kind.HELLO else Ack(data[0])
    if kind is Kind.ERROR:
        _need(data, 2)
        return Error(data[0], data[1])
    if kind is Kind.INFO:
        if len(data) < 3:
            raise PayloadError("INFO trop court")
        _size(data[1], data[2])
        return Info(data[0], data[1], data[2], data[3:].decode("ascii", "replace"))
    if kind is Kind.OCC_FULL:
        if len(data) < 2:
            raise PayloadError("OCC_FULL trop court")
        rows, cols = data[0], data[1]
        _size(rows, cols)
        _need(data, 2 + (rows * cols + 7) // 8)
        bits = int.from_bytes(data[2:], "little") & ((1 << rows * cols) - 1)
        return OccupancyFull(Occupancy(rows, cols, bits))
    if kind is Kind.LED_FULL:
        if len(data) < 2:
            raise PayloadError("LED_FULL trop court")
        rows, cols = data[0], data[1]
        _size(rows, cols)
        _need(data, 2 + 4 * rows * cols)
        lit = {}
        for index in range(rows * cols):
            led = _led(data[2 + 4 * index : 6 + 4 * index])
            if led.mode is not LedMode.OFF:
                lit[divmod(index, cols)] = led
        return LedFull(LedFrame(rows, cols, lit))
    width = 3 if kind is Kind.OCC_DELTA else 6
    if not data:
        raise PayloadError("nombre de cases manquant")
    _need(data, 1 + width * data[0])
    items = [data[1 + width * i : 1 + width * (i + 1)] for i in range(data[0])]
    if kind is Kind.OCC_DELTA:
        if any(item[2] > 1 for item in items):
            raise PayloadError("état de case autre que 0 ou 1")
        return OccupancyDelta(tuple(((item[0], item[1]), bool(item[2])) for item in items))
    return LedSet(tuple(((item[0], item[1]), _led(item[2:])) for item in items))


BAD_KINDS = ("bad_crc", "bad_length", "unknown_type", "bad_payload", "truncated", "bad_escape")
"""The ways a frame goes wrong, as counted by :class:`Parser`."""


class Parser:
    """Frames out of a byte stream fed in arbitrary chunks.

    Never raises on input: bad frames are counted by kind (:data:`BAD_KINDS`),
    bytes outside any frame in ``dropped_bytes``, and parsing starts afresh at
    the next ``7E``, so no good frame after garbage is lost.
    """

    def __init__(self, max_payload: int = MAX_PAYLOAD) -> None:
        self.max_payload = max_payload
        self.counts: dict[str, int] = dict.fromkeys(("frames", *BAD_KINDS, "dropped_bytes"), 0)
        self.last_bad = ""
        """The kind of the last bad frame ("" before any)."""
        self.reset()

    def reset(self) -> None:
        """Forget any frame begun (the counters stay)."""
        self._buf = bytearray()
        self._in_frame = False
        self._escape = False
        self._need = -1

    @property
    def bad_frames(self) -> int:
        return sum(self.counts[kind] for kind in BAD_KINDS)

    @property
    def pending(self) -> bool:
        """Whether a frame has begun and is not complete."""
        return self._in_frame

    def _bad(self, kind: str) -> None:
        self.counts[kind] += 1
        self.last_bad = kind
        self._in_frame = False

    def feed(self, data: bytes | bytearray) -> list[Packet]:
        """The good frames completed by ``data``, in order."""
        found: list[Packet] = []
        buf = self._buf
        for byte in data:
            if byte == FLAG:
                if self._in_frame and (buf or self._escape):
                    self._bad("truncated")
                buf.clear()
                self._in_frame, self._escape, self._need = True, False, -1
                continue
            if not self._in_frame:
                self.counts["dropped_bytes"] += 1
                continue
            if self._escape:
                self._escape = False
                byte ^= ESC_XOR
                if byte not in (FLAG, ESC):
                    self._bad("bad_escape")
                    continue
            elif byte == ESC:
                self._escape = True
                continue
            buf.append(byte)
            if len(buf) == 2:
                length = buf[0] << 8 | buf[1]
                if length > self.max_payload:
                    self._bad("bad_length")
                    continue
                self._need = length + 6
            elif len(buf) == self._need:
                self._in_frame = False
                packet = self._complete(bytes(buf))
                if packet is not None:
                    found.append(packet)
        return found

    def _complete(self, frame: bytes) -> Packet | None:
        if crc16(frame[:-2]) != frame[-2] << 8 | frame[-1]:
            self._bad("bad_crc")
            return None
        try:
            message = decode(frame[2], frame[4:-2])
        except KeyError:
            self._bad("unknown_type")
            return None
        except (PayloadError, ValueError):
            self._bad("bad_payload")
            return None
        self.counts["frames"] += 1
        return Packet(frame[3], message)


def parse_all(data: bytes) -> list[Packet]:
    """Every good frame in ``data`` (a convenience for tests and tools)."""
    return Parser().feed(data)


def encode_all(messages: Iterable[Message], first_seq: int = 0) -> bytes:
    """``messages`` framed one after the other, numbered from ``first_seq``."""
    return b"".join(encode(m, first_seq + i) for i, m in enumerate(messages))
