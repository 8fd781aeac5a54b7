"""Grid boards (reversi, tablut, latrunculi, rithmomachie): tokens, touched points,
buttons, rendering, hit tests, the turned layout of the tall board."""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from engines import find_game
from engines.core import Game, Pass, State
from engines.latrunculi.state import LatrunculiState
from engines.reversi import ReversiState
from engines.rithmomachie.fields import CAPTURES
from engines.rithmomachie.moves import Done, Pose, Strike, Take
from engines.rithmomachie.state import RithmoState
from engines.tablut.state import TablutState
from kiosk.boards import BoardView, renderer_for
from kiosk.boards.base import ROLE_COLOURS
from kiosk.boards.grid import GridRenderer
from kiosk.boards.grid_pieces import grid_token
from kiosk.games import look_for, presentation_for
from kiosk.games.base import Token
from kiosk.ui import theme
from kiosk.ui.pictures import forget_pictures

SPECS = (
    "reversi",
    "reversi:othello",
    "tablut",
    "latrunculi:seneque",
    "latrunculi:pison",
    "rithmomachie:boissiere",
    "rithmomachie:medievale",
)
RECTS = {  # the preview's board rectangle, the same at 1280x720, and whole canvases
    (1920, 1080): (pygame.Rect(430, 30, 1060, 1020), pygame.Rect(0, 0, 1920, 1080)),
    (1280, 720): (pygame.Rect(287, 20, 707, 680), pygame.Rect(0, 0, 1280, 720)),
}


@pytest.fixture(scope="module", autouse=True)
def display() -> Iterator[None]:
    pygame.init()
    pygame.display.set_mode((1, 1))
    theme.font.cache_clear()  # fonts cached under an earlier pygame.init are dead
    forget_pictures()
    yield


def choose(state: State, rng: random.Random) -> Any:
    """A random decision, captures and poses preferred (so their phases come up)."""
    moves = list(state.legal_moves())
    eager = [m for m in moves if isinstance(m, Take | Strike | Pose)]
    if eager and rng.random() < 0.7:
        return rng.choice(eager)
    return rng.choice(moves)


def walk(game: Game, plies: int, seed: int) -> list[State]:
    """The positions of a random game of up to ``plies`` decisions."""
    rng = random.Random(seed)
    state = game.initial_state()
    seen = [state]
    for _ in range(plies):
        if state.is_terminal():
            break
        state = state.apply(choose(state, rng))
        seen.append(state)
    return seen


def seat_counts(tokens: Any) -> Counter[int | None]:
    return Counter(t.seat for stack in tokens.values() for t in stack)


@pytest.mark.parametrize("spec", SPECS)
def test_tokens_match_the_engine(spec: str) -> None:
    game = find_game(spec)
    presentation = presentation_for(game)
    size = len(game.geometry().points)
    for state in (*walk(game, 30, 1)[::10], walk(game, 30, 2)[-1]):
        tokens = presentation.tokens(state)
        assert all(0 <= p < size and len(stack) == 1 for p, stack in tokens.items())
        counts = seat_counts(tokens)
        shapes = Counter(t.shape for stack in tokens.values() for t in stack)
        if isinstance(state, ReversiState):
            assert [counts[0], counts[1]] == [d.bit_count() for d in state.discs]
        elif isinstance(state, TablutState):
            assert (counts[0], counts[1]) == state.counts()
            assert shapes["king"] == (state.king >= 0)
        elif isinstance(state, LatrunculiState):
            assert [counts[0], counts[1]] == [b.bit_count() for b in state.boards]
            assert shapes["disc.incitus"] == state.inciti.bit_count()
        else:
            assert isinstance(state, RithmoState)
            assert [counts[0], counts[1]] == [len(state.pieces(s)) for s in (0, 1)]
            for square, (token,) in tokens.items():
                piece = state.board[square]
                assert piece is not None and token.label == str(piece.value)
                if token.shape == "pyramid":
                    assert sum(int(v) for v in token.layers) == piece.value
                assert token.shape.endswith(".posed") == piece.posed
        extras = presentation.extras(state)
        assert len(extras.panels) == 2


def test_rithmomachie_tokens_at_the_start() -> None:
    for spec, pyramids in (("rithmomachie:boissiere", {"91", "190"}),
                           ("rithmomachie:medievale", {"91", "190"})):
        game = find_game(spec)
        tokens = presentation_for(game).tokens(game.initial_state())
        assert len(tokens) == 48
        found = {t.label: t for stack in tokens.values() for t in stack if t.shape == "pyramid"}
        assert set(found) == pyramids
        assert found["91"].layers == ("36", "25", "16", "9", "4", "1")
        assert {t.shape for stack in tokens.values() for t in stack} == {
            "circle", "triangle", "square", "pyramid"}


