"""Leaving a game is asked and the game waits at home; undo takes back only my own decision."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pygame
import pytest
from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

from drivers.hardware_config import Hardware
from drivers.inputs import Inputs
from engines import find_game
from kiosk.ai_worker import InlineWorker
from kiosk.catalog import CATALOGUE, entry, presets_for
from kiosk.config import load_settings
from kiosk.hardware import HardwareLink
from kiosk.records import Records
from kiosk.run import GameRun
from kiosk.runtime import Kiosk
from kiosk.scenes.attract import AttractScene
from kiosk.scenes.home import HomeScene
from kiosk.scenes.leave import LeaveGameScene
from kiosk.scenes.play import PlayScene
from kiosk.sound import Sounds
from kiosk.startup import resume_last_game
from kiosk.table import HUMAN, Table
from kiosk.ui.text import fit_size, wrap
from kiosk.ui.theme import CANVAS
from kiosk.ui.widgets import MIN_TARGET
from tests.kiosk.driver import button_centre, make_kiosk, play_one_decision, settle, steps, tap

MACHINE = "debutant"


def start(kiosk: Kiosk, spec: str, controllers: tuple[str, ...], seed: int = 1) -> PlayScene:
    scene = PlayScene(kiosk, entry(find_game(spec).id), Table(spec, controllers, seed))
    kiosk.push(scene)
    return scene


def a_person_s_turn(kiosk: Kiosk, scene: PlayScene) -> None:
    """Time passes until a person is to act (decide or throw) or the game is over."""
    run = scene.run
    for _ in range(600):
        settle(kiosk)
        acting = run.roller() if run.state.is_chance_node() else run.seat()
        if run.state.is_terminal() or (run.is_person(acting) and scene.transition is None):
            return
        kiosk.step()
    raise AssertionError("the machine never let a person play")


def a_move_and_the_reply(kiosk: Kiosk, scene: PlayScene, rng: random.Random) -> None:
    """A person decides through the screen; the machine answers."""
    a_person_s_turn(kiosk, scene)
    play_one_decision(kiosk, scene, rng)
    a_person_s_turn(kiosk, scene)


def tap_label(kiosk: Kiosk, label: str) -> None:
    scene = kiosk.stack.top
    if isinstance(scene, PlayScene):
        where = button_centre(scene, kiosk.tr(label))
    else:
        assert isinstance(scene, LeaveGameScene), kiosk.stack.names()
        where = next(b.rect.center for b in scene.buttons.buttons if b.label == kiosk.tr(label))
    assert where is not None, label
    tap(kiosk, where)
    kiosk.step()


def idle(kiosk: Kiosk, seconds: float) -> None:
    for _ in range(int(seconds) + 1):
        kiosk.step(1.0)


# ---------------------------------------------------------------------------- leaving


def test_menu_asks_first_and_continuing_changes_nothing(tmp_path: Path) -> None:
    kiosk = make_kiosk(records=Records.open(tmp_path / "db.sqlite3"))
    scene = start(kiosk, "tablut", (HUMAN, MACHINE))
    tap_label(kiosk, "Menu")
    home = kiosk.stack.top
    assert isinstance(home, HomeScene), "no move made: nothing to lose, home at once"
    assert home.resume_card is None and kiosk.records.running() is None
    scene = start(kiosk, "tablut", (HUMAN, MACHINE))
    a_move_and_the_reply(kiosk, scene, random.Random(2))
    moves = list(scene.run.moves)
    assert len(moves) == 2
    tap_label(kiosk, "Menu")
    assert isinstance(kiosk.stack.top, LeaveGameScene)
    tap_label(kiosk, "Continuer la partie")
    assert kiosk.stack.top is scene and scene.run.moves == moves
    assert kiosk.records.games() == []
    tap_label(kiosk, "Menu")
    tap_label(kiosk, "Aller au menu")
    home = kiosk.stack.top
    assert isinstance(home, HomeScene) and home.resume_card is not None
    assert kiosk.records.games() == [], "left for the menu, not abandoned"
    saved = kiosk.records.running()
    assert saved is not None and list(saved.moves) == moves


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_question_and_the_resume_card_read_in_both_languages(lang: str) -> None:
    kiosk = make_kiosk()
    kiosk.set_language(lang)
    scene = start(kiosk, "barricades,players=3", (HUMAN, HUMAN, MACHINE))
    a_move_and_the_reply(kiosk, scene, random.Random(1))
    tap_label(kiosk, "Menu")
    dialog = kiosk.stack.top
    assert isinstance(dialog, LeaveGameScene)
    kiosk.draw()
    screen = pygame.Rect((0, 0), CANVAS)
    box = dialog.box
    assert screen.contains(box)
    stay, go = dialog.buttons.buttons
    assert [stay.label, go.label] == [kiosk.tr("Continuer la partie"), kiosk.tr("Aller au menu")]
    assert not stay.rect.colliderect(go.rect)
    for button in (stay, go):
        assert box.contains(button.rect) and button.rect.height >= MIN_TARGET
        assert fit_size(button.label, button.rect.width - 28, 38, "sans-bold") == 38
    text_width = box.width - 112
    assert fit_size(dialog.title(), text_width, 56, "serif-bold") == 56
    lines = wrap(dialog.explanation(), 32, text_width)
    assert box.y + 56 + 56 + 12 + 36 + len(lines) * round(32 * 1.3) <= stay.rect.top - 36
    assert ("90 secondes" if lang == "fr" else "90 seconds") in dialog.explanation()
    tap_label(kiosk, "Aller au menu")
    home = kiosk.stack.top
    assert isinstance(home, HomeScene) and home.resume_card is not None
    kiosk.draw()
    assert screen.contains(home.resume_card)
    assert all(not rect.colliderect(home.resume_card) for rect, _ in home.cards)


def test_resumed_from_home_the_game_goes_on_and_is_recorded_once(tmp_path: Path) -> None:
    kiosk = make_kiosk(records=Records.open(tmp_path / "db.sqlite3"))
    scene = start(kiosk, "moulin", (HUMAN, MACHINE))
    rng = random.Random(5)
    a_move_and_the_reply(kiosk, scene, rng)
    run = scene.run
    tap_label(kiosk, "Menu")
    tap_label(kiosk, "Aller au menu")
    home = kiosk.stack.top
    assert isinstance(home, HomeScene) and home.resume_card is not None
    tap(kiosk, home.resume_card.center)
    again = kiosk.stack.top
    assert isinstance(again, PlayScene) and again.run is run, "the very same game"
    assert kiosk.stack.names() == ["home", "play"]
    a_move_and_the_reply(kiosk, again, rng)
    assert len(run.moves) == 4
    saved = kiosk.records.running()
    assert saved is not None and list(saved.moves) == run.moves
    kiosk.attract()
    (game,) = kiosk.records.games()
    assert game.result == "abandon" and list(game.moves) == run.moves
    kiosk.home()
    kiosk.attract()
    assert len(kiosk.records.games()) == 1


def test_the_idle_timeout_ends_the_waiting_game_once(tmp_path: Path) -> None:
    kiosk = make_kiosk(records=Records.open(tmp_path / "db.sqlite3"))
    scene = start(kiosk, "reversi", (HUMAN, MACHINE))
    a_move_and_the_reply(kiosk, scene, random.Random(3))
    tap_label(kiosk, "Menu")
    tap_label(kiosk, "Aller au menu")
    after = kiosk.settings.attract_after
    idle(kiosk, after - 5)
    home = kiosk.stack.top
    assert isinstance(home, HomeScene) and home.resume_card is not None, "still offered"
    idle(kiosk, 10)
    assert isinstance(kiosk.stack.top, AttractScene)
    (game,) = kiosk.records.games()
    assert game.result == "abandon" and list(game.moves) == scene.run.moves
    assert kiosk.records.running() is None

    def abandons() -> int:
        return sum(1 for _, kind, _ in kiosk.records.events() if kind == "idle-abandon")

    assert abandons() == 1
    tap(kiosk, (960, 540))  # a new visitor
    home = kiosk.stack.top
    assert isinstance(home, HomeScene) and home.resume_card is None
    idle(kiosk, after + 5)
    assert len(kiosk.records.games()) == 1 and abandons() == 1


def test_the_question_left_unanswered_times_out_too(tmp_path: Path) -> None:
    kiosk = make_kiosk(records=Records.open(tmp_path / "db.sqlite3"))
    scene = start(kiosk, "assaut", (HUMAN, MACHINE))
    a_move_and_the_reply(kiosk, scene, random.Random(4))
    tap_label(kiosk, "Menu")
    idle(kiosk, kiosk.settings.attract_after + 1)
    assert isinstance(kiosk.stack.top, AttractScene)
    (game,) = kiosk.records.games()
    assert game.result == "abandon" and len(game.moves) == len(scene.run.moves)


def test_a_kiosk_restarted_meanwhile_resumes_the_waiting_game(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    kiosk = make_kiosk(records=Records.open(path))
    scene = start(kiosk, "jacquet", (HUMAN, MACHINE))
    rng = random.Random(6)
    for _ in range(3):
        a_move_and_the_reply(kiosk, scene, rng)
    moves = list(scene.run.moves)
    tap_label(kiosk, "Menu")
    tap_label(kiosk, "Aller au menu")
    kiosk.records.close()  # the power goes
    restarted = make_kiosk(records=Records.open(path))
    assert resume_last_game(restarted)
    again = restarted.stack.top
    assert isinstance(again, PlayScene) and again.run.moves == moves
    assert restarted.records.games() == []
    restarted.attract()
    (game,) = restarted.records.games()
    assert game.result == "abandon" and list(game.moves) == moves


def test_the_physical_menu_and_back_buttons_ask_too(factory: MockFactory) -> None:
    pins = {"menu": 2, "back": 3}
    inputs = Inputs(buttons=pins, bounce_ms=1, pin_factory=factory)
    kiosk = Kiosk(
        load_settings(),
        worker=InlineWorker(),
        sounds=Sounds(muted=True),
        hardware=HardwareLink(Hardware(inputs=inputs)),
    )
    kiosk.home()

    def press(name: str, until: type) -> None:
        factory.pin(pins[name]).drive_low()
        time.sleep(0.01)
        factory.pin(pins[name]).drive_high()
        deadline = time.monotonic() + 3.0
        while time.monotonic() < deadline:
            kiosk.step()
            if isinstance(kiosk.stack.top, until):
                return
            time.sleep(0.005)
        raise AssertionError(f"{name}: {kiosk.stack.names()}")

    try:
        scene = start(kiosk, "reversi", (HUMAN, MACHINE))
        a_move_and_the_reply(kiosk, scene, random.Random(7))
        press("menu", LeaveGameScene)
        press("back", PlayScene)
        assert kiosk.stack.top is scene
        press("back", LeaveGameScene)
        press("menu", HomeScene)
        assert kiosk.keeper.suspended() is scene.run and kiosk.records.games() == []
    finally:
        inputs.close()


# ---------------------------------------------------------------------------- undo


def undo_panels(scene: PlayScene, kiosk: Kiosk) -> set[int]:
    """The seats whose panel offers "Annuler mon coup"."""
    label = kiosk.tr("Annuler mon coup")
    return {
        seat
        for seat, panel in enumerate(scene.panels)
        if any(b.label == label for b in panel.buttons.buttons)
    }


def test_green_cannot_undo_red_s_move_in_barricades() -> None:
    kiosk = make_kiosk()
    scene = start(kiosk, "barricades,players=3", (HUMAN, HUMAN, MACHINE), seed=4)
    rng = random.Random(8)
    while scene.run.roller() == 0 or scene.run.seat() == 0:  # red's turn
        play_one_decision(kiosk, scene, rng)
        settle(kiosk)
    red_done = list(scene.run.moves)
    assert undo_panels(scene, kiosk) == {0}, "red may take back red's move"
    play_one_decision(kiosk, scene, rng)  # green throws
    settle(kiosk)
    assert undo_panels(scene, kiosk) == set(), "green has thrown: red's move stands"
    before_green = scene.run.state
    while scene.run.seat() == 1:
        play_one_decision(kiosk, scene, rng)
        settle(kiosk)
    a_person_s_turn(kiosk, scene)  # yellow, the machine, throws and moves
    assert scene.run.roller() == 0
    assert undo_panels(scene, kiosk) == {1}, "green may take back green's move, not red"
    where = button_centre(scene, kiosk.tr("Annuler mon coup"))
    assert where is not None and scene.panels[1].contains(where)
    tap(kiosk, where)
    assert scene.run.state is before_green, "back to green's decision, green's dice kept"
    assert scene.run.moves[: len(red_done)] == red_done, "red's move untouched"
    assert scene.run.seat() == 1 and scene.message[0] == kiosk.tr("Coup annulé.")
    assert undo_panels(scene, kiosk) == set()


def test_undo_is_the_acting_person_s_own_through_the_screen() -> None:
    """Random games through the screen: only the last person to act sees the button."""
    for spec, controllers in (
        ("barricades,players=4", (HUMAN, MACHINE, HUMAN, MACHINE)),
        ("shut-the-box,players=3", (HUMAN, HUMAN, MACHINE)),
        ("backgammon:simple", (HUMAN, MACHINE)),
    ):
        kiosk = make_kiosk()
        scene = start(kiosk, spec, controllers, seed=2)
        rng = random.Random(spec)
        for _ in range(40):
            a_person_s_turn(kiosk, scene)
            if scene.state.is_terminal():
                break
            undoer = scene.run.undoer()
            assert undo_panels(scene, kiosk) == ({undoer} if undoer is not None else set())
            if undoer is not None and rng.random() < 0.2:
                tap(kiosk, button_centre(scene, kiosk.tr("Annuler mon coup")))  # type: ignore[arg-type]
                assert scene.run.seat() == undoer
                continue
            play_one_decision(kiosk, scene, rng)
            kiosk.last_input = kiosk.now


def _specs() -> list[str]:
    specs = []
    for game in CATALOGUE:
        low, high = game.players
        for players in range(low, high + 1):
            specs += [preset.spec for preset in presets_for(game.game_id, players)]
    return specs


def _tables(spec: str, rng: random.Random) -> list[tuple[str, ...]]:
    """Mixed tables: at random, and every person but one machine."""
    seats = len(find_game(spec).players)
    mixed = [rng.choice((HUMAN, MACHINE)) for _ in range(seats)]
    mixed[rng.randrange(seats)] = HUMAN
    tables = [tuple(mixed)]
    if seats > 1:
        tables.append(tuple(MACHINE if s == seats - 1 else HUMAN for s in range(seats)))
    return tables


def _expected_undoer(run: GameRun, who: list[int | None]) -> int | None:
    """From the test's own log of who acted: the last person, if they decided since."""
    person = None
    for index in range(len(who) - 1, -1, -1):
        actor = who[index]
        if not run.is_person(actor):
            continue
        if person is None:
            person = actor
        if actor != person:
            return None
        if not run.states[index].is_chance_node():
            return person
    return None


