"""Jacquet: the source's figures, the postillon, the six-in-a-row limit, notation."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines import find_game
from engines.core import CHANCE, PASS, IllegalMoveError, NotationError, State
from engines.jacquet import NAMES, RULES, JacquetState, number_of, source_name
from engines.outcomes import OutcomeCode
from engines.tables import CheckerMove, TablesMove, complete_plays
from engines.walks import complete_turns
from tests.engines.test_backgammon_peers import reference_plays, sample_states

START_TEXT = "...........b15...........n15 - ouverture 0"


def points(noir: Mapping[str, int], blanc: Mapping[str, int]) -> str:
    """The points field from checkers given by the source's point names."""
    cells = []
    for name in NAMES:
        if noir.get(name):
            cells.append(f"n{noir[name]}")
        elif blanc.get(name):
            cells.append(f"b{blanc[name]}")
        else:
            cells.append(".")
    return "".join(cells)


def position(noir: Mapping[str, int], blanc: Mapping[str, int], player: str = "noir",
             phase: str = "6,5", turn: int = 10, spec: str = "jacquet") -> JacquetState:
    state = find_game(spec).from_text(f"{points(noir, blanc)} {player} {phase} {turn}")
    assert isinstance(state, JacquetState)
    return state


def play(state: State, *moves: str) -> JacquetState:
    for text in moves:
        state = state.apply(state.game.parse_move(state, text))
    assert isinstance(state, JacquetState)
    return state


def names(state: State) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def test_start_and_opening_throw() -> None:
    game = find_game("jacquet")
    state = game.initial_state()
    assert state.to_text() == START_TEXT
    assert state.current_player is CHANCE and len(state.chance_outcomes()) == 36
    assert play(state, "dice:3,3").to_text() == START_TEXT  # a tie is thrown again
    noir = play(state, "dice:6,5")
    assert noir.current_player == "noir" and noir.dice == (6, 5)
    blanc = play(state, "dice:2,4")
    assert blanc.current_player == "blanc" and blanc.dice == (4, 2)


def test_point_names_follow_the_source() -> None:
    # Noir travels B12 -> B1 -> N12 -> N1, blanc N12 -> N1 -> B12 -> B1.
    assert [source_name(0, n) for n in (24, 13, 12, 1)] == ["B12", "B1", "N12", "N1"]
    assert [source_name(1, n) for n in (24, 13, 12, 1)] == ["N12", "N1", "B12", "B1"]
    assert number_of(0, "b12") == 24 and number_of(1, "N6") == 18
    assert number_of(0, "Z3") is None


def test_figure_2_enemy_checkers_close_the_steps() -> None:
    # One blanc checker on N9 and one on N8: with 4-3 noir's checkers on N12 cannot
    # go the 7 points to N5, neither 3 first (N9) nor 4 first (N8).
    noir = {"B12": 11, "N12": 3, "N1": 1}
    blanc = {"N9": 1, "N8": 1, "N2": 3, "B10": 4, "B3": 6}
    state = position(noir, blanc, phase="4,3")
    assert "12/9" not in names(state) and "12/8" not in names(state)
    for line, _ in complete_turns(state):
        assert not any(str(m).startswith("12/") for m in line)
    with pytest.raises(IllegalMoveError):
        play(state, "N12/N9")
    # Without the checker on N8, the way through N8 is open.
    opened = position(noir, {"N9": 1, "N2": 4, "B10": 4, "B3": 6}, phase="4,3")
    assert "5" in [str(m.target) for m in play(opened, "12/8").legal_moves()
                   if isinstance(m, CheckerMove)]


FIG3_NOIR = {"B12": 5, "N4": 1, "N3": 1, "N2": 1, "N1": 1, "B9": 2, "B8": 1, "B7": 1,
             "B6": 1, "B5": 1}
FIG3_BLANC = {"N12": 10, "N11": 1, "N10": 1, "B3": 1, "B2": 1, "B1": 1}


