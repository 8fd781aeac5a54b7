"""Test des capteurs: the board's cells live, the last change lit, changes counted.

Place and lift pieces: each cell shows whether it senses one, how often it
changed, and the cell that changed last is ringed in gold. The serial
driver's counters (bad frames, links lost) are shown when it keeps them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from drivers.sensorboard import (
    BoardConnected,
    BoardLost,
    Cell,
    Occupancy,
    OccupancyChanged,
    SensorBoard,
)
from kiosk.scenes.admin.board_choice import BOARD_AREA, SIDE, BoardTestScene
from kiosk.scenes.admin.matrix import Matrix, square_name
from kiosk.ui.text import blit_text, fit_size
from kiosk.ui.theme import PALETTE, Colour
from kiosk.ui.widgets import Button, rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk


class SensorTestScene(BoardTestScene):
    """The occupancy of every cell, read from the board's events as they come."""

    name = "admin-sensors"
    follows_board = True

    def __init__(self, kiosk: Kiosk) -> None:
        super().__init__(kiosk)
        self.occupancy: Occupancy | None = None
        self.changes: dict[Cell, int] = {}
        self.total = 0
        self.last: tuple[Cell, bool] | None = None
        """The cell that changed last and whether a piece is now on it."""
        self.lost = ""

    def heading(self) -> str:
        return self._("Test des capteurs")

    def subtitle(self) -> str:
        return self._("Posez et levez des pièces : chaque case doit réagir")

    def enter(self) -> None:
        board = self.board
        if board is not None and self.occupancy is None:
            self.occupancy = board.occupancy
        super().enter()

    def add_test_buttons(self) -> None:
        self.buttons.add(
            Button(
                pygame.Rect(SIDE.x, SIDE.bottom - 96, SIDE.width, 96),
                self._("Remettre les compteurs à zéro"),
                self.reset_counts,
                PALETTE.ivory_dark,
                size=28,
            )
        )

    def reset_counts(self) -> None:
        self.changes.clear()
        self.total = 0
        self.last = None

    def board_opened(self, board: SensorBoard) -> None:
        self.reset_counts()
        self.occupancy = board.occupancy

    def update(self, dt: float) -> None:
        board = self.board
        if board is None:
            return
        for event in board.events():
            if isinstance(event, OccupancyChanged):
                self.seen(event.occupancy)
            elif isinstance(event, BoardLost):
                self.lost = event.reason
            elif isinstance(event, BoardConnected):
                self.lost = ""

    def seen(self, occupancy: Occupancy) -> None:
        """A reading: the cells that changed since the last one are counted."""
        before = self.occupancy
        self.occupancy = occupancy
        if before is None or (before.rows, before.cols) != (occupancy.rows, occupancy.cols):
            return
        lifted, placed = before.changed(occupancy)
        for cell in sorted(lifted):
            self._changed(cell, False)
        for cell in sorted(placed):
            self._changed(cell, True)
        if lifted or placed:
            self.kiosk.last_input = self.kiosk.now  # the owner is at work: no demonstration

    def _changed(self, cell: Cell, occupied: bool) -> None:
        self.changes[cell] = self.changes.get(cell, 0) + 1
        self.total += 1
        self.last = (cell, occupied)

    # ------------------------------------------------------------------ drawing

    def draw_content(self, canvas: pygame.Surface) -> None:
        board = self.ready()
        if board is None:
            self.draw_missing(canvas)
            return
        matrix = Matrix(BOARD_AREA, board.rows, board.cols)
        matrix.draw_back(canvas)
        matrix.draw_labels(canvas)
        occupied = self.occupancy.cells() if self.occupancy is not None else frozenset()
        last = self.last[0] if self.last is not None else None
        count_size = max(12, min(22, matrix.pitch // 4))
        for cell in matrix.cells():
            rect = matrix.rect(cell)
            used = self.has_led(cell)
            pygame.draw.rect(
                canvas, PALETTE.wood_light if used else PALETTE.wood_dark, rect, border_radius=4
            )
            if cell in occupied:
                pygame.draw.circle(canvas, PALETTE.black_piece, rect.center, rect.width * 0.38)
                pygame.draw.circle(canvas, PALETTE.ivory, rect.center, rect.width * 0.38, 2)
            if cell == last:
                pygame.draw.rect(canvas, PALETTE.gold, rect.inflate(4, 4), 5, border_radius=6)
            count = self.changes.get(cell, 0)
            if count and matrix.pitch >= 30:
                blit_text(
                    canvas,
                    str(count),
                    (rect.right - 3, rect.bottom - 1),
                    count_size,
                    PALETTE.accent_dark,
                    "sans-bold",
                    anchor="bottomright",
                )
        if not board.connected:
            banner = pygame.Rect(0, 0, BOARD_AREA.width - 120, 90)
            banner.center = BOARD_AREA.center
            rounded_panel(canvas, banner, PALETTE.warning, radius=20)
            blit_text(
                canvas,
                self._("Plateau non connecté"),
                banner.center,
                34,
                PALETTE.ink,
                "sans-bold",
                anchor="center",
            )
        self.draw_figures(canvas, board)

    def figures(self, board: SensorBoard) -> list[tuple[str, int, Colour]]:
        """The lines beside the matrix: (text, size, colour)."""
        occupied = len(self.occupancy.cells()) if self.occupancy is not None else 0
        lines = [
            (self.board_name(board), 30, PALETTE.gold),
            (
                self._("Cases occupées : {n} sur {total}").format(
                    n=occupied, total=board.rows * board.cols
                ),
                28,
                PALETTE.ivory,
            ),
            (self._("Changements vus : {n}").format(n=self.total), 28, PALETTE.ivory),
        ]
        if self.last is not None:
            cell, on = self.last
            text = (
                self._("Dernier : pièce posée en {square}")
                if on
                else self._("Dernier : pièce levée en {square}")
            )
            square = square_name(cell, board.rows)
            lines.append((text.format(square=square), 28, PALETTE.gold))
        stats = board.stats()
        if "bad_frames" in stats:
            bad = self._("Messages illisibles du plateau : {n}").format(n=stats["bad_frames"])
            lines.append((bad, 26, PALETTE.ivory_dark))
        if "losses" in stats:
            losses = self._("Liaisons perdues : {n}").format(n=stats["losses"])
            lines.append((losses, 26, PALETTE.ivory_dark))
        if not board.connected:
            reason = self.lost or str(getattr(board, "problem", "") or "")
            if reason:
                lines.append((reason, 24, PALETTE.warning))
        return lines

    def figure_lines(self, board: SensorBoard) -> list[str]:
        """The texts of :meth:`figures`."""
        return [text for text, _, _ in self.figures(board)]

    def draw_figures(self, canvas: pygame.Surface, board: SensorBoard) -> None:
        panel = pygame.Rect(SIDE.x, SIDE.y, SIDE.width, SIDE.height - 120)
        rounded_panel(canvas, panel, PALETTE.felt_dark, radius=22, shadow=0)
        y = panel.y + 28
        for text, size, colour in self.figures(board):
            fitted = fit_size(text, panel.width - 48, size, "sans-bold")
            blit_text(canvas, text, (panel.x + 24, y), fitted, colour, "sans-bold")
            y += fitted + 26

    def board_name(self, board: SensorBoard) -> str:
        if self.board_file is not None:
            return self._("{name} (simulé)").format(name=self.board_file.name)
        return self._("Plateau {rows} × {cols}").format(rows=board.rows, cols=board.cols)
