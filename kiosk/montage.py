"""The README's picture: a few screens of the screenshot tour in one PNG.

``python -m kiosk.montage [FILE]`` (``make montage``) renders the screens of
:data:`SCREENS` headless, as ``ludokiosk --screenshot-tour`` does, shrinks each
to :data:`THUMB` and lays them out in a grid on the kiosk's felt, written to
``docs/images/kiosk.png`` by default.  Run it again when the screens change.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from kiosk.tour import headless_kiosk, on_screen, tour_shots

SCREENS: tuple[str, ...] = (
    "home",
    "backgammon-play",
    "rithmomachie-boissiere-play",
    "tablut-lesson-raichi",
    "moulin-play",
    "reversi-rules",
)
"""The tour's screens shown, in reading order (names as the tour writes its files)."""
COLUMNS = 3
THUMB = (480, 270)
"""Each screen's size in the picture: the 16:9 canvas shrunk."""
GAP = 12
FELT = (24, 52, 40)
DEFAULT_FILE = Path(__file__).resolve().parent.parent / "docs" / "images" / "kiosk.png"


def render_screens(names: tuple[str, ...] = SCREENS, lang: str = "fr") -> list[pygame.Surface]:
    """The screens ``names`` of the tour, each at :data:`THUMB`, in the order given."""
    kiosk = headless_kiosk(lang)
    shots = {shot.name: shot for shot in tour_shots(kiosk)}
    missing = [name for name in names if name not in shots]
    if missing:
        kiosk.close()
        raise KeyError(f"not screens of the tour: {', '.join(missing)}")
    pictures = []
    for name in names:
        shots[name].build()
        kiosk.notices.clear()
        pictures.append(on_screen(kiosk.draw(), THUMB).copy())
    kiosk.close()
    return pictures


def montage(pictures: list[pygame.Surface], columns: int = COLUMNS) -> pygame.Surface:
    """The pictures in rows of ``columns``, :data:`GAP` apart and around, on the felt."""
    rows = -(-len(pictures) // columns)
    width, height = THUMB
    size = (columns * width + (columns + 1) * GAP, rows * height + (rows + 1) * GAP)
    sheet = pygame.Surface(size)
    sheet.fill(FELT)
    for index, picture in enumerate(pictures):
        row, column = divmod(index, columns)
        sheet.blit(picture, (GAP + column * (width + GAP), GAP + row * (height + GAP)))
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m kiosk.montage", description="The README's picture of the kiosk's screens."
    )
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT_FILE)
    parser.add_argument("--lang", choices=("fr", "en"), default="fr")
    args = parser.parse_args(argv)
    args.file.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(montage(render_screens(lang=args.lang)), str(args.file))
    print(f"{args.file}: {len(SCREENS)} screens, {args.file.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
