"""A coached person's mistake looked at again after the game (no pygame).

The results screen offers each coached person's biggest mistakes
(:func:`kiosk.coach.biggest_mistakes`); the replay shows one on the board. Why
it loses is found again in the thinking process (:func:`explain_mistake`: a fresh
:func:`engines.ai.coach.assess` of the position, :func:`engines.ai.coach.explain`
and :func:`engines.ai.reasons.reason_for`), sent back as an :class:`Explanation`
of plain texts and names that crosses between processes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.core import State

REVIEW_SECONDS = 1.0
"""The thinking's time for a mistake's reason: the coach's during play."""


@dataclass(frozen=True)
class Explanation:
    """Why a decision loses, for the screen: the reason in both languages, the board's
    points that show it (their names), the decisions that play it out (notation)."""

    fr: str
    en: str
    points: tuple[str, ...] = ()
    line: tuple[str, ...] = ()

    def text(self, lang: str) -> str:
        return self.en if lang == "en" else self.fr


def explain_mistake(state: State, move: str, seconds: float | None = REVIEW_SECONDS,
                    nodes: int | None = None) -> Explanation:
    """Why ``move`` (notation, a decision of ``state``) loses, judged afresh within the
    budget (a quarter of it more for the opponent's answer)."""
    from engines.ai.coach import REPLY_SHARE, assess, explain
    from engines.ai.reasons import reason_for

    decision = state.game.parse_move(state, move)
    assessment = assess(state, seconds, nodes)
    judgement = explain(state, decision, assessment,
                        None if seconds is None else seconds * REPLY_SHARE,
                        None if nodes is None else max(1, int(nodes * REPLY_SHARE)))
    reason = reason_for(state, judgement)
    return Explanation(reason.fr, reason.en, tuple(reason.points),
                       tuple(str(step) for step in reason.line))


def best_was(best: str) -> Explanation:
    """What is said when no reason came (the thinking failed): the best decision."""
    return Explanation(f"Le meilleur coup était {best}.", f"The best move was {best}.")


def move_number(states: Sequence[State], index: int) -> int:
    """The number a visitor gives the decision ``index`` of a game's history: the
    decisions counted from 1, the throws of the dice left out."""
    return sum(1 for state in states[: index + 1] if not state.is_chance_node())
