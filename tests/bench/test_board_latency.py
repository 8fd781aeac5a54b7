"""``python -m bench.board_latency``: the simulated chain, and ``--device`` against a board on a
pty: the project's simulator, and the firmware itself under MicroPython."""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bench.board_latency import main
from drivers import protocol as p
from drivers.simulator import BoardSimulator
from tests.firmware.test_micropython_link import MicroPythonBoard

Lines = dict[str, dict[str, str]]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Lines, list[str]]:
    """The exit code, each line's ``key=value`` pairs by the line's first word, and the
    problems said."""
    code = main(list(args))
    lines: Lines = {}
    problems = []
    for line in capsys.readouterr().out.splitlines():
        if line.startswith("problem: "):
            problems.append(line.removeprefix("problem: "))
            continue
        pairs = dict(re.findall(r'(\w+)=("[^"]*"|\S+)', line))
        first = line.split("=")[0].split()[0]
        lines[first] = pairs | {"line": line}
    return code, lines, problems


def later(delay: float, action: Callable[[], None]) -> threading.Thread:
    def run_it() -> None:
        time.sleep(delay)
        action()

    thread = threading.Thread(target=run_it, daemon=True)
    thread.start()
    return thread


@pytest.fixture
def sim(tmp_path: Path) -> Iterator[BoardSimulator]:
    with BoardSimulator(9, 9, link=tmp_path / "board", occupied=[(0, 0), (8, 8)]) as board:
        yield board


def test_without_a_device_the_simulated_chain_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _problems = run(capsys, "--changes", "40")
    assert code == 0
    assert lines["changes"]["answered"] == "40"
    assert float(lines["p50_ms"]["p50_ms"]) < 20
    with pytest.raises(SystemExit):
        main(["--hands", "5"])  # goes with --device


def test_a_board_on_a_serial_device_without_hands(
    sim: BoardSimulator, capsys: pytest.CaptureFixture[str]
) -> None:
    started = time.monotonic()
    code, lines, _problems = run(
        capsys, "--device", sim.port, "--board", "grid9", "--frames", "30", "--listen", "1.5"
    )
    assert code == 0, lines
    assert time.monotonic() - started < 10
    device = lines["device"]
    assert device["firmware"] == '"ludokiosk-sim"' and device["size"] == "9x9"
    assert device["occupied"] == "2" and device["protocol"] == "1"
    assert lines["hello_info"]["hellos"] == "5" and float(lines["hello_info"]["max_ms"]) < 500
    assert lines["hello_occupancy"]["hellos"] == "5"
    for kind in ("led_set", "led_full"):
        assert lines[kind]["frames"] == lines[kind]["acked"] == "15", lines[kind]
        assert float(lines[kind]["p50_ms"]) < 100
    beats = lines["heartbeats"]
    assert int(beats["heartbeats"]) >= 3 and 400 < float(beats["p50_ms"]) < 650
    assert float(beats["longest_silence_ms"]) < 650
    assert lines["link"]["line"] == "link bad_frames=0 dropped_bytes=0 board_errors=0 seq_gaps=0"
    assert lines["problems"]["problems"] == "0"
    kinds = {type(m) for m in sim.received}
    assert {p.Hello, p.LedSet, p.LedFull, p.LedAllOff, p.Heartbeat} <= kinds
    assert not sim.leds().lit, "the LEDs put out at the end"


def test_hands_on_the_pieces(sim: BoardSimulator, capsys: pytest.CaptureFixture[str]) -> None:
    def hands() -> None:
        while not any(isinstance(m, p.Heartbeat) for m in sim.received[-3:]):
            time.sleep(0.01)  # the LED frames are done: the hands' time has come
        time.sleep(0.3)
        for col in range(3):
            sim.place((4, col))
            time.sleep(0.12)
            sim.lift((4, col))
            time.sleep(0.05)

    later(0.0, hands)
    code, lines, _problems = run(
        capsys, "--device", sim.port, "--frames", "4", "--listen", "0", "--hands", "2"
    )
    assert code == 0, lines
    seen = lines["hands"]
    assert seen["changes"] == "6" and seen["frames"] == "6"
    assert float(seen["per_second"]) == pytest.approx(3.0, abs=0.3)
    assert 100 <= float(seen["same_cell_min_ms"]) < 300 and seen["under_50ms"] == "0"
    lit = [m for m in sim.received if isinstance(m, p.LedSet) and m.cells[0][0] == (4, 0)]
    assert lit and lit[0].cells[0][1].colour == (0, 64, 0), "a piece placed lights its cell"


def test_a_board_of_another_size_is_refused(
    sim: BoardSimulator, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines, problems = run(capsys, "--device", sim.port, "--board", "grid8", "--frames", "4")
    assert code == 1
    assert problems == [
        "le plateau dit 9×9, grid8.toml attend 8×8 / the board says 9x9, grid8.toml expects 8x8"
    ]
    assert "led_set" not in lines


def test_nothing_answering(capsys: pytest.CaptureFixture[str]) -> None:
    master, slave = os.openpty()
    try:
        started = time.monotonic()
        code, _, problems = run(capsys, "--device", os.ttyname(slave))
        assert time.monotonic() - started < 3
    finally:
        os.close(master)
        os.close(slave)
    assert code == 1
    assert problems == ["pas de réponse à HELLO en 1 s / no answer to HELLO within 1 s"]
    code, _lines, problems = run(capsys, "--device", "/nonexistent/ttyACM9")
    assert code == 1 and "cannot open" in problems[0]


def test_a_board_that_falls_silent(sim: BoardSimulator, capsys: pytest.CaptureFixture[str]) -> None:
    def mute_after_some_acks() -> None:
        sim.wait_until(lambda: sim.counts["acks"] >= 2, timeout=5.0)
        sim.mute()

    later(0.0, mute_after_some_acks)
    code, lines, problems = run(capsys, "--device", sim.port, "--frames", "6", "--listen", "0.5")
    assert code == 1
    acked = int(lines["led_set"]["acked"]) + int(lines["led_full"]["acked"])
    assert 2 <= acked < 6
    assert any(problem.endswith("not acknowledged within 0.5 s") for problem in problems)
    assert any(problem.endswith("the kiosk would call the board lost") for problem in problems)


def test_the_firmware_under_micropython(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = MicroPythonBoard(tmp_path, closed={(0, 0), (7, 7)})
    try:
        board.kiosk.close()  # the bench opens the port in its stead

        done = threading.Event()

        def hands() -> None:  # a piece put down and lifted until the bench is done
            while not done.is_set():
                board.place(3, 3)
                time.sleep(0.25)
                board.lift(3, 3)
                time.sleep(0.25)

        later(0.0, hands)
        code, lines, _problems = run(
            capsys,
            "--device",
            os.ttyname(board.slave),
            "--board",
            "grid8",
            "--frames",
            "20",
            "--listen",
            "0.5",
            "--hands",
            "3",
        )
    finally:
        done.set()
        board.close()
    assert code == 0, lines
    assert lines["device"]["firmware"] == '"ludoboard-1.0 grid8"'
    assert lines["device"]["size"] == "8x8" and lines["device"]["occupied"] in ("2", "3")
    assert lines["led_set"]["acked"] == lines["led_full"]["acked"] == "10"
    assert 400 < float(lines["heartbeats"]["p50_ms"]) < 650
    seen = lines["hands"]
    assert int(seen["changes"]) >= 2 and 150 < float(seen["same_cell_min_ms"]) < 700
    assert lines["link"]["line"].startswith("link bad_frames=0 dropped_bytes=0 board_errors=0")
