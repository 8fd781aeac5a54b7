"""The play scene with a physical board attached: hands on cells make the game go on."""

from __future__ import annotations

from drivers.hardware_config import Hardware
from drivers.memory import MemoryBoard
from drivers.sensorboard import LedMode
from kiosk.ai_worker import InlineWorker
from kiosk.board.guide import ELSEWHERE_FROM, ELSEWHERE_TO, TURN
from kiosk.board.mapping import BoardMapping, mapping_for
from kiosk.catalog import entry
from kiosk.config import load_settings
from kiosk.hardware import HardwareLink
from kiosk.runtime import Kiosk
from kiosk.scenes.play import PlayScene
from kiosk.sound import Sounds
from kiosk.table import HUMAN, Table
from tests.kiosk.driver import button_centre, steps, tap

SPEC = "reversi:othello"


def board_kiosk() -> tuple[Kiosk, MemoryBoard, BoardMapping]:
    mapping = mapping_for(SPEC)
    assert mapping is not None
    board = MemoryBoard(mapping.rows, mapping.cols)
    kiosk = Kiosk(
        load_settings(),
        worker=InlineWorker(),
        sounds=Sounds(muted=True),
        hardware=HardwareLink(Hardware(board=board)),
    )
    kiosk.home()
    return kiosk, board, mapping


def start(kiosk: Kiosk, controllers: tuple[str, str]) -> PlayScene:
    scene = PlayScene(kiosk, entry("reversi"), Table(SPEC, controllers, seed=3))
    kiosk.push(scene)
    return scene


def cell(scene: PlayScene, mapping: BoardMapping, name: str) -> tuple[int, int]:
    return mapping.cell(scene.run.game.geometry().index(name))


def set_up(scene: PlayScene, board: MemoryBoard, mapping: BoardMapping) -> None:
    """The pieces put on the board as the game's position says."""
    tokens = scene.presentation.tokens(scene.state)
    board.set_all(mapping.cell(point) for point, stack in tokens.items() if stack)


def lit(board: MemoryBoard, mapping: BoardMapping, scene: PlayScene, led: object) -> set[str]:
    geometry = scene.run.game.geometry()
    return {
        geometry.name(mapping.points[c])
        for c, shown in board.leds.lit.items()
        if shown == led and c in mapping.points
    }


def test_a_disc_put_on_the_board_is_played_and_its_flips_blink_until_confirmed() -> None:
    kiosk, board, mapping = board_kiosk()
    scene = start(kiosk, (HUMAN, HUMAN))
    assert scene.follows_board and scene.hands.session is not None
    steps(kiosk, 30)
    assert any(led.mode is LedMode.BLINK for _, led in board.leds.cells()), "set up the pieces"
    set_up(scene, board, mapping)
    steps(kiosk, 30)
    assert scene.hands.session.answer.synced
    board.set(cell(scene, mapping, "d3"), True)
    steps(kiosk, 40)
    assert scene.run.moves == ["d3"]
    assert lit(board, mapping, scene, TURN) == {"d4"}, "the disc to turn blinks orange"
    settle_animation(kiosk, scene)
    where = button_centre(scene, "Pions retournés")
    assert where is not None, "the screen offers to confirm the turned discs"
    tap(kiosk, where)
    steps(kiosk, 2)
    assert lit(board, mapping, scene, TURN) == set()


def settle_animation(kiosk: Kiosk, scene: PlayScene) -> None:
    for _ in range(200):
        if scene.transition is None:
            return
        kiosk.step()


def test_the_machines_answer_is_lit_in_blue_and_copied_by_hand() -> None:
    kiosk, board, mapping = board_kiosk()
    scene = start(kiosk, (HUMAN, "debutant"))
    set_up(scene, board, mapping)
    steps(kiosk, 30)
    board.set(cell(scene, mapping, "d3"), True)
    for _ in range(400):
        kiosk.step()
        if len(scene.run.moves) == 2:
            break
    assert len(scene.run.moves) == 2, "the machine answered"
    steps(kiosk, 2)
    answer = scene.run.moves[1]
    assert lit(board, mapping, scene, ELSEWHERE_TO) == {answer}
    assert lit(board, mapping, scene, ELSEWHERE_FROM) == set()
    text, warning = scene.hands.session.status("fr") if scene.hands.session else ("", False)
    assert answer in text and not warning
    board.set(cell(scene, mapping, answer), True)
    steps(kiosk, 40)
    # The machine's flips are turned by hand (or confirmed); then the board is in step.
    for name in lit(board, mapping, scene, TURN):
        board.set(cell(scene, mapping, name), False)
        board.set(cell(scene, mapping, name), True)
    scene.hands.session.confirm(kiosk.now) if scene.hands.session else None
    steps(kiosk, 40)
    assert scene.hands.session is not None and scene.hands.session.answer.synced


