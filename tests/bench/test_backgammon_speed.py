"""The backgammon evaluator's speed bench: what it samples, its table, its last line."""

from __future__ import annotations

import re

import pytest

from bench import backgammon_speed as bench
from engines.ai.backgammon_network import side_inputs
from engines.tables import CUBE, MOVE

ROW = re.compile(r"\| (.+) \| (\d+\.\d) (µs|ms) \| ([\d ]+) \|")


def in_contact(roller: tuple[int, ...], other: tuple[int, ...]) -> bool:
    return side_inputs(roller).far + side_inputs(other).far > 25


def test_the_samples_are_in_contact_and_of_their_kind() -> None:
    pairs, throws, cubes = bench.sample_positions(6, seed=1)
    assert len(pairs) == len(throws) == len(cubes) == 6
    assert all(in_contact(*pair) for pair in pairs)
    assert all(state.phase == MOVE and len(state.dice) >= 2 for state in throws)
    assert all(state.phase == CUBE and len(state.legal_moves()) == 2 for state in cubes)
    assert all(in_contact(*state.sides()) for state in throws + cubes)
    assert bench.sample_positions(6, seed=1)[0] == pairs


def test_every_measure_is_printed_and_the_cube_decision_last(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bench.main(["--positions", "4", "--repeat", "1"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    rows = {m[1]: m for m in map(ROW.fullmatch, lines) if m}
    assert list(rows) == [
        "network, both sides new", "network, both sides known", "network, plain definition",
        "best play of a throw", "checker play one throw on (expert)",
        "cube decision at once (joueur)",
        "cube decision one throw on (expert)",
    ]
    assert all(float(m[2]) > 0 for m in rows.values())
    expert = rows["cube decision one throw on (expert)"]
    assert lines[-1] == f"cube_decision_ms={expert[2]}"


def test_nothing_to_measure_is_refused() -> None:
    with pytest.raises(SystemExit):
        bench.main(["--positions", "0"])
