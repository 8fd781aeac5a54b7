"""The renderers draw a game's look, never its name: what differs between two games of
one kind comes from their descriptors."""

from __future__ import annotations

import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest

from engines import all_specs, find_game
from kiosk.boards import renderer_for
from kiosk.boards.graph import BarricadesRenderer, GraphRenderer
from kiosk.boards.grid import PLAIN_SQUARES, GridRenderer
from kiosk.boards.track import TrackRenderer
from kiosk.games import look_for
from kiosk.games.look import PLAIN, BoardLook

BOARDS = Path(__file__).resolve().parents[2] / "kiosk" / "boards"
GAME_IDS = sorted({find_game(spec).id for spec in all_specs()})


@pytest.mark.parametrize("path", sorted(BOARDS.glob("*.py")), ids=lambda p: p.name)
def test_no_renderer_names_a_game(path: Path) -> None:
    code = "\n".join(line.split("#")[0] for line in path.read_text(encoding="utf-8").splitlines())
    named = [game for game in GAME_IDS if re.search(rf"[\"']{re.escape(game)}[\"']", code)]
    assert "game_id" not in code and named == [], f"{path.name} names {named or 'game_id'}"


def test_each_look_reaches_its_renderer() -> None:
    grid = renderer_for("grid", look_for("reversi"))
    assert isinstance(grid, GridRenderer) and grid.look.star_points
    assert grid.squares != PLAIN_SQUARES
    assert isinstance(renderer_for("graph", look_for("barricades")), BarricadesRenderer)
    engraved = renderer_for("graph", look_for("moulin"))
    assert type(engraved) is GraphRenderer and engraved.look.token_scale == 0.78
    jacquet, backgammon = (renderer_for("track", look_for(g)) for g in ("jacquet", "backgammon"))
    assert isinstance(jacquet, TrackRenderer) and jacquet.padding > backgammon.padding
    assert jacquet.wood_seed(3) == 7 and backgammon.wood_seed(3) == 3


def test_a_game_without_a_look_gets_the_plain_board() -> None:
    assert look_for("dames") is PLAIN
    assert BoardLook() == PLAIN
    grid = renderer_for("grid")
    assert isinstance(grid, GridRenderer) and grid.squares == PLAIN_SQUARES
