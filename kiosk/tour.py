"""The screenshot tour: every screen rendered headless to PNG files.

``ludokiosk --screenshot-tour DIR`` writes home, attract and settings, and
for every game and variant its setup, a mid-game position with a touched
piece's targets lit, its rules page and its result screen; for every game
its lesson menu and each lesson at its first "à vous" step; with moulin, a
result screen offering a coached person's mistakes and one mistake seen again.
"""

from __future__ import annotations

import logging
import math
import os
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from engines import find_game
from engines.registry import all_specs
from kiosk.ai_worker import AiWorker, InlineWorker
from kiosk.catalog import Entry, Preset, entry
from kiosk.coach import CoachNote
from kiosk.config import load_settings
from kiosk.hardware import HardwareLink
from kiosk.illustration import sample_moves
from kiosk.lessons.model import Lesson, lessons_for
from kiosk.run import GameRun
from kiosk.runtime import Kiosk
from kiosk.scenes.attract import AttractScene
from kiosk.scenes.base import Scene
from kiosk.scenes.lesson import LessonScene
from kiosk.scenes.lessons_menu import LessonMenuScene
from kiosk.scenes.mistake_replay import MistakeReplayScene
from kiosk.scenes.play import PlayScene
from kiosk.scenes.results import ResultsScene
from kiosk.scenes.rules import RulesScene
from kiosk.scenes.setup import SetupScene
from kiosk.sound import Sounds
from kiosk.table import HUMAN, Table

if TYPE_CHECKING:
    from kiosk.scenes.admin.touch_test import Stroke

log = logging.getLogger(__name__)


