"""Ludus latrunculorum against a square-by-square reference of the rules: legal moves,
captures and ends, the fast playout the bots use, and the evaluator."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.ai.eval_latrunculi import (
    CLOSE_IN_FROM,
    SQUEEZE_FROM,
    closing_in,
    mean_distance,
    side_reach,
    threatened,
)
from engines.ai.evaluation import evaluator_for
from engines.core import (
    PathMove,
    Place,
    Remove,
    State,
)
from engines.latrunculi import (
    FULL,
    INDEX,
    NAMES,
    PLAYERS,
    LatrunculiState,
)
from engines.outcomes import OutcomeCode
from tests.engines.latrunculi_positions import (
    OPTION_SPECS,
    PISO,
    SENECA,
    game,
    play,
    position,
)

# --------------------------------------------------------------------------- reference rules


def _code(state: State) -> OutcomeCode:
    outcome = state.outcome()
    assert outcome is not None
    return outcome.code


def _near(square: int, dr: int, dc: int) -> int:
    row, col = divmod(square, 8)
    row, col = row + dr, col + dc
    return row * 8 + col if 0 <= row < 8 and 0 <= col < 8 else -1


STEPS4 = ((-1, 0), (1, 0), (0, -1), (0, 1))
CORNER_INDICES = {0, 7, 56, 63}


def _enclosed(cells: list[str], square: int, guard: str) -> bool:
    """Whether ``square`` sits between two ``guard`` pieces, or in a corner between them."""
    around = [_near(square, dr, dc) for dr, dc in STEPS4]
    if square in CORNER_INDICES:
        return all(cells[s] == guard for s in around if s >= 0)
    up, down, left, right = around
    return (min(up, down) >= 0 and cells[up] == cells[down] == guard) or (
        min(left, right) >= 0 and cells[left] == cells[right] == guard
    )


def naive_moves(state: LatrunculiState) -> set[tuple[int, ...]]:
    """The decisions, from the rules text, square by square: (square,) or (origin, target)."""
    out: set[tuple[int, ...]]
    cells = list(state.to_text().split()[0].replace("/", ""))
    me = "BN"[state.mover]
    you = "NB"[state.mover]
    if state.hands[state.mover]:
        return {(i,) for i, ch in enumerate(cells) if ch == "."}
    if state.removing:
        return {(i,) for i, ch in enumerate(cells) if ch == you.lower()}
    out = set()
    for origin, ch in enumerate(cells):
        if ch != me:
            continue
        for dr, dc in STEPS4:
            t = _near(origin, dr, dc)
            if t >= 0 and cells[t] == ".":
                out.add((origin, t))
        if state.game.jumps:
            seen, queue = {origin}, [origin]
            while queue:
                here = queue.pop()
                for dr, dc in STEPS4:
                    mid, land = _near(here, dr, dc), _near(here, 2 * dr, 2 * dc)
                    if (
                        land >= 0
                        and mid != origin
                        and cells[mid] in (me, me.lower())
                        and cells[land] == "."
                        and land not in seen
                    ):
                        seen.add(land)
                        queue.append(land)
                        out.add((origin, land))
    memory = state.to_text().split()[4].split(",")[state.mover]
    if memory != "-" and (memory.endswith("*") or state.game.strict_return):
        a, b = memory.rstrip("*").split("-")
        out.discard((INDEX[b], INDEX[a]))
    return out


def naive_after(state: LatrunculiState, origin: int, target: int) -> str:
    """The board text after a move, captures and freeing worked out square by square."""
    cells = list(state.to_text().split()[0].replace("/", ""))
    me = "BN"[state.mover]
    you = "NB"[state.mover]
    cells[origin], cells[target] = ".", me
    seneca = state.game.inciti
    if seneca:
        for s, ch in enumerate(cells):
            if ch == you.lower() and not _enclosed(cells, s, me):
                cells[s] = you
    while True:
        taken = []
        for dr, dc in STEPS4:
            victim = _near(target, dr, dc)
            if victim < 0 or cells[victim] != you:
                continue
            if victim in CORNER_INDICES:
                anvils = [_near(victim, a, b) for a, b in STEPS4]
                anvils = [s for s in anvils if s >= 0 and s != target]
            else:
                anvils = [_near(victim, dr, dc)]
            if all(s >= 0 and cells[s] == me for s in anvils):
                taken.append(victim)
        for victim in taken:
            cells[victim] = you.lower() if seneca else "."
        freed = [
            s for s, ch in enumerate(cells) if ch == me.lower() and not _enclosed(cells, s, you)
        ]
        for s in freed:
            cells[s] = me
        if not freed:
            break
    return "/".join("".join(cells[r * 8 : r * 8 + 8]) for r in range(8))


@st.composite
def boards(draw: st.DrawFn) -> LatrunculiState:
    """Any movement-phase position: pieces, inciti held by free enemies, last moves."""
    spec = draw(st.sampled_from(OPTION_SPECS))
    seneca = game(spec).inciti
    free = list(NAMES)
    count_white = draw(st.integers(2, 20))
    count_black = draw(st.integers(2, 20))
    chosen = draw(st.permutations(free))
    white, black = chosen[:count_white], chosen[count_white : count_white + count_black]
    cells = ["."] * 64
    for name in white:
        cells[INDEX[name]] = "B"
    for name in black:
        cells[INDEX[name]] = "N"
    if seneca:
        held = [
            NAMES[s]
            for s, ch in enumerate(cells)
            if ch != "." and _enclosed(cells, s, "N" if ch == "B" else "B")
        ]
        wanted = draw(st.sets(st.sampled_from(held), max_size=8)) if held else set()
        for name in wanted:
            s = INDEX[name]
            cells[s] = cells[s].lower()
        changed = True
        while changed:
            changed = False
            for s, ch in enumerate(cells):
                if ch in "bn" and not _enclosed(cells, s, "N" if ch == "b" else "B"):
                    cells[s] = ch.upper()
                    changed = True
    mover = draw(st.sampled_from(["blanc", "noir"]))
    me = "B" if mover == "blanc" else "N"
    due: bool = draw(st.booleans())
    removal = "x" if seneca and ("n" if me == "B" else "b") in cells and due else "-"
    memories = []
    for mark in "BN":
        options = [
            (o, t)
            for t, ch in enumerate(cells)
            if ch == mark
            for o in (_near(t, dr, dc) for dr, dc in STEPS4)
            if o >= 0 and cells[o] == "."
        ]
        remembered: bool = draw(st.booleans())
        if options and remembered:
            o, t = options[draw(st.integers(0, len(options) - 1))]
            memories.append(f"{NAMES[o]}-{NAMES[t]}" + ("*" if draw(st.booleans()) else ""))
        else:
            memories.append("-")
    rows = "/".join("".join(cells[r * 8 : r * 8 + 8]) for r in range(8))
    quiet = draw(st.integers(0, 12))
    state = game(spec).from_text(f"{rows} {mover} 0,0 {removal} {','.join(memories)} {quiet}")
    assert isinstance(state, LatrunculiState)
    return state


@st.composite
def freeing_boards(draw: st.DrawFn) -> LatrunculiState:
    """A Seneca position where the mover may free its incitus by taking one of its guards
    (the incitus between two enemies, an anvil beyond one guard, a piece next to the empty
    square on the guard's other side), and may free an enemy incitus by moving one of its
    own guards away; random pieces around."""
    spec = draw(st.sampled_from([SENECA, "latrunculi:seneque,strict_return=true"]))
    mover = draw(st.sampled_from(["blanc", "noir"]))
    me, you = ("B", "N") if mover == "blanc" else ("N", "B")
    cells = ["."] * 64
    prisoner = draw(
        st.sampled_from([i for i in range(64) if _near(i, 1, 1) >= 0 and _near(i, -1, -1) >= 0])
    )
    dr, dc = draw(st.sampled_from(STEPS4))
    guards = (_near(prisoner, dr, dc), _near(prisoner, -dr, -dc))
    cells[prisoner] = me.lower()
    for g in guards:
        cells[g] = you
    guard = guards[0]
    lines = [
        (a, b)
        for a, b in STEPS4
        if min(_near(guard, a, b), _near(guard, -a, -b)) >= 0
        and prisoner not in (_near(guard, a, b), _near(guard, -a, -b))
    ]
    if lines:
        a, b = draw(st.sampled_from(lines))
        anvil, arrival = _near(guard, a, b), _near(guard, -a, -b)
        cells[anvil] = me
        feeders = [_near(arrival, x, y) for x, y in STEPS4]
        feeders = [f for f in feeders if f >= 0 and cells[f] == "."]
        if feeders:
            cells[draw(st.sampled_from(feeders))] = me
    held_by_me = draw(st.sampled_from([i for i in range(64) if cells[i] == "."]))
    x, y = draw(st.sampled_from(STEPS4))
    pair = (_near(held_by_me, x, y), _near(held_by_me, -x, -y))
    if min(pair) >= 0 and all(cells[g] == "." for g in pair):
        cells[held_by_me] = you.lower()  # an enemy incitus whose guards may leave
        for g in pair:
            cells[g] = me
    for mark in (me, you):
        for square in draw(st.lists(st.integers(0, 63), max_size=10)):
            if cells[square] == ".":
                cells[square] = mark
    for mark in "BN":
        while cells.count(mark) + cells.count(mark.lower()) < 2:
            cells[cells.index(".")] = mark
    changed = True
    while changed:
        changed = False
        for sq, ch in enumerate(cells):
            if ch in "bn" and not _enclosed(cells, sq, "N" if ch == "b" else "B"):
                cells[sq] = ch.upper()
                changed = True
    rows = "/".join("".join(cells[r * 8 : r * 8 + 8]) for r in range(8))
    state = game(spec).from_text(f"{rows} {mover} 0,0 - -,- 0")
    assert isinstance(state, LatrunculiState)
    return state


@st.composite
def random_states(draw: st.DrawFn) -> LatrunculiState:
    """A position reached by random decisions from the start of some variant."""
    spec = draw(st.sampled_from(OPTION_SPECS))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    state: State = game(spec).initial_state()
    for _ in range(draw(st.integers(0, 160))):
        if state.is_terminal():
            break
        state = state.apply_unchecked(rng.choice(state.legal_moves()))
    assert isinstance(state, LatrunculiState)
    return state


positions = st.one_of(boards(), freeing_boards(), random_states())
property_settings = settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@property_settings
@given(state=positions)
def test_moves_and_captures_match_the_reference_rules(state: LatrunculiState) -> None:
    moves = state.legal_moves()
    if state.is_terminal():
        assert moves == ()
        return
    items = [(m.at,) if isinstance(m, Place | Remove) else (m.path[0], m.path[-1]) for m in moves]
    assert len(items) == len(set(items))
    assert set(items) == naive_moves(state)
    for move, item in zip(moves, items, strict=True):
        after = state.apply(move)
        assert isinstance(after, LatrunculiState)
        if len(item) == 2:
            assert after.to_text().split()[0] == naive_after(state, *item)
            assert after.mover == 1 - state.mover
        if isinstance(move, PathMove) and len(move.path) > 2:
            assert len(move.path) - 1 == _fewest_jumps(state, *item)


def _fewest_jumps(state: LatrunculiState, origin: int, target: int) -> int:
    cells = state.to_text().split()[0].replace("/", "")
    me = "BN"[state.mover]
    level, seen, depth = {origin}, {origin}, 0
    while target not in level:
        depth += 1
        nxt = set()
        for here in level:
            for dr, dc in STEPS4:
                mid, land = _near(here, dr, dc), _near(here, 2 * dr, 2 * dc)
                if (
                    land >= 0
                    and mid != origin
                    and cells[mid] in (me, me.lower())
                    and cells[land] == "."
                    and land not in seen
                ):
                    nxt.add(land)
        seen |= nxt
        level = nxt
    return depth


@property_settings
@given(state=positions)
def test_is_legal_agrees_with_the_move_list(state: LatrunculiState) -> None:
    legal = set(state.legal_moves())
    for move in legal:
        assert state.is_legal(move)
    for s in range(64):
        assert state.is_legal(Place(s, NAMES[s])) == (Place(s, NAMES[s]) in legal)
        assert state.is_legal(Remove(s, NAMES[s])) == (Remove(s, NAMES[s]) in legal)
        for dr, dc in STEPS4:
            t = _near(s, dr, dc)
            if t >= 0:
                step = PathMove((s, t), (NAMES[s], NAMES[t]))
                assert state.is_legal(step) == (step in legal)


@property_settings
@given(state=positions)
def test_position_text_round_trips(state: LatrunculiState) -> None:
    copy = state.game.from_text(state.to_text())
    assert copy.to_text() == state.to_text() and copy.key() == state.key()
    if not state.is_terminal() or _code(state) != OutcomeCode.REPETITION:
        assert copy.legal_moves() == state.legal_moves()
        assert copy.current_player == state.current_player


# --------------------------------------------------------------------------- fast playout


def replay(state: LatrunculiState, trace: list[Any]) -> LatrunculiState:
    for move in trace:
        after = state.apply(move)
        assert isinstance(after, LatrunculiState)
        state = after
    return state


@pytest.mark.parametrize("spec", OPTION_SPECS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_fast_playout_plays_legal_moves_and_ends_like_the_rules(spec: str, seed: int) -> None:
    first = game(spec).initial_state()
    trace: list[Any] = []
    fast = first.playout(random.Random(seed), trace)
    slow = replay(first, trace)  # apply() checks every decision
    assert fast.is_terminal() and slow.is_terminal()
    assert fast.to_text() == slow.to_text()
    assert fast.history == slow.history
    assert fast.outcome() == slow.outcome()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=boards(), seed=st.integers(0, 2**32 - 1))
def test_fast_playout_from_any_position_follows_the_rules(
    state: LatrunculiState, seed: int
) -> None:
    trace: list[Any] = []
    fast = state.playout(random.Random(seed), trace)
    slow = replay(state, trace)
    assert fast.to_text() == slow.to_text() and fast.outcome() == slow.outcome()


def test_fast_playout_draws_every_legal_move_evenly() -> None:
    state = position(
        ["d4", "d5", "e6", "b2"],
        ["h1", "g1"],
        quiet=9,
        last="d3-d4*,-",
        spec="latrunculi:seneque,draw_moves=10",
    )
    legal = {(m.path[0], m.path[-1]) for m in state.legal_moves() if isinstance(m, PathMove)}
    assert (INDEX["d4"], INDEX["d3"]) not in legal  # forbidden: going forth again
    counts: Counter[tuple[int, ...]] = Counter()
    rng = random.Random(3)
    draws = 150 * len(legal)
    for _ in range(draws):
        trace: list[Any] = []
        state.playout(rng, trace)
        counts[(trace[0].path[0], trace[0].path[-1])] += 1
    assert set(counts) == legal
    assert min(counts.values()) > 90 and max(counts.values()) < 215


class ScriptedRandom(random.Random):
    """Feeds the fast playout the given decisions (by their place in the legal moves,
    which the playout lists in the same order), then plays at random."""

    def __init__(self, state: LatrunculiState, moves: Iterable[str]) -> None:
        super().__init__(5)
        self.values: list[float] = []
        for text in moves:
            legal = [str(m) for m in state.legal_moves()]
            self.values.append((legal.index(text) + 0.5) / len(legal))
            state = play(state, text)

    def random(self) -> float:
        return self.values.pop(0) if self.values else super().random()


LAP = ["a8-b8", "h1-g1", "b8-b7", "g1-g2", "b7-a7", "g2-h2", "a7-a8", "h2-h1"]


def test_fast_playout_stops_on_threefold_repetition() -> None:
    state = position(["a8", "d4"], ["h1", "e6"], last="a7-a8,h2-h1", spec=PISO)
    trace: list[Any] = []
    final = state.playout(ScriptedRandom(state, LAP * 2), trace)
    assert _code(final) == OutcomeCode.REPETITION and len(trace) == 16
    assert final.key() == state.key()


def test_fast_playout_reaches_one_piece_blocked_and_the_move_cap() -> None:
    corner = position(["b1", "a3", "c5"], ["a1", "h8"], spec=PISO)
    final = corner.playout(ScriptedRandom(corner, ["a3-a2"]))
    outcome = final.outcome()
    assert outcome is not None and outcome.code == OutcomeCode.ONE_PIECE
    assert outcome.winners == ("blanc",)
    column_a = [f"a{r}" for r in range(1, 9)]
    blocking = position(
        column_a, [f"b{r}" for r in range(3, 9)] + ["b1", "c2"], mover="noir", spec=PISO
    )
    final = blocking.playout(ScriptedRandom(blocking, ["c2-b2"]))
    assert _code(final) == OutcomeCode.BLOCKED and final.mover == 0
    capped = game(PISO).initial_state().random_playout(random.Random(2))
    assert _code(capped) == OutcomeCode.MOVE_CAP


def test_fast_playout_of_a_finished_game_is_itself() -> None:
    over = position(["a8"], ["h1"])
    assert over.random_playout(random.Random(1)) is over


# --------------------------------------------------------------------------- evaluator


def test_evaluator_is_registered_bounded_and_antisymmetric() -> None:
    evaluate = evaluator_for(game())
    assert evaluate is not None and evaluator_for(game(PISO)) is evaluate
    for spec, seed in ((SENECA, 4), (PISO, 5)):
        rng = random.Random(seed)
        state: State = game(spec).initial_state()
        while not state.is_terminal():
            for_white, for_black = evaluate(state, "blanc"), evaluate(state, "noir")
            assert -1.0 <= for_white <= 1.0 and for_white == -for_black
            state = state.apply(rng.choice(state.legal_moves()))
        outcome = state.outcome()
        assert outcome is not None
        for player in ("blanc", "noir"):
            assert evaluate(state, player) == 2 * outcome.value(player) - 1


def test_evaluator_counts_material_prisoners_and_threats() -> None:
    evaluate = evaluator_for(game())
    assert evaluate is not None
    base = position(["a8", "c8", "e8", "g8"], ["a1", "c1", "e1", "g1"])
    more = position(["a8", "c8", "e8", "g8", "b6"], ["a1", "c1", "e1", "g1"])
    assert evaluate(more, "blanc") > evaluate(base, "blanc") > -0.01
    prisoner = position(
        ["a8", "c8", "e8", "g8", "c4", "e4"], ["a1", "c1", "e1", "g1"], black_inciti=["d4"]
    )
    assert evaluate(prisoner, "blanc") > evaluate(base, "blanc")
    # noir to move can take d4 (between c4 and a piece reaching e4): bad for blanc
    threat = position(["a8", "c8", "e8", "d4"], ["a1", "c1", "e1", "c4", "e5"], mover="noir")
    calm = position(["a8", "c8", "e8", "d4"], ["a1", "c1", "e1", "c4", "h5"], mover="noir")
    assert evaluate(threat, "blanc") < evaluate(calm, "blanc") - 0.1
    corner = position(["a8", "c8", "e8", "b1", "a3"], ["a1", "c1", "e1", "h5"])
    no_corner = position(["a8", "c8", "e8", "b1", "a4"], ["a1", "c1", "e1", "h5"])
    assert evaluate(corner, "blanc") > evaluate(no_corner, "blanc") + 0.1


def _bits(*names: str) -> int:
    return sum(1 << INDEX[name] for name in names)


def test_only_the_side_ahead_wants_its_pieces_near_the_enemy() -> None:
    evaluate = evaluator_for(game())
    assert evaluate is not None
    black = ["a8", "b8", "c8"]  # a line along the edge: nothing to capture, nothing threatened
    far = ["d1", "e1", "f1", "g1", "h1"]
    near = ["a6", "b6", "c6", "d7", "e8"]
    # blanc ahead (five pieces to three): bringing the army up is worth it
    ahead_gain = evaluate(position(near, black), "blanc") - evaluate(position(far, black), "blanc")
    assert ahead_gain > 0.04
    # the same armies with even pieces (two more for noir, far from everything): it is not
    even = [*black, "h4", "h5"]
    even_gain = evaluate(position(near, even), "blanc") - evaluate(position(far, even), "blanc")
    assert even_gain < 0.0
    # and noir, behind, wants blanc's army far
    assert evaluate(position(near, black), "noir") < evaluate(position(far, black), "noir")


def test_closing_in_counts_distance_and_the_squares_left_to_the_side_behind() -> None:
    behind = _bits("a8", "b8")
    assert mean_distance(_bits("a6", "d8"), behind) == 2.0
    assert mean_distance(_bits("h1"), behind) == 6.0  # distances stop at six steps
    # far away and the side behind free to move: nothing gained
    assert closing_in(_bits("h1", "h2"), behind, (1 << SQUEEZE_FROM) - 1) == 0.0
    # each step closer and each square taken from the side behind gains
    assert closing_in(_bits("a6"), behind, _bits("a7", "b7")) > closing_in(
        _bits("a5"), behind, _bits("a7", "b7"))
    assert closing_in(_bits("a6"), behind, _bits("a7")) > closing_in(
        _bits("a6"), behind, _bits("a7", "b7"))
    assert closing_in(_bits("a7"), behind, 0) > closing_in(_bits("a7"), behind, _bits("c8"))
    assert closing_in(0, behind, 0) == closing_in(_bits("a7"), 0, 0) == 0.0
    assert CLOSE_IN_FROM > 1.0


@property_settings
@given(state=boards())
def test_evaluator_threats_are_the_captures_of_the_next_move_in_piso(
    state: LatrunculiState,
) -> None:
    board = state.to_text().split()[0]
    mover = PLAYERS[state.mover]
    piso = game(PISO).from_text(f"{board.upper()} {mover} 0,0 - -,- 0")
    if piso.is_terminal():
        return
    own, other = piso.boards[piso.mover], piso.boards[1 - piso.mover]
    empty = FULL ^ (own | other)
    reach = side_reach(own, own, empty, False)
    capturable = 0
    for move in piso.legal_moves():
        after = piso.apply(move)
        assert isinstance(after, LatrunculiState)
        capturable |= other & ~after.boards[1 - piso.mover]
    assert threatened(other, own, reach) == capturable
