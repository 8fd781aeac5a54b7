"""Diagram (d): the Raspberry Pi's 40-pin header in the direct-GPIO variant."""

from __future__ import annotations

from .colours import BUTTON, COL, FLAP, FREE, GND, INK, LED, MUTED, PIR, ROW, V5, V33, WHITE
from .parts import heading, legend, note_box
from .sources import PI_HEADER, PI_SPECIAL, HeaderRole
from .svg import Svg

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
    """The Pi's 40 pins, each with its role in the direct-GPIO variant."""
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
