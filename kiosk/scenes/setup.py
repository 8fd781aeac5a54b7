"""Setup: the variant as a preset, a person or a machine per seat, then play."""

from __future__ import annotations

import random

import pygame

from engines import find_game
from kiosk.catalog import Entry, Preset, presets_for, seat_names
from kiosk.illustration import illustration
from kiosk.lessons.model import lessons_for
from kiosk.scenes.base import ButtonScene
from kiosk.scenes.chrome import draw_backdrop, draw_title
from kiosk.table import CONTROLLERS, HUMAN, SHORT_LABELS, Table
from kiosk.ui.text import blit_paragraph, blit_text
from kiosk.ui.theme import CANVAS, PALETTE, seat_colours
from kiosk.ui.widgets import Button, ButtonRow, rounded_panel

LEFT = pygame.Rect(56, 160, 700, 880)
RIGHT_X = 800


class SetupScene(ButtonScene):
    name = "setup"

    def __init__(self, kiosk: object, entry: Entry) -> None:
        super().__init__(kiosk)  # type: ignore[arg-type]
        self.entry = entry
        self.preset: Preset = entry.presets[0]
        self.players = len(find_game(self.preset.spec).players)
        default = self.kiosk.settings.ai_level
        self.controllers: list[str] = []
        self._default_level = default

    def enter(self) -> None:
        self._fit_seats()
        self.layout()

    @property
    def spec(self) -> str:
        """The chosen preset's spec, with the player count where it is chosen apart."""
        if self.entry.seats_apart:
            for preset in presets_for(self.entry.game_id, self.players):
                if preset.label_fr == self.preset.label_fr:
                    return preset.spec
        return self.preset.spec

    def _fit_seats(self) -> None:
        seats = len(find_game(self.spec).players)
        while len(self.controllers) < seats:
            self.controllers.append(HUMAN if not self.controllers else self._default_level)
        del self.controllers[seats:]

    def layout(self) -> None:
        self.buttons = ButtonRow()
        presets = self.entry.presets
        columns = 3 if len(presets) > 6 else 2
        width = (CANVAS[0] - RIGHT_X - 56 - (columns - 1) * 16) // columns
        height = 72 if len(presets) > 6 else 84
        y0 = 220
        for i, preset in enumerate(presets):
            row, column = divmod(i, columns)
            rect = pygame.Rect(
                RIGHT_X + column * (width + 16), y0 + row * (height + 14), width, height
            )
            button = Button(
                rect, self.pick(preset.label_fr, preset.label_en), self._choose(preset), size=28
            )
            button.selected = preset is self.preset
            self.buttons.add(button)
        rows = -(-len(presets) // columns)
        self.detail_y = y0 + rows * (height + 14) + 4
        self.seats_y = self.detail_y + 110
        game = find_game(self.spec)
        self.colours = seat_colours(game.players)
        if self.entry.seats_apart:
            low, high = self.entry.players
            for count in range(low, high + 1):
                rect = pygame.Rect(
                    CANVAS[0] - 56 - (high - count + 1) * 96, self.seats_y - 6, 86, 60
                )
                button = Button(rect, str(count), self._count(count), size=28)
                button.selected = count == self.players
                self.buttons.add(button)
        levels = [c for c in CONTROLLERS if c == HUMAN or c in self.kiosk.settings.ai_levels]
        seat_h = 64 if len(self.controllers) > 4 else 76
        choice_w = 190
        for seat in range(len(self.controllers)):
            y = self.seats_y + 50 + seat * (seat_h + 10)
            for j, controller in enumerate(levels):
                rect = pygame.Rect(
                    CANVAS[0] - 56 - (len(levels) - j) * (choice_w + 10) + 10, y, choice_w, seat_h
                )
                label = self.pick(*SHORT_LABELS[controller])
                button = Button(rect, label, self._seat(seat, controller), size=26)
                button.selected = self.controllers[seat] == controller
                self.buttons.add(button)
        self.seat_h = seat_h
        bottom = LEFT.bottom - 100
        actions = [
            (self._("Retour"), self.kiosk.pop, PALETTE.ivory_dark, 34),
            (self._("Règles"), self._rules, PALETTE.calm, 34),
        ]
        if lessons_for(self.entry.game_id):
            actions.append((self._("Apprendre"), self._learn, PALETTE.gold, 34))
        actions.append((self._("Jouer"), self._play, PALETTE.accent, 44))
        widths = [150, 160, 200, 0] if len(actions) == 4 else [200, 200, 0]
        widths[-1] = LEFT.width - sum(widths) - 16 * (len(actions) - 1)
        x = LEFT.x
        for (label, action, colour, size), width in zip(actions, widths, strict=True):
            rect = pygame.Rect(x, bottom, width, 100)
            self.buttons.add(Button(rect, label, action, colour, size))
            x += width + 16

    def _choose(self, preset: Preset):  # type: ignore[no-untyped-def]
        def action() -> None:
            self.preset = preset
            self._fit_seats()
            self.layout()

        return action

    def _count(self, count: int):  # type: ignore[no-untyped-def]
        def action() -> None:
            self.players = count
            self._fit_seats()
            self.layout()

        return action

    def _seat(self, seat: int, controller: str):  # type: ignore[no-untyped-def]
        def action() -> None:
            self.controllers[seat] = controller
            self.layout()

        return action

    def _learn(self) -> None:
        from kiosk.scenes.lessons_menu import LessonMenuScene

        self.kiosk.push(LessonMenuScene(self.kiosk, self.entry))

    def _rules(self) -> None:
        from kiosk.scenes.rules import RulesScene

        self.kiosk.push(RulesScene(self.kiosk, self.entry.game_id))

    def table(self, rng: random.Random | None = None) -> Table:
        """The table as chosen; who starts drawn by lot where the game says so."""
        rng = rng or random.Random()
        spec = self.spec
        game = find_game(spec)
        if (
            self.entry.first_by_lot(self.preset)
            and self.entry.first_option
            and not self.entry.lot_by_dice
        ):
            spec = f"{spec},{self.entry.first_option}={rng.choice(game.players)}"
        return Table(spec, tuple(self.controllers), rng.randrange(1 << 30))

    def _play(self) -> None:
        from kiosk.scenes.play import PlayScene

        table = self.table()
        game = find_game(table.spec)
        if self.entry.first_by_lot(self.preset) and not self.entry.lot_by_dice:
            starter = game.initial_state().current_player
            names = seat_names(table.spec, self.kiosk.tr.lang)
            if starter in game.players:
                first = names[list(game.players).index(starter)]
                self.kiosk.notify(
                    self._("Le sort désigne qui commence : {seat}").format(seat=first), 6.0
                )
        self.kiosk.replace_top(PlayScene(self.kiosk, self.entry, table))

    def draw(self, canvas: pygame.Surface) -> None:
        draw_backdrop(canvas)
        draw_title(
            canvas,
            self.pick(self.entry.name_fr, self.entry.name_en),
            self.pick(self.entry.pitch_fr, self.entry.pitch_en),
        )
        panel = pygame.Rect(LEFT.x, LEFT.y, LEFT.width, 560)
        rounded_panel(canvas, panel, PALETTE.felt_dark, radius=26)
        picture = illustration(self.spec, (panel.width - 40, panel.height - 40))
        canvas.blit(picture, (panel.x + 20, panel.y + 20))
        starts = self._starter_text()
        blit_paragraph(
            canvas,
            starts,
            pygame.Rect(LEFT.x, panel.bottom + 30, LEFT.width, 150),
            26,
            PALETTE.ivory,
        )
        blit_text(canvas, self._("Variante"), (RIGHT_X, 160), 34, PALETTE.gold, "serif-bold")
        detail = self.pick(self.preset.detail_fr, self.preset.detail_en)
        if detail:
            blit_paragraph(
                canvas,
                detail,
                pygame.Rect(RIGHT_X, self.detail_y + 6, CANVAS[0] - RIGHT_X - 56, 96),
                24,
                PALETTE.ivory_dark,
            )
        blit_text(
            canvas, self._("Joueurs"), (RIGHT_X, self.seats_y), 34, PALETTE.gold, "serif-bold"
        )
        names = seat_names(self.spec, self.kiosk.tr.lang)
        for seat in range(len(self.controllers)):
            y = self.seats_y + 50 + seat * (self.seat_h + 10) + self.seat_h // 2
            pygame.draw.circle(canvas, self.colours[seat], (RIGHT_X + 26, y), 22)
            pygame.draw.circle(canvas, PALETTE.ink, (RIGHT_X + 26, y), 22, 2)
            name = names[seat] if seat < len(names) else f"{seat + 1}"
            blit_text(
                canvas, name, (RIGHT_X + 60, y), 30, PALETTE.ivory, "sans-bold", anchor="midleft"
            )
        self.buttons.draw(canvas)

    def _starter_text(self) -> str:
        line = self.pick(self.entry.starts_fr, self.entry.starts_en)
        return self._("Qui commence ? {line}").format(line=line) if line else ""
