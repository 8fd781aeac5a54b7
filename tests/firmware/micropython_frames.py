# Run by MicroPython's unix port (tests/firmware/test_under_micropython.py): reads
# "KIND SEQ HEX" lines, writes each frame the firmware encodes and what its receiver
# reads back from it, as hex; then, after 10,000 frames and a collection, the heap
# in use.
import binascii
import gc
import sys

sys.path.insert(0, sys.argv[1])

from ludoboard import board, config, framing, leds, scanner, selftest  # noqa: F401

gc.collect()
print("heap-after-import", gc.mem_alloc())
receiver = framing.Receiver()
count = 0
while True:
    line = sys.stdin.readline()
    if not line:
        break
    kind, seq, body = line.split()
    payload = binascii.unhexlify(body) if body != "-" else b""
    frame = framing.encode(int(kind), int(seq), payload)
    read = ""
    for byte in frame:
        if receiver.feed(byte) == framing.FRAME:
            size = receiver.size - framing.OVERHEAD
            read = binascii.hexlify(bytes(receiver.buf[4:4 + size])).decode() or "-"
    print(binascii.hexlify(frame).decode(), read)
    count += 1
gc.collect()
print("heap-after-frames", count, gc.mem_alloc())
