"""The machine's own process: answers, retirement to give memory back, crashes."""

from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
import time

from engines import find_game
from kiosk.ai_worker import AiWorker, Answer, resident_mb


def wait_answers(worker: AiWorker, count: int, timeout: float = 30.0) -> list[Answer]:
    answers: list[Answer] = []
    deadline = time.monotonic() + timeout
    while len(answers) < count and time.monotonic() < deadline:
        answers.extend(worker.poll())
        time.sleep(0.01)
    return answers


def legal(spec: str, moves: list[str], answer: Answer) -> bool:
    game = find_game(spec)
    state = game.replay(moves)
    assert answer.move is not None, answer.error
    return game.parse_move(state, answer.move) in state.legal_moves()


def test_resident_memory_is_read() -> None:
    assert 5 < resident_mb() < 4096


def test_a_worker_over_its_memory_limit_retires_and_questions_still_get_answers() -> None:
    # Every worker holds more than 1 MB and has no headroom: each retires after one answer.
    worker = AiWorker(memory_limit_mb=1.0, headroom_mb=float("-inf"))
    try:
        first = worker.ask("reversi", [], "debutant", seed=1, seconds=0.1)
        [answer] = wait_answers(worker, 1)
        assert answer.ticket == first and legal("reversi", [], answer)
        first_pid = worker.pid
        # Two questions at once: the second is left unread by a retiring worker and must be
        # asked again of its successor, not lost nor failed.
        moves = [str(answer.move)]
        tickets = {worker.ask("reversi", moves, "debutant", seed=s, seconds=0.1) for s in (2, 3)}
        answers = wait_answers(worker, 2)
        assert {a.ticket for a in answers} == tickets
        assert all(legal("reversi", moves, a) for a in answers)
        assert worker.retired >= 2 and worker.pid != first_pid
    finally:
        worker.close()


def test_a_worker_under_its_limit_keeps_running() -> None:
    worker = AiWorker()
    try:
        for seed in (1, 2):
            worker.ask("moulin", [], "debutant", seed=seed, seconds=0.05)
            assert len(wait_answers(worker, 1)) == 1
        assert worker.retired == 0
    finally:
        worker.close()


def test_a_killed_worker_fails_its_question_and_the_next_one_is_answered() -> None:
    worker = AiWorker()
    try:
        lost = worker.ask("tablut", [], "expert", seed=1, seconds=20.0)
        deadline = time.monotonic() + 20
        while worker.pid is None and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(1.0)  # the worker is importing or thinking
        pid = worker.pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        [failed] = wait_answers(worker, 1)
        assert failed.ticket == lost and failed.move is None and "arrêté" in failed.error
        worker.ask("tablut", [], "debutant", seed=1, seconds=0.05)
        [answer] = wait_answers(worker, 1)
        assert legal("tablut", [], answer) and worker.pid != pid and worker.retired == 0
    finally:
        worker.close()


def test_a_fresh_worker_imports_every_evaluator_before_its_first_question() -> None:
    """The first decision of a new thinking process does not pay for the imports."""
    script = (
        "import queue, sys\n"
        "from engines.ai.evaluation import EVALUATOR_MODULES\n"
        "from kiosk.ai_worker import serve\n"
        "requests = queue.Queue()\n"
        "requests.put(None)\n"
        "before = [m for m in EVALUATOR_MODULES if m in sys.modules]\n"
        "serve(requests, queue.Queue())\n"
        "after = [m for m in EVALUATOR_MODULES if m in sys.modules]\n"
        "print(len(before), len(after), len(EVALUATOR_MODULES))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, check=True)
    before, after, total = (int(word) for word in done.stdout.split())
    assert before == 0 and after == total > 0


def test_a_worker_retires_only_once_grown_beyond_its_headroom() -> None:
    """A fresh worker over the limit but not grown by the headroom keeps answering."""
    worker = AiWorker(memory_limit_mb=1.0, headroom_mb=500.0)
    try:
        for seed in (1, 2, 3):
            worker.ask("reversi", [], "debutant", seed=seed, seconds=0.05)
            assert len(wait_answers(worker, 1)) == 1
        assert worker.retired == 0
    finally:
        worker.close()


def test_the_worker_empties_the_engines_tables_after_each_decision() -> None:
    """A backgammon decision fills the evaluator's tables; the worker empties them."""
    import queue

    from engines.caches import cached_entries
    from kiosk.ai_worker import Request, serve

    requests: queue.Queue[Request | None] = queue.Queue()
    answers: queue.Queue[Answer] = queue.Queue()
    moves = ["dice:3,1", "8/5", "6/5", "roll", "dice:6,4"]
    requests.put(Request(1, "backgammon", tuple(moves), "debutant", 1, 0.2))
    requests.put(None)
    serve(requests, answers)
    gc.unfreeze()  # the loop froze this process's objects, as a worker's own
    answer = answers.get(timeout=5)
    assert answer.error == "" and legal("backgammon", moves, answer)
    assert cached_entries() == 0


def test_the_process_weighs_a_position_and_explains_a_decision_for_the_coach() -> None:
    from kiosk.ai_worker import ASSESS, EXPLAIN

    worker = AiWorker()
    opening = ["a1", "d2", "a4"]
    try:
        worker.ask("moulin", opening, "joueur", 3, seconds=0.5, kind=ASSESS)
        [assessed] = wait_answers(worker, 1, timeout=60.0)
        assessment = assessed.value
        assert assessed.move == "a7" and assessment is not None, assessed.error
        game = find_game("moulin")
        state = game.replay(opening)
        assert assessment.flags(game.parse_move(state, "d3"))
        worker.ask("moulin", opening, "joueur", 3, seconds=0.25, kind=EXPLAIN,
                   judged=("d3", assessment))
        [explained] = wait_answers(worker, 1, timeout=60.0)
        reason = explained.value
        assert explained.move == "d3" and reason is not None, explained.error
        assert reason.points == ("a7",) and "moulin" in reason.fr and "mill" in reason.en
        worker.ask("moulin", opening, "joueur", 3, seconds=0.25, kind=EXPLAIN,
                   judged=("a1", assessment))  # not a legal decision: an error, not a crash
        [failed] = wait_answers(worker, 1, timeout=60.0)
        assert failed.move is None and failed.value is None and failed.error
        worker.ask("moulin", opening, "enfant", 3, seconds=0.1)  # the child's level
        [child] = wait_answers(worker, 1, timeout=60.0)
        assert legal("moulin", opening, child)
    finally:
        worker.close()
