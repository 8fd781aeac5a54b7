"""A physical shut-the-box: flaps pushed down by hand become the decision they make."""

from __future__ import annotations

from typing import Any

from engines.core import State

Text = tuple[str, str]


def _names(numbers: set[int]) -> str:
    return ", ".join(str(n) for n in sorted(numbers))


SETTLE = 1.2
"""Seconds the flaps must rest before a decision that one more flap could extend."""


class FlapFollower:
    """The flaps as last seen, and since when: the hand may still be moving."""

    def __init__(self) -> None:
        self.down: frozenset[int] | None = None
        self.since = 0.0

    def changed(self, down: frozenset[int], now: float) -> None:
        self.down, self.since = down, now

    def decision(self, state: State, now: float) -> tuple[Any | None, Text | None]:
        """The decision to play now, or a reason to show (each given once)."""
        if self.down is None:
            return None, None
        move, why, final = flap_decision(state, self.down)
        if move is not None and not final and now - self.since < SETTLE:
            return None, None
        if move is not None or why is not None:
            self.down = None
        return move, why


def flap_decision(state: State, down: frozenset[int]) -> tuple[Any | None, Text | None, bool]:
    """The decision the flaps down make, or why they make none (French, English), and
    whether it is final (no other decision closes these flaps and more).

    The flaps already shut in the game must stay down; the flaps newly down
    must be exactly the boxes of one legal decision.
    """
    if state.is_terminal() or state.is_chance_node():
        return None, None, False
    moves = [m for m in state.legal_moves() if hasattr(m, "boxes")]
    open_mask = getattr(state, "open", None)
    if not moves or open_mask is None:
        return None, None, False
    size = max(down | {b for m in moves for b in m.boxes} | {open_mask.bit_length()})
    shut = {box for box in range(1, size + 1) if not open_mask >> (box - 1) & 1}
    missing = shut - down
    if missing:
        names = _names(missing)
        return (
            None,
            (
                f"Baissez aussi le volet {names} : il est fermé dans la partie",
                f"Push flap {names} down too: it is shut in the game",
            ),
            True,
        )
    newly = set(down) - shut
    if not newly:
        return None, None, False
    more = any(newly < set(move.boxes) for move in moves)
    for move in moves:
        if set(move.boxes) == newly:
            return move, None, not more
    if more:
        return None, None, False
    names = _names(newly)
    return (
        None,
        (
            f"Les volets {names} ne vont pas avec ces dés : relevez-les",
            f"Flaps {names} do not match these dice: lift them again",
        ),
        True,
    )
