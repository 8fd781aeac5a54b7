"""Follow a lesson on the kiosk's screen like a visitor: taps on the board and the buttons."""

from __future__ import annotations

from typing import Any

from kiosk.catalog import entry
from kiosk.lessons.model import Lesson, lesson_files, load_file
from kiosk.runtime import Kiosk
from kiosk.scenes.lesson import LessonScene
from tests.kiosk.driver import steps, tap


def every_lesson() -> list[Lesson]:
    return [lesson for path in lesson_files() for lesson in load_file(path)]


def open_lesson(kiosk: Kiosk, lesson: Lesson) -> LessonScene:
    scene = LessonScene(kiosk, entry(lesson.game), lesson)
    kiosk.push(scene)
    return scene


def button(scene: LessonScene, label: str) -> tuple[int, int] | None:
    for b in scene.buttons.buttons:
        if b.label == label and b.enabled:
            return b.rect.center
    return None


def calm(kiosk: Kiosk, scene: LessonScene, limit: int = 400) -> None:
    """Step until the board stops moving."""
    for _ in range(limit):
        if scene.transition is None and not scene.queue:
            return
        kiosk.step()


def make_by_touch(kiosk: Kiosk, scene: LessonScene, move: Any) -> None:
    """Touch the points of ``move`` (or its button), choosing it when several fit."""
    state = scene.state
    points = scene.presentation.move_points(state, move)
    label = kiosk.tr.pick(*scene.presentation.button_text(state, move))
    if not points:
        where = button(scene, label)
        assert where is not None, f"no button {label!r} for {move}"
        tap(kiosk, where)
        return
    for point in points:
        tap(kiosk, scene.view.centres[point])
    if scene.choice and scene.state is state:
        where = button(scene, label)
        assert where is not None, f"no choice button {label!r} for {move}"
        tap(kiosk, where)


def a_wrong_move(scene: LessonScene) -> Any | None:
    """A legal decision the step does not accept (touchable ones first), if any."""
    wrong = [m for m in scene.state.legal_moves() if not scene.run.accepts(m)]
    wrong.sort(key=lambda m: not scene.presentation.move_points(scene.state, m))
    return wrong[0] if wrong else None


def forward(kiosk: Kiosk, scene: LessonScene) -> None:
    last = scene.run.index == len(scene.lesson.steps) - 1
    where = button(scene, kiosk.tr("Terminer") if last else kiosk.tr("Suivant"))
    assert where is not None, "the step is done: Suivant is offered"
    tap(kiosk, where)
    steps(kiosk, 2)
