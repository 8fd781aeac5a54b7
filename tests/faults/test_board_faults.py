"""Faults done for real on the board's serial link, the kiosk running as on the Pi.

A simulated board speaks the real protocol on a pty; the kiosk's side is the
real ``SerialBoard`` and play scene. The cable is pulled (the pty closes and
its name vanishes) and put back in the middle of a game played on by touch;
the board stops reading its line (the pty's kernel buffer fills up).
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import serial  # type: ignore[import-untyped]

from drivers.hardware_config import Hardware
from drivers.sensorboard import (
    BoardConnected,
    BoardEvent,
    BoardLost,
    Cell,
    Led,
    LedFrame,
    LedMode,
)
from drivers.serial_board import Backoff, SerialBoard
from drivers.simulator import BoardSimulator
from kiosk.ai_worker import InlineWorker
from kiosk.board import guide
from kiosk.board.effects import occupied
from kiosk.board.mapping import mapping_for
from kiosk.catalog import entry
from kiosk.config import load_settings
from kiosk.hardware import HardwareLink
from kiosk.runtime import Kiosk
from kiosk.scenes.play import PlayScene
from kiosk.sound import Sounds
from kiosk.table import HUMAN, Table
from tests.kiosk.driver import tap

SPEC = "tablut"
FAST = Backoff(initial=0.02, factor=2.0, cap=0.1)


def wait_for(condition: Callable[[], bool], timeout: float = 3.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


class Room:
    """The kiosk playing tablut by a simulated board reached through its pty."""

    def __init__(self, folder: Path) -> None:
        mapping = mapping_for(SPEC)
        assert mapping is not None
        self.mapping = mapping
        self.kiosk = Kiosk(load_settings(), worker=InlineWorker(), sounds=Sounds(muted=True))
        table = Table(SPEC, (HUMAN, HUMAN))
        self.scene = PlayScene(self.kiosk, entry(SPEC), table)  # no board yet: for its position
        start = occupied(self.scene.presentation.tokens(self.scene.state))
        self.sim = BoardSimulator(
            mapping.rows,
            mapping.cols,
            link=folder / "board",
            occupied=[mapping.cell(p) for p in start],
            heartbeat=0.05,
        )
        self.sim.start()
        self.board = SerialBoard(
            self.sim.port,
            mapping.rows,
            mapping.cols,
            heartbeat=0.05,
            lost_after=0.3,
            ack_timeout=0.2,
            backoff=FAST,
        )
        assert wait_for(lambda: self.board.connected)
        self.kiosk.hardware = HardwareLink(Hardware(board=self.board))
        self.kiosk.home()
        self.scene = PlayScene(self.kiosk, entry(SPEC), table)
        self.kiosk.push(self.scene)

    @property
    def answer(self) -> Any:
        assert self.scene.hands.session is not None
        return self.scene.hands.session.answer

    def run_until(self, condition: Callable[[], bool], timeout: float = 3.0) -> bool:
        """The kiosk's main loop, in real time, until ``condition()`` holds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.kiosk.step()
            if condition():
                return True
            self.board.wait(0.01)
        return False

    def touch(self, move: Any) -> None:
        """A decision made on the screen: its points tapped in turn."""
        for point in self.scene.presentation.move_points(self.scene.state, move):
            tap(self.kiosk, self.scene.view.centres[point])
        assert self.run_until(lambda: self.scene.transition is None)

    def cells(self, points: Any) -> set[Cell]:
        return {self.mapping.cell(p) for p in points}

    def lit(self, led: Led) -> set[Cell]:
        return {cell for cell, shown in self.sim.leds().lit.items() if shown == led}

    def dark(self) -> bool:
        return self.sim.leds() == LedFrame(self.mapping.rows, self.mapping.cols)

    def journal(self) -> list[tuple[str, str]]:
        """The board's events in the owners' journal, oldest first."""
        events = reversed(self.kiosk.records.events())
        return [(kind, detail) for _, kind, detail in events if kind.startswith("board-")]

    def close(self) -> None:
        self.kiosk.home()
        self.board.close()
        self.sim.close()


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Room]:
    room = Room(tmp_path)
    yield room
    room.close()


def quiet_moves(room: Room, count: int) -> list[Any]:
    """``count`` decisions in a row that capture nothing and touch distinct squares."""
    state, presentation = room.scene.state, room.scene.presentation
    moves: list[Any] = []
    touched: set[int] = set()
    for _ in range(count):
        before = occupied(presentation.tokens(state))
        move = next(
            m
            for m in sorted(state.legal_moves(), key=str)
            if not touched & set(presentation.move_points(state, m))
            and len(before - occupied(presentation.tokens(state.apply(m)))) == 1
        )
        touched |= set(presentation.move_points(state, move))
        moves.append(move)
        state = state.apply(move)
    return moves


