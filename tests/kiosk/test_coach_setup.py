"""The coach chosen at the setup, per person: on against a gentle machine, a toggle to
change it, hidden by the owners' setting, kept with the saved game."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from kiosk.catalog import entry
from kiosk.records import Records
from kiosk.records_file import MIGRATIONS
from kiosk.scenes.play import PlayScene
from kiosk.scenes.setup import SetupScene
from kiosk.table import HUMAN, Table
from tests.kiosk.driver import make_kiosk, tap
from tests.kiosk.test_admin import open_menu, press
from tests.kiosk.test_keeper import kiosk_on
from tests.kiosk.test_setup import button, check_screen, open_setup


def seat_button(kiosk: object, scene: SetupScene, seat: int, level: str) -> None:
    from kiosk.table import SHORT_LABELS

    label = scene.pick(*SHORT_LABELS[level])
    [found] = [b for b in scene.seat_rows[seat] if b.label == label]
    tap(scene.kiosk, found.rect.center)


def test_the_coach_follows_the_opponents_level_until_a_person_chooses() -> None:
    kiosk = make_kiosk()
    scene = open_setup(kiosk, entry("moulin"))
    assert scene.controllers == [HUMAN, kiosk.settings.ai_level] == [HUMAN, "joueur"]
    assert scene.coached() == frozenset()
    assert button(scene, "Blancs : non").selected is False
    check_screen(kiosk, scene)
    seat_button(kiosk, scene, 1, "debutant")
    assert scene.coached() == {0} and button(scene, "Blancs : oui").selected
    seat_button(kiosk, scene, 1, "enfant")
    assert scene.coached() == {0}
    check_screen(kiosk, scene)
    tap(kiosk, button(scene, "Blancs : oui").rect.center)  # the person says no
    assert scene.coached() == frozenset()
    tap(kiosk, button(scene, "Blancs : non").rect.center)
    assert scene.coached() == {0}
    seat_button(kiosk, scene, 1, "expert")
    assert scene.coached() == frozenset()
    seat_button(kiosk, scene, 1, HUMAN)  # two persons: each may have the coach
    tap(kiosk, button(scene, "Noirs : non").rect.center)
    assert scene.coached() == {1}
    check_screen(kiosk, scene)
    tap(kiosk, button(scene, "Jouer").rect.center)
    play = kiosk.stack.top
    assert isinstance(play, PlayScene) and play.run.table.coached == {1}


def test_the_child_s_level_plays_a_game() -> None:
    kiosk = make_kiosk()
    scene = open_setup(kiosk, entry("moulin"))
    seat_button(kiosk, scene, 1, "enfant")
    tap(kiosk, button(scene, "Jouer").rect.center)
    play = kiosk.stack.top
    assert isinstance(play, PlayScene) and play.run.table.controllers == (HUMAN, "enfant")
    play.play(play.state.legal_moves()[0])
    for _ in range(200):
        kiosk.step()
        if len(play.run.moves) == 2:
            break
    assert len(play.run.moves) == 2
    kiosk.draw()
    assert play._panel_content(1).controller == "Machine pour enfants"


def test_many_persons_share_one_toggle() -> None:
    kiosk = make_kiosk()
    scene = open_setup(kiosk, entry("shut-the-box"))
    tap(kiosk, button(scene, "6").rect.center)
    for seat in range(5):
        seat_button(kiosk, scene, seat, HUMAN)
    seat_button(kiosk, scene, 5, "debutant")
    check_screen(kiosk, scene)
    assert scene.coached() == {0, 1, 2, 3, 4}
    tap(kiosk, button(scene, "Tout le monde : oui").rect.center)
    assert scene.coached() == frozenset()
    check_screen(kiosk, scene)


def test_the_owners_setting_hides_the_coach(_data: Path) -> None:
    kiosk = make_kiosk()
    open_menu(kiosk)
    press(kiosk, "Réglages")
    press(kiosk, "Jamais")
    assert kiosk.settings.coach is False
    kiosk.draw()
    press(kiosk, "Proposé aux visiteurs")
    assert kiosk.settings.coach is True
    kiosk.settings = replace(kiosk.settings, coach=False)
    scene = open_setup(kiosk, entry("moulin"))
    seat_button(kiosk, scene, 1, "debutant")
    assert scene.coached() == frozenset() and scene.coach_buttons == {}
    assert not any("coach" in text.text for text in scene.texts)
    assert not any(":" in b.label for b in scene.buttons.buttons)
    check_screen(kiosk, scene)


@pytest.fixture
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("LUDOKIOSK_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


def test_a_saved_game_keeps_its_coached_seats(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    kiosk = kiosk_on(path)
    table = Table("moulin", (HUMAN, HUMAN), 3, frozenset({1}))
    scene = PlayScene(kiosk, entry("moulin"), table)
    kiosk.push(scene)
    scene.play(scene.state.legal_moves()[0])
    assert kiosk.records.running() is not None
    assert kiosk.records.running().coached == (1,)  # type: ignore[union-attr]
    kiosk.records.close()
    again = kiosk_on(path)
    resumed = again.keeper.resumable()
    assert resumed is not None and resumed[0].coached == {1} and len(resumed[1]) == 1


def test_a_game_saved_before_the_coach_still_loads(tmp_path: Path) -> None:
    """A file at the schema before the coach's column: migrated, its game resumed uncoached."""
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    for statement in MIGRATIONS[0]:
        db.execute(statement)
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO running (id, spec, controllers, seed, moves, started, saved)"
               " VALUES (1, 'moulin', '[\"humain\", \"debutant\"]', '4', '[\"a1\"]', 1.0, 2.0)")
    db.close()
    records = Records.open(path)
    saved = records.running()
    assert saved is not None and saved.moves == ("a1",) and saved.coached == ()
    records.close()
    kiosk = kiosk_on(path)
    resumed = kiosk.keeper.resumable()
    assert resumed is not None and resumed[0].coached == frozenset()
