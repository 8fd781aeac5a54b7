"""The pin table of ``pico.md``: each constant of ``pins.py``, its Pico pin and its wire."""

from __future__ import annotations

from .sources import PICO_HEADER, pico_physical, read_pins

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
