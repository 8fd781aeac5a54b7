"""The kiosk's other switches: buttons, the presence sensor, a physical shut-the-box.

Everything is a gpiozero device on pins from ``config/hardware.toml`` and
turns into small events on a thread-safe queue, read like a sensor board's
(:meth:`Inputs.events` never blocks, :meth:`Inputs.wait` does):

- the buttons ``menu``, ``back`` and ``hint`` (to 0 V, Pi pull-up) give
  :class:`ButtonPressed`; a press within ``bounce_ms`` of the previous one is
  a bounce and is dropped;
- the PIR sensor (output high on motion) gives :class:`PresenceDetected`,
  then :class:`PresenceEnded` when its output falls;
- the nine or twelve flaps of a shut-the-box (one switch each, number ``i``
  on the ``i``-th pin) give :class:`FlapChanged` once a flap has stayed put
  ``settle_ms``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from drivers.events import EventQueue

BUTTON_NAMES = ("menu", "back", "hint")
FLAP_COUNTS = (9, 12)


@dataclass(frozen=True)
class ButtonPressed:
    """A button was pressed: ``menu``, ``back`` or ``hint``."""

    name: str


@dataclass(frozen=True)
class PresenceDetected:
    """Someone moves in front of the kiosk."""


@dataclass(frozen=True)
class PresenceEnded:
    """The presence sensor has seen nobody for its hold time."""


@dataclass(frozen=True)
class FlapChanged:
    """Flap ``number`` (1 to 9 or 12) went down (shut) or up."""

    number: int
    down: bool


InputEvent = ButtonPressed | PresenceDetected | PresenceEnded | FlapChanged


class Inputs(EventQueue[InputEvent]):
    """The configured buttons, presence sensor and flaps, as one event queue."""

    def __init__(
        self,
        *,
        buttons: Mapping[str, int] | None = None,
        bounce_ms: float = 50.0,
        presence: int | None = None,
        flaps: Sequence[int] = (),
        settle_ms: float = 30.0,
        down_closes: bool = True,
        pin_factory: Any = None,
    ) -> None:
        buttons = dict(buttons or {})
        for name in buttons:
            if name not in BUTTON_NAMES:
                raise ValueError(f"bouton inconnu : {name} ({', '.join(BUTTON_NAMES)})")
        if flaps and len(flaps) not in FLAP_COUNTS:
            raise ValueError(f"{len(flaps)} volets : il en faut 9 ou 12")
        super().__init__()
        self._lock = threading.Lock()
        self.bounce = bounce_ms / 1000
        self.settle = settle_ms / 1000
        self.down_closes = down_closes
        self.bounces = 0
        """Presses dropped as bounces."""
        self._last_press: dict[str, float] = {}
        self._devices: list[Any] = []
        self._timers: dict[int, threading.Timer] = {}
        self._flaps: list[Any] = []
        self._down: dict[int, bool] = {}
        self._closed = False
        # gpiozero only where buttons are wired: a kiosk without them starts faster
        from gpiozero import (  # type: ignore[import-untyped]
            Button,
            DigitalInputDevice,
            MotionSensor,
        )

        try:
            for name, pin in buttons.items():
                button = self._add(
                    Button(pin, pull_up=True, bounce_time=self.bounce or None,
                           pin_factory=pin_factory)
                )
                button.when_pressed = self._on_press(name)
            if presence is not None:
                sensor = self._add(MotionSensor(presence, pull_up=False, pin_factory=pin_factory))
                sensor.when_motion = lambda: self.post(PresenceDetected())
                sensor.when_no_motion = lambda: self.post(PresenceEnded())
                threading.Thread(
                    target=self._initial_presence, args=(sensor,), name="pir", daemon=True
                ).start()
            for number, pin in enumerate(flaps, start=1):
                flap = self._add(DigitalInputDevice(pin, pull_up=True, pin_factory=pin_factory))
                self._flaps.append(flap)
                self._down[number] = self._read_flap(number)
                flap.when_activated = flap.when_deactivated = self._on_flap(number)
        except Exception:
            self.close()
            raise

    def _add(self, device: Any) -> Any:
        self._devices.append(device)
        return device

    def _initial_presence(self, sensor: Any) -> None:
        """Someone already there at start: gpiozero fires no edge for a first state."""
        try:
            present = bool(sensor.value)  # waits for the sensor's first sample
        except Exception:  # closed meanwhile
            return
        if present and not self._closed:
            self.post(PresenceDetected())

    # --- buttons -----------------------------------------------------------

    def _on_press(self, name: str) -> Callable[[], None]:
        def pressed() -> None:
            now = time.monotonic()
            with self._lock:
                last = self._last_press.get(name)
                self._last_press[name] = now
                if last is not None and now - last < self.bounce:
                    self.bounces += 1
                    return
            self.post(ButtonPressed(name))

        return pressed

    # --- flaps -------------------------------------------------------------

    def _read_flap(self, number: int) -> bool:
        return bool(self._flaps[number - 1].is_active) == self.down_closes

    def _on_flap(self, number: int) -> Callable[[], None]:
        def moved() -> None:
            with self._lock:
                if self._closed:
                    return
                previous = self._timers.get(number)
                if previous is not None:
                    previous.cancel()
                timer = threading.Timer(self.settle, self._settled, (number,))
                timer.daemon = True
                self._timers[number] = timer
                timer.start()

        return moved

    def _settled(self, number: int) -> None:
        with self._lock:
            if self._closed:
                return
            down = self._read_flap(number)
            if down == self._down[number]:
                return
            self._down[number] = down
        self.post(FlapChanged(number, down))

    def flaps_down(self) -> frozenset[int]:
        """The numbers whose flap is down (shut), as last reported."""
        with self._lock:
            return frozenset(number for number, down in self._down.items() if down)

    @property
    def flap_count(self) -> int:
        return len(self._flaps)

    def close(self) -> None:
        """Release every pin (idempotent)."""
        with self._lock:
            self._closed = True
            for timer in self._timers.values():
                timer.cancel()
            self._timers.clear()
        for device in self._devices:
            device.close()
        self._devices.clear()
