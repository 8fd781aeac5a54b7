"""Rithmomachie: the sub-cases of each capture that the sources' figures leave out
(geometric and harmonic progressions, the assault by product, the power taking its
root), the compilation's pyramid attacking by total or base, the ambush's "higher
numbered" victim, and the complete turns listed by the command line."""

from __future__ import annotations

import pytest

from engines.cli import main
from engines.outcomes import OutcomeCode
from engines.rithmomachie import CAPTURES
from tests.engines.test_rithmomachie_boissiere import (
    RESERVE,
    at,
    capture_kinds,
    play,
    position,
    take,
)

BOISSIERE = "rithmomachie:boissiere"
MEDIEVALE = "rithmomachie:medievale"
M_RESERVE = {"h1": "b289S", "a16": "n361S"}


# --------------------------------------------------------------------------- Boissière


@pytest.mark.parametrize(("captors", "victim", "kind", "detail"), [
    # 9, 12, 16: 16 - 9, 16 + 9, 16 x 9 and 16 / 9 make no 12
    (("n9C", "n16C"), "b12T", "progression", "9, 12, 16"),
    # 6, 8, 12: 12 / 6 = (12 - 8) / (8 - 6); no sum, difference, product or quotient
    (("n6C", "n8C"), "b12T", "progression", "6, 8, 12"),
    # 4, 6, 9 geometric, the victim the largest
    (("n4C", "n6C"), "b9C", "progression", "4, 6, 9"),
])
def test_geometric_and_harmonic_progressions(captors: tuple[str, str], victim: str,
                                             kind: str, detail: str) -> None:
    game, state = position(BOISSIERE, {"C2": captors[0], "D5": captors[1], "C4": victim,
                                       **RESERVE}, "noir")
    state = play(game, state, "C2-B3")
    move = take(state, "xC4")
    assert (move.kind, move.detail) == (kind, detail)
    assert set(move.captors) == {"B3", "D5"}


def test_assault_by_the_product_of_the_two_values() -> None:
    # 2 x 3 = 6 squares between them along row C (C5 to C10); 3 / 2 is no whole number
    game, state = position(BOISSIERE, {"D3": "n2C", "C11": "b3C", **RESERVE}, "noir")
    assert "xC11" not in capture_kinds(play(game, state, "D3-E4"))
    state = play(game, state, "D3-C4")
    move = take(state, "xC11")
    assert move.kind == "assaut" and move.detail == "2 × 3 = 6"
    # one square more or less between them and nothing happens
    for square in ("C10", "C12"):
        _, other = position(BOISSIERE, {"D3": "n2C", square: "b3C", **RESERVE}, "noir")
        assert f"x{square}" not in capture_kinds(play(game, other, "D3-C4"))


def test_assault_counts_the_squares_between_so_neighbours_never_take() -> None:
    # equal values: 5 / 5 = 1, one square between them, never none
    game, state = position(BOISSIERE, {"D3": "n5C", "C6": "b5C", **RESERVE}, "noir")
    state = play(game, state, "D3-C4")
    move = take(state, "xC6")
    assert (move.kind, move.captors, move.detail) == ("assaut", ("C4",), "5 / 5 = 1")
    _, neighbours = position(BOISSIERE, {"D3": "n5C", "C5": "b5C", **RESERVE}, "noir")
    after = play(game, neighbours, "D3-C4")  # now side by side on row C
    assert "xC5" not in capture_kinds(after)


def test_capture_first_by_assault_counts_the_squares_the_step_crosses() -> None:
    # a square slides three squares: two between it and the piece it takes first, 6 / 3 = 2
    _, state = position(BOISSIERE, {"C4": "n6S", "C7": "b3C", **RESERVE}, "noir")
    move = take(state, "C4xC7")
    assert (move.kind, move.detail) == ("assaut", "6 / 3 = 2")
    # 12 / 4 = 3 would have been three steps, but there are only two squares between
    _, state = position(BOISSIERE, {"C4": "n12S", "C7": "b4C", **RESERVE}, "noir")
    assert "C4xC7" not in capture_kinds(state)


def test_puissance_the_power_takes_its_root() -> None:
    # the triangle 9 steps to C4 and has the round 3 on C6 at one step: 9 = 3^2
    game, state = position(BOISSIERE, {"A4": "n9T", "C6": "b3C", **RESERVE}, "noir")
    state = play(game, state, "A4-C4")
    move = take(state, "xC6")
    assert move.kind == "puissance" and move.detail == "9 = 3^2"


def test_a_capture_needs_the_step_path_clear() -> None:
    # the square 15 on C6 would reach C3 by its three-step slide, but C4 is occupied
    game, state = position(BOISSIERE, {"A5": "n20T", "C6": "n15S", "C4": "b7C",
                                       "C3": "b25C", **RESERVE}, "noir")
    assert "xC3" not in capture_kinds(play(game, state, "A5-A3"))


