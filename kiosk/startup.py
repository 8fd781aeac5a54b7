"""A start that cannot loop: every file the kiosk reads at start behind one guard, safe mode.

Each step of the start (the settings, the hardware and its board files, the
database, the saved game) runs through :func:`guarded`: whatever it raises becomes
one message naming the step's file, the step's fallback is used (the defaults, no
hardware, records in memory, no resume) and the kiosk runs.

Beyond that, the kiosk counts its starts that did not last (:class:`StartCounter`, a
file in the data directory): a start adds one, :data:`HEALTHY_AFTER` seconds of
running or a clean stop bring it back to zero. After :data:`SAFE_MODE_AFTER` failed
starts in a row the kiosk starts in **safe mode** — default settings, no resume, no
hardware — says so on the screen and in the owners' journal, and ``ludokiosk doctor``
reports it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from drivers.toml_files import read_regular_file
from kiosk import paths
from kiosk.config import LoadedSettings, Problem, Settings, load_settings
from kiosk.records import Records, SavedGame
from kiosk.settings_store import write_atomic

if TYPE_CHECKING:
    from kiosk.hardware import HardwareLink
    from kiosk.runtime import Kiosk

log = logging.getLogger(__name__)
T = TypeVar("T")

SAFE_MODE_AFTER = 3
"""Failed starts in a row after which the kiosk starts in safe mode."""
HEALTHY_AFTER = 60.0
"""Seconds of running after which a start counts as a good one."""


@dataclass(frozen=True)
class Starts:
    """What the start counter's file holds."""

    failed: int = 0
    """Starts in a row that did not last (the current one included while it runs)."""
    safe: bool = False
    """The last start was in safe mode."""
    safe_after: int = 0
    """How many failed starts put it there."""


class StartCounter:
    """How many starts in a row did not last, kept in a file of the data directory.

    The file holds ``failed=N``, ``safe=0|1`` and ``safe_after=N``, one per line.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else paths.failed_starts_path()
        self._last = Starts()
        self._cleared = False

    def read(self) -> Starts:
        """The file's values (zeros when it is missing or unreadable)."""
        try:
            text = read_regular_file(self.path).decode("ascii")
        except FileNotFoundError:
            return Starts()
        except Exception as error:
            log.warning("démarrages : %s illisible (%s) ; compté 0", self.path, error)
            return Starts()
        values: dict[str, int] = {}
        for line in text.splitlines():
            key, _, value = line.partition("=")
            with suppress(ValueError):
                values[key.strip()] = max(0, int(value.strip()))
        return Starts(
            values.get("failed", 0), bool(values.get("safe", 0)), values.get("safe_after", 0)
        )

    def begin(self, force_safe: bool = False) -> Starts:
        """A start begins: whether it is in safe mode, and after how many failed starts."""
        failed = self.read().failed
        safe = force_safe or failed >= SAFE_MODE_AFTER
        self._last = Starts(failed + 1, safe, failed if safe else 0)
        self._write(self._last)
        self._cleared = False
        return Starts(failed, safe, failed if safe else 0)

    def healthy(self) -> None:
        """This start went well (it lasted, or stopped cleanly): back to zero, once."""
        if not self._cleared:
            self._cleared = True
            self._last = replace(self._last, failed=0)
            self._write(self._last)

    def _write(self, starts: Starts) -> None:
        text = f"failed={starts.failed}\nsafe={int(starts.safe)}\nsafe_after={starts.safe_after}\n"
        try:
            write_atomic(self.path, text)
        except Exception as error:
            log.warning("démarrages : %s impossible à écrire (%s)", self.path, error)


def guarded(
    where: tuple[str, str], problems: list[Problem], fallback: Callable[[], T],
    action: Callable[[], T],
) -> T:
    """``action()``; on any exception, one problem naming ``where`` (fr, en) and ``fallback()``."""
    try:
        return action()
    except Exception as error:
        log.exception("démarrage : %s", where[0])
        what = f"{type(error).__name__}: {error}"
        problems.append(
            Problem(
                f"{where[0]} : erreur inattendue ({what}) ; la borne continue sans",
                f"{where[1]}: unexpected error ({what}); the kiosk goes on without it",
            )
        )
        return fallback()


