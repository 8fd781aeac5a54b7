"""The board controller: hands on pieces of an in-memory board become the game's decisions.

Whole games of reversi, tablut and moulin are played by lifting and placing
pieces as a person would (the engine's random legal moves, translated into
hand movements from the positions before and after), and the LEDs are checked
against the rules at every step.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable
from typing import Any

import pytest

from drivers.memory import MemoryBoard
from drivers.sensorboard import BoardConnected, Cell, Led, LedMode
from engines.core import Pass, PathMove, Place, Remove, State
from engines.registry import find_game
from kiosk.board import guide
from kiosk.board.controller import Answer, BoardController
from kiosk.board.mapping import mapping_for
from kiosk.games import presentation_for

SETTLE = 0.3
STEP = 0.02


def occupied(tokens: Any) -> set[int]:
    return {p for p, stack in tokens.items() if stack}


class Table:
    """A game on a memory board, a controller between them, and a person's hands."""

    def __init__(self, spec: str, machine: Collection[str] = (), state: State | None = None,
                 placed: bool = True) -> None:
        self.game = find_game(spec)
        self.presentation = presentation_for(self.game)
        mapping = mapping_for(spec)
        assert mapping is not None
        self.mapping = mapping
        self.state = state or self.game.initial_state()
        pieces = occupied(self.presentation.tokens(self.state)) if placed else set()
        self.board = MemoryBoard(mapping.rows, mapping.cols, [mapping.cell(p) for p in pieces])
        self.t = 0.0
        self.controller = BoardController(self.state, self.presentation, mapping,
                                          settle=SETTLE, machine=machine)
        self.answer = self.pump()

    def pump(self) -> Answer:
        answer = self.controller.answer
        for event in self.board.events():
            answer = self.controller.feed(event, self.t)
            self.board.show(answer.leds)
        return answer

    def hand(self, point: int, occupied: bool) -> Answer:
        self.t += STEP
        self.board.set(self.mapping.cell(point), occupied)
        self.answer = self.pump()
        return self.answer

    def lift(self, point: int) -> Answer:
        return self.hand(point, False)

    def place(self, point: int) -> Answer:
        return self.hand(point, True)

    def wait(self, seconds: float = SETTLE) -> Answer:
        self.t += seconds
        self.answer = self.controller.tick(self.t)
        self.board.show(self.answer.leds)
        return self.answer

    def play(self, move: Any) -> Answer:
        """The game takes ``move`` (the scene's part)."""
        self.state = self.state.apply(move)
        self.answer = self.controller.play(self.state, move, self.t)
        self.board.show(self.answer.leds)
        return self.answer

    def undo(self, state: State) -> Answer:
        """The scene takes the game back to ``state``."""
        self.state = state
        self.answer = self.controller.undo(state, self.t)
        self.board.show(self.answer.leds)
        return self.answer

    def cells(self, points: Iterable[int]) -> set[Cell]:
        return {self.mapping.cell(p) for p in points}

    def lit(self, led: Led) -> set[Cell]:
        return {cell for cell, shown in self.board.leds.lit.items() if shown == led}

    def lit_any(self) -> set[Cell]:
        return {cell for cell, shown in self.board.leds.lit.items()
                if shown.mode is not LedMode.OFF}


def consequences(table: Table, move: Any) -> tuple[set[int], set[int]]:
    """Pieces a decision takes off (besides its origin) and pieces that change in place."""
    before = table.presentation.tokens(table.state)
    after = table.presentation.tokens(table.state.apply(move))
    points = table.presentation.move_points(table.state, move)
    gone = occupied(before) - occupied(after) - {points[0]}
    changed = {p for p in occupied(before) & occupied(after)
               if p not in points and list(before[p]) != list(after[p])}
    return gone, changed


def targets_from(state: State, origin: int) -> set[int]:
    return {m.path[-1] for m in state.legal_moves()
            if isinstance(m, PathMove) and m.path[0] == origin}


