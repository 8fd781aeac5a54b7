"""Search budgets: seconds of wall time and/or a count of search nodes.

A :class:`Budget` is a plain value (picklable, comparable).  Each decision
starts a :class:`Clock` from it, which the searches poll.  A node budget is
deterministic: the same seed and the same node budget give the same move on
any machine.  What a "node" is depends on the search: a visited position for
alpha-beta, one iteration (selection, expansion, playout) for MCTS.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

SAFETY = 0.96
"""Share of a time budget the searches plan to use (the rest covers returning)."""

OVERHEAD = 0.004
"""Seconds kept aside per decision for setting up and returning."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How long one decision may search: ``seconds``, ``nodes``, or both (first reached)."""

    seconds: float | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.nodes is None:
            raise ValueError("a budget needs seconds or nodes")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"budget seconds must be positive, not {self.seconds}")
        if self.nodes is not None and self.nodes < 1:
            raise ValueError(f"budget nodes must be at least 1, not {self.nodes}")

    def start(self) -> Clock:
        """A clock for one decision, started now."""
        return Clock(self)

    def describe(self, lang: str = "fr") -> str:
        """French text, ``3 s``, ``0,3 s``, ``5 000 nœuds``; or, with ``lang="en"``,
        English: ``3 s``, ``0.3 s``, ``5,000 nodes``."""
        english = lang == "en"
        parts = []
        if self.seconds is not None:
            seconds = f"{self.seconds:g}"
            parts.append((seconds if english else seconds.replace(".", ",")) + " s")
        if self.nodes is not None:
            if english:
                parts.append(f"{self.nodes:,} nodes")
            else:
                parts.append(f"{self.nodes:,}".replace(",", "\u202f") + " nœuds")
        return ", ".join(parts)


class Clock:
    """The running budget of one decision."""

    __slots__ = ("deadline", "node_limit", "started")

    def __init__(self, budget: Budget) -> None:
        self.started = time.perf_counter()
        self.node_limit = budget.nodes
        self.deadline: float | None = None
        if budget.seconds is not None:
            self.deadline = self.started + budget.seconds * SAFETY - OVERHEAD

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def out_of_time(self) -> bool:
        """Whether the time part of the budget is spent (never, for a node budget)."""
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def exhausted(self, nodes: int) -> bool:
        """Whether ``nodes`` nodes or the time are spent."""
        if self.node_limit is not None and nodes >= self.node_limit:
            return True
        return self.out_of_time()
