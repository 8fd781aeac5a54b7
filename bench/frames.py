"""Frame times of the busiest scenes at 1920x1080: ``python -m bench.frames [--seconds T]``.

Scenes: rithmomachie mid-game with a piece touched, backgammon with its
animations running (a move every half second, dice rolling), the attract
demonstrations; and rithmomachie and backgammon again on a screen turned a
quarter (``rotation = 90``). Each scene is stepped at 60 Hz and a frame drawn at
every step, paid as the kiosk pays it: the update, the draw, the rotation and
the present of the part that changed (:meth:`kiosk.runtime.Kiosk.damage`; the
whole frame when nothing animates). The screen is SDL's dummy driver, opened
as on a panel of the canvas's own size (no scaling: ``update(rect)`` presents
the rect alone); ``--scaled`` opens it ``pygame.SCALED`` as in a desktop
window, ``--whole`` paints and presents whole frames (as before damage was
followed). Each line gives ``area_pct``, the mean share of the canvas
painted in the frames the main loop would draw (where the picture changed).
The last line is the worst scene's ``p50_ms=<x> p99_ms=<y>``. First, the time
from launching the kiosk to its first frame (``first_frame_s``).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import warnings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame


def _kiosk(real_worker: bool = False):  # type: ignore[no-untyped-def]
    from kiosk.ai_worker import AiWorker
    from kiosk.tour import headless_kiosk

    return headless_kiosk(worker=AiWorker() if real_worker else None)


def first_frame_seconds() -> float:
    """From launching the kiosk (``python -m kiosk.app``, headless) to its first frame.

    The kiosk logs its first frame; the time is taken here, from the launch, so that
    the interpreter's start and every import count. Byte code is written and used, as
    in an installed kiosk.
    """
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory() as home:
        env.update(XDG_DATA_HOME=home, XDG_STATE_HOME=home, XDG_CONFIG_HOME=home)
        for _ in range(2):  # the first launch may write the byte code
            started = time.perf_counter()
            kiosk = subprocess.Popen(
                [sys.executable, "-m", "kiosk.app", "--windowed", "--frames", "3"],
                env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
            )
            assert kiosk.stderr is not None
            seconds = float("nan")
            for line in kiosk.stderr:
                if FIRST_FRAME in line:
                    seconds = time.perf_counter() - started
                    break
            kiosk.stderr.read()
            kiosk.wait(timeout=60)
    return seconds


FIRST_FRAME = "première image"
"""What the kiosk logs with its first frame."""


def measure(
    name: str, seconds: float, rotation: int = 0, *, scaled: bool = False, whole: bool = False
) -> tuple[list[float], float]:
    """Each frame's milliseconds on ``name``, and the mean share of the canvas painted in
    the frames the main loop would draw (those where the picture changed)."""
    from kiosk.catalog import entry
    from kiosk.display import present, screen_flags, screen_size
    from kiosk.scenes.attract import AttractScene
    from kiosk.scenes.play import PlayScene
    from kiosk.table import HUMAN, Table
    from kiosk.tour import mid_game

    kiosk = _kiosk(real_worker=name == "attract")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "no fast renderer available": the dummy driver
        pygame.display.quit()  # the headless kiosk's 1 x 1 window, replaced by a screen's
        pygame.display.init()
        screen = pygame.display.set_mode(screen_size(rotation), screen_flags(True) if scaled else 0)
    rng = random.Random(1)
    if name == "rithmomachie":
        kiosk.stack.reset(mid_game(kiosk, entry("rithmomachie"), "rithmomachie:boissiere"))
    elif name == "backgammon":
        scene = PlayScene(kiosk, entry("backgammon"), Table("backgammon", (HUMAN, HUMAN), seed=4))
        kiosk.stack.reset(scene)
    else:
        kiosk.stack.reset(AttractScene(kiosk, first=0))
    times: list[float] = []
    painted, drawn = 0.0, 0
    end = time.perf_counter() + seconds
    frame = 0
    while time.perf_counter() < end:
        if name == "backgammon" and frame % 30 == 0:
            scene = kiosk.stack.top
            assert isinstance(scene, PlayScene)
            state = scene.state
            if state.is_terminal():
                kiosk.stack.reset(
                    PlayScene(kiosk, entry("backgammon"), Table("backgammon", (HUMAN, HUMAN)))
                )
            elif state.is_chance_node():
                scene._roll()
            elif scene.transition is None:
                scene.play(rng.choice(list(state.legal_moves())))
        started = time.perf_counter()
        kiosk.step()
        moving = kiosk.needs_frame()  # a frame the main loop would draw
        area = None if whole else kiosk.damage()
        changed = present(screen, kiosk.draw(area), rotation, area)
        if area is None:
            pygame.display.flip()
        else:
            pygame.display.update(changed)
        times.append((time.perf_counter() - started) * 1000)
        if moving:
            drawn += 1
            painted += 1.0 if area is None else area.width * area.height / (1920 * 1080)
        frame += 1
        if name == "attract":
            kiosk.last_input = kiosk.now
    kiosk.close()
    return times, painted / max(1, drawn)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=12.0, help="per scene (default 12)")
    parser.add_argument("--scaled", action="store_true", help="a scaled screen, as in a window")
    parser.add_argument("--whole", action="store_true", help="whole frames, damage not followed")
    args = parser.parse_args(argv)
    pygame.display.init()
    print(f"first_frame_s={first_frame_seconds():.2f}")
    worst = (0.0, 0.0, "")
    for name, rotation in (
        ("rithmomachie", 0), ("backgammon", 0), ("attract", 0), ("rithmomachie", 90),
        ("backgammon", 90),
    ):
        times, area = measure(
            name, args.seconds, rotation, scaled=args.scaled, whole=args.whole
        )
        p50, p99 = statistics.median(times), percentile(times, 0.99)
        if rotation:
            name = f"{name}@{rotation}"
        print(
            f"{name:16} frames={len(times):5d} p50_ms={p50:6.2f} p99_ms={p99:6.2f}"
            f" area_pct={100 * area:5.1f}"
        )
        if p50 > worst[0]:
            worst = (p50, p99, name)
    print(f"worst={worst[2]}")
    print(f"p50_ms={worst[0]:.2f} p99_ms={worst[1]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
