"""Every move followed: the last move stays marked on the board until the next one, the
machine's is played at a pace a person can follow, hints and refusals speak the game's
words (never its notation) in French and English, and fingers fit the targets."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from engines import find_game
from engines.core import State
from engines.registry import all_specs
from kiosk.boards import BoardView
from kiosk.boards.base import LAST
from kiosk.boards.legend import KEY_SIZE, draw_layers_key
from kiosk.catalog import entry
from kiosk.games import presentation_for
from kiosk.games.base import Presentation, Trace
from kiosk.picker import MovePicker
from kiosk.runtime import Kiosk
from kiosk.scenes.lesson import LessonScene
from kiosk.scenes.play import PlayScene
from kiosk.table import HUMAN, Table
from kiosk.ui import drawn
from kiosk.ui.theme import CANVAS
from tests.kiosk.driver import make_kiosk, play_one_decision, settle, steps, tap
from tests.kiosk.lesson_driver import calm, every_lesson, make_by_touch
from tests.kiosk.test_choice_pages import crowded_square

ONE_PER_GAME = ("reversi", "moulin", "tablut", "assaut", "latrunculi:seneque",
                "multitchoukatro", "rithmomachie:boissiere", "rithmomachie:medievale",
                "backgammon", "jacquet", "barricades", "shut-the-box")
LAST_ROLES = {"last", "last-from", "taken"}
NOTATION = re.compile(
    r"[A-Za-z]{0,4}\d+\s*[-/x@]\s*[A-Za-z]{0,4}\d+"  # A2-B5, 24/20, G11xG13, 36T@B1
    r"|\b(?:bar|off)/|/(?:bar|off)\b"  # bar/24, 6/off
    r"|\b(?:close|dice):\d"  # close:7, dice:6,5
    r"|@|\bx[a-p]\d"  # b@p18, xd6
)
"""What the engines write and a visitor should never read: the move notation."""


# ----------------------------------------------------------------------------- helpers


def machine_scene(spec: str, seed: int = 4) -> tuple[Kiosk, PlayScene]:
    kiosk = make_kiosk()
    scene = PlayScene(kiosk, entry(spec.split(":")[0]), Table(spec, (HUMAN, "debutant"), seed))
    kiosk.stack.push(scene)
    return kiosk, scene


def last_turn_of(scene: PlayScene) -> list[tuple[State, Any]]:
    """(position before, decision) of the moves since the last seat change or roll."""
    found: list[tuple[State, Any]] = []
    run = scene.run
    for index in range(len(run.moves) - 1, -1, -1):
        before = run.states[index]
        if before.is_chance_node():
            break
        if found and before.current_player != found[-1][0].current_player:
            break
        found.append((before, run.game.parse_move(before, run.moves[index])))
    return found


def points_of(trace: Trace) -> set[int]:
    found = {*trace.taken, *trace.touched}
    found |= {p for p in (trace.origin, trace.target) if p is not None}
    return found


def last_pixels(canvas: pygame.Surface, view: BoardView, point: int) -> int:
    """Pixels of the last move's colour around ``point`` (its square, triangle or flap)."""
    x, y = view.centres[point]
    unit = view.unit
    tall = 1.0 if view.geometry.kind == "boxes" else 0.65
    area = pygame.Rect(round(x - unit * 0.65), round(y - unit * tall), round(unit * 1.3),
                       round(unit * 2 * tall)).clip(canvas.get_rect())
    exact = pygame.mask.from_threshold(canvas.subsurface(area), LAST, (1, 1, 1, 255))
    return int(exact.count())


def unmarked(scene: PlayScene, point: int, tokens: Any) -> int:
    """The same pixels on the board drawn by its renderer without ``point``'s mark."""
    marks = {p: r for p, r in scene.highlights().items() if p != point}
    canvas = pygame.Surface(CANVAS)
    scene.view.draw(canvas, tokens, marks, pulse=0.6)
    return last_pixels(canvas, scene.view, point)


