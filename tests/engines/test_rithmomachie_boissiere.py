"""Rithmomachie after Boutin/Boissière: the article's figures as positions, pyramids,
poses, victories, notation and position text."""

from __future__ import annotations

from collections import Counter

import pytest

from engines import find_game
from engines.core import IllegalMoveError, NotationError, SpecError
from engines.outcomes import OutcomeCode
from engines.rithmomachie import CAPTURES, FIRST, MOVE, Piece, RithmoState, Strike, Take
from engines.rithmomachie.game import Rithmomachie
from engines.walks import complete_turns

BOISSIERE = "rithmomachie:boissiere"


def position(
    spec: str,
    pieces: dict[str, str],
    player: str,
    prisoners: tuple[str, str] = ("-", "-"),
    phase: str = "-",
    turns: int = 0,
) -> tuple[Rithmomachie, RithmoState]:
    """The game and the position with ``pieces`` (square name -> token like ``n25S``)."""
    game = find_game(spec)
    assert isinstance(game, Rithmomachie)
    board = game.board
    known = {name.lower(): token for name, token in pieces.items()}
    assert all(name in board.index for name in known), "unknown square"
    rows = []
    for y in range(board.height):
        tokens: list[str] = []
        run = 0
        for x in range(board.width):
            token = known.get(board.names[y * board.width + x].lower())
            if token is None:
                run += 1
                continue
            if run:
                tokens.append(str(run))
                run = 0
            tokens.append(token)
        if run:
            tokens.append(str(run))
        rows.append(",".join(tokens))
    first, second = game.players
    text = (f"{'/'.join(rows)} {player} {phase} {first}={prisoners[0]} "
            f"{second}={prisoners[1]} {turns}")
    state = game.from_text(text)
    assert state.to_text() == text
    return game, state


def rithmo(spec: str) -> Rithmomachie:
    game = find_game(spec)
    assert isinstance(game, Rithmomachie)
    return game


def at(game: Rithmomachie, state: RithmoState, name: str) -> Piece:
    """The piece on the square ``name`` (there must be one)."""
    found = state.board[game.board.index[name.lower()]]
    assert found is not None, f"no piece on {name}"
    return found


def play(game: Rithmomachie, state: RithmoState, *moves: str) -> RithmoState:
    for text in moves:
        state = state.apply(game.parse_move(state, text))
    return state


def take(state: RithmoState, text: str) -> Take:
    """The legal capture written ``text``."""
    found = [m for m in state.legal_moves() if str(m) == text]
    assert found, f"{text} not among {[str(m) for m in state.legal_moves()]}"
    move = found[0]
    assert isinstance(move, Take | Strike)
    return move  # type: ignore[return-value]


def capture_kinds(state: RithmoState) -> dict[str, str]:
    return {str(m): m.kind for m in state.legal_moves() if isinstance(m, Take | Strike)}


# Pieces far from the action, so that each side can still move.
RESERVE = {"H8": "n289S", "A16": "b49S"}


# --------------------------------------------------------------------------- the start


def test_start_follows_the_rulings_and_the_source_lists() -> None:
    game = rithmo(BOISSIERE)
    state = game.initial_state()
    assert state.current_player == "noir"
    by_side: dict[int, Counter[str]] = {0: Counter(), 1: Counter()}
    for _, p in enumerate(state.board):
        if p is not None:
            by_side[p.side][p.shape] += 1
            if p.is_pyramid:
                assert p.value == (91 if p.side == 0 else 190)
    assert by_side[0] == Counter({"C": 8, "T": 8, "S": 7, "P": 1})
    assert by_side[1] == Counter({"C": 8, "T": 8, "S": 7, "P": 1})
    values = {side: sorted(p.value for p in state.board if p is not None and p.side == side
                           and not p.is_pyramid) for side in (0, 1)}
    assert values[0] == sorted([2, 4, 6, 8, 4, 16, 36, 64, 6, 9, 20, 25, 42, 49, 72, 81,
                                15, 25, 45, 81, 153, 169, 289])
    assert values[1] == sorted([3, 5, 7, 9, 9, 25, 49, 81, 12, 16, 30, 36, 56, 64, 90, 100,
                                28, 49, 66, 120, 121, 225, 361])
    assert at(game, state, "g2").layers == (
        ("S", 36), ("S", 25), ("T", 16), ("T", 9), ("C", 4), ("C", 1))
    assert at(game, state, "a15").layers == (
        ("S", 64), ("S", 49), ("T", 36), ("T", 25), ("C", 16))
    assert at(game, state, "c4").value == 2
    assert at(game, state, "f13").value == 3
    assert all(p is None or (p.side == 0) == (game.board.number(sq) <= 8)
               for sq, p in enumerate(state.board))