def test_figure_3_no_six_in_a_row_on_ones_own_start_side() -> None:
    state = position(FIG3_NOIR, FIG3_BLANC, phase="5,2")
    assert "21/16" not in names(state)  # B9 -> B4 would hold B9 to B4
    with pytest.raises(IllegalMoveError):
        play(state, "B9/B4")
    five = position(FIG3_NOIR, FIG3_BLANC, phase="5")  # the 5 alone left to play
    assert "21/16" not in names(five) and "24/19" in names(five)  # B12 -> B7 is fine
    without_b5 = {**FIG3_NOIR, "B5": 0, "B12": 6}
    assert "21/16" in names(position(without_b5, FIG3_BLANC, phase="5"))  # five in a row


def test_figure_3_six_in_a_row_across_the_opponents_route_is_allowed() -> None:
    state = position(FIG3_NOIR, FIG3_BLANC, phase="3,1")
    assert "24/23" in names(state)  # B12 -> B11: N4 N3 N2 N1 B12 B11
    after = play(state, "B12/B11")
    assert after.boards[0][23] == 1


def test_figure_3_blanc_may_hold_b3_to_n10() -> None:
    # Blanc holds B3, B2, B1, N12, N11 and moves to N10: the row crosses from its home
    # side to its start side, so it is allowed; five on the start side plus N7 is not.
    blanc = {"N12": 11, "N11": 1, "B3": 1, "B2": 1, "B1": 1}
    state = position(FIG3_NOIR, blanc, player="blanc", phase="2,1")
    assert "24/22" in names(state)
    assert play(state, "N12/N10").boards[1][22] == 1
    five = {"N12": 10, "N11": 1, "N10": 1, "N9": 1, "N8": 1, "B1": 1}
    closed = position(FIG3_NOIR, five, player="blanc", phase="5,1")
    assert "24/19" not in names(closed)  # N12 -> N7: N12 to N7 all on its start side


def test_figure_4_bearing_off() -> None:
    state = position({"N5": 1, "N4": 1, "N2": 2}, {"B1": 5, "B2": 5, "B3": 5}, phase="5,2")
    assert set(names(state)) == {"5/off", "2/off", "4/2", "5/3"}
    with pytest.raises(IllegalMoveError):
        play(state, "N4/off")  # the 5 must bear off the checker on N5
    assert set(names(play(state, "N5/off"))) == {"2/off", "4/2"}


def test_the_postillon_travels_alone_until_home() -> None:
    state = play(find_game("jacquet").initial_state(), "dice:6,5")
    assert set(names(state)) == {"24/18", "24/19"}
    assert names(play(state, "24/18")) == ["18/13"]  # the same checker, not a second one
    # Later turns: only the postillon moves until it is home.
    travelling = position({"B12": 14, "N10": 1}, {"N12": 15}, phase="3,1")
    assert {m.origin if isinstance(m, CheckerMove) else None
            for m in travelling.legal_moves()} == {10}


def test_once_home_the_rest_of_the_throw_moves_others() -> None:
    state = position({"B12": 14, "N8": 1}, {"N12": 15}, phase="5,2")
    after = play(state, "8/6")  # the postillon reaches N6, home
    assert set(names(after)) == {"24/19", "6/1"}
    other_way = play(state, "8/3")
    assert set(names(other_way)) == {"24/22", "3/1"}


def test_both_dice_and_the_larger_die() -> None:
    # The postillon on N12 (noir's 12), blanc on N10 and N5, noir throws 5-2: the 2
    # first is closed (N10), the 5 then the 2 ends on N5: only the 5 can be played.
    state = position({"B12": 14, "N12": 1}, {"N10": 1, "N5": 1, "B1": 13}, phase="5,2")
    assert names(state) == ["12/7"]
    assert play(state, "12/7").current_player is CHANCE


