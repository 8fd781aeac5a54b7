"""Backgammon's stakes and matches: gammons, the cube, Crawford, turn cap, random playouts."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines import find_game
from engines.backgammon import BackgammonState
from engines.core import CHANCE, TERMINAL, NotationError, State
from engines.outcomes import OutcomeCode
from engines.tables import ANSWER, CUBE, DICE, OPENING, TablesMove, complete_plays
from engines.walks import complete_turns
from tests.engines.backgammon_positions import (
    START,
    START_POINTS,
    backgammon,
    names,
    play,
    position,
)

# --------------------------------------------------------------------------- stakes


def last_checker(blanc: Mapping[int, int], cube: str = "1", spec: str = "backgammon:simple",
                 score: str = "0-0", bar: int = 0) -> BackgammonState:
    return play(position({1: 1}, blanc, phase="2,1", cube=cube, spec=spec, score=score,
                         bar=(0, bar)), "1/off")


def test_single_gammon_and_backgammon() -> None:
    single = last_checker({6: 5, 13: 5})
    outcome = single.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.SIMPLE
    assert outcome.scores == (("noir", 1), ("blanc", 0))
    gammon = last_checker({6: 5, 13: 10}).outcome()
    assert gammon is not None and gammon.code == OutcomeCode.GAMMON and gammon.score("noir") == 2
    backgammon = last_checker({6: 5, 13: 9, 20: 1}).outcome()  # blanc's 20 is in noir's home
    assert backgammon is not None and backgammon.code == OutcomeCode.BACKGAMMON
    assert backgammon.score("noir") == 3
    on_bar = last_checker({6: 5, 13: 9}, bar=1).outcome()
    assert on_bar is not None and on_bar.code == OutcomeCode.BACKGAMMON


def test_points_are_times_the_cube() -> None:
    state = last_checker({6: 5, 13: 10}, cube="4b", spec="backgammon,match=1")
    outcome = state.outcome()
    assert outcome is not None and outcome.score("noir") == 8
    in_match = last_checker({6: 5, 13: 10}, cube="2n", spec="backgammon,match=10")
    assert not in_match.is_terminal()  # 4 points of 10: the next manche begins
    assert in_match.to_text() == f"{START_POINTS} 0,0 - ouverture 1 4-0 - 0"
    assert any("4 points" in said for said in in_match.announcements())


def test_the_match_ends_at_the_target() -> None:
    state = last_checker({6: 5, 13: 10}, cube="2", spec="backgammon", score="2-3")
    assert state.is_terminal() and state.current_player is TERMINAL
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == ("noir",)
    assert outcome.scores == (("noir", 6), ("blanc", 3))
    assert "match en 5" in outcome.reason


# --------------------------------------------------------------------------- cube


def test_cube_offer_take_and_ownership() -> None:
    game = find_game("backgammon")
    state = play(game.initial_state(), "dice:6,5", "24/18", "18/13")
    assert state.current_player == "blanc" and names(state) == ["roll", "double"]
    offered = play(state, "double")
    assert offered.current_player == "noir" and names(offered) == ["take", "drop"]
    taken = play(offered, "take")
    assert (taken.cube, taken.owner) == (2, 0) and taken.current_player is CHANCE
    noir_turn = play(taken, "dice:3,1", "8/5", "6/5")
    assert names(noir_turn) == ["roll", "double"]  # noir holds the cube
    redoubled = play(noir_turn, "double", "take")
    assert (redoubled.cube, redoubled.owner) == (4, 1)
    blanc_turn = play(redoubled, "dice:2,1", "13/11", "11/10")
    assert blanc_turn.current_player == "blanc" and names(blanc_turn) == ["roll", "double"]
    noir_again = play(blanc_turn, "roll", "dice:4,2", "13/9", "13/11")
    assert noir_again.current_player is CHANCE  # noir cannot double: blanc holds the cube


def test_a_dropped_double_loses_the_stake_before_doubling() -> None:
    game = find_game("backgammon")
    state = play(game.initial_state(), "dice:6,5", "24/18", "18/13", "double", "drop")
    assert state.to_text() == f"{START_POINTS} 0,0 - ouverture 1 0-1 - 0"
    single = find_game("backgammon,match=1")
    over = play(single.initial_state(), "dice:6,5", "24/18", "18/13", "double", "drop")
    outcome = over.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.DROP
    assert outcome.winners == ("blanc",)
    assert outcome.score("blanc") == 1


def test_no_cube_means_no_doubling() -> None:
    game = find_game("backgammon:simple")
    state = play(game.initial_state(), "dice:6,5", "24/18", "18/13")
    assert state.current_player is CHANCE
    with pytest.raises(NotationError):
        game.from_text(f"{START_POINTS} 0,0 noir videau 1 0-0 - 0")


def test_no_crawford_rule_by_default() -> None:
    """The source lets either player double "à n'importe quel moment de la manche": in
    the manche after noir reaches 4 of 5, blanc may double, and so may noir."""
    assert backgammon().crawford_rule is False
    state = last_checker({6: 5, 13: 5}, spec="backgammon", score="3-0")
    assert state.crawford is False
    assert state.to_text() == f"{START_POINTS} 0,0 - ouverture 1 4-0 - 0"
    assert not any("Crawford" in said for said in state.announcements())
    tie = play(state, "dice:3,3")
    assert tie.cube == 2  # the automatic double too
    moved = play(state, "dice:6,5", "24/18", "18/13")
    assert names(moved) == ["roll", "double"]  # blanc, 1-4 behind, may double
    taken = play(moved, "double", "take")
    assert (taken.cube, taken.owner) == (2, 0)
    explicit = last_checker({6: 5, 13: 5}, spec="backgammon,crawford=false", score="3-0")
    assert explicit.to_text() == state.to_text()
    with pytest.raises(NotationError, match="crawford option"):
        backgammon().from_text(f"{START_POINTS} 0,0 - ouverture 1 4-0 crawford 0")


def test_crawford_manche_has_no_doubling_then_it_comes_back() -> None:
    """With the ``crawford`` option (the tournament rule)."""
    crawford = "backgammon,crawford=true"
    state = last_checker({6: 5, 13: 5}, spec=crawford, score="3-0")
    assert state.to_text() == f"{START_POINTS} 0,0 - ouverture 1 4-0 crawford 0"
    assert "Manche Crawford : pas de videau" in state.announcements()
    tie = play(state, "dice:3,3")
    assert tie.cube == 1  # no automatic double either
    moved = play(tie, "dice:6,5", "24/18", "18/13")
    assert moved.current_player is CHANCE  # blanc may not double
    ended = play(position({6: 5, 13: 5}, {1: 1}, player="blanc", phase="2,1", score="4-0",
                          crawford="crawford", spec=crawford), "1/off")
    assert ended.to_text() == f"{START_POINTS} 0,0 - ouverture 1 4-1 - 0"
    assert names(play(ended, "dice:6,5", "24/18", "18/13")) == ["roll", "double"]
    post = last_checker({6: 5, 13: 5}, spec=crawford, score="0-4")
    assert post.crawford is False  # 1-4: blanc reached 4 before, post-Crawford
    moved = play(post, "dice:6,5", "24/18", "18/13")
    assert names(moved) == ["roll", "double"]


def test_the_cube_has_no_cap() -> None:
    """The stakes rise "2 puis 4, puis 8, puis 16..." with no cap: at 64 the holder may
    still double, to 128, then the taker to 256, and so on."""
    at_64 = position({6: 5, 13: 5}, {6: 5, 13: 5}, phase="videau", cube="64n",
                     spec="backgammon,match=1")
    assert names(at_64) == ["roll", "double"]
    offered = play(at_64, "double")
    assert "l'enjeu passerait à 128" in " ".join(offered.announcements())
    taken = play(offered, "take")
    assert (taken.cube, taken.owner) == (128, 1)
    assert taken.to_text().split()[4] == "128b"
    blanc_turn = play(taken, "dice:6,5", "13/7", "13/8")
    assert blanc_turn.current_player == "blanc" and names(blanc_turn) == ["roll", "double"]
    again = play(blanc_turn, "double", "take")
    assert (again.cube, again.owner) == (256, 0)
    huge = position({1: 1}, {6: 5, 13: 10}, phase="2,1", cube=f"{1 << 20}b",
                    spec="backgammon,match=1")
    outcome = play(huge, "1/off").outcome()
    assert outcome is not None and outcome.score("noir") == 2 << 20  # a gammon
    dropped = play(position(START, START, phase="videau", cube="128b", player="blanc",
                            spec="backgammon,match=10", score="3-2"), "double", "drop")
    assert dropped.is_terminal() and dropped.score == (3, 130)


@pytest.mark.parametrize("word", ["3", "96", "0", "x", "-4"])
def test_the_cube_is_a_power_of_two(word: str) -> None:
    with pytest.raises(NotationError, match="power of two"):
        position(START, START, phase="videau", cube=word)


def test_automatic_double_on_opening_ties() -> None:
    state = play(find_game("backgammon").initial_state(), "dice:3,3")
    assert state.cube == 2 and state.owner == -1 and state.current_player is CHANCE
    assert "Doublement automatique : l'enjeu vaut 2" in state.announcements()
    assert play(state, "dice:4,4").cube == 2  # once by default
    off = play(find_game("backgammon,auto_doubles=0").initial_state(), "dice:3,3")
    assert off.cube == 1
    twice = play(find_game("backgammon,auto_doubles=2").initial_state(), "dice:3,3",
                 "dice:1,1", "dice:2,2")
    assert twice.cube == 4
    assert play(twice, "dice:6,1").cube == 4


# --------------------------------------------------------------------------- endings, playouts


def test_turn_cap_stops_the_manche_as_a_draw() -> None:
    state = position(START, START, phase="6,5", turn=49, spec="backgammon,max_turns=50")
    over = play(state, "24/18", "18/13")
    outcome = over.outcome()
    assert outcome is not None and outcome.is_draw and outcome.code == OutcomeCode.MOVE_CAP
    assert find_game("backgammon,max_turns=50").ending().move_cap == 50


@pytest.mark.parametrize("spec", ["backgammon", "backgammon:simple"])
def test_fast_playout_follows_the_rules(spec: str) -> None:
    game = find_game(spec)
    for seed in range(3):
        trace: list[TablesMove] = []
        start = game.initial_state()
        assert isinstance(start, BackgammonState)
        final = start.playout(random.Random(seed), trace)
        state: State = start
        for move in trace:
            state = state.apply(move)
        assert state.to_text() == final.to_text() and state.is_terminal()


def test_complete_plays_match_the_atomic_turns() -> None:
    from engines.backgammon import RULES

    rng = random.Random(4)
    game = find_game("backgammon:simple")
    state: State = game.initial_state()
    checked = 0
    while not state.is_terminal() and checked < 40:
        if state.current_player is CHANCE:
            state = state.apply(state.sample_chance(rng))
            continue
        assert isinstance(state, BackgammonState)
        own, other = state.sides()
        plays = complete_plays(RULES, own, other, state.dice)
        turns = complete_turns(state)
        mover = state.mover
        results = set()
        for _, after in turns:
            assert isinstance(after, BackgammonState)
            results.add((after.boards[mover], after.boards[1 - mover]))
        assert set(plays) == results
        checked += 1
        state = turns[rng.randrange(len(turns))][1]


@pytest.mark.parametrize("spec", ["backgammon,match=10", "backgammon,match=20,crawford=true",
                                  "backgammon,match=5,crawford=true,auto_doubles=3",
                                  "backgammon,match=5,auto_doubles=3",
                                  "backgammon,cube=false"])
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_matches_keep_the_rules(spec: str, seed: int) -> None:
    """Along random matches: 15 checkers a side, no point shared, the cube a power of
    two held by the last taker, scores that only grow, one Crawford manche at most
    (only with the option), right after a player reaches one point from the target."""
    game = backgammon(spec)
    rng = random.Random(seed)
    state: State = game.initial_state()
    crawford_manches = 0
    previous: BackgammonState | None = None
    while True:
        assert isinstance(state, BackgammonState)
        noir, blanc = state.boards
        assert sum(noir) == sum(blanc) == 15
        assert not any(noir[p] and blanc[25 - p] for p in range(1, 25))
        assert state.cube >= 1 and state.cube & (state.cube - 1) == 0
        if not game.cube_on:
            assert state.owner == -1 and state.phase not in (CUBE, ANSWER)
        if previous is not None:
            assert all(a <= b for a, b in zip(previous.score, state.score, strict=True))
            if previous.phase == ANSWER and state.phase == DICE:  # taken
                assert (state.cube, state.owner) == (2 * previous.cube, 1 - previous.mover)
            new_manche = state.phase == OPENING and previous.phase != OPENING
            if new_manche and state.crawford:
                crawford_manches += 1
                assert game.match - 1 in state.score
                assert game.match - 1 not in previous.score
        if state.is_terminal():
            break
        previous = state
        if state.current_player is CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(list(state.legal_moves())))
    assert crawford_manches <= (1 if game.crawford_rule else 0)
    outcome = state.outcome()
    assert outcome is not None
    if not outcome.is_draw:
        assert max(state.score) >= game.match
