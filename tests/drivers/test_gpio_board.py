"""The GPIO transport on gpiozero's MockFactory: mock pins wired as a switch matrix
with one diode per cell, and a mock chain of 74HC595 behind the LED pins."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory, MockPin  # type: ignore[import-untyped]
from hypothesis import given, settings
from hypothesis import strategies as st

from drivers.gpio_board import (
    Debouncer,
    GpioBoard,
    NullLedSink,
    ShiftRegisterLeds,
    led_bits,
)
from drivers.sensorboard import (
    BoardConnected,
    BoardEvent,
    BoardLost,
    Cell,
    Led,
    LedFrame,
    LedMode,
    Occupancy,
    OccupancyChanged,
)

ROWS = (5, 6, 13, 19)
COLS = (4, 17, 27)


class RowPin(MockPin):
    """A row output: every change re-reads the matrix's columns."""

    matrix: WiredMatrix | None = None

    def _change_state(self, value: bool) -> bool:
        changed: bool = super()._change_state(value)
        if changed and self.matrix is not None:
            self.matrix.refresh()
        return changed


class FailingPin(MockPin):
    """A column input whose reads fail while ``failing`` is set."""

    failing = False

    def _get_state(self) -> bool:
        if self.failing:
            raise OSError("GPIO indisponible")
        state: bool = super()._get_state()
        return state


class WiredMatrix:
    """Reed switches between rows and columns, a diode per cell (anode on the column).

    A column reads low only when a closed switch joins it to the row driven
    low; it also records how many rows were ever driven low at once.
    """

    def __init__(self, factory: MockFactory, rows: tuple[int, ...], cols: tuple[int, ...],
                 col_class: type = MockPin) -> None:
        self.lock = threading.RLock()
        self.closed: set[Cell] = set()
        self.most_rows_low = 0
        self.rows_scanned: set[int] = set()
        self.row_pins = [factory.pin(pin, pin_class=RowPin) for pin in rows]
        self.col_pins = [factory.pin(pin, pin_class=col_class) for pin in cols]
        for pin in self.row_pins:
            pin.matrix = self

    def set(self, cell: Cell, closed: bool) -> None:
        with self.lock:
            (self.closed.add if closed else self.closed.discard)(cell)
            self.refresh()

    def refresh(self) -> None:
        with self.lock:
            low = [
                r for r, pin in enumerate(self.row_pins)
                if pin.function == "output" and not pin.state
            ]
            self.most_rows_low = max(self.most_rows_low, len(low))
            self.rows_scanned.update(low)
            for c, pin in enumerate(self.col_pins):
                if pin.function != "input":
                    continue
                if any((r, c) in self.closed for r in low):
                    pin.drive_low()
                else:
                    pin.drive_high()


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    made = MockFactory()
    yield made
    made.reset()


def make_board(factory: MockFactory, **options: object) -> tuple[GpioBoard, WiredMatrix]:
    matrix = WiredMatrix(factory, ROWS, COLS)
    options = {"settle_us": 0, "debounce_reads": 3, "start": False, **options}
    board = GpioBoard(ROWS, COLS, pin_factory=factory, **options)  # type: ignore[arg-type]
    return board, matrix


def occupancies(events: list[BoardEvent]) -> list[frozenset[Cell]]:
    return [e.occupancy.cells() for e in events if isinstance(e, OccupancyChanged)]


def wait_for(board: GpioBoard, wanted: type, timeout: float = 3.0) -> list[BoardEvent]:
    """Events until one of type ``wanted`` arrives (fails after ``timeout``)."""
    seen: list[BoardEvent] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        board.wait(0.05)
        seen += board.events()
        if any(isinstance(e, wanted) for e in seen):
            return seen
    raise AssertionError(f"pas de {wanted.__name__} ; reçu {seen}")


def test_pieces_on_the_matrix_are_read_one_row_at_a_time(factory: MockFactory) -> None:
    board, matrix = make_board(factory)
    matrix.set((1, 2), True)
    matrix.set((3, 0), True)
    assert board.read_matrix() == (1 << (1 * 3 + 2)) | (1 << (3 * 3 + 0))
    assert matrix.most_rows_low == 1
    assert matrix.rows_scanned == {0, 1, 2, 3}
    assert all(pin.state for pin in matrix.row_pins)  # every row released after the scan
    board.close()


def test_three_corners_closed_give_no_ghost(factory: MockFactory) -> None:
    board, matrix = make_board(factory)
    for cell in ((0, 0), (0, 1), (2, 0)):
        matrix.set(cell, True)
    assert Occupancy(4, 3, board.read_matrix()).cells() == {(0, 0), (0, 1), (2, 0)}
    board.close()


