"""A thread-safe queue of events that never blocks its reader, with a wake-up."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

E = TypeVar("E")


class EventQueue(Generic[E]):
    """Events posted from any thread, read in batches by the kiosk's loop."""

    def __init__(self) -> None:
        self._events: queue.SimpleQueue[E] = queue.SimpleQueue()
        self._wake = threading.Event()
        self._listener: Callable[[], None] | None = None

    def call_on_post(self, listener: Callable[[], None] | None) -> None:
        """Call ``listener`` (from the posting thread) after each event: the kiosk's loop,
        asleep on a still screen, wakes at once for a piece lifted or a button."""
        self._listener = listener

    def post(self, event: E) -> None:
        """Queue an event for :meth:`events` (called by a device's thread)."""
        self._events.put(event)
        self._wake.set()
        listener = self._listener
        if listener is not None:
            listener()

    def events(self) -> list[E]:
        """Events since the last call, oldest first (never blocks)."""
        found: list[E] = []
        while True:
            try:
                found.append(self._events.get_nowait())
            except queue.Empty:
                self._wake.clear()
                return found

    def wait(self, timeout: float) -> bool:
        """Block until an event is queued or ``timeout`` seconds pass."""
        return self._wake.wait(timeout)
