"""The kiosk as a visitor and an owner meet it: menus, idleness, settings, errors."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from kiosk.ai_worker import AiWorker
from kiosk.app import main
from kiosk.display import rotate_in
from kiosk.scenes.attract import AttractScene
from kiosk.scenes.home import HomeScene
from kiosk.scenes.play import PlayScene
from kiosk.scenes.setup import SetupScene
from kiosk.table import HUMAN, Table
from tests.kiosk.driver import make_kiosk, steps, tap


def test_home_setup_play_by_touch() -> None:
    kiosk = make_kiosk()
    home = kiosk.stack.top
    assert isinstance(home, HomeScene)
    kiosk.draw()
    rect, game = home.cards[0]
    tap(kiosk, rect.center)
    setup = kiosk.stack.top
    assert isinstance(setup, SetupScene) and setup.entry is game
    kiosk.draw()
    play = next(b for b in setup.buttons.buttons if b.label == "Jouer")
    tap(kiosk, play.rect.center)
    assert isinstance(kiosk.stack.top, PlayScene)
    kiosk.draw()


def test_idle_home_goes_to_the_demonstrations_and_a_touch_comes_back() -> None:
    kiosk = make_kiosk()
    steps(kiosk, int(kiosk.settings.attract_after * 60) + 5)
    assert isinstance(kiosk.stack.top, AttractScene)
    steps(kiosk, 120)
    kiosk.draw()
    tap(kiosk, (960, 540))
    assert isinstance(kiosk.stack.top, HomeScene)


def test_still_there_then_demonstrations() -> None:
    kiosk = make_kiosk()
    from kiosk.catalog import entry

    scene = PlayScene(kiosk, entry("moulin"), Table("moulin", (HUMAN, HUMAN)))
    kiosk.stack.push(scene)
    steps(kiosk, int(kiosk.settings.still_there_after * 60) + 10)
    assert scene.idle.asking, "the question is up"
    kiosk.draw()
    tap(kiosk, (960, 540))
    assert not scene.idle.asking and kiosk.stack.top is scene, "a touch keeps the game"
    steps(
        kiosk,
        int((kiosk.settings.still_there_after + kiosk.settings.still_there_countdown) * 60) + 30,
    )
    assert isinstance(kiosk.stack.top, AttractScene)


def test_a_bad_config_is_named_and_the_kiosk_runs_on_defaults(tmp_path: Path) -> None:
    bad = tmp_path / "kiosk.toml"
    bad.write_text('[kiosk]\nlanguage = "de"\n[sound]\nvolum = 3\n', encoding="utf-8")
    kiosk = make_kiosk(bad)
    texts = [n.text for n in kiosk.notices]
    assert any(str(bad) in t and "kiosk.language" in t for t in texts), texts
    assert any("volum" in t for t in texts), texts
    assert kiosk.settings.language == "fr"
    assert any("clé inconnue 'sound.volum'" in t for t in texts), texts
    kiosk.draw()


def test_config_problems_are_told_in_the_configured_language(tmp_path: Path) -> None:
    bad = tmp_path / "kiosk.toml"
    bad.write_text('[kiosk]\nlanguage = "en"\n[timeouts]\nattract_after = 2\n', encoding="utf-8")
    texts = [n.text for n in make_kiosk(bad).notices]
    assert texts == [
        f"{bad}: key 'timeouts.attract_after' = 2 should be a number from 10 to 3600; using 90"
    ]


def test_a_scene_error_goes_home_and_is_counted() -> None:
    kiosk = make_kiosk()

    class Broken(HomeScene):
        def update(self, dt: float) -> None:
            raise RuntimeError("boom")

    kiosk.stack.push(Broken(kiosk))
    kiosk.step()
    assert type(kiosk.stack.top) is HomeScene
    assert kiosk.errors == 1
    assert kiosk.notices


def test_language_switch_changes_the_words() -> None:
    kiosk = make_kiosk()
    home = kiosk.stack.top
    assert isinstance(home, HomeScene)
    english = next(b for b in home.buttons.buttons if b.label == "EN")
    tap(kiosk, english.rect.center)
    assert kiosk.tr.lang == "en"
    assert kiosk.tr("Jouer") == "Play"


def test_the_machine_thinks_in_another_process() -> None:
    worker = AiWorker()
    try:
        ticket = worker.ask("tablut", [], "debutant", seed=1, seconds=0.2)
        answers = []
        for _ in range(600):
            answers = worker.poll()
            if answers:
                break
            pygame.time.wait(20)
        assert answers and answers[0].ticket == ticket and answers[0].move
        from engines import find_game

        game = find_game("tablut")
        assert (
            game.parse_move(game.initial_state(), answers[0].move)
            in game.initial_state().legal_moves()
        )
    finally:
        worker.close()


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_touches_land_where_the_canvas_was_drawn(rotation: int) -> None:
    from kiosk.display import present, screen_size

    canvas = pygame.Surface((1920, 1080))
    canvas.fill((0, 0, 0))
    pygame.draw.rect(canvas, (255, 0, 0), pygame.Rect(300, 200, 20, 20))
    width, height = screen_size(rotation)
    assert (width, height) == ((1080, 1920) if rotation in (90, 270) else (1920, 1080))
    screen = pygame.Surface((width, height))
    present(screen, canvas, rotation)
    red = [
        (x, y)
        for x in range(0, width, 2)
        for y in range(0, height, 2)
        if screen.get_at((x, y))[0] > 200 and screen.get_at((x, y))[1] < 60
    ]
    assert len(red) == 100  # the whole square, nothing scaled away
    assert red
    x, y = red[len(red) // 2]
    cx, cy = rotate_in(rotation, x, y)
    assert 290 <= cx <= 330 and 190 <= cy <= 230


def test_without_a_display_one_line_points_to_the_tour(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import kiosk.app as app

    def no_screen(windowed: bool, rotation: int = 0) -> None:
        app._no_display("no available video device")

    monkeypatch.setattr(app, "_open_display", no_screen)
    assert main(["--windowed"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--screenshot-tour" in err[0]


def test_the_screenshot_tour_writes_every_screen(tmp_path: Path) -> None:
    from kiosk.tour import run_tour

    assert run_tour(tmp_path, specs=["reversi", "backgammon"]) == 0
    names = {p.name for p in tmp_path.glob("*.png")}
    for expected in (
        "home",
        "attract",
        "settings",
        "reversi-setup",
        "reversi-play",
        "reversi-rules",
        "reversi-results",
        "backgammon-play",
        "backgammon-results",
    ):
        assert f"{expected}.png" in names
    image = pygame.image.load(str(tmp_path / "reversi-play.png"))
    assert image.get_size() == (1920, 1080)
