"""Multitchoukatro: seeds in the cases and the rouma; a move touches the case it sows."""

from __future__ import annotations

from typing import Any

from engines.core import Game, Place, State
from engines.multitchoukatro import MultitchoukatroState
from kiosk.games.base import Extras, Presentation, Token, Tokens


class MultitchoukatroPresentation(Presentation):
    def tokens(self, state: State) -> Tokens:
        assert isinstance(state, MultitchoukatroState)
        placed: dict[int, list[Token]] = {
            case: [Token(None, "seed", count=seeds)]
            for case, seeds in enumerate(state.board)
            if seeds
        }
        if state.rouma:
            placed[len(state.board)] = [Token(None, "seed", count=state.rouma)]
        return placed

    def move_points(self, state: State, move: Any) -> tuple[int, ...]:
        """The case sown."""
        if isinstance(move, Place):
            return (move.at,)
        return ()

    def extras(self, state: State) -> Extras:
        assert isinstance(state, MultitchoukatroState)
        if state.is_terminal():
            return Extras()
        left = sum(state.board)
        return Extras(status=(
            f"Semez une case · encore {left} graine{'s' if left > 1 else ''} hors de la rouma",
            f"Sow a case · {left} seed{'s' if left > 1 else ''} still out of the rouma",
        ))


def make(game: Game) -> Presentation:
    return MultitchoukatroPresentation(game)
