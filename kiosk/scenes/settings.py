"""The owners' corner: a PIN pad, then language, sound, games, machine levels and rotation."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from kiosk.catalog import CATALOGUE
from kiosk.config import LEVELS
from kiosk.scenes.base import ButtonScene
from kiosk.scenes.chrome import draw_backdrop, draw_title
from kiosk.table import SHORT_LABELS
from kiosk.ui.text import blit_text
from kiosk.ui.theme import CANVAS, PALETTE
from kiosk.ui.widgets import Button, ButtonRow, rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk


class PinScene(ButtonScene):
    """Four to eight digits open the settings; visitors see only a keypad."""

    name = "pin"

    def __init__(self, kiosk: Kiosk) -> None:
        super().__init__(kiosk)
        self.digits = ""
        self.wrong = False

    def enter(self) -> None:
        self.buttons = ButtonRow()
        keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "OK"]
        for i, key in enumerate(keys):
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

    def _key(self, key: str):  # type: ignore[no-untyped-def]
        def action() -> None:
            self.wrong = False
            if key == "⌫":
                self.digits = self.digits[:-1]
            elif key == "OK":
                if self.digits == self.kiosk.settings.admin_pin:
                    self.kiosk.replace_top(SettingsScene(self.kiosk))
                else:
                    self.wrong = True
                    self.digits = ""
                    self.kiosk.sounds.play("error")
            elif len(self.digits) < 8:
                self.digits += key

        return action

    def draw(self, canvas: pygame.Surface) -> None:
        draw_backdrop(canvas)
        draw_title(canvas, self._("Réglages"), self._("Réservé aux propriétaires : entrez le code"))
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


class SettingsScene(ButtonScene):
    name = "settings"

    def enter(self) -> None:
        self.layout()

    def layout(self) -> None:
        s = self.kiosk.settings
        self.buttons = ButtonRow()
        add = self.buttons.add
        x0 = 420

        def row(y: int, choices: list[tuple[str, Any, bool]], width: int = 200) -> None:
            for i, (label, action, selected) in enumerate(choices):
                button = add(
                    Button(pygame.Rect(x0 + i * (width + 16), y, width, 80), label, action, size=28)
                )
                button.selected = selected

        row(
            170,
            [
                ("Français", self._set(language="fr"), s.language == "fr"),
                ("English", self._set(language="en"), s.language == "en"),
            ],
        )
        volume = round(s.volume * 10)
        row(
            270,
            [
                ("−", self._set(volume=max(0, volume - 1) / 10), False),
                (f"{volume * 10} %", lambda: None, False),
                ("+", self._set(volume=min(10, volume + 1) / 10), False),
                (
                    self._("Muet") if s.muted else self._("Son actif"),
                    self._set(muted=not s.muted),
                    s.muted,
                ),
            ],
            width=170,
        )
        row(
            370,
            [
                (self.pick(*SHORT_LABELS[level]), self._set(ai_level=level), s.ai_level == level)
                for level in LEVELS
            ],
        )
        row(
            470,
            [
                (f"{angle}°", self._set(rotation=angle), s.rotation == angle)
                for angle in (0, 90, 180, 270)
            ],
            width=150,
        )
        for i, game in enumerate(CATALOGUE):
            r, c = divmod(i, 4)
            rect = pygame.Rect(x0 + c * 350, 590 + r * 96, 334, 80)
            on = game.game_id in s.games
            button = add(
                Button(
                    rect, self.pick(game.name_fr, game.name_en), self._toggle(game.game_id), size=26
                )
            )
            button.selected = on
        add(
            Button(
                pygame.Rect(56, 950, 300, 100),
                self._("Terminé"),
                self.kiosk.home,
                PALETTE.accent,
                size=36,
            )
        )

    def _set(self, **changes: Any):  # type: ignore[no-untyped-def]
        def action() -> None:
            self.kiosk.update_settings(replace(self.kiosk.settings, **changes))
            self.layout()

        return action

    def _toggle(self, game_id: str):  # type: ignore[no-untyped-def]
        def action() -> None:
            games = list(self.kiosk.settings.games)
            if game_id in games and len(games) > 1:
                games.remove(game_id)
            elif game_id not in games:
                games.append(game_id)
            self.kiosk.update_settings(replace(self.kiosk.settings, games=tuple(games)))
            self.layout()

        return action

    def draw(self, canvas: pygame.Surface) -> None:
        draw_backdrop(canvas)
        draw_title(
            canvas,
            self._("Réglages"),
            self._("Touchez pour changer ; les changements valent tout de suite"),
        )
        labels = [
            (170, self._("Langue")),
            (270, self._("Volume")),
            (370, self._("Niveau proposé")),
            (470, self._("Rotation de l'écran")),
            (590, self._("Jeux proposés")),
        ]
        for y, text in labels:
            blit_text(canvas, text, (60, y + 40), 32, PALETTE.ivory, "sans-bold", anchor="midleft")
        info = pygame.Rect(1500, 170, 360, 280)
        rounded_panel(canvas, info, PALETTE.felt_dark, radius=20)
        files = ", ".join(p.name for p in self.kiosk.config_files) or "—"
        blit_text(
            canvas,
            self._("Fichier : {files}").format(files=files),
            (info.x + 20, info.y + 20),
            22,
            PALETTE.ivory_dark,
        )
        blit_text(
            canvas,
            self._("Erreurs rattrapées : {n}").format(n=self.kiosk.errors),
            (info.x + 20, info.y + 60),
            22,
            PALETTE.ivory_dark,
        )
        self.buttons.draw(canvas)
