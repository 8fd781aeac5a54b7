"""The journal format: one JSON line per record, the traceback inside, the priority first."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import pytest

from kiosk import logs


@pytest.fixture(autouse=True)
def _root_logger() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def test_an_error_and_its_traceback_are_one_journal_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    logs.setup("journal")
    try:
        raise ValueError("case z9")
    except ValueError:
        logging.getLogger("kiosk.scene").exception("erreur dans l'écran %s", ["play"])
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("<3>{")
    entry = json.loads(lines[0][3:])
    assert entry["level"] == "ERROR" and entry["logger"] == "kiosk.scene"
    assert entry["msg"] == "erreur dans l'écran ['play']"
    assert "ValueError: case z9" in entry["exc"]


def test_the_text_format_is_one_readable_line(capsys: pytest.CaptureFixture[str]) -> None:
    logs.setup("text")
    logging.getLogger("kiosk").info("première image après %.2f s", 0.75)
    line = capsys.readouterr().err.strip()
    assert line.endswith("INFO kiosk: première image après 0.75 s")