def test_first_occupancy_after_agreeing_reads_then_changes(factory: MockFactory) -> None:
    board, matrix = make_board(factory)
    assert board.events() == [BoardConnected(4, 3, "gpio")]
    matrix.set((2, 1), True)
    assert board.scan_once() is None
    assert board.scan_once() is None
    assert board.occupancy is None
    first = board.scan_once()
    assert first is not None and first.cells() == {(2, 1)}
    matrix.set((2, 1), False)
    matrix.set((0, 2), True)
    for _ in range(2):
        assert board.scan_once() is None
    assert board.scan_once() == Occupancy.of(4, 3, [(0, 2)])
    assert occupancies(board.events()) == [frozenset({(2, 1)}), frozenset({(0, 2)})]
    board.close()


def test_bounces_are_filtered(factory: MockFactory) -> None:
    board, matrix = make_board(factory)
    for _ in range(3):
        board.scan_once()
    board.events()
    # a reed switch chattering as a piece slides over it: never 3 equal reads
    for closed in (True, False, True, True, False, True, False):
        matrix.set((1, 1), closed)
        assert board.scan_once() is None
    assert board.occupancy == Occupancy(4, 3)
    assert board.stats()["bounces"] == 3
    assert board.events() == []
    # the piece settles: one change, after the third equal read
    matrix.set((1, 1), True)
    assert board.scan_once() is None
    assert board.scan_once() is None
    assert board.scan_once() == Occupancy.of(4, 3, [(1, 1)])
    assert occupancies(board.events()) == [frozenset({(1, 1)})]
    assert board.stats()["changes"] == 2
    board.close()


def test_the_scan_thread_reports_a_placed_and_a_lifted_piece(factory: MockFactory) -> None:
    board, matrix = make_board(factory, scan_hz=500, start=True)
    try:
        events = wait_for(board, OccupancyChanged)
        assert occupancies(events) == [frozenset()]
        matrix.set((3, 2), True)
        assert occupancies(wait_for(board, OccupancyChanged)) == [frozenset({(3, 2)})]
        assert board.occupancy is not None and (3, 2) in board.occupancy
        matrix.set((3, 2), False)
        assert occupancies(wait_for(board, OccupancyChanged)) == [frozenset()]
        assert board.stats()["scans"] >= 9
    finally:
        board.close()
    assert not board.connected


def test_failing_pins_lose_the_board_then_find_it_again(factory: MockFactory) -> None:
    matrix = WiredMatrix(factory, ROWS, COLS, col_class=FailingPin)
    board = GpioBoard(ROWS, COLS, pin_factory=factory, settle_us=0, scan_hz=500, start=False)
    board.retry_after = 0.01
    board.start()
    try:
        wait_for(board, OccupancyChanged)
        FailingPin.failing = True
        lost = wait_for(board, BoardLost)
        assert "GPIO indisponible" in next(e for e in lost if isinstance(e, BoardLost)).reason
        assert not board.connected
        matrix.set((0, 0), True)
        FailingPin.failing = False
        back = wait_for(board, BoardConnected)
        assert board.connected
        back += wait_for(board, OccupancyChanged)
        assert occupancies(back)[-1] == {(0, 0)}
        assert board.stats()["errors"] >= 1
    finally:
        FailingPin.failing = False
        board.close()


def test_show_checks_the_size_and_reaches_the_sink(factory: MockFactory) -> None:
    sink = NullLedSink()
    board, _ = make_board(factory, leds=sink)
    frame = LedFrame(4, 3, {(0, 0): Led(LedMode.ON, (0, 255, 0))})
    board.show(frame)
    assert sink.frame == frame
    with pytest.raises(ValueError, match="4 x 3"):
        board.show(LedFrame(8, 8))
    board.close()
    # the pins are free again once closed
    again, _ = make_board(factory)
    again.close()


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.lists(st.integers(0, 15), min_size=1, max_size=30))
def test_debouncer_matches_a_cell_by_cell_count(reads: int, frames: list[int]) -> None:
    debouncer = Debouncer(2, 2, reads)
    state: list[bool] | None = None
    streak = [0] * 4
    first: tuple[int, int] = (-1, 0)
    for bits in frames:
        got = debouncer.feed(bits)
        now = [bool(bits >> i & 1) for i in range(4)]
        if state is None:
            first = (bits, first[1] + 1) if bits == first[0] else (bits, 1)
            expected = list(now) if first[1] >= reads else None
            state = expected
            assert (got is None) == (expected is None)
            continue
        before = list(state)
        for i in range(4):
            streak[i] = streak[i] + 1 if now[i] != state[i] else 0
            if streak[i] >= reads:
                state[i], streak[i] = now[i], 0
        if state == before:
            assert got is None
        else:
            assert got is not None
            assert [bool(got.bits >> i & 1) for i in range(4)] == state


# --- LEDs on a chain of 74HC595 ------------------------------------------------


class Chain:
    """Two-or-more 74HC595 in a chain: Q7' of one feeds SER of the next."""

    def __init__(self, registers: int) -> None:
        self.shift = [False] * (8 * registers)
        self.outputs = [False] * (8 * registers)
        self.data: MockPin | None = None

    def clocked(self) -> None:
        assert self.data is not None
        self.shift = [bool(self.data.state), *self.shift[:-1]]

    def latched(self) -> None:
        self.outputs = list(self.shift)

    def lit(self) -> set[int]:
        return {i for i, on in enumerate(self.outputs) if on}


