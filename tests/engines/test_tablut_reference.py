"""Tablut against its plain rules: a reference move generator written from the rules
alone, the fast playout, and the evaluator."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.ai.eval_tablut import INTERIOR, _hot_squares
from engines.ai.evaluation import evaluator_for
from engines.core import (
    PathMove,
    State,
)
from engines.outcomes import OutcomeCode
from engines.tablut import (
    INDEX,
    NAMES,
    SLOT_OF,
    TablutState,
    bit_indices,
    free_paths,
)
from tests.engines.test_tablut import (
    OPTION_SPECS,
    SHUTTLE,
    TABLUT,
    play,
    position,
    raichi,
    start,
)

# --------------------------------------------------------------------------- reference rules


def naive_moves(state: TablutState) -> set[tuple[str, str]]:
    """The rules of moving, written square by square from the text."""
    cells = state.to_text().split()[0].replace("/", "")
    own = "BR" if state.mover == 0 else "N"
    out = set()
    for origin, piece in enumerate(cells):
        if piece not in own:
            continue
        row, col = divmod(origin, 9)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            r, c = row + dr, col + dc
            while 0 <= r < 9 and 0 <= c < 9 and cells[r * 9 + c] == ".":
                if piece == "R" or (r, c) != (4, 4):
                    out.add((NAMES[origin], NAMES[r * 9 + c]))
                if piece == "R" and state.game.slow_king:
                    break
                r, c = r + dr, c + dc
    return out


def naive_after(state: TablutState, origin: str, target: str) -> str:
    """The board text after a move, captures worked out square by square."""
    cells = list(state.to_text().split()[0].replace("/", ""))
    o, t = INDEX[origin], INDEX[target]
    piece = cells[o]
    cells[o], cells[t] = ".", piece
    armed = state.game.armed_king
    friends = ("B" + ("R" if armed else "")) if piece in "BR" else "N"
    prey = "N" if piece in "BR" else "B"
    row, col = divmod(t, 9)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r1, c1, r2, c2 = row + dr, col + dc, row + 2 * dr, col + 2 * dc
        if piece == "R" and not armed:
            break
        if 0 <= r2 < 9 and 0 <= c2 < 9 and cells[r1 * 9 + c1] == prey \
                and cells[r2 * 9 + c2] in friends:
            cells[r1 * 9 + c1] = "."
    if piece == "N" and "R" in cells:
        k = cells.index("R")
        kr, kc = divmod(k, 9)
        ring = [(kr + dr, kc + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
        inside = all(0 <= r < 9 and 0 <= c < 9 for r, c in ring)
        if inside and divmod(t, 9) in ring and all(
            cells[r * 9 + c] == "N" or (r, c) == (4, 4) for r, c in ring
        ):
            cells[k] = "."
    return "/".join("".join(cells[r * 9 : r * 9 + 9]) for r in range(9))


@st.composite
def boards(draw: st.DrawFn) -> TablutState:
    """Any position: a king off the edge (or taken), up to 8 Swedes and 16 Muscovites."""
    spec = draw(st.sampled_from(OPTION_SPECS))
    free = [n for n in NAMES if n != "e5"]
    inner = [n for n in NAMES if n[0] not in "ai" and n[1] not in "19"]
    king = draw(st.sampled_from(inner))
    rest = [n for n in free if n != king]
    swedes = draw(st.lists(st.sampled_from(rest), max_size=8, unique=True))
    rest = [n for n in rest if n not in swedes]
    muscovites = draw(st.lists(st.sampled_from(rest), max_size=16, unique=True))
    mover = draw(st.sampled_from(["blanc", "noir"]))
    return position(king, swedes, muscovites, mover, draw(st.integers(0, 20)), spec)


@st.composite
def random_states(draw: st.DrawFn) -> TablutState:
    """A position reached by random moves from the start of some variant."""
    spec = draw(st.sampled_from(OPTION_SPECS))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    state = start(spec)
    for _ in range(draw(st.integers(0, 80))):
        if state.is_terminal():
            break
        state = state.apply_unchecked(rng.choice(state.legal_moves()))
    assert isinstance(state, TablutState)
    return state


positions = st.one_of(boards(), random_states())
property_settings = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@property_settings
@given(state=positions)
def test_moves_and_captures_match_the_reference_rules(state: TablutState) -> None:
    moves = state.legal_moves()
    if state.is_terminal():
        assert moves == ()
        return
    pairs = [(m.names[0], m.names[1]) for m in moves]
    assert len(pairs) == len(set(pairs))
    assert set(pairs) == naive_moves(state)
    for move in moves:
        after = state.apply(move)
        assert after.to_text().split()[0] == naive_after(state, *move.names)
        assert after.to_text().split()[1:] == [("noir", "blanc")[state.mover],
                                               str(state.ply + 1)]


@property_settings
@given(state=positions)
def test_is_legal_agrees_with_the_move_list(state: TablutState) -> None:
    legal = set(state.legal_moves())
    for (origin, target), _ in SLOT_OF.items():
        move = PathMove((origin, target), (NAMES[origin], NAMES[target]))
        assert state.is_legal(move) == (move in legal)
    any_game: State = state  # a position as any game's: any value may be asked about
    assert not any_game.is_legal("e3-e4")


@property_settings
@given(state=positions)
def test_position_text_round_trips(state: TablutState) -> None:
    copy = state.game.from_text(state.to_text())
    assert copy.to_text() == state.to_text() and copy.key() == state.key()
    assert copy.legal_moves() == state.legal_moves()


@property_settings
@given(state=positions)
def test_announcements_follow_the_free_paths(state: TablutState) -> None:
    said = state.announcements()
    if state.is_terminal() or state.mover == 0:
        assert said == ()
    else:
        assert said == (("Raichi !",) if state.free_paths() >= 1 else ())
        if state.game.two_paths_win:
            assert state.free_paths() <= 1


# --------------------------------------------------------------------------- fast playout


def replay_trace(state: TablutState, trace: list[tuple[int, int]]) -> TablutState:
    for origin, target in trace:
        after = state.apply(PathMove((origin, target), (NAMES[origin], NAMES[target])))
        assert isinstance(after, TablutState)
        state = after
    return state


@pytest.mark.parametrize("spec", OPTION_SPECS)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_fast_playout_plays_legal_moves_and_ends_like_the_rules(spec: str, seed: int) -> None:
    first = start(spec)
    trace: list[tuple[int, int]] = []
    fast = first._fast_playout(random.Random(seed), trace)
    slow = replay_trace(first, trace)  # apply() checks every move
    assert fast.is_terminal() and slow.is_terminal()
    assert fast.to_text() == slow.to_text()
    assert fast.history == slow.history
    assert fast.outcome() == slow.outcome()


def test_fast_playout_reaches_every_kind_of_end() -> None:
    codes: Counter[OutcomeCode] = Counter()
    for spec in OPTION_SPECS:
        first = start(spec)
        for seed in range(60):
            outcome = first.random_playout(random.Random(seed)).outcome()
            assert outcome is not None
            codes[outcome.code] += 1
    assert {OutcomeCode.TWO_PATHS, OutcomeCode.KING_ESCAPED, OutcomeCode.KING_CAPTURED,
            OutcomeCode.MOVE_CAP} <= set(codes)


def test_fast_playout_draws_every_legal_move_evenly() -> None:
    first = start("tablut,max_moves=1")
    legal = {(m.path[0], m.path[1]) for m in first.legal_moves()}
    rng = random.Random(11)
    counts: Counter[tuple[int, int]] = Counter()
    draws = 100 * len(legal)
    for _ in range(draws):
        trace: list[tuple[int, int]] = []
        first._fast_playout(rng, trace)
        counts[trace[0]] += 1
    assert set(counts) == legal
    assert min(counts.values()) > 55 and max(counts.values()) < 150


class ScriptedRandom(random.Random):
    """Feeds the fast playout's sampler the given moves, then plays at random.

    The sampler turns one number into (piece, direction, distance): piece
    ``i`` of the mover's list (Swedes by square, then the king; Muscovites by
    square; a moved piece keeps its place) and the move's table slot.
    """

    def __init__(self, state: TablutState, moves: Iterable[str]) -> None:
        super().__init__(5)
        lists = ([*bit_indices(state.white), state.king], bit_indices(state.black))
        mover = state.mover
        self.values: list[float] = []
        for text in moves:
            origin, target = (INDEX[n] for n in text.split("-"))
            own = lists[mover]
            i = own.index(origin)
            slot = SLOT_OF[origin, target] - 32 * origin
            self.values.append((32 * i + slot + 0.5) / (32 * len(own)))
            own[i] = target
            mover ^= 1

    def random(self) -> float:
        return self.values.pop(0) if self.values else super().random()


def test_fast_playout_stops_on_threefold_repetition() -> None:
    first = start()
    trace: list[tuple[int, int]] = []
    final = first._fast_playout(ScriptedRandom(first, SHUTTLE * 2), trace)
    outcome = final.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.REPETITION
    assert len(trace) == 8 and final == play(first, *SHUTTLE, *SHUTTLE)


def test_fast_playout_stops_when_the_player_to_move_is_stuck() -> None:
    first = position(king="e5", swedes=["d5", "f5", "e4", "e6", "a2", "c1"], muscovites=["a1"])
    final = first._fast_playout(ScriptedRandom(first, ["c1-b1"]), None)
    outcome = final.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.NO_MOVE and final.ply == 1


def test_fast_playout_of_a_finished_game_is_itself() -> None:
    over = position(king=None, muscovites=["a1"])
    assert over.random_playout(random.Random(1)) is over


# --------------------------------------------------------------------------- evaluator


def test_evaluator_is_registered_bounded_and_antisymmetric() -> None:
    evaluate = evaluator_for(TABLUT)
    assert evaluate is not None
    for spec, seed in [("tablut", 4), ("tablut,slow_king=true,max_moves=120", 5)]:
        rng = random.Random(seed)
        state: State = start(spec)
        while not state.is_terminal():
            for_white, for_black = evaluate(state, "blanc"), evaluate(state, "noir")
            assert -1.0 <= for_white <= 1.0 and for_white == -for_black
            state = state.apply(rng.choice(state.legal_moves()))
        outcome = state.outcome()
        assert outcome is not None
        for player in ("blanc", "noir"):
            assert evaluate(state, player) == 2 * outcome.value(player) - 1


def test_evaluator_sees_the_kings_escape_and_capture() -> None:
    evaluate = evaluator_for(TABLUT)
    assert evaluate is not None
    blocked = raichi()
    escape_now = play(blocked, "e8-d8", "b1-b2")
    assert evaluate(escape_now, "blanc") > 0.9
    # Even before, e7-d7 would leave the king two free paths: a win next move.
    assert evaluate(blocked, "blanc") > 0.9
    shut_in = position(king="e5", swedes=["d5", "f5", "e4", "e6"], muscovites=["a1", "i9"])
    assert evaluate(escape_now, "blanc") > evaluate(shut_in, "blanc")
    doomed = position(king="c7", swedes=["g3"], muscovites=["b7", "c8", "d7", "c1"],
                      mover="noir")
    assert evaluate(doomed, "noir") > 0.9
    box = ["d5", "f5", "e4", "e6"]
    fewer_swedes = position(king="e5", swedes=box, muscovites=["a1", "i9"])
    more_swedes = position(king="e5", swedes=[*box, "c3", "g7"], muscovites=["a1", "i9"])
    assert evaluate(more_swedes, "blanc") > evaluate(fewer_swedes, "blanc")


def test_evaluator_sees_a_fork_black_cannot_answer() -> None:
    evaluate = evaluator_for(TABLUT)
    assert evaluate is not None
    # Black to move: the king on e7 has the free path f7-i7, and d7 and c7 each have
    # two free paths; blocking the row leaves the king a move to one of them.
    fork = position(king="e7", swedes=["g3"], muscovites=["e8", "b7", "e6", "i1", "a1", "i9"],
                    mover="noir")
    assert not fork.is_terminal() and fork.free_paths() == 1
    assert evaluate(fork, "blanc") > 0.9
    # With the row blocked on h7 and the columns f and g on f3 and g3, only d7 and c7
    # have two free paths: b7-d7 answers both.
    answered = position(king="e7", swedes=["f3", "g3"],
                        muscovites=["e8", "b7", "e6", "h7", "a1", "i9"], mover="noir")
    assert evaluate(answered, "blanc") < 0.9


def test_evaluator_sees_a_move_to_two_free_paths() -> None:
    evaluate = evaluator_for(TABLUT)
    assert evaluate is not None
    # White to move: e7-d7 (or c7, or f7) leaves two free paths, a win next move.
    reach_two = position(king="e7", swedes=["g3"],
                         muscovites=["e8", "b7", "e6", "h7", "a1", "i9"])
    assert reach_two.free_paths() == 0
    assert evaluate(reach_two, "blanc") > 0.9


def test_evaluator_prefers_muscovites_sealing_the_corners() -> None:
    evaluate = evaluator_for(TABLUT)
    assert evaluate is not None
    box = ["d5", "f5", "e4", "e6"]
    others = ["a4", "a5", "a6", "i4", "i5", "i6", "e1", "e9"]
    sealed = position(king="e5", swedes=box, muscovites=[*others, "b3", "c2"])
    loose = position(king="e5", swedes=box, muscovites=[*others, "b5", "e2"])
    assert evaluate(sealed, "noir") > evaluate(loose, "noir")


@property_settings
@given(state=positions)
def test_hot_squares_are_the_empty_inner_squares_with_two_free_paths(
    state: TablutState,
) -> None:
    occupied = state.occupied
    slow = state.game.slow_king
    naive = sum(
        1
        for square in bit_indices(INTERIOR & ~occupied)
        if free_paths(square, occupied | (1 << square), slow) >= 2
    )
    assert _hot_squares(occupied, slow) == naive
