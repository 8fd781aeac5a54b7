"""The PIN pad in front of the owners' screens (the code is ``[admin] pin``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from kiosk.scenes.base import ButtonScene
from kiosk.scenes.chrome import draw_backdrop, draw_title
from kiosk.ui.text import blit_text
from kiosk.ui.theme import CANVAS, PALETTE
from kiosk.ui.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "OK")
MAX_DIGITS = 8


class PinScene(ButtonScene):
    """Four to eight digits open the owners' menu; visitors see only a keypad."""

    name = "pin"

    def __init__(self, kiosk: Kiosk) -> None:
        super().__init__(kiosk)
        self.digits = ""
        self.wrong = False

    def enter(self) -> None:
        self.buttons = ButtonRow()
        for i, key in enumerate(KEYS):
            row, column = divmod(i, 3)
            rect = pygame.Rect(CANVAS[0] // 2 - 250 + column * 170, 330 + row * 150, 150, 130)
            self.buttons.add(Button(rect, key, self._key(key), PALETTE.ivory, size=48))
        self.buttons.add(
            Button(
                pygame.Rect(56, 950, 300, 100),
                self._("Retour"),
                self.kiosk.pop,
                PALETTE.ivory_dark,
                size=36,
            )
        )

    def _key(self, key: str) -> Callable[[], None]:
        def action() -> None:
            self.wrong = False
            if key == "⌫":
                self.digits = self.digits[:-1]
            elif key == "OK":
                self.submit()
            elif len(self.digits) < MAX_DIGITS:
                self.digits += key

        return action

    def submit(self) -> None:
        """The right code opens the menu; a wrong one is refused and cleared."""
        if self.digits == self.kiosk.settings.admin_pin:
            from kiosk.scenes.admin.menu import AdminMenuScene

            self.kiosk.replace_top(AdminMenuScene(self.kiosk))
        else:
            self.wrong = True
            self.digits = ""
            self.kiosk.sounds.play("error")

    def draw(self, canvas: pygame.Surface) -> None:
        draw_backdrop(canvas)
        draw_title(
            canvas, self._("Administration"), self._("Réservé aux propriétaires : entrez le code")
        )
        shown = "● " * len(self.digits) if self.digits else "—"
        blit_text(
            canvas,
            shown.strip(),
            (CANVAS[0] // 2, 250),
            60,
            PALETTE.gold,
            "sans-bold",
            anchor="center",
        )
        if self.wrong:
            blit_text(
                canvas,
                self._("Code erroné"),
                (CANVAS[0] // 2, 300),
                30,
                PALETTE.warning,
                "sans-bold",
                anchor="center",
            )
        self.buttons.draw(canvas)
