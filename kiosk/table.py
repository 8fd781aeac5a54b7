"""Who sits where: the game's spec and, per seat, a person or a machine level."""

from __future__ import annotations

import random
from dataclasses import dataclass

HUMAN = "humain"
CONTROLLERS = (HUMAN, "enfant", "debutant", "joueur", "expert")
GENTLE = frozenset({"enfant", "debutant"})
"""The machine levels against which a person has the coach by default."""

CONTROLLER_LABELS = {
    HUMAN: ("Une personne", "A person"),
    "enfant": ("Machine pour enfants", "Child's machine"),
    "debutant": ("Machine débutante", "Beginner machine"),
    "joueur": ("Machine confirmée", "Intermediate machine"),
    "expert": ("Machine experte", "Expert machine"),
    "random": ("Machine au hasard", "Random machine"),
}
SHORT_LABELS = {
    HUMAN: ("Une personne", "A person"),
    "enfant": ("Enfant", "Child"),
    "debutant": ("Débutant", "Beginner"),
    "joueur": ("Confirmé", "Intermediate"),
    "expert": ("Expert", "Expert"),
    "random": ("Hasard", "Random"),
}


@dataclass(frozen=True)
class Table:
    """A game about to be played or being played."""

    spec: str
    controllers: tuple[str, ...]
    seed: int = 0
    coached: frozenset[int] = frozenset()
    """The seats (persons) the coach helps: it warns before a decision that loses clearly."""

    def is_human(self, seat: int) -> bool:
        return self.controllers[seat] == HUMAN

    @property
    def humans(self) -> int:
        return sum(1 for c in self.controllers if c == HUMAN)

    @property
    def against_machine(self) -> bool:
        return 0 < self.humans < len(self.controllers)

    def drawn_by_lot(self, rng: random.Random) -> Table:
        """The same people, seats shuffled by lot (who plays first is the first seat)."""
        order = list(range(len(self.controllers)))
        rng.shuffle(order)
        return Table(self.spec, tuple(self.controllers[i] for i in order), self.seed,
                     frozenset(new for new, old in enumerate(order) if old in self.coached))
