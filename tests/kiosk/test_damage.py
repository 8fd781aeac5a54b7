"""A frame paints and presents only what changed, and the screen is what a whole frame shows.

The kiosk asks its top scene which parts of the canvas its animation changes
(:meth:`Kiosk.damage`), paints only those and presents only those, turned with
the screen. Here, at every frame of animated scenes, the canvas painted that way
is compared with the same instant painted whole; and a part presented on a
turned screen with the whole frame presented.
"""

from __future__ import annotations

import random

import pygame
import pytest

from engines import all_specs, find_game
from kiosk.catalog import entry
from kiosk.display import present, screen_rect, screen_size
from kiosk.runtime import STEP, Kiosk
from kiosk.scenes.attract import AttractScene
from kiosk.scenes.play import PlayScene
from kiosk.table import HUMAN, Table
from kiosk.tour import headless_kiosk
from kiosk.ui.theme import CANVAS


@pytest.fixture(scope="module")
def kiosk() -> Kiosk:
    return headless_kiosk(lang="fr")


def follow(kiosk: Kiosk, seconds: float, act: object = None) -> tuple[int, float]:
    """Step as the main loop does; each frame painted where damaged, checked against the
    whole frame. Returns the frames painted in part and the mean share of them painted."""
    parts, share = 0, 0.0
    kiosk.draw()
    for turn in range(round(seconds / STEP)):
        if callable(act):
            act(turn)
        kiosk.step(STEP)
        if not kiosk.needs_frame():
            continue
        area = kiosk.damage()
        painted = pygame.image.tobytes(kiosk.draw(area), "RGB")
        whole = pygame.image.tobytes(kiosk.draw(), "RGB")
        if painted != whole:
            where = pygame.Surface(CANVAS)
            where.blit(pygame.image.frombytes(painted, CANVAS, "RGB"), (0, 0))
            other = pygame.image.frombytes(whole, CANVAS, "RGB")
            changed = [(x, y) for x in range(0, CANVAS[0], 4) for y in range(0, CANVAS[1], 4)
                       if where.get_at((x, y)) != other.get_at((x, y))]
            pytest.fail(f"{kiosk.stack.names()} at step {turn}: painted {area}, but the whole"
                        f" frame differs at {changed[:3]}… ({len(changed)} points)")
        if area is not None:
            parts += 1
            share += area.width * area.height / (CANVAS[0] * CANVAS[1])
    return parts, share / max(1, parts)


def test_the_demonstration_paints_only_its_board_and_panels(kiosk: Kiosk) -> None:
    kiosk.stack.reset(AttractScene(kiosk, first=0))
    parts, share = follow(kiosk, 6.0)
    assert parts > 10 and share < 0.75, (parts, share)


FIRST_SPECS = sorted({find_game(spec).id: spec for spec in reversed(all_specs())}.values())
"""Each game's first variant."""


@pytest.mark.parametrize("spec", FIRST_SPECS)
def test_moving_pieces_and_rolling_dice_paint_the_board_alone(kiosk: Kiosk, spec: str) -> None:
    game = find_game(spec)
    table = Table(spec, tuple(HUMAN for _ in game.players), seed=4)
    scene = PlayScene(kiosk, entry(game.id), table)
    kiosk.stack.reset(scene)
    rng = random.Random(3)

    def act(turn: int) -> None:
        if turn % 40 or scene.transition is not None or scene.dice.rolling:
            return
        state = scene.state
        if state.is_terminal():
            return
        if state.is_chance_node():
            scene._roll()
        else:
            scene.play(rng.choice(list(state.legal_moves())))

    parts, share = follow(kiosk, 4.0, act)
    assert parts > 10 and share < 0.9, (parts, share)


def test_a_long_message_turning_its_pages_paints_its_panel_alone(kiosk: Kiosk) -> None:
    from kiosk.tour import mid_game

    scene = mid_game(kiosk, entry("tablut"), "tablut")
    kiosk.stack.reset(scene)
    words = "Le roi doit atteindre un coin du plateau pour gagner ; les Moscovites l'en empêchent."
    scene.message = (" ".join([words] * 8), "", False)
    parts, share = follow(kiosk, 13.0)  # two page turns
    assert parts >= 2 and share < 0.2, (parts, share)


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_a_part_presented_on_a_turned_screen_is_the_whole_frame_there(rotation: int) -> None:
    rng = random.Random(rotation)
    frame = pygame.Surface(CANVAS)
    for _ in range(60):
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        pygame.draw.circle(frame, colour, (rng.randrange(1920), rng.randrange(1080)), 90)
    screen = pygame.Surface(screen_size(rotation))
    assert present(screen, frame, rotation) == screen.get_rect()
    for _ in range(5):
        area = pygame.Rect(rng.randrange(1800), rng.randrange(1000), 0, 0)
        area.size = (rng.randrange(1, 1920 - area.x), rng.randrange(1, 1080 - area.y))
        frame.fill((rng.randrange(256), 40, 90), area)
        before = screen.copy()
        changed = present(screen, frame, rotation, area)
        assert changed == screen_rect(rotation, area)
        whole = pygame.Surface(screen_size(rotation))
        present(whole, frame, rotation)
        assert pygame.image.tobytes(screen, "RGB") == pygame.image.tobytes(whole, "RGB")
        outside = before.copy()
        outside.blit(screen, changed, changed)  # the screen, but for the changed part
        assert pygame.image.tobytes(outside, "RGB") == pygame.image.tobytes(screen, "RGB")


def test_a_touch_or_a_new_scene_paints_everything(kiosk: Kiosk) -> None:
    kiosk.stack.reset(AttractScene(kiosk, first=0))
    assert kiosk.damage() is None  # a new scene
    kiosk.draw()
    kiosk.redraw()
    assert kiosk.damage() is None
