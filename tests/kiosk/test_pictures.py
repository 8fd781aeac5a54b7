"""Picture caches are emptied together, and each show of the demonstrations starts without
the last one's pictures."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.boards.pieces import token_image
from kiosk.games.base import Token
from kiosk.scenes.attract import AttractScene
from kiosk.ui.pictures import cached_pictures, forget_pictures
from kiosk.ui.text import fit_size, render
from kiosk.ui.theme import font
from tests.kiosk.driver import make_kiosk, steps


def test_forgetting_empties_every_picture_cache_and_drawing_goes_on() -> None:
    make_kiosk()  # pygame and its fonts ready
    forget_pictures()
    first = render("Moulin", 40, (255, 255, 255))
    token_image(Token(0, "disc"), 60, (20, 20, 20))
    held = cached_pictures()
    assert held == 3, "the text, its font and the token"
    assert forget_pictures() == held and cached_pictures() == 0
    again = render("Moulin", 40, (255, 255, 255))
    assert again is not first and again.get_size() == first.get_size()


def test_each_show_starts_with_empty_picture_caches() -> None:
    kiosk = make_kiosk()
    steps(kiosk, int(kiosk.settings.attract_after * 60) + 5)
    scene = kiosk.stack.top
    assert isinstance(scene, AttractScene)
    for _ in range(30):
        kiosk.step()
        kiosk.draw()
    assert cached_pictures() > 0, "the show drew its pieces and texts"
    scene.start(scene.index + 1)
    assert cached_pictures() == 0


@pytest.fixture(scope="module")
def kiosk_ready() -> None:
    """pygame and its fonts ready, once for the module."""
    make_kiosk()


@settings(max_examples=150, deadline=None)
@given(
    words=st.lists(st.sampled_from(["Moulin", "de", "la", "rithmomachie", "Barricades", "—"]),
                   min_size=1, max_size=6),
    width=st.integers(10, 900),
    size=st.integers(8, 96),
    smallest=st.integers(8, 16),
)
def test_fit_size_is_the_largest_fitting_size_of_its_steps(
    kiosk_ready: None, words: list[str], width: int, size: int, smallest: int
) -> None:
    text = " ".join(words)
    expected = size  # the sizes tried one by one, two pixels at a time
    while expected > smallest and font(expected).size(text)[0] > width:
        expected -= 2
    assert fit_size(text, width, size, smallest=smallest) == expected


def test_fitting_a_text_opens_a_few_fonts_not_one_per_size() -> None:
    make_kiosk()
    forget_pictures()
    fit_size("Rithmomachie, le combat des nombres", 120, 96)
    assert font.cache_info().currsize <= 4
