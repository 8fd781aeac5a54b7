#!/usr/bin/env python3
"""Draw the hardware diagrams (SVG) and the generated tables of ``docs/hardware/``.

Everything is computed from the project's own files, so the drawings and the
quantities never drift from them:

- ``firmware/ludoboard/pins.py``: the Pico's pins (read as text, never run);
- ``firmware/ludoboard/leds.py``, ``config.py`` and ``firmware/boards/*.json``:
  an LED's current and the firmware's cap on the whole chain;
- ``drivers/hardware_config.py``: the default pins of the direct-GPIO variant;
- ``config/boards/*.toml``: board sizes, LED chain orders and points.

``python docs/hardware/draw_diagrams.py`` rewrites ``images/*.svg``, the bill
of materials of ``materiel.md`` and the pin table of ``pico.md`` (between
their markers); ``--check`` rewrites nothing and exits with 1 when something
is out of date. Standard library only; the output is deterministic (same
sources, same bytes).
"""

from __future__ import annotations

import argparse
import ast
import itertools
import json
import math
import sys
import tomllib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PINS_FILE = ROOT / "firmware" / "ludoboard" / "pins.py"
BOARDS_DIR = ROOT / "config" / "boards"
GENERATED = "(générée par draw_diagrams.py, ne pas modifier à la main)"
BOM_MARKERS = (f"<!-- nomenclature : début {GENERATED} -->", "<!-- nomenclature : fin -->")
PINS_MARKERS = (f"<!-- broches : début {GENERATED} -->", "<!-- broches : fin -->")

# --- colours, one meaning each in every drawing ---------------------------------

