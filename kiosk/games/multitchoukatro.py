"""Multitchoukatro: seeds in the cases and the rouma; a move touches the case it sows.

A move is animated seed by seed along the engine's own sowing: the chosen
case, then each relay the engine reports (:meth:`MultitchoukatroState.sowings`).
"""

from __future__ import annotations

from typing import Any

from engines.core import Game, Place, State
from engines.multitchoukatro import MultitchoukatroState
from kiosk.games.base import Extras, Presentation, Sowing, Text, Token, Tokens


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

    def sowing(self, state: State, move: Any) -> tuple[Sowing, ...] | None:
        """Each sowing of the move (the chosen case, then its relays), seed by seed:
        one seed into each following position, the rouma (point ``n``) included,
        the emptied case too when going round."""
        if not isinstance(state, MultitchoukatroState) or not isinstance(move, Place):
            return None
        cells = list(state.board)
        cycle = len(cells) + 1
        laps = []
        for number in state.sowings(move):
            start = number - 1
            seeds, cells[start] = cells[start], 0
            drops = [(start + k) % cycle for k in range(1, seeds + 1)]
            for point in drops:
                if point < len(cells):
                    cells[point] += 1
            laps.append(Sowing(start, tuple(drops)))
        return tuple(laps)

    def extras(self, state: State) -> Extras:
        assert isinstance(state, MultitchoukatroState)
        if state.is_terminal():
            return Extras()
        left = sum(state.board)
        return Extras(
            status=(
                f"Semez une case · encore {left} graine{'s' if left > 1 else ''} hors de la rouma",
                f"Sow a pit · {left} seed{'s' if left > 1 else ''} still out of the rouma",
            )
        )


    def describe(self, state: State, move: Any) -> Text:
        if isinstance(move, Place):
            return (f"Semez la case {move.name}", f"Sow pit {move.name}")
        return super().describe(state, move)

    def explain(self, state: State, touched: tuple[int, ...], point: int) -> Text | None:
        assert isinstance(state, MultitchoukatroState)
        if point >= len(state.board):
            return ("La rouma ne se sème pas : semez une des cases.",
                    "The rouma is never sown: sow one of the pits.")
        if not state.board[point]:
            return ("Cette case est vide : semez une case qui a des graines.",
                    "That pit is empty: sow a pit that holds seeds.")
        return None


def make(game: Game) -> Presentation:
    return MultitchoukatroPresentation(game)
