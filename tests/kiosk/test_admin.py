"""The owners' way in and their settings: the hidden gesture, the PIN, saved settings, power."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from kiosk import paths
from kiosk.config import SCHEMA, load_settings
from kiosk.runtime import Kiosk
from kiosk.scenes.admin.gesture import HOLD
from kiosk.scenes.admin.menu import AdminMenuScene
from kiosk.scenes.admin.pin import PinScene
from kiosk.scenes.admin.power import ConfirmPowerScene
from kiosk.scenes.admin.settings_page import DELAYS, ROWS_Y, SettingsScene
from kiosk.scenes.home import TITLE_AREA, HomeScene
from kiosk.settings_store import to_toml
from kiosk.touch import Phase, Pointer
from tests.kiosk.driver import make_kiosk, steps, tap


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test keeps its saved settings in its own data directory."""
    monkeypatch.setenv("LUDOKIOSK_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


def hold(kiosk: Kiosk, pos: tuple[float, float], seconds: float) -> None:
    """A finger down on ``pos`` for ``seconds`` (in kiosk steps), then lifted."""
    kiosk.pointer(Pointer(Phase.DOWN, pos[0], pos[1], 0))
    steps(kiosk, round(seconds * 60))
    kiosk.draw()
    kiosk.pointer(Pointer(Phase.UP, pos[0], pos[1], 0))


def press(kiosk: Kiosk, label: str, index: int = 0) -> None:
    """Tap the ``index``-th button of the top scene labelled ``label``."""
    scene: Any = kiosk.stack.top
    found = [b for b in scene.buttons.buttons if b.label == label]
    assert len(found) > index, (label, [b.label for b in scene.buttons.buttons])
    tap(kiosk, found[index].rect.center)


def type_pin(kiosk: Kiosk, digits: str) -> None:
    for digit in digits:
        press(kiosk, digit)
    press(kiosk, "OK")


def open_menu(kiosk: Kiosk) -> AdminMenuScene:
    hold(kiosk, TITLE_AREA.center, HOLD + 0.1)
    type_pin(kiosk, kiosk.settings.admin_pin)
    menu = kiosk.stack.top
    assert isinstance(menu, AdminMenuScene)
    kiosk.draw()
    return menu


# ---------------------------------------------------------------------- the way in


def test_visitors_see_no_owners_button() -> None:
    kiosk = make_kiosk()
    home = kiosk.stack.top
    assert isinstance(home, HomeScene)
    assert [b.label for b in home.buttons.buttons] == ["FR", "EN"]


def test_a_short_press_on_the_title_does_nothing() -> None:
    kiosk = make_kiosk()
    tap(kiosk, TITLE_AREA.center)
    hold(kiosk, TITLE_AREA.center, HOLD - 0.5)
    steps(kiosk, 240)
    assert isinstance(kiosk.stack.top, HomeScene)


def test_the_ring_shows_after_a_second_and_three_seconds_open_the_pin_pad() -> None:
    kiosk = make_kiosk()
    home = kiosk.stack.top
    assert isinstance(home, HomeScene)
    kiosk.pointer(Pointer(Phase.DOWN, *TITLE_AREA.center, 0))
    steps(kiosk, 50)
    assert home.owners.progress is None, "no ring during the first second"
    steps(kiosk, 70)
    assert home.owners.progress is not None and 0 < home.owners.progress < 1
    kiosk.draw()
    steps(kiosk, round((HOLD - 2.0) * 60) + 2)
    assert isinstance(kiosk.stack.top, PinScene)
    kiosk.pointer(Pointer(Phase.UP, *TITLE_AREA.center, 0))
    assert isinstance(kiosk.stack.top, PinScene)


def test_sliding_off_the_title_cancels_the_gesture() -> None:
    kiosk = make_kiosk()
    kiosk.pointer(Pointer(Phase.DOWN, *TITLE_AREA.center, 0))
    steps(kiosk, 90)
    kiosk.pointer(Pointer(Phase.MOVE, 900, 600, 0))
    steps(kiosk, 240)
    assert isinstance(kiosk.stack.top, HomeScene)


def test_a_wrong_pin_is_refused_and_the_right_one_opens_the_menu() -> None:
    kiosk = make_kiosk()
    hold(kiosk, TITLE_AREA.center, HOLD + 0.1)
    pad = kiosk.stack.top
    assert isinstance(pad, PinScene)
    type_pin(kiosk, "1111")
    assert kiosk.stack.top is pad and pad.wrong and pad.digits == ""
    kiosk.draw()
    type_pin(kiosk, "2468")
    assert isinstance(kiosk.stack.top, AdminMenuScene)
    press(kiosk, "Retour")
    assert isinstance(kiosk.stack.top, HomeScene) and len(kiosk.stack) == 1


def test_the_pin_comes_from_the_configuration(tmp_path: Path) -> None:
    config = tmp_path / "kiosk.toml"
    config.write_text('[admin]\npin = "97531"\n', encoding="utf-8")
    kiosk = make_kiosk(config)
    hold(kiosk, TITLE_AREA.center, HOLD + 0.1)
    type_pin(kiosk, "2468")
    assert isinstance(kiosk.stack.top, PinScene)
    type_pin(kiosk, "97531")
    assert isinstance(kiosk.stack.top, AdminMenuScene)


@pytest.mark.parametrize("code", ["²³²³", "١٢٣٤", "12 34", "123", "123456789", "12a4"])
def test_only_four_to_eight_ascii_digits_make_a_pin(tmp_path: Path, code: str) -> None:
    config = tmp_path / "kiosk.toml"
    config.write_text(f'[admin]\npin = "{code}"\n', encoding="utf-8")
    loaded = load_settings(config)
    assert loaded.settings.admin_pin == "2468"
    assert any("admin.pin" in problem.en for problem in loaded.problems)


def test_the_menu_speaks_english_when_the_kiosk_does() -> None:
    kiosk = make_kiosk()
    kiosk.set_language("en")
    menu = open_menu(kiosk)
    labels = {b.label for b in menu.buttons.buttons}
    assert {"Settings", "Sensor test", "LED test", "Statistics", "Restart", "Power off"} <= labels
    assert all(min(b.rect.size) >= 88 for b in menu.buttons.buttons)


# ---------------------------------------------------------------------- settings


def delay_button(scene: SettingsScene, row: int, label: str) -> tuple[int, int]:
    """The − or + of the delay on ``row`` (the right-hand column)."""
    for button in scene.buttons.buttons:
        if button.label == label and button.rect.y == ROWS_Y[row] and button.rect.x > 1000:
            return button.rect.center
    raise AssertionError(f"no {label} on row {row}")


def test_settings_apply_at_once_and_are_saved_for_the_next_start(_data: Path) -> None:
    kiosk = make_kiosk()
    open_menu(kiosk)
    press(kiosk, "Réglages")
    scene = kiosk.stack.top
    assert isinstance(scene, SettingsScene)
    kiosk.draw()
    tap(kiosk, delay_button(scene, 0, "+"))
    tap(kiosk, delay_button(scene, 0, "+"))
    tap(kiosk, delay_button(scene, 3, "−"))
    press(kiosk, "Tablut")
    press(kiosk, "Muet" if kiosk.settings.muted else "Son actif")
    press(kiosk, "180°")
    press(kiosk, "English")
    kiosk.draw()
    assert kiosk.settings.attract_after == 110
    assert kiosk.settings.demo_pause == 1.0
    assert "tablut" not in kiosk.settings.games
    assert kiosk.settings.muted and kiosk.settings.rotation == 180
    assert kiosk.tr.lang == "en", "the language applies at once"

    saved = paths.saved_settings_path()
    assert saved.parent == _data
    data = tomllib.loads(saved.read_text(encoding="utf-8"))
    assert data["timeouts"] == {"attract_after": 110, "demo_pause": 1}
    assert data["kiosk"]["language"] == "en" and data["kiosk"]["rotation"] == 180
    assert "tablut" not in data["kiosk"]["games"]
    assert data["sound"] == {"muted": True}
    assert "admin" not in data and "ai" not in data, "only what the owner changed"

    assert not list(_data.glob("*.tmp")), "the temporary file was put in place"
    again = load_settings()
    assert again.problems == ()
    assert saved in again.files
    assert again.settings == kiosk.settings


def test_the_visitors_language_switch_is_not_saved() -> None:
    kiosk = make_kiosk()
    press(kiosk, "EN")
    assert kiosk.tr.lang == "en"
    assert not paths.saved_settings_path().exists()


def test_an_owners_choice_is_saved_even_if_a_visitor_made_it_first() -> None:
    kiosk = make_kiosk()
    press(kiosk, "EN")
    kiosk.stack.push(SettingsScene(kiosk))
    press(kiosk, "English")
    data = tomllib.loads(paths.saved_settings_path().read_text(encoding="utf-8"))
    assert data == {"kiosk": {"language": "en"}}


def test_delays_stop_at_the_bounds_the_configuration_accepts() -> None:
    kiosk = make_kiosk()
    kiosk.stack.push(SettingsScene(kiosk))
    scene = kiosk.stack.top
    assert isinstance(scene, SettingsScene)
    for _ in range(25):
        tap(kiosk, delay_button(scene, 2, "+"))
    assert kiosk.settings.still_there_countdown == 120
    plus = next(b for b in scene.buttons.buttons if b.rect.center == delay_button(scene, 2, "+"))
    assert not plus.enabled
    for delay in DELAYS:
        table = SCHEMA["timeouts"]
        key = next(k for k, (name, _) in table.items() if name == delay.field)
        check = table[key][1]()
        assert check(delay.low) is None and check(delay.high) is None, delay


def test_a_bad_saved_value_is_named_and_ignored_key_by_key(_data: Path) -> None:
    saved = paths.saved_settings_path()
    saved.parent.mkdir(parents=True)
    saved.write_text(
        '[timeouts]\nattract_after = 5\ndemo_pause = 2.5\n[sound]\nvolume = "fort"\n',
        encoding="utf-8",
    )
    loaded = load_settings()
    texts = [str(p) for p in loaded.problems]
    assert any(str(saved) in t and "timeouts.attract_after" in t for t in texts), texts
    assert any(str(saved) in t and "sound.volume" in t for t in texts), texts
    assert loaded.settings.attract_after == 90, "the configured value stays"
    assert loaded.settings.demo_pause == 2.5, "the good key of the same file is kept"
    kiosk = make_kiosk()
    assert any("timeouts.attract_after" in n.text for n in kiosk.notices)


def test_a_broken_saved_file_is_reported_then_kept_aside_when_rewritten() -> None:
    saved = paths.saved_settings_path()
    saved.parent.mkdir(parents=True)
    saved.write_text("[timeouts\nattract_after = 100\n", encoding="utf-8")
    loaded = load_settings()
    assert any(str(saved) in str(p) and "TOML" in str(p) for p in loaded.problems)
    kiosk = make_kiosk()
    kiosk.stack.push(SettingsScene(kiosk))
    press(kiosk, "Expert")
    assert saved.with_name(saved.name + ".old").read_text(encoding="utf-8").startswith("[timeouts")
    assert tomllib.loads(saved.read_text(encoding="utf-8"))["ai"]["level"] == "expert"
    assert load_settings().problems == ()


def test_the_saved_file_can_be_left_out(tmp_path: Path) -> None:
    saved = paths.saved_settings_path()
    saved.parent.mkdir(parents=True)
    saved.write_text('[kiosk]\nlanguage = "en"\n', encoding="utf-8")
    assert load_settings().settings.language == "en"
    assert load_settings(saved=False).settings.language == "fr"
    other = tmp_path / "other.toml"
    other.write_text("[sound]\nmuted = true\n", encoding="utf-8")
    assert load_settings(saved=other).settings.muted


def test_the_toml_writer_reads_back() -> None:
    data: dict[str, dict[str, Any]] = {
        "kiosk": {"language": 'fr "quoted" \\ back\nline é', "games": ["a", "b"], "rotation": 90},
        "sound": {"volume": 0.35, "muted": False},
        "timeouts": {"attract_after": 90.0, "demo_pause": 1e-05},
    }
    text = to_toml(data, "# header\n")
    assert text.startswith("# header\n")
    back = tomllib.loads(text)
    assert back["kiosk"] == data["kiosk"]
    assert back["sound"] == data["sound"]
    assert back["timeouts"] == {"attract_after": 90, "demo_pause": 1e-05}


def test_an_unwritable_place_is_told_and_the_change_still_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("LUDOKIOSK_DATA", str(blocker))
    kiosk = make_kiosk()
    kiosk.stack.push(SettingsScene(kiosk))
    press(kiosk, "Expert")
    assert kiosk.settings.ai_level == "expert"
    assert any(n.warning and "pas enregistré" in n.text for n in kiosk.notices)


# ---------------------------------------------------------------------- restart, power off


@pytest.mark.parametrize(
    ("tile", "yes", "wanted"),
    [("Redémarrer", "Oui, redémarrer", "restart"), ("Éteindre", "Oui, éteindre", "poweroff")],
)
def test_restart_and_power_off_ask_first(tile: str, yes: str, wanted: str) -> None:
    kiosk = make_kiosk()
    menu = open_menu(kiosk)
    press(kiosk, tile)
    assert isinstance(kiosk.stack.top, ConfirmPowerScene)
    kiosk.draw()
    press(kiosk, "Annuler")
    assert kiosk.stack.top is menu and kiosk.exit_request is None
    press(kiosk, tile)
    press(kiosk, yes)
    assert kiosk.exit_request == wanted
    kiosk.draw()


def test_a_refused_power_off_is_logged_for_the_owners_and_the_kiosk_restarts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kiosk.app import obey_exit

    refusing = tmp_path / "systemctl"  # logind says no, as without the polkit rule
    refusing.write_text("#!/bin/sh\necho 'Access denied' >&2\nexit 1\n", encoding="utf-8")
    refusing.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    kiosk = make_kiosk()
    assert obey_exit("poweroff", kiosk) == 1
    kinds = [(kind, detail) for _, kind, detail in kiosk.records.events()]
    assert any(kind == "error" and "extinction impossible" in detail for kind, detail in kinds)
