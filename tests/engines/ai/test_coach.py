"""The coach: decisions weighed against the best, the reasons in plain words, the review."""

from __future__ import annotations

import pytest

from engines import find_game
from engines.ai import solver_for
from engines.ai.coach import Scale, judge
from engines.ai.reasons import move_points, reason_for
from engines.ai.reasons_backgammon import shots
from engines.ai.reasons_jacquet import longest_block
from engines.cli import main
from engines.shutthebox import Close

NODES = 20_000
"""A node budget: the same judgement on any machine."""


def test_the_best_decision_loses_nothing_and_values_come_best_first() -> None:
    game = find_game("moulin")
    state = game.replay(["a1", "d2", "a4"])
    verdict = judge(state, game.parse_move(state, "d3"), seconds=None, nodes=NODES)
    assert [value for _, value in verdict.values] == sorted(
        (value for _, value in verdict.values), reverse=True)
    assert len(verdict.values) == len(state.legal_moves())
    best = judge(state, verdict.best, seconds=None, nodes=NODES)
    assert best.loss == 0.0 and not best.flagged
    assert verdict.loss > 0.0


def test_a_mill_let_through_is_flagged_with_its_point() -> None:
    """Blanc has a1 and a4: noir must block a7, or blanc closes the mill there."""
    game = find_game("moulin")
    state = game.replay(["a1", "d2", "a4"])
    verdict = judge(state, game.parse_move(state, "d3"), seconds=None, nodes=NODES)
    assert verdict.flagged
    assert str(verdict.best) == "a7"
    reason = reason_for(state, verdict)
    assert reason.fr == ("Ce coup laisse passer un moulin : l'adversaire peut le fermer en a7 "
                         "et prendre un pion.")
    assert reason.en.startswith("This move lets a mill through: your opponent can close it on a7")
    assert reason.points == ("a7",)


def test_the_lesson_of_false_alignments_answered_and_missed() -> None:
    """The moulin lesson "Les faux alignements" asks blanc for a real mill (a7 or g1); noir
    threatens its own on d7 (d5, d6). A mill or the block is fine; e4 does neither and
    lets noir's mill through."""
    game = find_game("moulin")
    state = game.from_text(".../.N./.N./B...../.N./.../BB. blanc 6,6 - 0")
    for fine in ("a7", "g1", "d7"):
        assert not judge(state, game.parse_move(state, fine), seconds=None,
                         nodes=NODES).flagged, fine
    verdict = judge(state, game.parse_move(state, "e4"), seconds=None, nodes=NODES)
    assert verdict.flagged
    assert reason_for(state, verdict).fr == (
        "Ce coup laisse passer un moulin : l'adversaire peut le fermer en d7 et prendre un "
        "pion.")


def test_a_corner_given_at_reversi() -> None:
    """Noir's g7, beside the empty corner h8, lets blanc take it."""
    game = find_game("reversi:othello")
    state = game.from_text(
        "......../..B...../..BBB.B./N.BBNNNN/NNBBNBN./N..BNN../..BBNB../...B.... noir")
    verdict = judge(state, game.parse_move(state, "g7"), seconds=None, nodes=NODES)
    assert verdict.flagged
    reason = reason_for(state, verdict)
    assert reason.fr.startswith("Ce coup donne le coin h8 à l'adversaire")
    assert reason.en.startswith("This move gives your opponent the corner h8")
    assert reason.points == ("h8",) and [str(m) for m in reason.line] == ["h8"]


def test_the_king_let_out_at_tablut() -> None:
    """The Muscovite leaving i5 opens the king's row to the edge."""
    game = find_game("tablut")
    state = game.from_text(
        "...NNNB../...B.B.../.B......./N.....N../.NB.R...N/N...B.NNN/....B..../"
        "..N....../.N..NN... noir 17")
    verdict = judge(state, game.parse_move(state, "i5-i6"), seconds=None, nodes=NODES)
    assert verdict.flagged and verdict.loss > 0.3
    reason = reason_for(state, verdict)
    assert "roi, en e5, un chemin libre jusqu'au bord" in reason.fr
    assert "king on e5 a free way to the edge" in reason.en
    assert "e5" in reason.points


