"""Rules: the game's rules page (docs/rules), with its board drawn beside it.

The page is the Markdown of ``docs/rules/<game>.md`` (French) or
``docs/rules/en/<game>.md`` (English), laid out as headings, paragraphs and
list items; a finger drags it up and down.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from kiosk.catalog import entry
from kiosk.illustration import illustration
from kiosk.scenes.base import Scene
from kiosk.scenes.chrome import draw_backdrop, draw_title
from kiosk.touch import Phase, Pointer
from kiosk.ui.text import render, wrap
from kiosk.ui.theme import PALETTE
from kiosk.ui.widgets import Button, ButtonRow, rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
PAGE = pygame.Rect(760, 150, 1110, 900)
FILES = {"shut-the-box": "shut-the-box"}


def rules_path(game_id: str, lang: str) -> Path:
    name = FILES.get(game_id, game_id) + ".md"
    english = DOCS / "en" / name
    return english if lang == "en" and english.exists() else DOCS / name


@lru_cache(maxsize=32)
def rule_lines(path: Path, width: int) -> tuple[tuple[str, int, str, int], ...]:
    """(text, size, style, indent) lines of the page, wrapped to ``width``."""
    if not path.exists():
        return (("—", 28, "sans", 0),)
    lines: list[tuple[str, int, str, int]] = []
    in_code = False
    for raw in path.read_text(encoding="utf-8").splitlines():
        if raw.startswith("```"):
            in_code = not in_code
            continue
        if in_code:
            lines.append((raw, 22, "condensed", 20))
            continue
        text = re.sub(r"\*\*|__|`", "", raw).strip()
        text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
        if not text:
            lines.append(("", 16, "sans", 0))
            continue
        if text.startswith("#"):
            level = len(text) - len(text.lstrip("#"))
            size = {1: 46, 2: 36, 3: 30}.get(level, 28)
            for part in wrap(text.lstrip("# "), size, width, "serif-bold"):
                lines.append((part, size, "serif-bold", 0))
            continue
        indent = 0
        if text[:2] in ("- ", "* ") or re.match(r"\d+\. ", text):
            indent = 30
            text = "• " + text[2:] if text[:2] in ("- ", "* ") else text
        for part in wrap(text, 27, width - indent, "sans"):
            lines.append((part, 27, "sans", indent))
    return tuple(lines)


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

    def lines(self) -> tuple[tuple[str, int, str, int], ...]:
        return rule_lines(rules_path(self.game_id, self.kiosk.tr.lang), PAGE.width - 80)

    def page_height(self) -> int:
        return sum(round(size * 1.3) for _, size, _, _ in self.lines())

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
            illustration(self.entry.presets[0].spec, (620, 620)), (board.x + 20, board.y + 20)
        )
        rounded_panel(canvas, PAGE, PALETTE.ivory, radius=26)
        clip = canvas.get_clip()
        canvas.set_clip(PAGE.inflate(-20, -20))
        y = PAGE.y + 40 - self.scroll
        for text, size, style, indent in self.lines():
            step = round(size * 1.3)
            if y + step > PAGE.y and y < PAGE.bottom and text:
                colour = PALETTE.accent_dark if style == "serif-bold" else PALETTE.ink
                canvas.blit(render(text, size, colour, style), (PAGE.x + 40 + indent, round(y)))
            y += step
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
