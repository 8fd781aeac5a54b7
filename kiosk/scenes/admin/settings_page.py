"""Réglages: games, language, sound, machine level, rotation, the delays and the code.

Every touch applies at once (:meth:`kiosk.runtime.Kiosk.update_settings`) and
is saved (:func:`kiosk.settings_store.save_changes`), so a restart keeps it.
A card that cannot be written is told on the screen; the change still holds
until the kiosk stops. Every change goes to the kiosk's journal (the code's
value never does). "Changer le code" opens :mod:`kiosk.scenes.admin.pin_change`.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from kiosk.catalog import CATALOGUE
from kiosk.config import LEVELS, PROPOSED_LEVELS, Settings
from kiosk.scenes.admin.common import BACK, AdminScene
from kiosk.settings_store import changed_keys, save_changes, values_of
from kiosk.table import SHORT_LABELS
from kiosk.ui.text import blit_text, fit_size
from kiosk.ui.theme import CANVAS, PALETTE
from kiosk.ui.widgets import Button, rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

log = logging.getLogger(__name__)

ROW_H = 80
ROWS_Y = (150, 240, 330, 420)
COACH_Y = 510
"""The coach's row, under the rotation's."""
LEFT_X = 400
"""Where the left column's buttons start (its labels are at the margin)."""
RIGHT_X = 1010
"""Where the delays column's labels may start."""
GAMES_Y = 620
GAMES_PITCH = 90
CODE_BUTTON = pygame.Rect(CANVAS[0] - 56 - 330, BACK.y, 330, BACK.height)
""""Changer le code", right of the line saying where changes are saved."""
HIDDEN = "••••"
"""What the journal notes for a new code."""


@dataclass(frozen=True)
class Delay:
    """One of the timeouts: its field, its − / + step and its bounds (those of the config)."""

    field: str
    step: float
    low: float
    high: float


DELAYS = (
    Delay("attract_after", 10, 10, 3600),
    Delay("still_there_after", 30, 20, 3600),
    Delay("still_there_countdown", 5, 5, 120),
    Delay("demo_pause", 0.2, 0, 10),
)


def stepped(delay: Delay, value: float, direction: int) -> float:
    """The next multiple of the step above (``1``) or below (``-1``) ``value``, kept within
    the bounds. Every default is such a multiple, so it can always be set back, whatever
    bound or odd value (from a file) the owner starts from."""
    steps = value / delay.step
    count = math.floor(steps + 1e-6) + 1 if direction > 0 else math.ceil(steps - 1e-6) - 1
    return max(delay.low, min(delay.high, round(count * delay.step, 1)))


def journal_entry(old: Settings, new: Settings) -> str:
    """The journal's detail for a change: ``{"table.key": value}`` JSON, the code hidden."""
    changes = {
        f"{table}.{key}": HIDDEN if (table, key) == ("admin", "pin") else value
        for table, values in values_of(new, changed_keys(old, new)).items()
        for key, value in values.items()
    }
    return json.dumps(changes, ensure_ascii=False) if changes else ""


def apply_settings(kiosk: Kiosk, new: Settings, touched: Iterable[str] = ()) -> Path | None:
    """Use ``new`` at once, note what changed in the journal and save it (with ``touched``).

    The file written, if any; a card that cannot be written is told on the
    screen and the change holds until the kiosk stops.
    """
    old = kiosk.settings
    kiosk.update_settings(new)
    entry = journal_entry(old, new)
    if entry:
        kiosk.records.event("settings", entry)
    try:
        return save_changes(old, new, touched=touched)
    except OSError as error:
        log.error("réglages non enregistrés : %s", error)
        kiosk.notify(
            kiosk.tr("Réglage appliqué, mais pas enregistré : {error}").format(
                error=error.strerror or error
            ),
            seconds=8.0,
            warning=True,
        )
        return None


