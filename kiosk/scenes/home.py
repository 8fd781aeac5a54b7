"""Home: a card per game and the language switch.

A game left for the menu waits in the first card, "Reprendre la partie", until
it is resumed, replaced by a new game or ended by the idle timeout.

The owners' way in is hidden: holding a finger on the title for three seconds
(a ring fills after the first second) opens the PIN pad.
"""

from __future__ import annotations

import pygame

from kiosk.catalog import CATALOGUE, Entry, entry
from kiosk.illustration import illustration
from kiosk.run import GameRun
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
        self.waiting: GameRun | None = self.kiosk.keeper.suspended()
        """The game left for the menu, offered back in the first card."""
        self.buttons = ButtonRow()
        first = 1 if self.waiting is not None else 0
        slots = first + len(self.entries)
        rows = max(1, -(-slots // COLUMNS))
        width = (CANVAS[0] - 2 * MARGIN_X - (COLUMNS - 1) * GAP) // COLUMNS
        height = min(300, (CANVAS[1] - TOP - 40 - (rows - 1) * GAP) // rows)
        rects = []
        for i in range(slots):
            row, column = divmod(i, COLUMNS)
            rects.append(
                pygame.Rect(
                    MARGIN_X + column * (width + GAP), TOP + row * (height + GAP), width, height
                )
            )
        self.resume_card: pygame.Rect | None = rects[0] if first else None
        self.cards: list[tuple[pygame.Rect, Entry]] = list(
            zip(rects[first:], self.entries, strict=True)
        )
        for button in language_buttons(self.kiosk, self.enter):
            self.buttons.add(button)
        self.pressed: pygame.Rect | None = None
        self.owners = LongPress(TITLE_AREA)

    def _owners(self) -> None:
        self.kiosk.go.owners_pin()

    def update(self, dt: float) -> None:
        if self.owners.update(dt):
            self._owners()

    def animating(self) -> bool:
        """Only the owners' ring fills by itself, while a finger holds the title."""
        return self.owners.held is not None

    def pointer(self, event: Pointer) -> None:
        if event.phase is Phase.DOWN:
            if self.buttons.press(event.pos) or self.owners.down(event.pos):
                return
            rects = [r for r, _ in self.cards]
            if self.resume_card is not None:
                rects.append(self.resume_card)
            self.pressed = next((r for r in rects if r.collidepoint(event.pos)), None)
        elif event.phase is Phase.MOVE:
            self.owners.move(event.pos)
        elif event.phase is Phase.UP:
            if self.buttons.release(event.pos) or self.owners.up():
                return
            for rect, game in self.cards:
                if rect is self.pressed and rect.collidepoint(event.pos):
                    self.open(game)
            card = self.resume_card
            if card is not None and card is self.pressed and card.collidepoint(event.pos):
                self.resume_game()
            self.pressed = None

    def open(self, game: Entry) -> None:
        self.kiosk.sounds.play("move")
        self.kiosk.go.setup(game)

    def resume_game(self) -> None:
        """Back into the game left for the menu, as it was."""
        run = self.waiting
        if run is None or run is not self.kiosk.keeper.suspended():
            self.enter()
            return
        self.kiosk.sounds.play("move")
        self.kiosk.go.back_to_game(entry(run.game.id), run)

    def draw(self, canvas: pygame.Surface) -> None:
        draw_backdrop(canvas)
        call = (
            self._("Reprenez votre partie ou choisissez un jeu")
            if self.waiting is not None
            else self._("Choisissez un jeu — touchez une carte")
        )
        draw_title(canvas, self._("Ludogîte"), call)
        card, waiting = self.resume_card, self.waiting
        if card is not None and waiting is not None:
            self.draw_resume(canvas, card, waiting, pressed=self.pressed is card)
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
        picture = illustration(
            game.presets[0].spec, (card.width - 24, picture_height), self.kiosk.tr.lang
        )
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

    def draw_resume(
        self, canvas: pygame.Surface, rect: pygame.Rect, run: GameRun, pressed: bool
    ) -> None:
        """The waiting game: its board, how far it went, its name and "Reprendre"."""
        card = rect.move(0, 4) if pressed else rect
        rounded_panel(canvas, card, PALETTE.ivory, radius=24, shadow=0 if pressed else 8)
        pygame.draw.rect(canvas, PALETTE.gold, card, 6, border_radius=24)
        button = pygame.Rect(card.x + 18, 0, card.width - 36, min(76, card.height // 4))
        button.bottom = card.bottom - 18
        text_top = button.top - 12 - 36 - 6 - 24
        band = pygame.Rect(card.x + 10, card.y + 10, card.width - 20, text_top - 12 - card.y - 10)
        if band.height >= 40:
            pygame.draw.rect(canvas, PALETTE.felt, band, border_radius=18)
            picture = illustration(
                run.table.spec, (band.width - 16, band.height - 8), self.kiosk.tr.lang
            )
            canvas.blit(picture, picture.get_rect(center=band.center))
        decisions = sum(1 for state in run.states[:-1] if not state.is_chance_node())
        played = (
            self._("Partie en cours · 1 coup joué")
            if decisions == 1
            else self._("Partie en cours · {n} coups joués").format(n=decisions)
        )
        size = fit_size(played, card.width - 36, 24, "sans-bold")
        blit_text(canvas, played, (card.x + 18, text_top), size, PALETTE.accent_dark, "sans-bold")
        game = entry(run.game.id)
        name = self.pick(game.name_fr, game.name_en)
        size = fit_size(name, card.width - 36, 34, "serif-bold")
        blit_text(canvas, name, (card.x + 18, text_top + 30), size, PALETTE.ink, "serif-bold")
        rounded_panel(canvas, button, PALETTE.accent, radius=20, shadow=0)
        label = self._("Reprendre la partie")
        size = fit_size(label, button.width - 24, 32, "sans-bold")
        blit_text(canvas, label, button.center, size, PALETTE.ivory, "sans-bold", anchor="center")
