"""The kiosk left running on its own: ``python -m bench.soak [--minutes M]``.

The kiosk runs headless in attract mode at full speed: the attract scene
cycles through the games (a lesson every third show), the machine thinks
inline at the demonstrations' level, and a simulated physical board
(``ludokiosk-board-sim --headless``, the real serial protocol on a pty) is
attached for each board game. Demonstrations never open the board
themselves, so the soak attaches it as each show begins; the kiosk drains
its events every step, as it does for any scene that does not follow the
board. Time advances in fixed steps with no sleeping; one step in
``--draw-every`` is drawn. The pause between demonstration moves is
shortened (``--demo-pause``) and a game still going after ``--demo-seconds``
of kiosk time gives way to the next (counted as cut, not as played).

Every minute, and at the end: games played to their end, lessons shown to
their end, errors (exceptions the kiosk caught and logged, plus any that
escaped it), resident memory. Memory growth is measured from the end of a
warm-up so that caches filling up on the first pass through the games do
not count: it lasts a tenth of the run (at least a minute) and until every
game has been shown once, but never more than half of the run. Growth is
measured on the resident memory between two shows (once the attract mode has
given the last show's memory back): the median of the last five such samples
minus that of the first five. The last line is
``games=<n> errors=<e> rss_growth_mb=<x>``; the exit code is 1 when there
were errors.
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from kiosk.ai_worker import AiWorker, InlineWorker
from kiosk.catalog import CATALOGUE
from kiosk.config import load_settings
from kiosk.hardware import HardwareLink
from kiosk.runtime import Kiosk
from kiosk.scenes import attract
from kiosk.scenes.attract import AttractScene
from kiosk.scenes.lesson import LessonScene
from kiosk.scenes.play import PlayScene
from kiosk.sound import Sounds

log = logging.getLogger(__name__)

PROGRESS_SECONDS = 60.0
"""Wall-clock time between two progress lines."""
MAX_ESCAPED = 50
"""The run stops after this many exceptions escaping the kiosk (something is badly wrong)."""
KEPT_TRACEBACKS = 5


def rss_mb(pid: int | None = None) -> float:
    """Resident memory now, in MB (``VmRSS``), of this process or of ``pid``."""
    try:
        with open(f"/proc/{pid or 'self'}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def peak_rss_mb() -> float:
    """The most resident memory this process has had, in MB."""
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def open_fds() -> int:
    """How many file descriptors this process holds (-1 where /proc is missing)."""
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return -1


def live_children() -> int:
    """This process's child processes still running (board simulators left behind)."""
    me, count = str(os.getpid()), 0
    try:
        names = os.listdir("/proc")
    except OSError:
        return -1
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", encoding="ascii", errors="replace") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[1] == me and fields[0] != "Z":
            count += 1
    return count


class Tracebacks(logging.Handler):
    """Keeps the first few tracebacks logged at ERROR (the kiosk's ``guard`` logs them)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.kept: list[str] = []
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        if len(self.kept) < KEPT_TRACEBACKS:
            text = record.getMessage()
            if record.exc_info:
                text += "\n" + "".join(traceback.format_exception(*record.exc_info))
            self.kept.append(text)


@dataclass
class Tally:
    """What the soak counted."""

    games: int = 0
    """Demonstration games that reached their end."""
    lessons: int = 0
    """Lessons that played themselves to their end."""
    cut: int = 0
    """Shows that gave way to the next before their end."""
    escaped: int = 0
    """Exceptions that escaped the kiosk (its ``guard`` did not catch them)."""
    boards: int = 0
    """Simulated boards started."""
    steps: int = 0


@dataclass
class Memory:
    """Resident memory and descriptors at the start, after the warm-up and at the end."""

    start_mb: float = 0.0
    warm_mb: float | None = None
    end_mb: float = 0.0
    warm_at: float = 0.0
    """Seconds into the run when the warm-up ended."""
    fds_warm: int = 0
    fds_end: int = 0
    samples: list[tuple[float, float]] = field(default_factory=list)
    """(seconds into the run, MB) at each progress line."""

    @property
    def growth_mb(self) -> float:
        base = self.warm_mb if self.warm_mb is not None else self.start_mb
        return self.end_mb - base

    def second_half_growth_mb(self, elapsed: float) -> float | None:
        """Growth from the sample nearest the run's middle to the end (a leak keeps growing)."""
        if not self.samples:
            return None
        middle = min(self.samples, key=lambda sample: abs(sample[0] - elapsed / 2))
        return self.end_mb - middle[1]


