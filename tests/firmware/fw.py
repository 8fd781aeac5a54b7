"""The firmware's modules under CPython, laid out as on the Pico (``ludoboard/`` at the top).

``firmware/`` goes on ``sys.path`` so that the modules import each other as
they do on the Pico; ``ludoboard.hw`` (the real pins) is never imported.
"""

import json
import sys
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
if str(FIRMWARE) not in sys.path:
    sys.path.insert(0, str(FIRMWARE))

import make_board_json  # type: ignore[import-not-found, unused-ignore]  # noqa: E402
from ludoboard import (  # type: ignore[import-not-found, unused-ignore]  # noqa: E402
    board,
    config,
    framing,
    hal,
    leds,
    scanner,
    selftest,
)

__all__ = [
    "FIRMWARE",
    "board",
    "board_config",
    "config",
    "framing",
    "hal",
    "leds",
    "make_board_json",
    "scanner",
    "selftest",
]


def board_config(name: str, **extra: object) -> config.Config:
    """The firmware's configuration for ``firmware/boards/<name>.json``, keys overridden."""
    data = json.loads((FIRMWARE / "boards" / f"{name}.json").read_text(encoding="utf-8"))
    data.update(extra)
    return config.from_dict(data)
