"""Write ``firmware/boards/*.json`` from ``config/boards/*.toml``: one per physical board.

The Pico reads its board as JSON (MicroPython has no TOML); the files are
made from the kiosk's own board files, read and checked by the kiosk's
board mapping, so the firmware's LED chain is always the kiosk's::

    python firmware/make_board_json.py            # rewrite the JSON files
    python firmware/make_board_json.py --check    # exit 1 if one is out of date
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from kiosk.board.mapping import DEFAULT_DIR, read_board  # noqa: E402

OUT_DIR = Path(__file__).resolve().parent / "boards"


def board_json(path: Path) -> str:
    """The JSON text for the board file ``path``."""
    board = read_board(path)
    leds: dict[str, object] = {"order": board.order, "count": board.led_count}
    if board.order == "table":
        by_led = sorted(board.leds.items(), key=lambda item: item[1])
        leds["index"] = {f"{row},{col}": led for (row, col), led in by_led}
    data = {
        "name": path.stem,
        "title": board.name,
        "rows": board.rows,
        "cols": board.cols,
        "leds": leds,
    }
    return json.dumps(data, indent=2, ensure_ascii=True) + "\n"


def expected(source: Path = DEFAULT_DIR) -> dict[str, str]:
    """File name -> JSON text, for every board file of ``source``."""
    return {f"{path.stem}.json": board_json(path) for path in sorted(source.glob("*.toml"))}


def stale(
    source: Path = DEFAULT_DIR, target: Path = OUT_DIR, wanted: dict[str, str] | None = None
) -> list[str]:
    """The JSON files missing, out of date or left over in ``target``."""
    wanted = expected(source) if wanted is None else wanted
    found = {path.name for path in target.glob("*.json")}
    wrong = [name for name, text in wanted.items()
             if not (target / name).is_file()
             or (target / name).read_text(encoding="utf-8") != text]
    return sorted(set(wrong) | (found - set(wanted)))


def write(source: Path = DEFAULT_DIR, target: Path = OUT_DIR) -> list[str]:
    """Bring ``target`` up to date; the files written or removed."""
    wanted = expected(source)
    changed = stale(source, target, wanted)
    target.mkdir(parents=True, exist_ok=True)
    for name in changed:
        if name in wanted:
            (target / name).write_text(wanted[name], encoding="utf-8")
        else:
            (target / name).unlink()
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check, exit 1 if stale")
    args = parser.parse_args(argv)
    if args.check:
        late = stale()
        for name in late:
            print(f"à refaire / stale: boards/{name}")
        return 1 if late else 0
    for name in write():
        print(f"écrit / written: boards/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