def test_first_player_is_an_option() -> None:
    assert find_game(f"{BOISSIERE},first=blanc").initial_state().current_player == "blanc"


def test_opening_moves_are_regular_and_irregular_only() -> None:
    game = rithmo(BOISSIERE)
    moves = [str(m) for m in game.initial_state().legal_moves()]
    # the round 2 on C4 steps diagonally; the triangle 25 on C2 leaps like a knight;
    # the square 25 on A1 leaps like a camel; nothing slides through a piece
    assert {"C4-D5", "C4-B5", "C2-B4", "A1-B4"} <= set(moves)
    assert "C4-C5" not in moves and "C2-C4" not in moves
    assert all("x" not in m and "@" not in m for m in moves)


# --------------------------------------------------------------------------- captures


def test_figure_14_rencontre() -> None:
    game, state = position(BOISSIERE, {"D3": "b25C", "B1": "n25S", **RESERVE}, "blanc")
    assert "xB1" not in capture_kinds(state)
    state = play(game, state, "D3-C2")
    assert state.phase == CAPTURES and state.current_player == "blanc"
    move = take(state, "xB1")
    assert move.kind == "rencontre" and move.captors == ("C2",)
    after = state.apply(move)
    assert after.board[game.board.index["b1"]] is None
    assert after.prisoners[1] == ((25, "S", True),)
    assert after.current_player == "noir"


def test_figure_15_embuche_sum_of_two_captors() -> None:
    game, state = position(BOISSIERE, {"C2": "n4C", "D5": "n8C", "C4": "b12T", **RESERVE},
                           "noir")
    state = play(game, state, "C2-B3")
    move = take(state, "xC4")
    assert move.kind == "embuche" and move.detail == "12 = 8 + 4"
    assert set(move.captors) == {"B3", "D5"}


@pytest.mark.parametrize(("partner", "victim", "sign"), [
    ("n9C", "b5C", "-"), ("n9C", "b36C", "×"), ("n12C", "b3C", "/")])
def test_embuche_difference_product_quotient(partner: str, victim: str, sign: str) -> None:
    game, state = position(BOISSIERE, {"C2": "n4C", "D5": partner, "C4": victim, **RESERVE},
                           "noir")
    assert "xC4" not in capture_kinds(play(game, state, "H8-E8"))
    state = play(game, state, "C2-B3")
    move = take(state, "xC4")
    assert move.kind == "embuche" and f" {sign} " in move.detail


# Figure 16 as one position: the round 36 (G2), the triangle 6 (A4) and the round 2
# (B3) are black, the triangle 12 (D1) white; B3 and C2 lie between the 6 and the 12.
FIGURE_16 = {"G2": "n36C", "A4": "n6T", "B3": "n2C", "D1": "b12T", **RESERVE}


def test_figure_16_assault_with_three_squares_between() -> None:
    game, state = position(BOISSIERE, FIGURE_16, "noir")
    assert "xD1" not in capture_kinds(play(game, state, "H8-E8"))
    state = play(game, state, "G2-H1")
    # E1, F1, G1 between the 36 and the 12: 36 / 12 = 3
    move = take(state, "xD1")
    assert (move.kind, move.captors, move.detail) == ("assaut", ("H1",), "36 / 12 = 3")
    after = state.apply(move)
    assert after.board[game.board.index["d1"]] is None


