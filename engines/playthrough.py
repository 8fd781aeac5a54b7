"""Golden playthroughs: a seeded game written step by step, so a change of behaviour is a diff.

After OpenSpiel's playthrough files. A playthrough plays one game from one
seed: uniform random decisions, chance by its odds (:meth:`State.sample_chance`).
For each of its first :data:`DETAILED` steps it writes the position text,
who acts, the legal decisions (or the chance outcomes and their odds) and the
one chosen; then the rest of the game's decisions on one line each; then the
final position and the outcome. Then the game's fast playout
(:meth:`State.playout` where a game has one, else :meth:`State.random_playout`)
from the same seed: its final position and outcome, so a change in it shows
too.

``tests/engines/playthroughs/`` holds one file per variant;
``pytest tests/engines/test_playthroughs.py --update-playthroughs`` writes
them again.
"""

from __future__ import annotations

import random

from engines.core import CHANCE, MoveT, Outcome, State
from engines.registry import find_game

DETAILED = 40
"""Steps written in full (position, legal decisions); the rest as the decisions only."""
MAX_STEPS = 5000
"""A game longer than this is cut (none is, at the default options)."""
SEED = 1


def _decision(state: State[MoveT], rng: random.Random) -> tuple[MoveT, str]:
    """The decision taken at ``state`` and what the file says of the choices."""
    if state.current_player is CHANCE:
        outcomes = state.chance_outcomes()
        move = state.sample_chance(rng)
        listed = " ".join(f"{m}:{p:.6g}" for m, p in outcomes)
        return move, f"chance {listed}"
    legal = state.legal_moves()
    move = rng.choice(legal)
    return move, "legal " + " ".join(str(m) for m in legal)


def _outcome(outcome: Outcome | None) -> str:
    if outcome is None:
        return "result: none (cut)"
    winners = ",".join(outcome.winners) or "-"
    scores = " ".join(f"{k}={v:g}" for k, v in outcome.scores)
    return f"result: winners={winners} code={outcome.code} {scores}".rstrip()


def record(spec: str, seed: int = SEED) -> str:
    """The playthrough of ``spec`` from ``seed``, as the text the golden file holds."""
    game = find_game(spec)
    rng = random.Random(seed)
    state = game.initial_state()
    lines = [f"game: {game.spec}", f"seed: {seed}", ""]
    tail: list[str] = []
    step = 0
    while not state.is_terminal() and step < MAX_STEPS:
        actor = state.current_player
        move, choices = _decision(state, rng)
        if step < DETAILED:
            lines += [
                f"step {step}",
                f"position: {state.to_text()}",
                f"to act: {actor}",
                choices,
                f"chosen: {move}",
                "",
            ]
        else:
            tail.append(f"{step} {actor}: {move}")
        state = state.apply(move)
        step += 1
    if tail:
        lines += ["then:", *tail, ""]
    lines += [f"steps: {step}", f"final: {state.to_text()}", _outcome(state.outcome()), ""]
    fast = fast_playout(game.initial_state(), seed)
    lines += [
        "fast playout from the same seed",
        f"final: {fast.to_text()}",
        _outcome(fast.outcome()),
    ]
    return "\n".join(lines) + "\n"


def fast_playout(
    state: State[MoveT], seed: int, trace: list[MoveT] | None = None
) -> State[MoveT]:
    """The game's fast playout from ``seed``; its decisions in ``trace`` where it keeps one."""
    rng = random.Random(seed)
    playout = getattr(state, "playout", None)
    if playout is not None and trace is not None:
        result: State[MoveT] = playout(rng, trace)
        return result
    return state.random_playout(rng)


def file_name(spec: str) -> str:
    """The golden file's name for ``spec`` (``:`` and ``,`` are not welcome in names)."""
    return spec.replace(":", "--").replace(",", "_").replace("=", "-") + ".txt"
