"""Reading gnubg's cube analysis, and the equity a cube decision loses by it."""

from __future__ import annotations

import pytest

from bench.peers.gnubg_cube import CubeAnalysis, cube_positions, parse_analyses

OUTPUT = """
Setting GNUbg ID 4NuMAQbg2+ARIA:cAmgAAAAAAAA

Cube analysis
2-ply cubeless equity -0.132 (Money: -0.137)
  0.465 0.074 0.002 - 0.535 0.138 0.004
Cubeful equities:
1. No double           -0.180
2. Double, pass        +1.000  (+1.180)
3. Double, take        -0.638  (-0.458)
Proper cube action: No double, take (28.0%)

Setting GNUbg ID sGfDAWCz7QIBEg:cAmgABAAAAAA
The cube is dead.

Setting GNUbg ID n3n1:cAmgAAAAAAAA

Cube analysis
Cubeful equities:
1. Double, pass        +1.000
2. Double, take        +1.293  (+0.293)
3. No double           +0.962  (-0.038)
Proper cube action: Double, pass
"""


def test_every_position_gets_its_analysis_or_none() -> None:
    assert parse_analyses(OUTPUT) == [
        CubeAnalysis(no_double=-0.180, take=-0.638, drop=1.000),
        None,
        CubeAnalysis(no_double=0.962, take=1.293, drop=1.000),
    ]


def test_losses_against_the_proper_action() -> None:
    no_double_take = CubeAnalysis(no_double=-0.180, take=-0.638, drop=1.000)
    assert no_double_take.double_loss(False) == 0.0
    assert no_double_take.double_loss(True) == pytest.approx(0.458)
    assert no_double_take.answer_loss(True) == 0.0
    assert no_double_take.answer_loss(False) == pytest.approx(1.638)
    double_pass = CubeAnalysis(no_double=0.962, take=1.293, drop=1.000)
    assert double_pass.double_loss(True) == 0.0
    assert double_pass.double_loss(False) == pytest.approx(0.038)
    assert double_pass.answer_loss(True) == pytest.approx(0.293)
    assert double_pass.answer_loss(False) == 0.0


def test_the_seed_numbers_the_matches_played() -> None:
    # --seed 5 plays match 5 alone; --seed 4 --matches 2 plays matches 4 and 5
    alone = [state.to_text() for state in cube_positions(1, seed=5)]
    both = [state.to_text() for state in cube_positions(2, seed=4)]
    assert alone and len(both) > len(alone)
    assert both[-len(alone):] == alone and both[:len(alone)] != alone
