"""The sensor matrix: rows driven through 74HC595s, columns read through 74HC165s.

One row at a time is driven low, the others high; a closed switch joins its
column to its row through a diode (anode on the column), so on the scanned
row it reads low and no other row can pull a column down (no ghosts).  The
chain order is the pin plan's (``pins.py``): line 0 nearest the Pico.

A cell changes state only after ``debounce`` identical reads in a row; a
scan fills buffers made once, so scanning never allocates.
"""

from ludoboard.hal import Hardware

UNUSED = 255


class Scanner:
    """Reads ``rows`` x ``cols`` cells; :attr:`stable` holds the debounced state."""

    def __init__(
        self, hw: Hardware, rows: int, cols: int, debounce: int = 3, settle_us: int = 10
    ) -> None:
        self.hw = hw
        self.rows = rows
        self.cols = cols
        self.cells = rows * cols
        self.debounce = debounce
        self.settle_us = settle_us
        self.row_bits = 8 * ((rows + 7) // 8)
        self.col_bits = 8 * ((cols + 7) // 8)
        self.raw = bytearray(self.cells)
        """The last read, 1 for a closed switch (a piece)."""
        self.stable = bytearray(self.cells)
        """The debounced state, 1 for an occupied cell."""
        self.changed = bytearray(self.cells)
        """The cells (``row * cols + col``) that changed at the last :meth:`scan`."""
        self._count = bytearray(self.cells)
        self._col_of_bit = bytearray(self.col_bits)
        for bit in range(self.col_bits):
            # Each register shifts out its input H first, then G ... A.
            col = 8 * (bit // 8) + 7 - bit % 8
            self._col_of_bit[bit] = col if col < cols else UNUSED
        for _ in range(self.row_bits):
            hw.rows_shift(1)
        hw.rows_latch()

    def read(self) -> None:
        """Read every cell once into :attr:`raw`."""
        hw = self.hw
        raw = self.raw
        col_of_bit = self._col_of_bit
        cols = self.cols
        settle = self.settle_us
        # A 0 behind ones: row 0 low; each further clock walks it one row on.
        for _ in range(self.row_bits - 1):
            hw.rows_shift(1)
        hw.rows_shift(0)
        base = 0
        for row in range(self.rows):
            if row:
                hw.rows_shift(1)
            hw.rows_latch()
            hw.sleep_us(settle)
            hw.cols_load()
            for bit in range(self.col_bits):
                col = col_of_bit[bit]
                level = hw.cols_shift()
                if col != UNUSED:
                    raw[base + col] = 0 if level else 1
            base += cols

    def scan(self) -> int:
        """Read once and debounce; how many cells changed (listed in :attr:`changed`)."""
        self.read()
        raw = self.raw
        stable = self.stable
        count = self._count
        changed = self.changed
        debounce = self.debounce
        found = 0
        for cell in range(self.cells):
            if raw[cell] == stable[cell]:
                count[cell] = 0
                continue
            seen = count[cell] + 1
            if seen >= debounce:
                stable[cell] = raw[cell]
                count[cell] = 0
                changed[found] = cell
                found += 1
            else:
                count[cell] = seen
        return found

    def prime(self) -> None:
        """Take the matrix as it is now for the stable state (at power-up)."""
        self.read()
        for cell in range(self.cells):
            self.stable[cell] = self.raw[cell]
            self._count[cell] = 0
