"""Rules: the game's rules page (docs/rules), with its board drawn beside it.

The page is the Markdown of ``docs/rules/<game>.md`` (French) or
``docs/rules/en/<game>.md`` (English) without its documentation-only
sections (:func:`kiosk.rules_doc.visitor_blocks`), laid out as headings, paragraphs,
list items and diagrams (boards drawn by the game's own renderer, see
:mod:`kiosk.rules_doc`); a finger drags it up and down.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from engines import find_game
from kiosk.boards import BoardView, renderer_for
from kiosk.catalog import entry
from kiosk.games import look_for, presentation_for
from kiosk.games.base import Extras
from kiosk.illustration import illustration
from kiosk.rules_doc import Diagram, DiagramError, parse_page, rules_path, visitor_blocks
from kiosk.scenes.base import Scene
from kiosk.scenes.chrome import draw_backdrop, draw_title
from kiosk.touch import Phase, Pointer
from kiosk.ui.dice import draw_cube, draw_die
from kiosk.ui.text import render, wrap
from kiosk.ui.theme import PALETTE, seat_colours
from kiosk.ui.widgets import Button, ButtonRow, rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

log = logging.getLogger(__name__)

PAGE = pygame.Rect(760, 150, 1110, 900)
DIAGRAM_HEIGHT = 560
TEXT = 27


@dataclass(frozen=True)
class Row:
    """One laid-out row of the page: a line of text or a drawn diagram."""

    text: str = ""
    size: int = TEXT
    style: str = "sans"
    indent: int = 0
    diagram: Diagram | None = None
    height: int = 0


def _text_rows(text: str, size: int, style: str, width: int, indent: int = 0) -> list[Row]:
    return [
        Row(part, size, style, indent, height=round(size * 1.3))
        for part in wrap(text, size, width - indent, style)
    ]


@lru_cache(maxsize=32)
def page_rows(path: Path, width: int, lang: str = "fr") -> tuple[Row, ...]:
    """The page's rows, wrapped to ``width`` pixels."""
    if not path.exists():
        return (Row("—", height=40),)
    rows: list[Row] = []
    for block in visitor_blocks(parse_page(path.read_text(encoding="utf-8"))):
        if block.kind == "heading":
            size = {1: 46, 2: 36, 3: 30}.get(block.level, 28)
            rows.extend(_text_rows(block.text, size, "serif-bold", width))
        elif block.kind == "paragraph":
            rows.extend(_text_rows(block.text, TEXT, "sans", width))
        elif block.kind == "item":
            rows.extend(_text_rows(block.text, TEXT, "sans", width, 30))
        elif block.kind == "code":
            rows.append(Row(block.text, 22, "condensed", 20, height=29))
        elif block.kind == "blank":
            rows.append(Row(height=16))
        elif block.diagram is not None:
            rows.append(
                Row(
                    diagram=block.diagram,
                    height=diagram_image(block.diagram, width, lang).get_height() + 20,
                )
            )
            if block.diagram.caption:
                rows.extend(_text_rows(block.diagram.caption, 24, "sans-italic", width, 20))
    return tuple(rows)


