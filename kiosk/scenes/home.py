"""Home: a card per game and the language switch.

The owners' way in is hidden: holding a finger on the title for three seconds
(a ring fills after the first second) opens the PIN pad.
"""

from __future__ import annotations

import pygame

from kiosk.catalog import CATALOGUE, Entry
from kiosk.illustration import illustration
from kiosk.scenes.admin.gesture import LongPress
from kiosk.scenes.base import Scene
from kiosk.scenes.chrome import draw_backdrop, draw_title, language_buttons
from kiosk.touch import Phase, Pointer
from kiosk.ui.text import blit_paragraph, blit_text, fit_size
from kiosk.ui.theme import CANVAS, PALETTE
from kiosk.ui.widgets import ButtonRow, rounded_panel

COLUMNS = 4
MARGIN_X, TOP, GAP = 56, 140, 24
TITLE_AREA = pygame.Rect(40, 16, 420, 110)
"""The title "Ludogîte": a long press there opens the owners' PIN pad."""
RING_CENTRE = (TITLE_AREA.right + 50, 68)


class HomeScene(Scene):
    name = "home"

    def enter(self) -> None:
        self.entries = [e for e in CATALOGUE if e.game_id in self.kiosk.settings.games]
        self.buttons = ButtonRow()
        rows = max(1, -(-len(self.entries) // COLUMNS))
        width = (CANVAS[0] - 2 * MARGIN_X - (COLUMNS - 1) * GAP) // COLUMNS
        height = min(300, (CANVAS[1] - TOP - 40 - (rows - 1) * GAP) // rows)
        self.cards: list[tuple[pygame.Rect, Entry]] = []
        for i, game in enumerate(self.entries):
            row, column = divmod(i, COLUMNS)
            rect = pygame.Rect(
                MARGIN_X + column * (width + GAP), TOP + row * (height + GAP), width, height
            )
            self.cards.append((rect, game))
        for button in language_buttons(self.kiosk, self.enter):
            self.buttons.add(button)
        self.pressed: pygame.Rect | None = None
        self.owners = LongPress(TITLE_AREA)

    def _owners(self) -> None:
        from kiosk.scenes.admin.pin import PinScene

        self.kiosk.push(PinScene(self.kiosk))

    def update(self, dt: float) -> None:
        if self.owners.update(dt):
            self._owners()

    def pointer(self, event: Pointer) -> None:
        if event.phase is Phase.DOWN:
            if self.buttons.press(event.pos) or self.owners.down(event.pos):
                return
            self.pressed = next((r for r, _ in self.cards if r.collidepoint(event.pos)), None)
        elif event.phase is Phase.MOVE:
            self.owners.move(event.pos)
        elif event.phase is Phase.UP:
            if self.buttons.release(event.pos) or self.owners.up():
                return
            for rect, game in self.cards:
                if rect is self.pressed and rect.collidepoint(event.pos):
                    self.open(game)
            self.pressed = None

    def open(self, game: Entry) -> None:
        from kiosk.scenes.setup import SetupScene

        self.kiosk.sounds.play("move")
        self.kiosk.push(SetupScene(self.kiosk, game))

    def draw(self, canvas: pygame.Surface) -> None:
        draw_backdrop(canvas)
        draw_title(canvas, self._("Ludogîte"), self._("Choisissez un jeu — touchez une carte"))
        for rect, game in self.cards:
            self.draw_card(canvas, rect, game, pressed=rect is self.pressed)
        self.buttons.draw(canvas)
        self.owners.draw(canvas, RING_CENTRE)

    def draw_card(
        self, canvas: pygame.Surface, rect: pygame.Rect, game: Entry, pressed: bool
    ) -> None:
        card = rect.move(0, 4) if pressed else rect
        rounded_panel(canvas, card, PALETTE.ivory, radius=24, shadow=0 if pressed else 8)
        picture_height = card.height * 36 // 100
        picture = illustration(game.presets[0].spec, (card.width - 24, picture_height))
        band = pygame.Rect(card.x + 8, card.y + 8, card.width - 16, picture_height + 8)
        pygame.draw.rect(canvas, PALETTE.felt, band, border_radius=18)
        canvas.blit(picture, (card.x + 12, card.y + 12))
        name = self.pick(game.name_fr, game.name_en)
        y = card.y + picture_height + 24
        size = fit_size(name, card.width - 36, 34, "serif-bold")
        blit_text(canvas, name, (card.x + 18, y), size, PALETTE.ink, "serif-bold")
        low, high = game.players
        players = f"{low}" if low == high else f"{low}–{high}"
        meta = self._("{players} joueurs · {low}–{high} min · dès {age} ans").format(
            players=players, low=game.minutes[0], high=game.minutes[1], age=game.age
        )
        meta_size = fit_size(meta, card.width - 36, 22, "sans-bold")
        blit_text(
            canvas, meta, (card.x + 18, y + size + 8), meta_size, PALETTE.accent_dark, "sans-bold"
        )
        top = y + size + 38
        pitch = pygame.Rect(card.x + 18, top, card.width - 36, card.bottom - top - 6)
        blit_paragraph(
            canvas, self.pick(game.pitch_fr, game.pitch_en), pitch, 20, PALETTE.ink, spacing=1.2
        )