def assert_marked(scene: PlayScene, canvas: pygame.Surface, before: State, move: Any,
                  after: State) -> int:
    """Every point of ``move``'s trace carries a last-move mark drawn in its colour
    (those a person's touch marks cover aside); returns how many were seen."""
    trace = scene.presentation.trace(before, move, after)
    assert trace is not None, move
    marks = scene.highlights()
    touch = scene._touch_marks() if scene.transition is None else {}
    seen = 0
    for point in points_of(trace):
        if point in touch:
            continue
        assert marks.get(point) in LAST_ROLES, (str(move), point, marks.get(point))
        drawn = last_pixels(canvas, scene.view, point)
        assert drawn > unmarked(scene, point, scene.presentation.tokens(scene.state)), (
            f"{move}: no last-move mark drawn at {scene.view.geometry.points[point].name}")
        seen += 1
    return seen


def person_acts(scene: PlayScene) -> bool:
    if scene.state.is_chance_node():
        return scene.run.roller() == 0
    return scene.run.human_to_move()


def decide_as_person(kiosk: Kiosk, scene: PlayScene, rng: random.Random) -> None:
    """The machine's turn played out, then the person's decisions until one of them
    leaves something on the board (or the turn passes)."""
    machine_answers(kiosk, scene)
    for _ in range(12):
        if scene.state.is_terminal() or not person_acts(scene):
            return
        state = scene.state
        play_one_decision(kiosk, scene, rng)
        settle(kiosk)
        if state.is_chance_node():
            continue
        move = scene.run.game.parse_move(state, scene.run.moves[-1])
        if scene.presentation.trace(state, move, state.apply(move)):
            return


def machine_answers(kiosk: Kiosk, scene: PlayScene) -> None:
    """Time passes until the person has something to do (or the game is over)."""
    for _ in range(60):
        if scene.state.is_terminal() or person_acts(scene):
            return
        steps(kiosk, 10)
        settle(kiosk)


# ----------------------------------------------------------------------------- marks


def traced_points(scene: PlayScene, turn: list[tuple[State, Any]]) -> set[int]:
    found: set[int] = set()
    for before, move in turn:
        found |= points_of(scene.presentation.trace(before, move, before.apply(move)) or Trace())
    return found


def check_turn(scene: PlayScene, canvas: pygame.Surface) -> int:
    """The newest decision of the last turn that left something is marked."""
    for before, move in last_turn_of(scene):
        if scene.presentation.trace(before, move, before.apply(move)):
            return assert_marked(scene, canvas, before, move, scene.state)
    return 0


@pytest.mark.parametrize("spec", ONE_PER_GAME)
def test_the_last_move_stays_marked_until_the_next_one(spec: str) -> None:
    """After a person's decision and after the machine's, the board (drawn by the real
    renderer) shows the move's points in the last-move colour; the machine's stays while
    the person thinks, and the person's next move replaces it."""
    kiosk, scene = machine_scene(spec)
    rng = random.Random(7)
    checked = {"person": 0, "machine": 0}
    machine_marks: set[int] = set()
    for _ in range(3):
        if scene.state.is_terminal():
            break
        decide_as_person(kiosk, scene, rng)
        turn = last_turn_of(scene)
        if turn and turn[0][0].current_player == scene.run.game.players[0]:
            checked["person"] += check_turn(scene, kiosk.draw())
            mine = traced_points(scene, last_turn_of(scene))
            marks = scene.highlights()
            for point in machine_marks - mine:
                assert marks.get(point) not in LAST_ROLES, "the machine's older move still marked"
        machine_answers(kiosk, scene)
        if scene.state.is_terminal() or not last_turn_of(scene):
            continue
        checked["machine"] += check_turn(scene, kiosk.draw())
        steps(kiosk, 120)  # the person thinks: the machine's move stays marked
        checked["machine"] += check_turn(scene, kiosk.draw())
        machine_marks = traced_points(scene, last_turn_of(scene))
    assert checked["person"] > 0 and checked["machine"] > 0, checked


