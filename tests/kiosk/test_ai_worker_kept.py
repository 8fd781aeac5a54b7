"""The thinking process keeps the last game: the answers are those of a full replay."""

from __future__ import annotations

import gc
import queue
import random
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from engines import find_game
from kiosk.ai_worker import AiWorker, Answer, Request, serve
from kiosk.kept_game import KeptGame

from .test_ai_worker import wait_answers

NODES = 16
"""Every bot decides on this node budget: the same answer on any machine, at any load."""


class LoopWorker:
    """The worker's own loop (:func:`serve`) in a thread, asked one question at a time."""

    def __init__(self, keep: bool) -> None:
        self.kept = KeptGame(keep)
        self.requests: queue.Queue[Request | None] = queue.Queue()
        self.answers: queue.Queue[Answer] = queue.Queue()
        self.thread = threading.Thread(
            target=serve,
            args=(self.requests, self.answers, float("inf"), 0.0, self.kept),
            daemon=True,
        )
        self.thread.start()
        self.ticket = 0

    def ask(self, spec: str, moves: list[str], level: str = "debutant", seed: int = 1) -> str:
        self.ticket += 1
        self.requests.put(Request(self.ticket, spec, tuple(moves), level, seed, nodes=NODES))
        answer = self.answers.get(timeout=120)
        assert answer.ticket == self.ticket and answer.error == "", answer
        assert answer.move is not None
        return answer.move

    def close(self) -> None:
        self.requests.put(None)
        self.thread.join(timeout=60)
        gc.unfreeze()  # the loop froze this process's objects, as a worker's own
        assert not self.thread.is_alive()


@contextmanager
def loop_worker(keep: bool) -> Iterator[LoopWorker]:
    worker = LoopWorker(keep)
    try:
        yield worker
    finally:
        worker.close()


def play(worker: LoopWorker, spec: str, levels: tuple[str, ...], seed: int) -> list[str]:
    """A whole game whose every decision is the worker's answer, the dice thrown by a
    seeded generator as the kiosk throws them, the seats at ``levels`` in turn; every
    answer in order. Every sixth
    decision is asked twice, first as the kiosk asks for a hint (another level, the
    same moves), so a question that adds no move is answered too."""
    game = find_game(spec)
    level = {player: levels[seat % len(levels)] for seat, player in enumerate(game.players)}
    dice = random.Random(seed)
    state = game.initial_state()
    moves: list[str] = []
    said: list[str] = []
    while not state.is_terminal():
        if state.is_chance_node():
            move = str(state.sample_chance(dice))
        else:
            if len(said) % 6 == 0:
                said.append(worker.ask(spec, moves, "joueur", len(moves)))
            move = worker.ask(spec, moves, level[state.current_player], seed + len(moves))
            said.append(move)
        moves.append(move)
        state = game.replay([move], state)
    return said


@pytest.mark.parametrize(
    ("spec", "levels"),
    [
        ("barricades", ("debutant", "expert")),
        ("backgammon", ("debutant", "joueur")),  # its expert is not bounded by nodes
        ("latrunculi:seneque", ("expert", "debutant")),
    ],
)
def test_whole_games_get_the_answers_of_full_replays(spec: str, levels: tuple[str, ...]) -> None:
    with loop_worker(keep=True) as kept:
        incremental = play(kept, spec, levels, seed=3)
    with loop_worker(keep=False) as replaying:
        replayed = play(replaying, spec, levels, seed=3)
    assert len(incremental) > 40
    first_difference = next(
        (i for i, (a, b) in enumerate(zip(incremental, replayed, strict=False)) if a != b), None
    )
    assert first_difference is None and incremental == replayed
    # One replay from the start (the first question), every other question extended.
    assert kept.kept.full_replays == 1
    assert kept.kept.extensions == len(incremental) - 1
    assert replaying.kept.extensions == 0
    assert replaying.kept.full_replays == len(replayed)


def sample_moves(spec: str, count: int, seed: int) -> list[str]:
    """``count`` moves of a game of random moves and seeded dice."""
    game = find_game(spec)
    rng = random.Random(seed)
    state = game.initial_state()
    moves: list[str] = []
    while len(moves) < count and not state.is_terminal():
        move = state.sample_chance(rng) if state.is_chance_node() else rng.choice(
            state.legal_moves()
        )
        moves.append(str(move))
        state = state.apply(move)
    assert len(moves) == count
    return moves


def ahead(spec: str, moves: list[str], seed: int) -> list[str]:
    """``moves`` and at least one random move or throw after them, up to a player's
    decision."""
    game = find_game(spec)
    rng = random.Random(seed)
    state = game.replay(moves)
    longer = list(moves)
    while state.is_chance_node() or longer == moves:
        move = state.sample_chance(rng) if state.is_chance_node() else rng.choice(
            state.legal_moves()
        )
        longer.append(str(move))
        state = state.apply(move)
    return longer


