"""Two screenshot tours compared pixel for pixel.

``python -m bench.tour_compare REFERENCE OTHER`` reads the PNG files of two
``ludokiosk --screenshot-tour`` folders — this machine's and an arm64 system's
(``systemd/arm64-tests.sh``) — and says, screen by screen, which ones differ,
by how many pixels and where (the box around the differing pixels).

Two screens may differ, and why: the tour writes its journal's events and
its statistics' games at times counted back from the moment it runs, so the
dates and times these two screens print differ between two runs, even on one
machine. Any other difference, or a screen missing from one tour, is a
finding: the exit code is then 1. ``--tolerance N`` accepts, and still
lists, screens whose pixels differ by at most N units in a channel (the
rounding of alpha blending, which is not the same code on every machine).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

# The screens whose pixels depend on when the tour ran, and why.
EXPECTED: dict[str, str] = {
    "admin-journal": "les heures des événements / the events' times (comptées depuis le lancement"
    " / counted back from the run)",
    "admin-stats": "les dates des parties / the games' dates (comptées depuis le lancement"
    " / counted back from the run)",
}


@dataclass(frozen=True)
class ScreenDiff:
    """One screen that is not the same in both tours."""

    name: str
    pixels: int  # how many pixels differ (every pixel when the sizes differ)
    box: tuple[int, int, int, int] | None  # x, y, width, height around them
    sizes: tuple[tuple[int, int], tuple[int, int]]
    delta: int = 255  # the largest difference in one channel of one pixel

    def describe(self) -> str:
        if self.sizes[0] != self.sizes[1]:
            return f"{self.name}: tailles / sizes {self.sizes[0]} ≠ {self.sizes[1]}"
        where = ""
        if self.box is not None:
            x, y, width, height = self.box
            where = f", x {x}–{x + width - 1}, y {y}–{y + height - 1}"
        return f"{self.name}: {self.pixels} pixels, ≤ {self.delta} / canal / channel{where}"


@dataclass
class TourComparison:
    identical: list[str] = field(default_factory=list)
    differing: list[ScreenDiff] = field(default_factory=list)
    only_reference: list[str] = field(default_factory=list)
    only_other: list[str] = field(default_factory=list)

    def unexpected(
        self, expected: Sequence[str] = tuple(EXPECTED), tolerance: int = 0
    ) -> list[ScreenDiff]:
        return [
            diff for diff in self.differing if diff.name not in expected and diff.delta > tolerance
        ]

    def agrees(self, expected: Sequence[str] = tuple(EXPECTED), tolerance: int = 0) -> bool:
        """Same screens, the same pixels (within ``tolerance`` per channel) but on the
        screens that may differ."""
        return not (
            self.unexpected(expected, tolerance) or self.only_reference or self.only_other
        )


def compare_images(reference: Path, other: Path) -> ScreenDiff | None:
    """``None`` when both pictures have the same size and pixels."""
    first = pygame.image.load(str(reference))
    second = pygame.image.load(str(other))
    name = reference.stem
    sizes = (first.get_size(), second.get_size())
    if sizes[0] != sizes[1]:
        return ScreenDiff(name, sizes[0][0] * sizes[0][1], None, sizes)
    if pygame.image.tobytes(first, "RGBA") == pygame.image.tobytes(second, "RGBA"):
        return None
    # |a - b| per channel: each saturated difference one way, then the other, added.
    one_way = pygame.Surface(sizes[0], 0, 32)
    one_way.blit(first, (0, 0))
    one_way.blit(second, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other_way = pygame.Surface(sizes[0], 0, 32)
    other_way.blit(second, (0, 0))
    other_way.blit(first, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    one_way.blit(other_way, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    # Set where the difference is exactly black: the same pixel.
    same = pygame.mask.from_threshold(one_way, (0, 0, 0, 255), (1, 1, 1, 255))
    same.invert()
    pixels = same.count()
    if pixels == 0:  # only alpha differs
        return ScreenDiff(name, 0, None, sizes, 0)
    # A list of Rect (pygame's stub says one Rect).
    rects = cast(list[pygame.Rect], same.get_bounding_rects())
    box = rects[0].unionall(rects[1:])
    delta = largest_delta(one_way)
    return ScreenDiff(name, pixels, (box.x, box.y, box.width, box.height), sizes, delta)


def largest_delta(difference: pygame.Surface) -> int:
    """The largest channel of a difference picture that is not all black (1 to 255)."""
    total = difference.get_width() * difference.get_height()
    low, high = 1, 255
    while low < high:
        middle = (low + high) // 2
        threshold = (middle + 1, middle + 1, middle + 1, 255)  # set where each channel ≤ middle
        if pygame.mask.from_threshold(difference, (0, 0, 0, 255), threshold).count() == total:
            high = middle
        else:
            low = middle + 1
    return low


def compare_tours(reference: Path, other: Path) -> TourComparison:
    ours = {path.stem: path for path in reference.glob("*.png")}
    theirs = {path.stem: path for path in other.glob("*.png")}
    result = TourComparison(
        only_reference=sorted(ours.keys() - theirs.keys()),
        only_other=sorted(theirs.keys() - ours.keys()),
    )
    for name in sorted(ours.keys() & theirs.keys()):
        diff = compare_images(ours[name], theirs[name])
        if diff is None:
            result.identical.append(name)
        else:
            result.differing.append(diff)
    return result


def report(
    result: TourComparison, expected: Sequence[str] = tuple(EXPECTED), tolerance: int = 0
) -> list[str]:
    total = len(result.identical) + len(result.differing)
    lines = [
        f"{total} écrans comparés / screens compared: {len(result.identical)} identiques"
        f" / identical, {len(result.differing)} différents / differ"
    ]
    for diff in result.differing:
        if diff.name in expected:
            why = EXPECTED.get(diff.name, "attendu / expected")
            lines.append(f"  attendu / expected   {diff.describe()} — {why}")
        elif diff.delta <= tolerance:
            lines.append(f"  arrondi / rounding   {diff.describe()} — toléré / tolerated")
        else:
            lines.append(f"  INATTENDU / UNEXPECTED {diff.describe()}")
    for side, names in (("reference", result.only_reference), ("other", result.only_other)):
        if names:
            lines.append(f"  seulement dans / only in {side}: {', '.join(names)}")
    lines.append(
        "tour_compare: "
        + ("ok" if result.agrees(expected, tolerance) else "FAIL")
        + f" ({total} écrans / screens, {len(result.identical)} identiques / identical)"
    )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.tour_compare",
        description="Compare two screenshot tours pixel for pixel (PNG files of the same names).",
    )
    parser.add_argument("reference", type=Path, help="a tour's folder (this machine's)")
    parser.add_argument("other", type=Path, help="the other tour's folder")
    parser.add_argument(
        "--expect",
        action="append",
        metavar="SCREEN",
        help="a screen allowed to differ (default: " + ", ".join(EXPECTED) + ")",
    )
    parser.add_argument(
        "--tolerance",
        type=int,
        default=0,
        metavar="N",
        help="accept other screens whose pixels differ by at most N per channel (default 0)",
    )
    args = parser.parse_args(argv)
    for folder in (args.reference, args.other):
        if not folder.is_dir():
            parser.error(f"{folder}: not a folder")
    expected = tuple(args.expect) if args.expect else tuple(EXPECTED)
    result = compare_tours(args.reference, args.other)
    print("\n".join(report(result, expected, args.tolerance)))
    agrees = result.agrees(expected, args.tolerance)
    return 0 if agrees and (result.identical or result.differing) else 1


if __name__ == "__main__":
    sys.exit(main())
