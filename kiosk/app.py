"""``ludokiosk``: the kiosk's window, its loop, and the headless screenshot tour.

On the Pi the kiosk opens fullscreen through SDL's KMSDRM (no desktop);
``--windowed`` opens a window on a desktop. Everything is drawn on a
1920 x 1080 canvas that SDL scales to the screen (and that we turn for a
rotated screen). The loop itself is :class:`kiosk.main_loop.MainLoop`.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pygame

from kiosk.config import Problem
from kiosk.display import screen_flags, screen_size
from kiosk.logs import FORMATS
from kiosk.logs import setup as setup_logs
from kiosk.main_loop import MainLoop
from kiosk.paths import add_config_options
from kiosk.runtime import Kiosk
from kiosk.startup import (
    HEALTHY_AFTER,
    StartCounter,
    load_start_settings,
    open_start_hardware,
    open_start_records,
    resume_last_game,
)
from kiosk.watchdog import Notifier

log = logging.getLogger("ludokiosk")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="ludokiosk", description="La borne de jeux du ludogîte.")
    parser.add_argument(
        "--windowed", action="store_true", help="une fenêtre plutôt que le plein écran"
    )
    add_config_options(parser)
    parser.add_argument(
        "--board-sim",
        action="store_true",
        help="jouer sur un plateau simulé (une fenêtre par plateau, protocole série réel)",
    )
    parser.add_argument(
        "--screenshot-tour",
        type=Path,
        metavar="DIR",
        help="rendre les écrans en PNG dans DIR, sans écran",
    )
    parser.add_argument("--lang", choices=("fr", "en"), help="langue (sinon celle des réglages)")
    parser.add_argument(
        "--safe-mode",
        action="store_true",
        help="mode sans échec : réglages par défaut, sans reprise de partie ni matériel",
    )
    parser.add_argument(
        "--size", default="1920x1080", help="taille des captures, LxH (défaut 1920x1080)"
    )
    parser.add_argument(
        "--frames", type=int, default=0, help="s'arrêter après tant de tours de boucle (essais)"
    )
    parser.add_argument(
        "--log-format",
        choices=FORMATS,
        default="text",
        help="journal : une ligne JSON par message, pour journald (le service)",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["lessons"]:
        from kiosk.lessons.check import main as lessons_main

        return lessons_main(argv[1:])
    if argv[:1] == ["doctor"]:
        from kiosk.doctor import main as doctor_main

        return doctor_main(argv[1:])
    args = parse_args(argv)
    setup_logs(args.log_format)
    if args.screenshot_tour is not None:
        from kiosk.tour import run_tour

        try:
            width, height = (int(v) for v in args.size.lower().split("x"))
        except ValueError:
            print(
                f"ludokiosk: --size attend LxH, par exemple 1920x1080 (reçu « {args.size} »)",
                file=sys.stderr,
            )
            return 2
        return run_tour(
            args.screenshot_tour, lang=args.lang, size=(width, height), config=args.config
        )
    return run_window(args)


WINDOW_HINTS = {"SDL_RENDER_DRIVER": "software", "SDL_FRAMEBUFFER_ACCELERATION": "0"}
"""A window on a desktop is drawn by SDL itself, not through OpenGL: on a machine without
a graphics card, Mesa's software OpenGL (llvmpipe) added about 95 MB to the kiosk (LLVM,
its driver, its buffers), which SDL's own renderer does not need to scale a frame that is
presented only when it changes. Fullscreen on the Pi keeps the GPU (KMSDRM)."""


def _open_display(windowed: bool, rotation: int = 0) -> pygame.Surface | None:
    """The screen surface, or ``None`` when there is no display at all."""
    if not windowed and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "kmsdrm")
    if windowed:
        for hint, value in WINDOW_HINTS.items():
            os.environ.setdefault(hint, value)
    try:
        pygame.display.init()
        size = screen_size(rotation)
        screen = pygame.display.set_mode(size, screen_flags(windowed, size))
    except pygame.error as error:
        _no_display(str(error))
        return None
    pygame.display.set_caption("Ludogîte")
    if not windowed:
        pygame.mouse.set_visible(False)
    return screen


def _no_display(why: str) -> None:
    """Say in one line that there is no screen, and what to do instead."""
    print(
        f"ludokiosk: aucun écran utilisable ({why}) ; "
        "pour voir les écrans sans affichage : ludokiosk --screenshot-tour DOSSIER",
        file=sys.stderr,
    )


def run_window(args: argparse.Namespace) -> int:
    started = time.monotonic()
    counter = StartCounter()
    starts = counter.begin(force_safe=args.safe_mode)
    safe = starts.safe
    if safe:
        log.error(
            "mode sans échec : %d démarrages ratés de suite ; réglages par défaut, sans"
            " reprise ni matériel",
            starts.safe_after,
        )
    loaded = load_start_settings(args.config, safe)
    for problem in loaded.problems:
        print(f"ludokiosk: {problem}", file=sys.stderr)
    rotation = loaded.settings.rotation
    screen = _open_display(args.windowed, rotation)
    if screen is None:
        return 1
    pygame.font.init()
    found: list[Problem] = []
    hardware = open_start_hardware(args.hardware, args.board_sim, safe, found)
    for problem in found:
        print(f"ludokiosk: {problem}", file=sys.stderr)
    records = open_start_records(found)
    loaded = replace(loaded, problems=(*loaded.problems, *found))
    kiosk = Kiosk(
        loaded, hardware=hardware, records=records, safe_mode=safe, failed_starts=starts.safe_after
    )
    records.event("start", " ".join(sys.argv[1:]))
    if records.problem is not None:
        log.error("registre : %s", records.problem[0])
        kiosk.notify(kiosk.tr.pick(*records.problem), seconds=15.0, warning=True)
    if args.lang:
        kiosk.set_language(args.lang)
    kiosk.home()
    if not safe:
        resume_last_game(kiosk)

    loop = MainLoop(kiosk, screen, rotation, windowed=args.windowed)
    notifier = Notifier()
    stopped_by = ["signal"]
    signal.signal(signal.SIGTERM, lambda *_: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    try:
        while True:
            ended = loop.turn()
            notifier.ping(time.monotonic())  # a stuck loop stops pinging: systemd restarts
            if loop.frames == 1 and loop.drew:
                log.info("première image après %.2f s", time.monotonic() - started)
                notifier.ready(status="mode sans échec" if safe else "accueil")
                kiosk.prepare_sounds()
            if time.monotonic() - started > HEALTHY_AFTER:
                counter.healthy()
            if ended is None and args.frames and loop.turns >= args.frames:
                ended = "quit"
            if ended is not None:
                stopped_by[0] = ended
                counter.healthy()
                return 0
            if kiosk.exit_request is not None:
                stopped_by[0] = kiosk.exit_request
                counter.healthy()
                return obey_exit(kiosk.exit_request, kiosk)
            loop.pace()
    except BaseException:
        stopped_by[0] = "error"
        raise
    finally:
        kiosk.records.event("stop", stopped_by[0])
        notifier.stopping()
        notifier.close()
        kiosk.close()
        pygame.quit()


def obey_exit(request: str, kiosk: Kiosk) -> int:
    """The owners asked to quit, restart or power off (the admin screen)."""
    log.info("demande des propriétaires : %s", request)
    if request == "poweroff":
        try:
            subprocess.run(["systemctl", "poweroff"], check=True, timeout=20)
        except (OSError, subprocess.SubprocessError) as error:
            log.error("extinction impossible : %s", error)
            kiosk.records.event(
                "error", f"extinction impossible / cannot power off : {error}"
            )
            return 1  # the service restarts the kiosk; the owners see why in the event log
    elif request == "restart" and not os.environ.get("NOTIFY_SOCKET"):
        kiosk.records.event("stop", "restart")
        kiosk.close()
        os.execv(sys.executable, [sys.executable, "-m", "kiosk.app", *sys.argv[1:]])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
