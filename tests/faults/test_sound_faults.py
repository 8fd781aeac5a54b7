"""Sound is optional: no mixer, no audio device, a sound that will not load or play."""

from __future__ import annotations

import os
import subprocess
import sys
from array import array
from pathlib import Path

import pygame
import pytest

from kiosk.sound import RECIPES, Sounds
from tests.faults.kiosk_process import FIRST_FRAME, ROOT, make_place

NO_MIXER = """
import sys
sys.modules["pygame.mixer"] = None  # as when SDL_mixer's libraries are missing
"""


def test_a_kiosk_whose_pygame_has_no_mixer_starts_mute(tmp_path: Path) -> None:
    """pygame then puts a stand-in module whose every use raises NotImplementedError."""
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "sitecustomize.py").write_text(NO_MIXER, encoding="utf-8")
    place = make_place(tmp_path)
    env = {**place.env(), "PYTHONPATH": f"{tmp_path / 'site'}{os.pathsep}{ROOT}"}
    done = subprocess.run(
        place.command("--frames", "5"), env=env, capture_output=True, text=True, timeout=90,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert FIRST_FRAME in done.stderr
    assert done.stderr.count("pas de son") == 1, done.stderr
    noted = [detail for kind, detail in place.events() if kind == "sound"]
    assert len(noted) == 1 and "NotImplementedError" in noted[0]


def test_no_audio_device_is_one_log_line() -> None:
    script = (
        "from kiosk.sound import Sounds; s = Sounds(); s.play('win');"
        " print(s.available, s.problem)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "SDL_AUDIODRIVER": "absent", "PYTHONPATH": str(ROOT)},
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    available, _, problem = done.stdout.strip().partition(" ")
    assert available == "False" and problem and problem != "None"
    assert done.stderr.count("pas de son") == 1


def test_a_mixer_that_raises_anything_leaves_the_kiosk_mute(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise NotImplementedError("mixer module not available")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: False)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    sounds = Sounds(0.7, muted=False)
    assert not sounds.available and "NotImplementedError" in (sounds.problem or "")
    sounds.play("win")


def test_a_sound_that_will_not_load_is_left_out_and_the_others_play() -> None:
    if not Sounds().available:
        pytest.skip("no audio device here, not even SDL's dummy one")

    def half_a_sample() -> array:
        raise ValueError("a damaged sound")

    sounds = Sounds(recipes={**RECIPES, "win": half_a_sample})
    assert sounds.available and "win" in (sounds.problem or "")
    sounds.play("win")
    sounds.play("move")


def test_a_device_gone_while_playing_makes_the_kiosk_mute() -> None:
    class Gone:
        def set_volume(self, volume: float) -> None:
            raise pygame.error("audio device lost")

        def play(self) -> None:
            raise AssertionError("not reached")

    sounds = Sounds(0.7)
    sounds._sounds = {"move": Gone()}
    sounds.play("move")
    assert not sounds.available and "audio device lost" in (sounds.problem or "")
    sounds.play("move")


def test_the_sounds_are_made_after_the_first_frame_and_a_broken_one_is_journaled() -> None:
    from kiosk.config import load_settings
    from kiosk.records import Records
    from kiosk.runtime import Kiosk
    from kiosk.tour import InlineWorker

    if not Sounds().available:
        pytest.skip("no audio device here, not even SDL's dummy one")
    made: list[str] = []

    def move() -> array:
        made.append("move")
        return RECIPES["move"]()

    def damaged() -> array:
        raise ValueError("a damaged sound")

    sounds = Sounds(recipes={"move": move, "win": damaged}, later=True)
    assert made == [] and sounds.available and sounds.problem is None
    records = Records.memory()
    kiosk = Kiosk(load_settings(), worker=InlineWorker(), sounds=sounds, records=records)
    kiosk.prepare_sounds()  # the app does it after its first frame
    assert made == ["move"] and "win" in (sounds.problem or "")
    assert any(kind == "sound" and "win" in detail for _, kind, detail in records.events())
    sounds.play("move")
    kiosk.prepare_sounds()
    assert made == ["move"]  # made once
