"""Two screenshot tours compared pixel for pixel (bench.tour_compare)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from bench.tour_compare import EXPECTED, compare_images, compare_tours, main

SIZE = (64, 48)


def screen(folder: Path, name: str, changes: dict[tuple[int, int], tuple[int, int, int]]) -> Path:
    """A small screen: a gradient (every pixel its own colour), some pixels changed."""
    folder.mkdir(exist_ok=True)
    surface = pygame.Surface(SIZE)
    for x in range(SIZE[0]):
        for y in range(SIZE[1]):
            surface.set_at((x, y), (x * 4, y * 5, (x + y) % 256))
    for point, colour in changes.items():
        surface.set_at(point, colour)
    path = folder / f"{name}.png"
    pygame.image.save(surface, str(path))
    return path


def test_the_same_pixels_are_identical(tmp_path: Path) -> None:
    first, second = screen(tmp_path / "a", "home", {}), screen(tmp_path / "b", "home", {})
    assert compare_images(first, second) is None


def test_every_differing_pixel_is_counted_and_boxed(tmp_path: Path) -> None:
    # One channel off by one is a difference too, either way round.
    changes = {(3, 4): (0, 0, 0), (10, 20): (255, 255, 255), (40, 7): (160, 35, 48)}
    first = screen(tmp_path / "a", "home", {})
    second = screen(tmp_path / "b", "home", changes)
    for one, other in ((first, second), (second, first)):
        diff = compare_images(one, other)
        assert diff is not None
        assert diff.pixels == 3
        assert diff.box == (3, 4, 38, 17)
        assert diff.delta == 225  # the white pixel's red: 255 - 40
        assert "3 pixels, ≤ 225 / canal / channel, x 3–40, y 4–20" in diff.describe()


@pytest.mark.parametrize("delta", [1, 2, 17, 128, 205])
def test_the_largest_difference_in_a_channel_is_found(tmp_path: Path, delta: int) -> None:
    # The pixel at (20, 10) is (80, 50, 30): its green moved by delta, down or up;
    # another pixel off by one in blue.
    green = 50 - delta if delta <= 50 else 50 + delta
    first = screen(tmp_path / "a", "home", {(1, 1): (4, 5, 3)})
    second = screen(tmp_path / "b", "home", {(20, 10): (80, green, 30)})
    diff = compare_images(first, second)
    assert diff is not None and diff.pixels == 2
    assert diff.delta == delta


def test_a_picture_of_another_size_differs_whole(tmp_path: Path) -> None:
    first = screen(tmp_path / "a", "home", {})
    other = tmp_path / "b"
    other.mkdir()
    pygame.image.save(pygame.Surface((SIZE[1], SIZE[0])), str(other / "home.png"))
    diff = compare_images(first, other / "home.png")
    assert diff is not None and diff.pixels == SIZE[0] * SIZE[1] and diff.box is None


def test_only_the_dated_screens_may_differ(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    reference, other = tmp_path / "host", tmp_path / "arm64"
    for name in ("home", "settings", *EXPECTED):
        screen(reference, name, {})
        screen(other, name, {(5, 5): (1, 2, 3)} if name in EXPECTED else {})
    result = compare_tours(reference, other)
    assert result.identical == ["home", "settings"]
    assert sorted(diff.name for diff in result.differing) == sorted(EXPECTED)
    assert result.agrees()
    assert main([str(reference), str(other)]) == 0
    out = capsys.readouterr().out
    assert "4 écrans comparés / screens compared: 2 identiques / identical, 2 différents" in out
    assert "tour_compare: ok" in out

    # Any other screen that differs, or one missing, is a finding.
    screen(other, "settings", {(0, 0): (9, 9, 9)})
    assert main([str(reference), str(other)]) == 1
    out = capsys.readouterr().out
    assert "INATTENDU / UNEXPECTED settings: 1 pixels, ≤ 9 / canal / channel" in out
    screen(other, "settings", {})
    (other / "home.png").unlink()
    result = compare_tours(reference, other)
    assert result.only_reference == ["home"] and not result.agrees()
    assert main([str(reference), str(other)]) == 1


def test_two_empty_folders_prove_nothing(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert main([str(tmp_path / "a"), str(tmp_path / "b")]) == 1


def test_a_tolerance_accepts_small_differences_and_still_lists_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    reference, other = tmp_path / "host", tmp_path / "arm64"
    screen(reference, "shut-the-box-play", {})
    # (7, 7) is (28, 35, 14), (8, 7) is (32, 35, 15): one off by one, one by two.
    screen(other, "shut-the-box-play", {(7, 7): (28, 36, 14), (8, 7): (32, 35, 13)})
    assert main([str(reference), str(other)]) == 1
    assert main([str(reference), str(other), "--tolerance", "2"]) == 0
    out = capsys.readouterr().out
    assert "arrondi / rounding   shut-the-box-play: 2 pixels, ≤ 2 / canal / channel" in out
    assert main([str(reference), str(other), "--tolerance", "1"]) == 1
