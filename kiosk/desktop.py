"""The kiosk's window on a desktop (``--windowed``): where it is, and room beside it.

``make run`` opens a simulated board in a window of its own for each board
game; it must open beside the kiosk's window, not over its board. The kiosk
tells the simulator where its own window is; when the desktop leaves too little
room on either side, the kiosk's window (scaled, so its picture shrinks with
it) is made narrower and moved to the left first. Fullscreen, or without a
window to ask about, there is nothing to make room in.
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)

Box = tuple[int, int, int, int]
"""A window on the desktop: x, y, width, height."""
SIM_ROOM = 560
"""The room a simulated board's window wants beside the kiosk's (its squares shrink to fit)."""
ASPECT = 16 / 9


def with_room(kiosk: Box, desktop: tuple[int, int], wanted: int = SIM_ROOM) -> Box:
    """The kiosk's window, made narrower and moved left if the desktop leaves fewer than
    ``wanted`` pixels on both of its sides (its shape kept, 16 : 9)."""
    x, y, width, height = kiosk
    if desktop[0] - (x + width) >= wanted or x >= wanted:
        return kiosk
    width = max(320, min(width, desktop[0] - wanted))
    height = min(height, round(width / ASPECT), desktop[1])
    return 0, max(0, min(y, desktop[1] - height)), width, height


def room_beside_kiosk(wanted: int = SIM_ROOM) -> Box | None:
    """The kiosk's window after making room beside it (see :func:`with_room`), or ``None``
    when it is fullscreen or there is no window to ask about."""
    try:
        import pygame
        from pygame._sdl2.video import Window

        surface = pygame.display.get_surface()
        if surface is None or surface.get_flags() & pygame.FULLSCREEN:
            return None
        window = Window.from_display_module()
        desktop = pygame.display.get_desktop_sizes()[0]
        x, y = window.position  # type: ignore[misc]  # a pair once the window exists
        width, height = window.size
        before: Box = (x, y, width, height)
        after = with_room(before, desktop, wanted)
        if after != before:
            window.size = after[2:]
            window.position = after[:2]
            log.info("fenêtre de la borne : %s -> %s, place pour le plateau simulé", before, after)
        return after
    except Exception as error:  # a desktop that will not say leaves things as they are
        log.info("fenêtre de la borne introuvable (%s) : plateau simulé sans place", error)
        return None
