"""Notices and the demonstration's caption go beside the board, never over it."""

from __future__ import annotations

import pygame
import pytest

from kiosk.catalog import CATALOGUE, entry
from kiosk.scenes.attract import AttractScene
from kiosk.scenes.play import PlayScene
from kiosk.scenes.room import free_room, taken
from kiosk.scenes.setup import SetupScene
from kiosk.ui.theme import CANVAS
from tests.kiosk.driver import make_kiosk


def pixels(frame: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(frame.subsurface(rect.clip(frame.get_rect())), "RGB")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_who_starts_is_told_beside_the_board_not_over_its_letters(lang: str) -> None:
    kiosk = make_kiosk()
    kiosk.set_language(lang)
    setup = SetupScene(kiosk, entry("reversi"))
    kiosk.push(setup)
    setup._play()
    scene = kiosk.stack.top
    assert isinstance(scene, PlayScene)
    assert [n.text for n in kiosk.notices], "the lot's draw is told"
    kept = taken(scene)
    with_notice = kiosk.draw().copy()
    notices, kiosk.notices = kiosk.notices, []
    without = kiosk.draw().copy()
    assert pixels(with_notice, scene.view.board_rect) == pixels(without, scene.view.board_rect)
    for rect in kept:
        assert pixels(with_notice, rect) == pixels(without, rect), rect
    assert pixels(with_notice, with_notice.get_rect()) != pixels(without, without.get_rect())
    kiosk.notices = notices


def test_the_free_room_is_the_tallest_stretch_beside_the_board() -> None:
    board = pygame.Rect(448, 52, 1024, 1016)
    panels = [pygame.Rect(20, 24, 400, 500), pygame.Rect(1500, 555, 400, 500)]
    menu = [pygame.Rect(30, 964, 190, 96)]
    room = free_room(board, [board, *panels, *menu])
    assert room == pygame.Rect(1492, 20, 408, 515)
    assert not any(room.colliderect(rect) for rect in [board, *panels, *menu])
    crowded = [pygame.Rect(1500, 20, 400, 1040), pygame.Rect(20, 20, 400, 1040)]
    assert free_room(board, [board, *crowded]) is None
    assert free_room(None, panels) is None


SEATINGS = (
    "reversi", "backgammon", "barricades", "shut-the-box", "multitchoukatro", "rithmomachie"
)
"""A game of each kind of board and seating (grid, track and cube, houses, boxes, pits, a
long board)."""


def test_the_demonstration_card_covers_no_square_panel_or_button() -> None:
    kiosk = make_kiosk()
    ids = [game.game_id for game in CATALOGUE]
    for game_id in SEATINGS:
        index = ids.index(game_id)
        game = CATALOGUE[index]
        attract = AttractScene(kiosk, first=index)
        attract.shows = 1  # the next show is a game, not a lesson
        kiosk.stack.reset(attract)
        demo = attract.demo
        assert isinstance(demo, PlayScene) and not demo.demo_banner
        kiosk.draw()
        card = attract.card_rect
        assert card is not None and pygame.Rect((0, 0), CANVAS).contains(card), game.game_id
        hit = [rect for rect in taken(demo) if card.colliderect(rect)]
        assert hit == [], f"{game.game_id}: the card covers {hit}"