def replaced(spec: str, moves: list[str], chance: bool, seed: int) -> list[str]:
    """``moves`` back to before their last throw of the dice (``chance``) or their last
    decision with a choice, that move replaced by another, then :func:`ahead`."""
    game = find_game(spec)
    states = [game.initial_state()]
    for move in moves:
        states.append(game.replay([move], states[-1]))
    last = max(
        i for i, state in enumerate(states[:-1])
        if state.is_chance_node() == chance and len(state.legal_moves()) > 1
    )
    other = next(str(m) for m in states[last].legal_moves() if str(m) != moves[last])
    return ahead(spec, [*moves[:last], other], seed)


def fresh_answer(spec: str, moves: list[str], level: str = "debutant", seed: int = 1) -> str:
    """What a worker that knows no game answers (it replays ``moves`` from the start)."""
    with loop_worker(keep=True) as fresh:
        return fresh.ask(spec, moves, level, seed)


@pytest.mark.parametrize("spec", ["barricades", "backgammon"])
def test_undo_takeback_new_game_and_other_game_are_replayed_from_the_start(spec: str) -> None:
    first = ahead(spec, sample_moves(spec, 60, seed=5), seed=5)
    longer = ahead(spec, first, seed=6)
    undone = ahead(spec, first[:30], seed=7)
    taken_back = replaced(spec, undone, chance=False, seed=8)
    thrown_again = replaced(spec, taken_back, chance=True, seed=9)
    asked = [
        (spec, first, "full"),  # a fresh worker
        (spec, longer, "extension"),  # moves and throws added
        (spec, undone, "full"),  # an undo: fewer moves
        (spec, taken_back, "full"),  # a takeback: a decision replaced by another
        (spec, thrown_again, "full"),  # back before a throw, the dice thrown again
        (spec, ahead(spec, [], seed=10), "full"),  # a new game
        ("reversi", [], "full"),  # another game
        ("moulin", [], "full"),  # and another, with the same moves (none)
        ("reversi", ahead("reversi", [], seed=11), "full"),  # not the moulin's
        (spec, thrown_again, "full"),  # the first game again: it was forgotten
        (spec, thrown_again, "extension"),  # the same moves again: none to add
    ]
    with loop_worker(keep=True) as worker:
        for spec_asked, moves, path in asked:
            full, extended = worker.kept.full_replays, worker.kept.extensions
            answer = worker.ask(spec_asked, moves)
            took = "full" if worker.kept.full_replays == full + 1 else "extension"
            assert took == path and worker.kept.extensions - extended == (path == "extension")
            assert answer == fresh_answer(spec_asked, moves)


def test_a_move_the_rules_refuse_is_answered_with_an_error_and_the_game_is_forgotten() -> None:
    moves = sample_moves("barricades", 30, seed=2)
    with loop_worker(keep=True) as worker:
        worker.ask("barricades", moves)
        worker.requests.put(Request(99, "barricades", (*moves, "nonsense"), "debutant", 1))
        refused = worker.answers.get(timeout=60)
        assert refused.ticket == 99 and refused.move is None and refused.error
        longer = ahead("barricades", moves, seed=3)
        answer = worker.ask("barricades", longer)
        assert worker.kept.full_replays == 2 and worker.kept.extensions == 0
        assert answer == fresh_answer("barricades", longer)


def test_a_kept_game_gives_the_position_of_a_full_replay() -> None:
    moves = sample_moves("barricades", 400, seed=4)
    kept = KeptGame()
    for end in (0, 1, 150, 151, 399, 400):
        assert kept.position("barricades", moves[:end]).to_text() == (
            find_game("barricades").replay(moves[:end]).to_text()
        )
    assert kept.full_replays == 1 and kept.extensions == 5


def test_worker_processes_that_retire_after_each_answer_answer_as_one_that_keeps_its_game() -> None:
    """A fresh process knows no game: it replays from the start and answers the same."""
    spec = "barricades"
    asked = [ahead(spec, sample_moves(spec, n, seed=1), seed=n) for n in (40, 80)]
    answers: dict[bool, list[str | None]] = {}
    for retiring in (False, True):
        worker = AiWorker(memory_limit_mb=1.0, headroom_mb=float("-inf") if retiring else 1e6)
        try:
            said = []
            for moves in asked:
                worker.ask(spec, moves, "debutant", seed=1, nodes=NODES)
                [answer] = wait_answers(worker, 1)
                said.append(answer.move)
            answers[retiring] = said
            assert worker.retired >= len(asked) - 1 if retiring else worker.retired == 0
        finally:
            worker.close()
    assert answers[True] == answers[False] == [fresh_answer(spec, m) for m in asked]