class SettingsScene(AdminScene):
    """Touch to change; the change holds at once and is written to the saved settings."""

    name = "settings"

    def __init__(self, kiosk: Kiosk) -> None:
        super().__init__(kiosk)
        self.saved_to: Path | None = None

    def heading(self) -> str:
        return self._("Réglages")

    def subtitle(self) -> str:
        return self._("Touchez pour changer ; les changements valent tout de suite")

    def back_label(self) -> str:
        return self._("Terminé")

    # ------------------------------------------------------------------ layout

    def layout(self) -> None:
        super().layout()
        s = self.kiosk.settings
        self._row(
            ROWS_Y[0],
            [
                ("Français", self._set(language="fr"), s.language == "fr", 200),
                ("English", self._set(language="en"), s.language == "en", 200),
            ],
        )
        volume = round(s.volume * 10)
        self._row(
            ROWS_Y[1],
            [
                ("−", self._set(volume=max(0, volume - 1) / 10), False, 100),
                (f"{volume * 10} %", _nothing, False, 150),
                ("+", self._set(volume=min(10, volume + 1) / 10), False, 100),
                (
                    self._("Muet") if s.muted else self._("Son actif"),
                    self._set(muted=not s.muted),
                    s.muted,
                    230,
                ),
            ],
        )
        self._row(
            ROWS_Y[2],
            [
                (self.pick(*SHORT_LABELS[level]), self._level(level), s.ai_level == level, 200)
                for level in PROPOSED_LEVELS
            ],
        )
        self._row(
            COACH_Y,
            [
                (self._("Proposé aux visiteurs"), self._set(coach=True), s.coach, 330),
                (self._("Jamais"), self._set(coach=False), not s.coach, 200),
            ],
        )
        self._row(
            ROWS_Y[3],
            [
                (f"{angle}°", self._set(rotation=angle), s.rotation == angle, 140)
                for angle in (0, 90, 180, 270)
            ],
        )
        for y, delay in zip(ROWS_Y, DELAYS, strict=True):
            value = getattr(s, delay.field)
            x = CANVAS[0] - 56 - (88 + 10 + 160 + 10 + 88)
            minus = self.buttons.add(
                Button(pygame.Rect(x, y, 88, ROW_H), "−", self._delay(delay, -1), size=40)
            )
            minus.enabled = value > delay.low
            self.buttons.add(
                Button(pygame.Rect(x + 98, y, 160, ROW_H), self.seconds(value), _nothing, size=30)
            )
            plus = self.buttons.add(
                Button(pygame.Rect(x + 268, y, 88, ROW_H), "+", self._delay(delay, 1), size=40)
            )
            plus.enabled = value < delay.high
        for i, game in enumerate(CATALOGUE):
            r, c = divmod(i, 4)
            rect = pygame.Rect(LEFT_X + c * 350, GAMES_Y + r * GAMES_PITCH, 334, ROW_H)
            button = self.buttons.add(
                Button(
                    rect, self.pick(game.name_fr, game.name_en), self._toggle(game.game_id), size=28
                )
            )
            button.selected = game.game_id in s.games
        self.buttons.add(
            Button(
                CODE_BUTTON,
                self._("Changer le code"),
                self._change_code,
                PALETTE.warning if published_pin(s.admin_pin) else PALETTE.ivory,
                size=30,
            )
        )

    def _change_code(self) -> None:
        self.kiosk.go.pin_change()

    def _row(self, y: int, choices: list[tuple[str, Callable[[], None], bool, int]]) -> None:
        x = LEFT_X
        for label, action, selected, width in choices:
            size = 40 if label in ("−", "+") else 30
            button = self.buttons.add(
                Button(pygame.Rect(x, y, width, ROW_H), label, action, size=size)
            )
            button.selected = selected
            x += width + 12

    def seconds(self, value: float) -> str:
        """``90 s``, ``1,2 s`` (a decimal comma in French)."""
        text = f"{value:g} s"
        return text if self.kiosk.tr.lang == "en" else text.replace(".", ",")

    # ------------------------------------------------------------------ changes

    def apply(self, new: Settings, touched: Iterable[str] = ()) -> None:
        """Use ``new`` at once and save what changed (and the ``touched`` fields)."""
        written = apply_settings(self.kiosk, new, touched)
        if written is not None:
            self.saved_to = written
        self.layout()

    def _set(self, **changes: Any) -> Callable[[], None]:
        def action() -> None:
            self.apply(replace(self.kiosk.settings, **changes), touched=changes)

        return action

    def _level(self, level: str) -> Callable[[], None]:
        def action() -> None:
            s = self.kiosk.settings
            levels = tuple(x for x in LEVELS if x in s.ai_levels or x == level)
            self.apply(replace(s, ai_level=level, ai_levels=levels), touched=("ai_level",))

        return action

    def _delay(self, delay: Delay, direction: int) -> Callable[[], None]:
        def action() -> None:
            s = self.kiosk.settings
            changes: dict[str, Any] = {
                delay.field: stepped(delay, getattr(s, delay.field), direction)
            }
            self.apply(replace(s, **changes))

        return action

    def _toggle(self, game_id: str) -> Callable[[], None]:
        def action() -> None:
            games = list(self.kiosk.settings.games)
            if game_id in games and len(games) > 1:
                games.remove(game_id)
            elif game_id not in games:
                games.append(game_id)
            self.apply(replace(self.kiosk.settings, games=tuple(games)))

        return action

    # ------------------------------------------------------------------ drawing

    def draw_content(self, canvas: pygame.Surface) -> None:
        labels = [
            (ROWS_Y[0], self._("Langue")),
            (ROWS_Y[1], self._("Volume")),
            (ROWS_Y[2], self._("Niveau proposé")),
            (ROWS_Y[3], self._("Rotation de l'écran")),
            (COACH_Y, self._("Le coach")),
            (GAMES_Y, self._("Jeux proposés")),
        ]
        size = min(fit_size(text, LEFT_X - 80, 30, "sans-bold") for _, text in labels)
        for y, text in labels:
            blit_text(
                canvas,
                text,
                (60, y + ROW_H // 2),
                size,
                PALETTE.ivory,
                "sans-bold",
                anchor="midleft",
            )
        delays = [
            self._("Démonstration après"),
            self._("« Toujours là ? » après"),
            self._("Compte à rebours"),
            self._("Pause des démonstrations"),
        ]
        right = CANVAS[0] - 56 - (88 + 10 + 160 + 10 + 88) - 24
        size = min(fit_size(text, right - RIGHT_X, 30, "sans-bold") for text in delays)
        for y, text in zip(ROWS_Y, delays, strict=True):
            blit_text(
                canvas,
                text,
                (right, y + ROW_H // 2),
                size,
                PALETTE.ivory,
                "sans-bold",
                anchor="midright",
            )
        left = BACK.right + 40
        info = pygame.Rect(left, BACK.y, CODE_BUTTON.x - 24 - left, BACK.height)
        rounded_panel(canvas, info, PALETTE.felt_dark, radius=20, shadow=0)
        files = ", ".join(p.name for p in self.kiosk.config_files) or "—"
        lines = [
            self._("Vos changements sont enregistrés : ils restent après un redémarrage"),
            self._("Réglages de l'installation : {files}").format(files=files)
            + "   ·   "
            + self._("Incidents surmontés depuis le démarrage : {n}").format(n=self.kiosk.errors),
        ]
        for i, line in enumerate(lines):
            size = fit_size(line, info.width - 40, 24, "sans")
            blit_text(canvas, line, (info.x + 20, info.y + 18 + i * 38), size, PALETTE.ivory_dark)


def published_pin(pin: str) -> bool:
    """Whether ``pin`` is the code every copy of the kiosk ships with."""
    return pin == Settings().admin_pin


def _nothing() -> None:
    """A button that only shows a value."""