def test_a_backgammon_turn_is_marked_checker_by_checker_with_its_dice() -> None:
    kiosk, scene = machine_scene("backgammon", seed=2)
    rng = random.Random(3)
    machine = scene.run.game.players[1]
    for _ in range(12):
        decide_as_person(kiosk, scene, rng)
        machine_answers(kiosk, scene)
        turn = last_turn_of(scene)
        if len(turn) >= 2 and turn[0][0].current_player == machine:
            break
    else:
        pytest.fail("the machine never played two checkers in a turn")
    trail = scene.trail()
    assert len(trail) == len(turn), "every checker of the machine's turn"
    for trace, (before, move) in zip(trail, reversed(turn), strict=True):
        assert trace.label == str(before.steps()[move]), "the die each checker used"
    canvas = kiosk.draw()
    for trace in trail:
        assert trace.target is not None and last_pixels(canvas, scene.view, trace.target)


def test_the_machines_move_is_shown_coming_and_played_at_a_followable_pace() -> None:
    kiosk, scene = machine_scene("tablut")
    rng = random.Random(2)
    decide_as_person(kiosk, scene, rng)
    person_time = 0.0
    for _ in range(120):
        if scene.transition is None and not scene.run.human_to_move():
            break
        kiosk.step()
        person_time += 1 / 60
    for _ in range(60):
        kiosk.step()
        if scene.transition is not None:
            break
    made = scene.transition
    assert made is not None, "the machine played"
    origin = made.focus[0]
    canvas = kiosk.draw()
    assert made.clock < made.lift and last_pixels(canvas, scene.view, origin) > 0, (
        "the piece the machine takes up is lit before it moves")
    machine_time = 0.0
    while scene.transition is not None:
        kiosk.step()
        machine_time += 1 / 60
    assert machine_time >= 1.0 > person_time, (machine_time, person_time)


# ----------------------------------------------------------------------------- words


def positions(spec: str, count: int, seed: int) -> Iterator[State]:
    """Positions of a random game where someone decides (no chance node, not over)."""
    game = find_game(spec)
    rng = random.Random(seed)
    state = game.initial_state()
    seen = 0
    for _ in range(count * 6):
        if state.is_terminal():
            state = game.initial_state()
        if state.is_chance_node():
            state = state.apply(state.sample_chance(rng))
            continue
        if seen % 3 == 0:
            yield state
        seen += 1
        state = state.apply(rng.choice(list(state.legal_moves())))


def assert_words(text: tuple[str, str], what: str) -> None:
    french, english = text
    assert french and english and french != english, (what, text)
    for said in text:
        found = NOTATION.search(said)
        assert found is None, f"{what}: engine notation {found.group()!r} in {said!r}"


def refusals(presentation: Presentation, state: State, rng: random.Random) -> Iterator[
        tuple[str, str]]:
    """What the picker says of every point touched first, then after a few starts."""
    picker = MovePicker(state, presentation)
    points = range(len(presentation.geometry.points))
    for point in points:
        if point not in picker.starts():
            yield picker.explain(point)
    for start in rng.sample(sorted(picker.starts()), min(3, len(picker.starts()))):
        picked = MovePicker(state, presentation, touched=(start,))
        picked.options = picker.options
        going = picked.next_points()
        for point in points:
            if point not in going and point != start and point not in picker.starts():
                yield picked.explain(point)


@pytest.mark.parametrize("spec", all_specs())
def test_hints_and_refusals_speak_the_games_words_in_both_languages(spec: str) -> None:
    presentation = presentation_for(find_game(spec))
    rng = random.Random(5)
    said: set[tuple[str, str]] = set()
    for state in positions(spec, 14, seed=3):
        for move in state.legal_moves():
            assert_words(presentation.describe(state, move), f"hint {move}")
            assert_words(presentation.button_text(state, move), f"button {move}")
        for why in refusals(presentation, state, rng):
            said.add(why)
    for why in said:
        assert_words(why, "refusal")
        if presentation.geometry.kind == "grid":
            assert "points verts" not in why[0], why
    assert said or spec.startswith("shut-the-box") or spec == "multitchoukatro"


