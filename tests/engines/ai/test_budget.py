"""Budgets and their clocks."""

from __future__ import annotations

import pickle
import time

import pytest

from engines.ai import Budget


def test_needs_seconds_or_nodes() -> None:
    with pytest.raises(ValueError, match="seconds or nodes"):
        Budget()
    with pytest.raises(ValueError):
        Budget(seconds=-1.0)
    with pytest.raises(ValueError):
        Budget(nodes=0)


def test_node_clock_never_runs_out_of_time() -> None:
    clock = Budget(nodes=10).start()
    assert not clock.out_of_time()
    assert not clock.exhausted(9)
    assert clock.exhausted(10)


def test_time_clock_keeps_a_margin() -> None:
    clock = Budget(seconds=0.05).start()
    assert not clock.exhausted(10**9)
    assert clock.deadline is not None and clock.deadline < clock.started + 0.05
    time.sleep(0.06)
    assert clock.out_of_time() and clock.exhausted(0)


def test_describe_and_pickle() -> None:
    assert Budget(seconds=3.0).describe() == "3 s"
    assert Budget(seconds=0.3).describe() == "0,3 s"
    assert Budget(seconds=1, nodes=20000).describe() == "1 s, 20\u202f000 nœuds"
    budget = Budget(seconds=0.3, nodes=5)
    assert pickle.loads(pickle.dumps(budget)) == budget
