"""The simulated board, spoken to byte by byte as the kiosk would."""

from __future__ import annotations

import io
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import serial  # type: ignore[import-untyped]

from drivers import protocol as p
from drivers.sensorboard import Led, LedFrame, LedMode, Occupancy
from drivers.simulator import ERROR_INTERVAL, BoardSimulator, lit_cells
from kiosk.board_sim import load_layout, main, run_headless

RED, GREEN = (255, 0, 0), (0, 255, 0)


class Host:
    """The kiosk's end of the pty, without SerialBoard: frames in, packets out."""

    def __init__(self, port: str) -> None:
        self.port = serial.serial_for_url(port, timeout=0.02)
        self.parser = p.Parser()
        self.seq = 0
        self.packets: list[p.Packet] = []

    def send(self, message: p.Message) -> int:
        seq, self.seq = self.seq, self.seq + 1
        self.port.write(p.encode(message, seq))
        return seq

    def expect(self, wanted: Callable[[p.Message], bool], timeout: float = 2.0) -> p.Packet:
        """The first packet (read so far or to come) whose message is ``wanted``."""
        end = time.monotonic() + timeout
        while True:
            for i, packet in enumerate(self.packets):
                if wanted(packet.message):
                    del self.packets[: i + 1]
                    return packet
            if time.monotonic() > end:
                raise AssertionError(f"nothing wanted among {self.packets}")
            self.packets += self.parser.feed(self.port.read(max(1, self.port.in_waiting)))

    def close(self) -> None:
        self.port.close()


@pytest.fixture
def sim(tmp_path: Path) -> Iterator[BoardSimulator]:
    board = BoardSimulator(3, 4, link=tmp_path / "board", occupied=[(0, 0), (2, 3)], heartbeat=0.05)
    board.start()
    yield board
    board.close()


@pytest.fixture
def host(sim: BoardSimulator) -> Iterator[Host]:
    end = Host(sim.port)
    yield end
    end.close()


def is_(kind: type) -> Callable[[p.Message], bool]:
    return lambda message: isinstance(message, kind)


def test_boots_with_an_unasked_info_numbered_zero(sim: BoardSimulator, host: Host) -> None:
    seq = host.send(p.LedSet((((1, 1), Led(LedMode.ON, RED)),)))
    assert host.expect(is_(p.Ack)).message == p.Ack(seq)
    sim.reboot()
    packet = host.expect(is_(p.Info))
    assert packet == p.Packet(0, p.Info(p.VERSION, 3, 4, "ludokiosk-sim"))
    assert sim.leds() == LedFrame(3, 4)
    assert Path(sim.port).is_symlink()
    assert os.readlink(sim.port).startswith("/dev/pts/")


def test_hello_is_answered_with_info_then_the_occupancy(sim: BoardSimulator, host: Host) -> None:
    host.send(p.Hello())
    info = host.expect(is_(p.Info))
    full = host.expect(is_(p.OccupancyFull))
    assert full.message == p.OccupancyFull(Occupancy.of(3, 4, [(0, 0), (2, 3)]))
    assert full.seq == (info.seq + 1) & 0xFF


def test_heartbeats_keep_coming(host: Host) -> None:
    first = host.expect(is_(p.Heartbeat))
    second = host.expect(is_(p.Heartbeat))
    assert second.seq > first.seq


def test_lifts_and_placements_become_deltas(sim: BoardSimulator, host: Host) -> None:
    sim.lift((0, 0))
    sim.place((1, 2))
    sim.place((1, 2))  # already there: nothing sent
    sim.lift((1, 1))  # already empty: nothing sent
    assert host.expect(is_(p.OccupancyDelta)).message == p.OccupancyDelta((((0, 0), False),))
    assert host.expect(is_(p.OccupancyDelta)).message == p.OccupancyDelta((((1, 2), True),))
    sim.set_all([(2, 2)])
    assert host.expect(is_(p.OccupancyFull)).message == p.OccupancyFull(
        Occupancy.of(3, 4, [(2, 2)])
    )
    host.send(p.GetOccupancy())
    assert host.expect(is_(p.OccupancyFull)).message.occupancy.cells() == {(2, 2)}  # type: ignore[union-attr]
    assert sim.occupancy == Occupancy.of(3, 4, [(2, 2)])


