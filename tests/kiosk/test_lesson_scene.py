"""Every lesson followed on the touch screen, obeying, then erring first; the menu and attract."""

from __future__ import annotations

import pytest

from kiosk.catalog import entry
from kiosk.lessons.model import Lesson, lessons_for
from kiosk.scenes.attract import LESSON_EVERY, AttractScene
from kiosk.scenes.lesson import LessonScene
from kiosk.scenes.lessons_menu import LessonMenuScene
from kiosk.scenes.setup import SetupScene
from tests.kiosk.driver import make_kiosk, steps, tap
from tests.kiosk.lesson_driver import (
    a_wrong_move,
    button,
    calm,
    every_lesson,
    forward,
    make_by_touch,
    open_lesson,
)

LESSONS = every_lesson()


def ids(lesson: Lesson) -> str:
    return f"{lesson.game}-{lesson.id}"


@pytest.mark.parametrize("lesson", LESSONS, ids=ids)
def test_a_lesson_followed_as_asked_completes(lesson: Lesson) -> None:
    kiosk = make_kiosk()
    scene = open_lesson(kiosk, lesson)
    steps(kiosk, 2)
    while True:
        calm(kiosk, scene)
        kiosk.draw()
        assert scene._step_view().text == scene.run.step.text[0]
        if scene.asking:
            assert button(scene, "Suivant") is None and button(scene, "Terminer") is None
            make_by_touch(kiosk, scene, scene.run.expected_move())
            assert scene.feedback is not None and scene.feedback.accepted, scene.run.step.text
        last = scene.run.index == len(lesson.steps) - 1
        forward(kiosk, scene)
        if last:
            break
    assert kiosk.stack.top is not scene, "the finished lesson goes back"
    assert kiosk.lesson_progress.is_done(lesson.game, lesson.id)


@pytest.mark.parametrize("lesson", LESSONS, ids=ids)
def test_a_wrong_move_is_explained_then_the_answer_shown_then_the_lesson_recovers(
    lesson: Lesson,
) -> None:
    kiosk = make_kiosk()
    scene = open_lesson(kiosk, lesson)
    erred = 0
    while True:
        calm(kiosk, scene)
        if scene.asking and (wrong := a_wrong_move(scene)) is not None:
            before = scene.state
            make_by_touch(kiosk, scene, wrong)
            feedback = scene.feedback
            assert feedback is not None and not feedback.accepted, str(wrong)
            assert scene.state is before, "a refused move changes nothing"
            view = scene._step_view()
            assert view.warning and view.hint, "the explanation and the hint are shown"
            make_by_touch(kiosk, scene, wrong)
            expected = scene.presentation.move_points(before, scene.run.expected_move())
            assert all(scene.highlights()[p] == "hint" for p in expected), "the answer is lit"
            kiosk.draw()
            erred += 1
        if scene.asking:
            make_by_touch(kiosk, scene, scene.run.expected_move())
            assert scene.feedback is not None and scene.feedback.accepted
        if scene.run.finished:
            break
        forward(kiosk, scene)
    forward(kiosk, scene)
    assert kiosk.lesson_progress.is_done(lesson.game, lesson.id)
    if any(step.asks for step in lesson.steps):
        assert erred or lesson.game == "reversi", "an à-vous step leaves room for a mistake"


def test_apprendre_opens_the_lessons_and_the_menu_remembers_what_was_followed() -> None:
    kiosk = make_kiosk()
    kiosk.push(SetupScene(kiosk, entry("reversi")))
    setup = kiosk.stack.top
    assert isinstance(setup, SetupScene)
    learn = next(b for b in setup.buttons.buttons if b.label == "Apprendre")
    tap(kiosk, learn.rect.center)
    menu = kiosk.stack.top
    assert isinstance(menu, LessonMenuScene)
    first = lessons_for("reversi")[0]
    assert menu.suggested() is first
    rect = menu.cards[0][0]
    tap(kiosk, rect.center)
    scene = kiosk.stack.top
    assert isinstance(scene, LessonScene) and scene.lesson is first
    while not scene.run.finished:
        if scene.asking:
            make_by_touch(kiosk, scene, scene.run.expected_move())
        else:
            forward(kiosk, scene)
    forward(kiosk, scene)
    assert kiosk.stack.top is menu
    assert menu.suggested() is lessons_for("reversi")[1], "the next lesson is suggested"
    kiosk.draw()
    kiosk.attract()
    assert not kiosk.lesson_progress.is_done("reversi", first.id), "a new visitor starts afresh"


def test_a_game_without_lessons_offers_no_apprendre(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("kiosk.scenes.setup.lessons_for", lambda game: ())
    kiosk = make_kiosk()
    kiosk.push(SetupScene(kiosk, entry("reversi")))
    setup = kiosk.stack.top
    assert isinstance(setup, SetupScene)
    assert [b.label for b in setup.buttons.buttons][-3:] == ["Retour", "Règles", "Jouer"]


def test_the_attract_mode_plays_a_lesson_by_itself_to_its_end() -> None:
    kiosk = make_kiosk()
    kiosk.attract()
    attract = kiosk.stack.top
    assert isinstance(attract, AttractScene)
    index = next(i for i, e in enumerate(attract.order) if e.game_id == "reversi")
    attract.shows = LESSON_EVERY - 1
    attract.start(index)
    demo = attract.demo
    assert isinstance(demo, LessonScene) and demo.demo
    for _ in range(60 * 120):
        kiosk.step()
        if demo.ended:
            break
    assert demo.ended, "the lesson played itself through"
    kiosk.draw()
    assert attract.demo is demo, "it stays a moment before the next show"