@pytest.mark.parametrize("spec", _specs())
def test_undo_never_takes_back_another_person_s_decision(spec: str) -> None:
    """Random playouts of every game and player count, people and machines mixed."""
    rng = random.Random(spec)
    for controllers in _tables(spec, rng):
        run = GameRun(Table(spec, controllers, seed=rng.randrange(1000)))
        who: list[int | None] = []  # who acted: the decider, or for a throw who threw
        undone = 0
        for _ in range(120):
            if run.state.is_terminal():
                break
            undoer = run.undoer()
            assert undoer == _expected_undoer(run, who)
            for seat in range(len(controllers)):
                assert run.can_undo(seat) == (seat == undoer)
            if undoer is not None and rng.random() < 0.25:
                states, moves = list(run.states), list(run.moves)
                assert run.undo(undoer)
                cut = len(run.moves)
                assert cut < len(moves) and run.moves == moves[:cut]
                assert run.state is states[cut], "back to a position of the game"
                assert not run.state.is_chance_node() and run.seat() == undoer
                taken = who[cut:]
                assert all(w == undoer or not run.is_person(w) for w in taken), taken
                later = [i for i in range(cut + 1, len(moves)) if who[i] == undoer]
                assert all(states[i].is_chance_node() for i in later), "its last decision"
                del who[cut:]
                undone += 1
                continue
            if run.state.is_chance_node():
                who.append(run.roller())
                run.roll()
            else:
                who.append(run.seat())
                run.play(rng.choice(list(run.state.legal_moves())))
        if sum(1 for c in controllers if c == HUMAN) and len(run.moves) > 20:
            assert undone or run.state.is_terminal(), (spec, controllers)


def test_a_takeback_made_on_the_board_still_undoes_the_move() -> None:
    from tests.kiosk.test_play_on_board import board_kiosk, cell, set_up
    from tests.kiosk.test_play_on_board import start as start_on_board

    kiosk, board, mapping = board_kiosk()
    scene = start_on_board(kiosk, (HUMAN, HUMAN))
    set_up(scene, board, mapping)
    steps(kiosk, 30)
    board.set(cell(scene, mapping, "d3"), True)
    steps(kiosk, 40)
    assert scene.run.moves == ["d3"] and scene.run.actors == [0]
    board.set(cell(scene, mapping, "d4"), False)  # the turned disc turned back…
    steps(kiosk, 5)
    board.set(cell(scene, mapping, "d4"), True)
    steps(kiosk, 5)
    board.set(cell(scene, mapping, "d3"), False)  # …and the disc put down lifted again
    steps(kiosk, 40)
    assert scene.run.moves == [] and scene.run.actors == []
    assert scene.message[0] == kiosk.tr("Coup repris sur le plateau.")
