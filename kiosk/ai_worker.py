"""The machine thinks in another process, so the screen never freezes.

A request carries the game's spec, the moves played from the start (text),
the bot's level and a seed; the answer is the chosen move's text (or an
error line). The UI polls for answers every frame. The worker process is
started on first use and restarted if it dies. It keeps the position of the
last game it was asked about and applies only the moves added since when the
next question extends it (:mod:`kiosk.kept_game`).

A kiosk runs for days: the worker empties the engines' memo tables
(:mod:`engines.caches`) and gives its freed memory back after each decision
(once the answer is sent; the collection skips what was loaded before the
first question) and, when it holds more than :data:`MEMORY_LIMIT_MB` all the same
and more than :data:`HEADROOM_MB` above what it held when it became ready,
answers and then leaves; the kiosk starts a fresh one at once, before the
next question, so nobody waits for it.
"""

from __future__ import annotations

import gc
import logging
import multiprocessing
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from typing import Any

from kiosk.kept_game import KeptGame

log = logging.getLogger(__name__)

MEMORY_LIMIT_MB = 140.0
"""Resident memory above which the worker retires after its answer (a fresh one starts
at about 80 MB)."""
HEADROOM_MB = 40.0
"""... provided it has also grown this much since it became ready: a game whose decisions
need more than the limit must not send every worker away after each answer."""
MOVE, ASSESS, EXPLAIN = "move", "assess", "explain"
"""The kinds of question: a machine's decision, the coach's assessment, its reason."""


@dataclass(frozen=True)
class Request:
    ticket: int
    spec: str
    moves: tuple[str, ...]
    level: str
    seed: int
    seconds: float | None = None
    nodes: int | None = None
    """A node budget (alone, it makes the answer the same on any machine)."""
    kind: str = MOVE
    """:data:`MOVE` (``level`` decides), :data:`ASSESS` (the coach values every
    decision) or :data:`EXPLAIN` (the coach says why ``judged`` loses)."""
    judged: Any = None
    """For :data:`EXPLAIN`: the decision's text and the position's assessment."""


@dataclass(frozen=True)
class Answer:
    ticket: int
    move: str | None
    error: str = ""
    value: Any = None
    """The coach's answer: an :class:`~engines.ai.coach.Assessment` (``move`` is its best
    decision) or a :class:`~engines.ai.reasons.Reason` (``move`` is the judged one)."""


def think(request: Request, state: Any) -> Answer:
    """The answer to ``request`` in ``state`` (the position after its moves)."""
    if request.kind == ASSESS:
        from engines.ai.coach import assess

        assessment = assess(state, seconds=request.seconds, nodes=request.nodes)
        return Answer(request.ticket, str(assessment.best), value=assessment)
    if request.kind == EXPLAIN:
        from engines.ai.coach import explain
        from engines.ai.reasons import reason_for

        text, assessment = request.judged
        move = state.game.parse_move(state, text)
        judgement = explain(state, move, assessment, seconds=request.seconds, nodes=request.nodes)
        return Answer(request.ticket, text, value=reason_for(state, judgement))
    from engines.ai import make_bot

    bot = make_bot(request.level, state.game, seed=request.seed,
                   seconds=request.seconds, nodes=request.nodes)
    return Answer(request.ticket, str(bot.choose(state)))


@dataclass(frozen=True)
class ReviewRequest:
    """Why the decision ``move`` of the position after ``moves`` loses (a mistake seen
    again after the game, :func:`kiosk.mistakes.explain_mistake`)."""

    ticket: int
    spec: str
    moves: tuple[str, ...]
    move: str
    seconds: float | None = None
    nodes: int | None = None


@dataclass(frozen=True)
class Reviewed(Answer):
    """The answer to a :class:`ReviewRequest`: ``move`` is the decision judged,
    ``explanation`` its :class:`kiosk.mistakes.Explanation`."""

    explanation: Any = None