TABLUT_EMPTY_THRONE = ("........./........./....N..../........./.R......./........./....B..../"
                       "....N..../N........ blanc 0")
"""A Swede on e3, the king away on b5, the throne empty, a Muscovite on e7."""


@pytest.mark.parametrize(("spec", "position", "origin", "target", "rule"), [
    ("tablut", TABLUT_EMPTY_THRONE, "e3", "e5", "Seul le roi"),
    ("tablut", TABLUT_EMPTY_THRONE, "e3", "f4", "jamais en diagonale"),
    ("tablut", TABLUT_EMPTY_THRONE, "e3", "e8", "ne saute pas"),
    ("reversi:othello", "", "", "a1", "retourner au moins un"),
    ("backgammon", "", "24", "20", "ne va avec aucun dé"),
])
def test_a_refusal_says_the_rule(spec: str, position: str, origin: str, target: str,
                                 rule: str) -> None:
    game = find_game(spec)
    state = game.from_text(position) if position else game.initial_state()
    if state.is_chance_node():
        state = state.apply(game.parse_move(state, "dice:6,1"))
    kiosk = make_kiosk()
    scene = PlayScene(kiosk, entry(game.id), Table(spec, (HUMAN, HUMAN)))
    scene.run.states, scene.run.moves = [state], []
    scene._fresh_position()
    kiosk.stack.push(scene)
    names = [p.name for p in scene.view.geometry.points]
    for name in (origin, target):
        if name:
            tap(kiosk, scene.view.centres[names.index(name)])
    text, _, warning = scene.message
    assert warning and rule in text, text
    assert not NOTATION.search(text)


def test_the_green_targets_are_called_by_the_boards_own_word() -> None:
    """Tablut's squares are « cases » (not « points »), moulin's points are points."""
    tablut = presentation_for(find_game("tablut"))
    state = tablut.game.initial_state()
    soldier = tablut.geometry.index("e3")
    picker = MovePicker(state, tablut, touched=(soldier,))
    picker.options = MovePicker(state, tablut).options
    beyond = min(picker.next_points())  # a target: the game has nothing against it, the
    french, english = picker.explain(beyond)  # generic sentence is the one said
    assert "les cases vertes" in french and "green squares" in english
    assert presentation_for(find_game("moulin")).spots.green_fr == "les points verts"


@pytest.mark.parametrize(("spec", "words"), [
    ("shut-the-box", "Fermez"), ("backgammon", "flèche"), ("rithmomachie:boissiere", " en "),
])
def test_the_hint_on_screen_is_in_words_and_lit_on_the_board(spec: str, words: str) -> None:
    kiosk = make_kiosk()
    scene = PlayScene(kiosk, entry(spec.split(":")[0]), Table(spec, (HUMAN, HUMAN), seed=1))
    kiosk.stack.push(scene)
    rng = random.Random(1)
    while scene.state.is_chance_node() or not scene.picker.options:
        play_one_decision(kiosk, scene, rng)
        settle(kiosk)
    scene._ask_hint()
    steps(kiosk, 2)
    assert scene.hint is not None
    text = scene.message[0]
    assert text.startswith("Conseil : ") and words in text and not NOTATION.search(text), text
    points = scene.presentation.move_points(scene.state, scene.hint)
    assert points and all(scene.highlights()[p] == "hint" for p in points)


# ----------------------------------------------------------------------------- lessons


def test_an_answered_step_keeps_only_the_move_played_lit() -> None:
    lesson = next(x for x in every_lesson() if (x.game, x.id) == ("reversi", "encadrer"))
    kiosk = make_kiosk()
    scene = LessonScene(kiosk, entry("reversi"), lesson)
    kiosk.push(scene)
    scene._forward()
    calm(kiosk, scene)
    targets = {p for p, role in scene.highlights().items() if role == "target"}
    assert len(targets) == 4, "the step lights its four answers"
    make_by_touch(kiosk, scene, scene.run.game.parse_move(scene.state, "d3"))
    calm(kiosk, scene)
    assert scene.feedback is not None and scene.feedback.accepted
    marks = scene.highlights()
    assert "target" not in marks.values(), "the other answers went out"
    assert marks.get(scene.view.geometry.index("d3")) == "last"


