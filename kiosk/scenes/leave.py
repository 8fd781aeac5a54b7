"""Leaving a game is asked: "Menu" during a game opens this question over the board.

"Continuer la partie" goes back to the game; "Aller au menu" goes home, where
the game waits to be resumed until the idle timeout ends it (see
:class:`~kiosk.keeper.GameKeeper`). The physical back button answers "continue",
the physical menu button "go to the menu".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from kiosk.scenes.base import ButtonScene
from kiosk.ui.text import blit_paragraph, blit_text, fit_size, wrap
from kiosk.ui.theme import CANVAS, PALETTE
from kiosk.ui.widgets import Button, rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk
    from kiosk.scenes.base import Scene

WIDTH, PAD, GAP = 1100, 56, 36
BUTTON_H = 120
TITLE, BODY, BUTTON = 56, 32, 38


class LeaveGameScene(ButtonScene):
    """"Quitter la partie ?" over the game, with two big answers."""

    name = "leave-game"

    def __init__(self, kiosk: Kiosk, game: Scene) -> None:
        super().__init__(kiosk)
        self.game = game
        self._veil = pygame.Surface(CANVAS, pygame.SRCALPHA)
        self._veil.fill((0, 0, 0, 150))

    def enter(self) -> None:
        self.box = self._box()
        self.buttons.clear()
        half = (self.box.width - 3 * PAD) // 2
        y = self.box.bottom - PAD - BUTTON_H
        self.buttons.add(
            Button(
                pygame.Rect(self.box.x + PAD, y, half, BUTTON_H),
                self._("Continuer la partie"),
                self.stay,
                PALETTE.accent,
                size=BUTTON,
            )
        )
        self.buttons.add(
            Button(
                pygame.Rect(self.box.right - PAD - half, y, half, BUTTON_H),
                self._("Aller au menu"),
                self.go,
                PALETTE.ivory_dark,
                size=BUTTON,
            )
        )

    def title(self) -> str:
        return self._("Quitter la partie ?")

    def explanation(self) -> str:
        waits = self._("Elle vous attendra à l'accueil, prête à reprendre.")
        ends = self._("Si personne ne touche l'écran pendant {delay}, elle sera abandonnée.")
        return f"{waits}\n{ends.format(delay=self.delay())}"

    def delay(self) -> str:
        """The idle timeout in words: "90 secondes", "3 minutes"."""
        seconds = self.kiosk.settings.attract_after
        if seconds < 120:
            return self._("{n} secondes").format(n=round(seconds))
        return self._("{n} minutes").format(n=round(seconds / 60))

    def _box(self) -> pygame.Rect:
        text_w = WIDTH - 2 * PAD
        lines = len(wrap(self.explanation(), BODY, text_w))
        height = PAD + TITLE + 12 + GAP + lines * round(BODY * 1.3) + GAP + BUTTON_H + PAD
        box = pygame.Rect(0, 0, WIDTH, height)
        box.center = (CANVAS[0] // 2, CANVAS[1] // 2)
        return box

    def stay(self) -> None:
        """Back to the game, as it was."""
        self.kiosk.pop()

    def go(self) -> None:
        """Home: the game waits there."""
        self.kiosk.worker.cancel_all()
        self.kiosk.home()

    def draw(self, canvas: pygame.Surface) -> None:
        self.game.draw(canvas)
        canvas.blit(self._veil, (0, 0))
        box = self.box
        rounded_panel(canvas, box, PALETTE.ivory, radius=30, border=PALETTE.gold)
        title = self.title()
        size = fit_size(title, box.width - 2 * PAD, TITLE, "serif-bold", smallest=32)
        blit_text(
            canvas, title, (box.centerx, box.y + PAD), size, PALETTE.ink, "serif-bold",
            anchor="midtop",
        )
        top = box.y + PAD + TITLE + 12 + GAP
        bottom = self.buttons.buttons[0].rect.top - GAP
        text = pygame.Rect(box.x + PAD, top, box.width - 2 * PAD, bottom - top)
        blit_paragraph(
            canvas, self.explanation(), text, BODY, PALETTE.ink, spacing=1.3, align="center"
        )
        self.buttons.draw(canvas)