def test_figure_16_only_the_round_2_moves_to_a2_or_c4_open_the_line() -> None:
    game, state = position(BOISSIERE, FIGURE_16, "noir")
    assert {str(m) for m in state.legal_moves() if str(m).startswith("B3-")} == {
        "B3-A2", "B3-C2", "B3-C4"}  # A4 is the 6's
    opened = set()
    for move in state.legal_moves():
        after = state.apply(move)
        if after.phase != CAPTURES or "xD1" not in capture_kinds(after):
            continue
        taking = take(after, "xD1")
        if str(move) == "G2-H1":
            continue
        # B3 and C2 between the 6 and the 12: 12 / 6 = 2, the 6 takes without moving
        assert (taking.kind, taking.captors, taking.detail) == ("assaut", ("A4",), "12 / 6 = 2")
        opened.add(str(move))
    assert opened == {"B3-A2", "B3-C4"}
    # on C2 the round 2 still stands between them
    assert "xD1" not in capture_kinds(play(game, state, "B3-C2"))


def test_several_captures_in_one_turn_then_fin() -> None:
    game, state = position(BOISSIERE, {**FIGURE_16, "D5": "b4C"}, "noir")
    state = play(game, state, "B3-C4")
    # the 6 takes the 12 by assault, the round 2 now one step from the 4 by puissance
    assert capture_kinds(state) == {"xD1": "assaut", "xD5": "puissance"}
    state = play(game, state, "xD1")
    assert state.phase == CAPTURES and capture_kinds(state) == {"xD5": "puissance"}
    assert "fin" in [str(m) for m in state.legal_moves()]
    after = play(game, state, "fin")
    assert after.current_player == "blanc" and after.phase == MOVE


def test_figure_17_puissance() -> None:
    for step in ("B3-A2", "B3-C2"):
        game, state = position(BOISSIERE, {"B3": "b3C", "B1": "n81S", **RESERVE}, "blanc")
        state = play(game, state, step)
        move = take(state, "xB1")
        assert move.kind == "puissance" and move.detail == "81 = 3^4"


def test_figure_18_progression() -> None:
    game, state = position(BOISSIERE, {"A5": "n20T", "C6": "n15S", "C3": "b25C", **RESERVE},
                           "noir")
    assert "xC3" not in capture_kinds(play(game, state, "H8-E8"))
    state = play(game, state, "A5-A3")
    move = take(state, "xC3")
    assert move.kind == "progression" and move.detail == "15, 20, 25"
    assert set(move.captors) == {"A3", "C6"}


FIGURE_19 = {"B6": "b30T", "B7": "n20T", "C6": "n45S", "D4": "n72T", "A3": "n4C",
             "C3": "b16T", **RESERVE}


def test_figure_19_emprisonnement() -> None:
    game, state = position(BOISSIERE, FIGURE_19, "noir")
    assert "xB6" not in capture_kinds(play(game, state, "H8-E8"))
    state = play(game, state, "D4-B4")
    move = take(state, "xB6")
    assert move.kind == "emprisonnement"


def test_figure_19_round_4_imprisons_the_30_and_powers_the_16() -> None:
    game, state = position(BOISSIERE, FIGURE_19, "noir")
    state = play(game, state, "A3-B4")
    kinds = capture_kinds(state)
    assert kinds["xB6"] == "emprisonnement"
    assert kinds["xC3"] == "puissance"
    state = play(game, state, "xB6", "xC3")
    assert state.current_player == "blanc"
    assert sorted(state.prisoners[0]) == [(16, "T", True), (30, "T", True)]


def test_figure_19_capture_first_16_takes_4_and_stands_on_a3() -> None:
    game, state = position(BOISSIERE, FIGURE_19, "blanc")
    move = take(state, "C3xA3")
    assert move.kind == "puissance"
    state = state.apply(move)
    assert state.phase == FIRST and state.current_player == "blanc"
    assert [str(m) for m in state.legal_moves()] == ["C3-A3"]
    state = play(game, state, "C3-A3")
    assert state.current_player == "noir"
    assert at(game, state, "a3").value == 16
    assert state.board[game.board.index["c3"]] is None
    assert state.prisoners[1] == ((4, "C", True),)


def test_capture_first_of_several_victims_then_onto_one_of_their_squares() -> None:
    pieces = {"C3": "b16T", "A3": "n4C", "C5": "n16C", **RESERVE}
    game, state = position(BOISSIERE, pieces, "blanc")
    state = play(game, state, "C3xA3")
    assert [str(m) for m in state.legal_moves()] == ["C3xC5", "C3-A3"]
    state = play(game, state, "C3xC5")
    assert state.to_text().split()[2] == "C3xA3xC5"
    assert sorted(str(m) for m in state.legal_moves()) == ["C3-A3", "C3-C5"]
    state = play(game, state, "C3-C5")
    assert state.current_player == "noir" and len(state.prisoners[1]) == 2


