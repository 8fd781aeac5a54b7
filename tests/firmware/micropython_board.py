# Run by MicroPython's unix port (tests/firmware/test_micropython_link.py): the
# firmware's board logic, on a board on the bench.
#
#   micropython micropython_board.py FIRMWARE_DIR BOARD_JSON CONTROL_FIFO HOST_TIMEOUT_MS
#
# stdin and stdout are the serial link (one end of a pseudo-terminal), read and
# written by the firmware's own ludoboard.usb.UsbLink as on the Pico. The switch
# matrix is bench_matrix.Matrix, scanned through the firmware's shift-register
# code; the LED chain is a buffer. The test's hands come through CONTROL_FIFO,
# one line each: "place R C", "lift R C", "stats"; those waiting at power-up
# are the pieces already on the board. On stderr this board writes
# "leds HEX" each time it shows the LED chain, and "stats K=V ..." when asked.
import gc
import select
import sys
import time

sys.path.insert(0, sys.argv[1])
sys.path.insert(1, sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else ".")

import binascii

from bench_matrix import Matrix
from ludoboard import board, config
from ludoboard.hal import Hardware
from ludoboard.usb import UsbLink


def report(*words: object) -> None:
    sys.stderr.write(" ".join(str(word) for word in words) + "\n")


class BenchHardware(Hardware):
    """The Pico's Hardware with a simulated matrix and LED chain and the real USB link code."""

    def __init__(self, rows: int, cols: int, control: str) -> None:
        self.matrix = Matrix(rows, cols, history=0)  # the firmware's heap, not the bench's
        self.link = UsbLink()
        self.control = open(control, "rb")  # noqa: SIM115  # open for the board's life
        self.poll = select.poll()
        self.poll.register(self.control, select.POLLIN)
        self.line = bytearray()
        self.one = bytearray(1)
        self.firmware: board.Board | None = None

    def ticks_ms(self) -> int:
        return time.ticks_ms()  # type: ignore[return-value]  # a small int, opaque in the stubs

    def ticks_diff(self, new: int, old: int) -> int:
        return time.ticks_diff(new, old)

    def sleep_us(self, us: int) -> None:
        time.sleep_us(us)

    def idle(self) -> None:
        self.hands()
        time.sleep_ms(1)

    def hands(self) -> None:
        """Do what the test's lines waiting on the control FIFO say."""
        while self.poll.poll(0):
            self.control.readinto(self.one)
            if self.one[0] == 10:
                self.obey(bytes(self.line).decode().split())
                self.line = bytearray()
            else:
                self.line.append(self.one[0])

    def obey(self, words: list) -> None:
        if words[0] == "place":
            self.matrix.closed = self.matrix.closed | {(int(words[1]), int(words[2]))}
        elif words[0] == "lift":
            self.matrix.closed = self.matrix.closed - {(int(words[1]), int(words[2]))}
        elif words[0] == "stats":
            firmware = self.firmware
            assert firmware is not None
            receiver = firmware.receiver
            gc.collect()
            report(
                "stats", "dropped=" + str(receiver.dropped),
                "truncated=" + str(receiver.truncated), "bad_escape=" + str(receiver.bad_escape),
                "frames_in=" + str(firmware.frames_in), "errors_sent=" + str(firmware.errors_sent),
                "acks=" + str(firmware.acks), "host_present=" + str(int(firmware.host_present)),
                "heap=" + str(gc.mem_alloc()),
            )

    def reset(self) -> None:
        sys.exit(3)

    def rows_shift(self, bit: int) -> None:
        self.matrix.rows_shift(bit)

    def rows_latch(self) -> None:
        self.matrix.rows_latch()

    def cols_load(self) -> None:
        self.matrix.cols_load()

    def cols_shift(self) -> int:
        return self.matrix.cols_shift()

    def show(self, pixels: bytearray) -> None:
        report("leds", binascii.hexlify(bytes(pixels)).decode() or "-")

    def status(self, on: bool) -> None:
        return

    def button(self) -> bool:
        return False

    def start_serial(self) -> None:
        self.link.start()

    def read(self, buf: bytearray) -> int:
        return self.link.read(buf)

    def write(self, buf: bytearray, size: int) -> None:
        self.link.write(buf, size)


def main() -> None:
    settings = config.load(sys.argv[2])
    hw = BenchHardware(settings.rows, settings.cols, sys.argv[3])
    hw.hands()  # the pieces already on the board at power-up
    hw.start_serial()
    firmware = board.Board(hw, settings, host_timeout_ms=int(sys.argv[4]))
    hw.firmware = firmware
    gc.collect()
    report("started", "heap=" + str(gc.mem_alloc()))
    while True:
        firmware.step()
        hw.idle()


try:
    main()
except Exception as error:  # MicroPython prints tracebacks on stdout: the serial link
    sys.print_exception(error, sys.stderr)  # type: ignore[arg-type]  # a stream
    raise SystemExit(1) from None
