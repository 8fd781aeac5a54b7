"""The doctor's report: a line per check, in French and in English, and what checks look at."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

OK, WARN, FAIL = "ok", "warn", "fail"
STATUSES = (OK, WARN, FAIL)
DISK_FAIL_BELOW = 50 * 1000**2
DISK_WARN_BELOW = 500 * 1000**2
DEFAULT_TIMEOUT = 3.0


@dataclass(frozen=True)
class Text:
    """A message in French and in English."""

    fr: str
    en: str

    def get(self, lang: str) -> str:
        return self.en if lang == "en" else self.fr


@dataclass(frozen=True)
class Result:
    """One line of the doctor's report."""

    status: str
    check: Text
    text: Text

    def line(self, lang: str) -> str:
        return f"{self.status:<6}{self.check.get(lang):<12}{self.text.get(lang)}"


@dataclass(frozen=True)
class Options:
    """What the checks look at: the kiosk's files as ``ludokiosk`` would read them."""

    config: Path | None = None
    hardware: Path | None = None
    timeout: float = DEFAULT_TIMEOUT
    pin_factory: Any = None
    """gpiozero's pin factory (``None``: its default, the Pi's pins)."""
    input_devices: Path = Path("/proc/bus/input/devices")
    """Where the kernel lists its input devices (the touch panel among them)."""
    dev_input: Path = Path("/dev/input")
    """Where their ``eventN`` nodes are."""


Check = Callable[[Options], list[Result]]

DISPLAY = Text("écran", "display")
TOUCH = Text("tactile", "touch")
FONTS = Text("polices", "fonts")
CONFIG = Text("réglages", "config")
DATABASE = Text("base", "database")
BOARD = Text("plateau", "board")
INPUTS = Text("entrées", "inputs")
DISK = Text("disque", "disk")
STARTS = Text("démarrages", "starts")
PIN = Text("code", "PIN")


def size_text(count: float) -> Text:
    """A number of bytes for people: ``1,2 Mo`` / ``1.2 MB``."""
    for fr, en, scale in (("Go", "GB", 1e9), ("Mo", "MB", 1e6), ("ko", "kB", 1e3)):
        if count >= scale:
            value = f"{count / scale:.1f}"
            return Text(f"{value.replace('.', ',')} {fr}", f"{value} {en}")
    return Text(f"{int(count)} o", f"{int(count)} B")


