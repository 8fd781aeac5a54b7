"""Picture caches are emptied together, and each show of the demonstrations starts without
the last one's pictures."""

from __future__ import annotations

from kiosk.boards.pieces import token_image
from kiosk.games.base import Token
from kiosk.scenes.attract import AttractScene
from kiosk.ui.pictures import cached_pictures, forget_pictures
from kiosk.ui.text import render
from tests.kiosk.driver import make_kiosk, steps


def test_forgetting_empties_every_picture_cache_and_drawing_goes_on() -> None:
    make_kiosk()  # pygame and its fonts ready
    forget_pictures()
    first = render("Moulin", 40, (255, 255, 255))
    token_image(Token(0, "disc"), 60, (20, 20, 20))
    assert cached_pictures() == 2
    assert forget_pictures() == 2 and cached_pictures() == 0
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
