"""Tracks, boxes and pits (backgammon, jacquet, shut the box, multitchoukatro):
tokens, touched points, buttons, extras, rendering and hit tests."""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from engines import find_game
from engines.backgammon.state import BackgammonState
from engines.core import Dice, Game, Pass, State
from engines.multitchoukatro import MultitchoukatroState
from engines.shutthebox import Close, ShutTheBoxState
from engines.tables.moves import DOUBLE, DROP, ROLL, TAKE, CheckerMove, CubeAction
from engines.tables.state import MOVE, TablesState
from kiosk.boards import BoardView, renderer_for
from kiosk.games import look_for, presentation_for
from kiosk.games.base import Presentation
from kiosk.ui import theme
from kiosk.ui.theme import seat_colours

TABLES = ("backgammon", "backgammon:simple", "jacquet")
BOXES = (
    "shut-the-box",
    "shut-the-box:francaise",
    "shut-the-box:exacte",
    "shut-the-box,boxes=12,players=6",
    "shut-the-box:exacte,boxes=12,players=1",
    "shut-the-box,boxes=4,single=when_other_closed",
)
PITS = ("multitchoukatro", "multitchoukatro,cases=4", "multitchoukatro,cases=12,seeds=12")
SPECS = TABLES + BOXES + PITS
RECTS = {
    (1920, 1080): pygame.Rect(430, 30, 1060, 1020),
    (1280, 720): pygame.Rect(287, 20, 707, 680),
}


@pytest.fixture(scope="module", autouse=True)
def display() -> Any:
    pygame.init()
    pygame.display.set_mode((1, 1))
    theme.font.cache_clear()  # fonts of an earlier pygame session are dead
    yield


def play(state: State, plies: int, rng: random.Random) -> State:
    """Random decisions (fair dice at chance nodes) for up to ``plies``."""
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.is_chance_node():
            moves, weights = zip(*state.chance_outcomes(), strict=True)
            state = state.apply(rng.choices(moves, weights)[0])
        else:
            state = state.apply(rng.choice(list(state.legal_moves())))
    return state


