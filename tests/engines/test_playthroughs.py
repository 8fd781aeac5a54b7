"""Golden playthroughs of every variant, and every fast playout agreeing with the rules.

A change in any game's behaviour — its positions, its legal decisions, its
chance, its ends, its fast playout — shows here as a diff of
``tests/engines/playthroughs/<variant>.txt``. When the change is meant,
``pytest tests/engines/test_playthroughs.py --update-playthroughs`` writes the
files again, and the diff is reviewed with the change.
"""

from __future__ import annotations

import difflib
import random
from pathlib import Path
from typing import Any

import pytest

from engines import all_specs, find_game
from engines.playthrough import fast_playout, file_name, record

FOLDER = Path(__file__).with_name("playthroughs")


@pytest.mark.parametrize("spec", all_specs())
def test_the_game_plays_as_its_golden_playthrough(
    spec: str, request: pytest.FixtureRequest
) -> None:
    path = FOLDER / file_name(spec)
    played = record(spec)
    if request.config.getoption("--update-playthroughs"):
        path.write_text(played, encoding="utf-8")
    assert path.is_file(), f"no playthrough for {spec}: run with --update-playthroughs"
    golden = path.read_text(encoding="utf-8")
    if played != golden:
        diff = difflib.unified_diff(
            golden.splitlines(), played.splitlines(), "golden", "now", n=2, lineterm=""
        )
        pytest.fail(f"{spec} plays differently:\n" + "\n".join(list(diff)[:60]))


def test_every_variant_has_its_playthrough_and_no_other() -> None:
    assert {p.name for p in FOLDER.glob("*.txt")} == {file_name(s) for s in all_specs()}


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("spec", all_specs())
def test_the_fast_playout_replays_through_the_rules(spec: str, seed: int) -> None:
    start = find_game(spec).initial_state()
    trace: list[Any] = []
    final = fast_playout(start, seed, trace)
    assert final.is_terminal() and trace
    state = start
    for move in trace:
        assert state.is_chance_node() or state.is_legal(move), (len(trace), str(move))
        state = state.apply(move)
    assert state.to_text() == final.to_text()
    assert state.outcome() == final.outcome()
    again = start.random_playout(random.Random(seed))  # the same game without its trace
    assert again.to_text() == final.to_text()