class ClockPin(MockPin):
    chain: Chain

    def _change_state(self, value: bool) -> bool:
        changed: bool = super()._change_state(value)
        if changed and value:
            self.chain.clocked()
        return changed


class LatchPin(MockPin):
    chain: Chain

    def _change_state(self, value: bool) -> bool:
        changed: bool = super()._change_state(value)
        if changed and value:
            self.chain.latched()
        return changed


def wire_chain(factory: MockFactory, registers: int) -> Chain:
    chain = Chain(registers)
    chain.data = factory.pin(10)
    factory.pin(11, pin_class=ClockPin).chain = chain
    factory.pin(8, pin_class=LatchPin).chain = chain
    return chain


def test_shift_register_outputs_match_the_cells(factory: MockFactory) -> None:
    chain = wire_chain(factory, 2)
    chain.outputs = [True] * 16  # garbage at power-up
    leds = ShiftRegisterLeds(10, 11, 8, cells=12, pin_factory=factory)
    assert chain.lit() == set()  # cleared at start
    frame = LedFrame(4, 3, {(0, 0): Led(LedMode.ON, (255, 0, 0)),
                            (2, 1): Led(LedMode.ON, (0, 0, 255)),
                            (3, 2): Led(LedMode.ON, (0, 255, 0))})
    leds.show(frame)
    # cell (r, c) is bit r * 3 + c: Q0 of the first register, Q7 of the first, Q3 of the second
    assert chain.lit() == {0, 7, 11}
    writes = leds.writes
    leds.show(LedFrame(4, 3, dict(frame.lit)))
    assert leds.writes == writes  # same bits, nothing shifted
    with pytest.raises(ValueError, match="12 cases"):
        leds.show(LedFrame(8, 8))
    leds.close()
    assert chain.lit() == set()


def test_rgb_leds_take_three_bits_per_cell(factory: MockFactory) -> None:
    chain = wire_chain(factory, 2)
    leds = ShiftRegisterLeds(10, 11, 8, cells=4, channels=3, pin_factory=factory)
    assert leds.length == 16
    leds.show(LedFrame(2, 2, {(0, 1): Led(LedMode.ON, (255, 0, 0)),
                              (1, 1): Led(LedMode.ON, (0, 40, 200)),
                              (1, 0): Led(LedMode.ON, (255, 200, 0))}))
    # (0, 1) red: bit 3; (1, 0) yellow: bits 6 and 7; (1, 1) blue: bit 3 * 3 + 2 = 11
    assert chain.lit() == {3, 6, 7, 11}
    leds.close()


def test_blinking_cells_turn_on_and_off(factory: MockFactory) -> None:
    chain = wire_chain(factory, 1)
    leds = ShiftRegisterLeds(10, 11, 8, cells=8, blink_hz=25, pin_factory=factory)
    try:
        leds.show(LedFrame(2, 4, {(0, 1): Led(LedMode.BLINK, (255, 0, 0)),
                                  (1, 3): Led(LedMode.ON, (255, 0, 0))}))
        seen: set[frozenset[int]] = set()
        deadline = time.monotonic() + 3
        while len(seen) < 2 and time.monotonic() < deadline:
            seen.add(frozenset(chain.lit()))
            time.sleep(0.005)
        assert seen == {frozenset({1, 7}), frozenset({7})}
    finally:
        leds.close()


def test_led_bits_of_a_frame() -> None:
    frame = LedFrame(1, 3, {(0, 0): Led(LedMode.BLINK, (200, 0, 0)),
                            (0, 2): Led(LedMode.ON, (0, 0, 0))})
    assert led_bits(frame, 1, True) == [True, False, True]
    assert led_bits(frame, 1, False) == [False, False, True]
    assert led_bits(frame, 3, True) == [True, False, False] + [False] * 6
    with pytest.raises(ValueError):
        led_bits(frame, 2, True)


def test_a_board_with_its_led_chain(factory: MockFactory) -> None:
    chain = wire_chain(factory, 2)
    matrix = WiredMatrix(factory, ROWS, COLS)
    leds = ShiftRegisterLeds(10, 11, 8, cells=12, pin_factory=factory)
    board = GpioBoard(ROWS, COLS, leds=leds, pin_factory=factory, settle_us=0, start=False)
    matrix.set((1, 0), True)
    for _ in range(3):
        board.scan_once()
    assert board.occupancy == Occupancy.of(4, 3, [(1, 0)])
    board.show(LedFrame(4, 3, {(1, 0): Led(LedMode.ON, (255, 255, 255))}))
    assert chain.lit() == {3}
    board.close()
    assert chain.lit() == set()
    board.show(LedFrame(4, 3, {(0, 0): Led(LedMode.ON, (255, 255, 255))}))  # after close: ignored
    assert chain.lit() == set()