def test_irregular_moves_take_nothing() -> None:
    game, state = position(BOISSIERE, {"A1": "n25S", "B5": "b25C", **RESERVE}, "noir")
    # the camel leap A1-B4 lands next to... nothing it could meet by a regular step;
    # the regular A1-A4 meets the 25 (rencontre) on B5? no: a square reaches 3 squares away
    after = play(game, state, "A1-B4")
    assert after.current_player == "blanc"


def test_captures_are_not_compulsory_and_the_turn_ends_by_itself() -> None:
    game, state = position(BOISSIERE, {"D3": "b25C", "B1": "n25S", **RESERVE}, "blanc")
    state = play(game, state, "D3-C2")
    assert [str(m) for m in state.legal_moves()] == ["xB1", "fin"]
    assert play(game, state, "fin").current_player == "noir"
    # with nothing to take the turn passes at once
    _, quiet = position(BOISSIERE, {"D3": "b25C", "B1": "n25S", **RESERVE}, "blanc")
    assert play(game, quiet, "D3-E4").current_player == "noir"


def test_prison_any_counts_every_blocker() -> None:
    # the 30 on A1: toward A3 blocked by its own 16, toward C1 by the enemy 4
    pieces = {"A1": "b30T", "A3": "b16T", "C1": "n4C", **RESERVE}
    game, state = position(BOISSIERE, pieces, "noir")
    assert "xA1" not in capture_kinds(play(game, state, "H8-E8"))
    game, state = position(f"{BOISSIERE},prison=any", pieces, "noir")
    assert capture_kinds(play(game, state, "H8-E8"))["xA1"] == "emprisonnement"


# --------------------------------------------------------------------------- pyramids


def test_a_pyramid_moves_as_every_shape_it_still_contains() -> None:
    full = "n91P(36S.25S.16T.9T.4C.1C)"
    _game, state = position(BOISSIERE, {"E5": full, **RESERVE}, "noir")
    targets = {str(m).split("-")[1] for m in state.legal_moves() if str(m).startswith("E5-")}
    assert {"D4", "F6", "C5", "E7", "B5", "E8", "C4", "D7", "B4", "D8"} <= targets
    _, state = position(BOISSIERE, {"E5": "n30P(16T.9T.4C.1C)", **RESERVE}, "noir")
    targets = {str(m).split("-")[1] for m in state.legal_moves() if str(m).startswith("E5-")}
    assert "D4" in targets and "C5" in targets and "D7" in targets
    assert not {"B5", "E8", "B4", "D8"} & targets  # no square left: no 3-step, no camel


def test_a_pyramid_is_taken_whole_by_its_total() -> None:
    pyramid = "n91P(36S.25S.16T.9T.4C.1C)"
    game, state = position(BOISSIERE, {"E5": pyramid, "F4": "b9C", "E9": "b100T", **RESERVE},
                           "blanc")
    state = play(game, state, "E9-E7")
    move = take(state, "xE5")
    assert move.kind == "embuche" and move.detail == "91 = 100 - 9"
    state = state.apply(move)
    assert state.board[game.board.index["e5"]] is None
    assert sorted(state.prisoners[1]) == sorted(
        [(36, "S", False), (25, "S", False), (16, "T", False), (9, "T", False),
         (4, "C", False), (1, "C", False)])
    assert not [m for m in state.legal_moves() if "@" in str(m)]


def test_a_pyramid_is_taken_layer_by_layer_and_its_layers_are_never_posed() -> None:
    pyramid = "n91P(36S.25S.16T.9T.4C.1C)"
    game, state = position(BOISSIERE, {"E5": pyramid, "E9": "b36T", "D6": "b3C", **RESERVE},
                           "blanc")
    state = play(game, state, "E9-E7")
    kinds = capture_kinds(state)
    assert kinds["xE5:36"] == "rencontre"      # the 36 meets the layer 36
    assert kinds["xE5:9"] == "puissance"       # the round 3 powers the layer 9
    state = play(game, state, "xE5:36")
    remaining = state.board[game.board.index["e5"]]
    assert remaining is not None and remaining.value == 55
    assert state.to_text().count("n55P(25S.16T.9T.4C.1C)") == 1
    assert (36, "S", False) in state.prisoners[1]
    state = play(game, state, "xE5:9")
    assert at(game, state, "e5").value == 46
    assert all("@" not in str(m) for m in state.legal_moves())


