"""A game's decisions told to those who follow them.

A game (:class:`~kiosk.run.GameRun`, a lesson's :class:`~kiosk.lessons.runner.LessonRun`)
announces each decision played and each takeback once, to its listeners in the
order they began to listen, each done before the next is told: in a game the
keeper first (the autosave), then the physical board (its LEDs), then the scene
(the animation, the sound, the buttons).
"""

from __future__ import annotations

from typing import Any

from engines.core import State


class Listener:
    """One that follows a game's decisions (a method not overridden does nothing)."""

    def played(self, before: State, move: Any, after: State) -> None:
        """``move`` (a decision or a throw of the dice) took ``before`` to ``after``."""

    def undone(self, state: State) -> None:
        """Decisions were taken back (an undo, a takeback): ``state`` is the position now."""


class Decisions:
    """The listeners of one game."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def listen(self, listener: Listener) -> None:
        """``listener`` is told from now on, after those already listening (once, however
        often it asks)."""
        if not any(known is listener for known in self._listeners):
            self._listeners.append(listener)

    def forget(self, listener: Listener) -> None:
        """``listener`` is told no more."""
        self._listeners = [known for known in self._listeners if known is not listener]

    def played(self, before: State, move: Any, after: State) -> None:
        for listener in tuple(self._listeners):
            listener.played(before, move, after)

    def undone(self, state: State) -> None:
        for listener in tuple(self._listeners):
            listener.undone(state)
