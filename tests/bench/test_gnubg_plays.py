"""Our checker plays judged by gnubg: the turns, the ways of playing them, the table."""

from __future__ import annotations

from bench.peers.gnubg_plays import BASELINE, play_turn, report, turn_starts, ways, whole_throw
from engines.tables import MOVE, complete_plays


def test_the_turns_judged_have_a_choice_and_come_from_the_seed() -> None:
    turns = turn_starts(6, seed=3)
    assert len(turns) == 6
    assert [t.to_text() for t in turns] == [t.to_text() for t in turn_starts(6, seed=3)]
    assert [t.to_text() for t in turns] != [t.to_text() for t in turn_starts(6, seed=4)]
    for state in turns:
        assert state.phase == MOVE and whole_throw(state.dice)
        assert len(complete_plays(state.rules, *state.sides(), state.dice)) > 1


def test_a_whole_throw_is_one_not_yet_played() -> None:
    assert whole_throw((3, 5)) and whole_throw((2, 2, 2, 2))
    assert not whole_throw((2, 2)) and not whole_throw((5,)) and not whole_throw(())


def test_every_way_plays_a_whole_turn_to_one_of_its_complete_plays() -> None:
    state = turn_starts(1, seed=3)[0]
    plays = complete_plays(state.rules, *state.sides(), state.dice)
    deciders = ways()
    assert BASELINE in deciders and "expert" in deciders
    for decide in deciders.values():
        reached = play_turn(state, decide)
        assert reached.mover != state.mover or reached.phase != MOVE
        assert (reached.boards[state.mover], reached.boards[1 - state.mover]) in plays


def test_the_table_compares_each_way_with_the_baseline_on_the_same_turns() -> None:
    lost = {BASELINE: [0.02, 0.0, 0.01], "other": [0.0, 0.0, 0.01]}
    table = report(lost, {BASELINE: 0.001, "other": 0.05}).splitlines()
    assert len(table) == 4
    baseline_row, other_row = table[2], table[3]
    assert "0.0100" in baseline_row and "+0.0000" in baseline_row
    assert "0.0033" in other_row and "+0.0067" in other_row and "0.050" in other_row
