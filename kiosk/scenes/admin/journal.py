"""Journal: the kiosk's latest events (starts, errors, configuration problems), page by page.

A row shows the event as a sentence in the screen's language
(:mod:`kiosk.journal_text`), problems in the warning colour; touching it
opens the whole sentence over the list, with the raw detail worth reading
(a traceback, a path) under it.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from kiosk.journal_text import collapse, describe, is_problem, technical, title
from kiosk.scenes.admin.common import BACK, CONTENT, AdminScene, empty_panel
from kiosk.touch import Phase, Pointer
from kiosk.ui.text import blit_paragraph, blit_text, font
from kiosk.ui.theme import CANVAS, PALETTE
from kiosk.ui.widgets import Button, rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

LIMIT = 30
"""Rows shown, once each run of wrong codes is cut to its latest rows."""
READ = 20_000
"""Journal rows read to find them (a long run of wrong codes is read past)."""
PER_PAGE = 10
LINE = 72
TEXT = 26
LOG = pygame.Rect(CONTENT.x, CONTENT.y, CONTENT.width, PER_PAGE * LINE + 40)


def when(at: float) -> str:
    """Local date and time of an event, ``2024-05-03 14:25:01``."""
    try:
        return datetime.datetime.fromtimestamp(at).strftime("%Y-%m-%d %H:%M:%S")
    except (OverflowError, OSError, ValueError):
        return "?"


def clipped(text: str, width: int, size: int = TEXT, style: str = "sans") -> str:
    """``text`` cut (with an ellipsis) to fit ``width`` pixels."""
    face = font(size, style)
    if face.size(text)[0] <= width:
        return text
    low, high = 0, len(text)  # the longest prefix that fits, found by halving
    while low < high:
        middle = (low + high + 1) // 2
        if face.size(text[:middle].rstrip() + "…")[0] <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


class JournalScene(AdminScene):
    """The last :data:`LIMIT` events, latest first, :data:`PER_PAGE` to a page; a run of
    wrong codes shows as its latest rows (:func:`kiosk.journal_text.collapse`)."""

    name = "admin-journal"

    def __init__(self, kiosk: Kiosk) -> None:
        super().__init__(kiosk)
        self.events: list[tuple[float, str, str]] | None = None
        self.page = 0
        self.opened: int | None = None
        """The event whose whole text is shown (an index in :attr:`events`)."""
        self._touched: int | None = None

    def heading(self) -> str:
        return self._("Journal")

    def subtitle(self) -> str:
        return self._("Les derniers événements de la borne, les plus récents en haut")

    def enter(self) -> None:
        records = self.records
        rows = records.events(READ) if records is not None else None
        self.events = collapse(list(rows))[:LIMIT] if rows is not None else None
        super().enter()

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.events or []) // PER_PAGE))

    def layout(self) -> None:
        super().layout()
        if self.pages > 1:
            older = self.buttons.add(
                Button(
                    pygame.Rect(CANVAS[0] - 56 - 300, BACK.y, 300, BACK.height),
                    self._("Plus anciens"),
                    self._turn(1),
                    PALETTE.ivory,
                    size=30,
                )
            )
            older.enabled = self.page < self.pages - 1
            newer = self.buttons.add(
                Button(
                    pygame.Rect(CANVAS[0] - 56 - 624, BACK.y, 300, BACK.height),
                    self._("Plus récents"),
                    self._turn(-1),
                    PALETTE.ivory,
                    size=30,
                )
            )
            newer.enabled = self.page > 0

    def _turn(self, step: int) -> Callable[[], None]:
        def action() -> None:
            self.page = max(0, min(self.pages - 1, self.page + step))
            self.layout()

        return action

    def row_at(self, pos: tuple[float, float]) -> int | None:
        """The event under ``pos`` on the current page."""
        shown = len(self.events or []) - self.page * PER_PAGE
        x, y = pos
        if not LOG.collidepoint(x, y):
            return None
        row = int((y - LOG.y - 20) // LINE)
        if 0 <= row < min(PER_PAGE, shown) and y >= LOG.y + 20:
            return self.page * PER_PAGE + row
        return None

    def pointer(self, event: Pointer) -> None:
        if self.opened is not None:
            if event.phase is Phase.UP:
                self.opened = None
            return
        if event.phase is Phase.DOWN:
            self._touched = None if self.buttons.press(event.pos) else self.row_at(event.pos)
        elif event.phase is Phase.UP:
            if self.buttons.release(event.pos):
                return
            if self._touched is not None and self.row_at(event.pos) == self._touched:
                self.opened = self._touched
            self._touched = None

    def draw_content(self, canvas: pygame.Surface) -> None:
        if self.events is None:
            empty_panel(canvas, CONTENT, self._("Pas de données"))
            return
        if not self.events:
            empty_panel(canvas, CONTENT, self._("Aucun événement"))
            return
        rounded_panel(canvas, LOG, PALETTE.ivory, radius=22)
        shown = self.events[self.page * PER_PAGE : (self.page + 1) * PER_PAGE]
        x_text = LOG.x + 330
        lang = self.kiosk.tr.lang
        for i, (at, kind, detail) in enumerate(shown):
            y = LOG.y + 20 + i * LINE + LINE // 2
            if i % 2:
                band = pygame.Rect(LOG.x + 10, y - LINE // 2, LOG.width - 20, LINE)
                pygame.draw.rect(canvas, PALETTE.ivory_dark, band, border_radius=8)
            warn = is_problem(kind, detail)
            ink = PALETTE.accent_dark if warn else PALETTE.ink
            style = "sans-bold" if warn else "sans"
            blit_text(canvas, when(at), (LOG.x + 30, y), TEXT, PALETTE.ink, anchor="midleft")
            text = clipped(describe(kind, detail, lang), LOG.right - 30 - x_text, TEXT, style)
            blit_text(canvas, text, (x_text, y), TEXT, ink, style, anchor="midleft")
        page = self._("Page {n} sur {total}").format(n=self.page + 1, total=self.pages)
        page += "  ·  " + self._("Touchez une ligne pour la lire en entier")
        blit_text(
            canvas, page, (BACK.right + 40, BACK.centery), 28, PALETTE.ivory_dark, anchor="midleft"
        )

    def draw(self, canvas: pygame.Surface) -> None:
        super().draw(canvas)
        if self.opened is not None and self.events is not None:
            self.draw_opened(canvas, *self.events[self.opened])

    def draw_opened(self, canvas: pygame.Surface, at: float, kind: str, detail: str) -> None:
        """The whole event over the list; a touch anywhere closes it."""
        shade = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        canvas.blit(shade, (0, 0))
        panel = LOG.inflate(-80, -40)
        rounded_panel(canvas, panel, PALETTE.ivory, radius=24)
        lang = self.kiosk.tr.lang
        warn = is_problem(kind, detail)
        blit_text(
            canvas,
            f"{when(at)}   {title(kind, lang)}",
            (panel.x + 36, panel.y + 28),
            30,
            PALETTE.accent_dark if warn else PALETTE.ink,
            "sans-bold",
        )
        body = pygame.Rect(panel.x + 36, panel.y + 90, panel.width - 72, panel.height - 160)
        used = blit_paragraph(canvas, describe(kind, detail, lang), body, 28, PALETTE.ink)
        raw = technical(kind, detail)
        if raw and used + 90 < body.height:
            y = body.y + used + 24
            label = self._("Détail technique :")
            blit_text(canvas, label, (body.x, y), 22, PALETTE.wood_dark, "sans-bold")
            rest = pygame.Rect(body.x, y + 36, body.width, body.bottom - y - 36)
            blit_paragraph(canvas, raw, rest, 22, PALETTE.ink, "condensed", spacing=1.25)
        blit_text(
            canvas,
            self._("Touchez pour fermer"),
            (panel.centerx, panel.bottom - 24),
            24,
            PALETTE.wood_dark,
            anchor="midbottom",
        )
