"""Rithmomachie's evaluator, term by term: material by value, pyramid safety, threatened
pieces, progress toward the agreed victory and the formation begun in the enemy camp."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engines.ai.eval_rithmomachie import progress, pyramid_safety
from engines.ai.evaluation import evaluator_for
from engines.core import State
from tests.engines.test_rithmomachie_boissiere import RESERVE, position

BOISSIERE = "rithmomachie:boissiere"
PYRAMID = "n91P(36S.25S.16T.9T.4C.1C)"


def _evaluator(spec: str) -> Callable[[State, str], float]:
    game, _ = position(spec, RESERVE, "noir")
    evaluate = evaluator_for(game)
    assert evaluate is not None
    return evaluate


def test_material_counts_the_values_taken_not_only_the_pieces() -> None:
    evaluate = _evaluator(BOISSIERE)
    _, small = position(BOISSIERE, RESERVE, "blanc", prisoners=("3C", "-"))
    _, large = position(BOISSIERE, RESERVE, "blanc", prisoners=("120S", "-"))
    # corps counts pieces: one each; the 120 is still worth more than the 3
    assert evaluate(large, "noir") > evaluate(small, "noir") + 0.02


def test_a_pyramid_with_enemies_around_it_is_less_safe() -> None:
    evaluate = _evaluator(BOISSIERE)
    # the round 7 can take nothing of the pyramid (91 = 7 x 13 needs a second captor)
    _, close = position(BOISSIERE, {"E5": PYRAMID, "D4": "b7C", **RESERVE}, "noir")
    _, far = position(BOISSIERE, {"E5": PYRAMID, "H4": "b7C", **RESERVE}, "noir")
    assert pyramid_safety(close, 0) < pyramid_safety(far, 0) == 1.0
    assert evaluate(close, "noir") < evaluate(far, "noir")
    _, bitten = position(BOISSIERE, {"E5": "n55P(25S.16T.9T.4C.1C)", "H4": "b7C",
                                     **RESERVE}, "noir")
    assert pyramid_safety(bitten, 0) == pytest.approx(55 / 91)
    assert evaluate(bitten, "noir") < evaluate(far, "noir")


@pytest.mark.parametrize("mover", ["noir", "blanc"])
def test_a_piece_left_en_prise_is_feared(mover: str) -> None:
    evaluate = _evaluator(BOISSIERE)
    # noir's round 4 on B1 has C2 at one diagonal step: 16 = 4^2 there, but not on G2
    _, en_prise = position(BOISSIERE, {"B1": "n4C", "C2": "b16T", **RESERVE}, mover)
    _, safe = position(BOISSIERE, {"B1": "n4C", "G2": "b16T", **RESERVE}, mover)
    assert evaluate(en_prise, "blanc") < evaluate(safe, "blanc") - 0.02
    assert evaluate(en_prise, "noir") > evaluate(safe, "noir") + 0.02


@pytest.mark.parametrize(("victory", "prisoners", "closer"), [
    ("corps,pieces=4", ("3C,5C", "3C"), ("3C,5C,7C", "3C")),
    ("bien,somme=100", ("49C", "-"), ("36T,49C", "-")),
    ("proces,chiffres=6", ("49C", "-"), ("49C,120S", "-")),
])
def test_progress_toward_the_agreed_victory(victory: str, prisoners: tuple[str, str],
                                            closer: tuple[str, str]) -> None:
    spec = f"{BOISSIERE},victoire={victory}"
    _, before = position(spec, RESERVE, "noir", prisoners=prisoners)
    _, after = position(spec, RESERVE, "noir", prisoners=closer)
    assert progress(after, 0) > progress(before, 0)
    evaluate = _evaluator(spec)
    assert evaluate(after, "noir") > evaluate(before, "noir")


def test_a_progression_begun_in_the_enemy_camp_counts_before_the_pyramid_falls() -> None:
    spec = f"{BOISSIERE},victoire=mediocre"
    enemy = {"A15": "b190P(64S.49S.36T.25T.16C)"}
    lined = {"C9": "n56T*", "C10": "n16C", "C11": "n36C", **RESERVE, **enemy}
    scattered = {"C9": "n56T*", "E11": "n16C", "G13": "n36C", **RESERVE, **enemy}
    _, good = position(spec, lined, "blanc")
    _, poor = position(spec, scattered, "blanc")
    assert progress(good, 0) > progress(poor, 0)
    # the pyramid still counts far more than the formation
    _, gone = position(spec, scattered | {"A15": "b16P(16C)"}, "blanc")
    assert progress(gone, 0) > progress(good, 0)


def test_a_formation_counts_only_the_progressions_the_agreed_victory_names() -> None:
    # 16, 36, 56 in line is arithmetic: it brings a médiocre arithmétique closer than a
    # médiocre géométrique, where only its pieces in line count
    enemy = {"A15": "b190P(64S.49S.36T.25T.16C)"}
    lined = {"C9": "n56T*", "C10": "n16C", "C11": "n36C", **RESERVE, **enemy}
    _, arith = position(f"{BOISSIERE},victoire=mediocre-arith", lined, "blanc")
    _, geo = position(f"{BOISSIERE},victoire=mediocre-geo", lined, "blanc")
    _, any_kind = position(f"{BOISSIERE},victoire=mediocre", lined, "blanc")
    assert progress(arith, 0) == pytest.approx(progress(any_kind, 0))
    assert progress(arith, 0) > progress(geo, 0)