def test_led_commands_are_applied_and_acknowledged(sim: BoardSimulator, host: Host) -> None:
    seq = host.send(p.LedSet((((1, 1), Led(LedMode.ON, RED)), ((2, 0), Led(LedMode.BLINK, GREEN)))))
    assert host.expect(is_(p.Ack)).message == p.Ack(seq)
    assert sim.leds() == LedFrame(
        3, 4, {(1, 1): Led(LedMode.ON, RED), (2, 0): Led(LedMode.BLINK, GREEN)}
    )
    # Blinking: lit in the first half of each period, in phase.
    assert sim.shown(10.0) == {(1, 1): RED, (2, 0): GREEN}
    assert sim.shown(10.0 + p.BLINK_PERIOD * 0.75) == {(1, 1): RED}
    assert lit_cells(sim.leds()) == {(1, 1): "on #ff0000", (2, 0): "blink #00ff00"}
    full = LedFrame(3, 4, {(0, 3): Led(LedMode.ON, GREEN)})
    seq = host.send(p.LedFull(full))
    assert host.expect(is_(p.Ack)).message == p.Ack(seq)
    assert sim.leds() == full
    seq = host.send(p.LedAllOff())
    assert host.expect(is_(p.Ack)).message == p.Ack(seq)
    assert sim.leds() == LedFrame(3, 4)


def test_bad_frames_get_an_error_and_change_nothing(sim: BoardSimulator, host: Host) -> None:
    good = host.send(p.LedSet((((0, 0), Led(LedMode.ON, RED)),)))
    host.expect(is_(p.Ack))
    frame = bytearray(p.encode(p.LedAllOff(), 9))
    frame[-1] ^= 0xFF
    host.port.write(bytes(frame))
    assert host.expect(is_(p.Error)).message == p.Error(p.ErrorCode.BAD_CRC, good)
    time.sleep(ERROR_INTERVAL + 0.01)
    host.send(p.LedFull(LedFrame(2, 2)))  # not this board's size
    assert host.expect(is_(p.Error)).message.code == p.ErrorCode.BAD_PAYLOAD  # type: ignore[union-attr]
    time.sleep(ERROR_INTERVAL + 0.01)
    host.send(p.LedSet((((5, 0), Led(LedMode.ON, RED)),)))  # off the board
    assert host.expect(is_(p.Error)).message.code == p.ErrorCode.BAD_PAYLOAD  # type: ignore[union-attr]
    time.sleep(ERROR_INTERVAL + 0.01)
    host.send(p.Ack(3))  # a device's message, sent to the device
    assert host.expect(is_(p.Error)).message.code == p.ErrorCode.UNKNOWN_TYPE  # type: ignore[union-attr]
    assert sim.leds() == LedFrame(3, 4, {(0, 0): Led(LedMode.ON, RED)})
    # And the board still listens.
    seq = host.send(p.LedAllOff())
    assert host.expect(is_(p.Ack)).message == p.Ack(seq)


def test_leds_go_dark_when_the_host_falls_silent(tmp_path: Path) -> None:
    with BoardSimulator(2, 2, host_timeout=0.2, heartbeat=0.05) as sim:
        host = Host(sim.port)
        host.send(p.LedSet((((1, 1), Led(LedMode.ON, RED)),)))
        host.expect(is_(p.Ack))
        assert sim.host_present and sim.leds().lit
        assert sim.wait_until(lambda: not sim.host_present and not sim.leds().lit, 2.0)
        host.close()


def test_unplug_removes_the_port_and_replug_boots_a_new_one(
    sim: BoardSimulator, host: Host
) -> None:
    host.send(p.LedSet((((1, 1), Led(LedMode.ON, RED)),)))
    host.expect(is_(p.Ack))
    old = os.readlink(sim.port)
    sim.unplug()
    assert not sim.plugged and not os.path.lexists(sim.port)
    with pytest.raises(serial.SerialException):
        for _ in range(100):  # what was already on its way may come first
            host.port.read(4096)
    with pytest.raises(serial.SerialException):
        serial.serial_for_url(sim.port)
    sim.place((1, 0))  # moved while unplugged
    sim.replug()
    assert sim.plugged and os.readlink(sim.port).startswith("/dev/pts/")
    assert sim.leds() == LedFrame(3, 4)  # a board that powers up is dark
    again = Host(sim.port)
    again.send(p.Hello())
    full = again.expect(is_(p.OccupancyFull)).message
    assert full == p.OccupancyFull(Occupancy.of(3, 4, [(0, 0), (1, 0), (2, 3)]))
    again.close()
    assert old  # the previous pty existed


def test_muted_and_dropped_frames(sim: BoardSimulator, host: Host) -> None:
    before = host.expect(is_(p.Heartbeat)).seq
    sim.drop_next(2)
    after = host.expect(is_(p.Heartbeat)).seq
    assert after - before >= 3  # two numbers were used by frames never written
    sim.mute()
    time.sleep(0.05)
    host.port.reset_input_buffer()
    host.packets.clear()
    sim.lift((0, 0))
    time.sleep(0.2)
    assert host.parser.feed(host.port.read(host.port.in_waiting)) == []
    sim.mute(False)
    host.expect(is_(p.Heartbeat))


