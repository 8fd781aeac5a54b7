"""Results: who won and why, the score, then play again or back to the menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from kiosk.catalog import Entry, seat_names, with_seat_names
from kiosk.run import GameRun
from kiosk.scenes.base import ButtonScene
from kiosk.ui.text import blit_paragraph, blit_text
from kiosk.ui.theme import CANVAS, PALETTE, seat_colours
from kiosk.ui.widgets import Button, ButtonRow, rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk


class ResultsScene(ButtonScene):
    name = "results"

    def __init__(self, kiosk: Kiosk, entry: Entry, run: GameRun) -> None:
        super().__init__(kiosk)
        self.entry = entry
        self.run = run
        self.below: pygame.Surface | None = None

    def enter(self) -> None:
        self.below = self.kiosk.canvas.copy()
        self.buttons = ButtonRow()
        box = self.box()
        self.buttons.add(
            Button(
                pygame.Rect(box.x + 60, box.bottom - 140, 340, 100),
                self._("Rejouer"),
                self._again,
                PALETTE.accent,
                size=40,
            )
        )
        self.buttons.add(
            Button(
                pygame.Rect(box.right - 400, box.bottom - 140, 340, 100),
                self._("Menu"),
                self.kiosk.home,
                PALETTE.ivory_dark,
                size=40,
            )
        )

    def scored(self) -> bool:
        """Whether the outcome has scores to show (a row of seats and numbers)."""
        outcome = self.run.state.outcome()
        return outcome is not None and bool(outcome.scores)

    def box(self) -> pygame.Rect:
        """The dialog: shorter when there is no row of scores to show."""
        rect = pygame.Rect(0, 0, 1100, 640 if self.scored() else 500)
        rect.center = (CANVAS[0] // 2, CANVAS[1] // 2)
        return rect

    def _again(self) -> None:
        table = self.run.table
        fresh = type(table)(table.spec, table.controllers, table.seed + 1)
        self.kiosk.go.play_again(self.entry, fresh)

    def headline(self) -> str:
        outcome = self.run.state.outcome()
        if outcome is None:
            return ""
        if outcome.is_draw:
            return self._("Partie nulle")
        names = seat_names(self.run.table.spec, self.kiosk.tr.lang)
        players = list(self.run.game.players)
        winners = [
            names[players.index(w)] if players.index(w) < len(names) else w for w in outcome.winners
        ]
        return self._("Victoire : {who} !").format(who=" & ".join(winners))

    def draw(self, canvas: pygame.Surface) -> None:
        if self.below is not None:
            canvas.blit(self.below, (0, 0))
        veil = pygame.Surface(CANVAS, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 140))
        canvas.blit(veil, (0, 0))
        box = self.box()
        rounded_panel(canvas, box, PALETTE.ivory, radius=34, border=PALETTE.gold)
        outcome = self.run.state.outcome()
        blit_text(
            canvas,
            self.headline(),
            (box.centerx, box.y + 50),
            68,
            PALETTE.accent_dark,
            "serif-bold",
            anchor="midtop",
        )
        if outcome is not None:
            lang = self.kiosk.tr.lang
            reason = with_seat_names(
                outcome.reason_in(lang), self.run.game.id, self.run.game.players, lang
            )
            blit_paragraph(
                canvas,
                reason[:1].upper() + reason[1:],
                pygame.Rect(box.x + 60, box.y + 160, box.width - 120, 130),
                34,
                PALETTE.ink,
                align="center",
            )
            colours = seat_colours(self.run.game.players)
            if outcome.scores:
                x = box.centerx - 90 * len(self.run.game.players)
                for seat, player in enumerate(self.run.game.players):
                    score = outcome.score(player)
                    if score is None:
                        continue
                    pygame.draw.circle(canvas, colours[seat], (x + 40, box.y + 340), 30)
                    pygame.draw.circle(canvas, PALETTE.ink, (x + 40, box.y + 340), 30, 2)
                    blit_text(
                        canvas,
                        f"{score:g}",
                        (x + 84, box.y + 340),
                        44,
                        PALETTE.ink,
                        "sans-bold",
                        anchor="midleft",
                    )
                    x += 180
        moves = max(1, len(self.run.moves))
        blit_text(
            canvas,
            (self._("{n} coups joués") if moves > 1 else self._("1 coup joué")).format(n=moves),
            (box.centerx, box.y + (410 if self.scored() else 300)),
            26,
            PALETTE.accent_dark,
            anchor="midtop",
        )
        self.buttons.draw(canvas)
