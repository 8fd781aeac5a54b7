"""The questions benchmark asks real thinking processes about a long game."""

from __future__ import annotations

import re

import pytest

from bench import worker_requests
from engines import find_game


def test_the_barricades_game_is_the_longest_the_rules_allow_and_ends_on_a_decision() -> None:
    moves = worker_requests.long_game("barricades")
    state = find_game("barricades").replay(moves)
    assert len(moves) > 2000
    assert not state.is_terminal() and not state.is_chance_node()
    assert worker_requests.decisions("barricades", moves)[-1] == len(moves)


def test_decisions_skip_the_throws_of_the_dice() -> None:
    moves = ["dice:3,1", "8/5", "6/5", "roll", "dice:6,4"]
    assert worker_requests.decisions("backgammon", moves) == [1, 2, 3, 5]


def test_it_asks_both_processes_and_ends_on_the_kept_figure(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--specs", "latrunculi:seneque", "--questions", "3", "--repeats", "1", "--gap", "0"]
    assert worker_requests.main(argv) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("empty questions: median ")
    rows = [
        [cell.strip() for cell in line.strip("|").split("|")]
        for line in lines[lines.index("") + 3:]
        if line.startswith("| `latrunculi:seneque`")
    ]
    assert [cells[3] for cells in rows] == ["replays", "keeps"]
    assert all(cells[2] == "3" and all(float(c) > 0 for c in cells[4:]) for cells in rows)
    assert re.fullmatch(r"request_overhead_ms=\d+\.\d", lines[-1])
    assert float(lines[-1].split("=")[1]) == float(rows[1][6])
