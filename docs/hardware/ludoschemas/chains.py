"""Diagram (e): the order of the LED chain of a board, one drawing per board file."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from .cell import led_feed
from .colours import COL, FAINT, GOLD, INK, LED, MUTED, ROW, WHITE
from .parts import arrow_head
from .sources import Board, Cell, PicoPin
from .svg import Svg


def chain_diagram(board: Board, pins: Sequence[PicoPin]) -> Svg:
    """The cells of ``board``, each with its LED's rank on the chain."""
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
