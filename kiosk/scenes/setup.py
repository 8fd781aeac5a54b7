"""Setup: the rules, then their variant; a person or a machine per seat; then play.

The left column shows the board, what the chosen rules mean and who starts,
above the Back / Rules / Learn / Play buttons. The right column holds the
choices: one row per step of the catalogue's presets (the rules first, then
their variant, never more than a handful at once), the number of players
where it is chosen apart, and one row per seat. Everything is laid out in
:meth:`SetupScene.layout`, measured with the fonts it is drawn with, so that
nothing runs off the screen or out of its button.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from engines import find_game
from kiosk.catalog import Entry, Preset, presets_for, seat_names
from kiosk.illustration import illustration
from kiosk.lessons.model import lessons_for
from kiosk.scenes.base import ButtonScene
from kiosk.scenes.chrome import draw_backdrop, draw_title
from kiosk.scenes.setup_layout import GAP, LabelButton, columns_for, grid, spread
from kiosk.setup_choices import choice_rows
from kiosk.table import CONTROLLERS, GENTLE, HUMAN, SHORT_LABELS, Table
from kiosk.ui.text import blit_text, wrap
from kiosk.ui.theme import CANVAS, PALETTE, Colour, font, seat_colours

LEFT = pygame.Rect(56, 160, 700, 880)
PICTURE = pygame.Rect(LEFT.x, LEFT.y, LEFT.width, 440)
ACTIONS_Y = LEFT.bottom - 100
RIGHT = pygame.Rect(800, 160, CANVAS[0] - 56 - 800, 880)
COACH_LEFT = pygame.Rect(LEFT.x, PICTURE.bottom, LEFT.width, ACTIONS_Y - 20 - PICTURE.bottom)
"""Where the coach's row goes when the seats need all of the right column."""
SEAT_H = 84
SEAT_MIN = 72
"""Below this height a seat's buttons are too small: the rows above tighten."""
HEADING = 32
"""Size of a heading over a row of choices."""


@dataclass(frozen=True)
class Spacing:
    """The heights of the right column's rows and the gaps between them."""

    choice: int
    """Height of a choice button."""
    heading: int
    """Room a heading takes above its row."""
    gap: int
    """Space below a row of buttons."""


ROOMY = Spacing(choice=76, heading=48, gap=22)
TIGHT = Spacing(choice=68, heading=42, gap=12)
"""For many seats under many choices (shut the box for six)."""
TEXT = 26
"""Size of the left column's sentences."""
NAME = 28
"""Size of a seat's name."""


@dataclass(frozen=True)
class Text:
    """One line of text of the setup screen, where it is drawn."""

    text: str
    pos: tuple[int, int]
    size: int
    colour: Colour
    style: str = "sans"
    anchor: str = "topleft"

    @property
    def rect(self) -> pygame.Rect:
        rect = pygame.Rect((0, 0), font(self.size, self.style).size(self.text))
        setattr(rect, self.anchor, self.pos)
        return rect