INK = "#1b2631"
MUTED = "#6b7780"
FAINT = "#d5dbdf"
PANEL = "#f4f6f7"
WHITE = "#ffffff"
ROW = "#c0392b"
COL = "#2471a3"
LED = "#1e8449"
BUTTON = "#7d3c98"
PIR = "#a04000"
FLAP = "#9a7d0a"
V33 = "#d68910"
V5 = "#e74c3c"
GND = "#2c3e50"
FREE = "#bfc6cc"
GOLD = "#b7950b"

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def fmt(value: float) -> str:
    """A coordinate as short, stable text (one decimal at most)."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def text_width(text: str, size: float) -> float:
    """A rough width of ``text`` in DejaVu Sans, for laying out boxes."""
    return len(text) * size * 0.6


# --- the sources ----------------------------------------------------------------


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


def _constants(path: Path) -> dict[str, int]:
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
    found = _constants(path)
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


def _project_on_path() -> None:
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
    _project_on_path()
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


# --- a small SVG writer ---------------------------------------------------------


def _attrs(attrs: dict[str, object]) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, float | int) and not isinstance(value, bool):
            value = fmt(value)
        parts.append(f' {name}="{escape(str(value), {chr(34): "&quot;"})}"')
    return "".join(parts)


class Svg:
    """An SVG document written element by element, indented, deterministic."""

    def __init__(self, width: int, height: int, title: str, desc: str) -> None:
        self.width, self.height = width, height
        self.title, self.desc = title, desc
        self.lines: list[str] = []
        self.depth = 1

    def raw(self, text: str) -> None:
        self.lines.append("  " * self.depth + text)

    def element(self, tag: str, content: str | None = None, /, **attrs: object) -> None:
        if content is None:
            self.raw(f"<{tag}{_attrs(attrs)}/>")
        else:
            self.raw(f"<{tag}{_attrs(attrs)}>{escape(content)}</{tag}>")

    @contextmanager
    def group(self, title: str | None = None, **attrs: object) -> Iterator[None]:
        self.raw(f"<g{_attrs(attrs)}>")
        self.depth += 1
        if title:
            self.element("title", title)
        yield
        self.depth -= 1
        self.raw("</g>")

    # shapes

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: str = INK,
             width: float = 2, dash: str | None = None, **attrs: object) -> None:
        self.element("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=colour, stroke_width=width,
                     stroke_dasharray=dash, stroke_linecap="round", **attrs)

    def polyline(self, points: Sequence[tuple[float, float]], colour: str = INK,
                 width: float = 2, dash: str | None = None, **attrs: object) -> None:
        text = " ".join(f"{fmt(x)},{fmt(y)}" for x, y in points)
        self.element("polyline", points=text, fill="none", stroke=colour, stroke_width=width,
                     stroke_dasharray=dash, stroke_linejoin="round", stroke_linecap="round",
                     **attrs)

    def polygon(self, points: Sequence[tuple[float, float]], fill: str = INK,
                stroke: str | None = None, width: float = 1, **attrs: object) -> None:
        text = " ".join(f"{fmt(x)},{fmt(y)}" for x, y in points)
        self.element("polygon", points=text, fill=fill, stroke=stroke,
                     stroke_width=width if stroke else None, **attrs)

    def rect(self, x: float, y: float, w: float, h: float, fill: str = "none",
             stroke: str | None = INK, width: float = 1.5, radius: float = 0,
             dash: str | None = None, **attrs: object) -> None:
        self.element("rect", x=x, y=y, width=w, height=h, rx=radius or None, fill=fill,
                     stroke=stroke, stroke_width=width if stroke else None,
                     stroke_dasharray=dash, **attrs)

    def circle(self, cx: float, cy: float, r: float, fill: str = "none",
               stroke: str | None = INK, width: float = 1.5, dash: str | None = None,
               **attrs: object) -> None:
        self.element("circle", cx=cx, cy=cy, r=r, fill=fill, stroke=stroke,
                     stroke_width=width if stroke else None, stroke_dasharray=dash, **attrs)

    def path(self, d: str, colour: str = INK, width: float = 2, fill: str = "none",
             **attrs: object) -> None:
        self.element("path", d=d, fill=fill, stroke=colour, stroke_width=width,
                     stroke_linejoin="round", stroke_linecap="round", **attrs)

    def text(self, x: float, y: float, content: str, size: float = 14, anchor: str = "start",
             colour: str = INK, bold: bool = False, italic: bool = False,
             rotate: float | None = None, **attrs: object) -> None:
        transform = f"rotate({fmt(rotate)} {fmt(x)} {fmt(y)})" if rotate else None
        self.element("text", content, x=x, y=y, font_size=size, text_anchor=anchor,
                     fill=colour, font_weight="bold" if bold else None,
                     font_style="italic" if italic else None, transform=transform, **attrs)

    def render(self) -> str:
        head = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            "<!-- Généré par docs/hardware/draw_diagrams.py : ne pas modifier à la main. -->",
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" '
            f'height="{self.height}" viewBox="0 0 {self.width} {self.height}" '
            f'font-family="{FONT}">',
            f"  <title>{escape(self.title)}</title>",
            f"  <desc>{escape(self.desc)}</desc>",
            f'  <rect width="{self.width}" height="{self.height}" fill="{WHITE}"/>',
        ]
        return "\n".join([*head, *self.lines, "</svg>", ""])


# --- drawing parts --------------------------------------------------------------


def heading(svg: Svg, title: str, subtitle: str) -> None:
    svg.text(32, 44, title, size=24, bold=True)
    svg.text(32, 72, subtitle, size=14, colour=MUTED)


def dot(svg: Svg, x: float, y: float, colour: str = INK) -> None:
    svg.circle(x, y, 4, fill=colour, stroke=None)


def arrow_head(svg: Svg, x: float, y: float, angle: float, colour: str, size: float = 9) -> None:
    """A filled arrow head pointing along ``angle`` (radians) with its tip at (x, y)."""
    back = angle + math.pi
    left = (x + size * math.cos(back + 0.45), y + size * math.sin(back + 0.45))
    right = (x + size * math.cos(back - 0.45), y + size * math.sin(back - 0.45))
    svg.polygon([(x, y), left, right], fill=colour)


def ground(svg: Svg, x: float, y: float, down: bool = True) -> None:
    """The ground symbol hanging from (x, y)."""
    step = 1 if down else -1
    svg.line(x, y, x, y + 10 * step, GND, 2)
    for i, half in enumerate((9, 6, 3)):
        yy = y + (10 + 4 * i) * step
        svg.line(x - half, yy, x + half, yy, GND, 2)


def flag(svg: Svg, x: float, y: float, label: str, colour: str, side: str = "right") -> None:
    """A supply label (``+3,3 V``…) at the end of a short wire from (x, y)."""
    width = text_width(label, 12) + 14
    if side == "right":
        svg.line(x, y, x + 12, y, colour, 2)
        box_x = x + 12
    elif side == "left":
        svg.line(x, y, x - 12, y, colour, 2)
        box_x = x - 12 - width
    else:  # up
        svg.line(x, y, x, y - 12, colour, 2)
        box_x = x - width / 2
    box_y = y - 10 if side != "up" else y - 32
    svg.rect(box_x, box_y, width, 20, fill=WHITE, stroke=colour, width=1.5, radius=10)
    svg.text(box_x + width / 2, box_y + 14.5, label, size=12, anchor="middle", colour=colour,
             bold=True)


def resistor(svg: Svg, x1: float, y1: float, x2: float, y2: float, label: str,
             colour: str = INK, label_side: str = "above") -> None:
    """A resistor (a box, as drawn in Europe) between two points on one axis."""
    horizontal = y1 == y2
    length = abs(x2 - x1) if horizontal else abs(y2 - y1)
    body = min(40.0, length * 0.6)
    if horizontal:
        mid = (x1 + x2) / 2
        svg.line(x1, y1, mid - body / 2, y1, colour)
        svg.line(mid + body / 2, y1, x2, y1, colour)
        svg.rect(mid - body / 2, y1 - 7, body, 14, fill=WHITE, stroke=INK, width=1.8)
        offset = -13 if label_side == "above" else 25
        svg.text(mid, y1 + offset, label, size=12, anchor="middle")
    else:
        mid = (y1 + y2) / 2
        top, bottom = min(y1, y2), max(y1, y2)
        svg.line(x1, top, x1, mid - body / 2, colour)
        svg.line(x1, mid + body / 2, x1, bottom, colour)
        svg.rect(x1 - 6, mid - body / 2, 12, body, fill=WHITE, stroke=INK, width=1.8)
        if label:
            svg.text(x1 + 12, mid + 4, label, size=12)


def capacitor(svg: Svg, x: float, top: float, bottom: float, label: str,
              polarised: bool = True) -> None:
    """A vertical capacitor between ``top`` and ``bottom``; + at the top."""
    mid = (top + bottom) / 2
    svg.line(x, top, x, mid - 5, INK)
    svg.line(x, mid + 5, x, bottom, INK)
    svg.line(x - 14, mid - 5, x + 14, mid - 5, INK, 2.5)
    if polarised:
        svg.path(f"M {fmt(x - 14)} {fmt(mid + 9)} Q {fmt(x)} {fmt(mid + 1)} {fmt(x + 14)} "
                 f"{fmt(mid + 9)}", INK, 2.5)
        svg.text(x - 20, mid - 10, "+", size=13, anchor="middle", bold=True)
    else:
        svg.line(x - 14, mid + 5, x + 14, mid + 5, INK, 2.5)
    svg.text(x + 20, mid + 5, label, size=12)


def diode(svg: Svg, x: float, top: float, bottom: float, colour: str = INK,
          size: float = 12) -> None:
    """A diode on a vertical wire, pointing down: anode at the top, cathode below."""
    mid = (top + bottom) / 2
    svg.line(x, top, x, mid - size / 2, colour)
    svg.line(x, mid + size / 2, x, bottom, colour)
    svg.polygon([(x - size * 0.8, mid - size / 2), (x + size * 0.8, mid - size / 2),
                 (x, mid + size / 2)], fill=WHITE, stroke=INK, width=1.8)
    svg.line(x - size * 0.8, mid + size / 2, x + size * 0.8, mid + size / 2, INK, 2.5)


def reed(svg: Svg, x: float, top: float, bottom: float, closed: bool,
         colour: str = INK, scale: float = 1.0) -> None:
    """A reed switch on a vertical wire: two blades in a glass tube, touching when closed."""
    mid = (top + bottom) / 2
    half = 22 * scale
    svg.line(x, top, x, mid - half, colour)
    svg.line(x, mid + half, x, bottom, colour)
    svg.rect(x - 9 * scale, mid - half, 18 * scale, 2 * half, fill="#eaf2f8", stroke=MUTED,
             width=1.2, radius=9 * scale)
    svg.line(x, mid - half, x, mid - 3 * scale, INK, 2)
    svg.line(x, mid + half, x, mid + 9 * scale, INK, 2)
    tip = (x + 1.5, mid - 5 * scale) if closed else (x - 8 * scale, mid - 6 * scale)
    svg.line(x, mid + 9 * scale, tip[0], tip[1], INK, 2)


def push_button(svg: Svg, x: float, top: float, bottom: float, colour: str = INK) -> None:
    """A normally open push button on a vertical wire."""
    mid = (top + bottom) / 2
    svg.line(x, top, x, mid - 10, colour)
    svg.line(x, mid + 10, x, bottom, colour)
    dot(svg, x, mid - 10, colour)
    dot(svg, x, mid + 10, colour)
    svg.line(x - 14, mid - 14, x - 14, mid + 14, INK, 2)
    svg.line(x - 14, mid, x - 24, mid, INK, 2)
    svg.line(x - 24, mid - 6, x - 24, mid + 6, INK, 2)


@dataclass(frozen=True)
class Pin:
    """A pin of a drawn chip: its name and its package number."""

    label: str
    number: str


class Chip:
    """A chip drawn as a box, pins named inside, package numbers outside."""

    PITCH = 24
    HEAD = 46
    STUB = 18

    def __init__(self, x: float, y: float, width: float, name: str, role: str,
                 left: Sequence[Pin | None], right: Sequence[Pin | None]) -> None:
        self.x, self.y, self.width = x, y, width
        self.name, self.role = name, role
        self.left, self.right = list(left), list(right)
        rows = max(len(self.left), len(self.right))
        self.height = self.HEAD + rows * self.PITCH + 6

    def pin_y(self, index: int) -> float:
        return self.y + self.HEAD + index * self.PITCH + self.PITCH / 2

    def end(self, label: str) -> tuple[float, float]:
        """Where a wire meets the pin named ``label`` (the stub's outer end)."""
        for index, pin in enumerate(self.left):
            if pin is not None and pin.label == label:
                return self.x - self.STUB, self.pin_y(index)
        for index, pin in enumerate(self.right):
            if pin is not None and pin.label == label:
                return self.x + self.width + self.STUB, self.pin_y(index)
        raise KeyError(label)

    def draw(self, svg: Svg) -> None:
        with svg.group(f"{self.name} — {self.role}"):
            svg.rect(self.x, self.y, self.width, self.height, fill="#fdfefe", stroke=INK,
                     width=2, radius=6)
            svg.text(self.x + self.width / 2, self.y + 20, self.name, size=15, anchor="middle",
                     bold=True)
            svg.text(self.x + self.width / 2, self.y + 37, self.role, size=11.5,
                     anchor="middle", colour=MUTED)
            for side, pins in (("left", self.left), ("right", self.right)):
                for index, pin in enumerate(pins):
                    if pin is None:
                        continue
                    y = self.pin_y(index)
                    if side == "left":
                        edge, outer, inner, anchor = self.x, self.x - self.STUB, self.x + 7, "start"
                        number_x, number_anchor = self.x - 3, "end"
                    else:
                        edge = self.x + self.width
                        outer, inner, anchor = edge + self.STUB, edge - 7, "end"
                        number_x, number_anchor = edge + 3, "start"
                    svg.line(edge, y, outer, y, INK, 2)
                    svg.text(inner, y + 4.5, pin.label, size=12, anchor=anchor)
                    svg.text(number_x, y - 4, pin.number, size=9.5, anchor=number_anchor,
                             colour=MUTED)


def legend(svg: Svg, x: float, y: float, items: Sequence[tuple[str, str]],
           title: str = "Légende", width: float = 300) -> float:
    """Colour swatches with their meaning; returns the bottom of the box."""
    height = 40 + 24 * len(items)
    svg.rect(x, y, width, height, fill=PANEL, stroke=FAINT, radius=8)
    svg.text(x + 14, y + 24, title, size=14, bold=True)
    for i, (colour, meaning) in enumerate(items):
        yy = y + 46 + 24 * i
        svg.line(x + 16, yy - 4, x + 46, yy - 4, colour, 4)
        svg.text(x + 56, yy, meaning, size=12.5)
    return y + height


def note_box(svg: Svg, x: float, y: float, width: float, title: str,
             lines: Sequence[str], size: float = 12.5) -> float:
    """A grey box of text lines; returns its bottom."""
    step = size + 7
    height = 40 + step * len(lines)
    svg.rect(x, y, width, height, fill=PANEL, stroke=FAINT, radius=8)
    svg.text(x + 14, y + 24, title, size=14, bold=True)
    for i, line in enumerate(lines):
        indent = 16 if line.startswith("  ") else 0
        svg.text(x + 14 + indent, y + 46 + step * i, line.strip(), size=size)
    return y + height


def callout(svg: Svg, x: float, y: float, lines: Sequence[str], colour: str,
            size: float = 12) -> None:
    """Bold text lines on a white box, readable over the wires they cross."""
    step = size + 4
    width = max(text_width(line, size) for line in lines) + 14
    svg.rect(x - 7, y - size - 3, width, step * len(lines) + 6, fill=WHITE, stroke=colour,
             width=1, radius=4, opacity=0.95)
    for i, line in enumerate(lines):
        svg.text(x, y + step * i, line, size=size, colour=colour, bold=True)


# --- (a) the Pico board ----------------------------------------------------------

PICO_X, PICO_Y, PICO_W = 720, 236, 170
PICO_PITCH = 24
PICO_FIRST = PICO_Y + 56
"""The y of the Pico's pins 1 and 40 (the top leaves room for the USB port and its LED)."""


def pico_pin_position(physical: int) -> tuple[float, float, str]:
    """(x of the pad, y, side) of a Pico pin, USB at the top."""
    if physical <= 20:
        return PICO_X, PICO_FIRST + (physical - 1) * PICO_PITCH, "left"
    return PICO_X + PICO_W, PICO_FIRST + (40 - physical) * PICO_PITCH, "right"


def pico_stub(physical: int) -> tuple[float, float]:
    """The outer end of the short wire leaving a Pico pin."""
    x, y, side = pico_pin_position(physical)
    return (x - 22, y) if side == "left" else (x + 22, y)


PIN_ROLES = {
    "ROW_DATA": ("rangées : données", ROW),
    "ROW_CLOCK": ("rangées : horloge", ROW),
    "ROW_LATCH": ("rangées : verrou", ROW),
    "COL_DATA": ("colonnes : données", COL),
    "COL_CLOCK": ("colonnes : horloge", COL),
    "COL_LOAD": ("colonnes : chargement", COL),
    "LED_DATA": ("LED : données", LED),
    "STATUS_LED": ("LED d'état", LED),
    "SELF_TEST_BUTTON": ("bouton d'autotest", BUTTON),
}
"""French captions of the constants of ``pins.py`` (others keep their name)."""


def role_of(pin: PicoPin) -> tuple[str, str]:
    return PIN_ROLES.get(pin.name, (pin.name, INK))


def draw_pico(svg: Svg, pins: Sequence[PicoPin]) -> None:
    """The Pico seen from above, every pin numbered, the used ones in colour."""
    by_gpio = {pin.gpio: pin for pin in pins}
    bottom = PICO_FIRST + 20 * PICO_PITCH - PICO_PITCH / 2
    centre = PICO_X + PICO_W / 2
    with svg.group("Raspberry Pi Pico, vu de dessus, port USB en haut"):
        svg.rect(PICO_X, PICO_Y, PICO_W, bottom - PICO_Y, fill="#e8f6ef", stroke=LED,
                 width=2.5, radius=8)
        svg.rect(centre - 22, PICO_Y - 14, 44, 22, fill="#cfd8dc", stroke=INK, width=1.5,
                 radius=3)
        svg.text(centre, PICO_Y + 20, "USB", size=11, anchor="middle", colour=MUTED)
        svg.text(centre, (PICO_FIRST + bottom) / 2 + 10, "Raspberry Pi Pico", size=15,
                 anchor="middle", bold=True, rotate=-90)
        svg.text(centre + 20, (PICO_FIRST + bottom) / 2 + 10, "RP2040", size=12,
                 anchor="middle", colour=MUTED, rotate=-90)
        for physical, name in enumerate(PICO_HEADER, start=1):
            x, y, side = pico_pin_position(physical)
            gpio = int(name[2:]) if name.startswith("GP") else None
            used = by_gpio.get(gpio) if gpio is not None else None
            colour = role_of(used)[1] if used else None
            if name in ("GND", "AGND"):
                colour = GND
            elif name == "3V3(OUT)":
                colour = V33
            label_x = x + 14 if side == "left" else x - 14
            anchor = "start" if side == "left" else "end"
            title = f"picot {physical} du Pico : {name}"
            if used:
                title += f" = {used.name}"
            with svg.group(title, id=f"pico-{physical}"):
                svg.circle(x, y, 9, fill=colour or WHITE, stroke=INK if colour else MUTED,
                           width=1.2)
                svg.text(x, y + 3.5, str(physical), size=8.5, anchor="middle",
                         colour=WHITE if colour else MUTED, bold=bool(colour))
                svg.text(label_x, y + 4.5, name, size=11.5, anchor=anchor,
                         colour=INK if colour else MUTED, bold=bool(used))
                if used is not None:
                    stub_x, _ = pico_stub(physical)
                    svg.line(x - 9 if side == "left" else x + 9, y, stub_x, y,
                             colour or INK, 2.2)
        onboard = [pin for pin in pins if pico_physical(pin.gpio) is None]
        for i, pin in enumerate(onboard):
            y = PICO_Y + 38 + 14 * i
            caption, colour = role_of(pin)
            with svg.group(f"GP{pin.gpio} sur la carte = {pin.name}", id=f"pico-gp{pin.gpio}"):
                svg.circle(centre - 62, y - 4, 5, fill=colour, stroke=None)
                svg.text(centre - 52, y, f"GP{pin.gpio} · {caption}", size=10.5, colour=colour,
                         bold=True)


def pin_caption(pin: PicoPin) -> str:
    caption = role_of(pin)[0]
    physical = pico_physical(pin.gpio)
    where = f"picot {physical}" if physical else "sur la carte"
    return f"GP{pin.gpio} ({where}) · {pin.name} · {caption}"


def wire(svg: Svg, points: Sequence[tuple[float, float]], colour: str) -> None:
    """A wire through ``points``, with repeated points left out."""
    cleaned = [points[0]]
    for point in points[1:]:
        if point != cleaned[-1]:
            cleaned.append(point)
    svg.polyline(cleaned, colour, 2.2)


def tie(svg: Svg, chip: Chip, labels: Sequence[str], to: str, label: str = "",
        colour: str = GND) -> None:
    """Pins of ``chip`` joined on one side, then to ground or to a supply flag."""
    ends = [chip.end(name) for name in labels]
    right = ends[0][0] > chip.x
    bus_x = ends[0][0] + (14 if right else -14)
    for x, y in ends:
        svg.line(x, y, bus_x, y, colour, 2)
    top, bottom = min(y for _, y in ends), max(y for _, y in ends)
    if len(ends) > 1:
        svg.line(bus_x, top, bus_x, bottom, colour, 2)
        for _, y in ends[1:-1]:
            dot(svg, bus_x, y, colour)
    if to == "ground":
        ground(svg, bus_x, bottom)
    else:
        flag(svg, bus_x, top, label, colour, side="right" if right else "left")


def pico_diagram(pins: Sequence[PicoPin], boards: Sequence[Board]) -> Svg:
    rows_per, cols_per = read_register_sizes()
    svg = Svg(1840, 1200, "Plateau série : le Raspberry Pi Pico et son électronique",
              "Schéma de câblage de la carte du plateau : Pico, chaîne de 74HC595 vers les "
              "rangées, chaîne de 74HC165 depuis les colonnes, chaîne de LED WS2812B.")
    heading(svg, "Plateau série : le Raspberry Pi Pico et son électronique",
            "Broches lues dans firmware/ludoboard/pins.py · Pico vu de dessus, port USB en haut "
            "· toutes les masses sont reliées entre elles")
    named = {pin.name: pin for pin in pins}

    def pin_y(name: str, default: int) -> float:
        """The y of the Pico pin carrying constant ``name`` (to line a chip up with it)."""
        physical = pico_physical(named[name].gpio) if name in named else None
        return pico_pin_position(physical or default)[1]

    legend(svg, 32, 90, [
        (ROW, "rangées : Pico → 74HC595 → plateau"),
        (COL, "colonnes : plateau → 74HC165 → Pico"),
        (LED, "données des LED"),
        (BUTTON, "bouton d'autotest"),
        (V33, f"+3,3 V (sortie 3V3 du Pico, picot {PICO_HEADER.index('3V3(OUT)') + 1})"),
        (V5, "+5 V de l'alimentation des LED"),
        (GND, "masse : une seule pour tout le montage"),
    ], width=340)

    with svg.group("Liaison USB vers le Raspberry Pi de la borne"):
        centre = PICO_X + PICO_W / 2
        svg.rect(centre - 150, 96, 300, 66, fill=PANEL, stroke=INK, width=1.5, radius=8)
        svg.text(centre, 122, "Raspberry Pi de la borne", size=14, anchor="middle", bold=True)
        svg.text(centre, 144, "port USB-A · le Pico y apparaît en /dev/ttyACM0", size=11.5,
                 anchor="middle", colour=MUTED)
        svg.line(centre, 162, centre, PICO_Y - 14, INK, 4)
        svg.text(centre + 10, 204, "câble USB : données et alimentation du Pico", size=11.5)
    draw_pico(svg, pins)

    # Rows: a chain of 74HC595, the first one lined up with the row pins.
    outputs = zip("ABCDEFGH", ("15", "1", "2", "3", "4", "5", "6", "7"), strict=True)
    row_chip = Chip(250, pin_y("ROW_DATA", 4) - Chip.HEAD - Chip.PITCH / 2, 170,
                    "74HC595 n°1", f"rangées 0 à {rows_per - 1}",
                    [*(Pin(f"Q{letter}", n) for letter, n in outputs), None, Pin("QH'", "9")],
                    [Pin("SER", "14"), Pin("SRCLK", "11"), Pin("RCLK", "12"), None,
                     Pin("SRCLR", "10"), Pin("VCC", "16"), None, Pin("OE", "13"),
                     Pin("GND", "8")])
    row_chip.draw(svg)
    with svg.group("Sorties du 74HC595 vers les fils de rangée du plateau"):
        for i, letter in enumerate("ABCDEFGH"):
            x, y = row_chip.end(f"Q{letter}")
            svg.line(x, y, 150, y, ROW, 2.2)
            svg.text(142, y + 4.5, f"rangée {i}", size=12.5, anchor="end", colour=ROW, bold=True)
    tie(svg, row_chip, ("OE", "GND"), "ground")
    tie(svg, row_chip, ("SRCLR", "VCC"), "flag", "+3,3 V", V33)
    x, y = row_chip.end("QH'")
    next_top = row_chip.y + row_chip.height + 24
    with svg.group("Le 74HC595 suivant de la chaîne"):
        wire(svg, [(x, y), (x - 20, y), (x - 20, next_top + 22), (row_chip.x, next_top + 22)],
             ROW)
        svg.rect(row_chip.x, next_top, 170, 44, fill="#fdfefe", stroke=INK, width=1.5,
                 radius=6, dash="6 4")
        svg.text(row_chip.x + 8, next_top + 18, "SER du 74HC595 n°2", size=12, bold=True)
        svg.text(row_chip.x + 8, next_top + 35, f"rangées {rows_per} à {2 * rows_per - 1}",
                 size=11.5, colour=MUTED)
        svg.text(row_chip.x - 40, next_top + 62, "ses SRCLK, RCLK, OE, SRCLR, VCC,",
                 size=11.5, colour=MUTED)
        svg.text(row_chip.x - 40, next_top + 78, "GND : reliés comme ceux du n°1",
                 size=11.5, colour=MUTED)

    # Columns: a chain of 74HC165, each input pulled up to 3.3 V.
    inputs = zip("ABCDEFGH", ("11", "12", "13", "14", "3", "4", "5", "6"), strict=True)
    col_chip = Chip(250, next_top + 150, 170, "74HC165 n°1", f"colonnes 0 à {cols_per - 1}",
                    [*(Pin(letter, n) for letter, n in inputs), None, Pin("SER", "10")],
                    [Pin("QH", "9"), Pin("CLK", "2"), Pin("SH/LD", "1"), None,
                     Pin("VCC", "16"), None, Pin("CLK INH", "15"), Pin("GND", "8"), None,
                     Pin("QH̄", "7")])
    col_chip.draw(svg)
    bus_y = col_chip.y - 6
    with svg.group("Entrées des colonnes, chacune tirée vers +3,3 V par 10 kΩ"):
        for i, letter in enumerate("ABCDEFGH"):
            x, y = col_chip.end(letter)
            svg.line(x, y, 150, y, COL, 2.2)
            svg.text(142, y + 4.5, f"colonne {i}", size=12.5, anchor="end", colour=COL,
                     bold=True)
            rx = 158 + 9 * i
            dot(svg, rx, y, COL)
            svg.line(rx, y, rx, bus_y + 26, COL, 1.6)
            svg.rect(rx - 3.5, bus_y + 6, 7, 20, fill=WHITE, stroke=INK, width=1.3)
            svg.line(rx, bus_y, rx, bus_y + 6, V33, 1.6)
        svg.line(150, bus_y, 158 + 9 * 7 + 4, bus_y, V33, 2.2)
        flag(svg, 150, bus_y, "+3,3 V", V33, side="left")
        svg.text(60, bus_y - 16, "8 × 10 kΩ (réseau RN1)", size=11.5, colour=MUTED)
    tie(svg, col_chip, ("CLK INH", "GND"), "ground")
    tie(svg, col_chip, ("VCC",), "flag", "+3,3 V", V33)
    x, y = col_chip.end("QH̄")
    svg.text(x + 4, y + 4.5, "non reliée", size=11, colour=MUTED)
    x, y = col_chip.end("SER")
    next_top = col_chip.y + col_chip.height + 24
    with svg.group("Le 74HC165 suivant de la chaîne"):
        wire(svg, [(x, y), (x - 20, y), (x - 20, next_top + 22), (col_chip.x, next_top + 22)],
             COL)
        svg.rect(col_chip.x, next_top, 170, 44, fill="#fdfefe", stroke=INK, width=1.5,
                 radius=6, dash="6 4")
        svg.text(col_chip.x + 8, next_top + 18, "QH du 74HC165 n°2", size=12, bold=True)
        svg.text(col_chip.x + 8, next_top + 35, f"colonnes {cols_per} à {2 * cols_per - 1}",
                 size=11.5, colour=MUTED)
        svg.text(col_chip.x - 40, next_top + 62, "au bout de la chaîne : SER au +3,3 V",
                 size=11.5, colour=MUTED)

    # The level shifter, lined up with the LED pin, then the LED chain.
    buffer = Chip(1010, pin_y("LED_DATA", 29) - Chip.HEAD - Chip.PITCH / 2, 170, "74AHCT125",
                  "3,3 V → 5 V",
                  [Pin("1A", "2"), None, Pin("1OE", "1"), Pin("2A", "5"), Pin("3A", "9"),
                   Pin("4A", "12")],
                  [Pin("1Y", "3"), None, Pin("VCC", "14"), Pin("2OE", "4"), Pin("3OE", "10"),
                   Pin("4OE", "13"), None, Pin("GND", "7")])
    buffer.draw(svg)
    tie(svg, buffer, ("1OE", "2A", "3A", "4A"), "ground")
    tie(svg, buffer, ("VCC", "2OE", "3OE", "4OE"), "flag", "+5 V", V5)
    tie(svg, buffer, ("GND",), "ground")
    x, y = buffer.end("1Y")
    led_w, led_h = 96, 86
    led_xs = (1300, 1440, 1590)
    led_top = y - led_h / 2
    rail_5v, rail_gnd = led_top - 44, led_top + led_h + 44
    resistor(svg, x, y, led_xs[0], y, "330 Ω", LED)
    arrow_head(svg, led_xs[0], y, 0, LED)
    with svg.group("La chaîne de LED WS2812B, une par case"):
        for i, (lx, caption) in enumerate(zip(led_xs, ("LED 0", "LED 1", "dernière LED"),
                                              strict=True)):
            svg.rect(lx, led_top, led_w, led_h, fill="#fef9e7", stroke=INK, width=2, radius=6)
            svg.text(lx + led_w / 2, led_top + 38, "WS2812B", size=13, anchor="middle",
                     bold=True)
            svg.text(lx + led_w / 2, led_top + 55, caption, size=11.5, anchor="middle",
                     colour=MUTED)
            svg.text(lx + 5, y + 22, "DIN", size=10, colour=MUTED)
            svg.text(lx + led_w - 5, y + 22, "DOUT", size=10, anchor="end", colour=MUTED)
            svg.text(lx + led_w / 2 + 5, led_top + 14, "VDD", size=10, colour=MUTED)
            svg.text(lx + led_w / 2 + 5, led_top + led_h - 5, "GND", size=10, colour=MUTED)
            svg.line(lx + led_w / 2, led_top, lx + led_w / 2, rail_5v, V5, 2)
            svg.line(lx + led_w / 2, led_top + led_h, lx + led_w / 2, rail_gnd, GND, 2)
            dot(svg, lx + led_w / 2, rail_5v, V5)
            dot(svg, lx + led_w / 2, rail_gnd, GND)
            if i == 0:
                svg.line(lx + led_w, y, led_xs[1], y, LED, 2.2)
                arrow_head(svg, led_xs[1], y, 0, LED)
            elif i == 1:
                svg.line(lx + led_w, y, lx + led_w + 18, y, LED, 2.2)
                svg.text((lx + led_w + led_xs[2]) / 2, y + 5, "…", size=18, anchor="middle",
                         bold=True)
                svg.line(led_xs[2] - 18, y, led_xs[2], y, LED, 2.2)
                arrow_head(svg, led_xs[2], y, 0, LED)
        cap_x, plus_x = 1730, 1800
        svg.line(led_xs[0] + led_w / 2, rail_5v, plus_x, rail_5v, V5, 3)
        svg.line(led_xs[0] + led_w / 2, rail_gnd, 1770, rail_gnd, GND, 3)
        svg.text(led_xs[1], rail_5v - 10, "+5 V des LED", size=12.5, colour=V5, bold=True)
        svg.text(led_xs[1], rail_gnd + 22, "masse des LED", size=12.5, colour=GND, bold=True)
        capacitor(svg, cap_x, rail_5v, rail_gnd, "")
        svg.text(cap_x + 18, y + 24, "1000 µF", size=12)
        dot(svg, cap_x, rail_5v, V5)
        dot(svg, cap_x, rail_gnd, GND)
    with svg.group("L'alimentation 5 V des LED"):
        top = rail_gnd + 70
        svg.rect(1530, top, 290, 84, fill=PANEL, stroke=INK, width=2, radius=8)
        svg.text(1675, top + 30, "Alimentation 5 V", size=14, anchor="middle", bold=True)
        svg.text(1675, top + 50, "bloc Mean Well, voir materiel.md", size=11.5,
                 anchor="middle", colour=MUTED)
        svg.line(1560, top, 1560, rail_gnd, GND, 3)
        dot(svg, 1560, rail_gnd, GND)
        svg.text(1570, top - 8, "−", size=16, bold=True)
        svg.line(plus_x, top, plus_x, rail_5v, V5, 3)
        svg.text(plus_x - 8, top - 8, "+", size=16, anchor="end", bold=True)

    # The wires from the Pico, each captioned where it leaves.
    targets = {"ROW_DATA": row_chip.end("SER"), "ROW_CLOCK": row_chip.end("SRCLK"),
               "ROW_LATCH": row_chip.end("RCLK"), "COL_DATA": col_chip.end("QH"),
               "COL_CLOCK": col_chip.end("CLK"), "COL_LOAD": col_chip.end("SH/LD"),
               "LED_DATA": buffer.end("1A")}
    channels = {"ROW_DATA": 560, "ROW_CLOCK": 545, "ROW_LATCH": 530, "COL_DATA": 470,
                "COL_CLOCK": 490, "COL_LOAD": 510, "LED_DATA": 960}
    button_x = 650
    with svg.group("Les fils entre le Pico et les circuits"):
        for pin in pins:
            physical = pico_physical(pin.gpio)
            if physical is None:
                continue
            start = pico_stub(physical)
            caption, colour = role_of(pin)
            left = start[0] < PICO_X
            if pin.name in targets:
                end, channel = targets[pin.name], channels[pin.name]
                if (end[0] < PICO_X) == left:
                    wire(svg, [start, (channel, start[1]), (channel, end[1]), end], colour)
                else:  # on the far side: round the bottom of the Pico
                    below = PICO_FIRST + 20 * PICO_PITCH + 10
                    side_x = start[0] + (-16 if left else 16)
                    wire(svg, [start, (side_x, start[1]), (side_x, below), (channel, below),
                               (channel, end[1]), end], colour)
            elif pin.name == "SELF_TEST_BUTTON":
                wire(svg, [start, (button_x, start[1]), (button_x, PICO_FIRST + 20 * PICO_PITCH
                                                          + 20)], colour)
            if left:
                svg.text(start[0] - 6, start[1] - 5, caption, size=10.5, anchor="end",
                         colour=colour)
            else:
                svg.text(start[0] + 6, start[1] - 5, caption, size=10.5, colour=colour)
    if "SELF_TEST_BUTTON" in named:
        top = PICO_FIRST + 20 * PICO_PITCH + 20
        with svg.group("Le bouton d'autotest"):
            push_button(svg, button_x, top, top + 60, BUTTON)
            ground(svg, button_x, top + 60)
            svg.text(button_x + 14, top + 26, "bouton d'autotest", size=12, bold=True,
                     colour=BUTTON)
            svg.text(button_x + 14, top + 43, "tenu à la mise sous tension", size=11.5,
                     colour=MUTED)
    # The Pico's own supply pins.
    x, y = pico_stub(38)  # a ground pin on the same side as 3V3(OUT)
    svg.line(x - 13, y, x, y, GND, 2)
    ground(svg, x, y)
    x, y = pico_stub(PICO_HEADER.index("3V3(OUT)") + 1)
    svg.line(x - 13, y, x, y, V33, 2.2)
    flag(svg, x, y, "+3,3 V : registres et tirages", V33)
    x, y, _ = pico_pin_position(PICO_HEADER.index("VBUS") + 1)
    svg.text(x + 14, y + 4, "ne pas relier le +5 V des LED à VBUS ni à VSYS", size=11,
             colour=MUTED)

    top = 860
    note_box(svg, 1000, top, 400, "Broches du Pico (pins.py)",
             [pin_caption(pin) for pin in pins], size=11.5)
    counts = [f"{b.stem} ({b.rows} × {b.cols}) : {math.ceil(b.rows / rows_per)} × 74HC595, "
              f"{math.ceil(b.cols / cols_per)} × 74HC165, {len(b.leds)} LED" for b in boards]
    bottom = note_box(svg, 1420, top, 400, "Circuits par plateau (config/boards)", counts,
                      size=11.5)
    note_box(svg, 1420, bottom + 16, 400, "À retenir", [
        "Un 100 nF entre VCC et GND de chaque circuit.",
        f"5 V des LED amené à la chaîne tous les {INJECT_EVERY} LED.",
        "Masse de l'alimentation reliée à celle du Pico.",
    ], size=11.5)
    return svg


# --- (b) one cell -----------------------------------------------------------------


def led_feed(pins: Sequence[PicoPin]) -> str:
    """How the first LED is fed, with the Pico's LED pin from ``pins.py``."""
    pin = next((f"GP{p.gpio}" for p in pins if p.name == "LED_DATA"), "LED_DATA")
    return f"{pin} → 74AHCT125 → 330 Ω"


def cell_diagram(pins: Sequence[PicoPin]) -> Svg:
    svg = Svg(1180, 800, "Une case du plateau : ILS, diode et LED",
              "Une case : l'interrupteur à lame souple et sa diode entre le fil de colonne et "
              "le fil de rangée, la LED WS2812B dans la chaîne, et la coupe d'une case.")
    heading(svg, "Une case du plateau : l'interrupteur, sa diode et sa LED",
            "Le même câblage pour les deux transports (Pico ou GPIO du Pi) : un ILS et une "
            "diode 1N4148 par case")
    with svg.group("Schéma électrique de la case (r, c)"):
        svg.rect(24, 96, 600, 420, fill=PANEL, stroke=FAINT, radius=10)
        svg.text(44, 124, "Le capteur de la case (r, c)", size=16, bold=True)
        col_y, row_y, x = 170, 460, 230
        svg.line(60, col_y, 600, col_y, COL, 3)
        svg.text(60, col_y - 10, "colonne c", size=14, colour=COL, bold=True)
        svg.text(600, col_y - 10, "vers une entrée du 74HC165 (ou du Pi),", size=12,
                 anchor="end", colour=COL)
        svg.text(600, col_y + 20, "tirée vers +3,3 V par 10 kΩ", size=12, anchor="end",
                 colour=COL)
        svg.line(60, row_y, 600, row_y, ROW, 3)
        svg.text(60, row_y + 24, "rangée r", size=14, colour=ROW, bold=True)
        svg.text(600, row_y - 10, "vers une sortie du 74HC595 (ou du Pi),", size=12,
                 anchor="end", colour=ROW)
        svg.text(600, row_y + 24, "à 0 V quand elle est balayée, 3,3 V sinon", size=12,
                 anchor="end", colour=ROW)
        dot(svg, x, col_y, COL)
        dot(svg, x, row_y, ROW)
        reed(svg, x, col_y, 320, closed=True, colour=INK, scale=1.6)
        diode(svg, x, 320, row_y, INK, size=26)
        svg.text(x + 28, 236, "ILS (interrupteur à lame souple)", size=13, bold=True)
        svg.text(x + 28, 254, "fermé tant que l'aimant de la pièce", size=12)
        svg.text(x + 28, 270, "est au-dessus de lui", size=12)
        svg.text(x + 28, 376, "diode 1N4148", size=13, bold=True)
        svg.text(x + 28, 394, "anode (A) côté colonne,", size=12)
        svg.text(x + 28, 410, "cathode (K, la bague noire) côté rangée", size=12)
        svg.text(x - 22, 372, "A", size=13, anchor="end", bold=True)
        svg.text(x - 22, 408, "K", size=13, anchor="end", bold=True)
        svg.line(x - 44, 196, x - 44, 434, LED, 1.6, dash="4 4")
        arrow_head(svg, x - 44, 440, math.pi / 2, LED, 10)
        svg.text(x - 52, 312, "courant", size=11.5, anchor="end", colour=LED)
        svg.text(x - 52, 328, "colonne → rangée", size=11.5, anchor="end", colour=LED)
    with svg.group("La LED WS2812B de la case"):
        svg.rect(648, 96, 508, 420, fill=PANEL, stroke=FAINT, radius=10)
        svg.text(668, 124, "La LED de la case", size=16, bold=True)
        lx, ly, lw, lh = 800, 250, 150, 130
        rail_5v, rail_gnd, cap_x = 176, 456, 1100
        svg.line(668, rail_5v, 1136, rail_5v, V5, 3)
        svg.text(668, rail_5v - 10, "+5 V des LED", size=13, colour=V5, bold=True)
        svg.line(668, rail_gnd, 1136, rail_gnd, GND, 3)
        svg.text(668, rail_gnd + 24, "masse", size=13, colour=GND, bold=True)
        svg.rect(lx, ly, lw, lh, fill="#fef9e7", stroke=INK, width=2, radius=8)
        svg.text(lx + lw / 2, ly + 44, "WS2812B", size=16, anchor="middle", bold=True)
        svg.text(lx + lw / 2, ly + 100, "boîtier 5050", size=12, anchor="middle",
                 colour=MUTED)
        for label, py, rail, colour in (("1 VDD", ly, rail_5v, V5),
                                        ("3 VSS", ly + lh, rail_gnd, GND)):
            px = lx + 30
            svg.line(px, py, px, rail, colour, 2.2)
            dot(svg, px, rail, colour)
            svg.text(px + 6, py + (16 if py == ly else -8), label, size=11.5, colour=MUTED)
        mid = ly + lh / 2 + 6
        svg.line(690, mid, lx, mid, LED, 2.4)
        arrow_head(svg, lx, mid, 0, LED)
        svg.text(lx + 6, mid + 4, "4 DIN", size=11.5, colour=MUTED)
        svg.text(692, mid - 10, "DOUT de la LED", size=12, colour=LED)
        svg.text(692, mid + 22, "précédente", size=12, colour=LED)
        svg.line(lx + lw, mid, 1050, mid, LED, 2.4)
        arrow_head(svg, 1050, mid, 0, LED)
        svg.text(lx + lw - 6, mid + 4, "2 DOUT", size=11.5, anchor="end", colour=MUTED)
        svg.text(1050, mid - 10, "DIN de la", size=12, anchor="end", colour=LED)
        svg.text(1050, mid + 22, "LED suivante", size=12, anchor="end", colour=LED)
        capacitor(svg, cap_x, rail_5v, rail_gnd, "", polarised=False)
        dot(svg, cap_x, rail_5v, V5)
        dot(svg, cap_x, rail_gnd, GND)
        svg.text(cap_x - 22, 290, "100 nF", size=12, anchor="end")
        svg.text(cap_x - 22, 408, "(déjà sur les petites cartes)", size=11.5, anchor="end",
                 colour=MUTED)
        svg.text(668, 500, f"La première LED reçoit DIN du Pico ({led_feed(pins)}).",
                 size=12, colour=MUTED)
    with svg.group("Coupe d'une case"):
        svg.rect(24, 536, 1132, 248, fill=PANEL, stroke=FAINT, radius=10)
        svg.text(44, 564, "Coupe d'une case (vue de côté)", size=16, bold=True)
        top, thick, piece = 660, 16, 260
        svg.rect(80, top, 760, thick, fill="#e5c99f", stroke="#8d6e43", width=1.5)
        svg.text(850, top + 13, "dessus du plateau : contreplaqué 4 mm", size=12)
        svg.rect(piece - 60, top - 52, 120, 48, fill="#34495e", stroke=INK, width=1.5,
                 radius=10)
        svg.text(piece, top - 62, "pièce du jeu", size=12, anchor="middle")
        svg.rect(piece - 20, top - 24, 40, 16, fill="#95a5a6", stroke=INK, width=1.2)
        svg.line(piece + 22, top - 16, piece + 80, top - 40, MUTED, 1)
        svg.text(piece + 84, top - 40, "aimant néodyme 10 × 3 mm, collé sous la pièce",
                 size=12)
        svg.rect(piece - 40, top + thick + 4, 80, 10, fill="#eaf2f8", stroke=MUTED, width=1.2,
                 radius=5)
        svg.line(piece - 60, top + thick + 9, piece - 40, top + thick + 9, INK, 1.5)
        svg.line(piece + 40, top + thick + 9, piece + 60, top + thick + 9, INK, 1.5)
        svg.text(80, top + thick + 40, "ILS collé à plat sous le centre de la case ; verre "
                 "fragile : plier ses pattes à 3 mm au moins du verre.", size=12)
        led_x = 620
        svg.rect(led_x - 15, top, 30, thick, fill="#fdebd0", stroke="#8d6e43", width=1.2)
        svg.rect(led_x - 18, top + thick + 2, 36, 8, fill="#f7dc6f", stroke=INK, width=1.2)
        for dx in (-9, 0, 9):
            svg.line(led_x + dx * 0.8, top - 4, led_x + dx * 1.6, top - 20, GOLD, 2)
        svg.text(led_x + 26, top - 8, "trou Ø 6 mm au coin de la case, LED dessous", size=12)
        svg.text(80, top + thick + 62, "Les fils de rangée et de colonne courent sous le "
                 "dessus ; essayer la distance aimant–ILS avant de tout percer.", size=12,
                 colour=MUTED)
    return svg


# --- (c) why diodes ---------------------------------------------------------------


def ghost_panel(svg: Svg, x0: float, y0: float, diodes: bool) -> None:
    """A 3 × 3 excerpt of the matrix, row 1 scanned, pieces on three corners."""
    pieces = {(0, 0), (0, 1), (1, 0)}
    cols_x = [x0 + 200 + 150 * c for c in range(3)]
    rows_y = [y0 + 200 + 130 * r for r in range(3)]
    drop, reach = 72, 60
    """Height of a cell's branch above its row; distance from the column to the branch."""
    svg.rect(x0, y0, 560, 580, fill=PANEL, stroke=FAINT, radius=10)
    svg.text(x0 + 20, y0 + 32, "Avec une diode par case" if diodes else "Sans diodes",
             size=17, bold=True)
    top, bottom = y0 + 104, rows_y[-1] + 36
    for c, cx in enumerate(cols_x):
        svg.line(cx, top, cx, bottom, COL, 2.5)
        svg.text(cx, y0 + 68, f"colonne {c}", size=12.5, anchor="middle", colour=COL, bold=True)
        ghost = c == 1 and not diodes
        reading = "lit 0 : pièce" if c == 0 else "lit 0 : fantôme !" if ghost else "lit 1 : vide"
        svg.text(cx, y0 + 88, reading, size=11.5, anchor="middle", colour=ROW if ghost else INK,
                 bold=ghost)
    for r, ry in enumerate(rows_y):
        svg.line(x0 + 110, ry, cols_x[-1] + 36, ry, ROW, 2.5)
        svg.text(x0 + 16, ry - 4, f"rangée {r}", size=12.5, colour=ROW, bold=True)
        svg.text(x0 + 16, ry + 14, "0 V : balayée" if r == 1 else "3,3 V", size=11.5,
                 colour=ROW if r == 1 else MUTED, bold=r == 1)
    for r, ry in enumerate(rows_y):
        for c, cx in enumerate(cols_x):
            ex, tap = cx - reach, ry - drop
            dot(svg, cx, tap, COL)
            svg.line(cx, tap, ex, tap, INK, 1.8)
            closed = (r, c) in pieces
            if diodes:
                reed(svg, ex, tap, ry - 30, closed, INK, scale=0.6)
                diode(svg, ex, ry - 30, ry, INK, size=11)
            else:
                reed(svg, ex, tap, ry, closed, INK, scale=0.75)
            dot(svg, ex, ry, ROW)
            if closed:
                svg.circle(ex + 26, tap + 28, 11, fill="#34495e", stroke=None)
    c0, c1 = cols_x[0], cols_x[1]
    r0, r1 = rows_y[0], rows_y[1]
    sneak = [(c1, top), (c1, r0 - drop), (c1 - reach, r0 - drop), (c1 - reach, r0),
             (c0 - reach, r0)]
    if diodes:
        svg.polyline(sneak, ROW, 6, opacity=0.35)
        bx, by = c0 - reach, r0 - 15
        svg.line(bx - 11, by - 11, bx + 11, by + 11, ROW, 4)
        svg.line(bx - 11, by + 11, bx + 11, by - 11, ROW, 4)
        callout(svg, x0 + 112, r0 + 28, ("bloqué : la diode de (0, 0) ne laisse pas",
                                         "le courant remonter vers la colonne 0"), ROW, 11.5)
        callout(svg, c1 - reach + 16, r1 - drop + 34, ("juste : vide",), LED)
        lines = ("La rangée 0 ne peut pas rendre le courant à la colonne 0 : seule",
                 "la rangée balayée répond, et deux sorties ne sont jamais reliées.")
    else:
        sneak += [(c0 - reach, r0 - drop), (c0, r0 - drop), (c0, r1 - drop),
                  (c0 - reach, r1 - drop), (c0 - reach, r1)]
        svg.polyline(sneak, ROW, 6, opacity=0.35)
        for (xa, ya), (xb, yb) in itertools.pairwise(sneak):
            if math.hypot(xb - xa, yb - ya) >= 50:
                angle = math.atan2(yb - ya, xb - xa)
                arrow_head(svg, (xa + xb) / 2 + 5 * math.cos(angle),
                           (ya + yb) / 2 + 5 * math.sin(angle), angle, ROW, 11)
        gx, gy = c1 - reach + 26, r1 - drop + 28
        svg.circle(gx, gy, 13, fill="none", stroke=ROW, width=2.5, dash="4 3")
        callout(svg, c1 - reach - 4, r0 + 34, ("pièce fantôme en (1, 1)",), ROW)
        svg.line(gx, r0 + 40, gx, gy - 15, ROW, 1.5)
        lines = ("Trois pièces aux coins d'un rectangle : le courant de la colonne 1",
                 "passe par (0, 1), la rangée 0, (0, 0), la colonne 0 et (1, 0).")
    for i, line in enumerate(lines):
        svg.text(x0 + 20, y0 + 532 + 18 * i, line, size=12)


def ghost_diagram() -> Svg:
    svg = Svg(1200, 720, "Pourquoi une diode par case : les pièces fantômes",
              "Un extrait 3 × 3 de la matrice, pièces en (0,0), (0,1) et (1,0), rangée 1 "
              "balayée : sans diodes la case (1,1) paraît occupée, avec diodes non.")
    heading(svg, "Pourquoi une diode par case : les pièces fantômes",
            "Extrait 3 × 3 de la matrice · pièces posées en (0, 0), (0, 1) et (1, 0) · "
            "la rangée 1 est balayée (0 V), le trait rouge suit le courant")
    ghost_panel(svg, 32, 110, diodes=False)
    ghost_panel(svg, 612, 110, diodes=True)
    return svg


# --- (d) the Raspberry Pi's header (direct-GPIO variant) ----------------------------

HEADER_TOP, HEADER_PITCH, ODD_X, EVEN_X = 150, 30, 570, 612


def header_labels(roles: dict[int, list[HeaderRole]]) -> dict[int, tuple[str, str]]:
    """Physical pin -> (label, colour) of the Pi's header."""
    labels: dict[int, tuple[str, str]] = {}
    for physical, what in PI_HEADER.items():
        if isinstance(what, str):
            colour = GND if what == "masse" else V33 if what == "3,3 V" else V5
            labels[physical] = (what, colour)
            continue
        found = roles.get(what, [])
        if found:
            text = f"GPIO {what} · " + " · ".join(role.text for role in found)
            labels[physical] = (text, found[0].colour)
        else:
            special = PI_SPECIAL.get(what)
            text = f"GPIO {what}" + (f" ({special})" if special else "") + " · libre"
            labels[physical] = (text, FREE)
    return labels


def pi_header_diagram(roles: dict[int, list[HeaderRole]]) -> Svg:
    svg = Svg(1260, 860, "Variante GPIO directe : les broches du Raspberry Pi",
              "Le connecteur à 40 picots du Raspberry Pi avec les broches par défaut de "
              "config/hardware.toml : rangées, colonnes, LED, boutons, détecteur, volets.")
    heading(svg, "Variante GPIO directe : les broches du Raspberry Pi",
            "Connecteur à 40 picots vu de dessus · numéros GPIO (BCM) de la configuration par "
            "défaut (drivers/hardware_config.py, config/hardware.toml)")
    labels = header_labels(roles)
    bottom = HEADER_TOP + 19 * HEADER_PITCH
    with svg.group("Le connecteur à 40 picots"):
        svg.rect(ODD_X - 22, HEADER_TOP - 24, EVEN_X - ODD_X + 44, bottom - HEADER_TOP + 48,
                 fill="#d5d8dc", stroke=MUTED, width=2, radius=6)
        svg.text((ODD_X + EVEN_X) / 2, HEADER_TOP - 34, "picot 1 (pastille carrée) : "
                 "à l'opposé des prises USB", size=11.5, anchor="middle", colour=MUTED)
    for physical in sorted(PI_HEADER):
        text, colour = labels[physical]
        row = (physical - 1) // 2
        odd = physical % 2 == 1
        x = ODD_X if odd else EVEN_X
        y = HEADER_TOP + row * HEADER_PITCH
        with svg.group(f"picot {physical} : {text}", id=f"picot-{physical}"):
            fill = WHITE if colour == FREE else colour
            if physical == 1:
                svg.rect(x - 11, y - 11, 22, 22, fill=fill, stroke=MUTED, width=1.5)
            else:
                svg.circle(x, y, 11, fill=fill, stroke=MUTED, width=1.5)
            ink = MUTED if colour == FREE else INK if colour == V33 else WHITE
            svg.text(x, y + 4, str(physical), size=10, anchor="middle", colour=ink, bold=True)
            used = colour != FREE
            if odd:
                svg.line(x - 14, y, x - 34, y, colour, 3 if used else 1.5)
                svg.text(x - 40, y + 4.5, text, size=12.5, anchor="end",
                         colour=INK if used else MUTED, bold=used and colour not in (GND,))
            else:
                svg.line(x + 14, y, x + 34, y, colour, 3 if used else 1.5)
                svg.text(x + 40, y + 4.5, text, size=12.5, colour=INK if used else MUTED,
                         bold=used and colour not in (GND,))
    bottom_box = legend(svg, 930, 120, [
        (ROW, "rangée de la matrice (sortie)"),
        (COL, "colonne de la matrice (entrée)"),
        (LED, "chaîne de 74HC595 des LED"),
        (BUTTON, "bouton (vers la masse)"),
        (PIR, "détecteur de présence (PIR)"),
        (FLAP, "volet seul (sinon : reprend la matrice)"),
        (V33, "3,3 V"),
        (V5, "5 V"),
        (GND, "masse"),
        (FREE, "libre"),
    ], width=300)
    presence = next((pin for pin, found in roles.items()
                     if any(role.colour == PIR for role in found)), None)
    presence_pin = next((n for n, what in PI_HEADER.items() if what == presence), None)
    note_box(svg, 930, bottom_box + 20, 300, "Brancher", [
        "Bouton : GPIO → bouton → masse",
        "  (tirage interne du Pi, rien d'autre)",
        "PIR HC-SR501 : VCC → 5 V (picot 2),",
        f"  OUT → GPIO {presence} (picot {presence_pin}),",
        "  GND → masse (picot 14)",
        "Volet : GPIO → micro-interrupteur",
        "  → masse (contact fermé volet baissé)",
        "Matrice : une diode par case",
        "  (cellule.svg, fantomes.svg)",
    ], size=12)
    svg.text(32, bottom + 60, "Un même Pi porte soit la matrice en GPIO, soit la boîte à "
             "volets : les volets reprennent les broches des rangées et de la colonne 0.",
             size=12.5, colour=MUTED)
    svg.text(32, bottom + 80, "Les GPIO sont en 3,3 V : jamais de 5 V sur une broche GPIO.",
             size=12.5, colour=ROW, bold=True)
    return svg


# --- (e) LED chain orders -----------------------------------------------------------


def chain_diagram(board: Board, pins: Sequence[PicoPin]) -> Svg:
    pitch = 60 if board.cols <= 9 else min(60, int(880 / board.cols))
    left, top = 96, 170
    width = left + board.cols * pitch + 60
    width = max(width, 760)
    height = top + board.rows * pitch + 96
    order_text = {
        "serpentine": "en serpentin : gauche → droite, puis droite → gauche à la rangée suivante",
        "row-major": "rangée par rangée, toujours de gauche à droite",
        "table": "dans l'ordre du tableau [leds.index]",
    }[board.order]
    svg = Svg(width, height, f"Ordre de la chaîne de LED : {board.name}",
              f"Les {len(board.leds)} LED de {board.stem} ({board.rows} × {board.cols}) "
              f"numérotées dans l'ordre de la chaîne, {order_text}.")
    svg.text(32, 44, f"Chaîne de LED : {board.name}", size=22, bold=True)
    svg.text(32, 70, f"config/boards/{board.stem}.toml · {board.rows} rangées × {board.cols} "
             f"colonnes · {len(board.leds)} LED", size=13.5, colour=MUTED)
    svg.text(32, 92, f"Ordre : {order_text}.", size=13.5, colour=MUTED)
    svg.text(32, 114, "Vue de dessus, rangée 0 en haut (le côté opposé au joueur) ; la LED 0 "
             "reçoit les données du Pico.", size=13.5, colour=MUTED)
    number_size = 15 if pitch >= 56 else 12.5

    def centre(cell: Cell) -> tuple[float, float]:
        return left + cell[1] * pitch + pitch / 2, top + cell[0] * pitch + pitch / 2

    with svg.group("La grille des cases"):
        for col in range(board.cols):
            svg.text(left + col * pitch + pitch / 2, top - 10, str(col), size=11.5,
                     anchor="middle", colour=MUTED)
        for row in range(board.rows):
            svg.text(left - 12, top + row * pitch + pitch / 2 + 4, str(row), size=11.5,
                     anchor="end", colour=MUTED)
        svg.text(left, top - 30, "colonne →", size=12, colour=COL, bold=True)
        svg.text(left - 58, top - 10, "rangée ↓", size=12, colour=ROW, bold=True)
        for row in range(board.rows):
            for col in range(board.cols):
                x, y = left + col * pitch, top + row * pitch
                lit = (row, col) in board.leds
                svg.rect(x + 2, y + 2, pitch - 4, pitch - 4, fill="#fbfcfc" if lit else WHITE,
                         stroke=FAINT if lit else "#eef1f2", width=1, radius=4)
    ranked = sorted(board.leds, key=lambda cell: board.leds[cell])
    with svg.group("Le fil de données, d'une LED à la suivante, quand il ne passe sur aucune "
                   "autre"):
        for a, b in itertools.pairwise(ranked):
            if _crosses(board, a, b):
                continue
            (xa, ya), (xb, yb) = centre(a), centre(b)
            far = max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1
            svg.line(xa, ya, xb, yb, LED, 2.5, dash="6 5" if far else None, opacity=0.7)
            if math.hypot(xb - xa, yb - ya) >= pitch:
                angle = math.atan2(yb - ya, xb - xa)
                tip = ((xa + xb) / 2 + 6 * math.cos(angle), (ya + yb) / 2 + 6 * math.sin(angle))
                arrow_head(svg, tip[0], tip[1], angle, LED, 9)
    with svg.group("Le rang de chaque LED sur la chaîne"):
        for cell in ranked:
            cx, cy = centre(cell)
            rank = board.leds[cell]
            first = rank == 0
            last = rank == len(ranked) - 1
            ring = LED if first else GOLD if last else INK
            radius = pitch * 0.3
            point = board.points.get(cell)
            svg.circle(cx, cy - (5 if point else 0), radius, fill=WHITE, stroke=ring,
                       width=3 if first or last else 1.3)
            svg.text(cx, cy - (5 if point else 0) + number_size * 0.36, str(rank),
                     size=number_size, anchor="middle", bold=True)
            if point:
                svg.text(cx, cy + pitch * 0.42, point, size=10, anchor="middle", colour=MUTED,
                         stroke=WHITE, stroke_width=3, paint_order="stroke")
    svg.circle(42, height - 54, 8, fill=WHITE, stroke=LED, width=3)
    svg.text(58, height - 50, f"LED 0 : DIN depuis le Pico ({led_feed(pins)})", size=12.5)
    svg.circle(462, height - 54, 8, fill=WHITE, stroke=GOLD, width=3)
    svg.text(478, height - 50, "dernière LED", size=12.5)
    svg.text(32, height - 26, "Trait plein : LED voisines ; pointillé : fil plus long ; sans "
             "trait : la chaîne saute à la LED de rang suivant.", size=12.5, colour=MUTED)
    return svg


def _crosses(board: Board, a: Cell, b: Cell) -> bool:
    """Whether the straight line from ``a`` to ``b`` runs over another LED's cell."""
    (ra, ca), (rb, cb) = a, b
    length2 = (rb - ra) ** 2 + (cb - ca) ** 2
    for cell in board.leds:
        if cell in (a, b):
            continue
        r, c = cell
        t = max(0.0, min(1.0, ((r - ra) * (rb - ra) + (c - ca) * (cb - ca)) / length2))
        if math.hypot(ra + t * (rb - ra) - r, ca + t * (cb - ca) - c) < 0.42:
            return True
    return False


# --- everything ---------------------------------------------------------------------


def render_all() -> dict[str, str]:
    """File name -> SVG text, for every diagram."""
    pins = read_pins()
    boards = read_boards()
    images = {
        "pico.svg": pico_diagram(pins, boards),
        "cellule.svg": cell_diagram(pins),
        "fantomes.svg": ghost_diagram(),
        "gpio-broches.svg": pi_header_diagram(gpio_roles()),
    }
    for board in boards:
        images[f"chaine-{board.stem}.svg"] = chain_diagram(board, pins)
    return {name: svg.render() for name, svg in images.items()}


# --- the bill of materials ----------------------------------------------------------

FIRMWARE_DIR = ROOT / "firmware"
LOGIC_A = 0.05
"""The 74AHCT125 and the wiring's losses on the 5 V supply (the Pico runs on USB)."""
MARGIN = 1.25
"""Supplies are chosen 25 % above the worst case."""
INJECT_EVERY = 64
"""5 V fed to the chain at one more point per this many LEDs (a 1000 µF at each)."""


@dataclass(frozen=True)
class Part:
    """A part to buy: what it is, and a real manufacturer reference."""

    what: str
    reference: str


@dataclass(frozen=True)
class Supply:
    reference: str
    amps: float
    kind: str


SUPPLIES = (
    Supply("Mean Well GST25A05-P1J", 4.0, "bloc de table 5 V 4 A (20 W), fiche 5,5 × 2,1 mm"),
    Supply("Mean Well GST60A05-P1J", 6.0, "bloc de table 5 V 6 A (30 W), fiche 5,5 × 2,1 mm"),
    Supply("Mean Well LRS-50-5", 10.0, "alimentation à bornier 5 V 10 A, à enfermer"),
    Supply("Mean Well LRS-75-5", 14.0, "alimentation à bornier 5 V 14 A, à enfermer"),
)

PICO = Part("Raspberry Pi Pico (RP2040)", "Raspberry Pi SC0915")
HC595 = Part("Registre à décalage 8 bits à sorties (rangées)",
             "Texas Instruments SN74HC595N (DIP-16)")
HC165 = Part("Registre à décalage 8 bits à entrées (colonnes)",
             "Texas Instruments SN74HC165N (DIP-16)")
AHCT125 = Part("Adaptateur de niveau 3,3 V → 5 V (données des LED)",
               "Texas Instruments SN74AHCT125N (DIP-14)")
SOCKET16 = Part("Support de circuit intégré DIP-16", "TE Connectivity 1-2199298-4")
SOCKET14 = Part("Support de circuit intégré DIP-14", "TE Connectivity 1-2199298-3")
RN10K = Part("Réseau de 8 résistances 10 kΩ à point commun (tirage des colonnes)",
             "Bourns 4609X-101-103LF (SIP-9)")
R330 = Part("Résistance 330 Ω ¼ W (ligne de données des LED)", "Yageo MFR-25FBF52-330R")
R1K = Part("Résistance 1 kΩ ¼ W (une par LED)", "Yageo MFR-25FBF52-1K")
R10K = Part("Résistance 10 kΩ ¼ W (tirage d'une colonne, fils de plus de 30 cm)",
            "Yageo MFR-25FBF52-10K")
C100N = Part("Condensateur céramique 100 nF (découplage, un par circuit intégré)",
             "KEMET C320C104K5R5TA")
C1000U = Part("Condensateur électrolytique 1000 µF 10 V (entrée du 5 V des LED)",
              "Panasonic EEU-FR1A102")
REED = Part("Interrupteur à lame souple (ILS), contact travail",
            "Littelfuse (Hamlin) MDSR-7-15-20, ou Standex-Meder ORD213")
DIODE = Part("Diode de signal 1N4148 (une par case)", "Vishay 1N4148-TAP (DO-35)")
WS2812 = Part("LED RVB adressable WS2812B (une par case)",
              "Worldsemi WS2812B, p. ex. sur carte ronde Adafruit 1612 (lot de 5)")
LED5MM = Part("LED 5 mm diffusée (une par case)", "Kingbright L-7113GD")
TACTILE = Part("Bouton poussoir 6 mm (autotest)", "Omron B3F-1000")
TERMINAL = Part("Bornier à vis 2 points, pas 5,08 mm (entrée 5 V, départ des LED)",
                "Phoenix Contact MKDS 1,5/ 2-5,08 (1715721)")
JACK = Part("Embase 5,5 × 2,1 mm vers bornier (prise du bloc secteur)", "Adafruit 368")
USB_CABLE = Part("Câble USB-A vers micro-USB, 1 m, avec fils de données",
                 "au choix (pas un câble « charge seule »)")
BOARD_PCB = Part("Plaque à pastilles 100 × 160 mm (carte du Pico)", "au choix")
GPIO_PCB = Part("Plaque à pastilles 100 × 160 mm (carte des 74HC595)", "au choix")
MAGNET = Part("Aimant néodyme disque 10 × 3 mm N42 (un par pièce de jeu)",
              "supermagnete S-10-03-N")
SIGNAL_WIRE = Part("Fil rigide 0,2 mm² (AWG 24), deux couleurs (rangées, colonnes)",
                   "au choix, en mètres")
POWER_WIRE = Part("Fil souple 0,75 mm² rouge et noir (5 V et masse des LED)",
                  "au choix, en mètres")
TOP_PLY = Part("Dessus : contreplaqué de bouleau 4 mm", "dimensions en mm")
BASE_PLY = Part("Fond : contreplaqué 6 mm, mêmes dimensions", "dimensions en mm")
FRAME = Part("Cadre : tasseau 20 × 40 mm", "longueur en mètres")
RIBBON = Part("Nappe 40 fils et 2 connecteurs IDC 2 × 20 (vers le connecteur du Pi)",
              "au choix")
MICROSWITCH = Part("Micro-interrupteur à levier, un par volet", "Omron SS-5GL")
HINGE = Part("Charnière laiton 25 mm, une par volet", "au choix")
FLAP_WIRE = Part("Fil souple 0,25 mm² (volets vers le Pi)", "au choix, en mètres")
PIR_MODULE = Part("Détecteur infrarouge passif (5 V, sortie 3,3 V)", "module HC-SR501")
DUPONT3 = Part("Câble 3 fils femelle-femelle (Dupont), 30 cm", "au choix")
ARCADE = Part("Bouton d'arcade 30 mm (menu, retour, conseil)",
              "Sanwa OBSF-30 (ou bouton d'arcade 30 mm générique)")
FASTON = Part("Cosse femelle isolée 4,8 mm (Faston), deux par bouton", "au choix")

CELL_PITCH_MM = {"grid8": 40, "grid9": 40, "grid16x8": 35, "moulin": 50, "assaut": 45,
                 "barricades": 30}
"""Suggested distance between two cells (or points), in millimetres."""
BORDER_MM = 40
SPARE_WIRE_MM = 300
"""Extra length of each row or column wire, up to the Pico's board."""

PIECES = {
    "reversi": (64, "réversi : 64 pions bicolores"),
    "latrunculi": (40, "latrunculi : 2 × 20 pions"),
    "tablut": (25, "tablut : 16 Moscovites, 8 Suédois et le roi"),
    "rithmomachie": (57, "rithmomachie : 2 × 23 pièces et 11 étages de pyramide"),
    "moulin": (18, "moulin : 2 × 9 pions"),
    "assaut": (26, "assaut : 2 officiers et 24 soldats"),
    "barricades": (35, "barricades : 4 × 5 pions et 15 barricades"),
}
"""Pieces to fit with a magnet, per game family (each game has its own set)."""


@dataclass(frozen=True)
class Line:
    part: Part
    quantity: int | str
    note: str = ""


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
    leds = _constants(firmware / "ludoboard" / "leds.py")
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


def amps(value: float) -> str:
    return f"{value:.1f}".replace(".", ",") + " A"


def board_size_mm(board: Board) -> tuple[int, int]:
    pitch = CELL_PITCH_MM.get(board.stem, 40)
    return board.cols * pitch + 2 * BORDER_MM, board.rows * pitch + 2 * BORDER_MM


def board_lines(board: Board, rows_per: int, cols_per: int) -> list[Line]:
    """The parts of one serial board, quantities computed from its file."""
    registers_out = math.ceil(board.rows / rows_per)
    registers_in = math.ceil(board.cols / cols_per)
    leds = len(board.leds)
    injections = math.ceil(leds / INJECT_EVERY)
    limits = led_limits(board.stem)
    capped = choose_supply(supply_needed(chain_ma(leds, limits, capped=True)))
    uncapped = choose_supply(supply_needed(chain_ma(leds, limits, capped=False)))
    pitch = CELL_PITCH_MM.get(board.stem, 40)
    signal_m = math.ceil((board.rows * (board.cols * pitch + SPARE_WIRE_MM)
                          + board.cols * (board.rows * pitch + SPARE_WIRE_MM)) / 1000)
    power_m = math.ceil(2 * board.rows * board.cols * pitch / 1000) + 1
    width, depth = board_size_mm(board)
    frame_m = math.ceil(2 * (width + depth) / 100) / 10
    pieces = [PIECES[f] for f in board.families if f in PIECES]
    magnets = sum(count for count, _ in pieces)
    return [
        Line(PICO, 1),
        Line(HC595, registers_out, f"un par tranche de {rows_per} rangées"),
        Line(HC165, registers_in, f"un par tranche de {cols_per} colonnes"),
        Line(AHCT125, 1),
        Line(SOCKET16, registers_out + registers_in),
        Line(SOCKET14, 1),
        Line(RN10K, registers_in, "un par 74HC165, point commun au +3,3 V"),
        Line(R330, 1),
        Line(C100N, registers_out + registers_in + 1),
        Line(C1000U, injections, "un à chaque arrivée du 5 V sur la chaîne"),
        Line(REED, board.sensors, "prévoir 10 % de plus : le verre casse"),
        Line(DIODE, board.sensors),
        Line(WS2812, leds, f"{math.ceil(leds / 5)} lots de 5"),
        Line(TACTILE, 1),
        Line(TERMINAL, 2),
        Line(JACK, 1),
        Line(USB_CABLE, 1),
        Line(BOARD_PCB, 1),
        Line(Part("Alimentation 5 V des LED", capped.reference), 1,
             f"{capped.kind} ; sans plafond du micrologiciel : {uncapped.reference}"),
        Line(SIGNAL_WIRE, signal_m, "mètres"),
        Line(POWER_WIRE, power_m, "mètres de chaque couleur"),
        Line(MAGNET, magnets, " ; ".join(text for _, text in pieces)),
        Line(TOP_PLY, f"{width} × {depth}", f"cases de {pitch} mm, bord de {BORDER_MM} mm"),
        Line(BASE_PLY, f"{width} × {depth}"),
        Line(FRAME, f"{frame_m:.1f}".replace(".", ","), "mètres"),
    ]


def gpio_board_lines() -> tuple[str, list[Line]]:
    """The parts of the direct-GPIO board, sized from the default configuration."""
    _project_on_path()
    from drivers.hardware_config import GpioConfig

    gpio = GpioConfig()
    rows, cols = len(gpio.rows), len(gpio.cols)
    cells = rows * cols
    registers = math.ceil(cells * gpio.leds.channels / 8)
    title = f"Variante GPIO directe {rows} × {cols} (sans Pico)"
    return title, [
        Line(REED, cells, "prévoir 10 % de plus : le verre casse"),
        Line(DIODE, cells),
        Line(HC595, registers, "LED en simple couleur : une sortie par case"),
        Line(SOCKET16, registers),
        Line(C100N, registers),
        Line(LED5MM, cells),
        Line(R1K, cells, "470 Ω à 1 kΩ selon l'éclat voulu"),
        Line(R10K, cols, "seulement au-delà de 30 cm de fil"),
        Line(RIBBON, 1),
        Line(GPIO_PCB, 1),
    ]


def flaps_lines(count: int) -> list[Line]:
    return [
        Line(MICROSWITCH, count),
        Line(HINGE, count),
        Line(FLAP_WIRE, math.ceil(count * 0.6), "mètres, un fil par volet et la masse"),
        Line(RIBBON, 1, "ou des fils Dupont femelles"),
    ]


def markdown_table(lines: Sequence[Line]) -> list[str]:
    out = ["| Pièce | Référence | Qté | Remarque |", "|---|---|--:|---|"]
    for line in lines:
        out.append(f"| {line.part.what} | {line.part.reference} | {line.quantity} | "
                   f"{line.note} |")
    return out


def bom_section() -> str:
    """The generated part of ``materiel.md`` (between its two markers)."""
    rows_per, cols_per = read_register_sizes()
    boards = read_boards()
    out: list[str] = [
        "### Alimentation des LED, plateau par plateau",
        "",
        "Calcul : LED × courant d'une LED blanche à pleine luminosité, borné par le plafond "
        "du micrologiciel (`max_current_ma`), plus "
        f"{round(LOGIC_A * 1000)} mA pour le 74AHCT125, le tout avec "
        f"{round((MARGIN - 1) * 100)} % de marge.",
        "",
        "| Plateau | LED | Blanc à 100 % | Plafond du micrologiciel | Besoin | Alimentation | "
        "Sans plafond : besoin | Sans plafond : alimentation |",
        "|---|--:|--:|--:|--:|---|--:|---|",
    ]
    for board in boards:
        leds = len(board.leds)
        limits = led_limits(board.stem)
        capped = supply_needed(chain_ma(leds, limits, capped=True))
        full = supply_needed(chain_ma(leds, limits, capped=False))
        cap = "aucun" if limits.budget_ma is None else f"{limits.budget_ma} mA"
        out.append(f"| `{board.stem}` : {board.name} | {leds} | "
                   f"{amps(leds * limits.led_full_ma / 1000)} | {cap} | {amps(capped)} | "
                   f"{choose_supply(capped).reference} | {amps(full)} | "
                   f"{choose_supply(full).reference} |")
    for board in boards:
        out += ["", f"### {board.name} — `{board.stem}` ({board.rows} × {board.cols}, "
                f"{board.sensors} cases à capteur)", ""]
        out += markdown_table(board_lines(board, rows_per, cols_per))
    title, lines = gpio_board_lines()
    out += ["", f"### {title}", "",
            "Le bois, les aimants et les fils sont ceux du plateau de même taille ci-dessus.", ""]
    out += markdown_table(lines)
    for count in (9, 12):
        out += ["", f"### Boîte à volets, {count} volets", ""]
        out += markdown_table(flaps_lines(count))
    _project_on_path()
    from drivers.hardware_config import ButtonsConfig, PresenceConfig

    buttons = ButtonsConfig().pins
    names = ", ".join(f"`{name}` (GPIO {pin})" for name, pin in buttons)
    out += ["", "### Détecteur de présence", ""]
    out += markdown_table([Line(PIR_MODULE, 1, f"sortie sur GPIO {PresenceConfig().pin}"),
                           Line(DUPONT3, 1)])
    out += ["", "### Boutons", ""]
    out += markdown_table([Line(ARCADE, len(buttons), names),
                           Line(FASTON, 2 * len(buttons))])
    return "\n".join(out) + "\n"


WIRED_TO = {
    "ROW_DATA": "SER (patte 14) du 74HC595 n°1, celui des rangées 0 à 7",
    "ROW_CLOCK": "SRCLK (patte 11) de tous les 74HC595",
    "ROW_LATCH": "RCLK (patte 12) de tous les 74HC595",
    "COL_DATA": "QH (patte 9) du 74HC165 n°1, celui des colonnes 0 à 7",
    "COL_CLOCK": "CLK (patte 2) de tous les 74HC165",
    "COL_LOAD": "SH/LD (patte 1) de tous les 74HC165",
    "LED_DATA": "1A (patte 2) du 74AHCT125 ; sa sortie 1Y (patte 3) → 330 Ω → DIN de la LED 0",
    "STATUS_LED": "la LED soudée sur le Pico : rien à câbler",
    "SELF_TEST_BUTTON": "bouton poussoir vers la masse (tirage interne du Pico)",
}
"""Where each constant of ``pins.py`` goes, in French (others show their docstring)."""


def pins_section() -> str:
    """The generated pin table of ``pico.md``."""
    out = ["| Constante de `pins.py` | GPIO | Picot du Pico | Relié à |", "|---|---|--:|---|"]
    for pin in read_pins():
        physical = pico_physical(pin.gpio)
        where = str(physical) if physical else "sur la carte"
        target = WIRED_TO.get(pin.name, pin.doc.split(".")[0])
        out.append(f"| `{pin.name}` | GP{pin.gpio} | {where} | {target} |")
    supply = PICO_HEADER.index("3V3(OUT)") + 1
    grounds = ", ".join(str(i + 1) for i, name in enumerate(PICO_HEADER) if name == "GND")
    vbus, vsys = PICO_HEADER.index("VBUS") + 1, PICO_HEADER.index("VSYS") + 1
    out += [
        f"| — | 3V3(OUT) | {supply} | VCC (patte 16) et SRCLR (patte 10) des 74HC595, VCC "
        "(patte 16) des 74HC165, point commun des réseaux de 10 kΩ, SER du dernier 74HC165 |",
        f"| — | GND | {grounds} | la masse commune : registres, 74AHCT125, alimentation des LED |",
        f"| — | VBUS, VSYS | {vbus}, {vsys} | rien : le Pico est alimenté par l'USB du Pi |",
    ]
    return "\n".join(out) + "\n"


def replace_between(text: str, markers: tuple[str, str], section: str, name: str) -> str:
    """``text`` with the part between ``markers`` replaced by ``section``."""
    begin, end = markers
    try:
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
    except ValueError:
        raise SystemExit(f"{name} : marqueurs introuvables ({begin} … {end})") from None
    return f"{head}{begin}\n\n{section}\n{end}{tail}"


# --- command line -------------------------------------------------------------------


def outputs(folder: Path) -> dict[Path, str]:
    """Every file written into ``folder`` (the images, and two pages' tables), with content."""
    files = {folder / "images" / name: text for name, text in render_all().items()}
    for page, markers, section in (("materiel.md", BOM_MARKERS, bom_section()),
                                   ("pico.md", PINS_MARKERS, pins_section())):
        path = folder / page
        files[path] = replace_between(path.read_text(encoding="utf-8"), markers, section, page)
    return files


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Dessine les schémas (SVG) et les tableaux de docs/hardware/.")
    parser.add_argument("--check", action="store_true",
                        help="ne rien écrire ; code 1 si un fichier n'est pas à jour")
    parser.add_argument("--out", type=Path, default=HERE,
                        help="dossier à mettre à jour : images/, materiel.md et pico.md "
                             "(défaut : docs/hardware)")
    args = parser.parse_args(argv)
    stale = []
    for path, text in outputs(args.out).items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{'à refaire' if args.check else 'écrit'} : {path.relative_to(args.out)}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
