"""Endgame play: exact reversi endings, forced wins first in moulin and tablut.

Every solver result is checked against plain searches over the engines'
general protocol (``legal_moves`` / ``apply``), independent of the code under
test.  No test measures time: budgets are nodes, or clocks driven by hand.
"""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.ai import Budget, Clock, make_bot
from engines.ai.alphabeta import AlphaBeta
from engines.ai.bots import SearchBot
from engines.ai.endgame import PartClock, endgame_for
from engines.ai.endgame_deeper import FEW_PIECES, is_endgame
from engines.ai.endgame_reversi import (
    EXACT_EMPTIES,
    OUTCOME_EMPTIES,
    ExactSearch,
    empties_of,
    solve,
    solve_outcome,
)
from engines.ai.evaluation import evaluator_for
from engines.core import PASS, State
from engines.registry import find_game
from engines.reversi import ReversiMove, ReversiState

OTHELLO = find_game("reversi:othello")
MOULIN = find_game("moulin")
TABLUT = find_game("tablut")

# --------------------------------------------------------------------------- brute force


@cache
def minimax_difference(state: ReversiState) -> int:
    """Final disc difference for the player to move, by plain minimax over the protocol."""
    if state.is_terminal():
        black, white = state.counts()
        return black - white if state.mover == 0 else white - black
    return max(_child_difference(state, move) for move in state.legal_moves())


def _child_difference(state: ReversiState, move: ReversiMove) -> int:
    """The value of ``move`` for the player making it (a pass included)."""
    child = state.apply(move)
    assert isinstance(child, ReversiState)
    value = minimax_difference(child)
    return value if child.mover == state.mover else -value


def wins_within(state: State, player: str, plies: int) -> bool:
    """Whether ``player`` can force a win in at most ``plies`` decisions (plain AND-OR)."""
    if state.is_terminal():
        outcome = state.outcome()
        return outcome is not None and outcome.value(player) == 1.0
    if plies == 0:
        return False
    children = (state.apply(move) for move in state.legal_moves())
    if state.current_player == player:
        return any(wins_within(child, player, plies - 1) for child in children)
    return all(wins_within(child, player, plies - 1) for child in children)


def reversi(text: str) -> ReversiState:
    """An othello position from its text."""
    state = OTHELLO.from_text(text)
    assert isinstance(state, ReversiState)
    return state


def played_to(game_seed: int, empties: int) -> ReversiState | None:
    """A random othello game stopped at ``empties`` empty squares (``None`` if it ended first)."""
    rng = random.Random(game_seed)
    state = OTHELLO.initial_state()
    assert isinstance(state, ReversiState)
    while not state.is_terminal() and empties_of(state) > empties:
        child = state.apply(rng.choice(state.legal_moves()))
        assert isinstance(child, ReversiState)
        state = child
    if state.is_terminal():
        return None
    return state


# --------------------------------------------------------------------------- reversi


def test_a_pass_and_a_full_board_are_solved_exactly() -> None:
    # Only a1 is empty: noir fills it and turns b1-g1 over (h1 is noir): 64 to 0.
    text = ".BBBBBBN/" + "/".join(["NNNNNNNN"] * 7)
    black = reversi(text + " noir")
    result = solve(black)
    assert (str(result.move), result.value) == ("a1", 64)
    # Blanc cannot play a1 (nothing to flank): blanc passes, then loses 0 to 64.
    white = reversi(text + " blanc")
    assert white.legal_moves() == [PASS]
    result = solve(white)
    assert (result.move, result.value) == (PASS, -64)
    assert solve_outcome(white).value == -1


def test_empty_squares_nobody_can_fill_count_for_nobody() -> None:
    # Noir's only move a1 takes blanc's last disc b1; h8 stays empty: 63 to 0.
    text = ".BNNNNNN/" + "/".join(["NNNNNNNN"] * 6) + "/NNNNNNN. noir"
    state = reversi(text)
    result = solve(state)
    assert (str(result.move), result.value) == ("a1", 63) == ("a1", minimax_difference(state))
    assert state.apply(result.move).is_terminal()


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(0, 10**6), st.integers(6, 8))
def test_exact_value_matches_brute_force(seed: int, empties: int) -> None:
    state = played_to(seed, empties)
    if state is None:
        return
    expected = minimax_difference(state)
    result = solve(state, exact_all=True)
    assert result.value == expected, state.to_text()
    for move, value in result.values:  # every root move, exactly
        assert value == _child_difference(state, move)
    outcome = solve_outcome(state)
    assert outcome.value == _sign(expected)
    assert _sign(_child_difference(state, outcome.move)) == _sign(expected)
    # The bots solve such endings: their move reaches the exact value.
    for level in ("joueur", "expert"):
        bot = make_bot(level, OTHELLO, seed=seed, nodes=200_000)
        move = bot.choose(state)
        assert _child_difference(state, move) == expected
        assert bot.last is not None and bot.last.algorithm in ("endgame", "forced")