def test_a_pyramid_captures_with_its_total_or_any_layer() -> None:
    pyramid = "n91P(36S.25S.16T.9T.4C.1C)"
    game, state = position(BOISSIERE, {"E5": pyramid, "B5": "b16T", "E8": "b91C", **RESERVE},
                           "noir")
    # its squares reach 3 squares away: the layer 16 meets the 16, the total the 91
    kinds = capture_kinds(state)
    assert kinds["E5xB5"] == "rencontre" and kinds["E5xE8"] == "rencontre"
    state = play(game, state, "E5xB5", "E5xE8", "E5-E8")
    assert at(game, state, "e8").value == 91


# --------------------------------------------------------------------------- poses


def test_a_captured_piece_is_posed_on_the_back_column_and_may_capture() -> None:
    game, state = position(BOISSIERE, {"C3": "b30T", **RESERVE}, "noir",
                           prisoners=("~16C,30T", "-"))
    poses = [str(m) for m in state.legal_moves() if "@" in str(m)]
    assert poses == [f"30T@{row}1" for row in "ABCDEFGH"]
    state = play(game, state, "30T@C1")
    assert state.phase == CAPTURES and state.current_player == "noir"
    assert at(game, state, "c1").posed
    assert "n30T*" in state.to_text()
    assert state.prisoners[0] == ((16, "C", False), (30, "T", False))
    state = play(game, state, "xC3")
    assert state.current_player == "blanc"


def test_a_pose_may_leave_out_the_shape_when_it_is_clear() -> None:
    game, state = position(BOISSIERE, RESERVE, "blanc", prisoners=("-", "4C"))
    assert str(game.parse_move(state, "4@d16")) == "4C@D16"
    game, state = position(BOISSIERE, RESERVE, "blanc", prisoners=("-", "25C,25S"))
    with pytest.raises(NotationError, match="25C@D16 or 25S@D16"):
        game.parse_move(state, "25@D16")


def test_a_pose_without_capture_is_the_whole_turn() -> None:
    game, state = position(BOISSIERE, RESERVE, "blanc", prisoners=("-", "4C"))
    state = play(game, state, "4C@D16")
    assert state.current_player == "noir"
    assert at(game, state, "d16").side == 1


# --------------------------------------------------------------------------- victories


def _capture_once(spec: str, prisoners: str, victim: str) -> RithmoState:
    """Blanc, holding ``prisoners``, moves its round 25 and takes ``victim`` on B1."""
    game, state = position(spec, {"D3": "b25C", "B1": victim, **RESERVE}, "blanc",
                           prisoners=("-", prisoners))
    return play(game, state, "D3-C2", "xB1")


@pytest.mark.parametrize(("options", "prisoners", "wins"), [
    ("victoire=corps,pieces=2", "3C", True),
    ("victoire=corps,pieces=3", "3C", False),
    ("victoire=bien,somme=30", "5C", True),
    ("victoire=bien,somme=31", "5C", False),
    ("victoire=proces,chiffres=4", "81C", True),
    ("victoire=proces,chiffres=5", "81C", False),
    ("victoire=corps+bien,pieces=2,somme=30", "5C", True),
    ("victoire=corps+bien,pieces=2,somme=31", "5C", False),
    ("victoire=corps+proces,pieces=2,chiffres=4", "5C", False),
    ("victoire=bien+proces,somme=100,chiffres=4", "81C", True),
    ("victoire=corps+bien+proces,pieces=2,somme=100,chiffres=4", "81C", True),
    ("victoire=corps+bien+proces,pieces=3,somme=100,chiffres=4", "81C", False),
])
def test_common_victories_and_their_thresholds(options: str, prisoners: str,
                                                wins: bool) -> None:
    state = _capture_once(f"{BOISSIERE},{options}", prisoners, "n25S")
    outcome = state.outcome()
    if wins:
        assert outcome is not None and outcome.winners == ("blanc",)
        victory = options.split(",")[0].split("=")[1]
        assert outcome.code is OutcomeCode(victory.replace("+", "_"))  # the stored word
    else:
        assert outcome is None and state.current_player == "noir"


