"""One event for a decision played or taken back: in a game the autosave, then the
board's LEDs, then the animation, each once; a lesson's accepted move follows the same
event (its animation, then the LEDs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from drivers.hardware_config import Hardware
from drivers.memory import MemoryBoard
from drivers.sensorboard import LedFrame
from kiosk.ai_worker import InlineWorker
from kiosk.board.mapping import mapping_for
from kiosk.catalog import entry
from kiosk.config import load_settings
from kiosk.hardware import HardwareLink
from kiosk.lessons.model import lesson_files, load_file
from kiosk.records import Records, SavedGame
from kiosk.runtime import Kiosk
from kiosk.scenes.lesson import LessonScene
from kiosk.scenes.play import PlayScene
from kiosk.scenes.rules import RulesScene
from kiosk.sound import Sounds
from kiosk.table import HUMAN, Table
from tests.kiosk.driver import steps, tap
from tests.kiosk.lesson_driver import button, forward, open_lesson
from tests.kiosk.test_play_on_board import set_up

SPEC = "reversi:othello"


def board_kiosk(tmp_path: Path) -> tuple[Kiosk, MemoryBoard]:
    mapping = mapping_for(SPEC)
    assert mapping is not None
    board = MemoryBoard(mapping.rows, mapping.cols)
    kiosk = Kiosk(
        load_settings(),
        worker=InlineWorker(),
        sounds=Sounds(muted=True),
        records=Records.open(tmp_path / "db.sqlite3"),
        hardware=HardwareLink(Hardware(board=board)),
    )
    kiosk.home()
    return kiosk, board


class Told:
    """What the kiosk does, in order: a game saved, a new LED frame, a sound; each with
    whether a move is then on its way on the screen."""

    def __init__(self, kiosk: Kiosk, board: MemoryBoard, patch: pytest.MonkeyPatch) -> None:
        self.kiosk = kiosk
        self.said: list[str] = []
        autosave, show, sound = kiosk.records.autosave, board.show, kiosk.sounds.play

        def saving(saved: SavedGame) -> None:
            self._note(f"saved {list(saved.moves)}")
            autosave(saved)

        def lighting(frame: LedFrame) -> None:
            self._note("lit")
            show(frame)

        def sounding(name: str) -> None:
            self._note(f"sound {name}")
            sound(name)

        patch.setattr(kiosk.records, "autosave", saving)
        patch.setattr(board, "show", lighting)
        patch.setattr(kiosk.sounds, "play", sounding)

    def _note(self, what: str) -> None:
        scene = self.kiosk.stack.top
        moving = isinstance(scene, PlayScene | LessonScene) and scene.transition is not None
        self.said.append(f"{what}, {'moving' if moving else 'still'}")

    def since(self) -> list[str]:
        """What was done since the last call."""
        said, self.said = self.said, []
        return said


def test_a_decision_and_its_undo_are_saved_then_lit_then_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kiosk, board = board_kiosk(tmp_path)
    scene = PlayScene(kiosk, entry("reversi"), Table(SPEC, (HUMAN, HUMAN), seed=3))
    kiosk.push(scene)
    assert scene.hands.session is not None
    set_up(scene, board, scene.hands.session.mapping)
    steps(kiosk, 30)
    told = Told(kiosk, board, monkeypatch)
    d3 = scene.run.game.geometry().index("d3")
    tap(kiosk, scene.view.centres[d3])
    assert told.since() == ["saved ['d3'], still", "lit, still", "sound move, moving"]
    assert scene.transition is not None and scene.picker.state is scene.state
    scene._undo(0)
    assert told.since() == ["saved [], moving", "lit, moving"], "saved, lit, then shown"
    assert scene.transition is None and scene.message[0] == "Coup annulé."
    assert scene.picker.state is scene.state
    scene.run.play(scene.run.game.parse_move(scene.state, "d3"))  # the run itself tells
    assert told.since() == ["saved ['d3'], still", "lit, still", "sound move, moving"]
    scene._take_back(1)
    assert told.since() == ["saved [], moving", "lit, moving"]
    assert scene.transition is None and scene.message[0] == "Coup repris sur le plateau."


def test_covered_the_game_still_listens_closed_only_the_keeper_does_taken_up_once_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kiosk, board = board_kiosk(tmp_path)
    scene = PlayScene(kiosk, entry("reversi"), Table(SPEC, (HUMAN, HUMAN), seed=3))
    kiosk.push(scene)
    assert scene.hands.session is not None
    mapping = scene.hands.session.mapping
    set_up(scene, board, mapping)
    steps(kiosk, 30)
    told = Told(kiosk, board, monkeypatch)
    kiosk.push(RulesScene(kiosk, "reversi"))  # covered, not closed
    scene.run.play(scene.run.game.parse_move(scene.state, "d3"))
    assert [what.split(",")[0] for what in told.since()] == ["saved ['d3']", "lit", "sound move"]
    kiosk.home()  # the game closed: its board goes dark, the game waits for the menu
    assert not board.leds.lit
    told.since()
    moving, picker = scene.transition, scene.picker
    scene.run.play(scene.state.legal_moves()[0])
    assert told.since() == [f"saved {scene.run.moves}, still"], "no LEDs, no sound"
    assert not board.leds.lit and scene.transition is moving and scene.picker is picker
    kiosk.go.back_to_game(entry("reversi"), scene.run)  # the same run, a new scene
    again = kiosk.stack.top
    assert isinstance(again, PlayScene) and again.run is scene.run
    set_up(again, board, mapping)
    steps(kiosk, 30)
    told.since()
    again.play(again.state.legal_moves()[0])
    assert told.since() == [f"saved {again.run.moves}, still", "lit, still", "sound move, moving"]


def test_a_lesson_s_accepted_move_is_shown_then_lit_and_a_restart_follows_the_new_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kiosk, board = board_kiosk(tmp_path)
    lesson = next(
        lesson for path in lesson_files() for lesson in load_file(path)
        if (lesson.game, lesson.id) == ("reversi", "encadrer")
    )
    scene = open_lesson(kiosk, lesson)
    assert scene.board is not None
    mapping = scene.board.mapping
    told = Told(kiosk, board, monkeypatch)
    for attempt in range(2):
        forward(kiosk, scene)
        assert scene.asking
        tokens = scene.presentation.tokens(scene.state)
        board.set_all(mapping.cell(point) for point, stack in tokens.items() if stack)
        steps(kiosk, 30)
        assert scene.board.answer.synced
        told.since()
        d3 = scene.run.game.geometry().index("d3")
        before = scene.state
        tap(kiosk, scene.view.centres[d3])
        assert told.since() == ["sound move, still", "lit, still"], f"attempt {attempt}"
        assert [b for b, _ in scene.queue] == [before] and scene.feedback is not None
        assert scene.feedback.accepted
        if attempt == 0:
            where = button(scene, "Recommencer")
            assert where is not None
            tap(kiosk, where)
            steps(kiosk, 2)
