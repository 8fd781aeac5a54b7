"""The real ``ludokiosk`` in a child process, headless, on files of a test's own."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIRST_FRAME = "première image"


@dataclass
class Place:
    """A kiosk's data and configuration directories."""

    data: Path
    etc: Path

    def env(self) -> dict[str, str]:
        return {
            **os.environ,
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "LUDOKIOSK_DATA": str(self.data),
            "CONFIGURATION_DIRECTORY": str(self.etc),
            "PYTHONPATH": str(ROOT),
        }

    def command(self, *args: str) -> list[str]:
        return [
            sys.executable, "-m", "kiosk.app", "--windowed",
            "--config", str(self.etc / "kiosk.toml"),
            "--hardware", str(self.etc / "hardware.toml"),
            *args,
        ]

    def events(self) -> list[tuple[str, str]]:
        """``(kind, detail)`` of the database's events, oldest first."""
        db = sqlite3.connect(self.data / "ludokiosk.sqlite3")
        try:
            return [
                (str(kind), str(detail))
                for kind, detail in db.execute("SELECT kind, detail FROM events ORDER BY id")
            ]
        finally:
            db.close()


def make_place(root: Path) -> Place:
    place = Place(root / "data", root / "etc")
    place.data.mkdir(parents=True)
    (place.etc / "boards").mkdir(parents=True)
    (place.etc / "kiosk.toml").write_text("[kiosk]\nlanguage = \"fr\"\n", encoding="utf-8")
    (place.etc / "hardware.toml").write_text("[board]\ntransport = \"none\"\n", encoding="utf-8")
    return place


def start(place: Place, frames: int = 5, *args: str) -> subprocess.CompletedProcess[str]:
    """``ludokiosk`` for ``frames`` frames, then a clean stop."""
    return subprocess.run(
        place.command("--frames", str(frames), *args),
        env=place.env(), capture_output=True, text=True, timeout=90, cwd=ROOT,
    )


def start_and_kill(place: Place) -> str:
    """``ludokiosk`` killed with SIGKILL once its first frame is shown; what it logged."""
    process = subprocess.Popen(
        place.command(), env=place.env(), stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
        text=True, cwd=ROOT,
    )
    assert process.stderr is not None
    lines: list[str] = []
    deadline = time.monotonic() + 60
    try:
        for line in process.stderr:
            lines.append(line)
            if FIRST_FRAME in line or time.monotonic() > deadline:
                break
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        process.stderr.close()
    text = "".join(lines)
    assert FIRST_FRAME in text, text
    return text
