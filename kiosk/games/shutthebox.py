"""Shut the box: the open boxes' flaps stand up; a move touches the boxes it shuts."""

from __future__ import annotations

from typing import Any

from engines.core import Dice, Game, State
from engines.shutthebox import Close, ShutTheBoxState
from kiosk.games.base import Extras, Panel, Presentation, Text, Token, Tokens


def _open_boxes(mask: int, count: int) -> list[int]:
    return [i for i in range(count) if mask >> i & 1]


class ShutTheBoxPresentation(Presentation):
    def tokens(self, state: State) -> Tokens:
        assert isinstance(state, ShutTheBoxState)
        count = len(self.geometry.points)
        return {i: [Token(None, "flap", label=str(i + 1))] for i in _open_boxes(state.open, count)}

    def move_points(self, state: State, move: Any) -> tuple[int, ...]:
        """The boxes to shut, in increasing order (``close:3,4`` touches 3 then 4)."""
        if isinstance(move, Close):
            return tuple(box - 1 for box in move.boxes)
        return ()

    def moved_piece_points(self, state: State, move: Any) -> tuple[int, int] | None:
        return None

    def button_text(self, state: State, move: Any) -> tuple[str, str]:
        if isinstance(move, Dice):
            if len(move.values) == 1:
                return ("Lancer le dé", "Roll the die")
            return ("Lancer les dés", "Roll the dice")
        if isinstance(move, Close):
            boxes = " + ".join(str(b) for b in move.boxes)
            return (f"Fermer {boxes}", f"Shut {boxes}")
        return super().button_text(state, move)

    def extras(self, state: State) -> Extras:
        assert isinstance(state, ShutTheBoxState)
        game = state.game
        rules = game.rules
        panels = []
        for seat in range(game.player_count):
            if seat < len(state.scores):
                panels.append(Panel(score=str(state.scores[seat])))
            elif seat == state.seat and not state.is_terminal():
                panels.append(Panel(score=f"({rules.score(state.open)})"))
            else:
                panels.append(Panel(score="–"))
        dice = tuple(state.dice or ())
        return Extras(
            dice=dice,
            dice_used=tuple(False for _ in dice),
            status=self.status(state),
            panels=tuple(panels),
        )

    def status(self, state: ShutTheBoxState) -> tuple[str, str]:
        if state.is_terminal():
            return ("", "")
        if state.dice is None:
            if state.open & state.game.rules.high:
                return ("Lancez les deux dés", "Roll both dice")
            return ("Plus aucune case au-dessus de 6 : un seul dé", "No flap above 6 left: one die")
        total = sum(state.dice)
        if state.game.rules.exact:
            return (f"Fermez des cases dont la somme fait {total}",
                    f"Shut flaps adding up to {total}")
        choices = [" + ".join(str(b) for b in move.boxes) for move in state.options]
        listed = ", ".join(choices[:-1])
        french = f"{listed} ou {choices[-1]}" if listed else choices[-1]
        english = f"{listed} or {choices[-1]}" if listed else choices[-1]
        return (f"Fermez {french}", f"Shut {english}")


    def describe(self, state: State, move: Any) -> Text:
        if isinstance(move, Close):
            boxes = " + ".join(str(b) for b in move.boxes)
            many = len(move.boxes) > 1
            return (f"Fermez {'les cases' if many else 'la case'} {boxes}",
                    f"Shut {'flaps' if many else 'flap'} {boxes}")
        return super().describe(state, move)

    def explain(self, state: State, touched: tuple[int, ...], point: int) -> Text | None:
        """A box already shut, or boxes that do not match the dice."""
        assert isinstance(state, ShutTheBoxState)
        if not state.open >> point & 1:
            return ("Cette case est déjà fermée.", "That flap is already shut.")
        if state.dice is None:
            return None
        total = sum(state.dice)
        if state.game.rules.exact:
            return (f"Les cases fermées doivent faire {total} en tout.",
                    f"The flaps you shut must add up to {total}.")
        if len(state.dice) == 1:
            return (f"Avec un seul dé, fermez la case {total}.",
                    f"With one die, shut flap {total}.")
        a, b = state.dice
        return (f"Fermez les cases des deux dés ({a} et {b}), la case de leur somme "
                f"({total}), ou celle d'un seul dé.",
                f"Shut the flaps of both dice ({a} and {b}), the flap of their sum "
                f"({total}), or that of one die.")


def make(game: Game) -> Presentation:
    return ShutTheBoxPresentation(game)