def test_a_capture_missed_at_rithmomachie_names_the_rule() -> None:
    """A15 could take F10 by assault (16 / 4 = 4); moving B13 takes nothing."""
    game = find_game("rithmomachie:boissiere")
    state = game.from_text(
        "3,n25S,n9T,6,b120S,1,b100T,b190P(64S.49S.36T.25T.16C),b361S/n81S,8,b90T,2,b81C,1,"
        "b36T,b225S/1,n25T,n4C,n2C,n6T,7,b9C,b12T,b64T,b30T/1,n20T,n16C,n4C,n6C,5,b7C,2,b49C,"
        "b56T,b121S/n45S,n153S,n36C,n72T,8,b5C,b25C,2/6,n64C,2,n91P(36S.25S.16T.9T.4C.1C),1,"
        "b49S,2,b3C,1/n169S,1,n42T,n49T,n8C,5,n15S,b28S,b9C,1,b66S,1/n289S,1,n81T,12,b16T "
        "blanc - noir=- blanc=- 45")
    verdict = judge(state, game.parse_move(state, "B13-C12"), seconds=None, nodes=NODES)
    assert verdict.flagged
    reason = reason_for(state, verdict)
    assert reason.fr == ("Vous pouviez prendre la pièce en F10 avec A15, par assaut "
                         "(16 / 4 = 4).")
    assert reason.en == "You could take the piece on F10 with A15, by assault (16 / 4 = 4)."
    assert reason.points == ("F10", "A15")


def test_an_officer_let_into_a_trap_at_assaut() -> None:
    """The officer stepping from d4 to c4 is shut in by e3-d4: soldiers on b4, d4, c5
    and c3, with soldiers behind each to stop a jump."""
    game = find_game("assaut")
    state = game.from_text("O../S.S/SSS..S./SS.OSSS/S.SSSSS/SSS/SSS officiers 0 - 21")
    verdict = judge(state, game.parse_move(state, "d4-c4"), seconds=None, nodes=8000)
    assert verdict.flagged and str(verdict.reply) == "e3-d4"
    reason = reason_for(state, verdict)
    assert reason.fr == ("Ce coup laisse l'officier en c4 se faire enfermer : l'adversaire "
                         "répond e3-d4 et il ne peut plus bouger.")
    assert reason.en.startswith("This move lets the officer on c4 be shut in")
    assert reason.points[0] == "c4"


@pytest.mark.parametrize(("spec", "text", "move"), [
    ("assaut", "O../.../SSSOSSS/SSS..SS/SS.SSSS/SSS/SSS soldats 0 - 10", "e5-d6"),
    ("latrunculi:seneque",
     "N.B.BNNN/BB.B..../.N...BNB/N.NBBN.N/..NBBNB./.B...BN./NBBNN.BB/B.BN.NNN blanc 0,0 - "
     "f2-h2,g7-g8 2", "e4-e6"),
])
def test_a_piece_left_to_be_taken(spec: str, text: str, move: str) -> None:
    """The soldier on e5 steps away and the officer jumps the one left; blanc's e4-e6
    leaves a piece between noir's."""
    game = find_game(spec)
    state = game.from_text(text)
    verdict = judge(state, game.parse_move(state, move), seconds=None, nodes=NODES)
    assert verdict.flagged
    reply = str(verdict.reply)
    reason = reason_for(state, verdict)
    assert reason.fr == f"Ce coup laisse un pion à prendre : l'adversaire répond {reply}."
    assert reason.en == f"This move leaves a piece to be taken: your opponent answers {reply}."
    assert [str(m) for m in reason.line] == [reply]


def test_a_win_in_one_missed_at_tablut() -> None:
    """The king on e5 wins at once by e5-g5, two free ways to the edge (g5 up and down);
    b7-c7 plays elsewhere."""
    game = find_game("tablut")
    state = game.from_text(
        "...NN..N./....N...B/.B.....N./NN..B..../..BBR..BN/N...B...N/...B...N./..N..N.../"
        "....NN... blanc 22")
    verdict = judge(state, game.parse_move(state, "b7-c7"), seconds=None, nodes=NODES)
    assert verdict.flagged and str(verdict.best) == "e5-g5"
    reason = reason_for(state, verdict)
    assert reason.fr == ("Vous pouviez gagner tout de suite en jouant e5-g5 : deux chemins "
                         "libres vers le bord.")
    assert reason.en == "You could win at once with e5-g5: two free paths to the edge."
    assert reason.points == ("g5",) and reason.line == (verdict.best,)


def test_the_slot_of_an_opening_two_one_is_hit_by_fifteen_throws() -> None:
    """13/11 6/5 leaves a blot four pips from the back checkers: 15 throws hit it (every
    4, 3-1, 1-3, 2-2 and 1-1), the classic count."""
    game = find_game("backgammon:simple")
    assert shots(game.replay(["dice:2,1", "13/11", "6/5"])) == 15
    assert shots(game.replay(["dice:3,1", "8/5", "6/5"])) == 0


