"""Whole games played through the screen, one per kind of board, by synthetic touches."""

from __future__ import annotations

import random

import pytest

from kiosk.catalog import entry
from kiosk.scenes.play import PlayScene
from kiosk.scenes.results import ResultsScene
from kiosk.table import HUMAN, Table
from tests.kiosk.driver import make_kiosk, play_one_decision, settle, steps, tap

GAMES = {
    "grid": "reversi",
    "graph": "assaut",
    "track": "backgammon:simple",
    "boxes": "shut-the-box",
    "pits": "multitchoukatro",
}


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_whole_game_through_the_screen(kind: str) -> None:
    spec = GAMES[kind]
    kiosk = make_kiosk()
    scene = PlayScene(kiosk, entry(spec.split(":")[0]), Table(spec, (HUMAN, HUMAN), seed=3))
    kiosk.stack.push(scene)
    assert scene.view.geometry.kind == kind
    rng = random.Random(11)
    decisions = 0
    while not scene.state.is_terminal():
        before = len(scene.run.moves)
        play_one_decision(kiosk, scene, rng)
        assert len(scene.run.moves) == before + 1, f"decision {decisions} was not taken"
        settle(kiosk)
        if decisions % 25 == 0:
            kiosk.draw()
        decisions += 1
        assert decisions < 800
        kiosk.last_input = kiosk.now  # a person is playing
    assert scene.state.outcome() is not None
    steps(kiosk, 100)
    results = kiosk.stack.top
    assert isinstance(results, ResultsScene)
    kiosk.draw()
    assert results.headline()


def test_a_drag_makes_the_move() -> None:
    kiosk = make_kiosk()
    scene = PlayScene(kiosk, entry("tablut"), Table("tablut", (HUMAN, HUMAN)))
    kiosk.stack.push(scene)
    move = next(
        m
        for m in scene.state.legal_moves()
        if len(scene.presentation.move_points(scene.state, m)) == 2
    )
    origin, target = scene.presentation.move_points(scene.state, move)
    from tests.kiosk.driver import drag

    drag(kiosk, scene.view.centres[origin], scene.view.centres[target])
    assert scene.run.moves == [str(move)]


def test_a_wrong_move_is_explained_and_changes_nothing() -> None:
    kiosk = make_kiosk()
    scene = PlayScene(kiosk, entry("tablut"), Table("tablut", (HUMAN, HUMAN)))
    kiosk.stack.push(scene)
    geometry = scene.view.geometry
    start = scene.state
    # Touch one of the Muscovites (black) while the Swedes (white) are to move.
    enemy = next(p for p, stack in scene.presentation.tokens(start).items() if stack[0].seat == 1)
    tap(kiosk, scene.view.centres[enemy])
    assert scene.state is start
    text, _, warning = scene.message
    assert warning and "adversaire" in text
    # A white soldier then an unreachable square: refused with the reason, position unchanged.
    soldier = geometry.index("e7")
    tap(kiosk, scene.view.centres[soldier])
    assert scene.picker.touched == (soldier,)
    tap(kiosk, scene.view.centres[geometry.index("a1")])
    assert scene.state is start
    assert scene.message[2] and "jamais en diagonale" in scene.message[0], "the rule"
    kiosk.draw()


def test_against_the_machine_undo_and_hint() -> None:
    kiosk = make_kiosk()
    scene = PlayScene(
        kiosk, entry("reversi"), Table("reversi:othello", (HUMAN, "debutant"), seed=2)
    )
    kiosk.stack.push(scene)
    rng = random.Random(1)
    play_one_decision(kiosk, scene, rng)
    settle(kiosk)
    steps(kiosk, 60)
    settle(kiosk)
    assert len(scene.run.moves) == 2, "the machine answered"
    assert scene.run.human_to_move()
    scene._ask_hint()
    steps(kiosk, 2)
    assert scene.hint in scene.state.legal_moves()
    assert scene.run.undoer() == 0 and scene.run.undo(0)
    assert scene.run.moves == [] and scene.run.human_to_move()
