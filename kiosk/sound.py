"""Short generated sounds (no downloaded assets): a click, a capture, dice, a fanfare.

Waves are built with the standard library and handed to pygame's mixer.
Without an audio device the kiosk stays silent and says so once in the log.
"""

from __future__ import annotations

import logging
import math
import random
from array import array

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


RECIPES = {
    "move": lambda: _tone([660.0, 990.0], 0.09, decay=40.0),
    "capture": lambda: _tone([220.0, 330.0], 0.22, decay=16.0, noise=0.25),
    "dice": _dice,
    "error": lambda: _tone([180.0], 0.18, decay=12.0),
    "win": lambda: _tone([523.3, 659.3, 784.0], 0.8, decay=3.5),
}


class Sounds:
    """The kiosk's sounds, at a volume, mutable."""

    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            for name, recipe in RECIPES.items():
                self._sounds[name] = pygame.mixer.Sound(buffer=recipe().tobytes())
        except pygame.error as error:
            log.info("pas de son : %s", error)
            self._sounds.clear()

    @property
    def available(self) -> bool:
        return bool(self._sounds)

    def play(self, name: str) -> None:
        sound = self._sounds.get(name)
        if sound is None or self.muted or self.volume <= 0:
            return
        sound.set_volume(self.volume)
        sound.play()