JACQUET_GAME = (
    "dice:6,1 24/23 23/17 dice:6,1 24/23 23/17 dice:2,1 17/16 16/14 dice:5,4 17/13 13/8 "
    "dice:6,1 14/8 8/7 dice:1,1 8/7 7/6 24/23 6/5 dice:6,5 7/2 24/18 dice:4,4 23/19 19/15 "
    "15/11 5/1 dice:4,2 18/14 24/22 dice:5,3 24/21 24/19 dice:3,2 22/20 24/21 dice:6,4 19/15 "
    "11/5 dice:3,2 20/18 24/21 dice:4,3 15/11 24/21 dice:4,1 24/20 21/20 dice:2,1 21/19 21/20 "
    "dice:3,2 18/15 20/18 dice:5,2 24/19 20/18 dice:3,1 2/1 24/21 dice:6,1 24/23 11/5 "
    "dice:6,4 24/20 14/8 dice:6,2 19/17 17/11 dice:4,3 8/5 24/20 dice:4,3 24/21 19/15 "
    "dice:4,4 18/14 20/16 20/16 20/16 dice:6,5 23/18 21/15 dice:6,5 16/10 21/16 dice:2,1 "
    "18/16 11/10 dice:3,1 15/14 14/11 dice:5,1 16/11 15/14 dice:2,2 10/8 11/9 16/14 16/14 "
    "dice:5,2 18/16 24/19 dice:5,5 24/19 16/11 11/6 19/14 dice:3,1 10/7 24/23 dice:4,1 "
    "24/20 6/5 dice:6,2 11/5 7/5 dice:5,3 24/19 24/21 dice:3,2 14/11 24/22 dice:3,2")


def test_a_block_given_up_at_jacquet() -> None:
    game = find_game("jacquet")
    state = game.replay(JACQUET_GAME.split())
    verdict = judge(state, game.parse_move(state, "20/18"))
    assert verdict.flagged and verdict.method == "turns"
    reason = reason_for(state, verdict)
    assert reason.fr == ("Le meilleur jeu tenait 4 flèches de suite, un bloc qui retient "
                         "l'adversaire ; celui-ci n'en tient que 2.")
    assert reason.en.startswith("The best play held 4 points in a row")
    side = [0] * 26
    for point in (3, 7, 8, 9, 10, 11, 12, 20):
        side[point] = 1
    assert longest_block(tuple(side)) == 6


def test_shut_the_box_values_are_the_solvers_and_its_reason_gives_the_chances() -> None:
    game = find_game("shut-the-box")
    state = game.replay(["dice:6,5"])
    solver = solver_for(game)
    assert solver is not None
    worst = min(state.legal_moves(), key=lambda move: judge(state, move).value_of(move))
    verdict = judge(state, worst)
    assert verdict.scale is Scale.SHARE and verdict.method == "solver"
    assert verdict.best == solver.best_move(state)  # type: ignore[attr-defined]
    reason = reason_for(state, verdict)
    assert isinstance(verdict.best, Close)
    assert reason.fr.startswith(f"fermer {' + '.join(map(str, verdict.best.boxes))} : ")
    assert "de chances de gagner" in reason.fr and "chance of winning" in reason.en
    alone = find_game("shut-the-box,players=1")
    solo = alone.replay(["dice:6,5"])
    points = judge(solo, worst)
    assert points.scale is Scale.POINTS
    assert "points en moyenne à la fin" in reason_for(solo, points).fr


def test_a_losing_sowing_loses_the_whole_game_by_the_solver() -> None:
    game = find_game("multitchoukatro")
    state = game.initial_state()
    verdict = judge(state, game.parse_move(state, "6"))
    values = dict(verdict.values)
    assert set(values.values()) <= {0.0, 1.0}
    assert verdict.loss == values[verdict.best] - values[verdict.move]


def test_an_illegal_or_chance_decision_cannot_be_judged() -> None:
    game = find_game("moulin")
    start = game.initial_state()
    with pytest.raises(ValueError, match="not a legal decision"):
        judge(game.replay(["a1"]), game.parse_move(start, "a1"), nodes=100)
    dice = find_game("backgammon").initial_state()
    with pytest.raises(ValueError, match="no decision to judge"):
        judge(dice, next(iter(dice.legal_moves())), nodes=100)


def test_move_points_read_the_notation() -> None:
    assert move_points("d6-d5-d3") == ("d6", "d5", "d3")
    assert move_points("xd6") == ("d6",)
    assert move_points("24/18") == ("24", "18")


def test_review_prints_each_decision_with_its_verdict(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    code = main(["review", "moulin", "a1", "d2", "a4", "d3", "--nodes", str(NODES),
                 "--lang", "en"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0 and len(lines) == 4
    assert lines[0].startswith("1\tblanc\ta1\tloss ")
    assert lines[3].split("\t")[:3] == ["4", "noir", "d3"]
    assert "mistake\tbest: a7\tThis move lets a mill through" in lines[3]
    assert main(["review", "moulin", "a1", "--nodes", "0"]) == 2
