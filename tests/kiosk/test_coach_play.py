"""The coach at the table: a coached person warned before a decision that loses clearly,
through the screen, with the thinking process's assessment and reason."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from kiosk.ai_worker import ASSESS, InlineWorker
from kiosk.catalog import entry
from kiosk.runtime import Kiosk
from kiosk.scenes.play import PlayScene
from kiosk.table import HUMAN, Table
from tests.kiosk.driver import button_centre, make_kiosk, settle, steps, tap

OPENING = ["a1", "d2", "a4"]
"""At moulin: Black to place; d3 lets White close a mill on a7."""


class Asked(InlineWorker):
    """The inline worker, keeping the kind of each question."""

    def __init__(self) -> None:
        super().__init__()
        self.kinds: list[str] = []

    def ask(self, spec: str, moves: list[str], level: str, seed: int,
            seconds: float | None = None, nodes: int | None = None, kind: str = "move",
            judged: Any = None) -> int:
        self.kinds.append(kind)
        return super().ask(spec, moves, level, seed, seconds, nodes, kind, judged)


def moulin(controllers: tuple[str, str] = (HUMAN, HUMAN), coached: frozenset[int] = frozenset({1}),
           demo: bool = False) -> tuple[Kiosk, PlayScene, Asked]:
    kiosk = make_kiosk()
    worker = Asked()
    kiosk.worker = worker
    scene = PlayScene(kiosk, entry("moulin"), Table("moulin", controllers, 5, coached),
                      demo=demo, moves=list(OPENING))
    kiosk.stack.push(scene)
    steps(kiosk, 2)  # the assessment asked and heard
    return kiosk, scene, worker


def touch(kiosk: Kiosk, scene: PlayScene, name: str) -> None:
    tap(kiosk, scene.view.centres[scene.view.geometry.index(name)])


def press(kiosk: Kiosk, scene: PlayScene, label: str) -> None:
    where = button_centre(scene, kiosk.tr(label))
    assert where is not None, (label, [b.label for p in scene.panels for b in p.buttons.buttons])
    tap(kiosk, where)


def warned(kiosk: Kiosk, scene: PlayScene) -> PlayScene:
    """Black places on d3: held back, the mill's reason and a7 marked."""
    touch(kiosk, scene, "d3")
    steps(kiosk, 2)  # the reason asked and heard
    assert scene.run.moves == OPENING, "the decision was played"
    assert scene.coach.warning is not None
    message = scene._panel_content(1).message
    assert scene._panel_content(1).message_is_warning
    assert message.startswith("Attention !") and "moulin" in message and "a7" in message
    geometry = scene.view.geometry
    marks = scene.highlights()
    assert marks[geometry.index("a7")] == "remove"
    assert marks[geometry.index("d3")] == "selected"
    assert scene.presentation.tokens(scene._shown_state()).get(geometry.index("d3")), \
        "the piece shown where it was put"
    labels = [b.label for b in scene.panels[1].buttons.buttons]
    assert labels == ["Choisir un autre coup", "Jouer quand même", "Conseil"]
    kiosk.draw()
    return scene


def test_a_coached_person_is_warned_before_letting_a_mill_through() -> None:
    kiosk, scene, worker = moulin()
    assert worker.kinds == [ASSESS]
    warned(kiosk, scene)
    assert scene.run.coach_notes == []  # nothing played yet


def test_the_warning_in_english() -> None:
    kiosk, scene, _ = moulin()
    kiosk.set_language("en")
    touch(kiosk, scene, "d3")
    steps(kiosk, 2)
    message = scene._panel_content(1).message
    assert message.startswith("Careful!") and "mill" in message and "a7" in message
    labels = [b.label for b in scene.panels[1].buttons.buttons]
    assert labels == ["Choose another move", "Play it anyway", "Hint"]


def test_choosing_again_takes_the_decision_back() -> None:
    kiosk, scene, _ = moulin()
    warned(kiosk, scene)
    press(kiosk, scene, "Choisir un autre coup")
    assert scene.coach.warning is None and scene.run.moves == OPENING
    assert "remove" not in scene.highlights().values() and scene._shown_state() is scene.state
    touch(kiosk, scene, "a7")  # the best decision: played at once, noted unflagged
    assert scene.run.moves == [*OPENING, "a7"]
    [note] = scene.run.coach_notes
    assert (note.index, note.seat, note.move, note.best) == (3, 1, "a7", "a7")
    assert not note.flagged and note.loss == 0.0 and not note.played_anyway


def test_playing_anyway_plays_it_and_says_so_in_the_notes() -> None:
    kiosk, scene, _ = moulin()
    warned(kiosk, scene)
    press(kiosk, scene, "Jouer quand même")
    assert scene.run.moves == [*OPENING, "d3"] and scene.coach.warning is None
    [note] = scene.run.coach_notes
    assert note.flagged and note.played_anyway and note.move == "d3" and note.best == "a7"
    assert note.loss > 0 and note.scale == "share"
    settle(kiosk)
    kiosk.draw()


