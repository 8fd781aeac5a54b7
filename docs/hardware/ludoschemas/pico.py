"""Diagram (a): the Pico board, its shift registers, level shifter and LED chain."""

from __future__ import annotations

import math
from collections.abc import Sequence

from .colours import BUTTON, COL, GND, INK, LED, MUTED, PANEL, ROW, V5, V33, WHITE
from .parts import (
    Chip,
    Pin,
    arrow_head,
    capacitor,
    dot,
    flag,
    ground,
    heading,
    legend,
    note_box,
    push_button,
    resistor,
)
from .power import INJECT_EVERY
from .sources import PICO_HEADER, Board, PicoPin, pico_physical, read_register_sizes
from .svg import Svg

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
    """The serial board: the Pico, its registers, the LED chain and their supplies."""
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