#: Decisions that may share their points: poses of different pieces on one square,
#: takes of different layers of one pyramid.
AMBIGUOUS = (Pose, Take, Strike)


@pytest.mark.parametrize("spec", SPECS)
def test_move_points(spec: str) -> None:
    game = find_game(spec)
    presentation = presentation_for(game)
    size = len(game.geometry().points)
    kinds: Counter[str] = Counter()
    for seed in range(4):
        for state in walk(game, 90, seed)[::3]:
            if state.is_terminal():
                continue
            by_points: dict[tuple[int, ...], list[Any]] = {}
            for move in state.legal_moves():
                kinds[type(move).__name__] += 1
                points = presentation.move_points(state, move)
                assert all(isinstance(p, int) and 0 <= p < size for p in points), move
                if not points:
                    assert isinstance(move, Done | Pass), move
                    fr, en = presentation.button_text(state, move)
                    assert fr and en and fr != str(move)
                    continue
                by_points.setdefault(points, []).append(move)
            for points, moves in by_points.items():
                if len(moves) > 1:
                    assert all(isinstance(m, AMBIGUOUS) for m in moves), (points, moves)
                    assert len({type(m) for m in moves}) == 1
                    labels = {presentation.button_text(state, m) for m in moves}
                    assert len(labels) == len(moves), labels
    if spec.startswith("rithmomachie"):
        assert kinds["Pose"] and kinds["Strike"]
    if spec == "rithmomachie:boissiere":
        assert kinds["Done"] and kinds["Take"]


def test_rithmomachie_buttons_and_status() -> None:
    game = find_game("rithmomachie:boissiere")
    presentation = presentation_for(game)
    for state in walk(game, 200, 3):
        if isinstance(state, RithmoState) and state.phase == CAPTURES and not state.is_terminal():
            assert presentation.extras(state).status[1].startswith("Choose your captures")
            texts = [presentation.button_text(state, m) for m in state.legal_moves()]
            assert ("Terminer le tour", "End the turn") in texts
            assert all(fr.startswith(("Prendre", "Terminer")) for fr, _ in texts)
            break
    else:
        pytest.fail("no capture phase came up")


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("canvas", sorted(RECTS))
def test_render_and_hit_test(spec: str, canvas: tuple[int, int]) -> None:
    game = find_game(spec)
    presentation = presentation_for(game)
    renderer = renderer_for("grid", look_for(game.id))
    assert isinstance(renderer, GridRenderer)
    state = walk(game, 40, 5)[-1]
    tokens = presentation.tokens(state)
    surface = pygame.Surface(canvas)
    geometries = [game.geometry()]
    if renderer.arrange(game.geometry()) is not geometries[0]:
        geometries.append(renderer.arrange(game.geometry()))
    for geometry in geometries:
        for rect in RECTS[canvas]:
            view = BoardView(geometry, rect, renderer, theme.seat_colours(game.players))
            roles = dict(zip(range(0, len(geometry.points), 7), ROLE_COLOURS, strict=False))
            view.draw(surface, tokens, roles, pulse=0.5)
            assert view.board_rect.width <= rect.width and view.board_rect.height <= rect.height
            assert view.unit >= 30
            for index, centre in enumerate(view.centres):
                assert view.point_at(centre) == index
                assert view.rect.collidepoint(centre)


def test_turned_board_keeps_names_and_neighbours() -> None:
    game = find_game("rithmomachie:medievale")
    renderer = GridRenderer(look_for("rithmomachie"))
    plain, turned = game.geometry(), renderer.arrange(game.geometry())
    assert turned.size == (plain.size[1], plain.size[0])
    for a, b in plain.edges:
        pa, pb = turned.points[a], turned.points[b]
        assert max(abs(pa.x - pb.x), abs(pa.y - pb.y)) == pytest.approx(1.0)
    bottom_left = plain.index("a1")
    assert (turned.points[bottom_left].x, turned.points[bottom_left].y) == (0.5, 0.5)
    wide = find_game("rithmomachie:boissiere").geometry()
    assert renderer.arrange(wide) is wide


@pytest.mark.parametrize("shape", ["disc", "king", "disc.incitus", "circle", "triangle",
                                   "square", "square.posed", "pyramid", "barricade"])
def test_every_piece_look_draws(shape: str) -> None:
    layers = ("36", "25", "16", "9", "4", "1") if shape == "pyramid" else ()
    for size in (9, 40, 90):
        image = grid_token(Token(0, shape, "91", layers=layers), size, theme.PALETTE.black_piece)
        assert image.get_width() == max(8, round(size * 1.3))
        assert image.get_at((image.get_width() // 2, image.get_height() // 2)).a > 0