PASSING = (
    "NNNNNNNN/NNNNNNNB/NNNBBNBB/NNNBNB.B/NBBNBBBB/NBBBBNB./N.BBBBNN/....BNNN blanc",
    "BNNN.N../BNNNNNNN/BBBNNBBN/BBBNBNBN/BNBBNBNN/NNNBBBBN/..NNNBBB/..B.NBBN noir",
    "BBBBBBBB/BBBBNNBN/BNNNNNNN/BBNNNNNN/BBBBNBNN/..BNBNBN/.B.BNBBB/..NNNN.B blanc",
    "BBBN..../BBBNNNN./BNBBNNN./BNNBBNNN/BBBBBBBB/BNNNBBBN/NNBNNBN./.BBBBBBB noir",
)
"""Positions met in random games where the mover must pass with 7 to 9 squares empty."""


def test_passes_far_from_the_end_are_searched_exactly() -> None:
    for text in PASSING:
        state = reversi(text)
        assert state.legal_moves() == [PASS] and empties_of(state) >= 7
        own, other = state.discs[state.mover], state.discs[1 - state.mover]
        expected = minimax_difference(state)
        assert ExactSearch().value(own, other) == expected  # the pass inside the search
        assert solve(state).value == expected  # the pass at the root


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def _value_after(state: ReversiState, move: ReversiMove) -> int:
    """Exact value of ``move`` for the player making it, by the solver."""
    child = state.apply(move)
    assert isinstance(child, ReversiState)
    if child.is_terminal():
        black, white = child.counts()
        return black - white if state.mover == 0 else white - black
    value = solve(child).value
    return value if child.mover == state.mover else -value


def test_null_window_bounds_are_consistent() -> None:
    state = played_to(3, 10)
    assert state is not None
    own, other = state.discs[state.mover], state.discs[1 - state.mover]
    exact = ExactSearch().value(own, other)
    for alpha in range(-20, 20, 3):
        bound = ExactSearch().value(own, other, alpha, alpha + 1)
        if bound > alpha:  # fails high: a lower bound
            assert alpha < bound <= exact
        else:  # fails low: an upper bound
            assert exact <= bound <= alpha


def _position_with(empties: int, result: int | None = None) -> ReversiState:
    """A position with ``empties`` empty squares where the mover has several placements
    (and, if given, the ``result`` 1, 0 or -1 under perfect play)."""
    for seed in range(200):
        state = played_to(seed, empties)
        if state is None or empties_of(state) != empties or len(state.legal_moves()) < 2:
            continue
        if result is None or solve_outcome(state).value == result:
            return state
    raise AssertionError(f"no position with {empties} empty squares")


def test_levels_use_the_solver_within_their_limits() -> None:
    assert EXACT_EMPTIES["joueur"] < EXACT_EMPTIES["expert"]
    assert OUTCOME_EMPTIES["expert"] > EXACT_EMPTIES["expert"]
    nodes = 2_000_000  # plenty: a node budget keeps the test independent of the machine
    exact = _position_with(EXACT_EMPTIES["expert"])
    expert = make_bot("expert", OTHELLO, nodes=nodes)
    move = expert.choose(exact)
    assert expert.last is not None and expert.last.algorithm == "endgame"
    assert move == solve(exact).move
    # One more empty square than its exact limit: the joueur keeps a won game won.
    won = _position_with(EXACT_EMPTIES["joueur"] + 1, result=1)
    joueur = make_bot("joueur", OTHELLO, nodes=nodes)
    move = joueur.choose(won)
    assert joueur.last is not None and joueur.last.algorithm == "endgame-wdl"
    assert _value_after(won, move) > 0
    # Lost whatever it plays: the heuristic search looks for the opponent's mistakes.
    lost = _position_with(EXACT_EMPTIES["joueur"] + 1, result=-1)
    joueur.choose(lost)
    assert joueur.last is not None and joueur.last.algorithm == "alphabeta"
    # Beyond the limits, and at every limit for the beginner: the usual search.
    far = _position_with(OUTCOME_EMPTIES["expert"] + 4)
    expert = make_bot("expert", OTHELLO, nodes=2000)
    expert.choose(far)
    assert expert.last is not None and expert.last.algorithm == "alphabeta"
    debutant = make_bot("debutant", OTHELLO, nodes=2000)
    assert isinstance(debutant, SearchBot) and debutant.endgame is None
    debutant.choose(exact)
    assert debutant.last is not None and debutant.last.algorithm == "alphabeta"


