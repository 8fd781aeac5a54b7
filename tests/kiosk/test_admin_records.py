"""The owners' figures from a real records file: charts, the CSV export, the log."""

from __future__ import annotations

import csv
import datetime
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from kiosk import paths
from kiosk.records import Records
from kiosk.runtime import Kiosk
from kiosk.scenes.admin import export as export_module
from kiosk.scenes.admin.charts import nice_top
from kiosk.scenes.admin.export import ExportScene, export_name, export_records, usb_sticks
from kiosk.scenes.admin.journal import JournalScene
from kiosk.scenes.admin.menu import AdminMenuScene
from kiosk.scenes.admin.stats import PER_DAY, PER_GAME, VERSUS, StatsScene, day_label
from kiosk.table import HUMAN
from kiosk.touch import Phase, Pointer
from kiosk.ui.theme import PALETTE
from tests.kiosk.driver import make_kiosk, tap
from tests.kiosk.test_admin import press

NOW = time.mktime((2026, 5, 3, 15, 0, 0, 0, 0, -1))
HOUR = 3600.0
DAY = 24 * HOUR


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("LUDOKIOSK_DATA", str(tmp_path / "data"))
    monkeypatch.setattr(export_module, "MEDIA", tmp_path / "media")
    return tmp_path / "data"


@pytest.fixture
def records(tmp_path: Path) -> Iterator[Records]:
    """A records file with a few games: two days ago and today, people and machines."""
    made = Records.open(tmp_path / "records.sqlite3")
    games = [
        ("reversi", (HUMAN, "debutant"), (0,), NOW - 2 * DAY, 10 * 60),
        ("reversi", (HUMAN, "debutant"), (1,), NOW - 2 * DAY + HOUR, 20 * 60),
        ("moulin", (HUMAN, "expert"), (1,), NOW - HOUR, 6 * 60),
        ("moulin", (HUMAN, HUMAN), (), NOW - HOUR / 2, 4 * 60),
        ("tablut", ("expert", HUMAN), (), NOW - HOUR / 4, 30 * 60),
    ]
    for spec, controllers, winners, ended, seconds in games:
        result = "nulle" if not winners else "gagne"
        made.finish(spec, controllers, ["a1"], result, winners, ended - seconds, ended)
    made.event("start", "démarrage", at=NOW - 2 * DAY)
    made.event("error", "['home']: Traceback (most recent call last):\nRuntimeError: boom", NOW)
    yield made
    made.close()


def kiosk_on(records: Records | None) -> Kiosk:
    kiosk = make_kiosk()
    kiosk.records = records  # type: ignore[assignment]
    kiosk.push(AdminMenuScene(kiosk))
    return kiosk


def count(canvas: pygame.Surface, area: pygame.Rect, colour: tuple[int, int, int]) -> int:
    return sum(
        1
        for x in range(area.left, area.right, 3)
        for y in range(area.top, area.bottom, 3)
        if tuple(canvas.get_at((x, y)))[:3] == colour
    )


def test_the_charts_show_the_records(records: Records) -> None:
    kiosk = kiosk_on(records)
    scene = StatsScene(kiosk, now=NOW)
    kiosk.push(scene)
    figures = scene.figures
    assert figures is not None
    assert len(figures.days) == 14 and figures.days[-1] == ("2026-05-03", 3)
    assert figures.days[-3] == ("2026-05-01", 2) and sum(n for _, n in figures.days) == 5
    per_game = {game: (n, seconds) for game, n, seconds in figures.games}
    assert per_game == {"reversi": (2, 900.0), "moulin": (2, 300.0), "tablut": (1, 1800.0)}
    assert figures.versus == (("debutant", 1, 0, 1), ("expert", 0, 1, 1))
    assert figures.total == 5

    canvas = kiosk.draw()
    assert count(canvas, PER_DAY, PALETTE.accent) > 50, "the day columns are drawn"
    assert count(canvas, PER_GAME, PALETTE.calm) > 50, "the per-game bars are drawn"
    assert count(canvas, VERSUS, (70, 130, 160)) > 10, "people's wins are drawn"
    reversi = next(row for row in figures.games if row[0] == "reversi")
    assert scene.game_bar(reversi).label == "Reversi"
    assert scene.game_bar(reversi).note == "15 min"
    kiosk.set_language("en")
    kiosk.draw()
    assert scene.versus_row(figures.versus[1]).label == "Expert"


