"""The autosave benchmark runs on a real file and ends on its figure."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench import records_durability


def test_it_measures_both_ways_and_ends_on_the_full_figure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert records_durability.main(["--dir", str(tmp_path), "--count", "4"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert sum("synchronous=FULL" in line for line in lines) == 2
    assert re.fullmatch(r"autosave_ms=\d+\.\d\d p95_ms=\d+\.\d\d", lines[-1])
    assert list(tmp_path.iterdir()) == [], "nothing left behind"