def make_by_hand(table: Table, move: Any, rng: random.Random) -> None:
    """Do ``move`` with the hands, check the LEDs on the way and that it is the decision."""
    state = table.state
    if isinstance(move, PathMove):
        origin, target = move.path[0], move.path[-1]
        answer = table.lift(origin)
        assert answer.kind == "moving"
        assert table.lit(guide.TARGET) == table.cells(targets_from(state, origin))
        assert table.lit(guide.HAND) == table.cells([origin])
        between = [p for p in targets_from(state, origin) if p != target]
        if between and rng.random() < 0.5:  # the piece slides over another square
            table.place(between[0])
            table.lift(between[0])
        answer = table.place(target)
        assert answer.decision is None  # not before it has stood still
    elif isinstance(move, Place):
        answer = table.place(move.at)
    else:
        assert isinstance(move, Remove)
        answer = table.lift(move.at)
    assert answer.decision is None
    answer = table.wait()
    assert answer.kind == "play"
    assert answer.decision == move


def follow_up(table: Table, move: Any, rng: random.Random) -> None:
    """After the decision: captures blink red until taken off, changed discs blink orange."""
    gone, changed = consequences(table, move)
    table.play(move)
    assert table.lit(guide.TAKE_OFF) == table.cells(gone)
    assert table.lit(guide.TURN) == table.cells(changed)
    for point in sorted(gone):
        table.lift(point)
    assert not table.lit(guide.TAKE_OFF)
    if changed:
        assert table.answer.status == guide.TURN_TEXT
        how = rng.choice(["hands", "screen", "next move"])
        if how == "hands":
            for point in sorted(changed):
                table.lift(point)
                table.place(point)
        elif how == "screen":
            table.controller.confirm(table.t)
            table.wait(0)
        if how != "next move":
            assert not table.lit(guide.TURN)
    answer = table.wait()
    assert answer.synced, answer


def check_rest(table: Table) -> None:
    """Between decisions: placing phases light every square a piece may go to."""
    state = table.state
    moves = state.legal_moves()
    if all(isinstance(m, Place) for m in moves) and table.answer.kind == "rest":
        assert table.lit(guide.TARGET) == table.cells(m.at for m in moves)
    if all(isinstance(m, Remove) for m in moves):
        assert table.lit(guide.MAY_TAKE) == table.cells(m.at for m in moves)


def play_a_game(spec: str, seed: int) -> int:
    table = Table(spec)
    assert table.answer.synced
    rng = random.Random(seed)
    plies = 0
    while not table.state.is_terminal():
        check_rest(table)
        move = rng.choice(list(table.state.legal_moves()))
        if isinstance(move, Pass):  # no square to touch: the screen's button
            answer = table.play(move)
            assert answer.kind == "rest"
        else:
            make_by_hand(table, move, rng)
            follow_up(table, move, rng)
        plies += 1
        assert plies < 600
    table.controller.confirm(table.t)  # the last discs turned, if any
    assert table.wait().status == guide.OVER
    return plies


@pytest.mark.parametrize(("spec", "seed"), [
    ("reversi", 1), ("reversi:othello", 2), ("tablut", 3), ("tablut", 6), ("moulin", 3),
    ("moulin", 4),
])
def test_whole_games_played_with_the_hands(spec: str, seed: int) -> None:
    assert play_a_game(spec, seed) >= 40


def test_reversi_discs_to_turn_blink_and_each_is_confirmed_by_lifting_it() -> None:
    table = Table("reversi:othello")
    d3 = table.game.geometry().index("d3")
    d4 = table.game.geometry().index("d4")
    table.place(d3)
    assert table.wait().decision == Place(d3, "d3")
    table.play(table.answer.decision)
    assert table.lit(guide.TURN) == table.cells([d4])  # d3 turns d4 over (noir's d3 line)
    assert table.answer.status == guide.TURN_TEXT
    table.lift(d4)
    assert table.answer.kind == "rest"  # a disc in the hand, being turned
    table.place(d4)
    assert not table.lit(guide.TURN)
    assert table.wait().synced


