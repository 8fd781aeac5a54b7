"""Frames of the serial protocol: CRC, a byte-by-byte receiver, a frame writer.

A frame is ``7E``, then, with ``7E`` and ``7D`` escaped as ``7D 5E`` and
``7D 5D``: ``LEN_hi LEN_lo TYPE SEQ`` payload ``CRC_hi CRC_lo``, the CRC
being CRC-16/CCITT-FALSE of everything before it (``docs/hardware/
serial-protocol.md``, sections 2 and 3).  The receiver and the writer never
allocate once built: each fills one buffer made at the start.
"""

from ludoboard.hal import Hardware

FLAG = 0x7E
ESC = 0x7D
ESC_XOR = 0x20
MAX_PAYLOAD = 1026
"""A full LED frame of a 16 x 16 board."""
OVERHEAD = 6
"""LEN (2), TYPE, SEQ and CRC (2) around the payload."""
PAYLOAD = 4
"""Where the payload starts in :attr:`Receiver.buf`."""

# What :meth:`Receiver.feed` reports; the faults are the protocol's ERROR codes.
NOTHING = 0
BAD_CRC = 1
BAD_LENGTH = 2
FRAMING = 5
"""A frame cut short by the next ``7E``, or a bad escape."""
NOISE = 6
"""A byte outside any frame."""
FRAME = 16
"""A complete frame with a good CRC is in the buffer."""


def _crc_table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = (crc << 1) ^ 0x1021 if crc & 0x8000 else crc << 1
        table.append(crc & 0xFFFF)
    return table


CRC_TABLE = _crc_table()


def crc16(data: bytes | bytearray, crc: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE of ``data`` (poly 1021, init FFFF, no reflection, no xorout)."""
    table = CRC_TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[(crc >> 8) ^ byte]
    return crc


class Receiver:
    """The receiver of section 3, fed one byte at a time.

    A frame ends with its CRC, so the CRC run over the whole frame comes to 0
    when the frame is good: it is computed as the bytes arrive.
    """

    def __init__(self, max_payload: int = MAX_PAYLOAD) -> None:
        self.max_payload = max_payload
        self.buf = bytearray(max_payload + OVERHEAD)
        """The frame being received, unescaped: LEN, TYPE, SEQ, payload, CRC."""
        self.size = 0
        self.frames = 0
        self.dropped = 0
        self.truncated = 0
        self.bad_escape = 0
        self.bad_length = 0
        self.bad_crc = 0
        self._in_frame = False
        self._escape = False
        self._need = 0
        self._crc = 0xFFFF

    def reset(self) -> None:
        """Forget any frame begun (the counters stay)."""
        self._in_frame = False
        self._escape = False
        self.size = 0

    def feed(self, byte: int) -> int:
        """Take one byte from the link: :data:`NOTHING`, :data:`FRAME` or a fault."""
        if byte == FLAG:
            outcome = NOTHING
            if self._in_frame and (self.size or self._escape):
                self.truncated += 1
                outcome = FRAMING
            self._in_frame = True
            self._escape = False
            self.size = 0
            self._need = 0
            self._crc = 0xFFFF
            return outcome
        if not self._in_frame:
            self.dropped += 1
            return NOISE
        if self._escape:
            self._escape = False
            byte ^= ESC_XOR
            if byte != FLAG and byte != ESC:
                self.bad_escape += 1
                self._in_frame = False
                return FRAMING
        elif byte == ESC:
            self._escape = True
            return NOTHING
        size = self.size
        self.buf[size] = byte
        crc = self._crc
        self._crc = ((crc << 8) & 0xFFFF) ^ CRC_TABLE[(crc >> 8) ^ byte]
        size += 1
        self.size = size
        if size == 2:
            length = (self.buf[0] << 8) | byte
            if length > self.max_payload:
                self.bad_length += 1
                self._in_frame = False
                return BAD_LENGTH
            self._need = length + OVERHEAD
        elif size == self._need:
            self._in_frame = False
            if self._crc:
                self.bad_crc += 1
                return BAD_CRC
            self.frames += 1
            return FRAME
        return NOTHING

    def kind(self) -> int:
        """The TYPE of the frame just completed."""
        return self.buf[2]

    def seq(self) -> int:
        """The SEQ of the frame just completed."""
        return self.buf[3]

    def length(self) -> int:
        """The payload length of the frame just completed (it starts at ``buf[PAYLOAD]``)."""
        return self.size - OVERHEAD


class Writer:
    """Frames written into one buffer, then handed to ``port.write(buf, size)``.

    :meth:`begin` with the payload length, :meth:`put` each payload byte,
    :meth:`end`. Frames are numbered from 0, one more per frame.
    """

    def __init__(self, port: Hardware, max_payload: int = MAX_PAYLOAD) -> None:
        self.port = port
        self.seq = 0
        self.out = bytearray(1 + 2 * (max_payload + OVERHEAD))
        self.max_payload = max_payload
        self._size = 0
        self._left = 0
        self._crc = 0xFFFF

    def begin(self, kind: int, length: int) -> None:
        """Start a frame of type ``kind`` whose payload is ``length`` bytes."""
        if length > self.max_payload:
            raise ValueError("payload too long")
        self.out[0] = FLAG
        self._size = 1
        self._crc = 0xFFFF
        self._left = length
        self._put(length >> 8)
        self._put(length & 0xFF)
        self._put(kind)
        self._put(self.seq)

    def put(self, byte: int) -> None:
        """One byte of the payload."""
        self._left -= 1
        self._put(byte)

    def end(self) -> None:
        """Close the frame with its CRC and send it."""
        if self._left:
            raise ValueError("payload length does not match")
        crc = self._crc
        self._put(crc >> 8)
        self._put(crc & 0xFF)
        self.port.write(self.out, self._size)
        self.seq = (self.seq + 1) & 0xFF

    def _put(self, byte: int) -> None:
        crc = self._crc
        self._crc = ((crc << 8) & 0xFFFF) ^ CRC_TABLE[(crc >> 8) ^ byte]
        out = self.out
        size = self._size
        if ESC <= byte <= FLAG:  # 7D or 7E, without building a tuple
            out[size] = ESC
            size += 1
            byte ^= ESC_XOR
        out[size] = byte
        self._size = size + 1


class _Collector(Hardware):
    """A port that keeps what is written to it."""

    def __init__(self) -> None:
        self.data = b""

    def write(self, buf: bytearray, size: int) -> None:
        self.data += bytes(buf[:size])


def encode(kind: int, seq: int, payload: bytes | bytearray) -> bytes:
    """The whole frame carrying ``payload`` (for tools and tests; allocates)."""
    collector = _Collector()
    writer = Writer(collector, len(payload))
    writer.seq = seq & 0xFF
    writer.begin(kind, len(payload))
    for byte in payload:
        writer.put(byte)
    writer.end()
    return collector.data