def test_moves_made_by_touch_while_unplugged_light_blue_once_the_board_is_back(
    room: Room,
) -> None:
    assert room.run_until(lambda: room.answer.synced)
    room.sim.unplug()
    assert room.run_until(lambda: room.answer.kind == "lost")
    moves = quiet_moves(room, 2)
    paths = []
    for move in moves:
        paths.append(room.scene.presentation.move_points(room.scene.state, move))
        room.touch(move)
    assert room.scene.run.moves == [str(m) for m in moves], "play went on by touch"
    room.sim.replug()
    assert room.run_until(lambda: room.answer.kind == "follow"), room.answer.status
    assert room.sim.wait_until(lambda: room.sim.leds() == room.answer.leds)
    assert room.scene.hands.session is not None
    assert room.scene.hands.session.status("fr") == (guide.CATCH_UP[0], False), "the screen says so"
    origins, targets = room.cells(p[0] for p in paths), room.cells(p[-1] for p in paths)
    assert room.lit(guide.ELSEWHERE_FROM) == origins, "lift the pieces blinking blue"
    assert room.lit(guide.ELSEWHERE_TO) == targets, "put pieces on the steady blue squares"
    assert set(room.sim.shown(0.0)) == origins | targets, "and nothing else is lit"
    for cell in origins:  # the hands do what the board shows
        room.sim.lift(cell)
    for cell in targets:
        room.sim.place(cell)
    assert room.run_until(lambda: room.answer.synced)
    assert room.sim.wait_until(room.dark), "the board matches the game: the LEDs go dark"
    (move,) = quiet_moves(room, 1)  # the board is followed again: a move made on it plays
    origin, target = room.scene.presentation.move_points(room.scene.state, move)
    room.sim.lift(room.mapping.cell(origin))
    room.sim.place(room.mapping.cell(target))
    assert room.run_until(lambda: len(room.scene.run.moves) == 3)
    assert room.scene.run.moves[-1] == str(move)
    port = room.board.name
    assert room.journal() == [("board-lost", port), ("board-back", port)]


def test_losses_and_returns_are_journaled_once_each(room: Room) -> None:
    assert room.run_until(lambda: room.answer.synced)
    for _ in range(3):
        room.sim.unplug()
        assert room.run_until(lambda: room.answer.kind == "lost")
        for _ in range(20):  # frames go by while the board is away: nothing more noted
            room.kiosk.step()
        room.sim.replug()
        assert room.run_until(lambda: room.answer.synced)
        for _ in range(20):
            room.kiosk.step()
    port = room.board.name
    assert room.journal() == [("board-lost", port), ("board-back", port)] * 3


class Watched:
    """A real serial port that notes which threads write on it."""

    def __init__(self, port: Any, writers: set[int]) -> None:
        self._port = port
        self._writers = writers

    def write(self, data: bytes) -> Any:
        self._writers.add(threading.get_ident())
        return self._port.write(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._port, name)


def test_a_board_that_stops_reading_never_blocks_show_and_comes_back(tmp_path: Path) -> None:
    sim = BoardSimulator(9, 9, link=tmp_path / "board", heartbeat=0.05)
    sim.start()
    writers: set[int] = set()

    def opener(url: str, **settings: Any) -> Any:
        return Watched(serial.serial_for_url(url, **settings), writers)

    board = SerialBoard(sim.port, 9, 9, heartbeat=0.05, lost_after=0.3, backoff=FAST, opener=opener)
    events: list[BoardEvent] = []
    try:
        assert wait_for(lambda: board.connected)
        sim.stall()  # the firmware stops reading: the pty's buffer fills, then writes wait
        slowest, frames, frame = 0.0, 0, LedFrame(9, 9)
        deadline = time.monotonic() + 6.0
        while not any(isinstance(e, BoardLost) for e in events):
            assert time.monotonic() < deadline, "the stalled line was never noticed"
            led = Led(LedMode.ON, (frames % 256, 255 - frames % 256, 40))
            frame = LedFrame(9, 9, dict.fromkeys(itertools.product(range(9), range(9)), led))
            started = time.monotonic()
            board.show(frame)  # as the render loop does, every frame
            slowest = max(slowest, time.monotonic() - started)
            frames += 1
            time.sleep(0.005)
            events += board.events()
        assert slowest < 0.4, f"show() waited {slowest:.3f} s on a stalled line"  # < stall_after
        assert threading.get_ident() not in writers, "the caller of show() never writes"
        lost = next(e for e in events if isinstance(e, BoardLost))
        assert "ligne bloquée" in lost.reason and not board.connected
        assert board.stats()["stalls"] >= 1
        sim.stall(False)  # it reads again: what piled up, then the kiosk's HELLO
        assert wait_for(lambda: board.connected), "the board comes back when the line drains"
        assert sim.wait_until(lambda: sim.leds() == frame), "with the latest frame shown"
        assert threading.get_ident() not in writers
        assert isinstance(board.events()[0], BoardConnected)
    finally:
        board.close()
        sim.close()
