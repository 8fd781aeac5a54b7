"""Test des LED: whole-board colours, a chase cell by cell, blinking, all off.

Every frame goes to the board through :meth:`SensorBoard.show`; the screen
draws the last frame sent, so what the board shows can be compared with it.
The LEDs are put out when the owner leaves the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from drivers.sensorboard import Cell, Colour, Led, LedFrame, LedMode, SensorBoard
from kiosk.scenes.admin.board_choice import BOARD_AREA, SIDE, BoardTestScene
from kiosk.scenes.admin.matrix import Matrix
from kiosk.ui.text import blit_paragraph
from kiosk.ui.theme import PALETTE
from kiosk.ui.widgets import Button, rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

RED: Colour = (255, 0, 0)
GREEN: Colour = (0, 255, 0)
BLUE: Colour = (0, 0, 255)
WHITE: Colour = (255, 255, 255)
CHASE_STEP = 0.15
"""Seconds each cell stays lit in the chase."""
BLINK_HZ = 2.0
"""How fast the screen shows a blinking LED (the board blinks at its own rate)."""


class LedTestScene(BoardTestScene):
    """Buttons that light the whole board, chase along it, blink it, or put it out."""

    name = "admin-leds"

    def __init__(self, kiosk: Kiosk) -> None:
        super().__init__(kiosk)
        self.colour: Colour = WHITE
        self.sent: LedFrame | None = None
        self.count = 0
        """Frames sent since the screen opened."""
        self.chasing: int | None = None
        """The chase's position in :meth:`order` (``None``: no chase)."""
        self.clock = 0.0
        self.what = ""

    def heading(self) -> str:
        return self._("Test des LED")

    def subtitle(self) -> str:
        return self._("Touchez un bouton : le plateau s'allume comme le dessin")

    def add_test_buttons(self) -> None:
        width, height, gap = (SIDE.width - 20) // 2, 96, 20
        choices: list[tuple[str, Callable[[], None], Colour]] = [
            (self._("Tout rouge"), self._steady(RED, self._("Tout rouge")), (214, 70, 60)),
            (self._("Tout vert"), self._steady(GREEN, self._("Tout vert")), (80, 170, 90)),
            (self._("Tout bleu"), self._steady(BLUE, self._("Tout bleu")), (70, 110, 200)),
            (self._("Tout blanc"), self._steady(WHITE, self._("Tout blanc")), PALETTE.ivory),
            (self._("Chenillard"), self.chase, PALETTE.gold),
            (self._("Clignotant"), self.blink, PALETTE.gold),
        ]
        for i, (label, action, colour) in enumerate(choices):
            row, column = divmod(i, 2)
            rect = pygame.Rect(
                SIDE.x + column * (width + gap), SIDE.y + row * (height + gap), width, height
            )
            self.buttons.add(Button(rect, label, action, colour, size=30))
        top = SIDE.y + 3 * (height + gap)
        self.buttons.add(
            Button(
                pygame.Rect(SIDE.x, top, SIDE.width, height),
                self._("Tout éteindre"),
                self.all_off,
                PALETTE.ivory_dark,
                size=30,
            )
        )

    # ------------------------------------------------------------------ sending

    def send(self, frame: LedFrame, what: str) -> None:
        """``frame`` to the board; a refusal is told, never raised."""
        board = self.board
        if board is None:
            return
        try:
            board.show(frame)
        except (ValueError, OSError) as error:
            self.kiosk.notify(str(error), warning=True)
            return
        self.sent = frame
        self.count += 1
        self.what = what

    def frame(self, lit: dict[Cell, Led]) -> LedFrame | None:
        board = self.ready()
        return LedFrame(board.rows, board.cols, lit) if board is not None else None

    def order(self) -> list[Cell]:
        """The cells with an LED: along the chain when the board file says, else row by row."""
        board = self.ready()
        if board is None:
            return []
        if self.board_file is not None:
            chain = self.board_file.leds
            return sorted(chain, key=lambda cell: chain[cell])
        return [(row, col) for row in range(board.rows) for col in range(board.cols)]

    def _steady(self, colour: Colour, what: str) -> Callable[[], None]:
        def action() -> None:
            self.colour = colour
            self.chasing = None
            led = Led(LedMode.ON, colour)
            frame = self.frame({cell: led for cell in self.order()})
            if frame is not None:
                self.send(frame, what)

        return action

    def chase(self) -> None:
        """One cell after another, in the current colour."""
        self.chasing = 0
        self.clock = 0.0
        self._chase_step()

    def _chase_step(self) -> None:
        cells = self.order()
        if not cells or self.chasing is None:
            return
        cell = cells[self.chasing % len(cells)]
        frame = self.frame({cell: Led(LedMode.ON, self.colour)})
        if frame is not None:
            self.send(frame, self._("Chenillard"))

    def blink(self) -> None:
        self.chasing = None
        led = Led(LedMode.BLINK, self.colour)
        frame = self.frame({cell: led for cell in self.order()})
        if frame is not None:
            self.send(frame, self._("Clignotant"))

    def all_off(self) -> None:
        self.chasing = None
        frame = self.frame({})
        if frame is not None:
            self.send(frame, self._("Tout éteindre"))

    def update(self, dt: float) -> None:
        if self.chasing is None:
            return
        self.clock += dt
        while self.clock >= CHASE_STEP:
            self.clock -= CHASE_STEP
            self.chasing += 1
            self._chase_step()

    def leave(self) -> None:
        if self.sent is not None and self.sent != self.frame({}):
            self.all_off()

    def board_closing(self) -> None:
        self.leave()
        self.sent = None

    # ------------------------------------------------------------------ drawing

    def draw_content(self, canvas: pygame.Surface) -> None:
        board = self.ready()
        if board is None:
            self.draw_missing(canvas)
            return
        matrix = Matrix(BOARD_AREA, board.rows, board.cols)
        matrix.draw_back(canvas)
        matrix.draw_labels(canvas)
        shown = self.sent if self.sent is not None else LedFrame(board.rows, board.cols)
        blink_on = int(self.kiosk.now * BLINK_HZ * 2) % 2 == 0
        for cell in matrix.cells():
            rect = matrix.rect(cell)
            used = self.has_led(cell)
            pygame.draw.rect(
                canvas, PALETTE.felt_dark if used else PALETTE.wood_dark, rect, border_radius=4
            )
            led = shown[cell]
            radius = rect.width * 0.36
            if led.mode is LedMode.OFF or (led.mode is LedMode.BLINK and not blink_on):
                if used:
                    pygame.draw.circle(canvas, (70, 70, 66), rect.center, radius, 2)
                continue
            pygame.draw.circle(canvas, led.colour, rect.center, radius)
            pygame.draw.circle(canvas, PALETTE.ivory, rect.center, radius, 2)
        self.draw_sent(canvas, board)

    def draw_sent(self, canvas: pygame.Surface, board: SensorBoard) -> None:
        box = pygame.Rect(SIDE.x, SIDE.y + 4 * 116, SIDE.width, SIDE.bottom - SIDE.y - 4 * 116)
        rounded_panel(canvas, box, PALETTE.felt_dark, radius=22, shadow=0)
        lit = (
            0
            if self.sent is None
            else sum(1 for _, led in self.sent.cells() if led.mode is not LedMode.OFF)
        )
        lines = [
            self._("Envois au plateau : {n}").format(n=self.count),
            self._("LED allumées : {n}").format(n=lit),
        ]
        if self.what:
            lines.append(self._("Dernier envoi : {what}").format(what=self.what))
        if self.board_file is not None:
            lines.append(self._("{name} (simulé)").format(name=self.board_file.name))
        if not board.connected:
            lines.append(self._("Plateau non connecté : l'envoi partira à son retour"))
        blit_paragraph(
            canvas,
            "\n".join(lines),
            box.inflate(-48, -40),
            26,
            PALETTE.ivory,
            "sans-bold",
            spacing=1.6,
        )
