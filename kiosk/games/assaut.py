"""Assaut: many light soldiers storm the fortress held by two crowned dark officers."""

from __future__ import annotations

from collections import deque
from typing import Any

from engines.assaut.board import POINT_OF
from engines.assaut.state import AssautState
from engines.core import Game, PathMove, Place, Remove, State
from kiosk.games.base import Extras, Panel, Presentation, Text, Token, Tokens

SOLDIERS = 24
OFFICERS = 2
SOLDIER = Token(0, "disc")
OFFICER = Token(1, "officer")


def _points(bits: int) -> list[int]:
    found = []
    while bits:
        low = bits & -bits
        found.append(POINT_OF[low.bit_length() - 1])
        bits ^= low
    return found


class AssautPresentation(Presentation):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.fortress = frozenset(self.geometry.regions.get("forteresse", ()))
        self.near: dict[int, set[int]] = {p.index: set() for p in self.geometry.points}
        for a, b in self.geometry.edges:
            self.near[a].add(b)
            self.near[b].add(a)
        self.distance = {p: 0 for p in self.fortress}
        queue = deque(self.fortress)
        while queue:
            point = queue.popleft()
            for other in self.near[point]:
                if other not in self.distance:
                    self.distance[other] = self.distance[point] + 1
                    queue.append(other)

    def tokens(self, state: State) -> Tokens:
        assert isinstance(state, AssautState)
        placed: dict[int, list[Token]] = {p: [SOLDIER] for p in _points(state.soldiers)}
        placed.update({p: [OFFICER] for p in _points(state.officers)})
        return placed

    def extras(self, state: State) -> Extras:
        assert isinstance(state, AssautState)
        soldiers, officers = state.counts()
        panels = (
            Panel(captured=OFFICERS - officers),
            Panel(captured=SOLDIERS - soldiers, in_hand=state.hand or None),  # to place
        )
        return Extras(status=self.status(state), panels=panels)

    def status(self, state: AssautState) -> tuple[str, str]:
        """Placement, a possible huff, or the goal of each side."""
        if state.is_terminal():
            return ("", "")
        if state.hand:
            return ("Les officiers se placent dans la forteresse",
                    "The officers take their places in the fortress")
        if state.huffable:
            return ("Soufflez l'officier fautif, ou jouez",
                    "Huff the officer at fault, or move")
        if state.mover == 0:
            return ("Soldats : occupez les 9 points de la forteresse",
                    "Soldiers: fill the 9 points of the fortress")
        return ("Officiers : sautez les soldats pour les prendre",
                "Officers: jump over soldiers to take them")

    def button_text(self, state: State, move: object) -> tuple[str, str]:
        if isinstance(move, Remove):
            return (f"Souffler l'officier {move.name}", f"Huff the officer on {move.name}")
        return super().button_text(state, move)

    def describe(self, state: State, move: Any) -> Text:
        assert isinstance(state, AssautState)
        if isinstance(move, Place):
            return (f"Placez un officier en {move.name}", f"Place an officer on {move.name}")
        if isinstance(move, Remove):
            return (f"Soufflez l'officier en {move.name} : il n'a pas pris quand il le devait",
                    f"Huff the officer on {move.name}: it did not take when it had to")
        if isinstance(move, PathMove):
            a, b = self.name(move.origin), self.name(move.target)
            if state.mover == 0:
                return (f"Avancez le soldat de {a} en {b}", f"Move the soldier from {a} to {b}")
            if self._jumps(move):
                taken = len(move.path) - 1
                many_fr = "un soldat" if taken == 1 else f"{taken} soldats"
                many_en = "one soldier" if taken == 1 else f"{taken} soldiers"
                return (f"Sautez avec l'officier de {a} en {b} : il prend {many_fr}",
                        f"Jump with the officer from {a} to {b}: it takes {many_en}")
            return (f"Déplacez l'officier de {a} en {b}", f"Move the officer from {a} to {b}")
        return super().describe(state, move)

    def _jumps(self, move: PathMove) -> bool:
        return len(move.path) > 2 or move.path[-1] not in self.near[move.path[0]]

    def explain(self, state: State, touched: tuple[int, ...], point: int) -> Text | None:
        """The officers' places, the soldiers' way to the fortress, compulsory captures."""
        assert isinstance(state, AssautState)
        tokens = self.tokens(state)
        if state.hand:
            if point in tokens:
                return ("Ce point est occupé : placez l'officier sur un point libre.",
                        "That point is taken: place the officer on an empty point.")
            if point not in self.fortress:
                return ("Les officiers se placent dans la forteresse (la cour grise).",
                        "The officers take their places in the fortress (the grey court).")
            return None
        if not touched or touched[0] not in tokens:
            return None
        origin, last = touched[0], touched[-1]
        if state.mover == 1 and point in tokens and tokens[point][0].seat == 0:
            return ("Pour prendre ce soldat, touchez le point libre juste derrière lui : "
                    "l'officier saute par-dessus.",
                    "To take that soldier, touch the empty point just behind it: the "
                    "officer jumps over it.")
        if point in tokens:
            return ("Ce point est occupé : on s'arrête sur un point libre.",
                    "That point is taken: a piece stops on an empty point.")
        if state.mover == 0:
            if point not in self.near[last]:
                return ("Un soldat avance d'un seul point, le long d'une ligne.",
                        "A soldier moves one point only, along a line.")
            if last in self.fortress and point not in self.fortress:
                return ("Un soldat entré dans la forteresse n'en ressort plus.",
                        "A soldier inside the fortress never leaves it.")
            if self.distance.get(point, 99) >= self.distance.get(last, 0):
                return ("Un soldat doit toujours se rapprocher de la forteresse : jamais en "
                        "arrière ni de côté.",
                        "A soldier must always get closer to the fortress: never backwards "
                        "or sideways.")
            return None
        captures = [m for m in state.legal_moves() if isinstance(m, PathMove) and self._jumps(m)]
        if captures and point in self.near[last] and len(touched) == 1:
            return ("La prise est obligatoire : sautez un soldat, et prenez-en le plus "
                    "possible.",
                    "Capturing is compulsory: jump a soldier, taking as many as you can.")
        if captures and origin in {m.path[0] for m in captures}:
            return ("L'officier doit prendre le plus de soldats possible : suivez les points "
                    "verts, saut après saut.",
                    "The officer must take as many soldiers as it can: follow the green "
                    "points, jump after jump.")
        return ("Un officier avance d'un point, ou saute un soldat jusqu'au point libre "
                "derrière lui.",
                "An officer moves one point, or jumps a soldier to the empty point behind it.")



def make(game: Game) -> Presentation:
    return AssautPresentation(game)
