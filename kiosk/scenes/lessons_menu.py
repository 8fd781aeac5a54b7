"""The lessons of one game: a card each, with what the visitor already followed."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame

from kiosk.catalog import Entry
from kiosk.lessons.model import Lesson, lessons_for
from kiosk.scenes.base import Scene
from kiosk.scenes.chrome import draw_backdrop, draw_title
from kiosk.touch import Phase, Pointer
from kiosk.ui.text import blit_paragraph, blit_text, fit_size, wrap
from kiosk.ui.theme import CANVAS, PALETTE
from kiosk.ui.widgets import Button, ButtonRow, rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

MARGIN_X, TOP, GAP = 56, 170, 22
BOTTOM = CANVAS[1] - 150
PREVIEW = 20
"""Size of a card's first lines of its lesson."""
TABS_FROM = 12
"""More lessons than this: one tab per variant."""


def _variant(lesson: Lesson) -> str:
    return lesson.spec.split(",")[0]


class LessonMenuScene(Scene):
    name = "lessons"

    def __init__(self, kiosk: Kiosk, entry: Entry) -> None:
        super().__init__(kiosk)
        self.entry = entry
        self.all_lessons = lessons_for(entry.game_id)
        self.variants = list(dict.fromkeys(_variant(x) for x in self.all_lessons))
        if len(self.all_lessons) <= TABS_FROM:
            self.variants = [""]
        self.variant = self.variants[0]
        self.cards: list[tuple[pygame.Rect, Lesson]] = []
        self.pressed: pygame.Rect | None = None
        self.buttons = ButtonRow()

    @property
    def lessons(self) -> list[Lesson]:
        """The lessons of the chosen variant (all of them when the game has one)."""
        return [x for x in self.all_lessons if self.variant in ("", _variant(x))]

    def _pick_variant(self, variant: str):  # type: ignore[no-untyped-def]
        def action() -> None:
            self.variant = variant
            self.enter()

        return action

    def enter(self) -> None:
        suggested = self.suggested()
        if suggested is not None and self.variant and _variant(suggested) in self.variants:
            self.variant = self.variant if self.cards else _variant(suggested)
        count = max(1, len(self.lessons))
        columns = 2 if count <= 6 else 3 if count <= 12 else 4
        rows = -(-count // columns)
        width = (CANVAS[0] - 2 * MARGIN_X - (columns - 1) * GAP) // columns
        height = min(176, (BOTTOM - TOP - (rows - 1) * GAP) // rows)
        self.cards = []
        for i, lesson in enumerate(self.lessons):
            row, column = divmod(i, columns)
            rect = pygame.Rect(
                MARGIN_X + column * (width + GAP), TOP + row * (height + GAP), width, height
            )
            self.cards.append((rect, lesson))
        self.buttons = ButtonRow()
        if len(self.variants) > 1:
            for i, variant in enumerate(self.variants):
                x = CANVAS[0] - MARGIN_X - (len(self.variants) - i) * 340 + 20
                rect = pygame.Rect(x, 36, 320, 92)
                tab = Button(rect, self._variant_name(variant), self._pick_variant(variant),
                             PALETTE.ivory, size=28)
                tab.selected = variant == self.variant
                self.buttons.add(tab)
        self.buttons.add(
            Button(
                pygame.Rect(MARGIN_X, CANVAS[1] - 126, 240, 96),
                self._("Retour"),
                self.kiosk.pop,
                PALETTE.ivory_dark,
            )
        )

    def open(self, lesson: Lesson) -> None:
        self.kiosk.sounds.play("move")
        self.kiosk.go.lesson(self.entry, lesson)

    def suggested(self) -> Lesson | None:
        """The first lesson not yet followed to its end."""
        progress = self.kiosk.lesson_progress
        return next((x for x in self.all_lessons if not progress.is_done(x.game, x.id)), None)

    def pointer(self, event: Pointer) -> None:
        if event.phase is Phase.DOWN:
            if self.buttons.press(event.pos):
                return
            self.pressed = next((r for r, _ in self.cards if r.collidepoint(event.pos)), None)
        elif event.phase is Phase.UP:
            if self.buttons.release(event.pos):
                return
            for rect, lesson in self.cards:
                if rect is self.pressed and rect.collidepoint(event.pos):
                    self.open(lesson)
            self.pressed = None

    def draw(self, canvas: pygame.Surface) -> None:
        draw_backdrop(canvas)
        name = self.pick(self.entry.name_fr, self.entry.name_en)
        done = sum(self.kiosk.lesson_progress.is_done(x.game, x.id) for x in self.all_lessons)
        draw_title(
            canvas,
            self._("Apprendre : {game}").format(game=name),
            self._("Touchez une leçon. Leçons suivies : {done} sur {total}").format(
                done=done, total=len(self.all_lessons)
            ),
        )
        suggested = self.suggested()
        for number, (rect, lesson) in enumerate(self.cards, start=1):
            self._card(canvas, rect, lesson, number, lesson is suggested)
        self.buttons.draw(canvas)

    def _card(
        self, canvas: pygame.Surface, rect: pygame.Rect, lesson: Lesson, number: int, next_up: bool
    ) -> None:
        card = rect.move(0, 4) if rect is self.pressed else rect
        progress = self.kiosk.lesson_progress
        finished = progress.is_done(lesson.game, lesson.id)
        rounded_panel(
            canvas, card, PALETTE.ivory, radius=22, shadow=0 if rect is self.pressed else 7,
            border=PALETTE.accent if next_up else None,
        )
        badge = (card.x + 50, card.y + 50)
        pygame.draw.circle(canvas, PALETTE.legal if finished else PALETTE.felt, badge, 30)
        if finished:
            pygame.draw.lines(
                canvas, PALETTE.ink, False,
                [(badge[0] - 13, badge[1]), (badge[0] - 3, badge[1] + 11),
                 (badge[0] + 15, badge[1] - 11)], 6,
            )
        else:
            blit_text(canvas, str(number), badge, 30, PALETTE.ivory, "sans-bold", "center")
        x, width = card.x + 100, card.width - 124
        title = self.card_title(lesson)
        room = card.height - 70
        size = 32
        while size > 20 and (
            len(lines := wrap(title, size, width, "serif-bold")) > 2
            or len(lines) * round(size * 1.15) > room
        ):
            size -= 2
        y = card.y + 20
        for line in wrap(title, size, width, "serif-bold")[:2]:
            blit_text(canvas, line, (x, y), size, PALETTE.ink, "serif-bold")
            y += round(size * 1.15)
        preview = self.pick(*lesson.steps[0].text)
        box = pygame.Rect(x, y + 4, width, card.bottom - 60 - y)
        if box.height >= round(PREVIEW * 1.15):  # room for a line at least
            blit_paragraph(
                canvas, preview, box, PREVIEW, (110, 96, 80), spacing=1.15,
                excerpt=True,  # the lesson shows it whole
            )
        line = self.card_line(lesson)
        blit_text(
            canvas, line, (x, card.bottom - 22), fit_size(line, width, 22, "sans-bold"),
            PALETTE.accent_dark, "sans-bold", "bottomleft",
        )

    def card_title(self, lesson: Lesson) -> str:
        """A lesson's title; under a variant's tab without the variant named after it
        in brackets ("Assaut (Boissière)" under the "Renaissance" tab is "Assaut")."""
        title = self.pick(*lesson.title)
        if self.variant:
            return re.sub(r"\s*\([^()]*\)$", "", title) or title
        return title

    def card_line(self, lesson: Lesson) -> str:
        """The line under a card: how far the visitor got, after the variant it teaches
        when that is not the game's usual one (and no tab says it already)."""
        progress = self.kiosk.lesson_progress
        seen = progress.steps_seen(lesson.game, lesson.id)
        steps = len(lesson.steps)
        if progress.is_done(lesson.game, lesson.id):
            state = self._("Terminée")
        elif seen:
            state = self._("Étape {n} sur {total}").format(n=min(seen, steps), total=steps)
        else:
            state = self._("{n} étapes").format(n=steps)
        usual = self.entry.presets[0].variant_spec
        if self.variant or _variant(lesson) == usual:
            return state
        return f"{self._variant_name(_variant(lesson))} · {state}"

    def _variant_name(self, variant: str) -> str:
        """A variant's short name: its first preset's label, before any colon."""
        return self.entry.variant_label(variant, self.kiosk.tr.lang)
