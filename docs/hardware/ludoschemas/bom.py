"""The bill of materials: the parts of each board, as the tables of ``materiel.md``."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .power import (
    INJECT_EVERY,
    LOGIC_A,
    MARGIN,
    chain_ma,
    choose_supply,
    led_limits,
    supply_needed,
)
from .sources import Board, project_on_path, read_boards, read_register_sizes


@dataclass(frozen=True)
class Part:
    """A part to buy: what it is, and a real manufacturer reference."""

    what: str
    reference: str


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
    project_on_path()
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
    project_on_path()
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