def test_a_wrong_placement_blinks_and_is_recovered() -> None:
    table = Table("reversi:othello")
    a1 = table.game.geometry().index("a1")
    table.place(a1)
    assert table.answer.decision is None
    answer = table.wait()
    assert answer.kind == "wrong"
    assert table.lit_any() == table.cells([a1])
    assert table.lit(guide.DIFFERS) == table.cells([a1])
    assert answer.status[0].startswith("Remettez les pièces")
    assert "retourner au moins un pion" in answer.status[0], "the rule that forbids it"
    assert "turn at least one" in answer.status[1]
    answer = table.lift(a1)
    assert answer.kind == "rest" and answer.synced
    assert table.lit(guide.TARGET) == table.cells(m.at for m in table.state.legal_moves())


def test_a_piece_put_where_it_may_not_go_blinks_with_its_origin() -> None:
    table = Table("tablut")
    geometry = table.game.geometry()
    c5, d6, c6 = (geometry.index(n) for n in ("c5", "d6", "c6"))
    assert d6 not in targets_from(table.state, c5)  # pieces move along rows and columns
    table.lift(c5)
    table.place(d6)
    answer = table.wait()
    assert answer.kind == "wrong"
    assert table.lit(guide.DIFFERS) == table.cells([c5, d6])
    assert table.lit_any() == table.cells([c5, d6])
    assert "jamais en diagonale" in answer.status[0] and "never diagonally" in answer.status[1]
    table.lift(d6)  # back in the hand: the targets light again
    assert table.answer.kind == "moving"
    assert table.lit(guide.TARGET) == table.cells(targets_from(table.state, c5))
    table.place(c6)
    assert table.wait().decision == PathMove((c5, c6), ())


def test_a_slide_over_squares_settles_on_the_last_one() -> None:
    table = Table("tablut")
    geometry = table.game.geometry()
    c5, c6, c7, d6 = (geometry.index(n) for n in ("c5", "c6", "c7", "d6"))
    assert {c6, c7} <= targets_from(table.state, c5)
    table.lift(c5)
    table.place(c6)  # passing over c6, a legal target itself
    table.wait(SETTLE / 3)
    table.place(d6)  # a finger brushes a square that is no target
    table.lift(d6)
    table.lift(c6)
    table.place(c7)
    assert table.answer.decision is None
    assert table.wait(SETTLE / 2).decision is None
    answer = table.wait(SETTLE / 2)
    assert answer.decision == PathMove((c5, c7), ())


def test_a_transient_square_alone_is_not_called_wrong_before_the_settle_delay() -> None:
    table = Table("tablut")
    d6 = table.game.geometry().index("d6")
    table.place(d6)
    assert table.answer.kind != "wrong"
    assert table.wait(SETTLE / 2).kind != "wrong"
    assert table.wait(SETTLE).kind == "wrong"
    assert table.lift(d6).synced


