"""The matrix scan through fake 74HC595/74HC165 chains: wiring order, debounce, no ghosts."""

from __future__ import annotations

import random

import pytest

from tests.firmware.fake_hw import FakeHardware
from tests.firmware.fw import scanner

SIZES = [(8, 8), (9, 9), (8, 16), (7, 7), (14, 17), (16, 16), (1, 1), (3, 20)]


def make(rows: int, cols: int, debounce: int = 3) -> tuple[FakeHardware, scanner.Scanner]:
    hw = FakeHardware(rows, cols)
    return hw, scanner.Scanner(hw, rows, cols, debounce=debounce, settle_us=7)


def occupied(scan: scanner.Scanner) -> set[tuple[int, int]]:
    return {divmod(cell, scan.cols) for cell in range(scan.cells) if scan.stable[cell]}


def changes(scan: scanner.Scanner, count: int) -> set[tuple[int, int]]:
    return {divmod(scan.changed[i], scan.cols) for i in range(count)}


@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_every_cell_reads_as_itself(rows: int, cols: int) -> None:
    hw, scan = make(rows, cols)
    rng = random.Random(rows * 100 + cols)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for cell in [*rng.sample(cells, min(len(cells), 12)), cells[0], cells[-1]]:
        hw.matrix.closed = {cell}
        scan.read()
        assert {divmod(i, cols) for i in range(scan.cells) if scan.raw[i]} == {cell}
    pieces = set(rng.sample(cells, len(cells) // 3))
    hw.matrix.closed = pieces
    scan.read()
    assert {divmod(i, cols) for i in range(scan.cells) if scan.raw[i]} == pieces


def test_one_row_low_at_a_time_in_order_and_the_columns_settle_first() -> None:
    hw, scan = make(14, 17)
    hw.matrix.low_rows_at_load.clear()
    scan.read()
    scan.read()
    assert hw.matrix.low_rows_at_load == [[row] for row in range(14)] * 2
    assert hw.slept_us == 2 * 14 * 7


def test_registers_left_low_at_power_up_are_cleared() -> None:
    hw = FakeHardware(8, 8)  # the fake's 595 wakes up with every output low
    hw.rows_latch()
    assert hw.matrix.low_rows() == list(range(8))
    hw.matrix.closed = {(5, 2)}
    scan = scanner.Scanner(hw, 8, 8)
    assert hw.matrix.low_rows() == []
    scan.read()
    assert [i for i in range(64) if scan.raw[i]] == [5 * 8 + 2]


def test_diodes_mean_no_ghosts() -> None:
    hw, scan = make(8, 8)
    # Three corners of a rectangle: without diodes the fourth, (5, 6), would read closed.
    hw.matrix.closed = {(1, 2), (1, 6), (5, 2)}
    scan.prime()
    assert occupied(scan) == {(1, 2), (1, 6), (5, 2)}
    hw.matrix.closed = {(r, c) for r in range(8) for c in range(8)} - {(3, 3)}
    scan.prime()
    assert (3, 3) not in occupied(scan) and len(occupied(scan)) == 63


def test_a_cell_changes_after_three_identical_reads() -> None:
    hw, scan = make(8, 8)
    scan.prime()
    hw.place(2, 3)
    assert scan.scan() == 0
    assert scan.scan() == 0
    count = scan.scan()
    assert changes(scan, count) == {(2, 3)} and occupied(scan) == {(2, 3)}
    assert scan.scan() == 0  # reported once
    hw.lift(2, 3)
    assert [scan.scan() for _ in range(3)] == [0, 0, 1]
    assert occupied(scan) == set()


def test_a_bouncing_switch_gives_no_event() -> None:
    hw, scan = make(8, 8)
    scan.prime()
    for closed in [True, False, True, True, False, True, False, False, True, True, False]:
        if closed:
            hw.place(4, 4)
        else:
            hw.lift(4, 4)
        assert scan.scan() == 0
    assert occupied(scan) == set()


@pytest.mark.parametrize("debounce", [1, 2, 5])
def test_the_number_of_reads_is_configurable(debounce: int) -> None:
    hw, scan = make(8, 8, debounce)
    scan.prime()
    hw.place(0, 0)
    found = [scan.scan() for _ in range(debounce)]
    assert found == [0] * (debounce - 1) + [1]


def test_a_whole_board_changing_at_once_is_listed() -> None:
    hw, scan = make(16, 16)
    scan.prime()
    hw.matrix.closed = {(r, c) for r in range(16) for c in range(16)}
    counts = [scan.scan() for _ in range(3)]
    assert counts == [0, 0, 256]
    assert sorted(scan.changed) == list(range(256))


def test_prime_takes_the_board_as_it_stands() -> None:
    hw, scan = make(9, 9)
    hw.matrix.closed = {(0, 0), (8, 8), (4, 4)}
    scan.prime()
    assert occupied(scan) == {(0, 0), (8, 8), (4, 4)}
    assert scan.scan() == 0