def positions(game: Game, count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    return [game.initial_state()] + [
        play(game.initial_state(), 8 + 9 * k, rng) for k in range(count)
    ]


def check_tokens(presentation: Presentation, state: State) -> None:
    """The tokens say what the engine's state holds."""
    tokens = presentation.tokens(state)
    size = len(presentation.geometry.points)
    assert all(0 <= point < size and stack for point, stack in tokens.items())
    if isinstance(state, TablesState):
        counts: Counter[int | None] = Counter()
        for stack in tokens.values():
            assert len(stack) == 1
            counts[stack[0].seat] += stack[0].count
        assert counts == Counter({0: 15, 1: 15})
        for seat, side in enumerate(state.boards):
            for number, count in enumerate(side):
                if count:
                    point = presentation.point_of(seat, number)  # type: ignore[attr-defined]
                    assert tokens[point][0] == tokens[point][0].__class__(seat, count=count)
    elif isinstance(state, ShutTheBoxState):
        open_boxes = {i for i in range(size) if state.open >> i & 1}
        assert set(tokens) == open_boxes
        assert all(stack[0].shape == "flap" and stack[0].label == str(point + 1)
                   for point, stack in tokens.items())
    else:
        assert isinstance(state, MultitchoukatroState)
        assert sum(t.count for stack in tokens.values() for t in stack) == state.game.total
        assert tokens.get(len(state.board), [None])[0] is None or \
            tokens[len(state.board)][0].count == state.rouma
        for case, seeds in enumerate(state.board):
            assert (tokens[case][0].count if case in tokens else 0) == seeds


@pytest.mark.parametrize("spec", SPECS)
def test_tokens_follow_the_engine(spec: str) -> None:
    game = find_game(spec)
    presentation = presentation_for(game)
    rng = random.Random(11)
    state = game.initial_state()
    check_tokens(presentation, state)
    for _ in range(3):
        state = play(game.initial_state(), 30, rng)
        check_tokens(presentation, state)


@pytest.mark.parametrize("spec", SPECS)
def test_move_points_are_points_and_unambiguous(spec: str) -> None:
    game = find_game(spec)
    presentation = presentation_for(game)
    size = len(presentation.geometry.points)
    for state in positions(game, 8, seed=3):
        if state.is_terminal() or state.is_chance_node():
            continue
        seen: dict[tuple[int, ...], Any] = {}
        for move in state.legal_moves():
            points = presentation.move_points(state, move)
            assert all(0 <= p < size for p in points), (str(move), points)
            if isinstance(move, CheckerMove):
                assert len(points) == 2 and points[0] != points[1]
                assert presentation.moved_piece_points(state, move) == points
            elif isinstance(move, Close):
                assert list(points) == sorted(points) and len(set(points)) == len(points)
                assert [p + 1 for p in points] == list(move.boxes)
            elif isinstance(move, CubeAction | Pass):
                assert points == ()
                french, english = presentation.button_text(state, move)
                assert french and english
            if points:
                assert points not in seen, f"{move} and {seen[points]} touch {points}"
                seen[points] = move


def test_tables_points_in_the_geometry() -> None:
    """Bar and trays are points: bar/22 starts on the mover's bar, 6/off ends in its tray."""
    game = find_game("backgammon")
    presentation = presentation_for(game)
    state = game.initial_state()
    names = [p.name for p in presentation.geometry.points]
    point_of = presentation.point_of  # type: ignore[attr-defined]
    assert names[point_of(0, 25)] == "bar-noir" and names[point_of(1, 25)] == "bar-blanc"
    assert names[point_of(0, 0)] == "off-noir" and names[point_of(1, 0)] == "off-blanc"
    assert names[point_of(0, 24)] == "24" and names[point_of(1, 24)] == "1"
    assert presentation.button_text(state, ROLL) == ("Lancer les dés", "Roll")
    assert presentation.button_text(state, DOUBLE) == ("Doubler", "Double")
    assert presentation.button_text(state, TAKE) == ("Accepter", "Take")
    assert presentation.button_text(state, DROP) == ("Refuser", "Drop")
    jacquet = presentation_for(find_game("jacquet"))
    j_names = [p.name for p in jacquet.geometry.points]
    j_point = jacquet.point_of  # type: ignore[attr-defined]
    assert j_names[j_point(0, 24)] == "B12" and j_names[j_point(1, 24)] == "N12"
    assert j_names[j_point(0, 0)] == "off-noir" and j_names[j_point(1, 0)] == "off-blanc"


def test_backgammon_dice_show_the_used_die() -> None:
    game = find_game("backgammon")
    presentation = presentation_for(game)
    state = game.initial_state().apply(Dice((5, 2)))
    assert isinstance(state, BackgammonState) and state.phase == MOVE
    extras = presentation.extras(state)
    assert extras.dice == (5, 2) and extras.dice_used == (False, False)
    state = state.apply(next(m for m in state.legal_moves()
                             if isinstance(m, CheckerMove) and m.distance == 2))
    extras = presentation.extras(state)
    assert extras.dice == (5, 2) and extras.dice_used == (False, True)
    assert extras.cube == 1 and extras.cube_owner is None
    assert [p.borne_off for p in extras.panels] == [0, 0]
    assert extras.panels[0].match == (0, 5) and extras.panels[0].to_go == 167 - 2
    double = game.initial_state().apply(Dice((4, 1)))
    while not double.is_chance_node():
        move = double.legal_moves()[0]
        double = double.apply(ROLL if move in (ROLL, DOUBLE) else move)
    double = double.apply(Dice((3, 3)))
    double = double.apply(double.legal_moves()[0])
    extras = presentation.extras(double)
    assert extras.dice == (3, 3, 3, 3) and extras.dice_used == (True, False, False, False)


def test_shut_the_box_extras_and_buttons() -> None:
    game = find_game("shut-the-box,players=3")
    presentation = presentation_for(game)
    state = game.initial_state()
    assert presentation.button_text(state, state.legal_moves()[0]) == (
        "Lancer les dés", "Roll the dice")
    state = state.apply(Dice((4, 3)))
    extras = presentation.extras(state)
    assert extras.dice == (4, 3)
    assert [p.score for p in extras.panels] == ["(45)", "–", "–"]
    assert "3 + 4" in extras.status[0] and "7" in extras.status[0]


def sample_highlights(presentation: Presentation, state: State) -> dict[int, str]:
    highlights: dict[int, str] = {}
    roles = iter(("selected", "last", "error", "hint", "remove"))
    if not state.is_terminal() and not state.is_chance_node():
        for move in state.legal_moves():
            points = presentation.move_points(state, move)
            if points:
                highlights[points[0]] = next(roles, "selected")
                highlights[points[-1]] = "target"
    return highlights


@pytest.mark.parametrize("spec", SPECS)
def test_renders_at_both_sizes(spec: str) -> None:
    game = find_game(spec)
    presentation = presentation_for(game)
    geometry = presentation.geometry
    states = positions(game, 2, seed=5)
    for canvas_size, rect in RECTS.items():
        view = BoardView(geometry, rect, renderer_for(geometry.kind, look_for(game.id)),
                         seat_colours(game.players))
        canvas = pygame.Surface(canvas_size)
        for state in states:
            view.draw(canvas, presentation.tokens(state), sample_highlights(presentation, state),
                      pulse=0.5)
        everything = {p: "target" for p in range(len(geometry.points))}
        view.draw(canvas, presentation.tokens(states[-1]), everything, pulse=1.0)


@pytest.mark.parametrize("spec", SPECS)
def test_hit_test_finds_each_point(spec: str) -> None:
    game = find_game(spec)
    geometry = game.geometry()
    renderer = renderer_for(geometry.kind, look_for(game.id))
    for rect in RECTS.values():
        view = BoardView(geometry, rect, renderer, seat_colours(game.players))
        assert view.unit * 0.55 * 2 >= 40, "touch targets too small"
        for index, centre in enumerate(view.centres):
            assert view.point_at(centre) == index
            assert renderer.point_at(view, centre) == index
            assert rect.collidepoint(centre)


def test_jacquet_is_drawn_with_noir_along_the_b_side() -> None:
    """On the screen noir sits at the bottom edge (his panel there) along the B side:
    B12 bottom left, B1 bottom right, N12 top right, N1 top left, his home N6-N1 and
    his tray at the top left; blanc's home B6-B1 and tray at the bottom right. The
    point names are written beside their points."""
    from kiosk.scenes.seating import BOTTOM, TOP, edges

    game = find_game("jacquet")
    presentation = presentation_for(game)
    geometry = presentation.geometry
    renderer = renderer_for(geometry.kind, look_for(game.id))
    assert edges(game, presentation, renderer.arrange(geometry)) == (BOTTOM, TOP)
    rect = RECTS[(1920, 1080)]
    view = BoardView(geometry, rect, renderer, seat_colours(game.players))
    centre = {geometry.name(i): view.centres[i] for i in range(len(geometry.points))}
    mid_x, mid_y = rect.center
    row = [centre[f"B{n}"] for n in range(12, 0, -1)]
    assert all(y > mid_y for _, y in row) and [x for x, _ in row] == sorted(x for x, _ in row)
    far = [centre[f"N{n}"] for n in range(12, 0, -1)]
    assert all(y < mid_y for _, y in far)
    assert [x for x, _ in far] == sorted((x for x, _ in far), reverse=True)
    assert centre["B12"][0] < mid_x < centre["B1"][0]
    assert centre["N1"][0] < mid_x < centre["N12"][0]
    for n in range(1, 7):
        assert centre[f"N{n}"][0] < mid_x and centre[f"N{n}"][1] < mid_y  # noir's home
        assert centre[f"B{n}"][0] > mid_x and centre[f"B{n}"][1] > mid_y  # blanc's home
    assert centre["off-noir"][0] < centre["N1"][0] and centre["off-noir"][1] < mid_y
    assert centre["off-blanc"][0] > centre["B1"][0] and centre["off-blanc"][1] > mid_y
    start = presentation.tokens(game.initial_state())
    assert start[geometry.index("B12")][0].seat == 0  # noir's 15 at his bottom left
    assert start[geometry.index("N12")][0].seat == 1


def test_backgammon_is_drawn_as_the_standard_board() -> None:
    """Backgammon keeps noir's home before him at his right, 1 in the corner."""
    game = find_game("backgammon")
    geometry = game.geometry()
    rect = RECTS[(1920, 1080)]
    view = BoardView(geometry, rect, renderer_for(geometry.kind, look_for(game.id)),
                     seat_colours(game.players))
    centre = {geometry.name(i): view.centres[i] for i in range(len(geometry.points))}
    mid_x, mid_y = rect.center
    assert centre["1"][0] > mid_x and centre["1"][1] > mid_y
    assert centre["12"][0] < mid_x and centre["12"][1] > mid_y
    assert centre["13"][0] < mid_x and centre["13"][1] < mid_y
    assert centre["24"][0] > mid_x and centre["24"][1] < mid_y
    assert centre["off-noir"][0] > centre["1"][0]


def test_the_cube_shows_any_value() -> None:
    """The stakes have no cap: the cube shows 128, 1024…, as large as fits and still
    legible, then as a power of two."""
    from kiosk.ui.dice import cube_face, draw_cube
    from kiosk.ui.text import MIN_TEXT
    from kiosk.ui.theme import font

    assert cube_face(1, 70)[0] == "1" and cube_face(64, 70)[0] == "64"
    for value in (128, 256, 1024, 8192):
        text, size = cube_face(value, 70)
        assert text == str(value) and size >= MIN_TEXT
        assert font(size, "sans-bold").size(text)[0] <= 70
    assert cube_face(1 << 14, 70)[0] == "2¹⁴"
    assert cube_face(1 << 100, 70)[0] == "2¹⁰⁰"
    game = find_game("backgammon,match=1")
    state = game.from_text("b2....n5.n3...b5n5...b3.b5....n2 0,0 noir lancer 128b 0-0 - 3")
    extras = presentation_for(game).extras(state)
    assert (extras.cube, extras.cube_owner) == (128, 1)
    canvas = pygame.Surface((200, 200))
    draw_cube(canvas, (100, 100), 70, 128)
    draw_cube(canvas, (100, 100), 70, 1 << 40)


def test_the_cube_stays_on_the_screen_beside_a_board_at_its_edge() -> None:
    from kiosk.games.base import Extras
    from kiosk.scenes.overlays import CUBE_ROOM, draw_cube_and_status
    from kiosk.ui import drawn

    canvas = pygame.Surface((1920, 1080))
    for left in (36, CUBE_ROOM + 40):
        board = pygame.Rect(left, 100, 1000, 800)
        with drawn.recorder(canvas) as notes:
            draw_cube_and_status(canvas, board, Extras(cube=2), "", "Videau")
        cubes = [item.rect for item in notes.items if item.kind == "panel"]
        assert cubes and canvas.get_rect().contains(cubes[0]), (left, cubes)
        words = [item.text for item in notes.items if item.kind == "text"]
        assert ("Videau" in words) == (left > CUBE_ROOM) and "2" in words, words
