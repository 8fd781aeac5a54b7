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
        assert "3 pixels, x 3–40, y 4–20" in diff.describe()


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
    assert "INATTENDU / UNEXPECTED settings: 1 pixels" in capsys.readouterr().out
    screen(other, "settings", {})
    (other / "home.png").unlink()
    result = compare_tours(reference, other)
    assert result.only_reference == ["home"] and not result.agrees()
    assert main([str(reference), str(other)]) == 1


def test_two_empty_folders_prove_nothing(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert main([str(tmp_path / "a"), str(tmp_path / "b")]) == 1
