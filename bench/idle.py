"""What a screen costs the processor when nothing moves: ``python -m bench.idle [--seconds T]``.

Runs the kiosk's real main loop (:class:`kiosk.main_loop.MainLoop`) headless
(SDL's dummy driver) on still scenes — home, a position waiting for a person,
a rules page, the owners' menu — and in the demonstration, which animates
and asks the machine (a real thinking process), on a screen of the canvas's
size as the Pi's panel (``--scaled``: scaled, as in a desktop window, where
each frame uploads the whole picture). For each it prints the
kiosk process's processor time over wall time, in percent of one core, and
the frames drawn. The thinking process's own time is not counted: it is the
machine's play. The last line is ``idle_cpu_pct=<the worst still scene>``;
budget: 3 % of a core here.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from kiosk.runtime import Kiosk

BUDGET_PCT = 3.0
WARM_UP = 1.0
"""Seconds run before measuring: the first frames of a scene build its caches."""


def _home(kiosk: Kiosk) -> None:
    kiosk.home()


def _play(kiosk: Kiosk) -> None:
    from kiosk.catalog import entry
    from kiosk.tour import mid_game

    kiosk.stack.reset(mid_game(kiosk, entry("reversi"), "reversi"))


def _rules(kiosk: Kiosk) -> None:
    from kiosk.scenes.rules import RulesScene

    kiosk.home()
    kiosk.push(RulesScene(kiosk, "backgammon"))


def _owners(kiosk: Kiosk) -> None:
    from kiosk.scenes.admin.menu import AdminMenuScene

    kiosk.home()
    kiosk.push(AdminMenuScene(kiosk))


def _demonstration(kiosk: Kiosk) -> None:
    kiosk.attract()


SCENES: dict[str, tuple[Callable[[Kiosk], None], bool]] = {
    "home": (_home, True),
    "play": (_play, True),
    "rules": (_rules, True),
    "owners": (_owners, True),
    "demonstration": (_demonstration, False),
}
"""Each scene, how to reach it, and whether it is still (held to the budget)."""


def measure(name: str, seconds: float, scaled: bool = False) -> tuple[float, int]:
    """Percent of a core the kiosk's process used on ``name``, and the frames drawn."""
    from kiosk.ai_worker import AiWorker
    from kiosk.config import load_settings
    from kiosk.display import screen_flags, screen_size
    from kiosk.main_loop import MainLoop
    from kiosk.sound import Sounds

    reach, _ = SCENES[name]
    pygame.display.init()
    pygame.font.init()
    # as on a panel of the canvas's size (the Pi's), or scaled as in a desktop window
    screen = pygame.display.set_mode(screen_size(0), screen_flags(True) if scaled else 0)
    kiosk = Kiosk(load_settings(), worker=AiWorker(), sounds=Sounds(muted=True))
    reach(kiosk)
    loop = MainLoop(kiosk, screen, 0, windowed=True)
    try:
        end = time.monotonic() + WARM_UP
        while time.monotonic() < end:
            loop.turn()
            loop.pace()
        frames = loop.frames
        wall, cpu = time.monotonic(), time.process_time()
        end = wall + seconds
        while time.monotonic() < end:
            loop.turn()
            loop.pace()
            if name == "demonstration":
                kiosk.last_input = kiosk.now  # nobody comes
        share = 100 * (time.process_time() - cpu) / (time.monotonic() - wall)
        assert kiosk.stack.top is not None and kiosk.errors == 0, kiosk.stack.names()
        return share, loop.frames - frames
    finally:
        kiosk.close()
        pygame.display.quit()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0, help="per scene (default 10)")
    parser.add_argument("--only", choices=sorted(SCENES), help="one scene")
    parser.add_argument("--scaled", action="store_true", help="a scaled screen, as in a window")
    args = parser.parse_args(argv)
    worst = 0.0
    for name, (_, still) in SCENES.items():
        if args.only and name != args.only:
            continue
        share, frames = measure(name, args.seconds, args.scaled)
        rate = frames / args.seconds
        kind = "still" if still else "animates"
        print(f"{name:14} {kind:9} cpu_pct={share:5.1f} frames_per_s={rate:5.1f}")
        if still:
            worst = max(worst, share)
    print(f"budget_pct={BUDGET_PCT:g}")
    print(f"idle_cpu_pct={worst:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
