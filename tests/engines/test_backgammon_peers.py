"""Backgammon's move generation against a plain reference, OpenSpiel and GNU Backgammon.

The reference (:func:`reference_plays`) is written here from the rules alone,
without the engine's tables code: every order of the dice tried checker by
checker, then the plays using the most dice kept (the larger die when only
one can be played); it runs everywhere and jacquet's tests use it too.  The
peers are optional: OpenSpiel (``pyspiel``) comes with the ``bench`` extra,
gnubg with its Debian package; each of their tests is skipped when the peer
is missing.  The comparison is on the sets of positions that the complete
plays of a throw reach (OpenSpiel's actions are pairs of checker moves and
gnubg writes whole plays), for the same position and dice.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.peers.gnubg import play_sides
from engines import find_game
from engines.backgammon import RULES, BackgammonState, gnubg_id
from engines.core import CHANCE, State
from engines.tables import MOVE, Side, complete_plays

OPENSPIEL_GAMES = 12
GNUBG_POSITIONS = 150

Result = tuple[Side, Side]


def our_results(own: Side, other: Side, dice: tuple[int, int]) -> set[Result]:
    high, low = max(dice), min(dice)
    throw = (high,) * 4 if high == low else (high, low)
    return set(complete_plays(RULES, own, other, throw))


# --------------------------------------------------------------------------- reference

Board = list[int]
SingleMoves = Callable[[Board, Board, int], list[tuple[int, int]]]
Step = Callable[[Board, Board, int, int], tuple[Board, Board]]


def reference_plays(single_moves: SingleMoves, step: Step, own: Side, other: Side,
                    dice: tuple[int, int]) -> set[Result]:
    """The positions the complete plays of a throw reach, from the rules' words.

    Every order of the dice is tried, one checker per die, as long as the next
    die can be played; the plays using the most dice are kept (bearing the last
    checker off counts as using them all) and, when only one of two different
    dice can be played, the larger one if some play uses it.
    """
    high, low = max(dice), min(dice)
    orders = [(high,) * 4] if high == low else [(high, low), (low, high)]
    found: dict[Result, set[tuple[int, ...]]] = {}

    def walk(mine: Board, theirs: Board, left: tuple[int, ...], used: tuple[int, ...]) -> None:
        if mine[0] == 15:
            used = (*used, *left)
            left = ()
        moves = single_moves(mine, theirs, left[0]) if left else []
        if not moves:
            found.setdefault((tuple(mine), tuple(theirs)), set()).add(used)
            return
        for origin, target in moves:
            after, them = step(mine, theirs, origin, target)
            walk(after, them, left[1:], (*used, left[0]))

    for order in orders:
        walk(list(own), list(other), order, ())
    most = max(len(u) for uses in found.values() for u in uses)
    kept = {r for r, uses in found.items() if any(len(u) == most for u in uses)}
    if high != low and most == 1:
        larger = {r for r, uses in found.items() if (high,) in uses}
        kept = larger or kept
    return kept


def backgammon_moves(own: Board, other: Board, die: int) -> list[tuple[int, int]]:
    """Backgammon's single steps: the bar first; no point held by two enemy checkers
    (the opponent calls point ``p`` ``25 - p``); bear-off once all are home, exact or
    the farthest checker with a higher die."""
    if own[25]:
        return [(25, 25 - die)] if other[die] < 2 else []
    moves = []
    home = not any(own[7:26])
    for point in range(1, 25):
        if not own[point]:
            continue
        target = point - die
        if target >= 1:
            if other[25 - target] < 2:
                moves.append((point, target))
        elif home and (target == 0 or not any(own[point + 1:7])):
            moves.append((point, 0))
    return moves


def backgammon_step(own: Board, other: Board, origin: int, target: int) -> tuple[Board, Board]:
    """One checker moved; a lone enemy checker on the target goes to its bar."""
    own, other = list(own), list(other)
    own[origin] -= 1
    own[target] += 1
    if target and other[25 - target] == 1:
        other[25 - target] = 0
        other[25] += 1
    return own, other


def sample_states(spec: str, seed: int, count: int) -> list[State]:
    """``count`` states where a whole throw is to be played, drawn from the whole of a
    random game of ``spec`` (start, middle game and bear-off alike)."""
    rng = random.Random(seed)
    game = find_game(spec)
    candidates: list[State] = []
    state = game.initial_state()
    while not state.is_terminal():
        if state.current_player is CHANCE:
            state = state.apply(state.sample_chance(rng))
            continue
        dice = getattr(state, "dice", ())
        if getattr(state, "phase", None) == MOVE and (len(dice) == 4 or len(set(dice)) == 2):
            candidates.append(state)
        state = state.apply(rng.choice(list(state.legal_moves())))
    return rng.sample(candidates, min(count, len(candidates)))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_complete_plays_agree_with_the_reference(seed: int) -> None:
    for state in sample_states("backgammon:simple", seed, 6):
        assert isinstance(state, BackgammonState)
        own, other = state.sides()
        dice = (state.dice[0], state.dice[-1])
        expected = reference_plays(backgammon_moves, backgammon_step, own, other, dice)
        assert our_results(own, other, dice) == expected, state.to_text()


def test_the_reference_knows_the_opening_two_one() -> None:
    from engines.backgammon import START

    assert len(reference_plays(backgammon_moves, backgammon_step, START, START, (2, 1))) == 15


# --------------------------------------------------------------------------- OpenSpiel


def spiel_sides(their: Any, mover: int) -> Result:
    """OpenSpiel's board as (mover's side, opponent's side) in their own numbering.

    OpenSpiel's player 0 (x) has its point ``24 - i`` at index ``i``, player 1
    (o) its point ``i + 1``; the bar is read from the text.
    """
    text = str(their)
    bar_line = next(line for line in text.splitlines() if line.startswith("Bar:"))
    sides = []
    for player in (0, 1):
        side = [0] * 26
        for index in range(24):
            point = 24 - index if player == 0 else index + 1
            side[point] = their.board(player, index)
        side[25] = bar_line.count("xo"[player])
        side[0] = 15 - sum(side[1:])
        sides.append(tuple(side))
    return sides[mover], sides[1 - mover]


def spiel_results(their: Any) -> set[Result]:
    """The positions every complete turn of OpenSpiel's player to move reaches
    (a double is two of its decisions)."""
    mover = their.current_player()
    found = set()
    for action in their.legal_actions():
        child = their.clone()
        child.apply_action(action)
        if not child.is_terminal() and child.current_player() == mover:
            for second in child.legal_actions():
                grandchild = child.clone()
                grandchild.apply_action(second)
                found.add(spiel_sides(grandchild, mover))
        else:
            found.add(spiel_sides(child, mover))
    return found


def test_complete_plays_agree_with_openspiel() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("backgammon")
    rng = random.Random(20240611)
    compared = doubles = 0
    for _ in range(OPENSPIEL_GAMES):
        their = game.new_initial_state()
        while not their.is_terminal():
            if their.is_chance_node():
                actions, odds = zip(*their.chance_outcomes(), strict=True)
                their.apply_action(rng.choices(actions, odds)[0])
                continue
            text = str(their)
            if "Extra turn: 0" in text:
                faces = text.split("Dice: ")[1].split()[0]
                dice = (int(faces[0]), int(faces[1]))
                own, other = spiel_sides(their, their.current_player())
                assert our_results(own, other, dice) == spiel_results(their), (text, dice)
                compared += 1
                doubles += dice[0] == dice[1]
            their.apply_action(rng.choice(their.legal_actions()))
    assert compared > 300 and doubles > 30, (compared, doubles)


# --------------------------------------------------------------------------- gnubg

GNUBG_SCRIPT = """
import json, sys
import gnubg
gnubg.command('set player 0 human')
gnubg.command('set player 1 human')
gnubg.command('set evaluation chequerplay evaluation plies 0')
gnubg.command('new match {match}')
answers = []
for gid, dice in json.load(open({cases!r})):
    gnubg.command('set gnubgid ' + gid)
    read_back = gnubg.positionid() + ':' + gnubg.matchid()
    gnubg.command('set dice %d %d' % tuple(dice))
    plays = [entry['move'] for entry in gnubg.hint(100000)['hint']]
    answers.append([read_back, plays])
