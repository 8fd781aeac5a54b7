"""From touched points to a decision: the matching the screen and the physical board share.

For every legal decision the game's presentation says which points a hand
touches, in order. :class:`MovePicker` follows the touches made so far: it
says which points may come next (to light them), when one decision is
complete (to play it), when several share the same points (to offer a
choice), and when a touch fits nothing (to explain why).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engines.core import State
from kiosk.games.base import Presentation


class TouchKind(StrEnum):
    """What a touch did to the decision being picked."""

    EXTEND = "extend"
    """One more point of a decision: light the next ones."""
    PLAY = "play"
    """The points of exactly one decision: play it."""
    CHOOSE = "choose"
    """The points of several decisions: offer the choice."""
    STOP_OR_GO = "stop-or-go"
    """A decision ends here and longer ones go on: stop here or continue."""
    BACK = "back"
    """The last point touched again: one point back."""
    WRONG = "wrong"
    """No decision goes this way: say why."""


@dataclass(frozen=True)
class Touch:
    """What a touch did (:class:`TouchKind`), the decisions it leads to, and why not."""

    kind: TouchKind
    moves: tuple[Any, ...] = ()
    why: tuple[str, str] = ("", "")


@dataclass
class MovePicker:
    state: State
    presentation: Presentation
    touched: tuple[int, ...] = ()
    options: list[tuple[tuple[int, ...], Any]] = field(default_factory=list)
    buttons: list[Any] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.state.is_terminal() or self.state.is_chance_node():
            return
        for move in self.state.legal_moves():
            points = self.presentation.move_points(self.state, move)
            if points:
                self.options.append((tuple(points), move))
            else:
                self.buttons.append(move)

    def candidates(self, touched: Sequence[int] | None = None) -> list[tuple[tuple[int, ...], Any]]:
        prefix = tuple(self.touched if touched is None else touched)
        return [(p, m) for p, m in self.options if p[: len(prefix)] == prefix]

    def next_points(self) -> set[int]:
        """Points that continue the touches so far (the first points when none)."""
        depth = len(self.touched)
        return {p[depth] for p, _ in self.candidates() if len(p) > depth}

    def complete(self) -> list[Any]:
        """Decisions whose points are exactly the touches so far."""
        return [m for p, m in self.candidates() if p == self.touched]

    def starts(self) -> set[int]:
        return {p[0] for p, _ in self.options}

    def reset(self) -> None:
        self.touched = ()

    def touch(self, point: int) -> Touch:
        """One more point touched (a tap, or the end of a drag)."""
        if point in self.next_points():
            self.touched += (point,)
            return self._settle()
        if self.touched and point == self.touched[-1]:
            self.touched = self.touched[:-1]
            return Touch(TouchKind.BACK)
        if point in self.starts():
            self.touched = (point,)
            return self._settle()
        why = self.explain(point)
        return Touch(TouchKind.WRONG, why=why)

    def _settle(self) -> Touch:
        exact = self.complete()
        longer = any(len(p) > len(self.touched) for p, _ in self.candidates())
        if exact and longer:
            return Touch(TouchKind.STOP_OR_GO, tuple(exact))
        if len(exact) == 1:
            return Touch(TouchKind.PLAY, (exact[0],))
        if exact:
            return Touch(TouchKind.CHOOSE, tuple(exact))
        return Touch(TouchKind.EXTEND)

    def explain(self, point: int) -> tuple[str, str]:
        """Why ``point`` fits no decision, in French and English: the game's rule when
        its presentation knows it, else what to touch instead."""
        special = self.presentation.explain(self.state, self.touched, point)
        if special is not None:
            return special
        spots = self.presentation.spots
        if not self.options:
            return (
                "Rien à toucher sur le plateau : utilisez les boutons.",
                "Nothing to touch on the board: use the buttons.",
            )
        tokens = self.presentation.tokens(self.state).get(point, ())
        mover = self.state.current_player
        seat = self.presentation.seats.index(mover) if mover in self.presentation.seats else None
        if not self.touched:
            if tokens and tokens[-1].seat is not None and tokens[-1].seat != seat:
                return (
                    "Cette pièce est à l'adversaire : touchez une des vôtres.",
                    "That piece belongs to your opponent: touch one of yours.",
                )
            if tokens and tokens[-1].seat == seat:
                return (
                    "Cette pièce ne peut pas jouer maintenant : essayez-en une autre.",
                    "That piece cannot move now: try another one.",
                )
            if self._from_own_pieces(seat):
                return (
                    "Aucun coup ne part d'ici : touchez d'abord une de vos pièces.",
                    "No move starts here: first touch one of your pieces.",
                )
            return (
                f"Aucun coup ne part d'ici : touchez {spots.a_fr} qui s'allume.",
                f"No move starts here: touch a lit {spots.word_en}.",
            )
        return (
            f"Ce coup n'est pas permis : {spots.green_fr} montrent où aller.",
            f"That move is not allowed: the green {spots.many_en} show where to go.",
        )

    def _from_own_pieces(self, seat: int | None) -> bool:
        """Every decision starts on one of the mover's pieces (moves, not placements)."""
        tokens = self.presentation.tokens(self.state)
        return all(
            tokens.get(start) and tokens[start][-1].seat == seat for start in self.starts()
        )
