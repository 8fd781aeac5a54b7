"""The doctor's checks of the display and the fonts."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from kiosk.doctor.report import (
    DISPLAY,
    FAIL,
    FONTS,
    OK,
    WARN,
    Options,
    Result,
    Text,
)
from kiosk.ui import theme
from kiosk.ui.pictures import forget_pictures


def check_display(options: Options) -> list[Result]:
    """SDL opens the display the kiosk would use (KMSDRM without a desktop)."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "kmsdrm")  # as the kiosk does
    wanted = os.environ.get("SDL_VIDEODRIVER") or "auto"
    already = pygame.display.get_init()
    try:
        if not already:
            pygame.display.init()
        driver = pygame.display.get_driver()
        if driver == "dummy":
            return [
                Result(
                    WARN,
                    DISPLAY,
                    Text(
                        "pas d'écran : pilote factice (SDL_VIDEODRIVER=dummy)",
                        "no screen: dummy driver (SDL_VIDEODRIVER=dummy)",
                    ),
                )
            ]
        if not already:
            pygame.display.set_mode((64, 64))
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error as error:
        return [
            Result(
                FAIL,
                DISPLAY,
                Text(
                    f"SDL ne peut pas ouvrir l'écran ({wanted}) : {error}",
                    f"SDL cannot open the display ({wanted}): {error}",
                ),
            )
        ]
    finally:
        if not already:
            pygame.display.quit()
    size = f" {sizes[0][0]}×{sizes[0][1]}" if sizes else ""
    return [Result(OK, DISPLAY, Text(f"{driver.upper()}{size}", f"{driver.upper()}{size}"))]


def check_fonts(options: Options) -> list[Result]:
    """The theme's fonts are found and load; pygame's own font is only a fallback."""
    missing = theme.missing_fonts()
    found = {style: theme.font_path(style) for style in theme.FONT_FILES}
    already = pygame.font.get_init()
    broken: list[str] = []
    try:
        if not already:
            pygame.font.init()
        for path in sorted({p for p in found.values() if p is not None}):
            try:
                pygame.font.Font(path, 16).render("Ludogîte", True, (0, 0, 0))
            except (OSError, pygame.error) as error:
                broken.append(f"{path} ({error})")
    finally:
        if not already:
            pygame.font.quit()
            forget_pictures()  # no cached font may outlive the font module
    if broken:
        listed = "; ".join(broken)
        return [
            Result(FAIL, FONTS, Text(f"police illisible : {listed}", f"unreadable font: {listed}"))
        ]
    if missing:
        styles = ", ".join(missing)
        return [
            Result(
                WARN,
                FONTS,
                Text(
                    f"police de pygame pour {styles} (paquet fonts-dejavu-core manquant ?)",
                    f"pygame's font for {styles} (package fonts-dejavu-core missing?)",
                ),
            )
        ]
    folders = ", ".join(sorted({str(Path(p).parent) for p in found.values() if p}))
    count = len(found)
    return [
        Result(
            OK,
            FONTS,
            Text(f"DejaVu : {count} styles ({folders})", f"DejaVu: {count} styles ({folders})"),
        )
    ]


