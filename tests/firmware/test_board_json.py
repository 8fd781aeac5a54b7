"""The Pico's board files: made from config/boards, and read as the kiosk reads the TOML."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kiosk.board.mapping import DEFAULT_DIR, read_board
from tests.firmware.fw import FIRMWARE, board_config, config, make_board_json

TOML_FILES = sorted(DEFAULT_DIR.glob("*.toml"))


def test_the_json_files_are_up_to_date() -> None:
    assert make_board_json.stale() == [], "run: python firmware/make_board_json.py"
    assert {p.stem for p in (FIRMWARE / "boards").glob("*.json")} == {p.stem for p in TOML_FILES}


@pytest.mark.parametrize("path", TOML_FILES, ids=lambda path: path.stem)
def test_the_firmware_numbers_the_leds_as_the_kiosk(path: Path) -> None:
    kiosk = read_board(path)
    firmware = board_config(path.stem)
    assert (firmware.rows, firmware.cols, firmware.led_count) == (
        kiosk.rows,
        kiosk.cols,
        kiosk.led_count,
    )
    for row in range(kiosk.rows):
        for col in range(kiosk.cols):
            assert firmware.led_of_cell[row * kiosk.cols + col] == kiosk.leds.get(
                (row, col), config.NO_LED
            ), (row, col)
    name = firmware.firmware_name("ludoboard-1.0")
    assert name == f"ludoboard-1.0 {path.stem}" and len(name) <= 32 and name.isascii()


def test_writing_fills_a_folder_and_removes_strays(tmp_path: Path) -> None:
    (tmp_path / "old.json").write_text("{}", encoding="utf-8")
    shutil.copy(FIRMWARE / "boards" / "grid8.json", tmp_path / "grid8.json")
    written = make_board_json.write(target=tmp_path)
    assert "grid8.json" not in written and "old.json" in written
    assert make_board_json.stale(target=tmp_path) == []
    assert not (tmp_path / "old.json").exists()
    (tmp_path / "moulin.json").write_text("{}", encoding="utf-8")
    assert make_board_json.stale(target=tmp_path) == ["moulin.json"]
    assert make_board_json.main(["--check"]) == 0


def test_load_reads_board_json(tmp_path: Path) -> None:
    data = json.loads((FIRMWARE / "boards" / "moulin.json").read_text(encoding="utf-8"))
    data["brightness"] = 90
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = config.load(str(path))
    assert (loaded.name, loaded.rows, loaded.led_count, loaded.brightness) == ("moulin", 7, 24, 90)
    with pytest.raises(OSError):
        config.load(str(tmp_path / "absent.json"))
    fallback = config.fallback()
    assert (fallback.rows, fallback.cols, fallback.led_count) == (8, 8, 64)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"rows": 0}, "rows"),
        ({"rows": 17, "cols": 16}, "272 cells"),
        ({"cols": True}, "cols"),
        ({"leds": {"order": "zigzag"}}, "leds.order"),
        ({"leds": {"order": "table", "count": 2}}, "leds.index"),
        ({"leds": {"order": "table", "count": 2, "index": {"0,0": 0, "0,1": 0}}}, "twice"),
        ({"leds": {"order": "table", "count": 2, "index": {"0,9": 0}}}, "off the board"),
        ({"leds": {"order": "table", "count": 2, "index": {"a,1": 0}}}, "row,col"),
        ({"leds": {"order": "table", "count": 2, "index": {"0,1": 2}}}, "leds.index.0,1"),
        ({"brightness": 300}, "brightness"),
        ({"debounce": 0}, "debounce"),
    ],
)
def test_a_wrong_board_file_names_the_key(change: dict[str, object], words: str) -> None:
    data: dict[str, object] = {"name": "x", "rows": 8, "cols": 8, "leds": {"order": "row-major"}}
    data.update(change)
    with pytest.raises(ValueError, match=words):
        config.from_dict(data)
