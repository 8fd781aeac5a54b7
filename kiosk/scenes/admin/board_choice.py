"""The board under test: the configured one, or, with ``--board-sim``, a simulated one.

With ``--board-sim`` and no board in the hardware file, the owner chooses a
board file of ``config/boards``; the hardware link opens its simulator
through :meth:`kiosk.hardware.HardwareLink.board_for`, given a spec that board
serves. :class:`BoardTestScene` is what the sensor and LED tests share.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from drivers.sensorboard import Cell, SensorBoard
from kiosk.board.mapping import DEFAULT_DIR, BoardFile, MappingError, read_board
from kiosk.scenes.admin.common import BACK, CONTENT, AdminScene, empty_panel
from kiosk.ui.text import blit_text
from kiosk.ui.theme import CANVAS, PALETTE
from kiosk.ui.widgets import Button

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

log = logging.getLogger(__name__)

ORDER = ("grid8", "grid9", "grid16x8", "moulin", "assaut", "barricades")
"""The board files offered, in this order (others after them)."""
BOARD_AREA = pygame.Rect(56, 165, 1130, 760)
"""Where the matrix (or the choice of boards) is drawn."""
SIDE = pygame.Rect(1220, 165, CANVAS[0] - 56 - 1220, 760)
"""The column beside it: figures and buttons."""


@lru_cache(maxsize=4)
def board_files(directory: Path = DEFAULT_DIR) -> tuple[BoardFile, ...]:
    """The usable board files (broken ones are named at start-up and left out here)."""
    found = []
    for path in directory.glob("*.toml"):
        try:
            found.append(read_board(path))
        except MappingError as error:
            log.warning("plateau %s : %s", path.name, error)
    rank = {name: i for i, name in enumerate(ORDER)}
    return tuple(sorted(found, key=lambda b: (rank.get(Path(b.file).stem, len(ORDER)), b.file)))


def can_choose(kiosk: Kiosk) -> bool:
    """Whether the owner picks a simulated board (``--board-sim``, none configured)."""
    return kiosk.hardware.simulate and kiosk.hardware.hardware.board is None


_FILES: weakref.WeakKeyDictionary[SensorBoard, BoardFile] = weakref.WeakKeyDictionary()
"""The board file of each simulated board opened here (so every test screen knows it)."""


def open_simulated(kiosk: Kiosk, board: BoardFile) -> SensorBoard | None:
    """The simulated ``board`` through the hardware link (``None`` if it did not start)."""
    specs = board.serves()
    opened = kiosk.hardware.board_for(specs[0]) if specs else None
    if opened is not None:
        _FILES[opened] = board
    return opened


def file_of(board: SensorBoard | None) -> BoardFile | None:
    """The board file a simulated board was opened from (``None``: unknown, a real board)."""
    return _FILES.get(board) if board is not None else None


class BoardTestScene(AdminScene):
    """A test of the board: the choice of a simulated board, then the test itself."""

    def __init__(self, kiosk: Kiosk) -> None:
        super().__init__(kiosk)
        self.board_file: BoardFile | None = file_of(kiosk.hardware.board)
        """The board file of a simulated board (``None`` for a real one)."""
        self.choosing = False

    @property
    def board(self) -> SensorBoard | None:
        """The board being tested (``None``: not connected, or none chosen yet)."""
        if self.choosing:
            return None
        return self.kiosk.hardware.board

    def layout(self) -> None:
        super().layout()
        if self.board is None and can_choose(self.kiosk):
            self.add_choices()
        elif self.board is not None:
            self.add_test_buttons()
            if can_choose(self.kiosk):
                self.buttons.add(
                    Button(
                        pygame.Rect(BACK.right + 24, BACK.y, 380, BACK.height),
                        self._("Changer de plateau"),
                        self.change_board,
                        PALETTE.ivory_dark,
                        size=30,
                    )
                )

    def add_test_buttons(self) -> None:
        """The test's own buttons (the LED colours…)."""

    def add_choices(self) -> None:
        """One button per board file, in two columns."""
        width, height, gap = (BOARD_AREA.width - 24) // 2, 96, 20
        for i, board in enumerate(board_files()):
            row, column = divmod(i, 2)
            rect = pygame.Rect(
                BOARD_AREA.x + column * (width + 24),
                BOARD_AREA.y + 70 + row * (height + gap),
                width,
                height,
            )
            label = f"{board.name} — {board.rows} × {board.cols}"
            self.buttons.add(Button(rect, label, self._choose(board), PALETTE.ivory, size=28))

    def _choose(self, board: BoardFile) -> Callable[[], None]:
        def action() -> None:
            self.choosing = False
            opened = open_simulated(self.kiosk, board)
            if opened is None:
                self.kiosk.notify(self._("Le simulateur de plateau n'a pas démarré"), warning=True)
                self.board_file = None
            else:
                self.board_file = board
                self.board_opened(opened)
            self.layout()

        return action

    def change_board(self) -> None:
        self.board_closing()
        self.choosing = True
        self.layout()

    def board_opened(self, board: SensorBoard) -> None:
        """A simulated board was just opened."""

    def board_closing(self) -> None:
        """The owner is about to choose another board."""

    def has_led(self, cell: Cell) -> bool:
        """Whether ``cell`` has a point and an LED (every cell unless the file says)."""
        return self.board_file is None or cell in self.board_file.leds

    def draw_missing(self, canvas: pygame.Surface) -> None:
        """No board to test: the choice of a simulated one, or "plateau non connecté"."""
        if self.board is None and can_choose(self.kiosk):
            blit_text(
                canvas,
                self._("Choisissez un plateau simulé :"),
                (BOARD_AREA.x, BOARD_AREA.y + 10),
                32,
                PALETTE.ivory,
                "sans-bold",
            )
            return
        empty_panel(canvas, CONTENT, self._("Plateau non connecté"))
        hints = [
            self._("Vérifiez le câble et le fichier du matériel (config/hardware.toml)."),
            self._("Sans plateau : lancez la borne avec --board-sim pour un plateau simulé."),
        ]
        for i, hint in enumerate(hints):
            blit_text(
                canvas,
                hint,
                (CONTENT.centerx, CONTENT.centery + 60 + 40 * i),
                26,
                PALETTE.ivory_dark,
                anchor="center",
            )

    def ready(self) -> SensorBoard | None:
        """The board, when it has a size to draw (a serial board learns it on connecting)."""
        board = self.board
        if board is None or not board.rows or not board.cols:
            return None
        return board
