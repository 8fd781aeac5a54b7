"""The owners' export says what its file holds: every game, finished or abandoned."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from kiosk.records import Records
from kiosk.scenes.admin import AdminMenuScene
from kiosk.scenes.admin import export as export_module
from kiosk.scenes.admin.export import ExportScene
from kiosk.table import HUMAN
from tests.kiosk.driver import make_kiosk, tap


@pytest.fixture(autouse=True)
def _no_sticks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(export_module, "MEDIA", tmp_path / "media")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_export_counts_the_finished_and_the_abandoned_games_its_file_holds(
    lang: str,
) -> None:
    records = Records.memory()
    records.finish("reversi", (HUMAN, "joueur"), ["d3"] * 30, "noir gagne", (0,), 0.0, 600.0)
    records.finish("moulin", (HUMAN, HUMAN), ["d6"] * 9, "nulle", (), 700.0, 900.0)
    records.finish("tablut", (HUMAN, "expert"), ["e3-c3"] * 4, "abandon", (), 1000.0, 1100.0)
    kiosk = make_kiosk()
    kiosk.records = records
    kiosk.set_language(lang)
    kiosk.push(AdminMenuScene(kiosk))
    scene = ExportScene(kiosk)
    kiosk.push(scene)
    subtitle = scene.subtitle()
    assert ("terminées" if lang == "fr" else "finished") in subtitle
    assert ("abandonnées" if lang == "fr" else "abandoned") in subtitle
    (button,) = [b for b in scene.buttons.buttons if b.label == kiosk.tr("Exporter maintenant")]
    tap(kiosk, button.rect.center)
    result = scene.result
    assert result is not None and (result.rows, result.abandoned) == (3, 1)
    with result.written[0].open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert sorted(row["result"] for row in rows) == ["abandon", "noir gagne", "nulle"]
    line = scene.count_line(result)
    expected = {
        "fr": "Parties exportées : 3 (terminées : 2, abandonnées : 1)",
        "en": "Games exported: 3 (finished: 2, abandoned: 1)",
    }
    assert line == expected[lang]
    kiosk.draw()
