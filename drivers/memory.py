"""A board held in memory: the test double and the touch-only fallback.

Tests (and the lesson checker) place and lift pieces with :meth:`MemoryBoard.set`
and read back the LEDs the kiosk asked for; nothing is mocked beneath the
:class:`~drivers.sensorboard.SensorBoard` interface.
"""

from __future__ import annotations

from collections.abc import Iterable

from drivers.sensorboard import (
    BoardConnected,
    BoardLost,
    Cell,
    LedFrame,
    Occupancy,
    OccupancyChanged,
    SensorBoard,
)


class MemoryBoard(SensorBoard):
    """A sensor board whose cells are set by code."""

    def __init__(self, rows: int, cols: int, occupied: Iterable[Cell] = ()) -> None:
        super().__init__()
        self.rows, self.cols = rows, cols
        self._occupancy = Occupancy.of(rows, cols, occupied)
        self._connected = True
        self.frames: list[LedFrame] = []
        self.post(BoardConnected(rows, cols, "memory"))
        self.post(OccupancyChanged(self._occupancy))

    @property
    def connected(self) -> bool:
        return self._connected

    @property
    def occupancy(self) -> Occupancy | None:
        return self._occupancy

    @property
    def leds(self) -> LedFrame:
        """The last frame shown (all off before any)."""
        return self.frames[-1] if self.frames else LedFrame(self.rows, self.cols)

    def set(self, cell: Cell, occupied: bool) -> None:
        """A hand lifts (``False``) or places (``True``) a piece on ``cell``."""
        self._occupancy = self._occupancy.with_cell(cell, occupied)
        self.post(OccupancyChanged(self._occupancy))

    def set_all(self, cells: Iterable[Cell]) -> None:
        """The whole board at once (as after a reconnection)."""
        self._occupancy = Occupancy.of(self.rows, self.cols, cells)
        self.post(OccupancyChanged(self._occupancy))

    def unplug(self) -> None:
        self._connected = False
        self.post(BoardLost("débranché"))

    def replug(self) -> None:
        self._connected = True
        self.post(BoardConnected(self.rows, self.cols, "memory"))
        self.post(OccupancyChanged(self._occupancy))

    def show(self, frame: LedFrame) -> None:
        if (frame.rows, frame.cols) != (self.rows, self.cols):
            raise ValueError(
                f"trame de LED {frame.rows} x {frame.cols} pour un plateau "
                f"{self.rows} x {self.cols}"
            )
        if not self.frames or self.frames[-1] != frame:
            self.frames.append(frame)

    def close(self) -> None:
        self._connected = False
