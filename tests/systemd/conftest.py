"""The deployment tests' fixtures: the unit file parsed, a Bookworm-like root to install into."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.systemd.deployment import CMDLINE, UNIT, parse_unit


@pytest.fixture(scope="module")
def unit() -> dict[str, dict[str, list[str]]]:
    return parse_unit(UNIT.read_text(encoding="utf-8"))


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A Bookworm-like tree: /boot/firmware/cmdline.txt, an owner's kiosk.toml and board."""
    base = tmp_path / "root"
    (base / "boot" / "firmware").mkdir(parents=True)
    (base / "boot" / "firmware" / "cmdline.txt").write_text(CMDLINE + "\n")
    boards = base / "etc" / "ludokiosk" / "boards"
    boards.mkdir(parents=True)
    (base / "etc" / "ludokiosk" / "kiosk.toml").write_text("# réglages du gîte\nlanguage = 'en'\n")
    (boards / "moulin.toml").write_text("# plateau modifié\n")
    return base
