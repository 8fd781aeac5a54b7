"""The sensor board, whatever carries it: occupancy frames in, LED frames out.

A physical board is a matrix of ``rows`` x ``cols`` cells. Each cell senses
whether a piece stands on it (occupancy only: which piece it is comes from
the game) and has one LED (off, a colour, or a colour blinking). A transport
(the serial microcontroller, direct GPIO scanning, a test double) implements
:class:`SensorBoard`; the kiosk's board controller only ever sees this
interface.

Cells are ``(row, col)`` pairs, row 0 at the top of the board as the
electronics number it; a board mapping (``config/boards/*.toml``) ties them to
the game's points.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from drivers.events import EventQueue

Cell = tuple[int, int]
Colour = tuple[int, int, int]


class LedMode(enum.IntEnum):
    """What one LED does."""

    OFF = 0
    ON = 1
    BLINK = 2


@dataclass(frozen=True)
class Led:
    """One cell's light: a colour, steady or blinking (``OFF`` ignores the colour)."""

    mode: LedMode = LedMode.OFF
    colour: Colour = (0, 0, 0)

    def __post_init__(self) -> None:
        if any(not 0 <= c <= 255 for c in self.colour) or len(self.colour) != 3:
            raise ValueError(f"couleur de LED hors bornes : {self.colour}")


LED_OFF = Led()


@dataclass(frozen=True)
class Occupancy:
    """Which cells hold a piece: bit ``row * cols + col`` of ``bits``."""

    rows: int
    cols: int
    bits: int = 0

    @classmethod
    def of(cls, rows: int, cols: int, cells: Iterable[Cell]) -> Occupancy:
        bits = 0
        for row, col in cells:
            _check_cell(rows, cols, (row, col))
            bits |= 1 << (row * cols + col)
        return cls(rows, cols, bits)

    def __contains__(self, cell: object) -> bool:
        if not isinstance(cell, tuple) or len(cell) != 2:
            return False
        row, col = cell
        return (
            0 <= row < self.rows
            and 0 <= col < self.cols
            and bool(self.bits >> (row * self.cols + col) & 1)
        )

    def cells(self) -> frozenset[Cell]:
        """The occupied cells."""
        return frozenset(
            divmod(index, self.cols)
            for index in range(self.rows * self.cols)
            if self.bits >> index & 1
        )

    def changed(self, other: Occupancy) -> tuple[frozenset[Cell], frozenset[Cell]]:
        """(cells emptied, cells filled) going from ``self`` to ``other``."""
        lifted = self.bits & ~other.bits
        placed = other.bits & ~self.bits
        return (
            Occupancy(self.rows, self.cols, lifted).cells(),
            Occupancy(self.rows, self.cols, placed).cells(),
        )

    def with_cell(self, cell: Cell, occupied: bool) -> Occupancy:
        _check_cell(self.rows, self.cols, cell)
        bit = 1 << (cell[0] * self.cols + cell[1])
        return Occupancy(self.rows, self.cols, self.bits | bit if occupied else self.bits & ~bit)


@dataclass(frozen=True)
class LedFrame:
    """Every LED of the board at once (cells not listed are off)."""

    rows: int
    cols: int
    lit: Mapping[Cell, Led] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for cell in self.lit:
            _check_cell(self.rows, self.cols, cell)

    def __getitem__(self, cell: Cell) -> Led:
        return self.lit.get(cell, LED_OFF)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LedFrame):
            return NotImplemented
        return (self.rows, self.cols, self._on()) == (other.rows, other.cols, other._on())

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, frozenset(self._on().items())))

    def _on(self) -> dict[Cell, Led]:
        return {cell: led for cell, led in self.lit.items() if led.mode is not LedMode.OFF}

    def cells(self) -> Iterator[tuple[Cell, Led]]:
        """Every cell with its LED, row by row."""
        for row in range(self.rows):
            for col in range(self.cols):
                yield (row, col), self[(row, col)]


def _check_cell(rows: int, cols: int, cell: Cell) -> None:
    if not (0 <= cell[0] < rows and 0 <= cell[1] < cols):
        raise ValueError(f"case {cell} hors d'un plateau de {rows} x {cols}")


@dataclass(frozen=True)
class BoardConnected:
    """The board answered: its size and firmware/protocol version."""

    rows: int
    cols: int
    version: str = ""


@dataclass(frozen=True)
class BoardLost:
    """The board stopped answering or its port vanished."""

    reason: str


@dataclass(frozen=True)
class OccupancyChanged:
    """The occupancy read from the board (the whole matrix, after the change)."""

    occupancy: Occupancy


BoardEvent = BoardConnected | BoardLost | OccupancyChanged


class SensorBoard(EventQueue[BoardEvent], ABC):
    """A board the kiosk reads and lights, behind any transport.

    Transports run their own reader (a thread or the caller's polling) and
    hand events through :meth:`events`, which never blocks; :meth:`show`
    sends a whole LED frame (transports send only what changed when they can).
    """

    rows: int
    cols: int

    def __init__(self) -> None:
        EventQueue.__init__(self)

    @property
    def name(self) -> str:
        """What the owners know the board by: its port, or else its transport."""
        return type(self).__name__

    @property
    @abstractmethod
    def connected(self) -> bool:
        """Whether the board answers now."""

    @property
    @abstractmethod
    def occupancy(self) -> Occupancy | None:
        """The last occupancy read (``None`` before the first one)."""

    @abstractmethod
    def show(self, frame: LedFrame) -> None:
        """Light the LEDs as ``frame`` says (kept and re-sent after a reconnection)."""

    @abstractmethod
    def close(self) -> None:
        """Stop reading and release the transport."""

    def stats(self) -> dict[str, int]:
        """Counters for the doctor and the admin screen (bad frames, reconnections…)."""
        return {}
