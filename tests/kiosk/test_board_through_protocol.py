"""Whole games played through the real serial protocol: a simulated board on a pty,
``SerialBoard`` and the board controller, as the play scene runs them."""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from drivers.serial_board import SerialBoard
from drivers.simulator import BoardSimulator
from engines import find_game
from engines.core import PathMove, Place, Remove, State
from kiosk.board.controller import Answer
from kiosk.board.effects import occupied
from kiosk.board.mapping import BoardMapping, mapping_for
from kiosk.board_session import BoardSession
from kiosk.games import presentation_for
from kiosk.hardware import HardwareLink

SETTLE = 0.02


class Rig:
    """The simulated board on its pty and the kiosk's side of the serial link."""

    def __init__(self, spec: str, folder: Path) -> None:
        self.game = find_game(spec)
        self.presentation = presentation_for(self.game)
        mapping = mapping_for(spec)
        assert mapping is not None
        self.mapping: BoardMapping = mapping
        self.state: State = self.game.initial_state()
        start = occupied(self.presentation.tokens(self.state))
        self.sim = BoardSimulator(
            mapping.rows,
            mapping.cols,
            link=folder / "board",
            occupied=[mapping.cell(p) for p in start],
        )
        self.sim.start()
        self.board = SerialBoard(str(folder / "board"), mapping.rows, mapping.cols)
        assert wait_for(lambda: self.board.connected and self.board.occupancy is not None)
        self.session = BoardSession(
            self.board, mapping, self.state, self.presentation, (), time.monotonic()
        )
        self.session.controller.settle = SETTLE

    def pump(self, until: Callable[[Answer], bool], timeout: float = 3.0) -> Answer:
        deadline = time.monotonic() + timeout
        while True:
            self.board.wait(0.01)
            answer = self.session.update(time.monotonic())
            if until(answer) or time.monotonic() > deadline:
                return answer

    def hand(self, point: int, present: bool) -> None:
        self.sim.set(self.mapping.cell(point), present)

    def close(self) -> None:
        self.board.close()
        self.sim.close()


def wait_for(condition: Callable[[], bool], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return False


@pytest.fixture
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


def by_hand(rig: Rig, move: Any) -> None:
    """What a visitor's hands do for ``move``."""
    if isinstance(move, PathMove):
        rig.hand(move.path[0], False)
        rig.hand(move.path[-1], True)
    elif isinstance(move, Place):
        rig.hand(move.at, True)
    else:
        assert isinstance(move, Remove)
        rig.hand(move.at, False)


def play_through(spec: str, folder: Path, seed: int, limit: int) -> int:
    rig = Rig(spec, folder)
    rng = random.Random(seed)
    decisions = 0
    try:
        assert rig.pump(lambda a: a.synced).synced
        while not rig.state.is_terminal() and decisions < limit:
            move = rng.choice(list(rig.state.legal_moves()))
            points = rig.presentation.move_points(rig.state, move)
            if not points:  # a pass: made on the screen
                rig.state = rig.state.apply(move)
                rig.session.played(rig.state, move, time.monotonic())
                continue
            by_hand(rig, move)
            answer = rig.pump(lambda a: a.decision is not None)
            assert answer.decision == move, (spec, decisions, str(move), answer)
            before = occupied(rig.presentation.tokens(rig.state))
            rig.state = rig.state.apply(move)
            rig.session.played(rig.state, move, time.monotonic())
            after = occupied(rig.presentation.tokens(rig.state))
            for point in sorted(before - after - set(points)):  # captures blink red
                rig.hand(point, False)
            rig.session.confirm(time.monotonic())  # discs turned
            assert rig.pump(lambda a: a.synced).synced, (spec, decisions, str(move))
            decisions += 1
        assert rig.board.stats().get("bad_frames", 0) == 0
    finally:
        rig.close()
    return decisions


@pytest.mark.parametrize(
    ("spec", "limit"), [("reversi:othello", 70), ("tablut", 60), ("moulin", 80)]
)
def test_a_whole_game_through_the_serial_protocol(spec: str, limit: int, folder: Path) -> None:
    assert play_through(spec, folder, seed=5, limit=limit) > 20


def test_the_simulated_board_process_serves_the_game_and_goes_away() -> None:
    link = HardwareLink(simulate=True, headless=True)
    try:
        board = link.board_for("moulin")
        assert board is not None
        assert wait_for(lambda: board.connected)
        assert (board.rows, board.cols) == (7, 7)
        simulated = link._sim
        assert simulated is not None and simulated.process.poll() is None
        assert link.board_for("moulin:standard") is board, "the same board serves the variant"
        assert link.board_for("backgammon") is None, "no board for the track games"
    finally:
        link.close()
    assert simulated.process.poll() is not None


@pytest.mark.parametrize(
    ("spec", "size"), [("barricades", (14, 17)), ("rithmomachie:boissiere", (8, 16))]
)
def test_every_board_file_has_its_simulated_board(spec: str, size: tuple[int, int]) -> None:
    """The largest boards too (barricades' 238 cells fit the protocol's 256)."""
    link = HardwareLink(simulate=True, headless=True)
    try:
        board = link.board_for(spec)
        assert board is not None, "the simulator started"
        assert wait_for(lambda: board.connected)
        assert (board.rows, board.cols) == size
    finally:
        link.close()


def test_the_simulators_put_right_sets_up_a_game_in_one_go(folder: Path) -> None:
    from kiosk.board_sim import put_right

    rig = Rig("tablut", folder)
    try:
        rig.sim.set_all([])
        answer = rig.pump(lambda a: a.kind == "wrong")
        assert answer.kind == "wrong" and not answer.synced
        assert wait_for(lambda: rig.sim.leds() == answer.leds)
        pieces = len(occupied(rig.presentation.tokens(rig.state)))
        assert pieces == 25
        assert put_right(rig.sim) == pieces, "every piece of the start blinks until put"
        assert rig.pump(lambda a: a.synced).synced
    finally:
        rig.close()
