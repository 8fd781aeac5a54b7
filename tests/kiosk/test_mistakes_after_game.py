"""After a game, a coached person's biggest mistakes: listed on the results screen,
costliest first, each seen again on the board with its reason and the best move."""

from __future__ import annotations

import gc
import queue
import random
from collections.abc import Iterator

import pytest

from kiosk.ai_worker import Answer, Reviewed, ReviewRequest, serve
from kiosk.catalog import entry
from kiosk.coach import CoachNote
from kiosk.layout_check import frame_faults
from kiosk.mistakes import Explanation
from kiosk.run import GameRun
from kiosk.runtime import Kiosk
from kiosk.scenes.mistake_replay import MistakeReplayScene
from kiosk.scenes.play import PlayScene
from kiosk.scenes.results import ResultsScene
from kiosk.table import HUMAN, Table
from kiosk.tour import coached_results, headless_kiosk
from tests.kiosk.driver import tap

OPENING = ("a1", "d2", "a4", "d3")
"""Black's d3 lets a mill through: White closes it on a7, the best move."""


@pytest.fixture
def kiosk() -> Iterator[Kiosk]:
    made = headless_kiosk("fr")
    yield made
    made.close()


def moulin_run(coached: frozenset[int] = frozenset({1}), notes: bool = True) -> GameRun:
    """A moulin game between two persons played to its end, Black coached: d3 (move 4)
    flagged, a costlier mistake (move 12) and a cheaper one (move 8), one not flagged,
    and one of White's (not coached)."""
    run = GameRun(Table("moulin", (HUMAN, HUMAN), seed=1, coached=coached))
    for text in OPENING:
        run.play(run.game.parse_move(run.state, text))
    rng = random.Random(3)
    while not run.state.is_terminal():
        run.play(rng.choice(sorted(run.state.legal_moves(), key=str)))
    if notes:
        def noted(index: int, loss: float, flagged: bool = True) -> CoachNote:
            state = run.states[index]
            best = next(str(m) for m in state.legal_moves() if str(m) != run.moves[index])
            seat = run.game.players.index(state.current_player)
            return CoachNote(index, seat, run.moves[index], best, loss, "share", flagged)

        run.coach_notes[:] = [
            CoachNote(3, 1, "d3", "a7", 0.31, "share", True),
            noted(5, 0.05, flagged=False),
            noted(7, 0.2),
            noted(8, 0.9),  # White's
            noted(11, 0.4),
        ]
    return run


def results_of(kiosk: Kiosk, run: GameRun) -> ResultsScene:
    """The results over the finished game, as the play scene opens them."""
    kiosk.stack.reset(PlayScene(kiosk, entry("moulin"), run.table, run=run))
    kiosk.draw()
    kiosk.go.results(entry("moulin"), run)
    scene = kiosk.stack.top
    assert isinstance(scene, ResultsScene)
    kiosk.draw()
    return scene


def labels(scene: ResultsScene) -> list[str]:
    return [button.label for button in scene.buttons.buttons]


def press(kiosk: Kiosk, label: str) -> None:
    scene = kiosk.stack.top
    assert scene is not None
    found = [b for b in scene.buttons.buttons if b.label == label]  # type: ignore[attr-defined]
    assert found, (label, [b.label for b in scene.buttons.buttons])  # type: ignore[attr-defined]
    tap(kiosk, found[0].rect.center)


def settle(kiosk: Kiosk, scene: MistakeReplayScene) -> None:
    for _ in range(900):
        if not scene.waiting and scene.transition is None and not scene.queue:
            return
        kiosk.step()
    raise AssertionError("the replay never settled")


def test_the_results_list_a_coached_persons_mistakes_costliest_first(kiosk: Kiosk) -> None:
    scene = results_of(kiosk, moulin_run())
    assert labels(scene) == ["Revoir le coup 12", "Revoir le coup 4", "Revoir le coup 8",
                             "Rejouer", "Menu"]
    assert [note.index for _, notes in scene.mistakes() for note in notes] == [11, 3, 7]


def test_a_run_without_notes_shows_no_mistakes(kiosk: Kiosk) -> None:
    plain = results_of(kiosk, moulin_run(notes=False))
    assert labels(plain) == ["Rejouer", "Menu"]
    assert plain.box().size == (1100, 640)  # the scores of a draw by repetition
    uncoached = results_of(kiosk, moulin_run(coached=frozenset()))  # notes, nobody coached
    assert labels(uncoached) == ["Rejouer", "Menu"] and uncoached.box().size == (1100, 640)
    calm = moulin_run()
    calm.coach_notes[:] = [note for note in calm.coach_notes if not note.flagged]
    assert labels(results_of(kiosk, calm)) == ["Rejouer", "Menu"]  # nothing flagged