def _draw_extras(surface: pygame.Surface, view: BoardView, extras: Extras) -> None:
    """The dice and the doubling cube where the play screen puts them, scaled to the board."""
    board = view.board_rect
    scale = board.height / 1040
    if extras.dice:
        size = max(24, round(86 * scale))
        gap = size // 4
        x = board.centerx + board.width // 4 - (len(extras.dice) * (size + gap) - gap) // 2
        for i, value in enumerate(extras.dice):
            used = i < len(extras.dice_used) and extras.dice_used[i]
            rect = pygame.Rect(x + i * (size + gap), board.centery - size // 2, size, size)
            draw_die(surface, rect, value, used)
    if extras.cube is not None:
        size = max(24, round(70 * scale))
        if extras.cube_owner is None:
            y = board.centery
        else:
            y = (
                board.bottom - round(60 * scale)
                if extras.cube_owner == 0
                else board.top + round(60 * scale)
            )
        draw_cube(surface, (board.left + size // 2 + 4, y), size, extras.cube)


@lru_cache(maxsize=48)
def diagram_image(diagram: Diagram, width: int, lang: str = "fr") -> pygame.Surface:
    """The diagram's board drawn by the game's renderer (a note if it cannot be)."""
    try:
        state = diagram.state()
        lit = diagram.highlights()
    except DiagramError as error:
        log.warning("diagramme illisible (%s) : %s", diagram.spec, error)
        return render("[" + diagram.spec + "]", 22, PALETTE.warning, "condensed")
    game = find_game(diagram.spec)
    geometry = game.geometry()
    surface = pygame.Surface((width, DIAGRAM_HEIGHT), pygame.SRCALPHA)
    view = BoardView(
        geometry,
        surface.get_rect(),
        renderer_for(geometry.kind, look_for(game.id)),
        seat_colours(game.players),
        lang=lang,
    )
    presentation = presentation_for(game)
    view.draw(surface, presentation.tokens(state), lit, pulse=0.5)
    _draw_extras(surface, view, presentation.extras(state))
    used = view.board_rect.clip(surface.get_rect())
    image = pygame.Surface((width, used.height), pygame.SRCALPHA)
    image.blit(surface, (0, 0), pygame.Rect(0, used.y, width, used.height))
    return image


class RulesScene(Scene):
    name = "rules"

    def __init__(self, kiosk: Kiosk, game_id: str) -> None:
        super().__init__(kiosk)
        self.game_id = game_id
        self.entry = entry(game_id)
        self.scroll = 0.0
        self.drag_y: float | None = None

    def enter(self) -> None:
        self.buttons = ButtonRow()
        self.buttons.add(
            Button(
                pygame.Rect(56, 950, 300, 100),
                self._("Retour"),
                self.kiosk.pop,
                PALETTE.ivory_dark,
                size=36,
            )
        )

    def rows(self) -> tuple[Row, ...]:
        lang = self.kiosk.tr.lang
        return page_rows(rules_path(self.game_id, lang), PAGE.width - 80, lang)

    def page_height(self) -> int:
        return sum(row.height for row in self.rows())

    def pointer(self, event: Pointer) -> None:
        if event.phase is Phase.DOWN:
            if self.buttons.press(event.pos):
                return
            if PAGE.collidepoint(event.pos):
                self.drag_y = event.y
        elif event.phase is Phase.MOVE and self.drag_y is not None:
            self.scroll_by(self.drag_y - event.y)
            self.drag_y = event.y
        elif event.phase is Phase.UP:
            self.drag_y = None
            self.buttons.release(event.pos)

    def animating(self) -> bool:
        """The page moves only under a finger."""
        return False

    def scroll_by(self, pixels: float) -> None:
        limit = max(0, self.page_height() - PAGE.height + 80)
        self.scroll = max(0.0, min(float(limit), self.scroll + pixels))

    def draw(self, canvas: pygame.Surface) -> None:
        draw_backdrop(canvas)
        draw_title(
            canvas,
            self._("Règles — {name}").format(
                name=self.pick(self.entry.name_fr, self.entry.name_en)
            ),
            self._("Faites glisser le texte pour le lire en entier"),
        )
        board = pygame.Rect(56, 170, 660, 660)
        rounded_panel(canvas, board, PALETTE.felt_dark, radius=26)
        canvas.blit(
            illustration(self.entry.presets[0].spec, (620, 620), self.kiosk.tr.lang),
            (board.x + 20, board.y + 20),
        )
        rounded_panel(canvas, PAGE, PALETTE.ivory, radius=26)
        clip = canvas.get_clip()
        canvas.set_clip(PAGE.inflate(-20, -20).clip(clip))
        y = PAGE.y + 40 - self.scroll
        for row in self.rows():
            if y + row.height > PAGE.y and y < PAGE.bottom:
                if row.diagram is not None:
                    canvas.blit(
                        diagram_image(row.diagram, PAGE.width - 80, self.kiosk.tr.lang),
                        (PAGE.x + 40, round(y) + 6),
                    )
                elif row.text:
                    colour = PALETTE.accent_dark if row.style == "serif-bold" else PALETTE.ink
                    canvas.blit(
                        render(row.text, row.size, colour, row.style),
                        (PAGE.x + 40 + row.indent, round(y)),
                    )
            y += row.height
        canvas.set_clip(clip)
        total = self.page_height()
        if total > PAGE.height:
            bar = PAGE.height * PAGE.height / (total + 80)
            top = PAGE.y + (PAGE.height - bar) * self.scroll / max(1, total - PAGE.height + 80)
            pygame.draw.rect(
                canvas,
                PALETTE.wood_dark,
                pygame.Rect(PAGE.right - 18, round(top), 8, round(bar)),
                border_radius=4,
            )
        self.buttons.draw(canvas)