def headless_kiosk(
    lang: str | None = None, config: Path | None = None, worker: AiWorker | None = None
) -> Kiosk:
    """A kiosk drawing off-screen, silent, thinking inline unless given a worker."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    kiosk = Kiosk(load_settings(config), worker=worker or InlineWorker(), sounds=Sounds(muted=True))
    if lang:
        kiosk.set_language(lang)
    return kiosk


def preset_for(game_entry: Entry, spec: str) -> Preset:
    """The catalogue preset of ``spec`` (or one made up for it)."""
    for preset in game_entry.presets:
        if preset.spec == spec:
            return preset
    for preset in game_entry.presets:
        if find_game(preset.spec).spec == find_game(spec).spec:
            return preset
    return Preset(spec, spec, spec)


def mid_game(kiosk: Kiosk, game_entry: Entry, spec: str, alone: bool = False) -> PlayScene:
    """A play scene a few moves in (the last one marked), a person to move, a piece
    touched; ``alone``: that person plays against the machine, which holds every other
    seat."""
    game = find_game(spec)
    seats = len(game.players)
    moves = sample_moves(spec)
    state = game.replay(moves)
    controllers = [HUMAN] * seats
    if alone:
        mover = state.current_player
        person = game.players.index(mover) if mover in game.players else 0
        controllers = ["joueur"] * seats
        controllers[person] = HUMAN
    scene = PlayScene(kiosk, game_entry, Table(spec, tuple(controllers), seed=1), moves=moves)
    starts = sorted(scene.picker.starts())
    for point in starts:
        scene.picker.reset()
        scene.picker.touch(point)
        if scene.picker.next_points():
            break
    else:
        scene.picker.reset()
    scene.clock = 0.4
    return scene


def finished(kiosk: Kiosk, game_entry: Entry, spec: str) -> ResultsScene:
    """The result screen of a random game played to its end."""
    game = find_game(spec)
    seats = len(game.players)
    scene = PlayScene(kiosk, game_entry, Table(spec, (HUMAN,) + ("joueur",) * (seats - 1), seed=1))
    end = game.initial_state().random_playout(random.Random(2))
    scene.run.states.append(end)
    scene.run.moves.extend(["?"] * 40)
    scene._fresh_position()  # the game over: no buttons left in the panels
    kiosk.stack.reset(scene)
    kiosk.draw()
    return ResultsScene(kiosk, game_entry, scene.run)


COACHED_OPENING = ("a1", "d2", "a4", "d3")
"""A moulin opening whose last decision (Black's d3) lets a mill through: best a7."""


def coached_run(mistakes: int = 3, coached: tuple[int, ...] = (1,), seed: int = 3) -> GameRun:
    """A moulin game between two persons played to its end (the coached opening, then
    seeded random decisions), with the coach's notes: ``mistakes`` flagged decisions of
    each ``coached`` seat (Black's d3 the costliest) and a few it did not flag."""
    table = Table("moulin", (HUMAN, HUMAN), seed=1, coached=frozenset(coached))
    run = GameRun(table)
    for text in COACHED_OPENING:
        run.play(run.game.parse_move(run.state, text))
    rng = random.Random(seed)
    while not run.state.is_terminal():
        run.play(rng.choice(sorted(run.state.legal_moves(), key=str)))
    for seat in coached:
        player = run.game.players[seat]
        mine = [i for i in range(len(run.moves)) if run.states[i].current_player == player]
        flagged = 0
        for number, index in enumerate(mine):
            state = run.states[index]
            move = run.moves[index]
            if seat == 1 and index == 3:
                run.coach_notes.append(CoachNote(3, 1, "d3", "a7", 0.31, "share", True))
                flagged += 1
                continue
            if index < 4:
                continue
            best = next((str(m) for m in state.legal_moves() if str(m) != move), move)
            if flagged < mistakes and number % 3 == 1:
                loss = 0.3 - 0.05 * flagged
                run.coach_notes.append(CoachNote(index, seat, move, best, loss, "share", True))
                flagged += 1
            elif number % 3 == 2:
                run.coach_notes.append(CoachNote(index, seat, move, best, 0.02, "share", False))
    run.coach_notes.sort(key=lambda note: note.index)
    return run


def coached_results(kiosk: Kiosk, mistakes: int = 3, coached: tuple[int, ...] = (1,)
                    ) -> ResultsScene:
    """The result screen of :func:`coached_run`'s game, over its last position."""
    run = coached_run(mistakes, coached)
    game_entry = entry("moulin")
    scene = PlayScene(kiosk, game_entry, run.table, run=run)
    kiosk.stack.reset(scene)
    kiosk.draw()
    results = ResultsScene(kiosk, game_entry, run)
    kiosk.stack.push(results)
    return results


def mistake_seen_again(kiosk: Kiosk) -> MistakeReplayScene:
    """The costliest mistake of :func:`coached_results`, its reason come and the
    decision played."""
    results = coached_results(kiosk)
    note = results.mistakes()[0][1][0]
    kiosk.go.mistake(results.entry, results.run, note)
    scene = kiosk.stack.top
    assert isinstance(scene, MistakeReplayScene)
    for _ in range(600):
        if not scene.waiting and scene.transition is None and not scene.queue:
            break
        kiosk.step()
    return scene


@contextmanager
def owners_test_board(kiosk: Kiosk) -> Iterator[None]:
    """An 8 × 8 board attached for the owners' test pages; the kiosk's own hardware is
    back afterwards, so the games that follow show what a visitor sees."""
    from drivers.hardware_config import Hardware
    from drivers.memory import MemoryBoard
    from kiosk.hardware import HardwareLink

    hardware = kiosk.hardware
    board = MemoryBoard(8, 8)
    board.set_all([(3, 3), (3, 4), (4, 3), (4, 4)])
    kiosk.hardware = HardwareLink(Hardware(board=board))
    try:
        yield
    finally:
        kiosk.hardware = hardware


def admin_screens(kiosk: Kiosk) -> list[tuple[str, Scene]]:
    """The owners' screens, with a few recorded games (the board pages test the board
    attached, see :func:`owners_test_board`)."""
    from kiosk.scenes.admin import AdminMenuScene, PinScene, SettingsScene
    from kiosk.scenes.admin.export import ExportScene
    from kiosk.scenes.admin.journal import JournalScene
    from kiosk.scenes.admin.led_test import LedTestScene
    from kiosk.scenes.admin.pin_change import PinChangeScene
    from kiosk.scenes.admin.power import ConfirmPowerScene
    from kiosk.scenes.admin.sensor_test import SensorTestScene
    from kiosk.scenes.admin.stats import StatsScene
    from kiosk.scenes.admin.touch_test import TARGETS, TouchTestScene

    rng = random.Random(5)
    day = 86400.0
    now = time.time()
    for _ in range(40):
        spec = rng.choice(["reversi", "moulin", "tablut", "backgammon", "shut-the-box"])
        level = rng.choice(["debutant", "joueur", "expert"])
        ended = now - rng.uniform(0, 13) * day
        kiosk.records.finish(
            spec, ("humain", level), ["?"] * 20, "victoire", (rng.choice((0, 1)),),
            ended - rng.uniform(300, 1800), ended,
        )
    journal = [
        ("start", ""),
        ("config", '{"fr": "/etc/ludokiosk/kiosk.toml : clé \'sound.volume\' = 3 : il faut un'
         ' nombre de 0 à 1 ; la borne prend 0.7", "en": "/etc/ludokiosk/kiosk.toml: key'
         ' \'sound.volume\' = 3 should be a number from 0 to 1; using 0.7"}'),
        ("resume", "reversi 12"),
        ("board-lost", "/dev/ttyACM0"),
        ("board-back", "/dev/ttyACM0"),
        ("idle-abandon", "tablut 7"),
        ("attract", ""),
        ("pin-wrong", "1"),
        ("admin", ""),
        ("stop", "signal"),
    ]
    for number, (kind, detail) in enumerate(journal):
        kiosk.records.event(kind, detail, at=now - (len(journal) - number) * 600)
    touch_targets = TouchTestScene(kiosk)  # three targets touched, the fourth shown
    touch_targets.touches = [(x + 9, y - 6) for _, (x, y) in TARGETS[:3]]
    touch_results = TouchTestScene(kiosk)  # a panel whose touch is mirrored left-right
    touch_results.touches = [(1920 - x + 5, y + 4) for _, (x, y) in TARGETS]
    touch_results.mode = "results"
    touch_drawing = TouchTestScene(kiosk)  # strokes, a jump, and a second finger ignored
    touch_drawing.mode = "drawing"
    touch_drawing.strokes = tour_strokes()
    touch_drawing.jumps, touch_drawing.ignored_count = 1, 1
    touch_drawing.ignored = {1: (1380.0, 640.0)}
    return [
        ("admin-pin", PinScene(kiosk)),
        ("admin-menu", AdminMenuScene(kiosk)),
        ("settings", SettingsScene(kiosk)),
        ("admin-pin-change", PinChangeScene(kiosk)),
        ("admin-touch", touch_targets),
        ("admin-touch-results", touch_results),
        ("admin-touch-draw", touch_drawing),
        ("admin-sensors", SensorTestScene(kiosk)),
        ("admin-leds", LedTestScene(kiosk)),
        ("admin-stats", StatsScene(kiosk)),
        ("admin-export", ExportScene(kiosk)),
        ("admin-journal", JournalScene(kiosk)),
        ("admin-poweroff", ConfirmPowerScene(kiosk, "poweroff")),
    ]


def tour_strokes() -> list[Stroke]:
    """A few strokes for the touch test's drawing area: a wave, a loop, one with a jump."""
    from kiosk.scenes.admin.touch_test import Stroke

    wave = [(200.0 + 12 * i, 420 + 90 * math.sin(i / 9)) for i in range(120)]
    loop = [(1500 + 160 * math.cos(i / 10), 360 + 160 * math.sin(i / 10)) for i in range(64)]
    jumpy = [(300.0 + 14 * i, 780.0 - 4 * i) for i in range(30)]
    jumpy += [(900.0 + 14 * i, 660.0 - 4 * i) for i in range(30)]
    return [Stroke(wave), Stroke(loop), Stroke(jumpy)]


def lesson_at_work(
    kiosk: Kiosk, game_entry: Entry, lesson: Lesson, step: int | None = None
) -> LessonScene:
    """A lesson at its first "à vous" step (or its last step, or step number
    ``step``), animations done."""
    scene = LessonScene(kiosk, game_entry, lesson)
    kiosk.stack.reset(scene)
    while not scene.run.finished and (
        scene.run.index < step if step is not None else not scene.asking
    ):
        if scene.asking and not scene.run.done_step:
            answer = scene.run.expected_move()
            scene.attempt(answer)
            _calm(kiosk, scene)
        index = scene.run.index
        scene._forward()
        if scene.run.index == index:
            break
    _calm(kiosk, scene)
    return scene


def _calm(kiosk: Kiosk, scene: LessonScene) -> None:
    """Step until the lesson's board stops moving."""
    for _ in range(600):
        if scene.transition is None and not scene.queue:
            break
        kiosk.step()


@dataclass(frozen=True)
class Shot:
    """One screen of the tour: ``build()`` puts it on the kiosk's stack."""

    name: str
    kind: str
    """home, attract, admin, setup, play, rules, results, mistakes (results with a
    coached person's mistakes), mistake (one seen again), lessons or lesson."""
    build: Callable[[], object]
    game: str = ""
    """The game's id (its spec for a play scene), for the games' screens."""


def tour_shots(kiosk: Kiosk, specs: list[str] | None = None) -> Iterator[Shot]:
    """Every screen of the tour in order, each built only when asked (in any order)."""
    from kiosk.scenes.admin import PinScene

    games_hardware = kiosk.hardware
    yield Shot("home", "home", partial(_with, kiosk, games_hardware, kiosk.home))
    yield Shot("attract", "attract", partial(_with, kiosk, games_hardware, _attract, kiosk))
    admin = admin_screens(kiosk)
    with owners_test_board(kiosk):
        owners_hardware = kiosk.hardware
    for name, scene in admin:
        yield Shot(name, "admin", partial(_with, kiosk, owners_hardware, _show, kiosk, scene))
    yield Shot(
        "admin-pin-locked",
        "admin",
        partial(_with, kiosk, owners_hardware, _locked, kiosk, PinScene(kiosk)),
    )
    chosen = specs if specs is not None else all_specs()
    for spec in chosen:
        game = find_game(spec)
        game_entry = entry(game.id)
        name = spec.replace(":", "-").replace(",", "_").replace("=", "")
        for kind, build in (
            ("setup", _setup),
            ("play", _play),
            ("rules", _rules),
            ("results", _results),
        ):
            yield Shot(
                f"{name}-{kind}",
                kind,
                partial(_with, kiosk, games_hardware, build, kiosk, game_entry, spec),
                spec,
            )
        if spec == COACH_SPEC:
            yield Shot(
                f"{name}-coach",
                "play",
                partial(_with, kiosk, games_hardware, coach_warning, kiosk, game_entry),
                spec,
            )
    if any(find_game(spec).id == "moulin" for spec in chosen):
        yield Shot("moulin-mistakes", "mistakes",
                   partial(_with, kiosk, games_hardware, coached_results, kiosk), "moulin")
        yield Shot("moulin-mistake", "mistake",
                   partial(_with, kiosk, games_hardware, mistake_seen_again, kiosk), "moulin")
    for game_id in sorted({find_game(spec).id for spec in chosen}):
        game_entry = entry(game_id)
        yield Shot(
            f"{game_id}-lessons",
            "lessons",
            partial(_with, kiosk, games_hardware, _lessons, kiosk, game_entry),
            game_id,
        )
        for lesson in lessons_for(game_id):
            yield Shot(
                f"{game_id}-lesson-{lesson.id}",
                "lesson",
                partial(_with, kiosk, games_hardware, lesson_at_work, kiosk, game_entry, lesson),
                game_id,
            )


COACH_SPEC, COACH_MOVES, COACH_MISTAKE = "moulin", ["a1", "d2", "a4"], "d3"
"""The coach's warning in the tour: Black places on d3 and lets a mill through."""


def coach_warning(kiosk: Kiosk, game_entry: Entry) -> PlayScene:
    """A coached person's decision held back by the coach, its reason shown."""
    scene = PlayScene(kiosk, game_entry, Table(COACH_SPEC, ("debutant", HUMAN), 1,
                                               frozenset({1})), moves=list(COACH_MOVES))
    kiosk.stack.reset(scene)
    for _ in range(2):
        kiosk.step()  # the position weighed
    scene.play(find_game(COACH_SPEC).parse_move(scene.state, COACH_MISTAKE))
    for _ in range(3):
        kiosk.step()  # its reason
    return scene


def _with(kiosk: Kiosk, hardware: HardwareLink, build: Callable[..., object], *args: Any) -> None:
    """``build(*args)`` with ``hardware`` attached (the owners' test board only on
    the owners' screens) and the code pad not locked."""
    kiosk.hardware = hardware
    kiosk.pin_guard.wrong, kiosk.pin_guard.until = 0, 0.0
    build(*args)


def _attract(kiosk: Kiosk) -> None:
    kiosk.stack.reset(AttractScene(kiosk, first=0))
    for _ in range(30):
        kiosk.step()


def _show(kiosk: Kiosk, scene: Scene) -> None:
    kiosk.stack.reset(scene)
    kiosk.step()


def _locked(kiosk: Kiosk, scene: Scene) -> None:
    """The code pad after five wrong codes."""
    kiosk.pin_guard.wrong, kiosk.pin_guard.until = 5, kiosk.now + 30.0
    _show(kiosk, scene)


def _setup(kiosk: Kiosk, game_entry: Entry, spec: str) -> None:
    setup = SetupScene(kiosk, game_entry)
    setup.preset = preset_for(game_entry, spec)
    kiosk.stack.reset(setup)


def _play(kiosk: Kiosk, game_entry: Entry, spec: str) -> None:
    kiosk.stack.reset(mid_game(kiosk, game_entry, spec))


def _rules(kiosk: Kiosk, game_entry: Entry, spec: str) -> None:
    kiosk.stack.reset(RulesScene(kiosk, game_entry.game_id))


def _results(kiosk: Kiosk, game_entry: Entry, spec: str) -> None:
    kiosk.stack.push(finished(kiosk, game_entry, spec))


def _lessons(kiosk: Kiosk, game_entry: Entry) -> None:
    kiosk.stack.reset(LessonMenuScene(kiosk, game_entry))


def on_screen(frame: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """The canvas as a screen of ``size`` shows it: scaled, and turned a quarter
    (as ``rotation = 90`` turns it) for a portrait panel."""
    if (size[0] < size[1]) != (frame.get_width() < frame.get_height()):
        frame = pygame.transform.rotate(frame, -90)
    if frame.get_size() != size:
        frame = pygame.transform.smoothscale(frame, size)
    return frame


def run_tour(
    folder: Path,
    lang: str | None = None,
    size: tuple[int, int] = (1920, 1080),
    config: Path | None = None,
    specs: list[str] | None = None,
) -> int:
    """Render every screen into ``folder``; returns the exit code."""
    started = time.monotonic()
    folder.mkdir(parents=True, exist_ok=True)
    kiosk = headless_kiosk(lang, config)
    count = 0
    for shot in tour_shots(kiosk, specs):
        shot.build()
        kiosk.notices.clear()
        pygame.image.save(on_screen(kiosk.draw(), size), str(folder / f"{shot.name}.png"))
        count += 1
    kiosk.close()
    print(f"{count} écrans dans {folder} en {time.monotonic() - started:.1f} s")
    return 0
