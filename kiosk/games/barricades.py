"""Barricades: pawns leave their houses for the goal; white-and-red barricades block."""

from __future__ import annotations

from typing import Any

from engines.barricades.board import BARRICADE_ALLOWED, MAX_DIE, PATHS
from engines.barricades.rules import PutBarricade
from engines.barricades.state import BarricadesState
from engines.core import Game, Pass, PathMove, State
from kiosk.games.base import Extras, Panel, Presentation, Text, Token, Tokens, Trace

BARRICADE = Token(None, "barricade")


def _points(bits: int) -> list[int]:
    found = []
    while bits:
        low = bits & -bits
        found.append(low.bit_length() - 1)
        bits ^= low
    return found


class BarricadesPresentation(Presentation):
    def tokens(self, state: State) -> Tokens:
        assert isinstance(state, BarricadesState)
        placed: dict[int, list[Token]] = {p: [BARRICADE] for p in _points(state.barricades)}
        houses = state.game.houses
        for seat, bits in enumerate(state.pawns):
            pawn = Token(seat)
            for point in _points(bits):
                placed[point] = [pawn]
            waiting = state.in_house(seat)
            if waiting:
                placed[houses[seat]] = [pawn] * waiting
        return placed

    def extras(self, state: State) -> Extras:
        assert isinstance(state, BarricadesState)
        partner = state.game.partner
        panels = tuple(
            Panel(in_hand=state.in_house(seat), partner=partner(seat))
            for seat in range(len(state.pawns))
        )
        dice = state.dice or ()
        return Extras(
            dice=tuple(dice),
            dice_used=tuple(False for _ in dice),
            status=self.status(state),
            panels=panels,
        )

    def status(self, state: BarricadesState) -> tuple[str, str]:
        """What the player to move does now."""
        if state.is_terminal():
            return ("", "")
        if state.pending:
            return ("Posez la barricade sur un point libre",
                    "Put the barricade on an empty point")
        if state.is_chance_node():
            return ("Lancez les dés", "Roll the dice")
        return ("Avancez un pion du nombre d'un des dés",
                "Move a pawn by the number on one die")

    def move_points(self, state: State, move: Any) -> tuple[int, ...]:
        if isinstance(move, PutBarricade):
            return (move.at,)
        return super().move_points(state, move)

    @staticmethod
    def die_of(move: PathMove) -> int | None:
        """The die a pawn's move uses (the points it goes, its house's exit counted)."""
        for die in range(1, MAX_DIE + 1):
            if any(end == move.target for end, _ in PATHS[move.origin][die]):
                return die
        return None

    def describe(self, state: State, move: Any) -> Text:
        assert isinstance(state, BarricadesState)
        if isinstance(move, PutBarricade):
            return ("Posez la barricade sur le point allumé", "Put the barricade on the lit point")
        if isinstance(move, Pass):
            return ("Passez : aucun pion ne peut avancer", "Pass: no pawn can move")
        if isinstance(move, PathMove):
            die = self.die_of(move) or 0
            far_fr = f"{die} point{'s' if die > 1 else ''}"
            far_en = f"{die} point{'s' if die > 1 else ''}"
            if move.origin == state.game.houses[state.mover]:
                return (f"Sortez un pion de la maison et avancez-le de {far_fr}",
                        f"Bring a pawn out of the house and move it {far_en} on")
            return (f"Avancez le pion allumé de {far_fr}", f"Move the lit pawn {far_en} on")
        return super().describe(state, move)

    def trace(self, before: State, move: Any, after: State) -> Trace | None:
        """A pawn's way with the die it used; the barricade put down."""
        found = super().trace(before, move, after)
        if found is not None and isinstance(move, PathMove):
            die = self.die_of(move)
            return Trace(found.origin, found.target, found.taken, found.touched,
                         str(die) if die else "")
        return found

    def explain(self, state: State, touched: tuple[int, ...], point: int) -> Text | None:
        """Where a barricade may go; a pawn's exact count, its own pawns, the barricades
        in the way."""
        assert isinstance(state, BarricadesState)
        bit = 1 << point
        if state.pending:
            if state.occupied() & bit:
                return ("Ce point est occupé : la barricade se pose sur un point libre.",
                        "That point is taken: the barricade goes on an empty point.")
            if not BARRICADE_ALLOWED & bit:
                return ("La barricade ne se pose ni dans une maison, ni sur la première "
                        "rangée, ni sur le but.",
                        "The barricade may not go in a house, on the first row or on the goal.")
            return None
        if state.dice is None:
            return None
        dice = tuple(dict.fromkeys(state.dice))
        fr = " ou ".join(str(d) for d in dice)
        en = " or ".join(str(d) for d in dice)
        seat = state.mover
        own = state.pawns[seat] | (1 << state.game.houses[seat])
        if not touched:
            if own & bit:
                return (f"Ce pion ne peut pas avancer de {fr} : une barricade ou vos "
                        f"pions le bloquent.",
                        f"That pawn cannot move {en}: a barricade or your own pawns block "
                        f"it.")
            return None
        if state.friends(seat) & bit:
            return ("On ne s'arrête pas sur un de ses propres pions.",
                    "A pawn may not stop on one of its own side's pawns.")
        origin = touched[-1]
        reach = [die for die in dice if any(end == point for end, _ in PATHS[origin][die])]
        if reach:
            return ("Une barricade barre le chemin : on ne la dépasse pas, on peut "
                    "seulement s'arrêter dessus.",
                    "A barricade blocks the way: a pawn may not pass it, only stop on it.")
        return (f"Le pion avance exactement du nombre d'un des dés ({fr}), sans revenir sur "
                f"ses pas.",
                f"A pawn moves exactly the number on one die ({en}), never doubling back.")


def make(game: Game) -> Presentation:
    return BarricadesPresentation(game)