def load_start_settings(config: Path | None, safe: bool) -> LoadedSettings:
    """The settings, or the defaults when reading them fails.

    In safe mode, the defaults but for the owners' code: falling into safe mode
    (pulling the plug three times) must not bring back the published one.
    """
    problems: list[Problem] = []
    if safe:
        pin = guarded(
            ("code des propriétaires", "owners' code"),
            problems,
            lambda: Settings().admin_pin,
            lambda: load_settings(config).settings.admin_pin,
        )
        return LoadedSettings(Settings(admin_pin=pin), tuple(problems), ())
    loaded = guarded(
        (f"réglages {config or 'config/kiosk.toml'}", f"settings {config or 'config/kiosk.toml'}"),
        problems,
        lambda: LoadedSettings(Settings(), (), ()),
        lambda: load_settings(config),
    )
    return LoadedSettings(loaded.settings, (*loaded.problems, *problems), loaded.files)


def open_start_hardware(
    path: Path | None, simulate: bool, safe: bool, problems: list[Problem]
) -> HardwareLink:
    """The configured hardware; none in safe mode or when building it fails."""
    from kiosk.hardware import HardwareLink

    if safe:
        return HardwareLink()
    where = path or "config/hardware.toml"
    return guarded(
        (f"matériel {where}", f"hardware {where}"),
        problems,
        HardwareLink,
        lambda: HardwareLink.from_config(path, simulate, problems),
    )


def open_start_records(problems: list[Problem]) -> Records:
    """The database (never raising by design; in memory if it ever did)."""
    return guarded(
        (f"base {paths.database_path()}", f"database {paths.database_path()}"),
        problems,
        Records.memory,
        Records.open,
    )


def resume_last_game(kiosk: Kiosk) -> bool:
    """Back into the game the kiosk was playing when it stopped (a crash, a power cut).

    A saved game that cannot be rebuilt, whatever the reason, is set aside: its whole
    row goes into the owners' journal, the running game is cleared, the screen says so.
    """
    saved = kiosk.records.running()
    if saved is None:
        return False
    from engines import find_game
    from kiosk.catalog import entry
    from kiosk.table import CONTROLLER_LABELS, Table

    try:
        game = find_game(saved.spec)
        if len(saved.controllers) != len(game.players):
            raise ValueError(
                f"{len(saved.controllers)} seats saved, {len(game.players)} in {game.id}"
            )
        unknown = [c for c in saved.controllers if c not in CONTROLLER_LABELS]
        if unknown:
            raise ValueError(f"unknown controllers {unknown}")
        table = Table(saved.spec, saved.controllers, saved.seed)
        kiosk.go.saved_game(entry(game.id), table, list(saved.moves), saved.started)
    except Exception as error:
        kiosk.keeper.forget()
        kiosk.home()
        set_aside(kiosk, saved, error)
        return False
    kiosk.records.event("resume", f"{saved.spec} {len(saved.moves)}")
    log.info("partie reprise : %s après %d coups", saved.spec, len(saved.moves))
    kiosk.notify(kiosk.tr("La partie en cours a été reprise."), seconds=6.0)
    return True


def set_aside(kiosk: Kiosk, saved: SavedGame, error: Exception) -> None:
    """The saved game that did not rebuild: kept whole in the journal, no longer resumed."""
    log.error("partie enregistrée impossible à reprendre (%s) : mise de côté", error)
    detail = {
        "spec": saved.spec,
        "moves": len(saved.moves),
        "error": f"{type(error).__name__}: {error}",
        "controllers": list(saved.controllers),
        "seed": str(saved.seed),
        "started": saved.started,
        "played": list(saved.moves),
    }
    kiosk.records.event("set-aside", json.dumps(detail, ensure_ascii=False))
    kiosk.records.clear_running()
    kiosk.notify(
        kiosk.tr("La partie en cours n'a pas pu être reprise : elle est gardée dans le journal."),
        seconds=10.0,
        warning=True,
    )