# ----------------------------------------------------------------------------- sizes


def view_at(spec: str, seats: int) -> BoardView:
    """The board as the play scene draws it for ``seats`` players, two of them people."""
    game = find_game(spec)
    players = (HUMAN, HUMAN, *("debutant",) * (seats - 2))
    if seats != len(game.players):
        spec, game = f"{spec},players={seats}", find_game(f"{spec},players={seats}")
    scene = PlayScene(make_kiosk(), entry(game.id), Table(spec, players[: len(game.players)]))
    return scene.view


@pytest.mark.parametrize("seats", [2, 4])
def test_barricades_points_are_a_finger_wide(seats: int) -> None:
    """Every point answers a tap up to 30 px from its centre each way: 60 px targets."""
    view = view_at("barricades", seats)
    assert view.unit >= 60
    for point, (x, y) in enumerate(view.centres):
        for dx, dy in ((-30, 0), (30, 0), (0, -30), (0, 30)):
            assert view.point_at((x + dx, y + dy)) == point, view.geometry.points[point].name


def test_the_board_takes_the_room_between_the_panels() -> None:
    """Rithmomachie's 16 × 8 board, its players at its short ends, gets squares a finger
    can take: 90 px at 1920 × 1080, no panel over it."""
    for spec in ("rithmomachie:boissiere", "rithmomachie:medievale"):
        kiosk = make_kiosk()
        scene = PlayScene(kiosk, entry("rithmomachie"), Table(spec, (HUMAN, HUMAN)))
        assert scene.view.unit >= 90, (spec, scene.view.unit)
        for panel in scene.panels:
            assert not panel.rect.colliderect(scene.view.board_rect)


@pytest.mark.parametrize("spec", ["rithmomachie:boissiere", "rithmomachie:medievale"])
def test_pyramid_layers_are_written_large_under_the_board(spec: str) -> None:
    kiosk, scene = machine_scene(spec)
    canvas = kiosk.draw()
    tokens = scene.presentation.tokens(scene.state)
    rect = draw_layers_key(canvas, scene.view, tokens)
    assert rect is not None and rect.top >= scene.view.board_rect.bottom
    assert scene.view.rect.contains(rect)
    pyramids = [t for stack in tokens.values() for t in stack if t.layers]
    assert rect.height >= len(pyramids) * KEY_SIZE * 1.4
    assert KEY_SIZE >= 24, "read from the table's edge"


def test_a_lesson_with_a_pyramid_writes_its_layers_under_the_board() -> None:
    from tests.kiosk.lesson_driver import open_lesson

    lessons = [x for x in every_lesson() if x.game == "rithmomachie" and "pyramide" in x.id]
    assert lessons
    for lesson in lessons:
        kiosk = make_kiosk()
        scene = open_lesson(kiosk, lesson)
        calm(kiosk, scene)
        kiosk.draw()
        assert scene.layers_key is not None, lesson.id
        assert scene.layers_key.top >= scene.view.board_rect.bottom


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_posed_piece_s_dot_is_explained_under_the_board(lang: str) -> None:
    moves, _, poses = crowded_square()
    kiosk = make_kiosk()
    kiosk.set_language(lang)
    spec = "rithmomachie:boissiere"
    scene = PlayScene(kiosk, entry("rithmomachie"), Table(spec, (HUMAN, HUMAN), 1), moves=moves)
    kiosk.stack.push(scene)
    scene.play(poses[0])
    settle(kiosk)
    canvas = pygame.Surface(CANVAS)
    with drawn.recorder(canvas) as notes:
        scene.draw(canvas)
    words = {"fr": "pièce prise, retournée et reposée", "en": "a captured piece, turned and posed"}
    texts = [item.text for item in notes.items if item.kind == "text"]
    assert any(words[lang] in text for text in texts), texts
    value = {"fr": "Valeur prise : ", "en": "Value taken: "}[lang]
    assert any(text.startswith(value) for text in texts), texts
