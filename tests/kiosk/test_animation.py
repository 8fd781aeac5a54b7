"""Animations: discs turning over outward from the placed one, sowing seed by seed in the
engine's order (relays included), tablut's Raichi lit and announced, the capture sound."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pygame
import pytest

from engines import find_game
from engines.core import Place, State
from engines.multitchoukatro import MultitchoukatroState
from engines.tablut.state import TablutState
from kiosk.boards import BoardView, renderer_for
from kiosk.catalog import entry
from kiosk.games import look_for, presentation_for
from kiosk.games.base import Sowing, Token
from kiosk.scenes.animation import FLIP, SOW_LIMIT, Banner, Transition
from kiosk.scenes.play import BOARD_RECT, PlayScene
from kiosk.table import HUMAN, Table
from kiosk.ui.theme import CANVAS, seat_colours
from tests.kiosk.driver import make_kiosk

FIG_1 = "......../......../......../.NNNB.../.N....../N.N...../B..B..../..BNNB.. blanc"
"""The reversi rules' fig. 1 as described: white puts A on a4 and turns five black discs
(b4 c4 d4 along the row, b5 c6 along the diagonal); a6 is not next to A, d8 e8 not in line."""
RAICHI = "........./....B..../N...R...N/........./........./........./......B../........./.N..N...."
"""King on e7 under a Swede on e8; his other lines end on a7, i7 and e1 (white to move)."""


def view_for(spec: str) -> BoardView:
    game = find_game(spec)
    geometry = game.geometry()
    return BoardView(geometry, BOARD_RECT, renderer_for(geometry.kind, look_for(game.id)),
                     seat_colours(game.players))


def transition(spec: str, state: State, move: Any) -> tuple[Transition, State]:
    presentation = presentation_for(state.game)
    after = state.apply(move)
    made = Transition(view_for(spec), presentation.tokens(state), presentation.tokens(after),
                      presentation.moved_piece_points(state, move),
                      presentation.sowing(state, move))
    return made, after


def run_through(made: Transition, canvas: pygame.Surface, step: float = 1 / 30) -> None:
    """Every frame drawn without error; at the end the board is the position after."""
    while not made.done:
        made.tokens()
        made.draw_over(canvas)
        made.update(step)


def point(spec: str, name: str) -> int:
    return next(p.index for p in find_game(spec).geometry().points if p.name == name)


# ----------------------------------------------------------------------------- flips


def test_discs_turn_over_one_after_the_other_outward_from_the_placed_disc() -> None:
    game = find_game("reversi")
    state = game.from_text(FIG_1)
    made, after = transition("reversi", state, game.parse_move(state, "a4"))
    kinds = {c.point: c.kind for c in made.changes}
    assert kinds.pop(point("reversi", "a4")) == "pop"
    turned = {"b4", "c4", "d4", "b5", "c6"}
    assert kinds == {point("reversi", n): "flip" for n in turned}
    delays = {c.point: c.delay for c in made.changes if c.kind == "flip"}
    order = sorted(turned, key=lambda n: delays[point("reversi", n)])
    assert order == ["b4", "b5", "c4", "c6", "d4"]  # distances 1, 1.4, 2, 2.8, 3 from a4
    assert all(d > 0 for d in delays.values()) and not made.captures
    first = min(delays.values())
    made.update(first + FLIP / 2)  # the nearest disc is edge-on: drawn apart, not on the board
    assert made.tokens()[point("reversi", "b4")] == ()
    d4 = point("reversi", "d4")
    assert made.tokens()[d4] == tuple(presentation_for(game).tokens(state)[d4])
    run_through(made, pygame.Surface(CANVAS))
    assert made.tokens() == dict(presentation_for(game).tokens(after))


def test_only_a_change_of_owner_flips() -> None:
    """A tablut capture fades (and sounds as one); nothing turns over."""
    game = find_game("tablut")
    state = game.from_text("........./........./........./........./....R..../......B../"
                           "....N..../....B..../N........ blanc 0")
    made, _ = transition("tablut", state, game.parse_move(state, "g4-e4"))
    assert made.slide is not None and made.captures
    assert [(c.point, c.kind) for c in made.changes] == [(point("tablut", "e3"), "swap")]
    run_through(made, pygame.Surface(CANVAS))


# ----------------------------------------------------------------------------- sowing


def replay(board: tuple[int, ...], rouma: int, laps: tuple[Sowing, ...]) -> tuple[tuple[int, ...],
                                                                               int]:
    cells = list(board)
    for lap in laps:
        assert cells[lap.start] == len(lap.drops) > 0  # the whole case goes into the hand
        cells[lap.start] = 0
        for p in lap.drops:
            if p == len(cells):
                rouma += 1
            else:
                cells[p] += 1
    return tuple(cells), rouma


def test_the_sources_worked_example_relays_from_the_top_middle_case() -> None:
    """Three seeds a case, case 6 sown: rouma, 1, 2; case 2 (now 4) is sown again: 3, 4,
    5, 6, and the last seed falls into the emptied case 6: the turn ends."""
    game = find_game("multitchoukatro")
    state = game.initial_state()
    laps = presentation_for(game).sowing(state, Place(5, "6"))
    assert laps == (Sowing(5, (6, 0, 1)), Sowing(1, (2, 3, 4, 5)))
    after = state.apply(Place(5, "6"))
    assert isinstance(after, MultitchoukatroState)
    assert (after.board, after.rouma) == ((4, 0, 4, 4, 4, 1), 1)


@pytest.mark.parametrize("spec", ["multitchoukatro", "multitchoukatro,cases=8",
                                  "multitchoukatro,cases=12,seeds=12"])
def test_sowing_seed_by_seed_gives_the_engines_position(spec: str) -> None:
    game = find_game(spec)
    presentation = presentation_for(game)
    rng = random.Random(11)
    checked = 0
    for _ in range(6):
        state = game.initial_state()
        while not state.is_terminal() and checked < 400:
            assert isinstance(state, MultitchoukatroState)
            for move in state.legal_moves():
                laps = presentation.sowing(state, move)
                assert laps is not None and laps[0].start == move.at
                after = state.apply(move)
                assert isinstance(after, MultitchoukatroState)
                assert replay(state.board, state.rouma, laps) == (after.board, after.rouma)
                for lap, relay in itertools.pairwise(laps):
                    assert relay.start == lap.drops[-1]  # a relay starts where the seed fell
                checked += 1
            state = state.apply(rng.choice(list(state.legal_moves())))
    assert checked >= 100


def counts(shown: Mapping[int, Sequence[Token]]) -> dict[int, int]:
    return {p: sum(t.count for t in stack) for p, stack in shown.items() if stack}


def test_the_sowing_animation_counts_seed_by_seed_at_a_watchable_pace() -> None:
    spec = "multitchoukatro,cases=8"
    game = find_game(spec)
    state = game.initial_state()
    rng = random.Random(4)
    canvas = pygame.Surface(CANVAS)
    relays = 0
    for _ in range(12):
        assert isinstance(state, MultitchoukatroState)
        if state.is_terminal():
            break
        move = rng.choice(list(state.legal_moves()))
        made, after = transition(spec, state, move)
        assert isinstance(after, MultitchoukatroState)
        assert made.duration <= SOW_LIMIT + 0.3 and not made.captures
        watchable = len(made.flights) * 0.15 <= SOW_LIMIT - 0.5
        assert 0.12 <= made.step <= 0.18 or not watchable
        relays = max(relays, len(made.laps) - 1)
        total = sum(state.board) + state.rouma
        before = counts(made.tokens())
        assert before == counts(presentation_for(game).tokens(state))
        while not made.done:
            made.draw_over(canvas)
            made.update(1 / 60)
            now = counts(made.tokens())
            assert sum(now.values()) <= total  # the rest is in the hand
            rises = sum(max(0, n - before.get(p, 0)) for p, n in now.items())
            assert rises <= 1 or not watchable  # one seed lands at a time
            before = now
        assert before == counts(presentation_for(game).tokens(after))
        state = after
    assert relays >= 2


# ----------------------------------------------------------------------------- Raichi


def raichi_position() -> TablutState:
    state = find_game("tablut").from_text(f"{RAICHI} blanc 0")
    assert isinstance(state, TablutState)
    return state


def test_raichi_lights_the_kings_free_line_exactly_when_announced() -> None:
    game = find_game("tablut")
    presentation = presentation_for(game)
    first = raichi_position()
    assert first.announcements() == () and presentation.lit(first) == {}
    assert presentation.banner(first) is None
    after = first.apply(game.parse_move(first, "e8-d8"))
    assert after.announcements() == ("Raichi !",)
    assert presentation.lit(after) == {point("tablut", "e8"): "raichi",
                                       point("tablut", "e9"): "raichi"}
    assert presentation.banner(after) == ("Raichi !", "Raichi!")
    rng = random.Random(3)
    for _ in range(4):  # along random games: lit if and only if announced, free lines only
        state: State = game.initial_state()
        for _ in range(80):
            if state.is_terminal():
                break
            assert isinstance(state, TablutState)
            lit = presentation.lit(state)
            assert bool(lit) == bool(state.announcements())
            king = game.geometry().points[state.king] if state.king >= 0 else None
            for p in lit:
                assert p not in presentation.tokens(state) and king is not None
                spot = game.geometry().points[p]
                assert spot.x == king.x or spot.y == king.y
            state = state.apply(rng.choice(list(state.legal_moves())))


def scene_at(spec: str, state: State) -> tuple[Any, PlayScene, list[str]]:
    kiosk = make_kiosk()
    game = find_game(spec)
    scene = PlayScene(kiosk, entry(game.id), Table(spec, (HUMAN,) * len(game.players), seed=1))
    scene.run.states = [game.initial_state(), state]
    scene.run.moves = ["?"]
    scene._fresh_position()
    kiosk.stack.reset(scene)
    sounds: list[str] = []
    setattr(kiosk.sounds, "play", sounds.append)  # noqa: B010 (record instead of playing)
    return kiosk, scene, sounds


def settle(scene: PlayScene, canvas: pygame.Surface) -> None:
    while scene.transition is not None:
        scene.update(1 / 30)
        scene.draw(canvas)


def test_the_play_scene_lights_raichi_and_shows_the_banner_for_a_moment() -> None:
    game = find_game("tablut")
    _, scene, sounds = scene_at("tablut", raichi_position())
    canvas = pygame.Surface(CANVAS)
    assert "raichi" not in scene.highlights().values()
    scene.play(game.parse_move(scene.state, "e8-d8"))
    assert sounds == ["move"] and scene.banner is not None
    settle(scene, canvas)
    marks = scene.highlights()
    assert marks[point("tablut", "e8")] == marks[point("tablut", "e9")] == "raichi"
    scene.draw(canvas)
    assert scene.banner.image("fr").get_height() > 2 * 100  # head to tail: both sides read it
    scene.play(game.parse_move(scene.state, "b1-b9"))
    assert scene.banner is None
    settle(scene, canvas)
    assert "raichi" not in scene.highlights().values()


def test_a_banner_fades_in_and_goes_after_two_seconds() -> None:
    banner = Banner(("Raichi !", "Raichi!"), clock=10.0)
    canvas = pygame.Surface((800, 600))
    for clock, visible in ((9.9, False), (10.05, True), (11.0, True), (12.1, False)):
        canvas.fill((0, 0, 0))
        banner.draw(canvas, (400, 300), clock, "en")
        lit = canvas.get_at((400, 300)) != pygame.Color(0, 0, 0)
        assert lit == visible, clock


def test_captures_sound_as_captures_and_sowing_as_a_move() -> None:
    tablut = find_game("tablut")
    capture = tablut.from_text("........./........./........./........./....R..../......B../"
                               "....N..../....B..../N........ blanc 0")
    _, scene, sounds = scene_at("tablut", capture)
    scene.play(tablut.parse_move(capture, "g4-e4"))
    assert sounds == ["capture"]
    game = find_game("multitchoukatro")
    _, scene, sounds = scene_at("multitchoukatro", game.initial_state())
    scene.play(Place(5, "6"))
    assert sounds == ["move"] and scene.transition is not None and len(scene.transition.laps) == 2
    settle(scene, pygame.Surface(CANVAS))


def test_a_stack_keeps_its_pieces_while_one_slides_onto_it() -> None:
    """Backgammon: a checker moving onto a point of three shows the three until it lands."""
    game = find_game("backgammon")
    presentation = presentation_for(game)
    state = game.initial_state()
    rng = random.Random(2)
    for _ in range(200):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state = state.apply(rng.choice([o for o, _ in state.chance_outcomes()]))
            continue
        for move in state.legal_moves():
            slide = presentation.moved_piece_points(state, move)
            before = presentation.tokens(state)
            if slide and before.get(slide[1]) and before[slide[1]][0].seat == state.mover:  # type: ignore[attr-defined]
                made, _ = transition("backgammon", state, move)
                assert made.slid[0].count == 1
                assert made.tokens()[slide[1]] == tuple(before[slide[1]])
                made.update(0.3)
                assert made.tokens()[slide[1]] == presentation.tokens(state.apply(move))[slide[1]]
                return
        state = state.apply(rng.choice(list(state.legal_moves())))
    pytest.fail("no move onto a held point")