def test_empty_records_and_no_records(tmp_path: Path) -> None:
    with Records.open(tmp_path / "empty.sqlite3") as empty:
        kiosk = kiosk_on(empty)
        kiosk.push(StatsScene(kiosk, now=NOW))
        canvas = kiosk.draw()
        assert count(canvas, PER_DAY, PALETTE.accent) == 0, "no columns without games"
    kiosk = kiosk_on(None)
    for scene in (StatsScene(kiosk), JournalScene(kiosk), ExportScene(kiosk)):
        kiosk.push(scene)
        kiosk.draw()
        assert getattr(scene, "figures", None) is None
        assert [b.label for b in scene.buttons.buttons] == ["Retour"]
        kiosk.pop()


def test_day_labels_and_axis_ends() -> None:
    assert day_label("2026-05-03", "fr") == "dim.\n3"
    assert day_label("2026-05-04", "en") == "Mon\n4"
    assert [nice_top(v) for v in (0, 1, 3, 7, 12, 40, 101)] == [1, 1, 5, 10, 20, 50, 200]


def test_the_export_writes_a_csv_here_and_on_the_stick(
    records: Records, tmp_path: Path, _data: Path
) -> None:
    stick = tmp_path / "media" / "pi" / "CLE"
    stick.mkdir(parents=True)
    (tmp_path / "media" / "pi" / "not-mounted").mkdir()
    mounted = {stick}
    assert usb_sticks(tmp_path / "media", is_mount=lambda p: p in mounted) == [stick]
    assert usb_sticks(tmp_path / "nowhere") == []

    moment = datetime.datetime(2026, 5, 3, 14, 25, 1)
    result = export_records(records, moment, sticks=[stick])
    name = "ludokiosk-20260503-142501.csv"
    assert export_name(moment) == name
    assert result.rows == 5 and not result.failed
    assert result.written == [paths.data_dir() / "exports" / name, stick / name]
    for path in result.written:
        with path.open(encoding="utf-8", newline="") as handle:
            rows = list(csv.DictReader(handle))
        assert [r["game"] for r in rows] == ["reversi", "reversi", "moulin", "moulin", "tablut"]
        assert rows[2]["controllers"] == "humain expert" and float(rows[2]["duration"]) == 360


def test_a_stick_that_cannot_be_written_is_named(records: Records, tmp_path: Path) -> None:
    broken = tmp_path / "a-file-not-a-folder"
    broken.write_text("", encoding="utf-8")
    result = export_records(records, sticks=[broken])
    assert len(result.written) == 1 and result.rows == 5
    assert [path for path, _ in result.failed] == [broken / result.written[0].name]


def test_the_export_screen(records: Records, _data: Path) -> None:
    kiosk = kiosk_on(records)
    press(kiosk, "Exporter (CSV)")
    scene = kiosk.stack.top
    assert isinstance(scene, ExportScene)
    assert scene.sticks == []
    kiosk.draw()
    press(kiosk, "Exporter maintenant")
    assert scene.result is not None and scene.result.rows == 5
    (written,) = scene.result.written
    assert written.parent == _data / "exports" and written.name.startswith("ludokiosk-")
    with written.open(encoding="utf-8", newline="") as handle:
        assert len(list(csv.DictReader(handle))) == 5
    kiosk.draw()


def test_the_log_lists_the_latest_events_and_opens_one(records: Records) -> None:
    kiosk = kiosk_on(records)
    press(kiosk, "Journal")
    scene = kiosk.stack.top
    assert isinstance(scene, JournalScene)
    assert scene.events is not None
    assert [kind for _, kind, _ in scene.events] == ["error", "start"], "latest first"
    kiosk.draw()
    row = scene.row_at((900, 200))
    assert row == 0
    tap(kiosk, (900, 200))
    assert scene.opened == 0
    kiosk.draw()
    kiosk.pointer(Pointer(Phase.DOWN, 100, 100, 0))
    kiosk.pointer(Pointer(Phase.UP, 100, 100, 0))
    assert scene.opened is None
