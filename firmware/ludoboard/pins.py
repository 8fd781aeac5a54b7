"""The Pico's pin plan: which RP2040 GPIO does what on every board.

One plan for every board size; a bigger board only chains more shift
registers.  Rows are driven through a chain of 74HC595 (8 rows per chip,
a scanned row pulled low, the others high), columns are read through a
chain of 74HC165 (8 columns per chip, 10 kΩ pull-ups to 3.3 V, a diode per
cell, anode on the column), LEDs are one WS2812B chain fed at 5 V through a
74AHCT125 level shifter.  The wiring diagrams of ``docs/hardware/`` are
drawn from this file.

Which line is which: in both chains the register nearest the Pico carries
lines 0-7, the next one 8-15, and so on.  Row ``r`` is output
``Q(A + r mod 8)`` (QA, pin 15, for row 0) of row register ``r div 8``, the
first register being the one whose SER is ``ROW_DATA``.  Column ``c`` is
input ``A + c mod 8`` (A, pin 11, for column 0) of column register
``c div 8``, register 0 being the one whose QH is ``COL_DATA`` (data flows
towards the Pico); the SER (pin 10) of the register farthest from the Pico
is tied to 3.3 V.  Unused row outputs stay unconnected; every column input
keeps its pull-up, used or not.
"""

ROW_DATA = 2
"""74HC595 SER (pin 14) of the first row register."""
ROW_CLOCK = 3
"""74HC595 SRCLK (pin 11), shared by the row chain."""
ROW_LATCH = 4
"""74HC595 RCLK (pin 12), shared by the row chain."""

COL_DATA = 6
"""74HC165 QH (pin 9) of the last column register."""
COL_CLOCK = 7
"""74HC165 CLK (pin 2), shared by the column chain."""
COL_LOAD = 8
"""74HC165 SH/LD (pin 1), low to load, shared by the column chain."""

LED_DATA = 22
"""WS2812B DIN of the first LED, through a 74AHCT125 buffer and 330 Ω."""

STATUS_LED = 25
"""The Pico's own LED: blinks while the board runs, fast without a host."""

SELF_TEST_BUTTON = 15
"""Push button to ground (internal pull-up): held at power-up, the board runs its self-test."""

ROWS_PER_REGISTER = 8
COLS_PER_REGISTER = 8