def test_the_machines_move_is_lit_and_only_it_is_accepted() -> None:
    table = Table("tablut", machine=["noir"])
    rng = random.Random(5)
    first = rng.choice(list(table.state.legal_moves()))
    make_by_hand(table, first, rng)
    follow_up(table, first, rng)
    assert table.state.current_player == "noir"
    assert table.answer.status == guide.THINKING
    assert not table.lit_any()
    before = table.state
    machine = rng.choice(list(before.legal_moves()))
    origin, target = machine.path
    gone, _ = consequences(table, machine)
    answer = table.play(machine)  # the scene plays the machine's move at once
    assert answer.kind == "follow" and not answer.synced
    assert table.lit(guide.ELSEWHERE_FROM) == table.cells([origin])
    assert table.lit(guide.ELSEWHERE_TO) == table.cells([target])
    a, b = (table.game.geometry().points[p].name for p in (origin, target))
    assert f"de {a} en {b}" in answer.status[0] and f"from {a} to {b}" in answer.status[1]
    assert str(machine) not in answer.status[0], "in words, not the notation"
    # another noir piece moved instead of the lit one: refused, its squares blink
    other = next(m for m in before.legal_moves() if not {origin, target} & set(m.path))
    table.lift(other.path[0])
    table.place(other.path[1])
    answer = table.wait()
    assert answer.kind == "wrong" and answer.decision is None
    assert table.lit(guide.DIFFERS) == table.cells(other.path)
    table.lift(other.path[1])
    table.place(other.path[0])
    assert table.answer.kind == "follow"
    table.lift(origin)
    assert table.lit(guide.ELSEWHERE_TO) == table.cells([target])
    table.place(target)
    answer = table.wait()
    assert answer.decision is None  # already played: the board has caught up
    assert table.lit(guide.TAKE_OFF) == table.cells(gone)
    for point in gone:
        table.lift(point)
    answer = table.wait()
    assert answer.kind == "rest" and answer.synced
    assert table.state.current_player == "blanc"


def test_a_mill_then_lifting_an_opponents_piece_chooses_the_removal() -> None:
    game = find_game("moulin")
    table = Table("moulin", state=game.replay(["a1", "b2", "d1", "b4"]))
    geometry = game.geometry()
    g1, b2, b4 = (geometry.index(n) for n in ("g1", "b2", "b4"))
    table.place(g1)  # a1 d1 g1: a mill
    move = table.wait().decision
    assert str(move) == "g1"
    table.play(move)
    assert table.lit(guide.MAY_TAKE) == table.cells([b2, b4])
    assert table.answer.status == ("Retirez un pion adverse", "Remove an opponent's piece")
    table.lift(b4)
    answer = table.wait()
    assert str(answer.decision) == "xb4"
    table.play(answer.decision)
    assert table.state.current_player == "noir"
    assert table.wait().synced


def test_restoring_the_previous_position_takes_the_move_back() -> None:
    table = Table("reversi:othello")
    start = table.state
    geometry = table.game.geometry()
    d3, d4 = geometry.index("d3"), geometry.index("d4")
    table.place(d3)
    table.play(table.wait().decision)
    table.lift(d4)  # the turned disc is turned back…
    table.place(d4)
    table.lift(d3)  # …and the disc put down is lifted again
    answer = table.wait()
    assert answer.kind == "undo" and answer.undo == 1
    assert answer.status == guide.UNDO
    assert table.wait().undo == 0  # asked once
    answer = table.undo(start)
    assert answer.kind == "rest" and answer.synced
    assert table.lit(guide.TARGET) == table.cells(m.at for m in start.legal_moves())


def test_a_capture_taken_back_with_its_piece_put_back() -> None:
    table = Table("tablut")
    rng = random.Random(8)
    for _ in range(100):  # random moves until one captures
        move = next((m for m in table.state.legal_moves() if consequences(table, m)[0]), None)
        if move is not None:
            break
        other = rng.choice(list(table.state.legal_moves()))
        make_by_hand(table, other, rng)
        follow_up(table, other, rng)
    else:
        pytest.fail("no capture within 100 random moves")
    before = table.state
    gone, _ = consequences(table, move)
    make_by_hand(table, move, rng)
    follow_up(table, move, rng)
    origin, target = move.path
    table.lift(target)
    table.place(origin)
    assert table.wait().kind == "wrong"  # the captured piece is still missing
    for point in gone:
        table.place(point)
    answer = table.wait()
    assert answer.kind == "undo" and answer.undo == 1
    assert table.undo(before).synced


