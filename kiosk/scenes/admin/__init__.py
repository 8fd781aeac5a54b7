"""The owners' screens, reached by a hidden gesture and a PIN.

A long press on the home screen's title (:mod:`.gesture`) opens the PIN pad
(:mod:`.pin`), then the menu (:mod:`.menu`): settings that apply at once and
are saved (:mod:`.settings_page`), the touch test (:mod:`.touch_test`), the
sensor and LED tests of the physical board (:mod:`.sensor_test`,
:mod:`.led_test`), statistics drawn as charts
(:mod:`.stats`, :mod:`.charts`), the CSV export (:mod:`.export`), the event
log (:mod:`.journal`), and restart / power off (:mod:`.power`).
"""

from __future__ import annotations

from kiosk.scenes.admin.menu import AdminMenuScene
from kiosk.scenes.admin.pin import PinScene
from kiosk.scenes.admin.settings_page import SettingsScene

__all__ = ["AdminMenuScene", "PinScene", "SettingsScene"]