def test_proces_with_five_digits_as_in_the_article() -> None:
    # "il suffit à noir de prendre les pions blancs 120 et 81 ou 3, 49 et 25"
    spec = f"{BOISSIERE},victoire=proces,chiffres=5"
    game, state = position(spec, {"D3": "n120C", "B1": "b120S", **RESERVE}, "noir",
                           prisoners=("81C", "-"))
    state = play(game, state, "D3-C2", "xB1")
    assert state.outcome() is not None and state.outcome().winners == ("noir",)  # type: ignore[union-attr]
    game, state = position(spec, {"D3": "n25C", "B1": "b25S", **RESERVE}, "noir",
                           prisoners=("3C,49C", "-"))
    state = play(game, state, "D3-C2", "xB1")
    assert state.outcome() is not None and state.outcome().code == OutcomeCode.PROCES  # type: ignore[union-attr]


def test_pyramid_layers_count_as_pieces_for_corps() -> None:
    game, state = position(f"{BOISSIERE},victoire=corps,pieces=6",
                           {"E5": "n91P(36S.25S.16T.9T.4C.1C)", "F4": "b9C", "E9": "b100T",
                            **RESERVE}, "blanc")
    state = play(game, state, "E9-E7", "xE5")
    assert state.outcome() is not None and state.outcome().code == OutcomeCode.CORPS  # type: ignore[union-attr]


MEDIOCRE = {"C7": "n56T*", "C10": "n16C", "C11": "n36C", **RESERVE}


def test_figure_7_mediocre_victory_by_16_36_56_in_line() -> None:
    game, state = position(f"{BOISSIERE},victoire=mediocre", MEDIOCRE, "noir")
    after = play(game, state, "C7-C9")
    outcome = after.outcome()
    assert outcome is not None and outcome.winners == ("noir",)
    assert outcome.code == OutcomeCode.MEDIOCRE
    assert "16, 36" in outcome.reason or "56, 16, 36" in outcome.reason


def test_proper_victory_needs_the_whole_enemy_pyramid_and_a_posed_piece() -> None:
    spec = f"{BOISSIERE},victoire=mediocre"
    with_pyramid = {**MEDIOCRE, "A15": "b16P(16C)"}
    game, state = position(spec, with_pyramid, "noir")
    assert play(game, state, "C7-C9").outcome() is None
    not_posed = {**MEDIOCRE, "C7": "n56T"}
    game, state = position(spec, not_posed, "noir")
    assert play(game, state, "C7-C9").outcome() is None
    game, state = position(f"{spec},posee=false", not_posed, "noir")
    assert play(game, state, "C7-C9").outcome() is not None
    # a grande victory is not made by one progression
    game, state = position(f"{BOISSIERE},victoire=grande", MEDIOCRE, "noir")
    assert play(game, state, "C7-C9").outcome() is None


def test_figure_8_grande_victory_by_4_6_12_36_in_line() -> None:
    pieces = {"E4": "b4C*", "E5": "b6C*", "E6": "b12T", "E9": "b36T", **RESERVE}
    game, state = position(f"{BOISSIERE},victoire=grande", pieces, "blanc")
    after = play(game, state, "E9-E7")
    outcome = after.outcome()
    assert outcome is not None and outcome.winners == ("blanc",)
    assert outcome.code == OutcomeCode.GRANDE
    assert "géométrique" in outcome.reason and "harmonique" in outcome.reason


def test_figure_9_excellente_victory_by_the_4_6_9_12_square() -> None:
    pieces = {"B9": "n4C", "C11": "n6C", "D10": "n9C*", "D11": "n12T*", **RESERVE}
    game, state = position(f"{BOISSIERE},victoire=excellente", pieces, "noir")
    after = play(game, state, "B9-C10")
    outcome = after.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.EXCELLENTE
    assert "arithmétique" in outcome.reason and "harmonique" in outcome.reason
    # the same square in noir's own camp wins nothing
    home = {"B2": "n4C", "C4": "n6C", "D3": "n9C*", "D4": "n12T*", **RESERVE}
    game, state = position(f"{BOISSIERE},victoire=excellente", home, "noir")
    assert play(game, state, "B2-C3").outcome() is None


