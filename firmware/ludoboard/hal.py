"""What the firmware asks of the hardware: the Pico's (``hw``) or a test double.

Every method is small and never blocks: the rest of the firmware sees the
shift-register chains one clock at a time, the LEDs as an RGB buffer, the
USB serial link as bytes, and time as wrapping millisecond ticks.
"""


class Hardware:
    """The board's pins, LED chain, serial link and clock (abstract)."""

    # --- time ---------------------------------------------------------------

    def ticks_ms(self) -> int:
        """Milliseconds from an arbitrary origin; wraps around (compare with ``ticks_diff``)."""
        raise NotImplementedError

    def ticks_diff(self, new: int, old: int) -> int:
        """``new - old`` in milliseconds, correct across a wraparound."""
        raise NotImplementedError

    def sleep_us(self, us: int) -> None:
        """Wait ``us`` microseconds (the column lines settling)."""
        raise NotImplementedError

    def idle(self) -> None:
        """Pause between two turns of the main loop."""
        raise NotImplementedError

    def reset(self) -> None:
        """Start again as at power-up."""
        raise NotImplementedError

    # --- sensor matrix ------------------------------------------------------

    def rows_shift(self, bit: int) -> None:
        """Clock ``bit`` into the 74HC595 row chain (its outputs unchanged)."""
        raise NotImplementedError

    def rows_latch(self) -> None:
        """Copy the row chain to its outputs: 0 drives a row low (scanned)."""
        raise NotImplementedError

    def cols_load(self) -> None:
        """Load the 74HC165 column chain from its inputs."""
        raise NotImplementedError

    def cols_shift(self) -> int:
        """The column chain's serial output (0: a closed switch), then one clock."""
        raise NotImplementedError

    # --- lights and button ----------------------------------------------------

    def show(self, pixels: bytearray) -> None:
        """Send ``pixels`` (R, G, B per LED, in chain order) to the WS2812 chain."""
        raise NotImplementedError

    def status(self, on: bool) -> None:
        """Light or put out the Pico's own LED."""
        raise NotImplementedError

    def button(self) -> bool:
        """Whether the self-test button is held down."""
        raise NotImplementedError

    # --- serial link --------------------------------------------------------

    def start_serial(self) -> None:
        """Make the link raw: Ctrl-C (``03``) is data, not an interrupt."""
        raise NotImplementedError

    def read(self, buf: bytearray) -> int:
        """Bytes waiting on the link copied into ``buf`` (never waits); how many."""
        raise NotImplementedError

    def write(self, buf: bytearray, size: int) -> None:
        """Send the first ``size`` bytes of ``buf`` (lost if nobody listens)."""
        raise NotImplementedError
