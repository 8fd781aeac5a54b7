"""Exporter (CSV): every game recorded as a spreadsheet file, kept and copied to a USB stick.

One row per game, those played to their end with their result and those left
before it marked ``abandon``; the screen says so, and how many of each it wrote.

The writing is :mod:`kiosk.usb_export` (``ludokiosk-AAAAMMJJ-HHMMSS.csv`` in
``<data directory>/exports/`` and on every stick mounted under ``/media``);
this screen lists the sticks, runs it and says, in the screen's language,
what was written and why a place was not (read-only, full…).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from kiosk import usb_export
from kiosk.scenes.admin.common import CONTENT, AdminScene, empty_panel
from kiosk.ui.text import blit_paragraph, blit_text, fit_size
from kiosk.ui.theme import PALETTE
from kiosk.ui.widgets import Button, rounded_panel
from kiosk.usb_export import (
    MEDIA,
    Export,
    Failure,
    export_name,
    export_records,
    exports_dir,
    read_only,
    usb_sticks,
)

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

__all__ = ["MEDIA", "Export", "ExportScene", "export_name", "export_records", "usb_sticks"]

STICKS_EVERY = 2.0
"""Seconds between two looks for sticks plugged in or pulled out."""


class ExportScene(AdminScene):
    """One button writes the file; the screen lists where it went."""

    name = "admin-export"

    def __init__(self, kiosk: Kiosk) -> None:
        super().__init__(kiosk)
        self.result: Export | None = None
        self.sticks: list[Path] = []
        self._since_look = 0.0

    def heading(self) -> str:
        return self._("Exporter (CSV)")

    def subtitle(self) -> str:
        return self._("Toutes les parties jouées, une ligne chacune : terminées et abandonnées")

    def look_for_sticks(self) -> None:
        # MEDIA is read here, at the call: the tests point it elsewhere.
        self.sticks = usb_sticks(MEDIA)
        self._since_look = 0.0

    def enter(self) -> None:
        self.look_for_sticks()
        super().enter()

    def update(self, dt: float) -> None:
        self._since_look += dt
        if self._since_look >= STICKS_EVERY:
            self.look_for_sticks()

    def layout(self) -> None:
        super().layout()
        if self.records is not None:
            self.buttons.add(
                Button(
                    pygame.Rect(CONTENT.x, CONTENT.y, 520, 110),
                    self._("Exporter maintenant"),
                    self.export,
                    PALETTE.accent,
                    size=38,
                )
            )

    def export(self) -> None:
        self.look_for_sticks()
        self.result = export_records(self.records, sticks=self.sticks)
        if self.result.failed:
            self.kiosk.sounds.play("error")

    def stick_label(self, stick: Path) -> str:
        if read_only(stick):
            return self._("{path} (lecture seule)").format(path=stick)
        return str(stick)

    def failure_line(self, result: Export, failure: Failure) -> str:
        """One failed place, in the screen's language."""
        kind, path = failure.problem.kind, failure.path
        on_stick = result.on_stick(path)
        if on_stick and kind == usb_export.READ_ONLY:
            return self._("Clé USB en lecture seule : {path}").format(path=path.parent)
        if on_stick and kind == usb_export.FULL:
            return self._("Clé USB pleine : {path}").format(path=path.parent)
        reasons = {
            usb_export.READ_ONLY: self._("lecture seule"),
            usb_export.FULL: self._("disque plein"),
            usb_export.DENIED: self._("permission refusée"),
            usb_export.NAMES_TAKEN: self._("tous les noms sont déjà pris"),
            usb_export.NOT_A_FOLDER: self._("ce n'est pas un dossier"),
        }
        if on_stick:
            reasons[usb_export.GONE] = self._("erreur d'écriture : clé retirée ?")
        why = reasons.get(kind, failure.problem.detail)
        return self._("Échec : {path} ({why})").format(path=path, why=why)

    def count_line(self, result: Export) -> str:
        """How many games the file holds: finished, and abandoned."""
        finished = result.rows - result.abandoned
        line = self._("Parties exportées : {n} (terminées : {finished}, abandonnées : {left})")
        return line.format(n=result.rows, finished=finished, left=result.abandoned)

    def draw_content(self, canvas: pygame.Surface) -> None:
        if self.records is None:
            empty_panel(canvas, CONTENT, self._("Pas de données"))
            return
        if self.sticks:
            labels = ", ".join(self.stick_label(stick) for stick in self.sticks)
            sticks = self._("Clé USB : {paths}").format(paths=labels)
        else:
            sticks = "\n".join(
                (
                    self._("Aucune clé USB : le fichier reste sur la borne"),
                    self._(
                        "Une clé FAT32 ou exFAT apparaît ici quelques secondes après être branchée."
                    ),
                )
            )
        blit_paragraph(
            canvas,
            sticks,
            pygame.Rect(CONTENT.x + 560, CONTENT.y + 10, CONTENT.width - 560, 110),
            28,
            PALETTE.ivory,
            "sans-bold",
        )
        panel = pygame.Rect(CONTENT.x, CONTENT.y + 140, CONTENT.width, CONTENT.height - 140)
        rounded_panel(canvas, panel, PALETTE.felt_dark, radius=24, shadow=0)
        result = self.result
        if result is None:
            blit_paragraph(
                canvas,
                self._("Le fichier sera écrit dans {folder}").format(folder=exports_dir()),
                panel.inflate(-60, -60),
                28,
                PALETTE.ivory_dark,
            )
            return
        x, y = panel.x + 30, panel.y + 28
        lines: list[tuple[str, Any]] = [(self.count_line(result), PALETTE.gold)]
        if result.written:
            lines.append((self._("Écrit dans :"), PALETTE.ivory))
            lines += [(f"  {path}", PALETTE.ivory) for path in result.written]
        if result.sticks_written:
            lines.append((self._("La clé peut être retirée."), PALETTE.ivory))
        for failure in result.failed:
            lines.append((self.failure_line(result, failure), PALETTE.warning))
        for text, colour in lines:
            size = fit_size(text, panel.width - 60, 30, "sans-bold")
            blit_text(canvas, text, (x, y), size, colour, "sans-bold")
            y += size + 22