def test_blocked_player_passes_or_loses() -> None:
    # The postillon on N12 with every point N11-N6 closed: no die can be played.
    blanc = {"N11": 1, "N10": 1, "N9": 1, "N8": 1, "N7": 1, "N6": 1, "B1": 9}
    state = position({"B12": 14, "N12": 1}, blanc, phase="4,2")
    assert list(state.legal_moves()) == [PASS]
    assert state.apply(PASS).current_player is CHANCE
    game = find_game("jacquet,blocked_loses=true")
    rolling = game.from_text(f"{points({'B12': 14, 'N12': 1}, blanc)} noir lancer 10")
    lost = rolling.apply(rolling.game.parse_move(rolling, "dice:4,2"))
    outcome = lost.outcome()
    assert outcome is not None and outcome.winners == ("blanc",)
    assert outcome.code == OutcomeCode.BLOCKED


def test_first_to_bear_off_all_wins() -> None:
    state = position({"N2": 1}, {"B1": 5, "N3": 10}, phase="2,1")
    over = play(state, "2/off")
    outcome = over.outcome()
    assert outcome is not None and outcome.winners == ("noir",)
    assert outcome.code == OutcomeCode.ALL_OFF
    assert outcome.scores == (("noir", 15), ("blanc", 0))
    assert over.to_text().split()[1:3] == ["noir", "fin"]


def test_turn_cap_is_a_draw() -> None:
    state = position({"B12": 14, "N12": 1}, {"N12": 0, "B1": 15}, phase="2,1", turn=49,
                     spec="jacquet,max_turns=50")
    over = play(state, "12/10", "10/9")
    outcome = over.outcome()
    assert outcome is not None and outcome.is_draw and outcome.code == OutcomeCode.MOVE_CAP


def test_notation_with_numbers_and_source_names() -> None:
    game = find_game("jacquet")
    state = play(game.initial_state(), "dice:6,5")
    assert game.parse_move(state, "B12/B6") == game.parse_move(state, "24/18")
    blanc = play(game.initial_state(), "dice:5,6")
    assert str(game.parse_move(blanc, "n12/n6")) == "24/18"
    for bad in ("B13/B6", "Z1/2", "24-18", "bar/off/1"):
        with pytest.raises(NotationError):
            game.parse_move(state, bad)
    with pytest.raises(IllegalMoveError, match="24/10"):
        game.parse_move(state, "24/10")


@pytest.mark.parametrize("text", [
    "...........b15...........n15 - ouverture",
    "...........b15...........n16 - ouverture 0",
    "...........b15...........n15 noir ouverture 0",
    "...........b15...........n15 - 6,5 0",
    "...........b15...........n15 noir 5,6 0",
    "...........b15...........n15 noir fin 0",
    "...........b15...........n15 noir 6,5 5000",
])
def test_bad_position_text_is_refused(text: str) -> None:
    with pytest.raises(NotationError, match="jacquet position"):
        find_game("jacquet").from_text(text)


def test_geometry_names_the_points_like_the_source() -> None:
    geometry = find_game("jacquet").geometry()
    assert geometry.kind == "track" and len(geometry.points) == 26
    assert [p.name for p in geometry.points[:3]] == ["N1", "N2", "N3"]
    assert (23, 0) in geometry.edges  # B12 follows N1 round the board
    assert geometry.name(geometry.index("B12")) == "B12"
    assert geometry.regions["maison-blanc"] == frozenset(range(12, 18))
    from engines.jacquet import point_index

    assert [geometry.name(point_index(1, n)) for n in (24, 13, 12, 1, 0)] == [
        "N12", "N1", "B12", "B1", "off-blanc"]


