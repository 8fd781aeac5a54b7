"""Restart or power off, after a confirmation: the kiosk's main loop does the rest."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from kiosk.scenes.admin.common import AdminScene
from kiosk.ui.text import blit_paragraph
from kiosk.ui.theme import CANVAS, PALETTE
from kiosk.ui.widgets import Button, rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

REQUESTS = ("restart", "poweroff")
PANEL = pygame.Rect(CANVAS[0] // 2 - 560, 280, 1120, 420)


class ConfirmPowerScene(AdminScene):
    """ "Redémarrer ?" or "Éteindre ?": yes sets ``kiosk.exit_request``, no goes back."""

    name = "admin-power"

    def __init__(self, kiosk: Kiosk, request: str) -> None:
        if request not in REQUESTS:
            raise ValueError(f"demande inconnue : {request!r} (attendu : {', '.join(REQUESTS)})")
        super().__init__(kiosk)
        self.request = request
        self.confirmed = False

    def heading(self) -> str:
        if self.request == "restart":
            return self._("Redémarrer la borne ?")
        return self._("Éteindre la borne ?")

    def layout(self) -> None:
        super().layout()
        self.buttons.clear()  # "Annuler" is the way back
        if self.confirmed:
            return
        yes = self._("Oui, redémarrer") if self.request == "restart" else self._("Oui, éteindre")
        half = (PANEL.width - 3 * 48) // 2
        colour = PALETTE.gold if self.request == "restart" else PALETTE.accent
        self.buttons.add(
            Button(
                pygame.Rect(PANEL.x + 48, PANEL.bottom - 160, half, 112),
                self._("Annuler"),
                self.back,
                PALETTE.ivory,
                size=38,
            )
        )
        self.buttons.add(
            Button(
                pygame.Rect(PANEL.x + 96 + half, PANEL.bottom - 160, half, 112),
                yes,
                self.confirm,
                colour,
                size=38,
            )
        )

    def confirm(self) -> None:
        """Ask the main loop to restart or power off; the screen says it is under way."""
        self.kiosk.exit_request = self.request
        self.confirmed = True
        self.layout()

    def explanation(self) -> str:
        if self.confirmed:
            if self.request == "restart":
                return self._("La borne redémarre…")
            return self._("La borne s'éteint… Attendez l'écran noir pour couper le courant.")
        if self.request == "restart":
            return self._("La borne se relance et revient à l'accueil en une minute environ.")
        return self._(
            "La borne s'arrête proprement. Pour la rallumer : coupez puis remettez le courant."
        )

    def draw_content(self, canvas: pygame.Surface) -> None:
        panel = PANEL if not self.confirmed else pygame.Rect(PANEL.x, PANEL.y, PANEL.width, 220)
        rounded_panel(canvas, panel, PALETTE.ivory, radius=28)
        box = pygame.Rect(panel.x + 48, panel.y + 48, panel.width - 96, 140)
        blit_paragraph(canvas, self.explanation(), box, 36, PALETTE.ink, "sans-bold", spacing=1.3)
