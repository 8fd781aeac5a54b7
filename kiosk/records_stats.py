"""Figures from the kiosk's records, for the admin screen, and the CSV export.

Pure functions over rows already read by :class:`kiosk.records.Records`; days are local
days (``time.localtime``), timestamps epoch seconds.
"""

from __future__ import annotations

import csv
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING, TextIO

from kiosk.table import CONTROLLERS, HUMAN

if TYPE_CHECKING:
    from kiosk.records import FinishedGame

CSV_COLUMNS = (
    "id",
    "game",
    "spec",
    "controllers",
    "result",
    "winner_seats",
    "started",
    "ended",
    "duration",
    "moves",
)
"""The CSV header: dates are local ``YYYY-mm-dd HH:MM:SS``, the duration in seconds,
lists (controllers, winner seats, moves) joined by spaces."""


@dataclass(frozen=True)
class DayCount:
    """How many games ended on a local day (``"2026-11-22"``)."""

    day: str
    games: int


@dataclass(frozen=True)
class GameStats:
    """How many games of one game id were recorded, and their average duration in seconds."""

    game: str
    games: int
    average_duration: float


@dataclass(frozen=True)
class HumanVsMachine:
    """People against machines of one level: who won how often."""

    level: str
    human_wins: int
    machine_wins: int
    draws: int


def day_of(moment: float) -> str:
    """The local day of an epoch time: ``"2026-11-22"``."""
    return time.strftime("%Y-%m-%d", time.localtime(moment))


def local_time(moment: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(moment))


def per_day(ends: Iterable[float], days: int, now: float) -> list[DayCount]:
    """Games per local day over the ``days`` days ending with ``now``'s, oldest first."""
    today = date.fromtimestamp(now)
    window = [(today - timedelta(days=back)).isoformat() for back in range(days - 1, -1, -1)]
    counts = dict.fromkeys(window, 0)
    for ended in ends:
        day = day_of(ended)
        if day in counts:
            counts[day] += 1
    return [DayCount(day, games) for day, games in counts.items()]


def _level_order(level: str) -> tuple[int, str]:
    return (CONTROLLERS.index(level) if level in CONTROLLERS else len(CONTROLLERS), level)


def human_vs_machine(
    games: Iterable[tuple[Sequence[str], Sequence[int]]],
) -> list[HumanVsMachine]:
    """Per machine level, the games of people against machines all of that level.

    ``games`` gives each game's controllers and winner seats (none: a draw). Games
    without a person, without a machine or with machines of mixed levels are left out;
    a winning side made of people and machines together counts for neither.
    """
    tally: dict[str, list[int]] = {}
    for controllers, winners in games:
        machines = {c for c in controllers if c != HUMAN}
        if len(machines) != 1 or HUMAN not in controllers:
            continue
        counts = tally.setdefault(machines.pop(), [0, 0, 0])
        sides = {controllers[s] == HUMAN for s in winners if 0 <= s < len(controllers)}
        if not winners:
            counts[2] += 1
        elif sides == {True}:
            counts[0] += 1
        elif sides == {False}:
            counts[1] += 1
    return [HumanVsMachine(level, *tally[level]) for level in sorted(tally, key=_level_order)]


def export_rows(games: Iterable[FinishedGame], out: TextIO) -> int:
    """Write the header and one row per game to ``out``; the number of game rows."""
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    rows = 0
    for game in games:
        writer.writerow(
            (
                game.id,
                game.game,
                game.spec,
                " ".join(game.controllers),
                game.result,
                " ".join(str(seat) for seat in game.winner_seats),
                local_time(game.started),
                local_time(game.ended),
                f"{game.duration:.1f}",
                " ".join(game.moves),
            )
        )
        rows += 1
    return rows
