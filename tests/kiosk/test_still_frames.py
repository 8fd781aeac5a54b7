"""A still screen is not drawn again, and what it would draw is what is shown.

The main loop draws a frame only when :meth:`Kiosk.needs_frame` says the
picture may have changed. These tests hold the scenes that say "still" to it:
while they do, drawing anyway gives exactly the frame on the screen; and they
do say it, soon after a visitor's last touch, so that a still kiosk costs
nothing (``python -m bench.idle`` measures it).
"""

from __future__ import annotations

import pygame
import pytest

from engines import all_specs, find_game
from kiosk.catalog import entry
from kiosk.runtime import STEP, Kiosk
from kiosk.scenes.admin.menu import AdminMenuScene
from kiosk.scenes.rules import RulesScene
from kiosk.touch import Phase, Pointer
from kiosk.tour import headless_kiosk, mid_game

SECONDS = 7.0
"""Longer than a message page (6 s) and a banner (2 s)."""
CHECK_EVERY = 15
"""Steps between two checks of a still picture (a draw each)."""


def frame_bytes(kiosk: Kiosk) -> bytes:
    return pygame.image.tobytes(kiosk.draw(), "RGB")


def watch(kiosk: Kiosk, seconds: float = SECONDS) -> tuple[int, int]:
    """Step ``kiosk`` as the loop does; every still turn checked against the frame shown.

    Returns the frames drawn and the still turns seen.
    """
    shown = frame_bytes(kiosk)
    drawn, still = 1, 0
    for turn in range(round(seconds / STEP)):
        kiosk.step(STEP)
        if kiosk.needs_frame():
            shown = frame_bytes(kiosk)
            drawn += 1
            continue
        still += 1
        if turn % CHECK_EVERY == 0:
            assert frame_bytes(kiosk) == shown, (kiosk.stack.names(), turn * STEP)
    return drawn, still


@pytest.fixture(scope="module")
def kiosk() -> Kiosk:
    return headless_kiosk(lang="fr")


def test_home_is_drawn_once_then_kept(kiosk: Kiosk) -> None:
    kiosk.home()
    drawn, still = watch(kiosk)
    assert drawn == 1 and still == round(SECONDS / STEP)


def test_a_touch_redraws_and_the_owners_ring_animates_while_held(kiosk: Kiosk) -> None:
    kiosk.home()
    watch(kiosk, 0.5)
    kiosk.pointer(Pointer(Phase.DOWN, 200, 60, 0))  # the title: the owners' way in
    assert kiosk.needs_frame()
    kiosk.draw()
    kiosk.step(STEP)
    assert kiosk.needs_frame()  # the ring fills
    kiosk.pointer(Pointer(Phase.UP, 200, 60, 0))
    kiosk.draw()
    kiosk.step(STEP)
    assert not kiosk.needs_frame()


def test_a_rules_page_and_the_owners_menu_stay_still(kiosk: Kiosk) -> None:
    kiosk.home()
    kiosk.push(RulesScene(kiosk, "backgammon"))
    assert watch(kiosk, 2.0)[0] == 1
    kiosk.pointer(Pointer(Phase.DOWN, 700, 600, 0))
    kiosk.pointer(Pointer(Phase.MOVE, 700, 400, 0))  # the page follows the finger
    assert kiosk.needs_frame()
    kiosk.pointer(Pointer(Phase.UP, 700, 400, 0))
    kiosk.draw()
    kiosk.stack.reset(AdminMenuScene(kiosk))
    assert watch(kiosk, 2.0)[0] == 1


@pytest.mark.parametrize("spec", all_specs())
def test_a_position_waiting_for_a_person_is_kept(kiosk: Kiosk, spec: str) -> None:
    kiosk.stack.reset(mid_game(kiosk, entry(find_game(spec).id), spec))
    drawn, still = watch(kiosk, 2.5)  # the pages' turn is the long message's test
    assert still > 0.8 * 2.5 / STEP, (drawn, still)  # a moment of drawing, at most


def test_a_notice_coming_and_going_is_drawn(kiosk: Kiosk) -> None:
    kiosk.stack.reset(mid_game(kiosk, entry("reversi"), "reversi", alone=True))
    kiosk.draw()
    kiosk.notify("Un message", seconds=0.5)
    assert kiosk.needs_frame()
    kiosk.draw()
    for _ in range(round(0.6 / STEP)):
        kiosk.step(STEP)
    assert kiosk.needs_frame()  # the notice went


def test_a_long_message_turns_its_pages_by_itself(kiosk: Kiosk) -> None:
    scene = mid_game(kiosk, entry("tablut"), "tablut")
    kiosk.stack.reset(scene)
    words = "Le roi doit atteindre un coin du plateau pour gagner ; les Moscovites l'en empêchent."
    scene.message = (" ".join([words] * 8), "", False)
    drawn, still = watch(kiosk, 13.0)  # two page turns
    assert drawn >= 3, (drawn, still)


def test_the_demonstration_is_drawn_only_as_it_moves(kiosk: Kiosk) -> None:
    from kiosk.scenes.attract import AttractScene

    kiosk.stack.reset(AttractScene(kiosk, first=0))
    drawn, still = watch(kiosk, 3.0)
    assert drawn > 3 and still > 0, (drawn, still)  # moves shown, pauses kept
