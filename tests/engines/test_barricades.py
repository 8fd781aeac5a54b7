"""Barricades: the board data, every rule on hand-built positions, 2 to 4 players and
teams, the move cap, text, notation, the fast playout and the evaluator.

Landmarks of the board (see ``engines/barricades/board.py``): the first row is
``p1``-``p17`` (x 0-16), the houses ``m1``-``m4`` open on ``p3``, ``p7``, ``p11``,
``p15``; ``p20`` is the connector above ``p9`` (x 8), ``p31`` the point above it
on the next row (``p23``-``p39``); ``p105`` lies under the goal ``but`` and ``p96``
under ``p105``.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines import find_game
from engines.ai.eval_barricades import evaluate
from engines.barricades import (
    DARK_POINTS,
    DISTANCE,
    EDGES,
    FIRST_ROW,
    GOAL,
    HOUSES,
    INDEX,
    NAMES,
    PATHS,
    PLAN,
    POINTS,
    TEXT_ROWS,
    Barricades,
    BarricadesState,
    PutBarricade,
)
from engines.core import (
    CHANCE,
    PASS,
    TERMINAL,
    Dice,
    IllegalMoveError,
    NotationError,
    PathMove,
    SpecError,
)
from engines.outcomes import OutcomeCode
from engines.walks import complete_turns


def game_of(spec: str) -> Barricades:
    game = find_game(spec)
    assert isinstance(game, Barricades)
    return game


DUEL = game_of("barricades")
THREE = game_of("barricades,players=3")
FOUR = game_of("barricades,players=4")
TEAMS = game_of("barricades:equipes")


def position(
    game: Barricades,
    pawns: dict[str, str] | None = None,
    barricades: tuple[str, ...] = (),
    mover: str = "rouge",
    dice: str = "-",
    pending: bool = False,
    turns: int = 0,
) -> BarricadesState:
    """A position from point names: ``pawns`` maps a point to R, V, J or B."""
    cells = {INDEX[name]: letter for name, letter in (pawns or {}).items()}
    cells.update({INDEX[name]: "x" for name in barricades})
    rows = "/".join("".join(cells.get(i, ".") for i in row) for row in TEXT_ROWS)
    state = game.from_text(f"{rows} {mover} {dice} {'b' if pending else '-'} {turns}")
    assert isinstance(state, BarricadesState)
    return state


def moves(state: BarricadesState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def play(state: BarricadesState, *texts: str) -> BarricadesState:
    after = state.game.replay(list(texts), state)
    assert isinstance(after, BarricadesState)
    return after


# --------------------------------------------------------------------------- the board


def test_board_has_the_classic_shape() -> None:
    assert len(POINTS) == 110 and NAMES[GOAL] == "but"
    assert [NAMES[h] for h in HOUSES] == ["m1", "m2", "m3", "m4"]
    assert [NAMES[p] for p in FIRST_ROW] == [f"p{i}" for i in range(1, 18)]
    assert len(DARK_POINTS) == 15
    assert not set(DARK_POINTS) & set(FIRST_ROW)
    xs = [POINTS[h][1] for h in HOUSES]
    assert xs == sorted(xs)  # houses left to right, along the bottom
    assert all(POINTS[h][2] > POINTS[p][2] for h in HOUSES for p in range(GOAL + 1))
    assert POINTS[GOAL][2] == 0  # the goal on top


def test_every_house_is_equally_far_from_the_goal() -> None:
    assert {DISTANCE[h] for h in HOUSES} == {39}


def test_the_board_has_loops_so_the_route_matters() -> None:
    # a connected graph with E edges and V points has E - V + 1 independent loops
    assert len(EDGES) - len(POINTS) + 1 == 9


def test_two_dice_never_bring_a_pawn_to_the_same_point() -> None:
    # The shortest loop has 12 steps, so paths of different lengths up to 6 never
    # join the same two points: the move ``p12-p31`` never needs its die.
    for origin in range(len(POINTS)):
        ends = [{end for end, _ in PATHS[origin][d]} for d in range(1, 7)]
        for d in range(6):
            for e in range(d + 1, 6):
                assert not ends[d] & ends[e], (NAMES[origin], d + 1, e + 1)


def test_geometry_draws_the_board_from_the_data() -> None:
    geometry = DUEL.geometry()
    assert geometry.kind == "graph"
    assert [p.name for p in geometry.points] == list(NAMES)
    assert geometry.regions["barricades_depart"] == frozenset(DARK_POINTS)
    assert geometry.regions["maison_rouge"] == frozenset({HOUSES[0]})
    assert geometry.index("p31") == INDEX["p31"]
    assert any(len(line) == 17 for line in geometry.lines)


# --------------------------------------------------------------------------- start and turns


def test_start_rouge_the_leftmost_throws_first() -> None:
    state = DUEL.initial_state()
    assert state.current_player is CHANCE and state.mover == 0
    assert DUEL.players == ("rouge", "vert")
    assert state.barricades.bit_count() == 15
    assert state.in_house(0) == state.in_house(1) == 5
    assert play(state, "dice:6,5").current_player == "rouge"
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1)


def test_players_and_teams_options() -> None:
    assert THREE.players == ("rouge", "vert", "jaune")
    assert FOUR.players == ("rouge", "vert", "jaune", "bleu")
    assert TEAMS.players == FOUR.players and TEAMS.teams
    assert TEAMS.partner(0) == 2 and TEAMS.partner(1) == 3 and FOUR.partner(0) is None
    with pytest.raises(SpecError, match="teams need players=4"):
        find_game("barricades,teams=true")
    with pytest.raises(SpecError):
        find_game("barricades,players=5")


def test_turns_go_round_the_table() -> None:
    state = position(FOUR, {"p31": "R", "p9": "V", "p12": "J", "p14": "B"})
    seen = []
    for _ in range(5):
        state = play(state, "dice:1,1")
        seen.append(state.current_player)
        state = play(state, str(state.legal_moves()[0]))
    assert seen == ["rouge", "vert", "jaune", "bleu", "rouge"]
    assert state.turns == 5


# --------------------------------------------------------------------------- moving a pawn


def test_a_pawn_moves_exactly_one_die() -> None:
    state = position(DUEL, {"p9": "R", "p1": "V"}, dice="1,1")
    assert moves(state) - {m for m in moves(state) if m.startswith("m1")} == {
        "p9-p8",
        "p9-p10",
        "p9-p20",
    }
    state = position(DUEL, {"p9": "R", "p1": "V"}, dice="6,1")
    pawn = {m for m in moves(state) if m.startswith("p9-")}
    one = {f"p9-{NAMES[e]}" for e, _ in PATHS[INDEX["p9"]][1]}
    six = {f"p9-{NAMES[e]}" for e, _ in PATHS[INDEX["p9"]][6]}
    assert pawn == one | six
    assert "p9-p11" not in pawn  # two steps: neither die


def test_a_move_never_comes_back_to_a_point() -> None:
    state = position(DUEL, {"p9": "R", "p1": "V"}, dice="2,2")
    assert {m for m in moves(state) if m.startswith("p9-")} == {"p9-p7", "p9-p11", "p9-p31"}


def test_leaving_the_house_counts_the_exit_as_step_one() -> None:
    state = position(DUEL, {"p1": "V"}, dice="1,1")
    assert moves(state) == {"m1-p3"}
    state = position(DUEL, {"p1": "V"}, dice="2,2")
    assert moves(state) == {"m1-p2", "m1-p4"}
    after = play(state, "m1-p4")
    assert after.in_house(0) == 4 and after.pawns[0] == 1 << INDEX["p4"]


def test_pawns_are_jumped_but_not_landed_on_when_they_are_ones_own() -> None:
    state = position(DUEL, {"p9": "R", "p10": "R", "p3": "R", "p1": "V"}, dice="2,2")
    assert "p9-p11" in moves(state)  # over rouge's own pawn
    assert "m1-p2" in moves(state) and "m1-p4" in moves(state)  # over the pawn on the exit
    state = position(DUEL, {"p9": "R", "p10": "R", "p3": "R", "p1": "V"}, dice="1,1")
    assert "p9-p10" not in moves(state) and "m1-p3" not in moves(state)
    state = position(DUEL, {"p9": "R", "p10": "V"}, dice="2,2")
    assert "p9-p11" in moves(state)  # over an enemy pawn too


def test_barricades_are_not_jumped() -> None:
    state = position(DUEL, {"p31": "R", "p1": "V"}, ("p30",), dice="2,2")
    assert {m for m in moves(state) if m.startswith("p31-")} == {"p31-p33", "p31-p9"}


def test_landing_on_an_enemy_sends_it_home() -> None:
    state = position(DUEL, {"p31": "R", "p33": "V", "p1": "V"}, dice="2,1")
    after = play(state, "p31-p33")
    assert after.in_house(1) == 4 and after.pawns[1] == 1 << INDEX["p1"]
    assert after.pawns[0] == 1 << INDEX["p33"]
    assert after.current_player is CHANCE and after.mover == 1


def test_landing_on_a_partner_is_refused_on_an_opponent_allowed() -> None:
    state = position(TEAMS, {"p31": "R", "p33": "J", "p29": "V", "p1": "B"}, dice="2,2")
    assert "p31-p33" not in moves(state) and "p31-p29" in moves(state)
    after = play(state, "p31-p29")
    assert after.in_house(1) == 5


def test_three_players_send_each_other_home() -> None:
    state = position(THREE, {"p31": "J", "p33": "R", "p9": "V"}, mover="jaune", dice="2,2")
    after = play(state, "p31-p33")
    assert after.in_house(0) == 5 and after.current_player is CHANCE and after.mover == 0


# --------------------------------------------------------------------------- barricades


def test_landing_on_a_barricade_picks_it_up_and_puts_it_elsewhere() -> None:
    state = position(DUEL, {"p31": "R", "p9": "V"}, ("p30", "p40"), dice="1,1")
    picked = play(state, "p31-p30")
    assert picked.current_player == "rouge" and picked.pending
    assert picked.barricades == 1 << INDEX["p40"]
    assert picked.announcements() == ("Barricade ! rouge la replace",)
    places = moves(picked)
    allowed = {NAMES[i] for i in range(GOAL) if i not in FIRST_ROW}
    assert places == {f"b@{n}" for n in allowed - {"p30", "p40"}}
    assert "b@p31" in places  # the point just left
    for refused in ("p5", "p9", "p30", "p40"):  # first row, pawn, pawn, barricade
        with pytest.raises(IllegalMoveError):
            picked.apply(PutBarricade(INDEX[refused], refused))
    assert not picked.is_legal(PutBarricade(GOAL, "but"))
    assert not picked.is_legal(PutBarricade(HOUSES[0], "m1"))
    put = play(picked, "b@p50")
    assert put.barricades == (1 << INDEX["p40"]) | (1 << INDEX["p50"])
    assert put.current_player is CHANCE and put.mover == 1 and put.turns == 1


def test_complete_turns_join_the_move_and_the_new_place() -> None:
    state = position(DUEL, {"p31": "R", "p9": "V"}, ("p30",), dice="1,1")
    turns = {" ".join(str(m) for m in line) for line, _ in complete_turns(state)}
    assert "p31-p30 b@p70" in turns and "p31-p32" in turns


# --------------------------------------------------------------------------- the goal and passing


def test_the_goal_needs_an_exact_count() -> None:
    state = position(DUEL, {"p105": "R", "p1": "V"}, dice="3,2")
    assert not any(m.endswith("-but") for m in moves(state))
    state = position(DUEL, {"p105": "R", "p1": "V"}, dice="4,1")
    won = play(state, "p105-but")
    assert won.is_terminal() and won.current_player is TERMINAL
    outcome = won.outcome()
    assert outcome is not None and outcome.winners == ("rouge",)
    assert outcome.code == OutcomeCode.GOAL
    assert not won.legal_moves()
    state = position(DUEL, {"p96": "R", "p1": "V"}, dice="2,2")
    assert "p96-but" in moves(state)
    state = position(DUEL, {"p96": "R", "p1": "V"}, ("p105",), dice="2,1")
    assert "p96-but" not in moves(state) and "p96-p105" in moves(state)


def test_one_pawn_of_the_team_on_the_goal_wins_for_both() -> None:
    state = position(TEAMS, {"p105": "J", "p1": "R", "p2": "V"}, mover="jaune", dice="1,1")
    outcome = play(state, "p105-but").outcome()
    assert outcome is not None and outcome.winners == ("rouge", "jaune")
    assert outcome.value("rouge") == 1.0 and outcome.value("vert") == 0.0


TRAPPED = {"p105": "R", "p86": "R", "p87": "R", "p68": "R", "p57": "R", "p1": "V"}
TRAP = ("p96", "p69", "p88", "p85", "p104", "p63", "p77", "p46", "p59")


def test_a_player_who_cannot_move_passes() -> None:
    state = position(DUEL, TRAPPED, TRAP, dice="2,2")
    assert state.legal_moves() == [PASS]
    after = play(state, "pass")
    assert after.mover == 1 and after.turns == 1 and after.current_player is CHANCE
    assert position(DUEL, TRAPPED, TRAP, dice="2,1").legal_moves() != [PASS]
    assert not position(DUEL, TRAPPED, TRAP, dice="2,1").is_legal(PASS)


def test_the_move_cap_stops_the_game_as_a_draw() -> None:
    game = game_of("barricades,max_turns=20")
    state = position(game, TRAPPED, TRAP, dice="2,2", turns=19)
    over = play(state, "pass")
    assert over.is_terminal()
    outcome = over.outcome()
    assert outcome is not None and outcome.is_draw and outcome.code == OutcomeCode.MOVE_CAP
    assert game.ending().move_cap == 20 and DUEL.ending().move_cap == 1000


def test_random_games_end() -> None:
    game = game_of("barricades,players=3,max_turns=200")
    final = game.initial_state().random_playout(random.Random(2))
    assert final.is_terminal()


# --------------------------------------------------------------------------- text and notation


def test_start_position_text() -> None:
    text = DUEL.initial_state().to_text()
    assert text.endswith(" rouge - - 0")
    assert text.count("x") == 15 and text.count("/") == len(TEXT_ROWS) - 1
    assert DUEL.from_text(text).to_text() == text


def test_the_rules_doc_shows_the_start_position_and_the_plan() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "rules" / "barricades.md").read_text("utf-8")
    assert DUEL.initial_state().to_text() in doc
    plan_lines = [line.rstrip() for line in PLAN.splitlines()]
    blocks = doc.split("```")[1::2]  # the fenced blocks: diagrams, and the plan's drawing
    drawings = [[line[:33].rstrip() for line in b.strip("\n").splitlines()] for b in blocks]
    assert plan_lines in drawings


def test_position_text_errors_are_named() -> None:
    good = position(DUEL, {"p31": "R"}).to_text()
    rows, rest = good.split(" ", 1)
    for bad, why in (
        ("nonsense", "expected 5 fields"),
        (f"{rows[1:]} {rest}", "rows"),
        (f"{rows.replace('R', 'J')} {rest}", "holds 'J'"),
        (f"{rows} bleu - - 0", "not one of rouge, vert"),
        (f"{rows} rouge 7,1 - 0", "dice"),
        (f"{rows} rouge 6,1 b 0", "a barricade to put and dice"),
        (f"{rows} rouge - z 0", "barricade field"),
        (f"{rows} rouge - - x", "turns"),
    ):
        with pytest.raises(NotationError, match=why):
            DUEL.from_text(bad)
    with pytest.raises(NotationError, match="first row"):
        position(DUEL, {}, ("p5",))
    with pytest.raises(NotationError, match="more than 5"):
        position(DUEL, {f"p{i}": "R" for i in range(1, 7)})
    with pytest.raises(NotationError, match="the game is over"):
        position(DUEL, {"but": "R"}, dice="6,5")
    assert position(DUEL, {"but": "R"}).is_terminal()


def test_move_notation() -> None:
    state = position(DUEL, {"p31": "R", "p1": "V"}, ("p30",), dice="1,1")
    assert str(DUEL.parse_move(state, "p31-p30")) == "p31-p30"
    assert DUEL.parse_move(DUEL.initial_state(), "dice:5,6") == Dice((6, 5))
    with pytest.raises(IllegalMoveError, match="p31-p29"):
        DUEL.parse_move(state, "p31-p29")
    for bad in ("p31-p999", "b@zz", "p31", "dice:7,1", "b@p1-p2", "§"):
        with pytest.raises(NotationError):
            DUEL.parse_move(state, bad)
    picked = play(state, "p31-p30")
    assert str(DUEL.parse_move(picked, "B@P40")) == "b@p40"


def test_diagram_names_the_rows_and_the_houses() -> None:
    picture = position(DUEL, {"p31": "R", "p1": "V"}, ("p30",), dice="2,1").diagram()
    assert "p88" in picture and "p104" in picture and "but" in picture
    assert "m1 rouge (R)" in picture and "un dé parmi 2 et 1" in picture
    assert "#─R" in picture  # the barricade on p30 next to rouge's pawn on p31


@pytest.mark.parametrize("spec", ["barricades", "barricades,players=3", "barricades:equipes"])
def test_fast_playout_follows_the_rules(spec: str) -> None:
    game = game_of(spec + ",max_turns=150")
    for seed in range(4):
        trace: list = []
        final = game.initial_state().playout(random.Random(seed), trace)
        replayed = game.replay([str(m) for m in trace])
        assert replayed.to_text() == final.to_text()
        assert final.is_terminal()


# --------------------------------------------------------------------------- the evaluator


def test_evaluator_prefers_progress_and_open_roads() -> None:
    near = position(DUEL, {"p96": "R", "p31": "V"})
    far = position(DUEL, {"p31": "R", "p96": "V"})
    assert evaluate(near, "rouge") > 0 > evaluate(far, "rouge")
    assert evaluate(near, "rouge") == pytest.approx(-evaluate(near, "vert"))
    blocked = position(DUEL, {"p96": "R", "p31": "V"}, ("p105",))
    assert evaluate(blocked, "rouge") < evaluate(near, "rouge")
    their_road_blocked = position(DUEL, {"p96": "R", "p31": "V"}, ("p20", "p30", "p32"))
    assert evaluate(their_road_blocked, "rouge") > evaluate(near, "rouge")


def test_evaluator_fears_exposed_pawns() -> None:
    safe = position(DUEL, {"p63": "R", "p31": "V"}, mover="vert")
    exposed = position(DUEL, {"p63": "R", "p31": "V", "p59": "V"}, mover="vert")
    behind_a_barricade = position(
        DUEL, {"p63": "R", "p31": "V", "p59": "V"}, ("p61",), mover="vert"
    )
    assert evaluate(exposed, "rouge") < evaluate(safe, "rouge") - 0.01
    assert evaluate(behind_a_barricade, "rouge") > evaluate(exposed, "rouge")


def test_only_enemies_who_throw_first_threaten_a_pawn() -> None:
    """Rouge's pawn on p63 is within vert's reach from p59.  It is in danger when vert
    throws next (also while rouge puts a barricade down: vert's turn follows), not
    when rouge does (rouge moves away first); with three players, not when jaune
    throws next either (rouge moves before vert then)."""
    pawns = {"p63": "R", "p31": "V", "p59": "V"}
    rouge_throws = position(DUEL, pawns, mover="rouge")
    vert_throws = position(DUEL, pawns, mover="vert")
    rouge_puts_a_barricade = position(DUEL, pawns, mover="rouge", pending=True)
    assert evaluate(vert_throws, "rouge") < evaluate(rouge_throws, "rouge") - 0.01
    assert evaluate(rouge_puts_a_barricade, "rouge") == evaluate(vert_throws, "rouge")
    jaune_throws = position(THREE, pawns, mover="jaune")
    assert (
        evaluate(position(THREE, pawns, mover="vert"), "rouge")
        < evaluate(jaune_throws, "rouge") - 0.01
    )


def test_evaluator_counts_a_team_mates_progress() -> None:
    alone = position(TEAMS, {"p31": "R", "p33": "V"})
    helped = position(TEAMS, {"p31": "R", "p33": "V", "p96": "J"})
    assert evaluate(helped, "rouge") > evaluate(alone, "rouge")
    assert evaluate(helped, "vert") < evaluate(alone, "vert")
    assert -1 <= evaluate(helped, "bleu") <= 1


# --------------------------------------------------------------------------- random games


def reference_moves(state: BarricadesState) -> set[tuple[int, int]]:
    """The ``(origin, end)`` pawn moves of a throw, by a plain search of the board's
    links: a path of exactly one die's steps that never comes back to a point, enters
    no house, passes over no barricade and not over the goal, and ends neither on one
    of the mover's pawns nor on a partner's."""
    assert state.dice is not None
    game = state.game
    seat = state.mover
    friends = state.pawns[seat]
    partner = game.partner(seat)
    if partner is not None:
        friends |= state.pawns[partner]
    links: dict[int, set[int]] = {}
    for a, b in EDGES:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    origins = [p for p in range(GOAL) if state.pawns[seat] >> p & 1]
    if state.in_house(seat):
        origins.append(game.houses[seat])
    found: set[tuple[int, int]] = set()

    def walk(origin: int, point: int, left: int, seen: set[int]) -> None:
        if left == 0:
            if not friends >> point & 1:
                found.add((origin, point))
            return
        if point != origin and (state.barricades >> point & 1 or point == GOAL):
            return  # a barricade or the goal cannot be passed over
        for nxt in links[point]:
            if nxt not in seen and nxt not in HOUSES:
                walk(origin, nxt, left - 1, seen | {nxt})

    for die in set(state.dice):
        for origin in origins:
            walk(origin, origin, die, {origin})
    return found


@pytest.mark.parametrize(
    "spec", ["barricades", "barricades,players=3", "barricades,players=4", "barricades:equipes"]
)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_the_rules(spec: str, seed: int) -> None:
    """Along random games: the moves are the plain search's, pawns never share a point
    nor stand on a barricade, the 15 barricades stay off the houses, the first row and
    the goal, at most 5 pawns a player."""
    game = game_of(spec + ",max_turns=120")
    rng = random.Random(seed)
    state = game.initial_state()
    allowed = {p for p in range(GOAL) if p not in FIRST_ROW}
    while True:
        placed = [p for p in range(len(POINTS)) if state.barricades >> p & 1]
        assert len(placed) == 15 - state.pending and set(placed) <= allowed
        every = 0
        for mask in state.pawns:
            assert mask.bit_count() <= 5 and not mask & every and not mask & state.barricades
            every |= mask
        if state.is_terminal():
            break
        if state.current_player is CHANCE:
            after = state.apply(state.sample_chance(rng))
        else:
            if not state.pending:
                listed = {m.path if isinstance(m, PathMove) else str(m)
                          for m in state.legal_moves() if m != PASS}
                assert listed == reference_moves(state), state.to_text()
            after = state.apply(rng.choice(list(state.legal_moves())))
        assert isinstance(after, BarricadesState)
        state = after
