"""Touch and mouse as one stream of pointer events on the logical canvas.

SDL reports a finger twice: as ``FINGER*`` events (normalised coordinates)
and as synthetic mouse events marked ``touch``. We keep the finger events and
drop the copies. Only one finger drives a gesture at a time: a second finger
(or a palm) landing while the first is down is ignored until it lifts, so it
never derails a drag; the owners' touch test is told of it (``ignored``) to
show it. The mouse works as one more finger on a desktop.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

import pygame

MOUSE_FINGER = -1


class Phase(Enum):
    DOWN = "down"
    MOVE = "move"
    UP = "up"


@dataclass(frozen=True)
class Pointer:
    """One step of a gesture, in canvas coordinates."""

    phase: Phase
    x: float
    y: float
    finger: int

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)


ToCanvas = Callable[[float, float], tuple[float, float]]
"""Maps window pixels to canvas coordinates (scale, letterbox, rotation)."""


class PointerTracker:
    """Turns pygame events into :class:`Pointer` events, one gesture at a time.

    ``ignored``, if given, receives the steps of the fingers that are not followed
    (another finger leads the gesture), for a screen that shows them.
    """

    def __init__(
        self,
        window_size: Callable[[], tuple[int, int]],
        to_canvas: ToCanvas,
        ignored: Callable[[Pointer], None] | None = None,
    ) -> None:
        self._window_size = window_size
        self._to_canvas = to_canvas
        self._ignored = ignored
        self.active: int | None = None

    def translate(self, event: pygame.event.Event) -> Pointer | None:
        """The pointer event for ``event``, or ``None`` if it is not one we follow."""
        kind = event.type
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False):
                return None  # SDL's copy of a finger event
            if kind != pygame.MOUSEMOTION and getattr(event, "button", 1) != 1:
                return None
            x, y = self._to_canvas(*event.pos)
            phase = {
                pygame.MOUSEBUTTONDOWN: Phase.DOWN,
                pygame.MOUSEBUTTONUP: Phase.UP,
                pygame.MOUSEMOTION: Phase.MOVE,
            }[kind]
            if phase is Phase.MOVE and self.active != MOUSE_FINGER:
                return None
            return self._follow(phase, MOUSE_FINGER, x, y)
        if kind in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            width, height = self._window_size()
            x, y = self._to_canvas(event.x * width, event.y * height)
            phase = {
                pygame.FINGERDOWN: Phase.DOWN,
                pygame.FINGERUP: Phase.UP,
                pygame.FINGERMOTION: Phase.MOVE,
            }[kind]
            return self._follow(phase, int(event.finger_id), x, y)
        return None

    def _follow(self, phase: Phase, finger: int, x: float, y: float) -> Pointer | None:
        if phase is Phase.DOWN:
            if self.active is not None:
                self._ignore(phase, finger, x, y)
                return None
            self.active = finger
        elif finger != self.active:
            self._ignore(phase, finger, x, y)
            return None
        elif phase is Phase.UP:
            self.active = None
        return Pointer(phase, x, y, finger)

    def _ignore(self, phase: Phase, finger: int, x: float, y: float) -> None:
        if self._ignored is not None:
            self._ignored(Pointer(phase, x, y, finger))

    def cancel(self) -> None:
        """Forget the gesture in progress (e.g. when the scene changes)."""
        self.active = None