def test_noir_sits_along_the_b_side_as_the_source_seats_him() -> None:
    """The source puts each player's home "face à soi, en haut et à gauche" and the
    six-in-a-row limit on "les 12 flèches qui se trouvent précisément devant soi"
    (fig. 3: noir on B9-B4). Noir sits at the bottom (largest y) along the B side,
    B12 at his left: B12 bottom left, B1 bottom right, N12 top right, N1 top left;
    his home N6-N1 at the top left, his tray beside it; blanc's home B6-B1 at the
    bottom right, his top left."""
    geometry = find_game("jacquet").geometry()

    def at(name: str) -> tuple[float, float]:
        point = geometry.points[geometry.index(name)]
        return point.x, point.y

    board = geometry.points[:24]
    left, right = min(p.x for p in board), max(p.x for p in board)
    top, bottom = min(p.y for p in board), max(p.y for p in board)
    assert at("B12") == (left, bottom) and at("B1") == (right, bottom)
    assert at("N12") == (right, top) and at("N1") == (left, top)
    bees = [at(f"B{n}") for n in range(12, 0, -1)]  # noir's route, along his own side
    assert all(y == bottom for _, y in bees)
    assert [x for x, _ in bees] == sorted(x for x, _ in bees)  # left to right
    ens = [at(f"N{n}") for n in range(12, 0, -1)]  # then back along the far side
    assert all(y == top for _, y in ens)
    assert [x for x, _ in ens] == sorted((x for x, _ in ens), reverse=True)  # right to left
    middle = (left + right) / 2
    assert all(at(f"N{n}")[0] < middle for n in range(1, 7))  # noir's home: top left
    assert all(at(f"B{n}")[0] > middle for n in range(1, 7))  # blanc's: bottom right
    assert all(at(f"B{n}")[1] == bottom for n in range(4, 10))  # fig. 3, before noir
    off_noir, off_blanc = at("off-noir"), at("off-blanc")
    assert off_noir[0] < left and off_noir[1] < (top + bottom) / 2
    assert off_blanc[0] > right and off_blanc[1] > (top + bottom) / 2
    names = {p.name for p in board}
    side = {geometry.name(i) for i in geometry.regions["cote-noir"]}
    assert side == {f"B{n}" for n in range(1, 13)}
    assert {geometry.name(i) for i in geometry.regions["cote-blanc"]} == names - side


def test_backgammon_keeps_its_standard_board() -> None:
    """Jacquet's layout is turned; backgammon's stays the standard one, noir's home
    before him at his right (points 1-6 bottom right, 24 top right)."""
    geometry = find_game("backgammon").geometry()
    one, twelve, thirteen, twenty_four = (
        geometry.points[geometry.index(n)] for n in ("1", "12", "13", "24"))
    assert one.y == twelve.y > thirteen.y == twenty_four.y
    assert one.x > twelve.x and thirteen.x < twenty_four.x
    assert one.x == twenty_four.x


def test_diagram_shows_the_source_names() -> None:
    """The terminal diagram is drawn as the screen: noir at the bottom along B12-B1,
    N1-N12 along the top."""
    picture = play(find_game("jacquet").initial_state(), "dice:6,5").diagram()
    lines = picture.splitlines()
    assert lines[0].split() == ["points", *(f"N{n}" for n in range(1, 7)), "|",
                                *(f"N{n}" for n in range(7, 13))]
    assert lines[7].split() == ["points", *(f"B{n}" for n in range(12, 6, -1)), "|",
                                *(f"B{n}" for n in range(6, 0, -1))]
    assert lines[3].split()[-1] == "○15" and lines[4].split()[0] == "●15"
    assert "dés à jouer 6-5" in picture


def test_fast_playout_follows_the_rules() -> None:
    game = find_game("jacquet")
    for seed in range(3):
        start = game.initial_state()
        assert isinstance(start, JacquetState)
        trace: list[TablesMove] = []
        final = start.playout(random.Random(seed), trace)
        state: State = start
        for move in trace:
            state = state.apply(move)
        assert state.to_text() == final.to_text() and state.is_terminal()


# ------------------------------------------------------------------ reference and invariants


def other_number(point: int) -> int:
    """The opponent's number of the point the mover calls ``point`` (both go the same
    way round, starting on opposite sides)."""
    return point + 12 if point <= 12 else point - 12


def six_on_start_side(side: Sequence[int]) -> bool:
    """Whether a side holds six points in a row among its points 13-24."""
    return any(all(side[p] for p in range(low, low + 6)) for low in range(13, 20))


