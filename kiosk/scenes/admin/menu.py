"""The owners' menu: one large tile per task, and a line on the kiosk's state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from kiosk.scenes.admin.common import BACK, AdminScene
from kiosk.scenes.admin.export import ExportScene
from kiosk.scenes.admin.journal import JournalScene
from kiosk.scenes.admin.led_test import LedTestScene
from kiosk.scenes.admin.pin_change import PinChangeScene
from kiosk.scenes.admin.power import ConfirmPowerScene
from kiosk.scenes.admin.sensor_test import SensorTestScene
from kiosk.scenes.admin.settings_page import SettingsScene, published_pin
from kiosk.scenes.admin.stats import StatsScene
from kiosk.scenes.admin.touch_test import TouchTestScene
from kiosk.ui.text import blit_paragraph, blit_text, fit_size
from kiosk.ui.theme import CANVAS, PALETTE, contrast
from kiosk.ui.widgets import Button, rounded_panel

if TYPE_CHECKING:
    from kiosk.scenes.base import Scene

COLUMNS = 4
TILE_W, TILE_H, GAP = 431, 220, 28
TOP = 165
STATUS = pygame.Rect(
    (CANVAS[0] - COLUMNS * TILE_W - (COLUMNS - 1) * GAP) // 2,
    TOP + 2 * (TILE_H + GAP),
    3 * TILE_W + 2 * GAP,
    TILE_H,
)
"""The kiosk at a glance: the last row, beside the last tile (Éteindre)."""
PIN_WARNING = pygame.Rect(BACK.right + 40, BACK.y, CANVAS[0] - 56 - BACK.right - 40, BACK.height)
"""Where the menu says the code is still the published one (it opens the change)."""


@dataclass
class Tile(Button):
    """A menu button with a line of explanation under its name."""

    detail: str = ""

    def draw(self, surface: pygame.Surface) -> None:
        colour = self.colour if self.enabled else (150, 146, 138)
        rect = self.rect.move(0, 3) if self.pressed else self.rect
        rounded_panel(surface, rect, colour, radius=26, shadow=0 if self.pressed else 8)
        ink = contrast(colour)
        size = fit_size(self.label, rect.width - 48, 42, "serif-bold")
        blit_text(surface, self.label, (rect.x + 28, rect.y + 30), size, ink, "serif-bold")
        box = pygame.Rect(rect.x + 28, rect.y + 30 + size + 22, rect.width - 56, 90)
        blit_paragraph(surface, self.detail, box, 24, ink, spacing=1.2)


@dataclass
class WarningBar(Button):
    """A warning on two lines; touching it does what it asks."""

    detail: str = ""

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect.move(0, 3) if self.pressed else self.rect
        rounded_panel(surface, rect, self.colour, radius=20, shadow=0 if self.pressed else 6)
        ink = contrast(self.colour)
        width = rect.width - 56
        size = min(fit_size(self.label, width, 30, "sans-bold"), 30)
        blit_text(surface, self.label, (rect.x + 28, rect.y + 14), size, ink, "sans-bold")
        size = min(fit_size(self.detail, width, 26, "sans"), 26)
        place = (rect.x + 28, rect.bottom - 14)
        blit_text(surface, self.detail, place, size, ink, anchor="bottomleft")


class AdminMenuScene(AdminScene):
    """Settings, the touch and board tests, statistics, export, log, restart and power off."""

    name = "admin-menu"

    _status_shown: list[str] | None = None

    def heading(self) -> str:
        return self._("Administration")

    def subtitle(self) -> str:
        return self._("Réservé aux propriétaires — les visiteurs ne voient pas cet écran")

    def back(self) -> None:
        self.kiosk.home()

    def layout(self) -> None:
        super().layout()
        tiles: list[tuple[str, str, Callable[[], None], tuple[int, int, int]]] = [
            (
                self._("Réglages"),
                self._("Jeux, langue, son, rotation, niveaux, délais"),
                self._open(SettingsScene),
                PALETTE.ivory,
            ),
            (
                self._("Test du tactile"),
                self._("Des cibles aux coins et aux bords, une zone de dessin"),
                self._open(TouchTestScene),
                PALETTE.ivory,
            ),
            (
                self._("Test des capteurs"),
                self._("Chaque case du plateau, en direct"),
                self._open(SensorTestScene),
                PALETTE.ivory,
            ),
            (
                self._("Test des LED"),
                self._("Couleurs, chenillard, clignotement"),
                self._open(LedTestScene),
                PALETTE.ivory,
            ),
            (
                self._("Statistiques"),
                self._("Parties par jour, par jeu, contre la machine"),
                self._open(StatsScene),
                PALETTE.ivory_dark,
            ),
            (
                self._("Exporter (CSV)"),
                self._("Les parties dans un tableur, sur clé USB si elle est branchée"),
                self._open(ExportScene),
                PALETTE.ivory_dark,
            ),
            (
                self._("Journal"),
                self._("Les derniers événements de la borne"),
                self._open(JournalScene),
                PALETTE.ivory_dark,
            ),
            (
                self._("Redémarrer"),
                self._("Relancer la borne (après confirmation)"),
                self._power("restart"),
                PALETTE.gold,
            ),
            (
                self._("Éteindre"),
                self._("Arrêter la borne avant de couper le courant"),
                self._power("poweroff"),
                PALETTE.accent,
            ),
        ]
        left = STATUS.x
        places = [divmod(i, COLUMNS) for i in range(2 * COLUMNS)] + [(2, COLUMNS - 1)]
        for (row, column), (label, detail, action, colour) in zip(places, tiles, strict=True):
            rect = pygame.Rect(
                left + column * (TILE_W + GAP), TOP + row * (TILE_H + GAP), TILE_W, TILE_H
            )
            self.buttons.add(Tile(rect, label, action, colour, detail=detail))
        if published_pin(self.kiosk.settings.admin_pin):
            warning = self._(
                "Le code est encore celui publié par défaut : n'importe qui peut ouvrir cet écran"
            )
            how = self._("Touchez ici pour le changer (ou Réglages, puis « Changer le code »)")
            self.buttons.add(
                WarningBar(
                    PIN_WARNING, warning, self._open(PinChangeScene), PALETTE.warning, detail=how
                )
            )

    def _open(self, scene: type[Scene]) -> Callable[[], None]:
        def action() -> None:
            self.kiosk.push(scene(self.kiosk))

        return action

    def _power(self, request: str) -> Callable[[], None]:
        def action() -> None:
            self.kiosk.push(ConfirmPowerScene(self.kiosk, request))

        return action

    def draw_content(self, canvas: pygame.Surface) -> None:
        rounded_panel(canvas, STATUS, PALETTE.felt_dark, radius=26, shadow=0)
        y = STATUS.y + 24
        self._status_shown = self.status_lines()
        for line in self._status_shown:
            size = fit_size(line, STATUS.width - 48, 26, "sans")
            blit_text(canvas, line, (STATUS.x + 24, y), size, PALETTE.ivory_dark)
            y += 44
        if published_pin(self.kiosk.settings.admin_pin):
            return  # the warning takes the hint's place
        hint = self._("Touchez « Retour » pour revenir à l'accueil des visiteurs")
        blit_text(
            canvas,
            hint,
            (BACK.right + 40, BACK.centery),
            26,
            PALETTE.ivory_dark,
            anchor="midleft",
        )

    def animating(self) -> bool:
        """Still, unless the board, the records or the errors changed what it says."""
        return self.status_lines() != self._status_shown

    def status_lines(self) -> list[str]:
        """The kiosk at a glance: board, records, errors, configuration files."""
        board = self.kiosk.hardware.board
        if board is None:
            board_line = self._("Plateau : aucun")
        elif board.connected and board.rows:
            board_line = self._("Plateau : connecté ({rows} × {cols})").format(
                rows=board.rows, cols=board.cols
            )
        else:
            board_line = self._("Plateau : non connecté")
        records = self.records
        if records is None:
            records_line = self._("Registre des parties : aucun")
        elif getattr(records, "problem", None):
            records_line = self.pick(*records.problem)
        else:
            records_line = self._("Registre des parties : en ordre")
        files = ", ".join(p.name for p in self.kiosk.config_files) or "—"
        return [
            board_line,
            records_line,
            self._("Incidents surmontés depuis le démarrage : {n}").format(n=self.kiosk.errors),
            self._("Réglages de l'installation : {files}").format(files=files),
        ]
