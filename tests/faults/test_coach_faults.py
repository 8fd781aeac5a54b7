"""The coach steps aside when the thinking process fails it: the game goes on."""

from __future__ import annotations

import os
import signal
import time
from typing import Any

from kiosk.ai_worker import ASSESS, EXPLAIN, AiWorker, Answer, InlineWorker, Request
from kiosk.catalog import entry
from kiosk.runtime import Kiosk
from kiosk.scenes.coach_turns import REASON_WAIT
from kiosk.scenes.play import PlayScene
from kiosk.table import HUMAN, Table
from tests.kiosk.driver import button_centre, make_kiosk, steps, tap

OPENING = ["a1", "d2", "a4"]


class Failing(InlineWorker):
    """The inline worker, failing the questions of the kinds given (an error answer, or
    ``silent``: no answer at all, or ``raising``: no process to ask)."""

    def __init__(self, kinds: set[str], how: str = "error") -> None:
        super().__init__()
        self.kinds = kinds
        self.how = how

    def ask(self, spec: str, moves: list[str], level: str, seed: int,
            seconds: float | None = None, nodes: int | None = None, kind: str = "move",
            judged: Any = None) -> int:
        if kind not in self.kinds:
            return super().ask(spec, moves, level, seed, seconds, nodes, kind, judged)
        if self.how == "raising":
            raise OSError("no process can be started")
        ticket = self._next_ticket
        self._next_ticket += 1
        self._wanted[ticket] = Request(ticket, spec, tuple(moves), level, seed, seconds, nodes,
                                       kind, judged)
        if self.how == "error":
            self._ready.append(Answer(ticket, None, "le processus de l'IA s'est arrêté"))
        return ticket


def coached(worker: AiWorker) -> tuple[Kiosk, PlayScene]:
    kiosk = make_kiosk()
    kiosk.worker = worker
    scene = PlayScene(kiosk, entry("moulin"), Table("moulin", (HUMAN, HUMAN), 5, frozenset({1})),
                      moves=list(OPENING))
    kiosk.stack.push(scene)
    steps(kiosk, 3)
    return kiosk, scene


def place(kiosk: Kiosk, scene: PlayScene, name: str) -> None:
    tap(kiosk, scene.view.centres[scene.view.geometry.index(name)])


def test_an_assessment_that_fails_lets_the_decision_be_played_without_a_word() -> None:
    for how in ("error", "silent", "raising"):
        kiosk, scene = coached(Failing({ASSESS}, how))
        place(kiosk, scene, "d3")
        assert scene.run.moves == [*OPENING, "d3"], how
        assert scene.coach.warning is None and scene.run.coach_notes == []
        steps(kiosk, 30)
        kiosk.draw()


def test_a_reason_that_fails_or_comes_late_leaves_a_plain_warning() -> None:
    for how in ("error", "silent", "raising"):
        kiosk, scene = coached(Failing({EXPLAIN}, how))
        place(kiosk, scene, "d3")
        steps(kiosk, 2)
        assert scene.coach.warning is not None, how
        if how == "silent":
            assert scene._panel_content(1).message.endswith("…")
            for _ in range(round((REASON_WAIT + 1) * 60)):
                kiosk.step()
        message = scene._panel_content(1).message
        assert message == "Attention ! Ce coup vous fait clairement perdre du terrain.", how
        assert scene.highlights()[scene.view.geometry.index("d3")] == "selected"
        kiosk.draw()
        where = button_centre(scene, "Jouer quand même")
        assert where is not None
        tap(kiosk, where)
        assert scene.run.moves == [*OPENING, "d3"]
        assert scene.run.coach_notes[-1].played_anyway


def test_the_thinking_process_killed_while_it_weighs_the_position() -> None:
    """A real process killed during the assessment: the person plays on without a word,
    the machine's next decision comes from a fresh process."""
    worker = AiWorker()
    kiosk = make_kiosk()
    kiosk.worker = worker
    try:
        scene = PlayScene(kiosk, entry("moulin"), Table("moulin", (HUMAN, "debutant"), 5,
                                                        frozenset({0})))
        kiosk.stack.push(scene)
        kiosk.step()
        assert scene.machine.assess_ticket is not None
        deadline = time.monotonic() + 20
        while worker.pid is None and time.monotonic() < deadline:
            time.sleep(0.01)
        pid = worker.pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 20
        while scene.machine.assess_ticket is not None and time.monotonic() < deadline:
            kiosk.step()
            time.sleep(0.01)
        assert scene.machine.assess_ticket is None and scene.coach.assessment is None
        place(kiosk, scene, "a1")
        assert scene.run.moves == ["a1"] and scene.coach.warning is None
        deadline = time.monotonic() + 60
        while len(scene.run.moves) < 2 and time.monotonic() < deadline:
            kiosk.step()
            time.sleep(0.01)
        assert len(scene.run.moves) == 2 and worker.pid != pid
    finally:
        worker.close()
