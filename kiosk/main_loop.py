"""The kiosk's main loop: events, fixed steps, and a frame only when the picture changed.

Updates run at a fixed 60 Hz step, paced by real time, so that animations last
as long on a slow machine. A frame is drawn and presented only when the
picture may have changed (:meth:`kiosk.runtime.Kiosk.needs_frame`), at most
``frame_rate`` a second (30 on the Pi); on a still screen the loop sleeps on
its events for at most :data:`IDLE_WAIT_MS`, so the machine's answers, the
idle timers and the watchdog are still served, and a board's or a button's
thread wakes it at once (:data:`WAKE`).

A frame draws and presents only the part of the canvas that changed
(:meth:`kiosk.runtime.Kiosk.damage`, :mod:`kiosk.display`).
"""

from __future__ import annotations

import time

import pygame

from kiosk.config import frames_per_second
from kiosk.display import present, rotate_in, screen_flags, screen_size
from kiosk.runtime import STEP, Kiosk
from kiosk.touch import PointerTracker

IDLE_WAIT_MS = 100
"""The longest the loop sleeps on a still screen: the machine's answers, the board, the
idle timers and the watchdog are served at least ten times a second."""
WAKE = pygame.event.custom_type()
"""Posted by a board's or an input's thread: a still loop wakes for it at once."""
REDRAW_EVENTS = frozenset(
    {pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSIZECHANGED, pygame.VIDEOEXPOSE}
)


def next_events(still: bool) -> list[pygame.event.Event]:
    """The events waiting; on a still screen, sleeps until one comes or ``IDLE_WAIT_MS``."""
    if not still:
        return pygame.event.get()
    first = pygame.event.wait(IDLE_WAIT_MS)
    if first.type == pygame.NOEVENT:
        return []
    return [first, *pygame.event.get()]


def wake() -> None:
    """Wake the loop (from any thread: SDL's event queue is thread-safe)."""
    try:
        pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:
        return  # the display is closing


class MainLoop:
    """One :meth:`turn` at a time: the app runs it for ever, the idleness benchmark for a while."""

    def __init__(
        self, kiosk: Kiosk, screen: pygame.Surface, rotation: int, *, windowed: bool
    ) -> None:
        self.kiosk = kiosk
        self.screen = screen
        self.rotation = rotation
        self.windowed = windowed
        self.tracker = PointerTracker(
            lambda: screen_size(kiosk.settings.rotation),
            lambda x, y: rotate_in(kiosk.settings.rotation, x, y),
            ignored=kiosk.ignored_pointer,
        )
        kiosk.hardware.wake_with(wake)
        self.clock = pygame.time.Clock()
        self.accumulator = 0.0
        self.last = time.monotonic()
        self.turns = 0
        self.frames = 0
        self.drew = False
        """Whether the last turn drew and presented a frame."""
        self.presented: pygame.Rect | None = None
        """The part of the screen the last frame presented (``None``: all of it)."""

    def turn(self) -> str | None:
        """Events, steps, and a frame if the picture changed; why to stop, if it must."""
        kiosk = self.kiosk
        for event in next_events(still=not self.drew and self.turns > 0):
            if event.type == pygame.QUIT:
                return "signal"
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.windowed:
                return "quit"
            if event.type in REDRAW_EVENTS:
                kiosk.redraw()  # the window was shown again or resized
            pointer = self.tracker.translate(event)
            if pointer is not None:
                kiosk.pointer(pointer)
            elif event.type == pygame.KEYDOWN:
                kiosk.key(event)
        now = time.monotonic()
        self.accumulator = min(self.accumulator + now - self.last, 0.25)
        self.last = now
        while self.accumulator >= STEP:
            kiosk.step(STEP)
            self.accumulator -= STEP
        self.turns += 1
        self.drew = kiosk.needs_frame() or kiosk.settings.rotation != self.rotation
        if self.drew:
            turned = kiosk.settings.rotation != self.rotation
            area = None if turned else kiosk.damage()
            frame = kiosk.draw(area)
            if turned:
                self.rotation = kiosk.settings.rotation
                size = screen_size(self.rotation)
                self.screen = pygame.display.set_mode(size, screen_flags(self.windowed, size))
            changed = present(self.screen, frame, self.rotation, area)
            if area is None:
                pygame.display.flip()
            else:
                pygame.display.update(changed)
            self.presented = None if area is None else changed
            self.frames += 1
        return None

    def pace(self) -> None:
        """After a frame, wait for the next one's time (a still turn waits on its events)."""
        if self.drew:
            self.clock.tick(frames_per_second(self.kiosk.settings))