def reviewed(request: ReviewRequest, state: Any) -> Reviewed:
    """A :class:`ReviewRequest` answered in the position ``state`` (failures said)."""
    from kiosk.mistakes import explain_mistake

    try:
        found = explain_mistake(state, request.move, request.seconds, request.nodes)
    except Exception as error:
        return Reviewed(request.ticket, None, f"{type(error).__name__}: {error}")
    return Reviewed(request.ticket, request.move, explanation=found)


def resident_mb() -> float:
    """This process's resident memory in MB (0 where ``/proc`` is missing)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return 0.0
    import os

    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def serve(requests: Any, answers: Any, memory_limit_mb: float = MEMORY_LIMIT_MB,
          headroom_mb: float = HEADROOM_MB, kept: KeptGame | None = None) -> None:
    """The worker's loop: one decision per request, until ``None`` arrives, or until
    the process holds more than ``memory_limit_mb`` and more than ``headroom_mb`` above
    its memory when ready, after an answer (it then leaves, and its owner starts a fresh
    one). ``kept`` holds the last game between two requests (a new one by default)."""
    from engines.ai import load_evaluators
    from engines.caches import clear_caches
    from kiosk.heap import trim

    load_evaluators()  # before the first question, not during it
    gc.collect()
    gc.freeze()  # what is loaded stays: the collection after each answer skips it
    limit = max(memory_limit_mb, resident_mb() + headroom_mb)
    if kept is None:
        kept = KeptGame()
    while True:
        request = requests.get()
        if request is None:
            return
        try:
            state = kept.position(request.spec, request.moves)
            if isinstance(request, ReviewRequest):  # a mistake's reason, after the game
                answers.put(reviewed(request, state))
            else:
                answers.put(think(request, state))
        except Exception as error:
            answers.put(Answer(request.ticket, None, f"{type(error).__name__}: {error}"))
        clear_caches()  # the evaluators' memo tables would fill the process game after game
        trim()
        if resident_mb() > limit:
            return


class AiWorker:
    """Asks a separate process for moves and collects the answers without waiting."""

    def __init__(
        self,
        memory_limit_mb: float = MEMORY_LIMIT_MB,
        headroom_mb: float = HEADROOM_MB,
        keep_game: bool = True,
    ) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._process: BaseProcess | None = None
        self._requests: Any = None
        self._answers: Any = None
        self._next_ticket = 1
        self._wanted: dict[int, Request | ReviewRequest] = {}
        self._failed: list[int] = []
        self.memory_limit_mb = memory_limit_mb
        self.headroom_mb = headroom_mb
        self.keep_game = keep_game
        """False: the worker replays every question's game from the start (for comparisons)."""
        self.retired = 0
        """Workers that left to give their memory back."""

    @property
    def pid(self) -> int | None:
        """The thinking process's id, once it runs."""
        return self._process.pid if self._process is not None else None

    def _ensure(self) -> None:
        """A live worker: a retired one's unanswered questions go to its successor, a dead
        one's are failed (a question that killed a worker is not asked again)."""
        if self._process is not None and self._process.is_alive():
            return
        left = list(self._wanted.values())
        if self._process is not None:
            left.sort(key=lambda request: request.ticket)
            if self._process.exitcode == 0:
                self.retired += 1
                log.info("le processus de l'IA rend sa mémoire ; un neuf le remplace")
            else:
                log.warning("le processus de l'IA s'est arrêté ; il est relancé")
                self._failed.extend(request.ticket for request in left)
                self._wanted.clear()
                left = []
        self._requests = self._context.Queue()
        # Written by the worker's own thread, before its housekeeping: a Queue's feeder
        # thread would wait for the interpreter lock until that housekeeping ended.
        self._answers = self._context.SimpleQueue()
        self._process = self._context.Process(
            target=serve,
            args=(self._requests, self._answers, self.memory_limit_mb, self.headroom_mb,
                  KeptGame(self.keep_game)),
            name="ludokiosk-ai",
            daemon=True,
        )
        self._process.start()
        for request in left:
            self._requests.put(request)

    def ask(
        self,
        spec: str,
        moves: list[str],
        level: str,
        seed: int,
        seconds: float | None = None,
        nodes: int | None = None,
        kind: str = MOVE,
        judged: Any = None,
    ) -> int:
        """Queue a question (a decision unless ``kind`` says otherwise); returns its ticket."""
        self._ensure()
        ticket = self._next_ticket
        self._next_ticket += 1
        request = Request(ticket, spec, tuple(moves), level, seed, seconds, nodes, kind, judged)
        self._wanted[ticket] = request
        self._requests.put(request)
        return ticket

    def ask_review(self, spec: str, moves: list[str], move: str,
                   seconds: float | None = None, nodes: int | None = None) -> int:
        """Queue the reason why ``move`` loses after ``moves``; returns its ticket (the
        answer is a :class:`Reviewed`)."""
        self._ensure()
        ticket = self._next_ticket
        self._next_ticket += 1
        request = ReviewRequest(ticket, spec, tuple(moves), move, seconds, nodes)
        self._wanted[ticket] = request
        self._requests.put(request)
        return ticket

    def cancel(self, ticket: int) -> None:
        """Forget a request (its answer will be dropped)."""
        self._wanted.pop(ticket, None)

    def cancel_all(self) -> None:
        self._wanted.clear()

    def poll(self) -> list[Answer]:
        """Answers that arrived since the last call (never blocks).

        A worker that retired (exit code 0) is replaced at once, and the
        questions it left unread go to its successor; one that died answers
        its pending questions with an error.
        """
        found = [Answer(t, None, "le processus de l'IA s'est arrêté") for t in self._failed]
        self._failed.clear()
        if self._answers is None or self._process is None:
            return found
        alive = self._process.is_alive()
        found.extend(self._drain())
        if alive:
            return found
        found.extend(self._drain())  # what it said just before leaving
        if self._process.exitcode == 0 or self._wanted:
            self._ensure()
            found.extend(
                Answer(t, None, "le processus de l'IA s'est arrêté") for t in self._failed
            )
            self._failed.clear()
        return found

    def _drain(self) -> list[Answer]:
        found: list[Answer] = []
        while not self._answers.empty():
            answer = self._answers.get()
            if self._wanted.pop(answer.ticket, None) is not None:
                found.append(answer)
        return found

    def close(self) -> None:
        if self._process is not None and self._process.is_alive():
            self._requests.put(None)
            self._process.join(timeout=1.0)
            if self._process.is_alive():
                self._process.terminate()
        self._process = None