def soak_kiosk(games: tuple[str, ...] | None, demo_pause: float, inline: bool = False) -> Kiosk:
    """A headless, silent kiosk with a simulated board, showing demos fast. The machine
    thinks in its own process as in the kiosk (``inline``: in this one)."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    kiosk = Kiosk(
        load_settings(None),
        worker=InlineWorker() if inline else AiWorker(),
        sounds=Sounds(muted=True),
        hardware=HardwareLink(simulate=True, headless=True),
    )
    settings = replace(kiosk.settings, demo_pause=demo_pause)
    if games:
        settings = replace(settings, games=games)
    kiosk.update_settings(settings)
    return kiosk


@contextmanager
def measured_between_shows(soak: Soak) -> Iterator[None]:
    """While inside, the attract mode's memory trim between two shows also records the
    resident memory it leaves (``soak.between``)."""
    trim = attract.trim

    def trim_and_measure() -> bool:
        done = trim()
        soak.between.append((time.monotonic(), rss_mb()))
        return done

    attract.trim = trim_and_measure
    try:
        yield
    finally:
        attract.trim = trim


@contextmanager
def demo_cap(seconds: float, level: str = "debutant") -> Iterator[None]:
    """Demonstration games last at most ``seconds`` of kiosk time, their machines
    playing at ``level``, while inside."""
    saved = attract.DEMO_SECONDS, attract.DEMO_LEVEL
    attract.DEMO_SECONDS, attract.DEMO_LEVEL = seconds, level
    try:
        yield
    finally:
        attract.DEMO_SECONDS, attract.DEMO_LEVEL = saved


def demo_spec(demo: PlayScene | LessonScene | None) -> str | None:
    if isinstance(demo, PlayScene):
        return demo.run.table.spec
    if isinstance(demo, LessonScene):
        return demo.lesson.spec
    return None


class Soak:
    """Steps a kiosk in attract mode and counts what it shows."""

    def __init__(self, kiosk: Kiosk, seed: int, draw_every: int) -> None:
        self.kiosk = kiosk
        self.draw_every = max(1, draw_every)
        self.tally = Tally()
        kiosk.now = float(seed)
        order = [e for e in CATALOGUE if e.game_id in kiosk.settings.games] or list(CATALOGUE)
        self.scene = AttractScene(kiosk, first=seed % len(order))
        kiosk.stack.reset(self.scene)
        self.shown: object = None
        self.started = time.monotonic()
        self.between: list[tuple[float, float]] = []
        """(monotonic time, RSS MB) between two shows: the last one gone, its pictures
        forgotten and the memory given back, the next one not yet built (the steadiest
        measure: a sample taken once the next show is built swings by ±15 MB with its
        game)."""

    def first_pass_done(self) -> bool:
        """Whether every game of the cycle has been shown once (the next cycle has begun)."""
        return self.scene.shows > len(self.scene.order)

    @property
    def errors(self) -> int:
        return self.kiosk.errors + self.tally.escaped

    def step(self) -> None:
        """One fixed step (and a frame every ``draw_every``), counting shows that ended."""
        tally = self.tally
        try:
            self._step()
        except Exception:
            tally.escaped += 1
            log.error("exception sortie du kiosque :\n%s", traceback.format_exc())
        tally.steps += 1

    def _step(self) -> None:
        kiosk, tally = self.kiosk, self.tally
        self._attract_again()
        scene = self.scene
        demo, finished = scene.demo, scene.shows_finished
        if isinstance(demo, PlayScene) and demo.machine.thinking:
            # The machine thinks in its own process, in real time: the kiosk's clock
            # waits for it (the answer is collected, nothing else moves).
            kiosk.step(0.0)
            time.sleep(0.0005)
        else:
            kiosk.step()
        if tally.steps % self.draw_every == 0:
            kiosk.draw()
        if kiosk.stack.top is scene and scene.demo is not demo:
            if scene.shows_finished > finished:
                if isinstance(demo, LessonScene):
                    tally.lessons += 1
                else:
                    tally.games += 1
            elif demo is not None:
                tally.cut += 1
        self._attach_board()

    def _attract_again(self) -> None:
        """After an error the kiosk goes home: back to the demonstrations."""
        if self.kiosk.stack.top is not self.scene:
            self.kiosk.attract()
            top = self.kiosk.stack.top
            assert isinstance(top, AttractScene)
            self.scene = top

    def _attach_board(self) -> None:
        """Each new show gets the simulated board of its game, as a visitor's game would."""
        demo = self.scene.demo
        if demo is self.shown:
            return
        self.shown = demo
        spec = demo_spec(demo)
        if spec is None:
            return
        before = self.kiosk.hardware.board
        self.kiosk.hardware.board_for(spec)
        board = self.kiosk.hardware.board
        if board is not None and board is not before:
            self.tally.boards += 1


