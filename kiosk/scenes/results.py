"""Results: who won and why, the score, then play again or back to the menu.

When the coach helped persons in the game, each one's biggest mistakes (at most
:data:`kiosk.coach.MISTAKES_SHOWN`, the costliest first) are offered to be seen
again on the board, one button each (``kiosk.go.mistake``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from kiosk.catalog import Entry, seat_names, with_seat_names
from kiosk.coach import CoachNote, biggest_mistakes
from kiosk.mistakes import move_number
from kiosk.run import GameRun
from kiosk.scenes.base import ButtonScene
from kiosk.ui.text import blit_paragraph, blit_text, fit_size
from kiosk.ui.theme import CANVAS, PALETTE, seat_colours
from kiosk.ui.widgets import Button, ButtonRow, rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

MISTAKES_TOP = 460, 350
"""Where the mistakes begin in the dialog, below the scores or without them."""
MISTAKES_HEADING = 60
MISTAKE_ROW = 100
"""The line above the mistakes, and each person's row of them."""
NAMES = 230
"""The column of the persons' names, when several were coached."""


class ResultsScene(ButtonScene):
    name = "results"

    def __init__(self, kiosk: Kiosk, entry: Entry, run: GameRun) -> None:
        super().__init__(kiosk)
        self.entry = entry
        self.run = run
        self.below: pygame.Surface | None = None

    def enter(self) -> None:
        if self.below is None:  # not again when a mistake's replay closes over it
            self.below = self.kiosk.canvas.copy()
        self.buttons = ButtonRow()
        box = self.box()
        self._mistake_buttons(box)
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

    def mistakes(self) -> list[tuple[int, list[CoachNote]]]:
        """Each coached person's biggest mistakes (seat, notes), for those who made any."""
        found = []
        for seat in sorted(self.run.table.coached):
            notes = biggest_mistakes(self.run.coach_notes, seat)
            if notes:
                found.append((seat, notes))
        return found

    def named(self) -> bool:
        """Whether the rows of mistakes say whose they are (several persons coached)."""
        return len(self.run.table.coached) > 1

    def box(self) -> pygame.Rect:
        """The dialog: shorter when there is no row of scores to show, taller with the
        mistakes to see again, wider when they name their persons."""
        rows = len(self.mistakes())
        height = 640 if self.scored() else 500
        if rows:
            height = (MISTAKES_TOP[0] if self.scored() else MISTAKES_TOP[1]) + MISTAKES_HEADING \
                + rows * MISTAKE_ROW + 160
        rect = pygame.Rect(0, 0, 1300 if rows and self.named() else 1100, height)
        rect.center = (CANVAS[0] // 2, CANVAS[1] // 2)
        return rect

    def _mistakes_top(self, box: pygame.Rect) -> int:
        return box.y + (MISTAKES_TOP[0] if self.scored() else MISTAKES_TOP[1])

    def _mistake_buttons(self, box: pygame.Rect) -> None:
        """One button per mistake, a row per person, the costliest first."""
        y = self._mistakes_top(box) + MISTAKES_HEADING
        left = box.x + 60 + (NAMES if self.named() else 0)
        room = box.right - 60 - left
        for _, notes in self.mistakes():
            width = (room - 2 * 20) // 3
            x = left  # beside the person's name, or centred when no name is said
            if not self.named():
                x += (room - len(notes) * width - (len(notes) - 1) * 20) // 2
            for note in notes:
                number = move_number(self.run.states, note.index)
                self.buttons.add(
                    Button(
                        pygame.Rect(x, y, width, MISTAKE_ROW - 16),
                        self._("Revoir le coup {n}").format(n=number),
                        self._replay_action(note),
                        PALETTE.calm,
                        size=30,
                    )
                )
                x += width + 20
            y += MISTAKE_ROW

    def _replay_action(self, note: CoachNote):  # type: ignore[no-untyped-def]
        return lambda: self.kiosk.go.mistake(self.entry, self.run, note)

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
        self._draw_mistakes(canvas, box)
        self.buttons.draw(canvas)

    def _draw_mistakes(self, canvas: pygame.Surface, box: pygame.Rect) -> None:
        """The line above the mistakes' buttons, and whose each row is."""
        mistakes = self.mistakes()
        if not mistakes:
            return
        top = self._mistakes_top(box)
        heading = (
            self._("Les plus grosses erreurs de chacun, à revoir sur le plateau :")
            if self.named()
            else self._("Vos plus grosses erreurs, à revoir sur le plateau :")
        )
        width = box.width - 120
        blit_text(canvas, heading, (box.centerx, top + 6),
                  fit_size(heading, width, 32, "sans-bold"), PALETTE.ink, "sans-bold",
                  anchor="midtop")
        if not self.named():
            return
        names = seat_names(self.run.table.spec, self.kiosk.tr.lang)
        colours = seat_colours(self.run.game.players)
        y = top + MISTAKES_HEADING + (MISTAKE_ROW - 16) // 2
        for seat, _ in mistakes:
            name = names[seat] if seat < len(names) else self.run.game.players[seat]
            x = box.x + 60
            pygame.draw.circle(canvas, colours[seat], (x + 22, y), 22)
            pygame.draw.circle(canvas, PALETTE.ink, (x + 22, y), 22, 2)
            blit_text(canvas, name, (x + 56, y), fit_size(name, NAMES - 76, 32, "sans-bold"),
                      PALETTE.ink, "sans-bold", anchor="midleft")
            y += MISTAKE_ROW
