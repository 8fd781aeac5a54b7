"""Choices that outnumber a panel's buttons are shown a page at a time, none lost."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from engines import find_game
from engines.rithmomachie.moves import Pose
from kiosk.catalog import entry
from kiosk.scenes.choice_pages import MOST_BUTTONS, page_count, page_of
from kiosk.scenes.play import PlayScene
from kiosk.table import HUMAN, Table
from tests.kiosk.driver import button_centre, make_kiosk, tap

SPEC = "rithmomachie:boissiere"


@given(st.integers(0, 30), st.integers(1, MOST_BUTTONS), st.integers(0, 20))
def test_pages_hold_every_choice_once_and_leave_a_button_to_turn(
    count: int, room: int, start: int
) -> None:
    choices = list(range(count))
    pages = page_count(count, room)
    shown = [page_of(choices, room, start + n) for n in range(pages)]
    assert sorted(c for page in shown for c in page) == choices
    for page in shown:
        assert len(page) <= (room if pages == 1 else room - 1) or room == 1


def crowded_square() -> tuple[list[str], int, list[Pose]]:
    """A Boissière game in which the side to move may pose five pieces on one square
    (random games, from the first seed that reaches one)."""
    game = find_game(SPEC)
    for seed in range(200):
        rng = random.Random(seed)
        state, moves = game.initial_state(), list[str]()
        while not state.is_terminal() and len(moves) < 400:
            legal = list(state.legal_moves())
            poses = Counter(m.square for m in legal if isinstance(m, Pose))
            if poses and max(poses.values()) >= 5:
                square = poses.most_common(1)[0][0]
                chosen = [m for m in legal if isinstance(m, Pose) and m.square == square]
                return moves, square, chosen
            move = rng.choice(legal)
            moves.append(str(move))
            state = state.apply(move)
    raise AssertionError("no random game reached five pieces to pose on one square")


def test_five_pieces_to_pose_beside_undo_come_in_two_pages() -> None:
    moves, square, poses = crowded_square()
    kiosk = make_kiosk()
    mover = find_game(SPEC).replay(moves).current_player
    controllers = (HUMAN, "debutant") if mover == "noir" else ("debutant", HUMAN)
    scene = PlayScene(kiosk, entry("rithmomachie"), Table(SPEC, controllers, 1), moves=moves)
    kiosk.stack.push(scene)
    scene.touch_point(square)
    assert scene.choice == poses
    labels = {kiosk.tr.pick(*scene.presentation.button_text(scene.state, p)) for p in poses}
    seen: set[str] = set()
    for page in (1, 2, 1):
        more = f"Autres choix ({page}/2)"
        seat = scene.run.seat()
        assert seat is not None
        panel = scene.panels[seat]
        shown = [b.label for b in panel.buttons.buttons]
        assert more in shown and "Annuler mon coup" in shown, shown
        assert len(shown) <= MOST_BUTTONS
        seen |= labels & set(shown)
        where = button_centre(scene, more)
        assert where is not None
        tap(kiosk, where)
    assert seen == labels
    last = poses[-1]  # on the second page, where the last turn left the panel
    where = button_centre(scene, kiosk.tr.pick(*scene.presentation.button_text(scene.state, last)))
    assert where is not None
    tap(kiosk, where)
    assert scene.run.moves[-1] == str(last)
