"""Exporter (CSV): the finished games as a spreadsheet file, kept and copied to a USB stick.

The file ``ludokiosk-AAAAMMJJ-HHMMSS.csv`` is written into
``<data directory>/exports/`` and copied onto every USB stick mounted and
writable under ``/media`` (``/media/<user>/<label>`` on Raspberry Pi OS,
``/media/<label>`` with other automounters).
"""

from __future__ import annotations

import contextlib
import datetime
import logging
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from kiosk import paths
from kiosk.scenes.admin.common import CONTENT, AdminScene, empty_panel
from kiosk.ui.text import blit_paragraph, blit_text, fit_size
from kiosk.ui.theme import PALETTE
from kiosk.ui.widgets import Button, rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

log = logging.getLogger(__name__)

MEDIA = Path("/media")
IsMount = Callable[[Path], bool]


@dataclass
class Export:
    """What an export wrote: the files, the rows, and the places that failed."""

    rows: int = 0
    written: list[Path] = field(default_factory=list)
    failed: list[tuple[Path, str]] = field(default_factory=list)


def export_name(moment: datetime.datetime) -> str:
    """``ludokiosk-20240503-142501.csv``."""
    return f"ludokiosk-{moment:%Y%m%d-%H%M%S}.csv"


def exports_dir() -> Path:
    return paths.data_dir() / "exports"


def usb_sticks(media: Path | None = None, is_mount: IsMount = os.path.ismount) -> list[Path]:
    """Writable mounted directories at ``media/*`` or ``media/*/*`` (default :data:`MEDIA`)."""
    media = MEDIA if media is None else media
    found: list[Path] = []
    try:
        candidates = [*media.glob("*"), *media.glob("*/*")]
    except OSError:
        return found
    for folder in sorted(candidates):
        try:
            usable = folder.is_dir() and is_mount(folder) and os.access(folder, os.W_OK)
        except OSError:
            usable = False
        if usable:
            found.append(folder)
    return found


def export_records(
    records: Any,
    moment: datetime.datetime | None = None,
    folder: Path | None = None,
    sticks: list[Path] | None = None,
) -> Export:
    """Write the CSV into ``folder`` (default :func:`exports_dir`) and copy it onto ``sticks``.

    Nothing raises: a place that cannot be written is listed in ``failed``.
    """
    name = export_name(moment or datetime.datetime.now())
    target = (folder or exports_dir()) / name
    result = Export()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("w", encoding="utf-8", newline="") as out:
            result.rows = int(records.export_csv(out))
    except OSError as error:
        log.error("export %s : %s", target, error)
        result.failed.append((target, error.strerror or str(error)))
        with contextlib.suppress(OSError):
            target.unlink(missing_ok=True)
        return result
    result.written.append(target)
    for stick in sticks if sticks is not None else usb_sticks():
        copy = stick / name
        try:
            shutil.copyfile(target, copy)
        except OSError as error:
            log.error("export %s : %s", copy, error)
            result.failed.append((copy, error.strerror or str(error)))
            with contextlib.suppress(OSError):
                copy.unlink(missing_ok=True)
        else:
            result.written.append(copy)
    if len(result.written) > 1 and hasattr(os, "sync"):
        os.sync()  # the stick can be pulled out as soon as the screen says it is written
    return result


class ExportScene(AdminScene):
    """One button writes the file; the screen lists where it went."""

    name = "admin-export"

    def __init__(self, kiosk: Kiosk) -> None:
        super().__init__(kiosk)
        self.result: Export | None = None
        self.sticks: list[Path] = []

    def heading(self) -> str:
        return self._("Exporter (CSV)")

    def subtitle(self) -> str:
        return self._("Toutes les parties terminées, une ligne chacune, pour un tableur")

    def enter(self) -> None:
        self.sticks = usb_sticks()
        super().enter()

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
        self.sticks = usb_sticks()
        self.result = export_records(self.records, sticks=self.sticks)
        if self.result.failed:
            self.kiosk.sounds.play("error")

    def draw_content(self, canvas: pygame.Surface) -> None:
        if self.records is None:
            empty_panel(canvas, CONTENT, self._("Pas de données"))
            return
        if self.sticks:
            sticks = self._("Clé USB : {paths}").format(paths=", ".join(map(str, self.sticks)))
        else:
            sticks = self._("Aucune clé USB : le fichier reste sur la borne")
        blit_paragraph(
            canvas,
            sticks,
            pygame.Rect(CONTENT.x + 560, CONTENT.y + 10, CONTENT.width - 560, 100),
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
        lines: list[tuple[str, Any]] = [
            (self._("Parties exportées : {n}").format(n=result.rows), PALETTE.gold),
        ]
        if result.written:
            lines.append((self._("Écrit dans :"), PALETTE.ivory))
            lines += [(f"  {path}", PALETTE.ivory) for path in result.written]
        for path, why in result.failed:
            lines.append(
                (self._("Échec : {path} ({why})").format(path=path, why=why), PALETTE.warning)
            )
        for text, colour in lines:
            size = fit_size(text, panel.width - 60, 30, "sans-bold")
            blit_text(canvas, text, (x, y), size, colour, "sans-bold")
            y += size + 22