def test_a_lost_board_leaves_play_to_the_screen_and_resyncs_when_back() -> None:
    table = Table("tablut")
    table.board.unplug()
    answer = table.pump()
    assert answer.kind == "lost" and answer.status == guide.LOST
    assert not answer.leds.lit
    move = next(m for m in table.state.legal_moves() if not consequences(table, m)[0])
    answer = table.play(move)  # played on the screen meanwhile
    assert answer.kind == "lost"
    table.board.replug()
    table.pump()
    answer = table.wait()
    assert answer.kind == "follow" and answer.status == guide.CATCH_UP
    assert table.lit(guide.ELSEWHERE_FROM) == table.cells(move.path[:1]), "lift from here"
    assert table.lit(guide.ELSEWHERE_TO) == table.cells(move.path[1:]), "put it there"
    table.lift(move.path[0])
    table.place(move.path[1])
    answer = table.wait()
    assert answer.kind == "rest" and answer.synced and answer.decision is None


def test_reversi_played_on_screen_while_lost_the_board_puts_the_disc_and_turns_the_rest() -> None:
    table = Table("reversi:othello")
    geometry = table.game.geometry()
    table.board.unplug()
    table.pump()
    table.play(table.game.parse_move(table.state, "d3"))  # turns d4 over
    table.play(table.game.parse_move(table.state, "c3"))  # turns d4 back: stays as it was
    table.board.replug()
    answer = table.pump()
    assert answer.kind == "follow" and answer.status == guide.CATCH_UP
    assert table.lit(guide.ELSEWHERE_TO) == table.cells(geometry.index(n) for n in ("d3", "c3"))
    assert table.lit(guide.TURN) == set(), "d4 turned twice needs no turning"
    table.place(geometry.index("d3"))
    table.place(geometry.index("c3"))
    answer = table.wait()
    assert answer.kind == "rest" and answer.synced


def test_a_board_back_behind_shows_what_the_game_changed_in_blue_and_the_rest_in_white() -> None:
    table = Table("reversi:othello")
    geometry = table.game.geometry()
    table.board.unplug()
    table.pump()
    table.play(table.game.parse_move(table.state, "d3"))
    table.board.set(table.mapping.cell(geometry.index("e4")), False)  # a disc knocked off
    table.board.replug()
    table.pump()
    assert table.lit(guide.ELSEWHERE_TO) == table.cells([geometry.index("d3")])
    assert table.lit(guide.DIFFERS) == table.cells([geometry.index("e4")])
    assert table.lit(guide.TURN) == table.cells([geometry.index("d4")])
    table.board.unplug()  # lost again before it caught up, and back
    table.pump()
    table.board.replug()
    table.pump()
    assert table.lit(guide.ELSEWHERE_TO) == table.cells([geometry.index("d3")])
    table.place(geometry.index("e4"))
    table.place(geometry.index("d3"))
    answer = table.wait()
    assert answer.kind == "rest" and answer.status == guide.TURN_TEXT
    assert table.controller.confirm(table.t).synced


def test_the_machines_move_not_yet_copied_when_lost_is_caught_up_with_the_rest() -> None:
    table = Table("tablut", machine=["noir"])
    first = next(m for m in table.state.legal_moves() if not consequences(table, m)[0])
    table.lift(first.path[0])
    table.place(first.path[1])
    table.play(table.wait().decision)
    machine = next(m for m in table.state.legal_moves()
                   if not consequences(table, m)[0] and not set(first.path) & set(m.path))
    assert table.play(machine).kind == "follow"
    table.board.unplug()
    table.pump()
    third = next(m for m in table.state.legal_moves()
                 if not consequences(table, m)[0]
                 and not (set(first.path) | set(machine.path)) & set(m.path))
    table.play(third)  # on the screen, while the board is away
    table.board.replug()
    answer = table.pump()
    assert answer.kind == "follow" and answer.status == guide.CATCH_UP
    assert table.lit(guide.ELSEWHERE_FROM) == table.cells([machine.path[0], third.path[0]])
    assert table.lit(guide.ELSEWHERE_TO) == table.cells([machine.path[1], third.path[1]])
    for move in (machine, third):  # the pieces put right in any order, in one go
        table.board.set(table.mapping.cell(move.path[0]), False)
        table.board.set(table.mapping.cell(move.path[1]), True)
    answer = table.pump()
    assert answer.kind == "rest" and answer.synced and answer.decision is None