SEVEN = ("mediocre-arith", "mediocre-geo", "mediocre-harmo", "grande-arith-geo",
         "grande-arith-harmo", "grande-geo-harmo", "excellente")
"""The source's seven proper victories; ``mediocre`` and ``grande`` are presets (any
kind, any two kinds)."""
FIGURES = {
    # figure 7: 16, 36, 56 in line in the white camp, the 56 posed: arithmetic only
    7: (MEDIOCRE, "noir", "C7-C9", {"mediocre", "mediocre-arith"}),
    # figure 8: 4, 6, 12, 36 in line in the black camp, the 4 and 6 posed, the 12
    # arriving last: geometric 4, 12, 36 and harmonic 4, 6, 12, no arithmetic
    8: ({"E4": "b4C*", "E5": "b6C*", "C6": "b12T", "E7": "b36T", **RESERVE}, "blanc",
        "C6-E6", {"mediocre", "mediocre-geo", "mediocre-harmo", "grande",
                  "grande-geo-harmo"}),
    # figure 9: the square 4, 6, 9, 12 in the white camp, the 9 and 12 posed: all three
    9: ({"B9": "n4C", "C11": "n6C", "D10": "n9C*", "D11": "n12T*", **RESERVE}, "noir",
        "B9-C10", {"mediocre", *SEVEN[:3], "grande", *SEVEN[3:]}),
}


def test_the_seven_proper_victories_and_the_two_presets_are_options() -> None:
    for victory in (*SEVEN, "mediocre", "grande"):
        assert rithmo(f"{BOISSIERE},victoire={victory}").victory.proper
    with pytest.raises(SpecError, match="victoire"):
        find_game(f"{BOISSIERE},victoire=grande-arith")
    with pytest.raises(SpecError, match="victoire"):
        find_game("rithmomachie:medievale,victoire=mediocre-arith")


@pytest.mark.parametrize("figure", sorted(FIGURES))
@pytest.mark.parametrize("victory", (*SEVEN, "mediocre", "grande"))
def test_figures_7_to_9_win_exactly_the_victories_their_progressions_make(
        figure: int, victory: str) -> None:
    pieces, player, move, wins = FIGURES[figure]
    game, state = position(f"{BOISSIERE},victoire={victory}", pieces, player)
    outcome = play(game, state, move).outcome()
    if victory in wins:
        assert outcome is not None and outcome.winners == (player,)
        assert outcome.code is OutcomeCode(victory.replace("-", "_"))  # the stored word
    else:
        assert outcome is None


def test_a_named_victory_says_which_in_both_languages() -> None:
    pieces, player, move, _ = FIGURES[8]
    game, state = position(f"{BOISSIERE},victoire=grande-geo-harmo", pieces, player)
    outcome = play(game, state, move).outcome()
    assert outcome is not None
    assert outcome.reason.startswith("grande victoire géométrique et harmonique : ")
    assert outcome.reason_en.startswith("geometric and harmonic great victory: ")


# --------------------------------------------------------------------------- text and notation


def test_bad_options_are_refused() -> None:
    with pytest.raises(SpecError, match="victoire"):
        find_game(f"{BOISSIERE},victoire=lite")
    with pytest.raises(SpecError, match="siege"):
        find_game(f"{BOISSIERE},siege=8")
    with pytest.raises(SpecError, match="rows"):
        find_game(f"{BOISSIERE},rows=14")
    with pytest.raises(SpecError, match="choose among"):
        find_game("rithmomachie")


@pytest.mark.parametrize(("text", "why"), [
    ("16/16/16/16/16/16/16/16 noir -", "6 fields"),
    ("16/16/16/16/16/16/16/16 vert - noir=- blanc=- 0", "player to move"),
    ("16/16/16/16/16/16/16 noir - noir=- blanc=- 0", "8 rows"),
    ("15/16/16/16/16/16/16/16 noir - noir=- blanc=- 0", "row 1 has 15"),
    ("n25Q,15/16/16/16/16/16/16/16 noir - noir=- blanc=- 0", "not a piece"),
    ("n90P(36S.25S.16T.9T.4C.1C),15/16/16/16/16/16/16/16 noir - noir=- blanc=- 0",
     "not a piece"),
    ("b91P(36S.25S.16T.9T.4C.1C),15/16/16/16/16/16/16/16 noir - noir=- blanc=- 0",
     "not a piece"),
    ("16/16/16/16/16/16/16/16 noir - noir=3X blanc=- 0", "prisoner"),
    ("16/16/16/16/16/16/16/16 noir - blanc=- noir=- 0", "noir=..."),
    ("16/16/16/16/16/16/16/16 noir ? noir=- blanc=- 0", "phase"),
    ("16/16/16/16/16/16/16/16 noir - noir=- blanc=- many", "turns"),
])
def test_position_text_errors_name_the_problem(text: str, why: str) -> None:
    with pytest.raises(NotationError, match=why):
        find_game(BOISSIERE).from_text(text)


