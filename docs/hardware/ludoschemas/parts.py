"""Drawing parts: heading, ground, flags, resistor, diode, reed switch, chip, legend, notes."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .colours import FAINT, GND, INK, MUTED, PANEL, WHITE
from .svg import Svg, fmt, text_width


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
