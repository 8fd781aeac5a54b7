"""The kiosk without its window: settings, language, scenes, the AI worker, sounds.

:class:`Kiosk` is driven by the app's loop (or by tests and the screenshot
tour): ``pointer()`` for each touch step, ``step(dt)`` at a fixed rate,
``draw()`` for a frame. An exception in a scene is logged with its traceback
and the kiosk goes back home; the visitor sees a short apology, never a
frozen screen.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

import pygame

from drivers.inputs import ButtonPressed, FlapChanged, PresenceDetected
from kiosk.ai_worker import AiWorker
from kiosk.config import LoadedSettings, Settings
from kiosk.hardware import HardwareLink
from kiosk.i18n import Translator
from kiosk.keeper import GameKeeper
from kiosk.lessons.progress import LessonProgress
from kiosk.navigation import Navigator
from kiosk.pin_guard import PinGuard
from kiosk.records import Records, bilingual
from kiosk.scenes.base import Scene, SceneStack
from kiosk.scenes.notices import draw_notices
from kiosk.scenes.room import scene_room
from kiosk.sound import Sounds
from kiosk.touch import Pointer
from kiosk.ui.text import blit_text, fit_size
from kiosk.ui.theme import CANVAS, PALETTE, font
from kiosk.ui.widgets import rounded_panel

log = logging.getLogger(__name__)

STEP = 1 / 60
"""The fixed update step, in seconds."""
NOTICE_WIDTH = CANVAS[0] - 240
"""The widest a notice gets."""


@dataclass
class Notice:
    """A message shown for a while at the bottom of the screen."""

    text: str
    until: float
    warning: bool = False


class Kiosk:
    """Everything the scenes share."""

    def __init__(
        self,
        loaded: LoadedSettings,
        worker: AiWorker | None = None,
        sounds: Sounds | None = None,
        hardware: HardwareLink | None = None,
        records: Records | None = None,
        safe_mode: bool = False,
        failed_starts: int = 0,
    ) -> None:
        self.settings: Settings = loaded.settings
        self.config_files = loaded.files
        self.tr = Translator(self.settings.language)
        self.stack = SceneStack()
        self.go = Navigator(self)
        """Where a screen leads (:mod:`kiosk.navigation`): scenes import no other scene."""
        self.canvas = pygame.Surface(CANVAS)
        self.worker = worker if worker is not None else AiWorker()
        self.hardware = hardware if hardware is not None else HardwareLink()
        self.sounds = (
            sounds
            if sounds is not None
            else Sounds(self.settings.volume, self.settings.muted, later=True)
        )
        self.now = 0.0
        self.last_input = 0.0
        self.lesson_progress = LessonProgress()
        self.records = records if records is not None else Records.memory()
        """Finished games, the running game and the kiosk's events (SQLite)."""
        self.keeper = GameKeeper(self.records)
        self.pin_guard = PinGuard.resumed(self.records, self.now)  # the owners' code tries
        self.exit_request: str | None = None
        """Set by the owners' screen: "quit", "restart" or "poweroff"; the main loop obeys."""
        self.notices: list[Notice] = []
        self.errors = 0
        self.safe_mode = safe_mode
        """Started with the defaults, no hardware and no resume (after failed starts)."""
        self._records_problem = self.records.problem
        self._dirty = True
        self._drawn: tuple[object, ...] = ()
        """What the last frame showed (the stack's version, the notices, the language)."""
        for problem in loaded.problems:
            log.warning("configuration : %s", problem)
            self.records.event("config", bilingual((problem.fr, problem.en)))
            self.notify(problem.text(self.settings.language), seconds=12.0, warning=True)
        if self.sounds.problem is not None:
            self.records.event("sound", self.sounds.problem)
        if safe_mode:
            self.records.event("safe-mode", str(failed_starts))

    # ------------------------------------------------------------------ scenes

    def home(self) -> None:
        """Back to the game menu (the stack holds only it); a game left there waits."""
        self.keeper.suspend()
        self.stack.reset(self.go.home_screen())

    def attract(self) -> None:
        abandoned = self.keeper.left()
        if abandoned is not None:
            self.records.event("idle-abandon", f"{abandoned.table.spec} {len(abandoned.moves)}")
        self.records.event("attract")
        self.lesson_progress = LessonProgress()
        self.stack.reset(self.go.demonstrations())

    def push(self, scene: Scene) -> None:
        self.guard(lambda: self.stack.push(scene))

    def replace_top(self, scene: Scene) -> None:
        self.guard(lambda: self.stack.replace(scene))

    def pop(self) -> None:
        self.guard(self.stack.pop)

    # ------------------------------------------------------------------ loop

    def redraw(self) -> None:
        """The next frame must be drawn (something changed that the loop cannot see)."""
        self._dirty = True

    def _shown(self) -> tuple[object, ...]:
        notices = tuple((n.text, n.warning) for n in self.notices)
        return (self.stack.version, notices, self.tr.lang, self.settings.rotation)

    def needs_frame(self) -> bool:
        """Whether the picture may differ from the last frame drawn.

        A touch, a key, a button, a new screen, a notice come or gone, the
        language, or a top scene that is :meth:`~kiosk.scenes.base.Scene.animating`.
        """
        top = self.stack.top
        if self._dirty or top is None or self._shown() != self._drawn:
            return True
        animating = [True]

        def ask() -> None:
            animating[0] = top.animating()

        self.guard(ask)
        return animating[0]

    def pointer(self, event: Pointer) -> None:
        self.last_input = self.now
        self._dirty = True
        top = self.stack.top
        if top is not None:
            self.guard(lambda: top.pointer(event))

    def ignored_pointer(self, event: Pointer) -> None:
        """A finger the kiosk does not follow (another one leads the gesture): only a
        screen that shows it (the owners' touch test) hears of it, and is redrawn."""
        top = self.stack.top
        if top is None:
            return
        shown = [False]

        def tell() -> None:
            shown[0] = top.ignored_pointer(event)

        self.guard(tell)
        if shown[0]:
            self._dirty = True

    def key(self, event: pygame.event.Event) -> None:
        self.last_input = self.now
        self._dirty = True
        top = self.stack.top
        if top is not None:
            self.guard(lambda: top.key(event))

    def step(self, dt: float = STEP) -> None:
        """Advance time by ``dt``: the top scene, the idle timer, the notices."""
        self.now += dt
        top = self.stack.top
        if top is None:
            self.home()
            return
        self._hardware_events(top)
        self.guard(lambda: top.update(dt))
        if not top.follows_board:
            self.hardware.drain_board()
        if (
            not top.keeps_awake
            and top.idle_goes_to_attract
            and self.idle_for() > self.settings.attract_after
        ):
            log.info("inactif depuis %.0f s : démonstration", self.idle_for())
            self.attract()
        self.notices = [n for n in self.notices if n.until > self.now]
        if self.hardware.sim_opened():
            said = self.tr(
                "Un plateau simulé s'est ouvert à côté : jouez dessus ou sur l'écran"
            )
            self.notify(said, seconds=12.0)
        self._watch_records()

    def _watch_records(self) -> None:
        """Records waiting in memory are retried; a new problem, or its end, is said once."""
        self.records.maintain()
        problem = self.records.problem
        if problem == self._records_problem:
            return
        self._records_problem = problem
        if problem is not None:
            log.error("registre : %s", problem[0])
            self.notify(self.tr.pick(*problem), seconds=15.0, warning=True)
        else:
            log.info("registre : écriture rétablie")
            self.notify(self.tr("Les parties sont de nouveau enregistrées."), seconds=8.0)

    def _hardware_events(self, top: Scene) -> None:
        """Buttons, the presence sensor and the flaps: what they mean wherever we are."""
        for event in self.hardware.input_events():
            self._dirty = True
            if isinstance(event, PresenceDetected | ButtonPressed):
                self.last_input = self.now
            if isinstance(event, PresenceDetected) and top.keeps_awake:
                log.info("quelqu'un approche : accueil")
                self.home()
            elif isinstance(event, ButtonPressed):
                if event.name in ("menu", "back") and top.asks_to_leave():
                    continue
                if event.name == "menu":
                    self.worker.cancel_all()
                    self.home()
                elif event.name == "back":
                    if len(self.stack) > 1:
                        self.pop()
                    else:
                        self.home()
                else:
                    self.guard(partial(top.hardware_button, event.name))
            elif isinstance(event, FlapChanged):
                self.last_input = self.now
                self.guard(lambda: top.flaps_changed(self.hardware.flaps_down()))

    def idle_for(self) -> float:
        return self.now - self.last_input

    def prepare_sounds(self) -> None:
        """Make the sounds (after the first frame: it does not wait for them); a sound that
        cannot be made goes to the journal."""
        before = self.sounds.problem
        self.sounds.prepare()
        if self.sounds.problem is not None and self.sounds.problem != before:
            self.records.event("sound", self.sounds.problem)

    def damage(self) -> pygame.Rect | None:
        """The part of the canvas the next frame changes: ``None`` for all of it.

        All of it after a touch, a key, a new screen, a notice or the language;
        else what the top scene says its animation changes
        (:meth:`~kiosk.scenes.base.Scene.damage`).
        """
        top = self.stack.top
        if self._dirty or top is None or self._shown() != self._drawn:
            return None
        said: list[list[pygame.Rect] | None] = [None]

        def ask() -> None:
            said[0] = top.damage()

        self.guard(ask)
        rects = said[0]
        if not rects or self.stack.top is not top:
            return None
        area = rects[0].unionall(rects[1:]).clip(self.canvas.get_rect())
        return area if area.width and area.height else None

    def draw(self, area: pygame.Rect | None = None) -> pygame.Surface:
        """The frame: the top scene, then notices (and the safe mode's ribbon); only
        ``area`` of it is painted when given (see :meth:`damage`)."""
        shown = self._shown()
        top = self.stack.top
        self.canvas.set_clip(area)
        try:
            if top is not None:
                self.guard(lambda: top.draw(self.canvas))
            if self.safe_mode:
                self._draw_safe_mode()
            self._draw_notices()
        finally:
            self.canvas.set_clip(None)
        self._dirty = False
        self._drawn = shown
        return self.canvas

    def _draw_safe_mode(self) -> None:
        """A ribbon at the top: the kiosk runs in safe mode."""
        text = self.tr("Mode sans échec : réglages par défaut, sans plateau ni reprise de partie")
        size = fit_size(text, NOTICE_WIDTH - 40, 22, "sans-bold")
        rect = pygame.Rect(0, 0, font(size, "sans-bold").size(text)[0] + 40, size + 16)
        rect.midtop = (CANVAS[0] // 2, 4)
        rounded_panel(self.canvas, rect, PALETTE.warning, radius=12, shadow=0)
        blit_text(self.canvas, text, rect.center, size, PALETTE.ink, "sans-bold", anchor="center")

    def guard(self, action: Callable[[], None]) -> None:
        """Run a scene's code; on an exception, log it and go home."""
        try:
            action()
        except Exception:
            self.errors += 1
            log.exception("erreur dans l'écran %s ; retour à l'accueil", self.stack.names())
            self.records.event("error", f"{self.stack.names()}: {traceback.format_exc(limit=-3)}")
            self.keeper.left()
            self.stack.reset(self._safe_home())
            self.notify(
                self.tr("Oups ! Un souci est survenu, retour à l'accueil."),
                seconds=6.0,
                warning=True,
            )

    def _safe_home(self) -> Scene:
        return self.go.home_screen()

    # ------------------------------------------------------------------ settings

    def set_language(self, lang: str) -> None:
        self.tr.set_language(lang)
        self.settings = replace(self.settings, language=lang)

    def set_sound(self, volume: float, muted: bool) -> None:
        self.sounds.volume, self.sounds.muted = volume, muted
        self.settings = replace(self.settings, volume=volume, muted=muted)

    def update_settings(self, settings: Settings) -> None:
        self.settings = settings
        self.set_language(settings.language)
        self.set_sound(settings.volume, settings.muted)

    def notify(self, text: str, seconds: float = 4.0, warning: bool = False) -> None:
        self.notices.append(Notice(text, self.now + seconds, warning))
        self.notices = self.notices[-3:]

    def _draw_notices(self) -> None:
        """The notices, the latest at the bottom: beside a board in the room its scene
        leaves free, elsewhere at the bottom of the screen (see :mod:`kiosk.scenes.notices`)."""
        if self.notices:
            room = scene_room(self.stack.top)
            draw_notices(self.canvas, [(n.text, n.warning) for n in self.notices], room)

    def close(self) -> None:
        self.worker.close()
        self.hardware.close()
        self.records.close()
