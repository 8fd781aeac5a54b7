"""Scenes and the stack they sit on.

A scene draws itself on the canvas, reacts to pointer events and advances its
animations in fixed steps. It changes screens through the stack: ``push`` a
scene on top, ``replace`` itself, ``pop`` back, or ``home``.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from kiosk.touch import Phase, Pointer
from kiosk.ui.widgets import ButtonRow

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

log = logging.getLogger(__name__)


class Scene:
    """One screen. Subclasses override what they need."""

    name = "scene"
    keeps_awake = False
    """True when the scene is itself the idle screen (attract) or must not time out."""
    idle_goes_to_attract = True
    """False for scenes that handle idleness themselves (play asks "still there?")."""
    follows_board = False
    """True while the scene reads the physical board's events itself."""

    def __init__(self, kiosk: Kiosk) -> None:
        self.kiosk = kiosk

    def _(self, message: str) -> str:
        """``message`` (French) in the current language."""
        return self.kiosk.tr(message)

    def pick(self, french: str, english: str) -> str:
        return self.kiosk.tr.pick(french, english)

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (and, by default, when the
        scene that covered it closes: :meth:`resume`)."""

    def pause(self) -> None:
        """Another scene covers it (the rules page, a question): it stays on the stack,
        and what it holds (a board's lights) stays as it is."""

    def resume(self) -> None:
        """The scene that covered it closed: it is the top again."""
        self.enter()

    def hardware_button(self, name: str) -> None:
        """A physical button other than menu and back (``hint``)."""

    def asks_to_leave(self) -> bool:
        """The physical menu or back button: True when the scene asks first (a game)."""
        return False

    def flaps_changed(self, down: frozenset[int]) -> None:
        """The physical shut-the-box's flaps moved: ``down`` are shut."""

    def leave(self) -> None:
        """Called when it closes for good (taken off the stack, replaced, or the stack
        reset): what it holds is let go."""

    def pointer(self, event: Pointer) -> None:
        """A touch or mouse step, in canvas coordinates."""

    def ignored_pointer(self, event: Pointer) -> bool:
        """A step of a finger the kiosk does not follow (another one leads the gesture);
        ``True`` if the scene shows it (then the frame is drawn again)."""
        return False

    def key(self, event: pygame.event.Event) -> None:
        """A key press (desktop and maintenance only; visitors have no keyboard)."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds (a fixed step)."""

    def draw(self, canvas: pygame.Surface) -> None:
        """Draw the whole scene on the 1920 x 1080 canvas."""

    def animating(self) -> bool:
        """Whether the picture changes by itself now (a move, dice, a countdown shown).

        ``False`` lets the kiosk keep showing the last frame, drawing nothing,
        until a touch, a button, a new scene or a notice; a scene whose picture
        also follows something else (the board, the machine's answer) returns
        ``True`` when that changed. ``True`` by default: a scene that does not
        say is drawn every frame.
        """
        return True

    def damage(self) -> list[pygame.Rect] | None:
        """While :meth:`animating`, the parts of the canvas its animation changes.

        The kiosk then paints and presents only those (all of the screen after a
        touch, a new scene or a notice). ``None``, the default, is the whole canvas:
        a scene that says less than what it changes leaves stale pixels on the
        screen, so a scene says only what it knows.
        """
        return None


class ButtonScene(Scene):
    """A scene whose only touch targets are its buttons."""

    def __init__(self, kiosk: Kiosk) -> None:
        super().__init__(kiosk)
        self.buttons = ButtonRow()

    def pointer(self, event: Pointer) -> None:
        if event.phase is Phase.DOWN:
            self.buttons.press(event.pos)
        elif event.phase is Phase.UP:
            self.buttons.release(event.pos)


class SceneStack:
    """The scenes, the top one live."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self.version = 0
        """Counts the changes of the stack (a new screen must be drawn)."""

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def names(self) -> list[str]:
        return [scene.name for scene in self._scenes]

    def push(self, scene: Scene) -> None:
        """``scene`` over the top one, which is paused (not closed)."""
        self.version += 1
        if self.top is not None:
            self.top.pause()
        self._scenes.append(scene)
        scene.enter()

    def pop(self) -> None:
        """The top scene closed; the one under it resumes."""
        if len(self._scenes) <= 1:
            return
        self.version += 1
        self._scenes.pop().leave()
        top = self.top
        if top is not None:
            top.resume()

    def replace(self, scene: Scene) -> None:
        self.version += 1
        if self._scenes:
            self._scenes.pop().leave()
        self._scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Only ``scene`` left (going home, or recovering from an error)."""
        self.version += 1
        while self._scenes:
            self._scenes.pop().leave()
        self._scenes.append(scene)
        scene.enter()
