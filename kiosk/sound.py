"""Short generated sounds (no downloaded assets): a click, a capture, dice, a fanfare.

Waves are built with the standard library and handed to pygame's mixer.
Sound is optional: without a mixer (pygame built without it, a library missing),
an audio device or a sound that loads, the kiosk runs mute and says so once in
the log (:attr:`Sounds.problem`). Playing never raises.
"""

from __future__ import annotations

import logging
import math
import random
from array import array
from collections.abc import Callable, Mapping
from typing import Any

import pygame

log = logging.getLogger(__name__)

RATE = 22050


def _tone(
    frequencies: list[float], seconds: float, decay: float = 18.0, noise: float = 0.0
) -> array:
    rng = random.Random(7)
    count = int(RATE * seconds)
    samples = array("h")
    for i in range(count):
        t = i / RATE
        value = sum(math.sin(math.tau * f * t) for f in frequencies) / max(1, len(frequencies))
        if noise:
            value = value * (1 - noise) + rng.uniform(-1, 1) * noise
        envelope = math.exp(-decay * t) * min(1.0, i / (RATE * 0.004) if i else 0.0)
        sample = int(30000 * 0.6 * value * envelope)
        samples.append(sample)
        samples.append(sample)
    return samples


def _dice() -> array:
    samples = array("h")
    for k in range(5):
        samples.extend(_tone([900 + 180 * k], 0.035, decay=90.0, noise=0.7))
        samples.extend(array("h", [0] * int(RATE * 0.03) * 2))
    return samples


Recipe = Callable[[], array]

RECIPES: dict[str, Recipe] = {
    "move": lambda: _tone([660.0, 990.0], 0.09, decay=40.0),
    "capture": lambda: _tone([220.0, 330.0], 0.22, decay=16.0, noise=0.25),
    "dice": _dice,
    "error": lambda: _tone([180.0], 0.18, decay=12.0),
    "win": lambda: _tone([523.3, 659.3, 784.0], 0.8, decay=3.5),
}


class Sounds:
    """The kiosk's sounds, at a volume, mutable."""

    def __init__(
        self,
        volume: float = 0.7,
        muted: bool = False,
        recipes: Mapping[str, Recipe] = RECIPES,
        *,
        later: bool = False,
    ) -> None:
        """``later``: the mixer opens now, the sounds are made by :meth:`prepare` (or
        the first :meth:`play`), so that the kiosk's first frame does not wait for them."""
        self.volume = volume
        self.muted = muted
        self.problem: str | None = None
        """Why the kiosk is mute, when it is for want of sound (``None``: sound works)."""
        self._sounds: dict[str, Any] = {}
        self._recipes: Mapping[str, Recipe] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
        except Exception as error:  # no mixer module, no library, no audio device
            self._mute(f"{type(error).__name__}: {error}")
            return
        self._recipes = recipes
        if not later:
            self.prepare()

    def prepare(self) -> None:
        """Make the sounds not made yet (about 0.1 s here); a broken one is left out."""
        recipes, self._recipes = self._recipes, {}
        if not recipes:
            return
        broken = []
        for name, recipe in recipes.items():
            try:
                self._sounds[name] = pygame.mixer.Sound(buffer=recipe().tobytes())
            except Exception as error:
                broken.append(f"{name} ({type(error).__name__}: {error})")
        if broken and not self._sounds:
            self._mute("; ".join(broken))
        elif broken:
            self._note(broken)

    def _mute(self, why: str) -> None:
        self._sounds.clear()
        self.problem = why
        log.warning("pas de son, la borne reste muette : %s", why)

    def _note(self, broken: list[str]) -> None:
        self.problem = "; ".join(broken)
        log.warning("sons inutilisables, joués sans eux : %s", self.problem)

    @property
    def available(self) -> bool:
        return bool(self._sounds) or bool(self._recipes)

    def play(self, name: str) -> None:
        if self._recipes:
            self.prepare()
        sound = self._sounds.get(name)
        if sound is None or self.muted or self.volume <= 0:
            return
        try:
            sound.set_volume(self.volume)
            sound.play()
        except Exception as error:  # the device went away: mute from now on
            self._mute(f"{type(error).__name__}: {error}")
