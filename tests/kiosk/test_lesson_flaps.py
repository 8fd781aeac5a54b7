"""Shut the box's lessons followed on a physical box: the flaps pushed down are the moves."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

from drivers.inputs import Inputs
from kiosk.lessons.model import Lesson, lessons_for
from kiosk.scenes.lesson import LessonScene
from tests.kiosk.lesson_driver import a_wrong_move, forward, open_lesson
from tests.kiosk.test_hardware_inputs import FLAPS, kiosk_with, step_until


def push(factory: MockFactory, boxes: set[int], down: bool) -> None:
    for box in boxes:
        pin = factory.pin(FLAPS[box - 1])
        pin.drive_low() if down else pin.drive_high()


def shut(scene: LessonScene) -> set[int]:
    """The boxes the lesson's position has shut."""
    mask = scene.state.open  # type: ignore[attr-defined]
    return {box for box in range(1, 10) if not mask >> (box - 1) & 1}


@pytest.mark.parametrize("lesson", lessons_for("shut-the-box"), ids=lambda x: x.id)
def test_a_shut_the_box_lesson_followed_with_the_flaps(
    lesson: Lesson, factory: MockFactory
) -> None:
    inputs = Inputs(flaps=FLAPS, settle_ms=5, pin_factory=factory)
    kiosk = kiosk_with(inputs)
    erred = False
    try:
        scene = open_lesson(kiosk, lesson)
        while True:
            if scene.asking:
                push(factory, set(range(1, 10)) - shut(scene), False)
                push(factory, shut(scene), True)
                wrong = a_wrong_move(scene)
                if wrong is not None:
                    before = scene.state
                    push(factory, set(wrong.boxes), True)
                    step_until(kiosk, lambda: scene.feedback is not None, seconds=5.0)
                    assert scene.feedback is not None and not scene.feedback.accepted
                    assert scene.state is before
                    push(factory, set(wrong.boxes), False)
                    erred = True
                move = scene.run.expected_move()
                push(factory, set(move.boxes), True)
                step_until(
                    kiosk,
                    lambda: scene.feedback is not None and scene.feedback.accepted,
                    seconds=5.0,
                )
            if scene.run.finished:
                break
            forward(kiosk, scene)
        forward(kiosk, scene)
        assert kiosk.lesson_progress.is_done(lesson.game, lesson.id)
    finally:
        inputs.close()
    assert erred, "each lesson has a step where a wrong flap can be pushed"
