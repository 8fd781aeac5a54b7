"""Diagram (b): one cell, its reed switch, diode and LED, and a cut through it."""

from __future__ import annotations

import math
from collections.abc import Sequence

from .colours import COL, FAINT, GND, GOLD, INK, LED, MUTED, PANEL, ROW, V5
from .parts import arrow_head, capacitor, diode, dot, heading, reed
from .sources import PicoPin
from .svg import Svg


def led_feed(pins: Sequence[PicoPin]) -> str:
    """How the first LED is fed, with the Pico's LED pin from ``pins.py``."""
    pin = next((f"GP{p.gpio}" for p in pins if p.name == "LED_DATA"), "LED_DATA")
    return f"{pin} → 74AHCT125 → 330 Ω"


def cell_diagram(pins: Sequence[PicoPin]) -> Svg:
    """One cell: its reed switch and diode, its LED, and a cut through the board."""
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