def test_a_wrong_square_is_shown_in_the_panel_and_blinks() -> None:
    kiosk, board, mapping = board_kiosk()
    scene = start(kiosk, (HUMAN, HUMAN))
    set_up(scene, board, mapping)
    steps(kiosk, 30)
    board.set(cell(scene, mapping, "a1"), True)
    steps(kiosk, 60)
    assert scene.run.moves == []
    assert scene.hands.session is not None
    text, warning = scene.hands.session.status("fr")
    assert warning and "Remettez les pièces" in text
    content = scene._panel_content(0)
    assert content.message == text and content.message_is_warning
    assert (cell(scene, mapping, "a1"), True) in [
        (c, led.mode is LedMode.BLINK) for c, led in board.leds.lit.items()
    ]
    board.set(cell(scene, mapping, "a1"), False)
    steps(kiosk, 40)
    assert scene.hands.session.answer.synced


def test_the_previous_position_restored_takes_the_move_back() -> None:
    kiosk, board, mapping = board_kiosk()
    scene = start(kiosk, (HUMAN, HUMAN))
    set_up(scene, board, mapping)
    steps(kiosk, 30)
    board.set(cell(scene, mapping, "d3"), True)
    steps(kiosk, 40)
    assert scene.run.moves == ["d3"]
    scene.hands.session.confirm(kiosk.now) if scene.hands.session else None
    board.set(cell(scene, mapping, "d3"), False)
    steps(kiosk, 40)
    assert scene.run.moves == []


def test_a_lost_board_leaves_the_game_to_the_screen_and_leaving_darkens_it() -> None:
    kiosk, board, mapping = board_kiosk()
    scene = start(kiosk, (HUMAN, HUMAN))
    set_up(scene, board, mapping)
    steps(kiosk, 30)
    board.unplug()
    steps(kiosk, 2)
    assert scene.hands.session is not None
    text, warning = scene.hands.session.status("en")
    assert warning and "screen" in text
    scene.play(scene.run.game.parse_move(scene.state, "d3"))
    assert scene.run.moves == ["d3"]
    board.replug()
    steps(kiosk, 2)
    kiosk.home()
    assert board.leds == type(board.leds)(mapping.rows, mapping.cols), "LEDs off at home"


def test_without_hardware_nothing_follows_a_board() -> None:
    kiosk = Kiosk(load_settings(), worker=InlineWorker(), sounds=Sounds(muted=True))
    scene = PlayScene(kiosk, entry("reversi"), Table(SPEC, (HUMAN, HUMAN)))
    assert scene.hands.session is None and not scene.follows_board


def test_the_rules_page_over_a_game_keeps_its_board_lit_and_closing_the_game_darkens_it() -> None:
    from kiosk.scenes.rules import RulesScene

    kiosk, board, mapping = board_kiosk()
    scene = start(kiosk, (HUMAN, HUMAN))
    set_up(scene, board, mapping)
    steps(kiosk, 30)
    shown = dict(board.leds.lit)
    assert shown, "the moves a hand may make are lit"
    kiosk.push(RulesScene(kiosk, "reversi"))  # covered, not closed
    steps(kiosk, 30)
    assert dict(board.leds.lit) == shown
    kiosk.stack.pop()  # back to the game: the same lights
    steps(kiosk, 30)
    assert dict(board.leds.lit) == shown
    kiosk.home()  # the game closed
    steps(kiosk, 5)
    assert not board.leds.lit


def test_back_from_a_game_s_setup_to_home_stays_home_while_a_game_waits() -> None:
    from kiosk.scenes.home import HomeScene
    from kiosk.scenes.setup import SetupScene

    kiosk, _, _ = board_kiosk()
    scene = start(kiosk, (HUMAN, HUMAN))
    scene.play(scene.state.legal_moves()[0])
    steps(kiosk, 60)
    kiosk.home()  # the game waits for the menu
    assert kiosk.keeper.suspended() is scene.run
    kiosk.push(SetupScene(kiosk, entry("moulin")))
    kiosk.pop()
    assert isinstance(kiosk.stack.top, HomeScene) and len(kiosk.stack) == 1
