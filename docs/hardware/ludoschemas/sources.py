"""The project's files the drawings are made from: pins, boards, GPIO roles, headers."""

from __future__ import annotations

import ast
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .colours import BUTTON, COL, FLAP, LED, PIR, ROW

ROOT = Path(__file__).resolve().parents[3]
PINS_FILE = ROOT / "firmware" / "ludoboard" / "pins.py"
BOARDS_DIR = ROOT / "config" / "boards"


@dataclass(frozen=True)
class PicoPin:
    """One constant of ``pins.py``: its name, GPIO number and docstring."""

    name: str
    gpio: int
    doc: str


def read_pins(path: Path = PINS_FILE) -> list[PicoPin]:
    """The GPIO constants of the firmware's pin plan, in file order.

    The file is parsed, not imported (it is MicroPython code). Every integer
    constant is a pin except the ``*_PER_REGISTER`` counts.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    pins: list[PicoPin] = []
    body = tree.body
    for i, node in enumerate(body):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target, value = node.targets[0], node.value
        if not (isinstance(target, ast.Name) and isinstance(value, ast.Constant)):
            continue
        if not isinstance(value.value, int) or target.id.endswith("_PER_REGISTER"):
            continue
        doc = ""
        following = body[i + 1] if i + 1 < len(body) else None
        if isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant):
            doc = str(following.value.value)
        pins.append(PicoPin(target.id, value.value, doc))
    return pins


def read_constants(path: Path) -> dict[str, int]:
    """The module-level integer constants of a Python file (empty if it is missing)."""
    if not path.is_file():
        return {}
    found: dict[str, int] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Constant) and type(node.value.value) is int):
            found[node.targets[0].id] = node.value.value
    return found


def read_register_sizes(path: Path = PINS_FILE) -> tuple[int, int]:
    """(rows, columns) served by one 74HC595 and one 74HC165."""
    found = read_constants(path)
    return found.get("ROWS_PER_REGISTER", 8), found.get("COLS_PER_REGISTER", 8)


Cell = tuple[int, int]


@dataclass(frozen=True)
class Board:
    """What the drawings and the bill of materials need of a board file."""

    stem: str
    name: str
    rows: int
    cols: int
    order: str
    leds: dict[Cell, int]
    """Cell -> rank on the LED chain (the cells that carry a point)."""
    points: dict[Cell, str] = field(default_factory=dict)
    """Cell -> point name, for boards laid out by a table."""
    families: tuple[str, ...] = ()
    """The games played on it (``reversi``, ``latrunculi``…)."""

    @property
    def sensors(self) -> int:
        return len(self.leds)


BOARD_ORDER = ("grid8", "grid9", "grid16x8", "moulin", "assaut", "barricades")


def _cell(text: str) -> Cell:
    row, col = (int(part) for part in text.split(","))
    return row, col


def read_board(path: Path) -> Board:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    rows, cols = int(data["rows"]), int(data["cols"])
    leds_table = data.get("leds", {})
    order = str(leds_table.get("order", "row-major"))
    leds: dict[Cell, int] = {}
    if order == "table":
        leds = {_cell(key): int(rank) for key, rank in leds_table["index"].items()}
    else:
        for row in range(rows):
            for col in range(cols):
                along = cols - 1 - col if order == "serpentine" and row % 2 else col
                leds[(row, col)] = row * cols + along
    points: dict[Cell, str] = {}
    families: list[str] = []
    for entry in data.get("games", []):
        for spec in entry.get("specs", []):
            family = spec.split(":")[0].split(",")[0]
            if family not in families:
                families.append(family)
        for name, where in entry.get("points", {}).items():
            points.setdefault(_cell(where), name)
    return Board(path.stem, str(data.get("name", path.stem)), rows, cols, order, leds,
                 points, tuple(families))


def read_boards(directory: Path = BOARDS_DIR) -> list[Board]:
    """Every board file, in the order the admin screens offer them."""
    boards = [read_board(path) for path in sorted(directory.glob("*.toml"))]
    rank = {stem: i for i, stem in enumerate(BOARD_ORDER)}
    return sorted(boards, key=lambda b: (rank.get(b.stem, len(rank)), b.stem))


def project_on_path() -> None:
    """Let this script import the project's own (standard-library) modules."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


@dataclass(frozen=True)
class HeaderRole:
    """What a GPIO does in the direct-GPIO variant, and its colour."""

    text: str
    colour: str


def gpio_roles() -> dict[int, list[HeaderRole]]:
    """BCM pin -> its roles, from the defaults of ``drivers/hardware_config.py``."""
    project_on_path()
    from drivers.hardware_config import (
        ButtonsConfig,
        FlapsConfig,
        GpioConfig,
        PresenceConfig,
    )

    gpio, buttons = GpioConfig(), ButtonsConfig()
    roles: dict[int, list[HeaderRole]] = {}

    def add(pin: int, text: str, colour: str) -> None:
        roles.setdefault(pin, []).append(HeaderRole(text, colour))

    for i, pin in enumerate(gpio.rows):
        add(pin, f"rangée {i}", ROW)
    for i, pin in enumerate(gpio.cols):
        add(pin, f"colonne {i}", COL)
    add(gpio.leds.data, "LED : données (SER)", LED)
    add(gpio.leds.clock, "LED : horloge (SRCLK)", LED)
    add(gpio.leds.latch, "LED : verrou (RCLK)", LED)
    for name, pin in buttons.pins:
        add(pin, f"bouton {name}", BUTTON)
    add(PresenceConfig().pin, "détecteur de présence", PIR)
    for i, pin in enumerate(FlapsConfig().pins):
        add(pin, f"volet {i + 1}", FLAP)
    return roles


# The Raspberry Pi's 40-pin header: physical pin -> BCM GPIO, or a supply.
PI_HEADER: dict[int, int | str] = {
    1: "3,3 V", 2: "5 V", 3: 2, 4: "5 V", 5: 3, 6: "masse", 7: 4, 8: 14, 9: "masse",
    10: 15, 11: 17, 12: 18, 13: 27, 14: "masse", 15: 22, 16: 23, 17: "3,3 V", 18: 24,
    19: 10, 20: "masse", 21: 9, 22: 25, 23: 11, 24: 8, 25: "masse", 26: 7, 27: 0, 28: 1,
    29: 5, 30: "masse", 31: 6, 32: 12, 33: 13, 34: "masse", 35: 19, 36: 16, 37: 26,
    38: 20, 39: "masse", 40: 21,
}
PI_SPECIAL = {0: "EEPROM HAT", 1: "EEPROM HAT", 14: "UART TX", 15: "UART RX"}

# The Pico's 40 pins, physical 1 to 40 (1–20 down the left, 21–40 up the right).
PICO_HEADER = (
    "GP0", "GP1", "GND", "GP2", "GP3", "GP4", "GP5", "GND", "GP6", "GP7",
    "GP8", "GP9", "GND", "GP10", "GP11", "GP12", "GP13", "GND", "GP14", "GP15",
    "GP16", "GP17", "GND", "GP18", "GP19", "GP20", "GP21", "GND", "GP22", "RUN",
    "GP26", "GP27", "AGND", "GP28", "ADC_VREF", "3V3(OUT)", "3V3_EN", "GND", "VSYS", "VBUS",
)


def pico_physical(gpio: int) -> int | None:
    """The Pico's physical pin carrying GP``gpio`` (``None``: not on the header)."""
    name = f"GP{gpio}"
    return PICO_HEADER.index(name) + 1 if name in PICO_HEADER else None