def test_injected_bytes_reach_the_host_as_they_are(sim: BoardSimulator, host: Host) -> None:
    sim.inject(b"\x13\x37" + p.encode(p.Ack(200), 201))
    assert host.expect(is_(p.Ack)) == p.Packet(201, p.Ack(200))
    assert host.parser.counts["dropped_bytes"] >= 2


def test_without_a_link_the_port_is_the_pty_itself() -> None:
    with BoardSimulator(1, 1) as sim:
        assert sim.port.startswith("/dev/pts/")
        host = Host(sim.port)
        host.send(p.Hello())
        assert host.expect(is_(p.Info)).message == p.Info(p.VERSION, 1, 1, "ludokiosk-sim")
        host.close()


# --- the ludokiosk-board-sim command ---------------------------------------


def test_board_layouts_come_from_the_board_mappings(tmp_path: Path) -> None:
    moulin = load_layout("moulin")
    assert (moulin.rows, moulin.cols) == (7, 7)
    assert len(moulin.cells) == 24 and moulin.on_board((0, 0)) and not moulin.on_board((0, 1))
    assert moulin.labels[(6, 0)] == "a1"
    path = tmp_path / "petit.toml"
    path.write_text('rows = 2\ncols = 5\nname = "Petit"\n', encoding="utf-8")
    small = load_layout(str(path))
    assert (small.name, small.rows, small.cols, small.on_board((1, 4))) == ("Petit", 2, 5, True)


def test_headless_prints_leds_and_takes_commands(tmp_path: Path) -> None:
    with BoardSimulator(2, 3, link=tmp_path / "board", heartbeat=0.05) as sim:
        host = Host(sim.port)
        out = io.StringIO()

        def typed() -> Iterator[str]:
            yield from ("place 1 2\n", "lift 0 0\n", "bogus\n")
            host.send(p.LedSet((((0, 1), Led(LedMode.BLINK, RED)),)))
            host.expect(is_(p.Ack))
            time.sleep(0.3)
            yield "quit\n"

        started = time.monotonic()
        run_headless(sim, 5.0, typed(), out)
        assert time.monotonic() - started < 2.0  # "quit" ended it
        host.close()
        lines = out.getvalue().splitlines()
        assert "leds: 0,1=blink #ff0000" in lines
        assert "place 1 2" in lines and "lift 0 0" in lines
        assert any(line.startswith("? ") for line in lines)
        assert sim.occupancy == Occupancy.of(2, 3, [(1, 2)])


def test_main_prints_the_port_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    link = tmp_path / "board"
    code = main(
        ["--headless", "--rows", "3", "--cols", "2", "--link", str(link), "--duration", "0.2"]
    )
    assert code == 0
    assert capsys.readouterr().out.splitlines()[0] == f"port: {link}"
    assert not link.exists()  # unplugged on the way out


def wait_for(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def test_a_simulated_board_ends_when_the_kiosk_that_started_it_is_killed(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    starter = (
        "import subprocess, sys, time\n"
        "board = subprocess.Popen([sys.executable, '-m', 'kiosk.board_sim', '--board', 'grid8',"
        f" '--link', {str(tmp_path / 'board')!r}, '--headless'], stdin=subprocess.DEVNULL,"
        " stdout=subprocess.DEVNULL)\n"
        "print(board.pid, flush=True)\n"
        "time.sleep(60)\n"
    )
    kiosk = subprocess.Popen(
        [sys.executable, "-c", starter], stdout=subprocess.PIPE, text=True, cwd=root
    )
    assert kiosk.stdout is not None
    board = int(kiosk.stdout.readline())
    assert wait_for(lambda: (tmp_path / "board").exists(), 10.0), "the board is up"
    os.kill(kiosk.pid, signal.SIGKILL)
    kiosk.wait()

    def gone() -> bool:
        try:
            os.kill(board, 0)
        except ProcessLookupError:
            return True
        return False

    assert wait_for(gone, 10.0), "the orphaned board stops by itself"


def test_a_simulated_board_ends_at_once_when_its_named_parent_is_already_gone(
    tmp_path: Path,
) -> None:
    import subprocess
    import sys

    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    root = Path(__file__).resolve().parents[2]
    board = subprocess.Popen(
        [sys.executable, "-m", "kiosk.board_sim", "--board", "grid8", "--headless",
         "--link", str(tmp_path / "board"), "--parent", str(ended.pid)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, cwd=root,
    )
    try:
        assert board.wait(timeout=15.0) == 0, "a clean stop, not a refusal"
    finally:
        board.kill()
    assert not (tmp_path / "board").exists(), "the link goes with the board"
