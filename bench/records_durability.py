"""What a decision's autosave costs, synced to stable storage.

``python -m bench.records_durability [--dir DIR] [--count N]``.

The kiosk autosaves the game after every decision, in the main loop, and the
write is synced before it returns (SQLite in WAL mode with ``synchronous=FULL``:
one ``fdatasync`` of the write-ahead log per commit), so that a power cut loses
no decision the screen showed. This measures that cost on the file system of a
directory (default: the kiosk's data directory), beside what ``synchronous=NORMAL``
(no sync per commit) would cost, for a short game and a long one. The Pi's SD
card syncs more slowly than this machine's disk: run it there for its figure.

Last line: ``autosave_ms=<median with FULL, long game> p95_ms=<95th percentile>``.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from kiosk import paths
from kiosk.records import Records, SavedGame

GAMES = {"short": 60, "long": 600}
"""Moves in the saved game: a reversi game; a backgammon match's worth of decisions."""


def autosave_times(folder: Path, synchronous: str, moves: int, count: int) -> list[float]:
    """Seconds for each of ``count`` autosaves of a game growing to ``moves`` moves."""
    with tempfile.TemporaryDirectory(dir=folder, prefix=".bench-") as scratch:
        records = Records.open(Path(scratch) / "bench.sqlite3")
        records._db.execute(f"PRAGMA synchronous={synchronous}")
        played = [f"{i % 8 + 1}-{i % 6 + 1}: 24/18 13/11" for i in range(moves)]
        times = []
        for n in range(count):
            so_far = tuple(played[: n % moves])
            saved = SavedGame("backgammon", ("humain", "expert"), 7, so_far, 1.0)
            started = time.perf_counter()
            records.autosave(saved)
            times.append(time.perf_counter() - started)
        records.close()
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.records_durability")
    parser.add_argument("--dir", type=Path, default=None, help="where to write (data directory)")
    parser.add_argument("--count", type=int, default=300, help="autosaves per measure")
    args = parser.parse_args(argv)
    folder = args.dir or paths.data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    print(f"autosaves in {folder}, {args.count} each")
    last = (0.0, 0.0)
    for name, moves in GAMES.items():
        for synchronous in ("NORMAL", "FULL"):
            times = sorted(autosave_times(folder, synchronous, moves, args.count))
            median = statistics.median(times) * 1000
            p95 = times[int(len(times) * 0.95)] * 1000
            print(f"{name:5} game ({moves} moves) synchronous={synchronous:6}"
                  f" median {median:6.2f} ms  p95 {p95:6.2f} ms")
            if synchronous == "FULL":
                last = (median, p95)
    print(f"autosave_ms={last[0]:.2f} p95_ms={last[1]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