def test_every_phase_round_trips_through_text() -> None:
    game, state = position(BOISSIERE, FIGURE_19, "blanc")
    for moves in ((), ("C3xA3",)):
        after = play(game, state, *moves)
        assert game.from_text(after.to_text()).key() == after.key()
    game, state = position(BOISSIERE, FIGURE_19, "noir")
    after = play(game, state, "A3-B4")
    copy = game.from_text(after.to_text())
    assert copy.phase == CAPTURES
    assert [str(m) for m in copy.legal_moves()] == [str(m) for m in after.legal_moves()]


def test_move_notation_errors() -> None:
    game = find_game(BOISSIERE)
    state = game.initial_state()
    for text in ("Z9-Z10", "C2-", "xQ1", "25X@A1", "C2C4"):
        with pytest.raises(NotationError, match="expected"):
            game.parse_move(state, text)
    with pytest.raises(IllegalMoveError, match="C2-C4"):
        game.parse_move(state, "C2-C4")
    with pytest.raises(IllegalMoveError, match="fin"):
        game.parse_move(state, "fin")
    assert str(game.parse_move(state, " c4 - d5 ")) == "C4-D5"


def test_diagram_shows_the_board_and_the_prisoners() -> None:
    _, state = position(BOISSIERE, MEDIOCRE, "noir", prisoners=("30T", "-"))
    picture = state.diagram()
    assert "56T'" in picture and " A " in picture and "16" in picture.splitlines()[0]
    assert "noir a pris : 30T" in picture


# --------------------------------------------------------------------------- turns and endings


def test_complete_turns_group_the_move_and_its_captures() -> None:
    _, state = position(BOISSIERE, {"D3": "b25C", "B1": "n25S", **RESERVE}, "blanc")
    lines = {" ".join(str(m) for m in line) for line, _ in complete_turns(state)}
    assert {"D3-C2 xB1", "D3-C2 fin", "D3-E4"} <= lines


def test_move_cap_and_repetition_draw() -> None:
    game, state = position(f"{BOISSIERE},max_moves=2", RESERVE, "noir")
    state = play(game, state, "H8-E8", "A16-D16")
    outcome = state.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.MOVE_CAP and outcome.is_draw
    game, state = position(BOISSIERE, RESERVE, "noir")
    for _ in range(2):
        assert state.outcome() is None
        state = play(game, state, "H8-E8", "A16-D16", "E8-H8", "D16-A16")
    outcome = state.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.REPETITION
    game, state = position(f"{BOISSIERE},repetition=false", RESERVE, "noir")
    for _ in range(3):
        state = play(game, state, "H8-E8", "A16-D16", "E8-H8", "D16-A16")
    assert state.outcome() is None


def test_a_side_without_any_decision_loses() -> None:
    _game, state = position(BOISSIERE, {"A1": "n4C", "B2": "b9C", "C3": "b16C", **RESERVE},
                           "blanc")
    # noir's only pieces: the round on A1 (blocked by B2) and the reserve square
    _, state = position(BOISSIERE, {"A1": "n4C", "B2": "b9C", "H16": "b49S"}, "noir")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == ("blanc",)
    assert outcome.code == OutcomeCode.BLOCKED


def test_a_common_victory_is_named_in_each_language() -> None:
    state = _capture_once(f"{BOISSIERE},victoire=corps+bien,pieces=2,somme=30", "5C", "n25S")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason_in("fr").startswith("victoire de corps et de bien : 2 pièces prises")
    assert outcome.reason_in("en").startswith("victory of bodies and of goods: 2 pieces taken")