def test_a_pose_followed_by_a_capture_in_the_same_turn() -> None:
    # noir poses the 9 it took on A1; the 9 reaches B2 diagonally: 81 = 9^2
    game, state = position(BOISSIERE, {"B2": "b81C", **RESERVE}, "noir",
                           prisoners=("9C", "-"))
    state = play(game, state, "9C@A1")
    assert state.phase == CAPTURES
    move = take(state, "xB2")
    assert move.kind == "puissance"
    state = state.apply(move)
    assert state.current_player == "blanc" and at(game, state, "a1").posed


def test_turns_lists_each_complete_turn(capsys: pytest.CaptureFixture[str]) -> None:
    # noir's square 15 leaps A2-B5; blanc's triangle 90 sliding B14-B12 then has six
    # squares between it and the 15 on row B (B6 to B11): 90 / 15 = 6
    assert main(["turns", BOISSIERE, "A2-B5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "B14-B12 xB5" in lines and "B14-B12 fin" in lines
    assert "G14-H12" in lines  # an irregular leap is a whole turn, with no capture
    # the only capture: from B14 (seven squares between) or any other square, none
    assert [line for line in lines if " x" in line] == ["B14-B12 xB5"]
    assert len(lines) == len(set(lines))


# --------------------------------------------------------------------------- compilation


def test_a_pyramid_attacks_with_its_total_or_its_base() -> None:
    pyramid = "b91P(36S.25S.16T.9T.4C.1C)"
    # it moves as its base, a square: three squares; the 36 there is taken by the base
    _, state = position(MEDIEVALE, {"d5": pyramid, "d8": "n36T", **M_RESERVE}, "blanc")
    move = take(state, "d5xd8")
    assert move.kind == "assault"
    # and by sally with its total: 91 x 2 = 182 next to it... no such piece; a 182 does
    _, state = position(MEDIEVALE, {"d5": pyramid, "e6": "n182S", **M_RESERVE}, "blanc")
    assert capture_kinds(state)["d5xe6"] == "sally"
    # a layer that is not the base does not attack: the 16 does not meet a 16
    _, state = position(MEDIEVALE, {"d5": pyramid, "d8": "n16T", **M_RESERVE}, "blanc")
    assert "d5xd8" not in capture_kinds(state)


def test_an_ambush_victim_is_higher_than_its_captors() -> None:
    # a posed layer 1 next to a 49 makes 1 x 49 = 49: the 49 is not "higher numbered"
    pieces = {"d8": "b49S", "c9": "n1C*", "e11": "n49T", **M_RESERVE}
    game, state = position(MEDIEVALE, pieces, "noir")
    assert "xd8" not in capture_kinds(play(game, state, "e11-e9"))
    # but 1 + 48 = 49 is a sum
    pieces = {"d8": "b49S", "c9": "n1C*", "e11": "n48T", **M_RESERVE}
    game, state = position(MEDIEVALE, pieces, "noir")
    assert capture_kinds(play(game, state, "e11-e9"))["xd8"] == "ambush"


def test_sally_can_take_a_whole_pyramid_by_its_base() -> None:
    # 3 x 12 = 36, the base of the 91 pyramid, twelve squares down the file
    pyramid = "b91P(36S.25S.16T.9T.4C.1C)"
    game, state = position(MEDIEVALE, {"g13": "n3C", "g2": pyramid, **M_RESERVE}, "noir")
    kinds = capture_kinds(state)
    assert kinds["g13xg2"] == "sally" and kinds["g13xg2:36"] == "sally"
    state = play(game, state, "g13xg2")
    assert at(game, state, "g2").value == 3 and len(state.prisoners[1]) == 6


def test_siege_needs_every_orthogonal_neighbour_on_the_board() -> None:
    # on the edge, three besiegers suffice
    pieces = {"a5": "n7C", "a4": "b2C", "a6": "b8C", "b5": "b4C", **M_RESERVE}
    _, state = position(MEDIEVALE, pieces, "blanc")
    assert capture_kinds(state)["xa5"] == "siege"
    _, state = position(MEDIEVALE, {**pieces, "b5": "n4C"}, "blanc")
    assert "xa5" not in capture_kinds(state)


def test_taking_the_last_of_the_pyramid_wins_with_a_line_already_standing() -> None:
    # blanc's rounds 2 4 6 8 stand on c4-f4 from the start: arithmetic and geometric;
    # the triumphs being judged anywhere, the capture of the pyramid is the win
    pieces = {"c4": "b2C", "d4": "b4C", "e4": "b6C", "f4": "b8C", "d6": "b8C",
              "d7": "n16P(16C)", **M_RESERVE}
    game, state = position(f"{MEDIEVALE},victoire=grand-triomphe", pieces, "blanc")
    assert state.outcome() is None
    after = play(game, state, "d6xd7")
    outcome = after.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.GRAND_TRIOMPHE
    assert "c4-d4-e4-f4" in outcome.reason
    # the greatest triumph needs the enemy half
    game, state = position(f"{MEDIEVALE},victoire=triomphe-supreme", pieces, "blanc")
    assert play(game, state, "d6xd7").outcome() is None