def test_a_new_game_while_lost_is_set_up_as_any_new_game() -> None:
    table = Table("tablut")
    table.board.unplug()
    table.pump()
    move = next(m for m in table.state.legal_moves() if not consequences(table, m)[0])
    table.play(move)
    table.state = table.game.initial_state()
    table.controller.play(table.state, None, table.t)
    table.board.replug()
    answer = table.pump()
    assert answer.kind == "rest" and answer.synced


def test_a_move_made_on_the_board_while_it_was_away_is_played_once_back() -> None:
    table = Table("tablut")
    move = next(m for m in table.state.legal_moves() if not consequences(table, m)[0])
    table.board.unplug()
    table.pump()
    table.board.set(table.mapping.cell(move.path[0]), False)
    table.board.set(table.mapping.cell(move.path[1]), True)
    table.board.replug()
    table.pump()
    assert table.wait().decision == move


def test_a_board_back_as_it_was_goes_on_at_once() -> None:
    table = Table("moulin")
    table.board.unplug()
    table.pump()
    table.board.replug()
    answer = table.pump()
    assert answer.kind == "rest" and answer.synced


def test_a_board_of_another_size_is_refused() -> None:
    table = Table("moulin")
    table.controller.feed(BoardConnected(8, 8, "x"), table.t)
    assert table.controller.answer.status == guide.WRONG_SIZE
    assert table.controller.answer.kind == "lost"


def test_setting_up_an_empty_board() -> None:
    table = Table("tablut", placed=False)
    answer = table.wait()
    pieces = occupied(table.presentation.tokens(table.state))
    assert answer.kind == "wrong" and answer.status == guide.SET_UP
    assert table.lit(guide.DIFFERS) == table.cells(pieces)
    for point in sorted(pieces):
        table.place(point)
    assert table.wait().synced


def generic_hand(table: Table, move: Any) -> None:
    """Do any decision with the hands, from its touched points and the occupancy."""
    state = table.state
    before = table.presentation.tokens(state)
    after = table.presentation.tokens(state.apply(move))
    points = table.presentation.move_points(state, move)
    first, last = points[0], points[-1]

    def height(tokens: Any, p: int) -> int:
        return sum(t.count for t in tokens.get(p, ()))

    for p in dict.fromkeys((first, last)):
        was, now = height(before, p), height(after, p)
        if was >= 1 and now >= 1 and max(was, now) > 1:
            continue  # a stack: the square never empties
        if was:
            table.lift(p)
        if now:
            table.place(p)


@pytest.mark.parametrize(("spec", "seed"), [
    ("latrunculi:seneque", 1), ("assaut", 2), ("barricades", 3), ("rithmomachie:boissiere", 4),
    ("rithmomachie:medievale", 5),
])
def test_other_boards_follow_random_games(spec: str, seed: int) -> None:
    table = Table(spec)
    assert table.answer.synced
    rng = random.Random(seed)
    for _ in range(120):
        state = table.state
        if state.is_terminal():
            break
        if state.is_chance_node():
            table.play(state.sample_chance(rng))
            continue
        move = rng.choice(list(state.legal_moves()))
        if not table.presentation.move_points(state, move):
            table.play(move)  # a button of the screen
            assert table.wait().synced
            continue
        gone, _ = consequences(table, move)
        generic_hand(table, move)
        answer = table.wait()
        assert answer.kind in ("play", "choose"), (str(move), answer)
        assert move == answer.decision or move in answer.choices
        table.play(move)
        assert table.lit(guide.TAKE_OFF) == table.cells(gone)
        for point in gone:
            table.lift(point)
        for cell in table.lit(guide.PUT_BACK):
            table.board.set(cell, True)
        table.pump()
        table.controller.confirm(table.t)
        assert table.wait().synced, (str(move), table.answer)
