"""The README's picture: ``make montage`` renders the tour's screens it names into one PNG."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from kiosk import montage

SIZE = (
    montage.COLUMNS * montage.THUMB[0] + (montage.COLUMNS + 1) * montage.GAP,
    2 * montage.THUMB[1] + 3 * montage.GAP,
)


def test_the_montage_is_rendered_from_the_tours_screens(tmp_path: Path) -> None:
    picture = tmp_path / "kiosk.png"
    assert montage.main([str(picture)]) == 0
    assert pygame.image.load(str(picture)).get_size() == SIZE


def test_a_screen_the_tour_does_not_have_is_refused() -> None:
    with pytest.raises(KeyError, match="no-such-screen"):
        montage.render_screens(("home", "no-such-screen"))


def test_the_committed_picture_is_the_montages_and_small() -> None:
    assert len(montage.SCREENS) == 2 * montage.COLUMNS
    picture = montage.DEFAULT_FILE
    assert pygame.image.load(str(picture)).get_size() == SIZE
    assert picture.stat().st_size < 400_000
