"""The USB serial link as the Pico's MicroPython offers it: ``sys.stdin`` and ``sys.stdout``.

Reading is polled so that it never waits; Ctrl-C (``03``) is made data
rather than an interrupt.  Nothing here touches pins, so the same code
serves the link on the Pico and under MicroPython's unix port, where
``stdin`` and ``stdout`` are one end of a pseudo-terminal.
"""

import select
import sys

import micropython


class UsbLink:
    """Bytes in and out on ``sys.stdin.buffer`` / ``sys.stdout.buffer``."""

    def __init__(self) -> None:
        self._stdin = sys.stdin.buffer
        self._stdout = sys.stdout.buffer
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._one = bytearray(1)

    def start(self) -> None:
        """Make the link raw: Ctrl-C (``03``) is data, not an interrupt."""
        micropython.kbd_intr(-1)

    def read(self, buf: bytearray) -> int:
        """Bytes waiting copied into ``buf`` (never waits); how many."""
        size = 0
        one = self._one
        while size < len(buf) and self._waiting():
            if not self._stdin.readinto(one):
                break  # the other end is gone
            buf[size] = one[0]
            size += 1
        return size

    def _waiting(self) -> bool:
        for _ in self._poll.ipoll(0):
            return True
        return False

    def write(self, buf: bytearray, size: int) -> None:
        """Send the first ``size`` bytes of ``buf`` (lost if nobody listens)."""
        try:
            self._stdout.write(memoryview(buf)[:size])
        except OSError:
            return  # nobody listening: the frame is lost, as the protocol allows
