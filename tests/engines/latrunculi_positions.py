"""Ludus latrunculorum positions from square names, moves played, squares and moves seen."""

from __future__ import annotations

from collections.abc import Iterable

from engines import find_game
from engines.core import PathMove
from engines.latrunculi import (
    INDEX,
    NAMES,
    Latrunculi,
    LatrunculiState,
)

SENECA = "latrunculi:seneque"
PISO = "latrunculi:pison"
OPTION_SPECS = [
    SENECA,
    PISO,
    "latrunculi:pison,strict_return=true",
    "latrunculi:seneque,strict_return=true",
    "latrunculi:seneque,first=noir,draw_moves=20",
    "latrunculi:pison,jumps=true",
    "latrunculi:seneque,inciti=false",
    "latrunculi:pison,repetition=false,draw_moves=10",
]
EMPTY_BOARD = "/".join(["........"] * 8)


def game(spec: str = SENECA) -> Latrunculi:
    found = find_game(spec)
    assert isinstance(found, Latrunculi)
    return found


def position(
    white: Iterable[str] = (),
    black: Iterable[str] = (),
    white_inciti: Iterable[str] = (),
    black_inciti: Iterable[str] = (),
    mover: str = "blanc",
    *,
    hands: str = "0,0",
    removal: str = "-",
    last: str = "-,-",
    quiet: int = 0,
    spec: str = SENECA,
) -> LatrunculiState:
    """A position from square names (``*_inciti``: captured pieces of that colour)."""
    cells = ["."] * 64
    for names, mark in ((white, "B"), (black, "N"), (white_inciti, "b"), (black_inciti, "n")):
        for name in names:
            assert cells[INDEX[name]] == ".", name
            cells[INDEX[name]] = mark
    rows = "/".join("".join(cells[r * 8 : r * 8 + 8]) for r in range(8))
    state = game(spec).from_text(f"{rows} {mover} {hands} {removal} {last} {quiet}")
    assert isinstance(state, LatrunculiState)
    return state


def play(state: LatrunculiState, *moves: str) -> LatrunculiState:
    for text in moves:
        after = state.apply(state.game.parse_move(state, text))
        assert isinstance(after, LatrunculiState)
        state = after
    return state


def squares(state: LatrunculiState, mark: str) -> set[str]:
    cells = state.to_text().split()[0].replace("/", "")
    return {NAMES[i] for i, ch in enumerate(cells) if ch == mark}


def moves_of(state: LatrunculiState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def targets(state: LatrunculiState, origin: str) -> set[str]:
    return {m.names[-1] for m in state.legal_moves()
            if isinstance(m, PathMove) and m.names[0] == origin}


# Pieces far from the action, so that nobody is down to one piece.
WHITE_FAR = ["h8", "g8"]
BLACK_FAR = ["h1", "g1"]
