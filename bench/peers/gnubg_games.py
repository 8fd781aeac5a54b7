"""Single games of backgammon between one of our bots and GNU Backgammon.

The game is our ``backgammon:simple`` (:data:`SPEC`): one game, no
doubling cube, a single game worth 1 point, a gammon 2, a backgammon 3 —
gnubg's cubeless money play.  The dice come from a seeded generator, as in
:func:`engines.ai.arena.play_game`: the same seed gives the same throws in
the same order.  gnubg plays each of its turns at once (its best play,
turned into our checker moves and checked legal one by one); our bot takes
its decisions one checker at a time.

gnubg also judges our play: at each of our turns with a choice, its
``hint`` list tells how much equity our play gives away against its own
best play (0 when we play its choice).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from bench.peers.gnubg import Gnubg, GnubgError, find_play, our_play, sides_after
from engines.ai.bots import Bot
from engines.backgammon import BackgammonState
from engines.core import CHANCE, PASS

SPEC = "backgammon:simple"
"""The game played against gnubg: cubeless single games, gammons and backgammons counted."""


@dataclass
class BackgammonResult:
    """One game against gnubg, from our side."""

    points: int
    """Our points: 1, 2 or 3 for a win (single, gammon, backgammon), negative for a loss,
    0 if the game was stopped at the turn cap."""
    ending: str
    our_seconds: list[float] = field(default_factory=list)
    """Seconds of each of our decisions (one checker move each)."""
    their_seconds: list[float] = field(default_factory=list)
    """Seconds of each of gnubg's turns."""
    losses: list[float] = field(default_factory=list)
    """Equity our play of each turn with a choice gave away, by gnubg's judgement."""


def play_against_gnubg(ours: Bot, gnubg: Gnubg, our_seat: int, seed: int,
                       judge: bool = True) -> BackgammonResult:
    """One game: ``ours`` in seat ``our_seat`` (0 noir, 1 blanc), gnubg in the other."""
    game = ours.game
    if game.spec != SPEC:
        raise ValueError(f"games against gnubg are {SPEC}, not {game.spec}")
    dice = random.Random(f"dice|{seed}")
    result = BackgammonResult(0, "")
    state = game.initial_state()
    assert isinstance(state, BackgammonState)
    while not state.is_terminal():
        if state.current_player is CHANCE:
            state = state.apply_unchecked(state.sample_chance(dice))
        elif state.mover == our_seat:
            state = _our_turn(state, ours, gnubg if judge else None, result)
        else:
            state = _gnubg_turn(state, gnubg, result)
    outcome = state.outcome()
    assert outcome is not None
    result.ending = outcome.code
    result.points = state.score[our_seat] - state.score[1 - our_seat]
    return result


def _our_turn(state: BackgammonState, ours: Bot, judge: Gnubg | None,
              result: BackgammonResult) -> BackgammonState:
    start = state
    seat = state.mover
    plays = judge.hint(start) if judge is not None else []
    name = state.current_player
    while not state.is_terminal() and state.current_player == name:
        began = time.perf_counter()
        move = ours.choose(state)
        result.our_seconds.append(time.perf_counter() - began)
        after = state.apply(move)
        assert isinstance(after, BackgammonState)
        state = after
    if len(plays) > 1:
        found = find_play(plays, start.sides(), sides_after(state, seat))
        if found is None:
            raise GnubgError(f"our play from {start.to_text()} to {state.to_text()} is not "
                             "in gnubg's list")
        result.losses.append(plays[0].equity - found.equity)
    return state


def _gnubg_turn(state: BackgammonState, gnubg: Gnubg,
                result: BackgammonResult) -> BackgammonState:
    began = time.perf_counter()
    plays = gnubg.hint(state)
    result.their_seconds.append(time.perf_counter() - began)
    moves = our_play(state, plays[0].text) if plays else (PASS,)
    mover = state.mover
    for move in moves:
        if not state.is_legal(move):
            raise GnubgError(f"gnubg's play '{plays[0].text}' ({move}) is not legal in "
                             f"'{state.to_text()}'")
        after = state.apply_unchecked(move)
        assert isinstance(after, BackgammonState)
        state = after
    if not state.is_terminal() and state.mover == mover:
        raise GnubgError(f"gnubg's play '{plays[0].text if plays else 'pass'}' leaves the turn "
                         f"unfinished: '{state.to_text()}'")
    return state
