"""Why a decision the coach warns about is bad, in plain words (French, then English).

A reason reads the position, the decision and its judgement
(:class:`~engines.ai.coach.Judgement`): what the opponent's best answer does
(closes a mill, takes a corner, wins at once), what the decision leaves (a
blot within reach of so many throws), or the exact chances of each choice
(shut the box), a capture missed (rithmomachie). Each game's reasons register
with :func:`register_reason` in ``engines/ai/reasons_<game>.py``
(:data:`REASON_MODULES`), most telling first; where none fits, the opponent's
best answer is the reason, to be played out on the board. The opponent is called so ("l'adversaire",
"your opponent"), never by a seat's name.

``points`` are the board's points to mark (their notation names), for the
screen and the physical board's lights.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engines.ai.coach import Judgement, Scale
from engines.ai.evaluation import evaluator_for
from engines.core import CHANCE, Move, State

_PERCENT = "\u202f%"


@dataclass(frozen=True)
class Reason:
    """Why a decision loses, for the visitor."""

    fr: str
    en: str
    points: tuple[str, ...] = ()
    """The board's points that show it (notation names)."""
    line: tuple[Move, ...] = ()
    """Decisions to play out on the board after the one judged, as the reason."""

    def text(self, lang: str) -> str:
        """The reason in ``fr`` or ``en``."""
        return self.en if lang == "en" else self.fr


ReasonRule = Callable[[State, Judgement], "Reason | None"]
_rules: dict[str, list[ReasonRule]] = {}


def register_reason(game_id: str) -> Callable[[ReasonRule], ReasonRule]:
    """Decorator: a reason of ``game_id``'s (tried in the order registered)."""

    def decorate(rule: ReasonRule) -> ReasonRule:
        _rules.setdefault(game_id, []).append(rule)
        return rule

    return decorate


def reason_for(state: State, judgement: Judgement) -> Reason:
    """The plainest reason that fits the decision judged in ``state``."""
    _load()
    for rule in (_win_missed, *_rules.get(state.game.id, ()), _wins_at_once):
        found = rule(state, judgement)
        if found is not None:
            return found
    return _fallback(state, judgement)


def move_points(move: Move) -> tuple[str, ...]:
    """The points a decision's notation names (``d6-d5-d3`` → d6, d5, d3; ``xd6`` → d6)."""
    text = str(move).split(":")[-1]
    return tuple(part.lstrip("x") for part in re.split(r"[-/]", text) if part.lstrip("x"))


def percent(share: float) -> str:
    """A share as a whole percentage with a thin space: ``62 %``."""
    return f"{round(100 * share)}{_PERCENT}"


# ---------------------------------------------------------------- for several games

PieceCount = Callable[[State, str], int]
"""How many pieces ``player`` still has in a position."""


def pieces_left_to_be_taken(count: PieceCount) -> ReasonRule:
    """The rule "the opponent's best answer takes pieces of the mover", for a game whose
    pieces ``count`` tells."""

    def rule(state: State, judgement: Judgement) -> Reason | None:
        if judgement.reply is None:
            return None
        mover = state.current_player
        after = state.apply(judgement.move)
        lost = count(after, mover) - count(after.apply(judgement.reply), mover)
        if lost <= 0:
            return None
        reply = str(judgement.reply)
        many_fr = "un pion" if lost == 1 else f"{lost} pions"
        many_en = "a piece" if lost == 1 else f"{lost} pieces"
        return Reason(
            f"Ce coup laisse {many_fr} à prendre : l'adversaire répond {reply}.",
            f"This move leaves {many_en} to be taken: your opponent answers {reply}.",
            move_points(judgement.reply), (judgement.reply,),
        )

    return rule


# ---------------------------------------------------------------- for every game


def _win_missed(state: State, judgement: Judgement) -> Reason | None:
    """The best decision wins the game at once, and this one does not."""
    best, own = state.apply(judgement.best), state.apply(judgement.move)
    outcome = best.outcome()
    if own.is_terminal() or outcome is None or state.current_player not in outcome.winners:
        return None
    return Reason(
        f"Vous pouviez gagner tout de suite en jouant {judgement.best} : {outcome.reason}.",
        f"You could win at once with {judgement.best}: {outcome.reason_en or outcome.reason}.",
        move_points(judgement.best)[-1:], (judgement.best,),
    )


def _wins_at_once(state: State, judgement: Judgement) -> Reason | None:
    """The opponent's answer ends the game in their favour."""
    if judgement.reply is None:
        return None
    after = state.apply(judgement.move).apply(judgement.reply)
    outcome = after.outcome()
    if outcome is None or state.current_player in outcome.winners or outcome.is_draw:
        return None
    reply = str(judgement.reply)
    return Reason(
        f"Après ce coup, l'adversaire gagne aussitôt en jouant {reply} : {outcome.reason}.",
        f"After this move, your opponent wins at once with {reply}: "
        f"{outcome.reason_en or outcome.reason}.",
        move_points(judgement.reply), (judgement.reply,),
    )


def _fallback(state: State, judgement: Judgement) -> Reason:
    """The opponent's best answer shown; without one, what the decision costs."""
    if judgement.reply is not None:
        reply = str(judgement.reply)
        return Reason(
            f"Regardez la meilleure réponse de l'adversaire : {reply}.",
            f"Look at your opponent's best answer: {reply}.",
            move_points(judgement.reply), (judgement.reply,),
        )
    if judgement.scale is Scale.POINTS:
        cost = f"{judgement.loss:.1f}".replace(".", ",")
        return Reason(
            f"Ce choix coûte en moyenne {cost} points de plus que le meilleur.",
            f"This choice costs {judgement.loss:.1f} more points on average than the best.",
        )
    own, best = judgement.value_of(judgement.move), judgement.value_of(judgement.best)
    return Reason(
        f"Ce coup laisse {percent(own)} de chances de gagner ; le meilleur en laisse "
        f"{percent(best)}.",
        f"This move leaves a {percent(own)} chance of winning; the best leaves "
        f"{percent(best)}.",
    )


_loaded = False
REASON_MODULES = (
    "engines.ai.reasons_moulin",
    "engines.ai.reasons_reversi",
    "engines.ai.reasons_tablut",
    "engines.ai.reasons_assaut",
    "engines.ai.reasons_latrunculi",
    "engines.ai.reasons_rithmomachie",
    "engines.ai.reasons_backgammon",
    "engines.ai.reasons_jacquet",
    "engines.ai.reasons_shutthebox",
)
"""Modules that register the games' reasons, imported the first time one is asked."""


def _load() -> None:
    global _loaded
    if not _loaded:
        import importlib

        for module in REASON_MODULES:
            importlib.import_module(module)
        _loaded = True


def opponent_moves_next(state: State, move: Move) -> bool:
    """Whether an opponent takes the next decision after ``move`` (no dice between)."""
    after = state.apply(move)
    return after.current_player not in (state.current_player, CHANCE) and not after.is_terminal()


def turn_end_after(state: State, move: Move) -> State | None:
    """Where the best way (by the game's evaluator) to end the turn that starts with
    ``move`` leaves the board: the position after ``move`` when it ends the turn."""
    after = state.apply(move)
    if after.current_player != state.current_player:
        return after
    ends = list(after.turn_ends().values())
    if not ends:
        return None
    evaluator = evaluator_for(state.game)
    if evaluator is None:
        return ends[0][0]
    player = state.current_player
    return max((end for end, _ in ends), key=lambda end: (
        evaluator(end, player) if not end.is_terminal() else 2.0))