def test_the_advice_shows_the_best_decision_as_a_hint() -> None:
    kiosk, scene, _ = moulin()
    warned(kiosk, scene)
    press(kiosk, scene, "Conseil")
    assert scene.coach.warning is None and scene.run.moves == OPENING
    assert str(scene.hint) == "a7"
    assert scene.highlights()[scene.view.geometry.index("a7")] == "hint"
    assert "a7" in scene.message[0]


def test_a_person_not_coached_is_never_warned() -> None:
    kiosk, scene, worker = moulin(coached=frozenset({0}))  # White is coached, not Black
    assert worker.kinds == []
    touch(kiosk, scene, "d3")
    assert scene.run.moves == [*OPENING, "d3"] and scene.coach.warning is None
    assert scene.run.coach_notes == []


def test_a_machine_and_a_demonstration_are_never_weighed() -> None:
    kiosk, scene, worker = moulin((HUMAN, "debutant"), coached=frozenset({0, 1}))
    settle(kiosk)
    steps(kiosk, 5)
    settle(kiosk)
    assert len(scene.run.moves) > len(OPENING)
    assert worker.kinds[0] == "move" and scene.coach.warning is None
    assert all(note.seat == 0 for note in scene.run.coach_notes)
    kiosk, scene, worker = moulin((HUMAN, HUMAN), coached=frozenset({0, 1}), demo=True)
    steps(kiosk, 30)
    assert ASSESS not in worker.kinds and scene.run.coach_notes == []


def test_the_owners_setting_silences_the_coach() -> None:
    kiosk = make_kiosk()
    kiosk.settings = replace(kiosk.settings, coach=False)
    worker = Asked()
    kiosk.worker = worker
    scene = PlayScene(kiosk, entry("moulin"), Table("moulin", (HUMAN, HUMAN), 5, frozenset({1})),
                      moves=list(OPENING))
    kiosk.stack.push(scene)
    steps(kiosk, 2)
    touch(kiosk, scene, "d3")
    assert scene.run.moves == [*OPENING, "d3"] and ASSESS not in worker.kinds


def test_a_decision_made_before_the_assessment_is_played_without_a_word() -> None:
    kiosk = make_kiosk()
    scene = PlayScene(kiosk, entry("moulin"), Table("moulin", (HUMAN, HUMAN), 5, frozenset({1})),
                      moves=list(OPENING))
    kiosk.stack.push(scene)  # no frame yet: nothing asked
    touch(kiosk, scene, "d3")
    assert scene.run.moves == [*OPENING, "d3"] and scene.run.coach_notes == []


def test_an_undo_forgets_the_notes_of_the_decisions_taken_back() -> None:
    kiosk, scene, _ = moulin((HUMAN, HUMAN))
    touch(kiosk, scene, "a7")
    assert len(scene.run.coach_notes) == 1
    settle(kiosk)
    scene._undo(1)
    assert scene.run.moves == OPENING and scene.run.coach_notes == []
    steps(kiosk, 2)
    warned(kiosk, scene)


def test_taps_anywhere_for_an_hour_break_nothing() -> None:
    """A tap a second for an hour of the kiosk's time, from the warning on: whatever they
    hit (the warning's buttons, the board, the menu), no error, the game goes on."""
    kiosk, scene, _ = moulin((HUMAN, HUMAN), coached=frozenset({0, 1}))
    warned(kiosk, scene)
    rng = random.Random(3)
    warnings = 0
    for _ in range(3600):
        kiosk.last_input = kiosk.now
        where = (rng.uniform(0, 1920), rng.uniform(0, 1080))
        if any(b.rect.inflate(40, 40).collidepoint(where) for b in scene.menu.buttons):
            continue  # Menu and Règles leave the game
        tap(kiosk, where)
        kiosk.step(1.0)
        warnings += scene.coach.warning is not None
        if kiosk.stack.top is not scene:  # the results
            assert scene.state.is_terminal()
            break
    kiosk.draw()
    assert kiosk.errors == 0
    assert scene.run.moves[: len(OPENING)] == OPENING and len(scene.run.moves) > len(OPENING)
    assert warnings > 0
    assert kiosk.now > 3000 or scene.state.is_terminal(), "the hour was cut short"


