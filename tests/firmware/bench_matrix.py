"""The board's switch matrix on the bench, in the Python both CPython and MicroPython run.

The test doubles of the firmware's hardware use it under CPython
(``fake_hw.py``) and under MicroPython's unix port
(``micropython_board.py``), so the two runs scan the same wiring: a chain
of 74HC595 (shift stage, latched outputs; register 0 fed by the Pico)
drives the rows, a diode per closed switch lets a low row pull its column
down, and a chain of 74HC165 (parallel load, shifted out from its input H;
register 0 nearest the Pico) reads the columns, as ``ludoboard/pins.py``
wires them.
"""


class Matrix:
    """The 74HC595 row chain, the diode matrix and the 74HC165 column chain."""

    def __init__(self, rows: int, cols: int, history: int = 1000) -> None:
        self.rows, self.cols = rows, cols
        row_chips, col_chips = (rows + 7) // 8, (cols + 7) // 8
        # 74HC595: shift stage and outputs QA..QH per chip; random at power-up (here all low).
        self.row_shift = [[0] * 8 for _ in range(row_chips)]
        self.row_out = [[0] * 8 for _ in range(row_chips)]
        # 74HC165: its stage, inputs A..H per chip.
        self.col_stage = [[1] * 8 for _ in range(col_chips)]
        self.closed: set[tuple[int, int]] = set()
        self.history = history
        self.low_rows_at_load: list[list[int]] = []
        """The rows driven low at each load of the column chain."""

    # --- the row chain ----------------------------------------------------------

    def rows_shift(self, bit: int) -> None:
        carry = bit
        for chip in self.row_shift:  # QH of one chip feeds SER of the next
            carry, chip[:] = chip[7], [carry] + chip[:7]  # noqa: RUF005  # MicroPython: no [a, *b]

    def rows_latch(self) -> None:
        self.row_out = [list(chip) for chip in self.row_shift]

    def row_level(self, row: int) -> int:
        return self.row_out[row // 8][row % 8]

    def low_rows(self) -> list[int]:
        return [row for row in range(self.rows) if not self.row_level(row)]

    # --- the matrix and the column chain ------------------------------------------

    def column_level(self, col: int) -> int:
        """Low if a closed switch joins the column to a low row (the diode conducts)."""
        if col >= self.cols:
            return 1  # pulled up, nothing wired
        closed = self.closed
        return 0 if any((row, col) in closed for row in self.low_rows()) else 1

    def cols_load(self) -> None:
        if self.history:
            self.low_rows_at_load.append(self.low_rows())
            del self.low_rows_at_load[: -self.history]
        for index, chip in enumerate(self.col_stage):
            chip[:] = [self.column_level(8 * index + pin) for pin in range(8)]

    def cols_shift(self) -> int:
        """QH of register 0, then a clock: every stage moves towards H, SER feeding A."""
        out = self.col_stage[0][7]
        for index, chip in enumerate(self.col_stage):
            incoming = self.col_stage[index + 1][7] if index + 1 < len(self.col_stage) else 1
            chip[:] = [incoming] + chip[:7]  # noqa: RUF005  # MicroPython: no [a, *b]
        return out
