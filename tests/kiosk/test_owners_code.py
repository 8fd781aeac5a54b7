"""The published code flagged on the owners' menu and changed on screen; settings changes
noted in the journal. A real kiosk, its real saved-settings file and records."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from kiosk import paths
from kiosk.config import Settings, load_settings
from kiosk.runtime import Kiosk
from kiosk.scenes.admin.gesture import HOLD
from kiosk.scenes.admin.menu import PIN_WARNING, AdminMenuScene, WarningBar
from kiosk.scenes.admin.pin import PinScene
from kiosk.scenes.admin.pin_change import PinChangeScene
from kiosk.scenes.admin.settings_page import SettingsScene
from kiosk.scenes.home import TITLE_AREA, HomeScene
from kiosk.ui.theme import PALETTE
from tests.kiosk.driver import make_kiosk, tap
from tests.kiosk.test_admin import hold, open_menu, press


def journal(kiosk: Kiosk, kind: str) -> list[str]:
    return [detail for _, k, detail in reversed(kiosk.records.events(1000)) if k == kind]


def type_on(kiosk: Kiosk, digits: str) -> None:
    for digit in digits:
        press(kiosk, digit)
    press(kiosk, "OK")


def warning(scene: Any) -> WarningBar | None:
    bars = [b for b in scene.buttons.buttons if isinstance(b, WarningBar)]
    return bars[0] if bars else None


def saved_pin() -> Any:
    with paths.saved_settings_path().open("rb") as handle:
        return tomllib.load(handle)["admin"]["pin"]


def test_the_published_code_is_flagged_until_changed_on_screen() -> None:
    assert Settings().admin_pin == "2468"
    kiosk = make_kiosk()
    menu = open_menu(kiosk)
    assert journal(kiosk, "admin") == [""]
    bar = warning(menu)
    assert bar is not None and bar.rect == PIN_WARNING and bar.colour == PALETTE.warning
    assert "publié" in bar.label and "Changer le code" in bar.detail
    tap(kiosk, bar.rect.center)
    change = kiosk.stack.top
    assert isinstance(change, PinChangeScene)
    kiosk.draw()
    type_on(kiosk, "1357")
    assert change.first == "1357" and kiosk.settings.admin_pin == "2468"
    kiosk.draw()
    type_on(kiosk, "1357")
    assert kiosk.stack.top is menu, "back on the menu once the code is changed"
    assert kiosk.settings.admin_pin == "1357"
    assert saved_pin() == "1357"
    assert journal(kiosk, "settings") == [json.dumps({"admin.pin": "••••"}, ensure_ascii=False)]
    assert not any("1357" in d for _, _, d in kiosk.records.events(1000)), "the code in the journal"
    assert warning(menu) is None, "the warning outlives the change"
    kiosk.draw()
    press(kiosk, "Retour")
    assert isinstance(kiosk.stack.top, HomeScene)
    hold(kiosk, TITLE_AREA.center, HOLD + 0.1)
    pad = kiosk.stack.top
    assert isinstance(pad, PinScene)
    type_on(kiosk, "2468")
    assert kiosk.stack.top is pad, "the published code still opens the menu"
    type_on(kiosk, "1357")
    assert isinstance(kiosk.stack.top, AdminMenuScene)
    again = load_settings()  # the next start reads the owners' file
    assert again.settings.admin_pin == "1357"


def test_the_new_code_is_typed_twice_and_must_be_a_code() -> None:
    kiosk = make_kiosk()
    open_menu(kiosk)
    press(kiosk, "Réglages")
    settings = kiosk.stack.top
    assert isinstance(settings, SettingsScene)
    (button,) = [b for b in settings.buttons.buttons if b.label == "Changer le code"]
    assert button.colour == PALETTE.warning
    tap(kiosk, button.rect.center)
    change = kiosk.stack.top
    assert isinstance(change, PinChangeScene)
    type_on(kiosk, "123")
    assert change.first is None and "4 à 8" in change.problem
    type_on(kiosk, "2468")
    assert change.first is None and "publié" in change.problem
    type_on(kiosk, "24680")
    assert change.first == "24680"
    type_on(kiosk, "24681")
    assert change.first is None and "diffèrent" in change.problem
    kiosk.draw()
    for digit in "123456789":
        press(kiosk, digit)
    assert change.digits == "12345678", "more than eight digits"
    press(kiosk, "⌫")
    assert change.digits == "1234567"
    press(kiosk, "Annuler")
    assert kiosk.stack.top is settings
    assert kiosk.settings.admin_pin == "2468" and journal(kiosk, "settings") == []
    assert not paths.saved_settings_path().exists()


def test_settings_changes_go_to_the_journal() -> None:
    kiosk = make_kiosk()
    open_menu(kiosk)
    press(kiosk, "Réglages")
    press(kiosk, "Français")  # already French: nothing changes, nothing noted
    assert journal(kiosk, "settings") == []
    press(kiosk, "+")  # the volume, 70 % -> 80 %
    press(kiosk, "English")
    assert [json.loads(d) for d in journal(kiosk, "settings")] == [
        {"sound.volume": 0.8},
        {"kiosk.language": "en"},
    ]
    kiosk.draw()


def test_a_code_that_cannot_be_saved_holds_until_the_kiosk_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("a file where the data directory should be")
    monkeypatch.setenv("LUDOKIOSK_DATA", str(blocked))
    kiosk = make_kiosk()
    open_menu(kiosk)
    press(kiosk, "Réglages")
    press(kiosk, "Changer le code")
    type_on(kiosk, "97531")
    type_on(kiosk, "97531")
    assert isinstance(kiosk.stack.top, SettingsScene)
    assert kiosk.settings.admin_pin == "97531"
    assert journal(kiosk, "settings") == [json.dumps({"admin.pin": "••••"}, ensure_ascii=False)]
    assert any(n.warning and "pas enregistré" in n.text for n in kiosk.notices)
    kiosk.draw()
