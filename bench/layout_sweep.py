"""Every screen of the tour, in French and English, checked for texts that do not show whole.

    python -m bench.layout_sweep [--lang fr] [--only SUBSTRING] [--screen 1280]

Prints each fault with its screen, language and size; exits 1 when any is found.
The test suite checks a sample (tests/kiosk/test_layout.py); this is the whole sweep.
"""

from __future__ import annotations

import argparse
import time

from kiosk.layout_check import SCREENS, frame_faults
from kiosk.tour import headless_kiosk, tour_shots


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=("fr", "en"), action="append")
    parser.add_argument("--only", default="", help="screens whose name holds this")
    parser.add_argument("--screen", default="", help="screens whose name holds this (1280…)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    screens = [s for s in SCREENS if args.screen in s.name]
    total = shots = 0
    for lang in args.lang or ["fr", "en"]:
        kiosk = headless_kiosk(lang)
        for shot in tour_shots(kiosk):
            if args.only not in shot.name:
                continue
            shot.build()
            shots += 1
            for screen, found in frame_faults(kiosk, screens).items():
                for fault in found:
                    print(f"{shot.name} [{lang}, {screen}] {fault}")
                total += len(found)
        kiosk.close()
    print(f"{total} défauts sur {shots} écrans en {time.monotonic() - started:.1f} s")
    return 1 if total else 0


if __name__ == "__main__":
    raise SystemExit(main())
