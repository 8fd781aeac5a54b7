"""Line boards (moulin, assaut, barricades): tokens, touched points, rendering, hit tests."""

from __future__ import annotations

import math
import os
import random
from collections import Counter
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from engines import find_game
from engines.assaut.state import AssautState
from engines.barricades.board import BARRICADES, PAWNS
from engines.barricades.rules import PutBarricade
from engines.barricades.state import BarricadesState
from engines.core import Dice, Game, Pass, PathMove, State
from engines.moulin.state import MoulinState
from kiosk.boards import BoardView, renderer_for
from kiosk.games import look_for, presentation_for
from kiosk.games.base import Presentation
from kiosk.ui.theme import seat_colours

SPECS = (
    "moulin",
    "moulin:standard",
    "assaut",
    "assaut:souffler",
    "barricades",
    "barricades:equipes",
    "barricades,players=3",
    "barricades,players=4",
)
RECTS = {  # the preview's board rectangle, and the same at 1280x720
    (1920, 1080): pygame.Rect(430, 30, 1060, 1020),
    (1280, 720): pygame.Rect(287, 20, 707, 680),
}


@pytest.fixture(scope="module", autouse=True)
def display() -> Any:
    """The session's display (tests/kiosk/conftest.py), never quit here: the tests that
    run after these in the same process draw on it too."""
    pygame.init()
    pygame.display.set_mode((1, 1))
    return None


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
    found = [game.initial_state()]
    for k in range(count):
        found.append(play(game.initial_state(), 10 + 7 * k, rng))
    return found


def seat_counts(presentation: Presentation, state: State) -> Counter[int | None]:
    counts: Counter[int | None] = Counter()
    for point, stack in presentation.tokens(state).items():
        assert 0 <= point < len(presentation.geometry.points)
        for token in stack:
            counts[token.seat] += token.count
    return counts


def engine_counts(state: State) -> Counter[int | None]:
    """What the engine says stands on the board (houses included), by seat."""
    if isinstance(state, MoulinState):
        return Counter({seat: bits.bit_count() for seat, bits in enumerate(state.board)})
    if isinstance(state, AssautState):
        soldiers, officers = state.soldiers.bit_count(), state.officers.bit_count()
        return Counter({0: soldiers, 1: officers})
    assert isinstance(state, BarricadesState)
    counts: Counter[int | None] = Counter({seat: PAWNS for seat in range(len(state.pawns))})
    counts[None] = state.barricades.bit_count()
    return counts


@pytest.mark.parametrize("spec", SPECS)
def test_tokens_match_the_engine(spec: str) -> None:
    game = find_game(spec)
    presentation = presentation_for(game)
    rng = random.Random(spec)
    for plies in (0, 30, 30, 60):
        state = play(game.initial_state(), plies, rng)
        assert +seat_counts(presentation, state) == +engine_counts(state)
        extras = presentation.extras(state)
        assert len(extras.panels) == len(game.players)
        if isinstance(state, MoulinState):
            assert [p.in_hand for p in extras.panels] == list(state.hand)
        if isinstance(state, BarricadesState):
            assert extras.dice == (state.dice or ())
            assert state.pending or state.barricades.bit_count() == BARRICADES


def test_barricades_houses_hold_the_waiting_pawns() -> None:
    game = find_game("barricades,players=4")
    presentation = presentation_for(game)
    tokens = presentation.tokens(game.initial_state())
    for seat, house in enumerate(game.houses):  # type: ignore[attr-defined]
        assert [t.seat for t in tokens[house]] == [seat] * PAWNS


@pytest.mark.parametrize("spec", SPECS)
def test_move_points_are_valid_and_distinct(spec: str) -> None:
    game = find_game(spec)
    presentation = presentation_for(game)
    size = len(presentation.geometry.points)
    for state in positions(game, 6, 11):
        if state.is_terminal():
            continue
        seen: dict[tuple[int, ...], Any] = {}
        for move in state.legal_moves():
            points = presentation.move_points(state, move)
            assert all(isinstance(p, int) and 0 <= p < size for p in points), move
            if not points:
                assert isinstance(move, Dice | Pass), move
                presentation.button_text(state, move)
                continue
            assert points not in seen, (move, seen.get(points))
            seen[points] = move
            if isinstance(move, PathMove):
                assert points == tuple(move.path)
                assert presentation.moved_piece_points(state, move) == (points[0], points[-1])
            elif isinstance(move, PutBarricade):
                assert points == (move.at,)


def test_moulin_removal_is_announced_and_touches_the_victim() -> None:
    game = find_game("moulin")
    presentation = presentation_for(game)
    state = game.replay(["a1", "b2", "d1", "b4", "g1"])
    assert state.pending  # type: ignore[attr-defined]
    assert presentation.extras(state).status == (
        "Retirez un pion adverse", "Remove an opponent's piece"
    )
    victims = {presentation.move_points(state, m) for m in state.legal_moves()}
    assert victims == {(game.geometry().index("b2"),), (game.geometry().index("b4"),)}


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("canvas", sorted(RECTS))
def test_renders_and_hits_every_point(spec: str, canvas: tuple[int, int]) -> None:
    game = find_game(spec)
    presentation = presentation_for(game)
    geometry = game.geometry()
    view = BoardView(
        geometry, RECTS[canvas], renderer_for(geometry.kind, look_for(game.id)),
        seat_colours(game.players),
    )
    surface = pygame.Surface(canvas)
    state = play(game.initial_state(), 25, random.Random(3))
    highlights = {0: "selected", 1: "target", 2: "last", 3: "remove"}
    view.draw(surface, presentation.tokens(state), highlights, pulse=0.5)
    for index, centre in enumerate(view.centres):
        assert view.point_at(centre) == index
        assert view.rect.collidepoint(centre)
    closest = min(
        math.dist(a, b) for i, a in enumerate(view.centres) for b in view.centres[i + 1 :]
    )
    assert closest >= view.unit * 0.999  # points at least one board unit apart
    assert view.unit >= (40 if canvas == (1280, 720) else 60)


def test_barricades_touch_targets_at_full_hd() -> None:
    """Barricades' 110 points: one unit apart, a unit of at least 60 px at 1920x1080."""
    game = find_game("barricades")
    geometry = game.geometry()
    view = BoardView(geometry, RECTS[(1920, 1080)], renderer_for("graph", look_for(game.id)), [])
    assert len(geometry.points) == 110
    assert view.unit >= 60
    for index, (x, y) in enumerate(view.centres):  # a touch half a unit off still hits
        for dx, dy in ((0.45, 0), (0, 0.45), (-0.45, 0), (0, -0.45)):
            assert view.point_at((x + dx * view.unit, y + dy * view.unit)) == index


@pytest.mark.parametrize(("lang", "word"), [("fr", "BUT"), ("en", "GOAL")])
def test_the_goal_plaque_speaks_the_screens_language(
    lang: str, word: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import kiosk.boards.graph as graph

    written: list[str] = []
    real_font = graph.font

    class Recording:
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def render(self, text: str, *args: Any) -> pygame.Surface:
            written.append(text)
            return self.inner.render(text, *args)

    monkeypatch.setattr(graph, "font", lambda *a, **k: Recording(real_font(*a, **k)))
    game = find_game("barricades")
    view = BoardView(game.geometry(), RECTS[(1920, 1080)],
                     renderer_for("graph", look_for(game.id)), seat_colours(game.players),
                     lang=lang)
    view.background()
    assert word in written
    assert not {"BUT", "GOAL"} - {word} & set(written)
