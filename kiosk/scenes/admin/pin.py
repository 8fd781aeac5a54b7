"""The PIN pad in front of the owners' screens (the code is ``[admin] pin``).

Wrong codes in a row make the keypad wait (:mod:`kiosk.pin_guard`, kept by
the kiosk so that leaving the pad and coming back changes nothing); the wait
counts down on the screen with the keys greyed. Every wrong code, every wait
and every way in is written to the kiosk's journal.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from kiosk.config import valid_pin
from kiosk.scenes.base import ButtonScene
from kiosk.scenes.chrome import draw_backdrop, draw_title
from kiosk.ui.text import blit_paragraph, blit_text, fit_size
from kiosk.ui.theme import CANVAS, PALETTE
from kiosk.ui.widgets import Button, ButtonRow, rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "OK")
MIN_DIGITS = 4
MAX_DIGITS = 8
KEYPAD_LEFT = CANVAS[0] // 2 - 250
KEYPAD_TOP = 330
WAIT_PANEL = pygame.Rect(KEYPAD_LEFT + 3 * 170 + 60, KEYPAD_TOP, 600, 420)
"""Where the keypad's wait is told, right of the keys."""


def is_code(text: str) -> bool:
    """Whether ``text`` can be an owners' code: 4 to 8 ASCII digits ("²³²³" cannot)."""
    return valid_pin(text)


def after_key(digits: str, key: str) -> str:
    """The digits typed once ``key`` is pressed (⌫ takes one back; OK is the caller's)."""
    if key == "⌫":
        return digits[:-1]
    if key.isascii() and key.isdigit() and len(digits) < MAX_DIGITS:
        return digits + key
    return digits


def add_keypad(row: ButtonRow, action: Callable[[str], Callable[[], None]]) -> list[Button]:
    """The twelve keys (digits, ⌫, OK) added to ``row``; ``action(key)`` makes each one's."""
    keys = []
    for i, key in enumerate(KEYS):
        r, c = divmod(i, 3)
        rect = pygame.Rect(KEYPAD_LEFT + c * 170, KEYPAD_TOP + r * 150, 150, 130)
        keys.append(row.add(Button(rect, key, action(key), PALETTE.ivory, size=48)))
    return keys


def typed(digits: str) -> str:
    """The dots shown for what was typed (a dash when nothing)."""
    return ("● " * len(digits)).strip() if digits else "—"


def clock_text(seconds: float) -> str:
    """``14:59``, ``0:07``: a wait left, rounded up to the second."""
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


class PinScene(ButtonScene):
    """Four to eight digits open the owners' menu; visitors see only a keypad."""

    name = "pin"

    def __init__(self, kiosk: Kiosk) -> None:
        super().__init__(kiosk)
        self.digits = ""
        self.wrong = False
        self.short = False
        self.keys: list[Button] = []

    def enter(self) -> None:
        self.buttons = ButtonRow()
        self.keys = add_keypad(self.buttons, self._key)
        self.buttons.add(
            Button(
                pygame.Rect(56, 950, 300, 100),
                self._("Retour"),
                self.kiosk.pop,
                PALETTE.ivory_dark,
                size=36,
            )
        )
        self._grey_keys()

    @property
    def waiting(self) -> float:
        """Seconds the keypad still waits (0: the keys work)."""
        return float(self.kiosk.pin_guard.left(self.kiosk.now))

    def _grey_keys(self) -> None:
        free = not self.waiting
        for key in self.keys:
            key.enabled = free

    def update(self, dt: float) -> None:
        self._grey_keys()

    def _key(self, key: str) -> Callable[[], None]:
        def action() -> None:
            if self.waiting:
                return
            self.wrong = self.short = False
            if key == "OK":
                self.submit()
            else:
                self.digits = after_key(self.digits, key)

        return action

    def submit(self) -> None:
        """The right code opens the menu; a wrong one is refused, counted and noted.

        Fewer than four digits is no code: nothing is counted. A code typed
        while the keypad waits is not looked at.
        """
        kiosk = self.kiosk
        guard = kiosk.pin_guard
        if self.waiting or not self.digits:
            return
        if len(self.digits) < MIN_DIGITS:
            self.short = True
            self.digits = ""
            return
        pin = kiosk.settings.admin_pin
        if is_code(pin) and is_code(self.digits) and self.digits == pin:
            guard.accepted()
            kiosk.records.event("admin", "")
            kiosk.go.owners_menu()
            return
        delay = guard.refused(kiosk.now)
        kiosk.records.event("pin-wrong", str(guard.wrong))
        if delay:
            kiosk.records.event("pin-lockout", f"{delay:.0f}")
        self.wrong = True
        self.digits = ""
        kiosk.sounds.play("error")
        self._grey_keys()

    def draw(self, canvas: pygame.Surface) -> None:
        draw_backdrop(canvas)
        draw_title(
            canvas, self._("Administration"), self._("Réservé aux propriétaires : entrez le code")
        )
        blit_text(
            canvas,
            typed(self.digits),
            (CANVAS[0] // 2, 250),
            60,
            PALETTE.gold,
            "sans-bold",
            anchor="center",
        )
        message = ""
        if self.short:
            message = self._("Le code a de 4 à 8 chiffres")
        elif self.wrong:
            message = self._("Code erroné")
        if message:
            blit_text(
                canvas,
                message,
                (CANVAS[0] // 2, 300),
                30,
                PALETTE.warning,
                "sans-bold",
                anchor="center",
            )
        self.buttons.draw(canvas)
        left = self.waiting
        if left:
            self.draw_wait(canvas, left)

    def draw_wait(self, canvas: pygame.Surface, left: float) -> None:
        """The wait beside the greyed keys: why, and the time left counting down."""
        panel = WAIT_PANEL
        rounded_panel(canvas, panel, PALETTE.felt_dark, radius=26, shadow=0)
        title = self._("Clavier bloqué")
        size = fit_size(title, panel.width - 60, 44, "serif-bold")
        blit_text(
            canvas,
            title,
            (panel.centerx, panel.y + 40),
            size,
            PALETTE.warning,
            "serif-bold",
            anchor="midtop",
        )
        blit_text(
            canvas,
            clock_text(left),
            (panel.centerx, panel.y + 175),
            110,
            PALETTE.gold,
            "sans-bold",
            anchor="center",
        )
        why = self._("Trop de codes erronés de suite. Les touches reviennent à la fin du décompte.")
        box = pygame.Rect(panel.x + 36, panel.y + 265, panel.width - 72, panel.height - 290)
        blit_paragraph(canvas, why, box, 28, PALETTE.ivory_dark, spacing=1.3, align="center")
