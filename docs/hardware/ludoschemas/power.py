"""The LED chain's current, the firmware's cap on it and the 5 V supply that covers it."""

from __future__ import annotations

import ast
import json
from dataclasses import dataclass
from pathlib import Path

from .sources import ROOT, read_constants

FIRMWARE_DIR = ROOT / "firmware"
LOGIC_A = 0.05
"""The 74AHCT125 and the wiring's losses on the 5 V supply (the Pico runs on USB)."""
MARGIN = 1.25
"""Supplies are chosen 25 % above the worst case."""
INJECT_EVERY = 64
"""5 V fed to the chain at one more point per this many LEDs (a 1000 µF at each)."""


@dataclass(frozen=True)
class Supply:
    """A 5 V supply to buy: its reference, its current and what it is."""

    reference: str
    amps: float
    kind: str


SUPPLIES = (
    Supply("Mean Well GST25A05-P1J", 4.0, "bloc de table 5 V 4 A (20 W), fiche 5,5 × 2,1 mm"),
    Supply("Mean Well GST60A05-P1J", 6.0, "bloc de table 5 V 6 A (30 W), fiche 5,5 × 2,1 mm"),
    Supply("Mean Well LRS-50-5", 10.0, "alimentation à bornier 5 V 10 A, à enfermer"),
    Supply("Mean Well LRS-75-5", 14.0, "alimentation à bornier 5 V 14 A, à enfermer"),
)


def _config_defaults(path: Path) -> dict[str, int]:
    """The integer defaults of the firmware's ``Config.__init__`` (its board.json keys)."""
    if not path.is_file():
        return {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef) and node.name == "__init__":
            args = node.args.args[len(node.args.args) - len(node.args.defaults):]
            return {arg.arg: default.value for arg, default in zip(args, node.args.defaults,
                                                                   strict=True)
                    if isinstance(default, ast.Constant) and type(default.value) is int}
    return {}


@dataclass(frozen=True)
class LedLimits:
    """How much an LED draws and what the firmware allows the chain, for one board."""

    led_full_ma: int
    """One LED lit white at full brightness."""
    led_idle_ma: int
    """One LED that is off."""
    brightness: int
    """The firmware's scaling of every colour, 0 to 255."""
    budget_ma: int | None
    """The firmware's cap on the whole chain (``None``: no cap found)."""


def led_limits(stem: str, firmware: Path = FIRMWARE_DIR) -> LedLimits:
    """The limits the firmware applies to board ``stem``: code defaults, then its board.json."""
    leds = read_constants(firmware / "ludoboard" / "leds.py")
    settings = _config_defaults(firmware / "ludoboard" / "config.py")
    board_json = firmware / "boards" / f"{stem}.json"
    if board_json.is_file():
        data = json.loads(board_json.read_text(encoding="utf-8"))
        settings.update({key: value for key, value in data.items()
                         if key in ("brightness", "max_current_ma") and type(value) is int})
    return LedLimits(3 * leds.get("MA_PER_CHANNEL", 20), leds.get("MA_IDLE", 1),
                     settings.get("brightness", 255), settings.get("max_current_ma"))


def chain_ma(leds: int, limits: LedLimits, capped: bool) -> float:
    """The most the chain draws, all white: within the firmware's cap when ``capped``."""
    full = leds * (limits.led_full_ma * limits.brightness / 255 + limits.led_idle_ma)
    if capped and limits.budget_ma is not None:
        return min(full, limits.budget_ma)
    return leds * (limits.led_full_ma + limits.led_idle_ma)


def supply_needed(chain: float) -> float:
    """Amperes the 5 V supply must give for a chain drawing ``chain`` mA."""
    return (chain / 1000 + LOGIC_A) * MARGIN


def choose_supply(amps: float) -> Supply:
    for supply in SUPPLIES:
        if supply.amps >= amps:
            return supply
    return SUPPLIES[-1]
