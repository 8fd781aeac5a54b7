"""Our engines against OpenSpiel's on the games both have.

Along random games, the legal decisions of both engines are mapped to our
notation and must be the same set at every step; when both games end by a
rule, they must agree on the winner.  OpenSpiel is in the ``bench`` extra
only, so these tests are skipped where it is missing (CI) and run by
``make bench``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bench.peers.openspiel_map import (
    MORRIS_PLAYERS,
    OTHELLO_PLAYERS,
    morris_actions,
    othello_actions,
    their_winner,
)
from engines import find_game
from engines.core import State
from engines.moulin import MoulinState
from engines.outcomes import OutcomeCode

pyspiel = pytest.importorskip("pyspiel")

OTHELLO_GAMES = 200
MORRIS_GAMES = 300


def play_both(ours: State, their: Any, actions_of: Any, players: tuple[str, str],
              rng: random.Random) -> tuple[State, Any, int]:
    """One random game in lockstep; legal sets compared at every step."""
    steps = 0
    while not ours.is_terminal() and not their.is_terminal():
        mine = {str(m) for m in ours.legal_moves()}
        actions = actions_of(their)
        assert mine == set(actions), f"step {steps}, position {ours.to_text()}"
        assert ours.current_player == players[their.current_player()]
        text = rng.choice(sorted(mine))
        ours = ours.apply(ours.game.parse_move(ours, text))
        their.apply_action(actions[text])
        steps += 1
    return ours, their, steps


def test_othello_agrees_with_openspiel() -> None:
    game = find_game("reversi:othello")
    peer = pyspiel.load_game("othello")
    rng = random.Random(20240601)
    for _ in range(OTHELLO_GAMES):
        ours, their, _ = play_both(
            game.initial_state(), peer.new_initial_state(),
            othello_actions, OTHELLO_PLAYERS, rng,
        )
        assert ours.is_terminal() and their.is_terminal()
        outcome = ours.outcome()
        assert outcome is not None
        assert (outcome.winners[0] if outcome.winners else None) == their_winner(
            their, OTHELLO_PLAYERS
        )


def test_nine_mens_morris_agrees_with_openspiel() -> None:
    game = find_game("moulin:standard")
    peer = pyspiel.load_game("nine_mens_morris")
    rng = random.Random(20240602)
    endings = {"both": 0, "ours": 0, "theirs": 0}
    for _ in range(MORRIS_GAMES):
        ours, their, steps = play_both(
            game.initial_state(), peer.new_initial_state(), morris_actions,
            MORRIS_PLAYERS, rng,
        )
        outcome = ours.outcome()
        by_their_rule = their.is_terminal() and their_winner(their, MORRIS_PLAYERS) is not None
        by_our_rule = outcome is not None and not outcome.is_draw
        if by_our_rule or by_their_rule:
            # Wins come from rules both engines have: they must coincide.
            assert by_our_rule and by_their_rule, f"after {steps} steps: {ours.to_text()}"
            assert outcome is not None
            assert outcome.winners[0] == their_winner(their, MORRIS_PLAYERS)
            endings["both"] += 1
        elif outcome is not None:
            our_draws = (OutcomeCode.REPETITION, OutcomeCode.NO_CAPTURE)
            assert outcome.code in our_draws
            endings["ours"] += 1
        else:
            endings["theirs"] += 1  # OpenSpiel's length cutoff, not a rule
    # The sample must actually exercise decided games.
    assert endings["both"] > MORRIS_GAMES // 4, endings


def test_blocked_endings_agree_with_openspiel() -> None:
    """Random games rarely end by a block: pick some that do and replay them on both."""
    game = find_game("moulin:standard")
    peer = pyspiel.load_game("nine_mens_morris")
    rng = random.Random(20240603)
    start = game.initial_state()
    assert isinstance(start, MoulinState)
    found = 0
    while found < 5:
        trace: list[Any] = []
        final = start.playout(rng, trace)
        outcome = final.outcome()
        assert outcome is not None
        if outcome.code != OutcomeCode.BLOCKED:
            continue
        ours: State = start
        their = peer.new_initial_state()
        for move in trace:
            actions = morris_actions(their)
            assert {str(m) for m in ours.legal_moves()} == set(actions)
            ours = ours.apply(move)
            their.apply_action(actions[str(move)])
        assert ours.to_text() == final.to_text()
        assert their.is_terminal()
        men = next(line for line in str(their).splitlines() if line.startswith("Num men"))
        assert min(int(n) for n in men.split()[-2:]) > 2  # not a win on pieces
        assert outcome.winners[0] == their_winner(their, MORRIS_PLAYERS)
        found += 1