class SetupScene(ButtonScene):
    name = "setup"

    def __init__(self, kiosk: object, entry: Entry) -> None:
        super().__init__(kiosk)  # type: ignore[arg-type]
        self.entry = entry
        self.preset: Preset = entry.presets[0]
        self.players = len(find_game(self.preset.spec).players)
        self.controllers: list[str] = []
        self._default_level = self.kiosk.settings.ai_level
        self.texts: list[Text] = []
        self.choices: list[LabelButton] = []
        """The buttons choosing the rules and their variant (not the seats)."""
        self.seat_rows: list[list[LabelButton]] = []
        self.coach_buttons: dict[int, LabelButton] = {}
        """The coach's toggle of each person's seat (none when the coach is not offered)."""
        self.coach_chosen: dict[int, bool] = {}
        """The persons' own choices of the coach; the others follow :meth:`coached_by_default`."""
        self.seat_y: list[int] = []
        self.spacing = ROOMY

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
        self.coach_chosen.clear()

    def coached_by_default(self, seat: int) -> bool:
        """A person has the coach unless they say otherwise against a gentle machine
        (the beginner or the child's level)."""
        return self.controllers[seat] == HUMAN and any(c in GENTLE for c in self.controllers)

    def coached(self) -> frozenset[int]:
        """The persons' seats the coach helps, as chosen (none when it is not offered)."""
        if not self.kiosk.settings.coach:
            return frozenset()
        return frozenset(
            seat
            for seat, controller in enumerate(self.controllers)
            if controller == HUMAN
            and self.coach_chosen.get(seat, self.coached_by_default(seat))
        )

    # ----------------------------------------------------------------- layout

    def layout(self) -> None:
        """Every button and line of text, placed and measured; tighter rows when
        the seats would otherwise be too small to tap."""
        coach_left = False
        for spacing, coach_left in ((ROOMY, False), (TIGHT, False), (TIGHT, True)):
            self.spacing = spacing
            self.buttons.clear()
            self.texts = []
            self.choices = []
            y = self._layout_choices(RIGHT.y)
            if self.entry.seats_apart:
                y = self._layout_count(y)
            column = COACH_LEFT if coach_left else RIGHT
            top = self._layout_coach(column)
            seat_height = self._layout_seats(y, RIGHT.bottom if coach_left else top)
            if seat_height >= SEAT_MIN:
                break
        self._layout_left(top if coach_left else ACTIONS_Y - 20)

    def _heading(self, text: str, y: int) -> int:
        if not text:
            return y
        self.texts.append(Text(text, (RIGHT.x, y), HEADING, PALETTE.gold, "serif-bold"))
        return y + self.spacing.heading

    def _layout_choices(self, y: int) -> int:
        for row in choice_rows(self.entry, self.preset):
            y = self._heading(self.pick(*row.heading), y)
            labels = [self.pick(*label) for label in row.labels]
            # a lone choice (what these rules are) takes half the width, as a pair would
            high = self.spacing.choice
            columns = 2 if len(labels) == 1 else columns_for(labels, RIGHT.width, high, 28)
            rects = grid(RIGHT.x, y, RIGHT.width, len(labels), columns, high)
            for number, (label, rect) in enumerate(zip(labels, rects, strict=True)):
                button = LabelButton(rect, label, self._choose(row.targets[number]), size=28)
                button.selected = number == row.chosen
                self.buttons.add(button)
                self.choices.append(button)
            y = rects[-1].bottom + self.spacing.gap
        return y

    def _layout_count(self, y: int) -> int:
        """The number of players, on one line: the words, then one button per count."""
        low, high = self.entry.players
        width = 84
        x = RIGHT.right - (high - low + 1) * (width + GAP) + GAP
        self.texts.append(
            Text(
                self._("Nombre de joueurs"),
                (RIGHT.x, y + self.spacing.choice // 2),
                HEADING,
                PALETTE.gold,
                "serif-bold",
                "midleft",
            )
        )
        for count in range(low, high + 1):
            rect = pygame.Rect(x + (count - low) * (width + GAP), y, width, self.spacing.choice)
            button = LabelButton(rect, str(count), self._count(count), size=30)
            button.selected = count == self.players
            self.buttons.add(button)
        return y + self.spacing.choice + self.spacing.gap

    def _layout_coach(self, column: pygame.Rect) -> int:
        """At the bottom of ``column`` (the right one, or above the actions when the
        seats need all of the right one), when the coach is offered: "Avec les conseils
        du coach ?" and beside it a toggle per person's seat (its name, yes or no), or
        one for every person when theirs do not fit on the line. The room is kept even
        without a person, so that the seats above never move. Returns its top."""
        self.coach_buttons = {}
        if not self.kiosk.settings.coach:
            return column.bottom
        high = self.spacing.choice
        top = column.bottom - high
        names = self._names()
        persons = [seat for seat, c in enumerate(self.controllers) if c == HUMAN]
        chosen = self.coached()
        words = (self._("Avec les conseils du coach ?") if column is RIGHT
                 else self._("Conseils du coach ?"))
        self.texts.append(Text(words, (column.x, top + high // 2), HEADING, PALETTE.gold,
                               "serif-bold", "midleft"))
        beside = column.x + font(HEADING, "serif-bold").size(words)[0] + 2 * GAP
        width = column.right - beside
        toggles: list[tuple[tuple[int, ...], str]] = [
            ((seat,), (self._("{seat} : oui") if seat in chosen
                       else self._("{seat} : non")).format(seat=names[seat]))
            for seat in persons
        ]
        needs = sum(font(26, "sans-bold").size(label)[0] + 40 + GAP for _, label in toggles)
        if needs > width + GAP:  # one toggle for every person
            every = any(seat in chosen for seat in persons)
            label = self._("Tout le monde : oui") if every else self._("Tout le monde : non")
            toggles = [(tuple(persons), label)]
        columns = 1 if len(toggles) == 1 and len(persons) > 1 else max(2, len(toggles))
        rects = grid(beside, top, width, len(toggles), columns, high)
        for (seats, label), rect in zip(toggles, rects, strict=True):
            button = LabelButton(rect, label, self._coach(seats), size=26)
            button.selected = any(seat in chosen for seat in seats)
            self.buttons.add(button)
            for seat in seats:
                self.coach_buttons[seat] = button
        return top - self.spacing.gap

    def _layout_seats(self, y: int, bottom: int = RIGHT.bottom) -> int:
        """A heading, then per seat its colour, its name and who plays it; the seats sit
        at the bottom of the column (above the coach's row), where a change of rules
        above does not move them. Returns the height of a seat's buttons."""
        levels = [c for c in CONTROLLERS if c == HUMAN or c in self.kiosk.settings.ai_levels]
        labels = [self.pick(*SHORT_LABELS[level]) for level in levels]
        names = self._names()
        seats = len(self.controllers)
        name_width = max(font(NAME, "sans-bold").size(name)[0] for name in names)
        x = max(RIGHT.x + 220, RIGHT.x + 56 + name_width + 20)
        rects = spread(x, RIGHT.right - x, labels, 22)  # five choices: their widths by need
        height = min(SEAT_H, (bottom - y - self.spacing.heading + GAP) // seats - GAP)
        first = bottom - seats * (height + GAP) + GAP
        heading_y = first - self.spacing.heading
        self.texts.append(
            Text(self._("Qui joue ?"), (RIGHT.x, heading_y), HEADING, PALETTE.gold, "serif-bold")
        )
        machines = [r for r, level in zip(rects, levels, strict=True) if level != HUMAN]
        if machines:
            middle = (machines[0].left + machines[-1].right) // 2
            caption = self._("ou la machine :")
            where = (middle, heading_y + HEADING)
            self.texts.append(Text(caption, where, 24, PALETTE.ivory_dark, "sans", "midbottom"))
        self.seat_rows = []
        self.seat_y = []
        for seat in range(seats):
            top = first + seat * (height + GAP)
            row = []
            for level, label, rect in zip(levels, labels, rects, strict=True):
                area = pygame.Rect(rect.x, top, rect.width, height)
                button = LabelButton(area, label, self._seat(seat, level), size=26)
                button.selected = self.controllers[seat] == level
                self.buttons.add(button)
                row.append(button)
            self.seat_rows.append(row)
            self.seat_y.append(top + height // 2)
            name = Text(names[seat], (RIGHT.x + 56, top + height // 2), NAME, PALETTE.ivory,
                        "sans-bold", "midleft")
            self.texts.append(name)
        self.colours = seat_colours(find_game(self.spec).players)
        return height

    def _names(self) -> list[str]:
        names = seat_names(self.spec, self.kiosk.tr.lang)
        return [
            names[seat] if seat < len(names) else f"{seat + 1}"
            for seat in range(len(self.controllers))
        ]

    def _layout_left(self, bottom: int) -> None:
        """What the choice means and who starts, under the picture, down to ``bottom``;
        then the actions."""
        y = PICTURE.bottom + 24
        blocks = [
            (self.pick(self.preset.label_fr, self.preset.label_en), PALETTE.gold, "sans-bold"),
            (self.pick(self.preset.detail_fr, self.preset.detail_en), PALETTE.ivory, "sans"),
            (self._starter_text(), PALETTE.ivory_dark, "sans"),
        ]
        size = TEXT
        while True:  # the largest size at which it all fits (a floor of 20 px)
            step = round(size * 1.25)
            lines = [
                (line, colour, style)
                for text, colour, style in blocks
                if text
                for line in [*wrap(text, size, LEFT.width, style), ""]
            ]
            if y + step * (len(lines) - 1) <= bottom or size <= 20:
                break
            size -= 2
        for number, (line, colour, style) in enumerate(lines):
            if line:
                self.texts.append(Text(line, (LEFT.x, y + number * step), size, colour, style))
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
            rect = pygame.Rect(x, ACTIONS_Y, width, 100)
            self.buttons.add(LabelButton(rect, label, action, colour, size))
            x += width + 16

    # ---------------------------------------------------------------- actions

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
            self.coach_chosen.clear()  # the coach follows the new opponents again
            self.layout()

        return action

    def _coach(self, seats: tuple[int, ...]):  # type: ignore[no-untyped-def]
        def action() -> None:
            wanted = not any(seat in self.coached() for seat in seats)
            for seat in seats:
                self.coach_chosen[seat] = wanted
            self.layout()

        return action

    def _learn(self) -> None:
        self.kiosk.go.lessons(self.entry)

    def _rules(self) -> None:
        self.kiosk.go.rules(self.entry.game_id)

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
        return Table(spec, tuple(self.controllers), rng.randrange(1 << 30), self.coached())

    def _play(self) -> None:
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
        self.kiosk.go.play(self.entry, table)

    # ---------------------------------------------------------------- drawing

    def draw(self, canvas: pygame.Surface) -> None:
        draw_backdrop(canvas)
        draw_title(
            canvas,
            self.pick(self.entry.name_fr, self.entry.name_en),
            self.pick(self.entry.pitch_fr, self.entry.pitch_en),
        )
        pygame.draw.rect(canvas, PALETTE.felt_dark, PICTURE, border_radius=26)
        size = (PICTURE.width - 40, PICTURE.height - 40)
        picture = illustration(self.spec, size, self.kiosk.tr.lang)
        canvas.blit(picture, picture.get_rect(center=PICTURE.center))
        for seat, y in enumerate(self.seat_y):
            pygame.draw.circle(canvas, self.colours[seat], (RIGHT.x + 26, y), 22)
            pygame.draw.circle(canvas, PALETTE.ink, (RIGHT.x + 26, y), 22, 2)
        for text in self.texts:
            blit_text(canvas, text.text, text.pos, text.size, text.colour, text.style, text.anchor)
        self.buttons.draw(canvas)

    def _starter_text(self) -> str:
        line = self.pick(*self.entry.starts(self.preset))
        return self._("Qui commence ? {line}").format(line=line) if line else ""