def test_a_mistake_is_seen_again_with_its_reason_and_the_best_move(kiosk: Kiosk) -> None:
    run = moulin_run()
    results = results_of(kiosk, run)
    below = results.below
    press(kiosk, "Revoir le coup 4")
    scene = kiosk.stack.top
    assert isinstance(scene, MistakeReplayScene)
    tokens = scene.presentation.tokens
    # the position before the mistake, then the mistake played on it
    assert scene.shown is run.states[3] and scene.queue[0][0] is run.states[3]
    assert scene.reason() == "…"
    settle(kiosk, scene)
    assert tokens(scene.shown) == tokens(run.states[4])
    assert scene.lead() == "Vous avez joué d3."
    assert "laisse passer un moulin" in scene.reason() and "a7" in scene.reason()
    a7, d3 = (scene.view.geometry.index(name) for name in ("a7", "d3"))
    marks = scene.highlights()
    assert marks[a7] == "remove" and marks[d3] == "last"
    # the reason played out: White closes the mill on a7
    press(kiosk, "La réponse")
    settle(kiosk, scene)
    assert tokens(scene.shown) == tokens(run.states[4].apply(run.game.parse_move(
        run.states[4], "a7")))
    assert scene.lead() == "L'adversaire répond a7."
    # the best move instead, marked
    press(kiosk, "Le meilleur coup")
    assert scene.shown is run.states[3]
    settle(kiosk, scene)
    best = run.states[3].apply(run.game.parse_move(run.states[3], "a7"))
    assert tokens(scene.shown) == tokens(best)
    assert scene.heading() == "Le meilleur coup" and scene.lead() == "Le meilleur coup était a7."
    assert scene.highlights() == {a7: "hint"}
    kiosk.draw()
    press(kiosk, "Retour")
    assert kiosk.stack.top is results and results.below is below
    assert labels(results)[:3] == ["Revoir le coup 12", "Revoir le coup 4", "Revoir le coup 8"]


def test_without_a_reason_the_replay_names_the_best_move(
    kiosk: Kiosk, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kiosk import mistakes

    def fails(*_: object) -> Explanation:
        raise RuntimeError("no time left")

    monkeypatch.setattr(mistakes, "explain_mistake", fails)
    results_of(kiosk, moulin_run())
    press(kiosk, "Revoir le coup 4")
    scene = kiosk.stack.top
    assert isinstance(scene, MistakeReplayScene)
    settle(kiosk, scene)
    assert scene.failed and scene.reason() == "Le meilleur coup était a7."
    assert not scene.buttons.buttons[1].enabled  # nothing to play out


def test_the_thinking_process_answers_a_review() -> None:
    requests: queue.Queue[ReviewRequest | None] = queue.Queue()
    answers: queue.Queue[Answer] = queue.Queue()
    requests.put(ReviewRequest(4, "moulin", OPENING[:3], "d3", None, 3000))
    requests.put(None)
    serve(requests, answers)
    gc.unfreeze()  # the loop froze this process's objects, as a worker's own
    answer = answers.get(timeout=5)
    assert isinstance(answer, Reviewed) and answer.ticket == 4 and answer.move == "d3"
    assert answer.explanation.points == ("a7",) and answer.explanation.line == ("a7",)
    assert answer.explanation.text("en").startswith("This move lets a mill through")


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("count,coached", [(1, (1,)), (3, (1,)), (2, (0, 1)), (3, (0, 1))])
def test_the_results_with_mistakes_show_their_texts_whole(
    lang: str, count: int, coached: tuple[int, ...]
) -> None:
    kiosk = headless_kiosk(lang)
    try:
        results = coached_results(kiosk, count, coached)
        assert sum(len(notes) for _, notes in results.mistakes()) == count * len(coached)
        found = frame_faults(kiosk)
        assert not any(found.values()), found
    finally:
        kiosk.close()


def test_a_settled_replay_is_still_and_shows_what_it_would_draw(kiosk: Kiosk) -> None:
    import pygame

    results_of(kiosk, moulin_run())
    press(kiosk, "Revoir le coup 4")
    scene = kiosk.stack.top
    assert isinstance(scene, MistakeReplayScene)
    assert scene.animating()  # the decision on its way
    settle(kiosk, scene)
    kiosk.draw()
    shown = pygame.image.tobytes(kiosk.canvas, "RGB")
    for _ in range(30):
        kiosk.step()
    assert not kiosk.needs_frame()
    assert pygame.image.tobytes(kiosk.draw(), "RGB") == shown
