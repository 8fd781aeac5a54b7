"""Backgammon positions from both sides' points in their own numbering, moves played."""

from __future__ import annotations

from collections.abc import Mapping

from engines import find_game
from engines.backgammon import BackgammonState
from engines.backgammon.game import Backgammon
from engines.core import State

START_POINTS = "b2....n5.n3...b5n5...b3.b5....n2"


def points(noir: Mapping[int, int], blanc: Mapping[int, int]) -> str:
    """The points field from both sides in their own numbering (blanc's p is noir's 25-p)."""
    cells = []
    for number in range(1, 25):
        if noir.get(number):
            cells.append(f"n{noir[number]}")
        elif blanc.get(25 - number):
            cells.append(f"b{blanc[25 - number]}")
        else:
            cells.append(".")
    return "".join(cells)


def position(noir: Mapping[int, int], blanc: Mapping[int, int], player: str = "noir",
             phase: str = "6,5", bar: tuple[int, int] = (0, 0), cube: str = "1",
             score: str = "0-0", crawford: str = "-", turn: int = 0,
             spec: str = "backgammon") -> BackgammonState:
    text = (f"{points(noir, blanc)} {bar[0]},{bar[1]} {player} {phase} {cube} {score} "
            f"{crawford} {turn}")
    state = find_game(spec).from_text(text)
    assert isinstance(state, BackgammonState)
    return state


def play(state: State, *moves: str) -> BackgammonState:
    for text in moves:
        state = state.apply(state.game.parse_move(state, text))
    assert isinstance(state, BackgammonState)
    return state


def backgammon(spec: str = "backgammon") -> Backgammon:
    game = find_game(spec)
    assert isinstance(game, Backgammon)
    return game


def names(state: State) -> list[str]:
    return [str(m) for m in state.legal_moves()]


START = {24: 2, 13: 5, 8: 3, 6: 5}