def jacquet_moves(own: list[int], other: list[int], die: int) -> list[tuple[int, int]]:
    """Jacquet's single steps from the rules' words: the postillon alone until home,
    never onto an enemy checker, never six in a row on one's start side, bear-off as
    in backgammon."""
    elsewhere = [p for p in range(1, 24) if own[p]]
    if own[24] == 15:
        origins = [24]
    elif own[24] == 14 and elsewhere[0] >= 7:
        origins = elsewhere  # the postillon, still on its way
    else:
        origins = [p for p in range(1, 25) if own[p]]
    home = not any(own[7:25])
    moves = []
    for point in origins:
        target = point - die
        if target >= 1:
            after = list(own)
            after[point] -= 1
            after[target] += 1
            if not other[other_number(target)] and not six_on_start_side(after):
                moves.append((point, target))
        elif home and (target == 0 or not any(own[point + 1:7])):
            moves.append((point, 0))
    return moves


def jacquet_step(own: list[int], other: list[int], origin: int,
                 target: int) -> tuple[list[int], list[int]]:
    moved = list(own)
    moved[origin] -= 1
    moved[target] += 1
    return moved, list(other)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_complete_plays_agree_with_a_reference_written_from_the_rules(seed: int) -> None:
    for state in sample_states("jacquet", seed, 6):
        assert isinstance(state, JacquetState)
        own, other = state.sides()
        dice = (state.dice[0], state.dice[-1])
        expected = reference_plays(jacquet_moves, jacquet_step, own, other, dice)
        throw = (dice[0],) * 4 if dice[0] == dice[1] else dice
        assert set(complete_plays(RULES, own, other, throw)) == expected, state.to_text()


@pytest.mark.parametrize("spec", ["jacquet", "jacquet,blocked_loses=true"])
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_the_rules(spec: str, seed: int) -> None:
    rng = random.Random(seed)
    state: State = find_game(spec).initial_state()
    while not state.is_terminal():
        assert isinstance(state, JacquetState)
        noir, blanc = state.boards
        for own, enemy in ((noir, blanc), (blanc, noir)):
            assert sum(own) == 15
            assert not six_on_start_side(own)
            assert not any(own[p] and enemy[other_number(p)] for p in range(1, 25))
            if own[24] == 14:  # the postillon is the only checker off the start point
                assert sum(1 for p in range(1, 24) if own[p]) == 1
        if state.current_player is CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(list(state.legal_moves())))
    assert isinstance(state, JacquetState)
    outcome = state.outcome()
    assert outcome is not None
    if outcome.code == OutcomeCode.ALL_OFF:
        assert state.boards[state.mover][0] == 15


# --------------------------------------------------------------------------- the evaluator


def test_evaluator_is_zero_sum_bounded_and_follows_the_race() -> None:
    from engines.ai.eval_jacquet import evaluate

    even = position({"N6": 3, "N5": 2}, {"B6": 3, "B5": 2}, phase="lancer")
    ahead = position({"N4": 3, "N3": 2}, {"B6": 3, "B5": 2}, phase="lancer")
    assert evaluate(even, "noir") == pytest.approx(-evaluate(even, "blanc"))
    assert 0 < evaluate(even, "noir") < evaluate(ahead, "noir") <= 1  # on roll, then ahead
    rng = random.Random(1)
    state: State = find_game("jacquet").initial_state()
    while not state.is_terminal():
        value = evaluate(state, "noir")
        assert -1 <= value <= 1 and value == pytest.approx(-evaluate(state, "blanc"))
        if state.current_player is CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(list(state.legal_moves())))


def test_evaluator_values_points_that_block_the_opponent() -> None:
    from engines.ai.eval_jacquet import evaluate

    # Blanc's five checkers on B11-B7 close the five points in front of noir's pack on
    # B12: worth more to blanc than having them on B6-B2, 25 pips nearer home.
    noir = {"B12": 10, "N3": 5}
    blocking = position(noir, {"B11": 1, "B10": 1, "B9": 1, "B8": 1, "B7": 1, "B1": 10},
                        phase="lancer")
    behind = position(noir, {"B6": 1, "B5": 1, "B4": 1, "B3": 1, "B2": 1, "B1": 10},
                      phase="lancer")
    assert evaluate(blocking, "blanc") > evaluate(behind, "blanc")