json.dump(answers, open({answers!r}, 'w'))
"""


def gnubg_path() -> str | None:
    """The gnubg program, also where Debian installs games."""
    return shutil.which("gnubg") or shutil.which(
        "gnubg", path=os.pathsep.join([os.environ.get("PATH", ""), "/usr/games"])
    )




def sample_positions(count: int, rng: random.Random) -> list[BackgammonState]:
    """States about to play a whole throw, along random 5-point matches."""
    game = find_game("backgammon")
    found: list[BackgammonState] = []
    while len(found) < count:
        state = game.initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.current_player is CHANCE:
                state = state.apply(state.sample_chance(rng))
            else:
                assert isinstance(state, BackgammonState)
                whole = len(state.dice) == 4 or len(set(state.dice)) == 2
                if state.phase == MOVE and whole and rng.random() < 0.2:
                    found.append(state)
                state = state.apply(rng.choice(list(state.legal_moves())))
    return found


def test_complete_plays_and_ids_agree_with_gnubg(tmp_path: Path) -> None:
    program = gnubg_path()
    if program is None:
        pytest.skip("gnubg is not installed")
    rng = random.Random(20240612)
    states = sample_positions(GNUBG_POSITIONS, rng)
    cases = [(gnubg_id(s), (s.dice[0], s.dice[-1])) for s in states]
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    script = tmp_path / "check.py"
    script.write_text(GNUBG_SCRIPT.format(
        match=5, cases=str(tmp_path / "cases.json"), answers=str(tmp_path / "answers.json")))
    subprocess.run([program, "-t", "-q", "-p", str(script)], check=True, timeout=120,
                   capture_output=True, cwd=tmp_path)
    answers = json.loads((tmp_path / "answers.json").read_text())
    assert len(answers) == len(states)
    for state, (gid, dice), (their_id, plays) in zip(states, cases, answers, strict=True):
        assert their_id == gid, state.to_text()  # gnubg reads and writes back our ids
        own, other = state.sides()
        theirs = {play_sides(own, other, play) for play in plays} or {(own, other)}
        assert our_results(own, other, dice) == theirs, (state.to_text(), plays)
