"""Statistiques: games per day over two weeks, games per game, people against the machine.

The figures come from the kiosk's records (``kiosk.records``), read when the
screen opens; without records the screen says there is no data.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from kiosk.catalog import entry
from kiosk.scenes.admin.charts import Bar, Stack, bar_chart, column_chart, stacked_chart
from kiosk.scenes.admin.common import BACK, CONTENT, AdminScene, empty_panel
from kiosk.table import SHORT_LABELS
from kiosk.ui.text import blit_text
from kiosk.ui.theme import PALETTE

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

DAYS = 14
WEEKDAYS = {
    "fr": ("lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."),
    "en": ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"),
}
PER_DAY = pygame.Rect(56, 160, 1040, 430)
VERSUS = pygame.Rect(56, 610, 1040, 310)
PER_GAME = pygame.Rect(1120, 160, 744, 760)
PEOPLE: tuple[int, int, int] = (70, 130, 160)
DRAWS: tuple[int, int, int] = (214, 168, 112)
MACHINE: tuple[int, int, int] = (208, 92, 52)


@dataclass(frozen=True)
class Figures:
    """What the charts show, read once from the records."""

    days: tuple[tuple[str, int], ...]
    """(``YYYY-MM-DD``, games ended that day), oldest first."""
    games: tuple[tuple[str, int, float], ...]
    """(game id, games, average seconds), most played first."""
    versus: tuple[tuple[str, int, int, int], ...]
    """(machine level, people's wins, draws, machine's wins)."""

    @property
    def total(self) -> int:
        return sum(n for _, n, _ in self.games)


def read_figures(records: Any, days: int = DAYS, now: float | None = None) -> Figures:
    """The figures of ``records`` (a :class:`kiosk.records.Records`)."""
    return Figures(
        days=tuple((d.day, d.games) for d in records.games_per_day(days=days, now=now)),
        games=tuple((g.game, g.games, g.average_duration) for g in records.per_game()),
        versus=tuple(
            (v.level, v.human_wins, v.draws, v.machine_wins) for v in records.human_vs_machine()
        ),
    )


def day_label(day: str, lang: str) -> str:
    """``2024-05-03`` → ``ven.`` over ``3`` (two lines)."""
    try:
        date = datetime.date.fromisoformat(day)
    except ValueError:
        return day
    names = WEEKDAYS.get(lang, WEEKDAYS["fr"])
    return f"{names[date.weekday()]}\n{date.day}"


def game_name(game_id: str, lang: str) -> str:
    """The game's name on the home screen (the id for a game no longer in the catalogue)."""
    try:
        return entry(game_id).name(lang)
    except KeyError:
        return game_id


class StatsScene(AdminScene):
    """Three charts; "pas de données" when the kiosk keeps no records."""

    name = "admin-stats"

    def __init__(self, kiosk: Kiosk, now: float | None = None) -> None:
        super().__init__(kiosk)
        self.now = now
        self.figures: Figures | None = None

    def heading(self) -> str:
        return self._("Statistiques")

    def subtitle(self) -> str:
        return self._("Les parties jouées sur la borne")

    def enter(self) -> None:
        records = self.records
        self.figures = read_figures(records, now=self.now) if records is not None else None
        super().enter()

    def draw_content(self, canvas: pygame.Surface) -> None:
        figures = self.figures
        if figures is None:
            empty_panel(canvas, CONTENT, self._("Pas de données"))
            return
        lang = self.kiosk.tr.lang
        none = self._("Aucune partie enregistrée")
        column_chart(
            canvas,
            PER_DAY,
            self._("Parties par jour (14 derniers jours)"),
            [day_label(day, lang) for day, _ in figures.days],
            [n for _, n in figures.days],
            none,
        )
        stacked_chart(
            canvas,
            VERSUS,
            self._("Visiteurs contre la machine, par niveau"),
            [self.versus_row(row) for row in figures.versus],
            [self._("Visiteurs gagnent"), self._("Nulles"), self._("Machine gagne")],
            [PEOPLE, DRAWS, MACHINE],
            self._("Aucune partie contre la machine"),
        )
        bar_chart(
            canvas,
            PER_GAME,
            self._("Parties par jeu"),
            [self.game_bar(row) for row in figures.games],
            none,
            self._("Durée moyenne"),
        )
        blit_text(
            canvas,
            self._("Parties enregistrées : {n}").format(n=figures.total),
            (BACK.right + 40, BACK.centery),
            30,
            PALETTE.ivory,
            "sans-bold",
            anchor="midleft",
        )
        problem = getattr(self.records, "problem", None)
        if problem:
            blit_text(
                canvas,
                self.pick(*problem),
                (PER_GAME.right, BACK.centery),
                24,
                PALETTE.warning,
                "sans-bold",
                anchor="midright",
            )

    def versus_row(self, row: Sequence[Any]) -> Stack:
        level, people, draws, machine = row
        label = self.pick(*SHORT_LABELS.get(level, (level, level)))
        return Stack(label, (int(people), int(draws), int(machine)))

    def game_bar(self, row: tuple[str, int, float]) -> Bar:
        game, games, seconds = row
        minutes = max(1, round(seconds / 60))
        note = self._("{n} min").format(n=minutes)
        return Bar(game_name(game, self.kiosk.tr.lang), games, note)