class TickingClock(Clock):
    """A clock driven by hand: out of time after ``ticks`` looks at it."""

    def __init__(self, ticks: int) -> None:
        super().__init__(Budget(seconds=3600))
        self.ticks = ticks
        self.looks = 0

    def out_of_time(self) -> bool:
        self.looks += 1
        return self.looks > self.ticks


def test_an_unfinished_solve_falls_back_to_the_usual_search() -> None:
    state = _position_with(EXACT_EMPTIES["expert"])
    player = endgame_for(OTHELLO, "expert", evaluator_for(OTHELLO))
    assert player is not None
    clock = TickingClock(ticks=3)  # the solve needs far more looks than that
    choice = player.choose(state, clock, random.Random(0))
    assert choice is not None and choice.algorithm == "alphabeta"
    assert choice.move in state.legal_moves()
    assert clock.looks > 3
    # A node budget too small for the proof: the solve and the search share it.
    budget = Budget(nodes=300)
    choice = player.choose(state, budget.start(), random.Random(0))
    assert choice is not None and choice.algorithm == "alphabeta"
    assert choice.nodes <= 300 + len(state.legal_moves()) + 1


def test_part_clock_shares_what_is_left() -> None:
    parent = Budget(seconds=10.0, nodes=1000).start()
    part = PartClock(parent, 0.25)
    assert part.deadline is not None and parent.deadline is not None
    assert part.deadline < parent.deadline
    assert part.deadline - part.started < 0.3 * (parent.deadline - parent.started)
    assert part.node_limit == 250
    assert PartClock(parent, 1.0, used=900).node_limit == 100
    assert PartClock(parent, 1.0, used=1000).node_limit == 1
    stopped = TickingClock(ticks=0)
    assert PartClock(stopped, 0.5).out_of_time()  # the parent rules


# --------------------------------------------------------------------------- moulin and tablut

MOULIN_WIN_IN_4 = ".../.../N../N....B/BBB/.N./... blanc 0,0 - 3"
"""Blanc (4 pieces, flying) opens its mill c3-d3-e3 so as to threaten two mills;
noir (3 pieces) blocks one, blanc closes the other and takes: noir has 2 left."""
MOULIN_WIN_IN_5 = "..B/.../.../NNN.../.../.BN/.B. noir 0,0 - 3"
"""Noir to move wins in 5 decisions, not fewer."""
MOULIN_WIN_IN_2 = "..N/.../.../N.B.../B.B/.N./... blanc 0,0 - 0"
"""Blanc closes c3-d3-e3 and takes at once (and has slower wins too)."""
TABLUT_WIN_IN_3 = (
    "........./.....N.../......BN./.N..BR.N./.N...N.../N.N...N../........./........./"
    "......... blanc 52"
)
"""The king (f6) cannot escape at once, but in three plies whatever noir does."""


def _fastest_win(state: State, player: str, most: int) -> int:
    """The fewest decisions in which ``player`` forces a win (brute force, at most ``most``)."""
    for plies in range(1, most + 1):
        if wins_within(state, player, plies):
            return plies
    raise AssertionError(f"no forced win within {most} plies in '{state.to_text()}'")


def _check_fastest_win_found(game_spec: str, text: str, plies: int) -> None:
    game = find_game(game_spec)
    state = game.from_text(text)
    player = state.current_player
    assert is_endgame(state)
    assert _fastest_win(state, player, plies) == plies
    bot = make_bot("expert", game, seed=1)  # its own time budget: found well within it
    move = bot.choose(state)
    assert bot.last is not None and bot.last.algorithm == "mate", bot.last
    assert wins_within(state.apply(move), player, plies - 1), str(move)
    # The joueur, on a node budget (the same on any machine), too.
    bot = make_bot("joueur", game, seed=1, nodes=400_000)
    move = bot.choose(state)
    assert bot.last is not None and bot.last.algorithm == "mate", bot.last
    assert wins_within(state.apply(move), player, plies - 1), str(move)


