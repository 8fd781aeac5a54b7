"""Diagram (c): why one diode per cell, the ghost piece of a matrix without them."""

from __future__ import annotations

import itertools
import math

from .colours import COL, FAINT, INK, LED, MUTED, PANEL, ROW
from .parts import arrow_head, callout, diode, dot, heading, reed
from .svg import Svg


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
    """The same 3 × 3 matrix without diodes, then with them."""
    svg = Svg(1200, 720, "Pourquoi une diode par case : les pièces fantômes",
              "Un extrait 3 × 3 de la matrice, pièces en (0,0), (0,1) et (1,0), rangée 1 "
              "balayée : sans diodes la case (1,1) paraît occupée, avec diodes non.")
    heading(svg, "Pourquoi une diode par case : les pièces fantômes",
            "Extrait 3 × 3 de la matrice · pièces posées en (0, 0), (0, 1) et (1, 0) · "
            "la rangée 1 est balayée (0 V), le trait rouge suit le courant")
    ghost_panel(svg, 32, 110, diodes=False)
    ghost_panel(svg, 612, 110, diodes=True)
    return svg
