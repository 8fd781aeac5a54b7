"""Every test keeps its data (database, saved settings) in its own temporary directory."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("LUDOKIOSK_DATA", str(folder))
    return folder


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-playthroughs",
        action="store_true",
        help="write tests/engines/playthroughs/ again from the engines as they are",
    )
