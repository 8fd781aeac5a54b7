"""Attract: machine-against-machine demonstrations cycling through the games.

Each demo shows the game's name, a one-line rule and the call to play in a
card beside the board, in the room its panels leave (:mod:`kiosk.scenes.room`),
never over a square; it runs until the game ends or for a while, then the next
game starts. Every third time, a lesson of the game plays itself instead. Any
touch goes home.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engines.caches import clear_caches
from kiosk.catalog import CATALOGUE
from kiosk.heap import trim
from kiosk.lessons.model import lessons_for
from kiosk.scenes.base import Scene
from kiosk.scenes.lesson import LessonScene
from kiosk.scenes.play import PlayScene
from kiosk.scenes.room import scene_room, taken, under
from kiosk.table import Table
from kiosk.touch import Phase, Pointer
from kiosk.ui.pictures import forget_pictures
from kiosk.ui.text import blit_text, fit_size, wrap
from kiosk.ui.theme import CANVAS, PALETTE
from kiosk.ui.widgets import rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

DEMO_SECONDS = 75.0
"""How long one game is shown before the next (unless it ends sooner)."""
DEMO_LEVEL = "joueur"
"""How well the machines play each other in the demonstrations."""
LESSON_EVERY = 3
"""One show in this many is a lesson (when the game has lessons)."""
LESSON_SECONDS = 150.0
CARD_SMALLEST = (320, 260)
"""The least room the caption card needs beside the board."""


class AttractScene(Scene):
    name = "attract"
    keeps_awake = True

    def __init__(self, kiosk: Kiosk, first: int | None = None) -> None:
        super().__init__(kiosk)
        self.order = [e for e in CATALOGUE if e.game_id in kiosk.settings.games] or list(CATALOGUE)
        self.index = (first if first is not None else int(kiosk.now) // 7) % len(self.order)
        self.demo: PlayScene | LessonScene | None = None
        self.shows = 0
        self.shows_finished = 0
        """Shows that reached their end (a game over, a lesson done) before the next began."""
        self.age = 0.0
        self.ended_for = 0.0
        self.card_rect: pygame.Rect | None = None
        """Where the caption card was last drawn."""
        self._drawn_demo: PlayScene | LessonScene | None = None

    def enter(self) -> None:
        if self.demo is None:
            self.start(self.index)

    def start(self, index: int) -> None:
        self.index = index % len(self.order)
        entry = self.order[self.index]
        self.demo = None
        forget_pictures()  # the last show's pictures go back to the system
        clear_caches()  # and the engines' memo tables
        trim()
        self.age = 0.0
        self.ended_for = 0.0
        self.shows += 1
        lessons = lessons_for(entry.game_id)
        if lessons and self.shows % LESSON_EVERY == 0:
            lesson = lessons[(self.shows // LESSON_EVERY) % len(lessons)]
            self.demo = LessonScene(self.kiosk, entry, lesson, demo=True)
            return
        from engines import find_game

        seats = len(find_game(entry.presets[0].spec).players)
        table = Table(
            entry.presets[0].spec, (DEMO_LEVEL,) * seats, seed=int(self.kiosk.now * 1000) % 100000
        )
        self.demo = PlayScene(self.kiosk, entry, table, demo=True)
        self.demo.demo_banner = False  # the caption card says it, beside the board

    def _over(self) -> bool:
        demo = self.demo
        if isinstance(demo, LessonScene):
            return demo.ended
        return demo is not None and demo.state.is_terminal()

    def update(self, dt: float) -> None:
        if self.demo is None:
            return
        self.age += dt
        self.demo.update(dt)
        if self._over():
            self.ended_for += dt
        limit = LESSON_SECONDS if isinstance(self.demo, LessonScene) else DEMO_SECONDS
        if self.ended_for > 4.0 or self.age > limit:
            if self._over():
                self.shows_finished += 1
            self.kiosk.worker.cancel_all()
            self.start(self.index + 1)

    def pointer(self, event: Pointer) -> None:
        if event.phase is Phase.UP:
            self.kiosk.worker.cancel_all()
            self.kiosk.home()

    def animating(self) -> bool:
        """A new show, or what its game or lesson animates (the caption card is still)."""
        demo = self.demo
        if demo is None:
            return False
        return demo is not self._drawn_demo or demo.animating()

    def damage(self) -> list[pygame.Rect] | None:
        """What its game or lesson says it changes (the caption card is drawn again over it)."""
        demo = self.demo
        if demo is None or demo is not self._drawn_demo:
            return None
        return demo.damage()

    def draw(self, canvas: pygame.Surface) -> None:
        self._drawn_demo = self.demo
        if self.demo is None:
            return
        self.demo.draw(canvas)
        if isinstance(self.demo, LessonScene):
            return
        self.card_rect = self.draw_card(canvas)

    def card_room(self) -> pygame.Rect:
        """Where the caption card goes: the room beside the board, or, on a table with
        none, the strip under the screen's middle (as a last resort)."""
        demo = self.demo
        if isinstance(demo, PlayScene):  # a demonstration's board leaves room under it
            room = under(demo.view.board_rect, taken(demo), smallest=CARD_SMALLEST, margin=8)
            if room is not None:
                return room
        room = scene_room(self.demo, smallest=CARD_SMALLEST)
        if room is not None:
            return room
        return pygame.Rect(CANVAS[0] // 2 - 460, CANVAS[1] - 300, 920, 280)

    def draw_card(self, canvas: pygame.Surface) -> pygame.Rect:
        """The game's name, its one-line rule and the call to play, in one card; its rect."""
        entry = self.order[self.index]
        room = self.card_room()
        width = min(room.width, 560)
        inner = width - 60
        name = self.pick(entry.name_fr, entry.name_en)
        name_size = fit_size(name, inner, 48, "serif-bold", smallest=30)
        call = self._("Touchez l'écran pour jouer")
        call_size = fit_size(call, inner, 28, "sans-bold", smallest=20)
        text = self.pick(entry.pitch_fr, entry.pitch_en)
        for size in (28, 26, 24, 22, 20):
            pitch, step = wrap(text, size, inner), round(size * 1.3)
            height = 30 + name_size + 20 + len(pitch) * step + 20 + call_size + 30
            if height <= room.height:
                break
        card = pygame.Rect(0, 0, width, min(height, room.height))
        card.center = room.center
        rounded_panel(canvas, card, PALETTE.felt_dark, radius=24, border=PALETTE.gold)
        y = card.y + 30
        blit_text(canvas, name, (card.centerx, y), name_size, PALETTE.gold, "serif-bold", "midtop")
        y += name_size + 20
        for line in pitch:
            blit_text(canvas, line, (card.centerx, y), size, PALETTE.ivory, anchor="midtop")
            y += step
        blit_text(
            canvas, call, (card.centerx, card.bottom - 30), call_size, PALETTE.ivory,
            "sans-bold", "midbottom",
        )
        return card