def test_on_the_physical_board_the_reason_s_points_are_lit_and_the_piece_put_back() -> None:
    from drivers.hardware_config import Hardware
    from drivers.memory import MemoryBoard
    from kiosk.board.guide import LESSON_ROLES
    from kiosk.board.mapping import mapping_for
    from kiosk.config import load_settings
    from kiosk.hardware import HardwareLink
    from kiosk.sound import Sounds

    mapping = mapping_for("moulin")
    assert mapping is not None
    board = MemoryBoard(mapping.rows, mapping.cols)
    kiosk = Kiosk(load_settings(), worker=InlineWorker(), sounds=Sounds(muted=True),
                  hardware=HardwareLink(Hardware(board=board)))
    kiosk.home()
    scene = PlayScene(kiosk, entry("moulin"), Table("moulin", (HUMAN, HUMAN), 5, frozenset({1})),
                      moves=list(OPENING))
    kiosk.push(scene)
    geometry = scene.run.game.geometry()
    tokens = scene.presentation.tokens(scene.state)
    board.set_all(mapping.cell(point) for point, stack in tokens.items() if stack)
    steps(kiosk, 30)
    assert scene.hands.session is not None and scene.hands.session.answer.synced
    d3, a7 = mapping.cell(geometry.index("d3")), mapping.cell(geometry.index("a7"))
    board.set(d3, True)
    steps(kiosk, 40)
    assert scene.run.moves == OPENING and scene.coach.warning is not None
    assert board.leds[a7] == LESSON_ROLES["remove"], "the mill's point blinks red"
    press(kiosk, scene, "Choisir un autre coup")
    steps(kiosk, 40)  # the piece still on d3: not weighed again
    assert scene.coach.warning is None and scene.run.moves == OPENING
    assert board.leds[a7] != LESSON_ROLES["remove"]
    board.set(d3, False)
    steps(kiosk, 40)
    board.set(d3, True)  # d3 again: warned again
    steps(kiosk, 40)
    assert scene.coach.warning is not None and scene.run.moves == OPENING
    board.set(d3, False)  # the hands move the piece to a7 without a word: that is played
    steps(kiosk, 40)
    board.set(a7, True)
    steps(kiosk, 40)
    assert scene.run.moves == [*OPENING, "a7"] and scene.coach.warning is None
    board.set(a7, False)  # the other way: put back, d3 again, played anyway
    scene._undo(1)
    steps(kiosk, 40)
    board.set(d3, True)
    steps(kiosk, 40)
    assert scene.coach.warning is not None
    press(kiosk, scene, "Jouer quand même")
    steps(kiosk, 40)
    assert scene.run.moves == [*OPENING, "d3"] and scene.hands.session.answer.synced


def test_the_warning_and_the_setup_s_toggle_show_their_texts_whole() -> None:
    from kiosk.layout_check import frame_faults
    from kiosk.scenes.setup import SetupScene
    from tests.kiosk.test_layout import report

    for lang in ("fr", "en"):
        kiosk, scene, _ = moulin()
        kiosk.set_language(lang)
        touch(kiosk, scene, "d3")
        steps(kiosk, 2)
        assert scene.coach.warning is not None
        found = report(f"coach ({lang})", frame_faults(kiosk))
        assert not found, "\n" + "\n".join(found)
        kiosk, scene, _ = moulin((HUMAN, "debutant"), coached=frozenset({0}))
        kiosk.set_language(lang)
        setup = SetupScene(kiosk, entry("moulin"))
        kiosk.stack.reset(setup)
        setup.controllers[1] = "enfant"
        setup.layout()
        assert setup.coach_buttons
        found = report(f"setup ({lang})", frame_faults(kiosk))
        assert not found, "\n" + "\n".join(found)


def test_at_backgammon_each_checker_move_is_weighed() -> None:
    """A dice game whose machine plays whole turns: the coach weighs each decision of a
    coached person, and a warning answered "Jouer quand même" lets the game go on."""
    from tests.kiosk.driver import play_one_decision

    kiosk = make_kiosk()
    scene = PlayScene(kiosk, entry("backgammon"),
                      Table("backgammon:simple", (HUMAN, HUMAN), 3, frozenset({0, 1})))
    kiosk.stack.push(scene)
    rng = random.Random(5)
    decisions = 0
    while decisions < 12 and not scene.state.is_terminal():
        steps(kiosk, 2)  # the position weighed
        before = len(scene.run.moves)
        play_one_decision(kiosk, scene, rng)
        if scene.coach.warning is not None:
            kiosk.draw()
            press(kiosk, scene, "Jouer quand même")
        assert len(scene.run.moves) == before + 1
        settle(kiosk)
        kiosk.last_input = kiosk.now
        decisions += 1
    notes = scene.run.coach_notes
    weighed = [m for m, s in zip(scene.run.moves, scene.run.states, strict=False)
               if not s.is_chance_node()]
    assert len(notes) == len(weighed) > 0
    assert all(scene.run.moves[note.index] == note.move for note in notes)
    assert kiosk.errors == 0
