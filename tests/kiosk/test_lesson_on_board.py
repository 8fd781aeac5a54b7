"""Every board game's lessons followed on the simulated board, through the serial protocol.

A :class:`BoardSimulator` on a pty plays the physical board; the kiosk reads it
with its ``SerialBoard`` driver, as on the table. The hands set the pieces up,
copy the demonstrations lit in blue, make the moves asked (or a wrong one
first, then put it back), and the LEDs are checked at every step: the lesson's
marks while the board rests, the differing squares blinking after a wrong move.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from drivers.hardware_config import Hardware
from drivers.sensorboard import Led
from drivers.serial_board import SerialBoard
from drivers.simulator import BoardSimulator
from engines.core import State
from kiosk.ai_worker import InlineWorker
from kiosk.board.effects import effect_of, occupied
from kiosk.board.guide import DIFFERS, ELSEWHERE_FROM, ELSEWHERE_TO, LESSON_ROLES, elsewhere
from kiosk.board.mapping import BoardMapping, mapping_for
from kiosk.config import load_settings
from kiosk.hardware import HardwareLink
from kiosk.lessons.model import Lesson
from kiosk.runtime import Kiosk
from kiosk.scenes.lesson import LessonScene, _replay
from kiosk.sound import Sounds
from tests.kiosk.driver import tap
from tests.kiosk.lesson_driver import a_wrong_move, button, every_lesson, forward, open_lesson

ON_BOARD = [lesson for lesson in every_lesson() if mapping_for(lesson.spec) is not None]


class Table:
    """The kiosk with a simulated board on a pty, showing one lesson."""

    def __init__(self, lesson: Lesson, folder: Path) -> None:
        mapping = mapping_for(lesson.spec)
        assert mapping is not None
        self.mapping: BoardMapping = mapping
        self.sim = BoardSimulator(mapping.rows, mapping.cols, link=folder / "board")
        self.sim.start()
        self.serial = SerialBoard(str(folder / "board"), mapping.rows, mapping.cols)
        deadline = time.monotonic() + 5
        while not (self.serial.connected and self.serial.occupancy is not None):
            assert time.monotonic() < deadline, "the simulated board answers"
            self.serial.wait(0.01)
        self.kiosk = Kiosk(
            load_settings(),
            worker=InlineWorker(),
            sounds=Sounds(muted=True),
            hardware=HardwareLink(Hardware(board=self.serial)),
        )
        self.kiosk.home()
        self.scene: LessonScene = open_lesson(self.kiosk, lesson)
        assert self.scene.board is not None, "the lesson follows the board"
        self.scene.board.controller.settle = 0.05

    def close(self) -> None:
        self.serial.close()
        self.sim.close()

    def pump(self, until: Callable[[], bool], what: str, limit: float = 4.0) -> None:
        deadline = time.monotonic() + limit
        while not until():
            assert time.monotonic() < deadline, f"{what} ({self.status()})"
            self.serial.wait(0.003)
            self.kiosk.step()

    def status(self) -> str:
        board = self.scene.board
        if board is None:
            return ""
        step = self.scene.run.index + 1
        blinking = sorted(self.leds(DIFFERS))
        return f"step {step}, {board.answer.kind}: {board.answer.status[0]}, blinking {blinking}"

    def synced(self) -> bool:
        board = self.scene.board
        return board is not None and board.answer.kind == "rest" and board.answer.synced

    def hand(self, point: int, present: bool) -> None:
        self.sim.set(self.mapping.cell(point), present)
        self.pump(lambda: self.serial.occupancy == self.sim.occupancy, "the board reads the hand")

    def set_up(self, state: State) -> None:
        tokens = self.scene.presentation.tokens(state)
        self.sim.set_all(self.mapping.cell(p) for p in occupied(tokens))

    def leds(self, led: Led) -> set[int]:
        points = self.mapping.points
        return {points[c] for c, shown in self.sim.leds().cells() if shown == led and c in points}

    def by_hand(self, state: State, move: Any) -> bool:
        """The hands do ``move``; False when it is made on the screen (no point to touch)."""
        presentation = self.scene.presentation
        points = presentation.move_points(state, move)
        if not points:
            return False
        effect = effect_of(state, presentation, move, points, presentation.tokens(state))
        order = sorted(effect.touched, key=lambda p: p != effect.origin)
        for point in order:
            if point in effect.lift:
                self.hand(point, False)
            self.hand(point, point in effect.after)
        return True

    def changes(self, state: State, move: Any) -> bool:
        """Whether the hands doing ``move`` leave the board different (not a pyramid's layer)."""
        presentation = self.scene.presentation
        points = presentation.move_points(state, move)
        effect = effect_of(state, presentation, move, points, presentation.tokens(state))
        return bool(effect.touched - effect.lift)

    def tidy(self, state: State, move: Any) -> None:
        """After the decision: captures off, pieces put back, discs turned."""
        presentation = self.scene.presentation
        points = presentation.move_points(state, move)
        effect = effect_of(state, presentation, move, points, presentation.tokens(state))
        for point in sorted(effect.extras):
            self.hand(point, point in effect.after)
        for point in sorted(effect.turned):
            self.hand(point, False)
            self.hand(point, True)

    def choose(self, move: Any) -> None:
        """Several moves fit the hands: the screen offers them."""
        scene = self.scene
        label = self.kiosk.tr.pick(*scene.presentation.button_text(scene.state, move))
        where = button(scene, label)
        if where is not None and scene.choice:
            tap(self.kiosk, where)

    def play(self, move: Any) -> None:
        """Make ``move`` on the board (or on the screen when it touches no point)."""
        scene = self.scene
        state = scene.state
        before = scene.feedback
        if self.by_hand(state, move):
            self.pump(
                lambda: scene.feedback is not before or bool(scene.choice), "the move is read"
            )
            self.choose(move)
        else:
            label = self.kiosk.tr.pick(*scene.presentation.button_text(state, move))
            where = button(scene, label)
            assert where is not None, f"no button {label!r}"
            tap(self.kiosk, where)
        if scene.feedback is not None and scene.feedback.accepted:
            self.tidy(state, move)

    def copy_demonstration(self, before: State) -> None:
        """The step's demonstration moves, lit in blue, copied by hand."""
        step = self.scene.run.step
        if step.position:
            self.set_up(self.scene.state)
            return
        for state, move in _replay(before, step.moves):
            points = self.scene.presentation.move_points(state, move)
            if len(points) > 1:
                self.pump(
                    lambda: bool(self.leds(ELSEWHERE_FROM) | self.leds(ELSEWHERE_TO)),
                    "the move to copy is lit in blue",
                )
            if self.by_hand(state, move):
                self.tidy(state, move)
                self.pump(partial(self.copied, state, move), f"{move} copied")

    def copied(self, state: State, move: Any) -> bool:
        board = self.scene.board
        assert board is not None
        answer = board.answer
        told = elsewhere(self.scene.presentation.describe(state, move))
        return answer.kind not in ("moving", "play") and answer.status != told

    def marks_shown(self) -> None:
        """At rest, the LEDs are the step's marks and nothing else."""
        wanted = {
            self.mapping.cell(p): LESSON_ROLES[role]
            for p, role in self.scene.highlights().items()
            if role in LESSON_ROLES
        }

        def shown() -> bool:
            return {c: led for c, led in self.sim.leds().cells() if led.mode.value} == wanted

        self.pump(shown, "the LEDs show the step's marks")


@pytest.fixture
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


def follow(lesson: Lesson, folder: Path, err: bool) -> Table:
    table = Table(lesson, folder)
    scene = table.scene
    previous = scene.state
    try:
        table.set_up(scene.state)
        while True:
            table.pump(table.synced, "the board matches the lesson")
            table.marks_shown()
            if scene.asking and err and (wrong := a_wrong_move(scene)) is not None:
                before = scene.state
                if table.by_hand(before, wrong):
                    table.pump(
                        lambda: scene.feedback is not None or bool(scene.choice),
                        "the wrong move is read",
                    )
                    table.choose(wrong)
                    assert scene.feedback is not None and not scene.feedback.accepted
                    assert scene.state is before
                    if table.changes(before, wrong):
                        table.pump(lambda: bool(table.leds(DIFFERS)), "the squares blink")
                    assert scene._step_view().warning, "the explanation is on the screen"
                    table.set_up(before)
                    table.pump(table.synced, "the wrong move put back")
                    table.marks_shown()
            if scene.asking:
                table.play(scene.run.expected_move())
                assert scene.feedback is not None and scene.feedback.accepted, scene.run.step.text
            if scene.run.finished:
                forward(table.kiosk, scene)
                return table
            previous = scene.state
            forward(table.kiosk, scene)
            table.copy_demonstration(previous)
    finally:
        table.close()


@pytest.mark.parametrize("lesson", ON_BOARD, ids=lambda x: f"{x.game}-{x.id}")
def test_a_lesson_followed_on_the_board_as_asked(lesson: Lesson, folder: Path) -> None:
    table = follow(lesson, folder, err=False)
    assert table.kiosk.lesson_progress.is_done(lesson.game, lesson.id)


@pytest.mark.parametrize("lesson", ON_BOARD, ids=lambda x: f"{x.game}-{x.id}")
def test_a_wrong_move_on_the_board_blinks_is_put_back_and_the_lesson_goes_on(
    lesson: Lesson, folder: Path
) -> None:
    table = follow(lesson, folder, err=True)
    assert table.kiosk.lesson_progress.is_done(lesson.game, lesson.id)
