"""The machine thinks in another process, so the screen never freezes.

A request carries the game's spec, the moves played from the start (text),
the bot's level and a seed; the answer is the chosen move's text (or an
error line). The UI polls for answers every frame. The worker process is
started on first use and restarted if it dies.
"""

from __future__ import annotations

import logging
import multiprocessing
import queue
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from typing import Any

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Request:
    ticket: int
    spec: str
    moves: tuple[str, ...]
    level: str
    seed: int
    seconds: float | None = None


@dataclass(frozen=True)
class Answer:
    ticket: int
    move: str | None
    error: str = ""


def serve(requests: Any, answers: Any) -> None:
    """The worker's loop: one decision per request, until ``None`` arrives."""
    from engines import find_game
    from engines.ai import make_bot

    while True:
        request = requests.get()
        if request is None:
            return
        try:
            game = find_game(request.spec)
            state = game.replay(list(request.moves))
            bot = make_bot(request.level, game, seed=request.seed, seconds=request.seconds)
            answers.put(Answer(request.ticket, str(bot.choose(state))))
        except Exception as error:
            answers.put(Answer(request.ticket, None, f"{type(error).__name__}: {error}"))


class AiWorker:
    """Asks a separate process for moves and collects the answers without waiting."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._process: BaseProcess | None = None
        self._requests: Any = None
        self._answers: Any = None
        self._next_ticket = 1
        self._wanted: set[int] = set()

    @property
    def pid(self) -> int | None:
        """The thinking process's id, once it runs."""
        return self._process.pid if self._process is not None else None

    def _ensure(self) -> None:
        if self._process is not None and self._process.is_alive():
            return
        if self._process is not None:
            log.warning("le processus de l'IA s'est arrêté ; il est relancé")
        self._requests = self._context.Queue()
        self._answers = self._context.Queue()
        self._process = self._context.Process(
            target=serve, args=(self._requests, self._answers), name="ludokiosk-ai", daemon=True
        )
        self._process.start()

    def ask(
        self, spec: str, moves: list[str], level: str, seed: int, seconds: float | None = None
    ) -> int:
        """Queue a decision; returns its ticket."""
        self._ensure()
        ticket = self._next_ticket
        self._next_ticket += 1
        self._wanted.add(ticket)
        self._requests.put(Request(ticket, spec, tuple(moves), level, seed, seconds))
        return ticket

    def cancel(self, ticket: int) -> None:
        """Forget a request (its answer will be dropped)."""
        self._wanted.discard(ticket)

    def cancel_all(self) -> None:
        self._wanted.clear()

    def poll(self) -> list[Answer]:
        """Answers that arrived since the last call (never blocks)."""
        found: list[Answer] = []
        if self._answers is None:
            return found
        while True:
            try:
                answer = self._answers.get_nowait()
            except queue.Empty:
                break
            if answer.ticket in self._wanted:
                self._wanted.discard(answer.ticket)
                found.append(answer)
        if self._wanted and self._process is not None and not self._process.is_alive():
            found.extend(
                Answer(t, None, "le processus de l'IA s'est arrêté") for t in sorted(self._wanted)
            )
            self._wanted.clear()
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
        self, spec: str, moves: list[str], level: str, seed: int, seconds: float | None = None
    ) -> int:
        from engines import find_game
        from engines.ai import make_bot

        ticket = self._next_ticket
        self._next_ticket += 1
        self._wanted.add(ticket)
        game = find_game(spec)
        state = game.replay(list(moves))
        bot = make_bot(level, game, seed=seed, seconds=seconds, nodes=None if seconds else 200)
        self._ready.append(Answer(ticket, str(bot.choose(state))))
        return ticket

    def poll(self) -> list[Answer]:
        found = [a for a in self._ready if a.ticket in self._wanted]
        self._wanted.difference_update(a.ticket for a in found)
        self._ready.clear()
        return found

    def close(self) -> None:
        self._ready.clear()