def test_moulin_win_in_four_is_found() -> None:
    _check_fastest_win_found("moulin", MOULIN_WIN_IN_4, 4)


def test_moulin_win_in_five_is_found() -> None:
    _check_fastest_win_found("moulin", MOULIN_WIN_IN_5, 5)


def test_moulin_fastest_win_is_preferred() -> None:
    _check_fastest_win_found("moulin", MOULIN_WIN_IN_2, 2)
    # Slower wins exist too, so taking the fast one was a choice.
    state = MOULIN.from_text(MOULIN_WIN_IN_2)
    slow = [
        move
        for move in state.legal_moves()
        if not wins_within(state.apply(move), "blanc", 1)
        and wins_within(state.apply(move), "blanc", 3)
    ]
    assert slow


def test_tablut_escape_in_three_is_found() -> None:
    _check_fastest_win_found("tablut", TABLUT_WIN_IN_3, 3)


MOULIN_DEFENCE = "B../.B./.../N...B./BNN/..B/... noir 0,0 - 2"
"""Noir (3 pieces, flying) must fly to f6 to stop blanc's mill d6-f6 and f4:
45 of its 48 moves lose within 3 plies, the other 3 hold."""


def test_moves_proven_lost_are_left_out() -> None:
    state = MOULIN.from_text(MOULIN_DEFENCE)
    losing = [m for m in state.legal_moves() if wins_within(state.apply(m), "blanc", 3)]
    assert 0 < len(losing) < len(state.legal_moves())
    bot = make_bot("expert", MOULIN, seed=0, nodes=30_000)
    move = bot.choose(state)
    assert bot.last is not None and bot.last.algorithm == "alphabeta"  # no forced win: searched
    assert move not in losing
    # The root of the heuristic search can be limited to some moves.
    search = AlphaBeta(evaluator_for(MOULIN))
    found = search.search(state, Budget(nodes=3000).start(), random.Random(0), moves=losing)
    assert found.move in losing and {m for m, _ in found.scores} <= set(losing)


def test_a_lost_position_is_known_lost() -> None:
    # After blanc's double threat d3-e4 (MOULIN_WIN_IN_4), every move of noir loses.
    state = MOULIN.from_text(".../.../N../N..B.B/B.B/.N./... noir 0,0 - 4")
    assert all(wins_within(state.apply(m), "blanc", 2) for m in state.legal_moves())
    bot = make_bot("expert", MOULIN, seed=0, nodes=30_000)
    assert bot.choose(state) in state.legal_moves()
    assert bot.last is not None and bot.last.algorithm == "mate"


def test_endgame_thresholds() -> None:
    assert FEW_PIECES["moulin"] == 8
    start = MOULIN.initial_state()
    assert not is_endgame(start)  # pieces in hand
    assert is_endgame(MOULIN.from_text(MOULIN_WIN_IN_4))  # 7 pieces, none in hand
    nine = MOULIN.from_text("B.N/.../B.N/N.B.../B../.N./B.. blanc 0,0 - 0")
    assert not is_endgame(nine)
    assert not is_endgame(TABLUT.initial_state())
    assert is_endgame(TABLUT.from_text(TABLUT_WIN_IN_3))


def test_debutant_keeps_its_plain_search() -> None:
    for game, text in ((MOULIN, MOULIN_WIN_IN_4), (TABLUT, TABLUT_WIN_IN_3)):
        bot = make_bot("debutant", game, seed=0, nodes=300)
        assert isinstance(bot, SearchBot) and bot.endgame is None
        state = game.from_text(text)
        assert bot.choose(state) in state.legal_moves()
        assert bot.last is not None and bot.last.algorithm == "alphabeta"


def test_outside_the_endgame_the_usual_search_decides() -> None:
    for game in (MOULIN, TABLUT):
        bot = make_bot("expert", game, seed=0, nodes=500)
        state = game.initial_state()
        bot.choose(state)
        assert bot.last is not None and bot.last.algorithm == "alphabeta"