class InlineWorker(AiWorker):
    """Same interface, thinking in the caller (screenshot tour and tests that need determinism)."""

    def __init__(self) -> None:
        super().__init__()
        self._ready: list[Answer] = []

    def ask(
        self,
        spec: str,
        moves: list[str],
        level: str,
        seed: int,
        seconds: float | None = None,
        nodes: int | None = None,
        kind: str = MOVE,
        judged: Any = None,
    ) -> int:
        from engines import find_game

        ticket = self._next_ticket
        self._next_ticket += 1
        if nodes is None and not seconds:
            nodes = 200
        request = Request(ticket, spec, tuple(moves), level, seed, seconds, nodes, kind, judged)
        self._wanted[ticket] = request
        game = find_game(spec)
        if kind == MOVE:
            answer = think(request, game.replay(list(moves)))
        else:  # the coach's failure is an answer, as from the process
            try:
                answer = think(request, game.replay(list(moves)))
            except Exception as error:
                answer = Answer(ticket, None, f"{type(error).__name__}: {error}")
        self._ready.append(answer)
        return ticket

    def ask_review(self, spec: str, moves: list[str], move: str,
                   seconds: float | None = None, nodes: int | None = None) -> int:
        from engines import find_game

        ticket = self._next_ticket
        self._next_ticket += 1
        request = ReviewRequest(ticket, spec, tuple(moves), move, seconds, nodes)
        self._wanted[ticket] = request
        self._ready.append(reviewed(request, find_game(spec).replay(list(moves))))
        return ticket

    def poll(self) -> list[Answer]:
        found = [a for a in self._ready if self._wanted.pop(a.ticket, None) is not None]
        self._ready.clear()
        return found

    def close(self) -> None:
        self._ready.clear()
