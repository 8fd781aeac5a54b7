"""Changer le code: the owners type a new code twice; it holds at once and is saved.

The new code is 4 to 8 digits and not the published default; it is saved as
``[admin] pin`` in the owners' settings file through
:func:`kiosk.scenes.admin.settings_page.apply_settings`, which notes the
change in the journal without the code itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from kiosk.scenes.admin.common import AdminScene
from kiosk.scenes.admin.pin import (
    MAX_DIGITS,
    MIN_DIGITS,
    WAIT_PANEL,
    add_keypad,
    after_key,
    is_code,
    typed,
)
from kiosk.scenes.admin.settings_page import apply_settings, published_pin
from kiosk.ui.text import blit_paragraph, blit_text
from kiosk.ui.theme import CANVAS, PALETTE
from kiosk.ui.widgets import rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk


class PinChangeScene(AdminScene):
    """Step one: the new code; step two: the same again. Then back, the code changed."""

    name = "admin-pin-change"

    def __init__(self, kiosk: Kiosk) -> None:
        super().__init__(kiosk)
        self.digits = ""
        self.first: str | None = None
        """The new code typed once, waiting for its confirmation."""
        self.problem = ""

    def heading(self) -> str:
        return self._("Changer le code")

    def subtitle(self) -> str:
        return self._("Le code qui ouvre l'écran des propriétaires")

    def back_label(self) -> str:
        return self._("Annuler")

    def layout(self) -> None:
        super().layout()
        add_keypad(self.buttons, self._key)

    def _key(self, key: str) -> Callable[[], None]:
        def action() -> None:
            self.problem = ""
            if key == "OK":
                self.submit()
            else:
                self.digits = after_key(self.digits, key)

        return action

    def submit(self) -> None:
        """Take the first typing, or compare the second one and change the code."""
        digits, self.digits = self.digits, ""
        if self.first is None:
            if not is_code(digits):
                self.problem = self._("Le code a de 4 à 8 chiffres")
            elif published_pin(digits):
                self.problem = self._("C'est le code publié : choisissez-en un autre")
            else:
                self.first = digits
            return
        if digits != self.first:
            self.first = None
            self.problem = self._("Les deux codes diffèrent : recommencez")
            return
        apply_settings(
            self.kiosk, replace(self.kiosk.settings, admin_pin=digits), touched=("admin_pin",)
        )
        self.kiosk.notify(self._("Code changé : le nouveau vaut dès maintenant"), seconds=6.0)
        self.kiosk.pop()

    def draw_content(self, canvas: pygame.Surface) -> None:
        blit_text(
            canvas,
            typed(self.digits),
            (CANVAS[0] // 2, 250),
            60,
            PALETTE.gold,
            "sans-bold",
            anchor="center",
        )
        if self.problem:
            blit_text(
                canvas,
                self.problem,
                (CANVAS[0] // 2, 300),
                30,
                PALETTE.warning,
                "sans-bold",
                anchor="center",
            )
        panel = WAIT_PANEL
        rounded_panel(canvas, panel, PALETTE.felt_dark, radius=26, shadow=0)
        steps = [
            self._("1. Tapez le nouveau code, puis OK"),
            self._("2. Tapez-le une seconde fois, puis OK"),
        ]
        now = 0 if self.first is None else 1
        y = panel.y + 36
        for i, text in enumerate(steps):
            colour = PALETTE.gold if i == now else PALETTE.ivory_dark
            box = pygame.Rect(panel.x + 36, y, panel.width - 72, 100)
            y += blit_paragraph(canvas, text, box, 32, colour, "sans-bold", spacing=1.2) + 24
        rule = self._("De {low} à {high} chiffres. Notez-le en lieu sûr.").format(
            low=MIN_DIGITS, high=MAX_DIGITS
        )
        box = pygame.Rect(panel.x + 36, y + 10, panel.width - 72, panel.bottom - y - 30)
        blit_paragraph(canvas, rule, box, 26, PALETTE.ivory_dark, spacing=1.3)
