"""The owners' delays: every default can be set back with the − and + buttons."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from kiosk.config import Settings
from kiosk.scenes.admin.settings_page import DELAYS, ROWS_Y, SettingsScene
from tests.kiosk.driver import make_kiosk, tap

DEFAULTS = Settings()


def press(scene: SettingsScene, row: int, label: str) -> bool:
    """Tap the − or + of the delay on ``row``; whether it could be pressed."""
    for button in scene.buttons.buttons:
        if button.label == label and button.rect.y == ROWS_Y[row] and button.rect.x > 1000:
            if not button.enabled:
                return False
            tap(scene.kiosk, button.rect.center)
            return True
    raise AssertionError(f"no {label} on row {row}")


@pytest.mark.parametrize("row", range(len(DELAYS)))
def test_every_delay_comes_back_to_its_default_from_below_and_from_above(row: int) -> None:
    delay = DELAYS[row]
    default = getattr(DEFAULTS, delay.field)
    assert delay.low <= default <= delay.high
    kiosk = make_kiosk()
    scene = SettingsScene(kiosk)
    kiosk.stack.push(scene)
    above = min(delay.high, round(default + 2.5 * delay.step, 1))  # off the steps, from a file
    for start, label in ((delay.low, "+"), (above, "−")):
        changes: dict[str, Any] = {delay.field: start}
        scene.apply(replace(kiosk.settings, **changes))
        seen = [getattr(kiosk.settings, delay.field)]
        while seen[-1] != default and press(scene, row, label):
            seen.append(getattr(kiosk.settings, delay.field))
        assert seen[-1] == default, f"{delay.field} from {start}: {seen}"
    assert press(scene, row, "+") and press(scene, row, "−")
    assert getattr(kiosk.settings, delay.field) == default, "one step up and back down"
