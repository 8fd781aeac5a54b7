"""The decisions of a turn and their notation.

- ``C2-C4`` / ``d2-d4``: a move (:class:`engines.core.PathMove`, origin and target);
  Boissière's irregular leaps are written the same way.
- ``xC5``: take the piece on C5 (after a move or a pose; the compilation's siege
  at the start of a turn); ``xC5:16`` takes the layer 16 of a pyramid,
  ``xd5:16+9`` (compilation) the layers 16 and 9 together.
- ``C3xA3``: a captor takes a piece it reaches by one regular step (Boissière's
  capture first; the captor then moves onto one of the emptied squares,
  ``C3-A3``); in the compilation the assault or sally by which the captor takes
  and replaces at once (``d2xd4:16`` takes a layer only, the captor staying).
- ``25S@A1``: pose a captured piece (value and shape) on an empty square of the
  back line.
- ``fin``: end the captures of the turn.

A capture carries how it is made (``kind``, ``captors``, ``detail``) for the
screens; these do not take part in equality or notation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias, final

from engines.core import PathMove

KIND_TITLES = {
    "rencontre": "rencontre",
    "embuche": "embûche",
    "assaut": "assaut",
    "puissance": "puissance",
    "progression": "progression",
    "emprisonnement": "emprisonnement",
    "assault": "assaut (assault)",
    "ambush": "embuscade (ambush)",
    "sally": "sortie (sally)",
    "siege": "siège (siege)",
}
"""French titles of the capture kinds (Boissière's six, the compilation's four)."""


def layer_suffix(layers: tuple[int, ...]) -> str:
    return ":" + "+".join(str(v) for v in layers) if layers else ""


@final
@dataclass(frozen=True, slots=True)
class Take:
    """Remove an enemy piece (or some of a pyramid's layers) from ``square``."""

    square: int
    layers: tuple[int, ...]
    name: str = field(compare=False)
    kind: str = field(compare=False, default="")
    captors: tuple[str, ...] = field(compare=False, default=())
    detail: str = field(compare=False, default="")

    def __str__(self) -> str:
        return "x" + self.name + layer_suffix(self.layers)

    def describe(self) -> str:
        """French explanation: ``embûche : 12 = 8 + 4 (B3, D5)``."""
        return _describe(self.kind, self.detail, self.captors)


@final
@dataclass(frozen=True, slots=True)
class Strike:
    """A captor takes the piece it reaches (and, when it is gone, stands on its square)."""

    captor: int
    square: int
    layers: tuple[int, ...]
    names: tuple[str, str] = field(compare=False)
    kind: str = field(compare=False, default="")
    captors: tuple[str, ...] = field(compare=False, default=())
    detail: str = field(compare=False, default="")

    def __str__(self) -> str:
        return f"{self.names[0]}x{self.names[1]}" + layer_suffix(self.layers)

    def describe(self) -> str:
        return _describe(self.kind, self.detail, self.captors)


@final
@dataclass(frozen=True, slots=True)
class Pose:
    """Put a captured piece, turned over, on an empty square of the back line."""

    shape: str
    value: int
    square: int
    name: str = field(compare=False)

    def __str__(self) -> str:
        return f"{self.value}{self.shape}@{self.name}"


@final
@dataclass(frozen=True, slots=True)
class Done:
    """End the captures of the turn."""

    def __str__(self) -> str:
        return "fin"


DONE = Done()

Capture: TypeAlias = Take | Strike
"""A capture: a piece (or layers) taken, by itself or by the captor that reaches it."""
RithmoMove: TypeAlias = PathMove | Take | Strike | Pose | Done
"""A move ``C2-C4``, a capture ``xC5`` or ``C3xA3``, a pose ``25S@A1``, or ``fin``."""


def _describe(kind: str, detail: str, captors: tuple[str, ...]) -> str:
    text = KIND_TITLES.get(kind, kind)
    if detail:
        text += f" : {detail}"
    if captors:
        text += f" ({', '.join(captors)})"
    return text
