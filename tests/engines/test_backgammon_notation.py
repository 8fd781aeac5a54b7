"""Backgammon's notation: gnubg ids, moves, position text, the diagram and the geometry."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines import find_game
from engines.backgammon import (
    BackgammonState,
    from_gnubg_id,
    gnubg_id,
    match_id,
    position_id,
)
from engines.backgammon.gnubg import board_id
from engines.cli import main
from engines.core import (
    CHANCE,
    IllegalMoveError,
    NotationError,
    State,
)
from engines.tables import DICE, MOVE, OPENING
from tests.engines.backgammon_positions import (
    START_POINTS,
    backgammon,
    play,
    position,
)

# --------------------------------------------------------------------------- gnubg ids


def test_known_position_and_match_ids() -> None:
    on_bar = position({6: 13}, {6: 15}, bar=(1, 0), phase="lancer", spec="backgammon:simple")
    assert position_id(on_bar) == "4P8PAADg/wMAIA"  # checked in gnubg
    simple = find_game("backgammon:simple")
    assert match_id(play(simple.initial_state(), "dice:3,6")) == "MAEPAAAAAAAA"
    rolling = simple.from_text(f"{START_POINTS} 0,0 noir lancer 1 0-0 - 0")
    assert isinstance(rolling, BackgammonState)
    assert match_id(rolling) == "cAkAAAAAAAAA"
    match = backgammon()
    expected = {
        "noir videau 1 0-0 - 0": "cAmgAAAAAAAA",
        "blanc 5,2 2b 2-3 - 7": "AYGqADAAEAAA",
        "noir lancer 1 4-2 crawford 3": "8AmgACAAIAAA",
        "noir double 1 1-1 - 5": "cBGgABAACAAA",  # as gnubg writes a pending double
    }
    crawford = backgammon("backgammon,crawford=true")
    for rest, known in expected.items():
        game = crawford if "crawford" in rest else match
        state = game.from_text(f"{START_POINTS} 0,0 {rest}")
        assert isinstance(state, BackgammonState)
        assert gnubg_id(state) == f"4HPwATDgc/ABMA:{known}"
    # Written by gnubg itself in a 5-point match: noir (X) doubles at the start and
    # blanc takes; noir then plays 3-1 8/5 6/5 and it is blanc's turn, holding the cube.
    offered = match.from_text(f"{START_POINTS} 0,0 noir double 1 0-0 - 0")
    assert isinstance(offered, BackgammonState)
    assert gnubg_id(offered) == "4HPwATDgc/ABMA:cBGgAAAAAAAA"
    after = match.from_text("b2...n2n4.n2...b5n5...b3.b5....n2 0,0 blanc videau 2b 0-0 - 1")
    assert isinstance(after, BackgammonState)
    assert gnubg_id(after) == "sGfwATDgc/ABMA:AQGgAAAAAAAA"
    assert from_gnubg_id(match, "sGfwATDgc/ABMA:AQGgAAAAAAAA").to_text() == \
        "b2...n2n4.n2...b5n5...b3.b5....n2 0,0 blanc videau 2b 0-0 - 0"


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_gnubg_ids_round_trip(seed: int) -> None:
    game = backgammon()
    rng = random.Random(seed)
    state: State = game.initial_state()
    while not state.is_terminal():
        assert isinstance(state, BackgammonState)
        whole_throw = len(state.dice) == 4 or len(set(state.dice)) == 2
        rolled = state.phase == DICE and state.may_double()  # gnubg: still before deciding
        if state.phase != OPENING and not rolled and (state.phase != MOVE or whole_throw):
            again = from_gnubg_id(game, gnubg_id(state))
            assert gnubg_id(again) == gnubg_id(state)
            assert again.boards == state.boards and again.score == state.score
            assert (again.cube, again.owner, again.crawford) == (
                state.cube, state.owner, state.crawford)
            assert again.current_player == state.current_player
        if state.current_player is CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(list(state.legal_moves())))


def test_gnubg_ids_are_read_as_positions_and_shown_on_the_diagram(
        capsys: pytest.CaptureFixture[str]) -> None:
    game = backgammon()
    state = game.from_text("4HPwATDgc/ABMA:cAmgAAAAAAAA")
    assert state.to_text() == f"{START_POINTS} 0,0 noir videau 1 0-0 - 0"
    assert game.from_text(" 4HPwATDgc/ABMA ").to_text() == state.to_text()
    moved = play(state, "roll", "dice:3,1", "8/5")
    assert f"gnubg : {gnubg_id(moved)}" in moved.diagram().splitlines()
    assert "gnubg" not in game.initial_state().diagram()  # nothing to check before the throw
    assert main(["moves", "backgammon", "--position", "4HPwATDgc/ABMA:cAmgAAAAAAAA"]) == 0
    assert capsys.readouterr().out.split() == ["roll", "double"]


def test_gnubg_ids_hold_cubes_up_to_32768_only() -> None:
    """The cube has no cap, but a Match ID holds its power of two in 4 bits: 2^15 at
    most; beyond, no Match ID (a clear error), and the diagram says so."""
    game = backgammon("backgammon,match=1")
    largest = game.from_text(f"{START_POINTS} 0,0 noir lancer 32768b 0-0 - 4")
    assert isinstance(largest, BackgammonState)
    again = from_gnubg_id(game, gnubg_id(largest))
    assert (again.cube, again.owner) == (32768, 1)
    beyond = game.from_text(f"{START_POINTS} 0,0 noir lancer 65536b 0-0 - 4")
    assert isinstance(beyond, BackgammonState)
    assert position_id(beyond) == position_id(largest)  # the board has an id still
    with pytest.raises(NotationError, match="cube of at most 32768, not 65536"):
        match_id(beyond)
    with pytest.raises(NotationError, match="cube of at most 32768"):
        gnubg_id(beyond)
    assert "gnubg : pas d'identifiant" in beyond.diagram()
    assert "videau 65536 (blanc)" in beyond.diagram()
    at_128 = from_gnubg_id(backgammon(), "4HPwATDgc/ABMA:cAmgAAAAAAAA")
    assert at_128.cube == 1  # and a Match ID with a cube of 128 reads back:
    doubled = backgammon().from_text(f"{START_POINTS} 0,0 noir lancer 128n 1-2 - 9")
    assert isinstance(doubled, BackgammonState)
    assert from_gnubg_id(backgammon(), gnubg_id(doubled)).cube == 128


def test_bad_gnubg_ids_are_refused() -> None:
    game = backgammon()
    with pytest.raises(NotationError, match="base 64"):
        from_gnubg_id(game, "%%%%:cAmgAAAAAAAA")
    with pytest.raises(NotationError, match="match to 0"):
        from_gnubg_id(game, "4HPwATDgc/ABMA:cAkAAAAAAAAA")  # a money game id
    crowded = (0, 0, 0, 0, 0, 0, 16) + (0,) * 19
    with pytest.raises(NotationError, match="16 checkers"):
        from_gnubg_id(game, board_id(crowded, crowded))
    state = from_gnubg_id(game, "4HPwATDgc/ABMA")
    assert state.current_player == "noir" and state.phase == 1  # may double or roll


# --------------------------------------------------------------------------- notation, text


def test_notation() -> None:
    game = find_game("backgammon")
    state = play(game.initial_state(), "dice:6,5")
    for bad in ("25/18", "24-18", "bar/off/2", "dice:7,1", "double please"):
        with pytest.raises(NotationError):
            game.parse_move(state, bad)
    with pytest.raises(IllegalMoveError, match="24/10"):
        game.parse_move(state, "24/10")
    rolled = play(game.initial_state(), "dice:6,5", "24/18", "18/13", "roll")
    assert str(game.parse_move(rolled, "dice:5,6")) == "dice:6,5"


@pytest.mark.parametrize("text", [
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 - ouverture 1 0-0 -",
    "b2....n5.n3...b5n5...b3.b5....n9 0,0 - ouverture 1 0-0 - 0",
    "b2....n5.n3...b5n5...b3.b5....x2 0,0 - ouverture 1 0-0 - 0",
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 noir ouverture 1 0-0 - 0",
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 - 6,5 1 0-0 - 0",
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 noir 5,6 1 0-0 - 0",
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 noir 6,5 3 0-0 - 0",
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 noir 6,5 1 5-0 - 0",
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 noir 6,5 1 0-0 crawford 0",
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 noir videau 2b 0-0 - 0",
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 noir fin 1 0-0 - 0",
    "b2....n5.n3...b5n5...b3.b5....n2 0,0 noir 6,5 1 0-0 - 1000",
])
def test_bad_position_text_is_refused(text: str) -> None:
    with pytest.raises(NotationError, match="backgammon position"):
        find_game("backgammon").from_text(text)


def test_diagram_shows_both_numberings_and_the_match() -> None:
    state = play(find_game("backgammon").initial_state(), "dice:6,5")
    picture = state.diagram()
    assert "noir     13  14" in picture and "blanc    12  11" in picture
    assert "score 0-0 (match en 5)" in picture and "dés à jouer 6-5" in picture


def test_geometry_is_a_track_with_bars_and_homes() -> None:
    geometry = find_game("backgammon").geometry()
    assert geometry.kind == "track" and len(geometry.points) == 28
    assert geometry.regions["maison-noir"] == frozenset(range(6))
    assert geometry.points[0].x > geometry.points[11].x  # noir's 1 bottom right
    assert geometry.points[23].y < geometry.points[0].y  # 24 on the top row
    assert geometry.has("bar-noir") and geometry.has("off-blanc")
    from engines.backgammon import point_index

    assert geometry.name(point_index(0, 24)) == "24"  # noir's 24
    assert geometry.name(point_index(1, 24)) == "1"  # blanc's 24 is noir's 1
    assert geometry.name(point_index(1, 25)) == "bar-blanc"
    assert geometry.name(point_index(0, 0)) == "off-noir"
