"""Wrong owners' codes in a row and the keypad's wait after them (no pygame).

The first :data:`FREE` wrong codes in a row cost nothing: a thumb slips.
The :data:`FREE`-th starts a wait of :data:`FIRST` seconds, and every wrong
code after it doubles the wait, up to :data:`CAP`::

    5th wrong code: 30 s, 6th: 1 min, 7th: 2 min, 8th: 4 min, 9th: 8 min, 10th on: 15 min

An owner who mistypes a few times loses half a minute; someone trying codes
gets at most about a hundred a day (86,400 s / 15 min), so the 10,000 codes
of four digits take months, and every try is in the journal. The cap keeps
an owner who forgot the code from waiting more than a quarter of an hour for
the next try. The right code clears the count.

Times are the kiosk's clock (:attr:`kiosk.runtime.Kiosk.now`), passed in,
so the guard outlives the PIN screen and tests choose the time. The count is
carried across a restart from the journal (:meth:`PinGuard.resumed`):
pulling the plug does not give five more free tries.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

FREE = 5
"""Wrong codes in a row before the keypad first waits."""
FIRST = 30.0
"""The first wait, in seconds."""
CAP = 900.0
"""The longest wait, in seconds (15 minutes)."""
LOOK_BACK = 500
"""Journal rows read at start to find the count left by the last run."""


class Journal(Protocol):
    """What the guard reads from the kiosk's records."""

    def events(self, limit: int = ...) -> list[tuple[float, str, str]]: ...


def delay_after(wrong: int) -> float:
    """Seconds the keypad waits after the ``wrong``-th wrong code in a row (0: no wait)."""
    if wrong < FREE:
        return 0.0
    return min(CAP, FIRST * 2 ** min(wrong - FREE, 32))


@dataclass
class PinGuard:
    """The count of wrong codes in a row and when the keypad works again."""

    wrong: int = 0
    until: float = 0.0
    """The kiosk time at which the keys work again."""

    def left(self, now: float) -> float:
        """Seconds of waiting left at ``now`` (0: the keys work)."""
        return max(0.0, self.until - now)

    def locked(self, now: float) -> bool:
        return self.left(now) > 0

    def refused(self, now: float) -> float:
        """Count a wrong code typed at ``now``; the wait it starts (0: none).

        A code typed while the keypad waits is not counted (the keypad
        takes none then).
        """
        if self.locked(now):
            return 0.0
        self.wrong += 1
        delay = delay_after(self.wrong)
        if delay:
            self.until = now + delay
        return delay

    def accepted(self) -> None:
        """The right code: the count starts again from nothing."""
        self.wrong = 0
        self.until = 0.0

    @classmethod
    def resumed(cls, journal: Journal, now: float = 0.0) -> PinGuard:
        """The count the journal holds since the last right code, and its wait from ``now``.

        The latest ``pin-wrong`` row (before any ``admin`` row) holds the count
        in a row; a count that calls for a wait starts that wait again.
        """
        guard = cls()
        try:
            rows = journal.events(LOOK_BACK)
        except Exception:  # the records tell their own problems; the keypad still works
            return guard
        for _at, kind, detail in rows:
            if kind == "admin":
                break
            if kind == "pin-wrong":
                text = detail.strip()
                if text.isascii() and text.isdigit() and len(text) <= 9:
                    guard.wrong = int(text)
                    delay = delay_after(guard.wrong)
                    guard.until = now + delay if delay else 0.0
                break
        return guard