def progress_line(soak: Soak, elapsed: float) -> str:
    tally = soak.tally
    return (
        f"[{int(elapsed // 60):3d}:{int(elapsed % 60):02d}] games={tally.games} "
        f"lessons={tally.lessons} cut={tally.cut} errors={soak.errors} "
        f"rss_mb={rss_mb():.1f} worker_rss_mb={worker_rss_mb(soak.kiosk):.1f} "
        f"worker_retired={getattr(soak.kiosk.worker, 'retired', 0)} "
        f"fds={open_fds()} boards={tally.boards} steps={tally.steps}"
    )


def worker_rss_mb(kiosk: Kiosk) -> float:
    """The machine's thinking process resident memory (0 when it thinks inline)."""
    pid = getattr(kiosk.worker, "pid", None)
    return rss_mb(pid) if pid else 0.0


def run(
    minutes: float,
    seed: int = 1,
    steps: int | None = None,
    games: tuple[str, ...] | None = None,
    demo_pause: float = 0.05,
    demo_seconds: float = 180.0,
    draw_every: int = 4,
    inline: bool = False,
    level: str = "debutant",
) -> int:
    """The soak: prints progress and the summary; returns the exit code."""
    collector = Tracebacks()
    logging.getLogger().addHandler(collector)
    memory = Memory(start_mb=rss_mb())
    budget = minutes * 60.0
    warm_seconds = min(max(0.1 * budget, 60.0), 0.5 * budget)
    warm_steps = (steps // 10) if steps is not None else None
    kiosk = soak_kiosk(games, demo_pause, inline)
    soak = Soak(kiosk, seed, draw_every)
    what = f"{steps} pas" if steps is not None else f"{minutes:g} min"
    print(
        f"soak: {what}, graine {seed}, jeux {','.join(kiosk.settings.games)}, "
        f"pause {demo_pause:g} s, démo ≤ {demo_seconds:g} s, dessin 1 pas sur {soak.draw_every}",
        flush=True,
    )
    print(f"rss_start_mb={memory.start_mb:.1f} fds_start={open_fds()}", flush=True)
    started = time.monotonic()
    next_progress = started + PROGRESS_SECONDS
    try:
        with demo_cap(demo_seconds, level), measured_between_shows(soak):
            while True:
                now = time.monotonic()
                elapsed = now - started
                if steps is not None:
                    if soak.tally.steps >= steps:
                        break
                elif elapsed >= budget:
                    break
                if soak.tally.steps % 1000 == 0 and pygame.event.peek(pygame.QUIT):
                    print("arrêt demandé (signal)", flush=True)  # SDL turns SIGTERM into QUIT
                    break
                if soak.tally.escaped >= MAX_ESCAPED:
                    print(f"arrêt : {MAX_ESCAPED} exceptions sorties du kiosque", flush=True)
                    break
                warmed = (
                    soak.tally.steps >= warm_steps
                    if warm_steps is not None
                    else (elapsed >= warm_seconds and soak.first_pass_done())
                    or elapsed >= 0.5 * budget
                )
                if memory.warm_mb is None and warmed:
                    memory.warm_mb, memory.warm_at, memory.fds_warm = rss_mb(), elapsed, open_fds()
                    print(
                        f"échauffement fini à {elapsed:.0f} s : rss_warm_mb={memory.warm_mb:.1f} "
                        f"(la croissance se mesure à partir d'ici)",
                        flush=True,
                    )
                if now >= next_progress:
                    next_progress += PROGRESS_SECONDS
                    memory.samples.append((elapsed, rss_mb()))
                    print(progress_line(soak, elapsed), flush=True)
                soak.step()
    except KeyboardInterrupt:
        print("interrompu", flush=True)
    elapsed = time.monotonic() - started
    memory.end_mb, memory.fds_end = rss_mb(), open_fds()
    print(progress_line(soak, elapsed), flush=True)
    kiosk.close()
    logging.getLogger().removeHandler(collector)
    return summary(soak, memory, collector, elapsed)


def summary(soak: Soak, memory: Memory, collector: Tracebacks, elapsed: float) -> int:
    tally, errors = soak.tally, soak.errors
    for text in collector.kept:
        print("----- erreur\n" + text.rstrip(), flush=True)
    warm = (
        f"après échauffement de {memory.warm_at:.0f} s ({memory.warm_mb:.1f} MB)"
        if memory.warm_mb is not None
        else "sans échauffement (course trop courte), depuis le départ"
    )
    print(
        f"{elapsed:.0f} s, {tally.steps} pas ({tally.steps / max(elapsed, 1e-9):.0f}/s, "
        f"{tally.steps / 60 / 3600:.1f} h de kiosque) ; "
        f"parties jouées jusqu'au bout {tally.games}, "
        f"leçons {tally.lessons}, écourtées {tally.cut}, plateaux simulés lancés {tally.boards}"
    )
    print(
        f"erreurs : {soak.kiosk.errors} rattrapées par le kiosque, {tally.escaped} sorties ; "
        f"lignes ERROR du journal {collector.count}"
    )
    print(
        f"rss_start_mb={memory.start_mb:.1f} rss_end_mb={memory.end_mb:.1f} "
        f"rss_peak_mb={peak_rss_mb():.1f} fds_warm={memory.fds_warm} fds_end={memory.fds_end} "
        f"children_left={live_children()}"
    )
    print(f"croissance mémoire mesurée {warm}")
    if memory.samples:
        by_minute = " ".join(f"{mb:.0f}" for _, mb in memory.samples)
        late = memory.second_half_growth_mb(elapsed)
        print(
            f"rss_mb par minute : {by_minute} {memory.end_mb:.0f} ; seconde moitié {late:+.1f} MB"
        )
    growth = memory.growth_mb
    steady = [mb for at, mb in soak.between if at - soak.started >= memory.warm_at]
    if memory.warm_mb is not None and len(steady) >= 10:
        first, last = statistics.median(steady[:5]), statistics.median(steady[-5:])
        growth = last - first
        print(
            f"rss entre deux spectacles après l'échauffement : {first:.1f} MB (5 premiers), "
            f"{last:.1f} MB (5 derniers) sur {len(steady)} — la croissance mesurée"
        )
    print(f"games={tally.games} errors={errors} rss_growth_mb={growth:.1f}", flush=True)
    return 1 if errors > 0 else 0


def game_list(text: str) -> tuple[str, ...]:
    """``--games a,b``: catalogue game ids, checked."""
    known = [e.game_id for e in CATALOGUE]
    chosen = tuple(part.strip() for part in text.split(",") if part.strip())
    unknown = [g for g in chosen if g not in known]
    if unknown or not chosen:
        raise argparse.ArgumentTypeError(
            f"jeu inconnu {', '.join(unknown) or '(aucun)'} ; au choix : {', '.join(known)}"
        )
    return chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--minutes", type=float, default=30.0, help="wall-clock (default 30)")
    parser.add_argument("--steps", type=int, default=None, help="a fixed number of steps instead")
    parser.add_argument("--seed", type=int, default=1, help="first game and demo seeds (default 1)")
    parser.add_argument("--games", type=game_list, default=None, help="game ids, comma-separated")
    parser.add_argument("--demo-pause", type=float, default=0.05, help="seconds (default 0.05)")
    parser.add_argument(
        "--demo-seconds", type=float, default=180.0, help="kiosk seconds per game (default 180)"
    )
    parser.add_argument("--draw-every", type=int, default=4, help="draw one step in N (default 4)")
    parser.add_argument(
        "--inline", action="store_true", help="the machine thinks in this process (not its own)"
    )
    parser.add_argument(
        "--level", default="debutant", help="the demonstrations' machines (default debutant)"
    )
    args = parser.parse_args(argv)
    if args.minutes <= 0 or (args.steps is not None and args.steps <= 0):
        parser.error("--minutes et --steps doivent être positifs")
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    return run(
        args.minutes,
        seed=args.seed,
        steps=args.steps,
        games=args.games,
        demo_pause=args.demo_pause,
        demo_seconds=args.demo_seconds,
        draw_every=args.draw_every,
        inline=args.inline,
        level=args.level,
    )


if __name__ == "__main__":
    sys.exit(main())
