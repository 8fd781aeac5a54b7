"""Kiosk settings: ``config/kiosk.toml``, overridden by a file given with ``--config``,
then by the owners' changes saved from the admin screen (:mod:`kiosk.settings_store`,
``reglages.toml`` in the data directory).

Every key has a default, so a missing file, an unknown key or a wrong value
never stops the kiosk: each problem becomes a message naming the file and
the key, and the default (or the previous file's value) is used for that key.
A file that cannot be read at all (not UTF-8, not TOML, nested too deep) is
one message naming it, and the kiosk goes on without it.
"""

from __future__ import annotations

import logging
import os
import platform
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Literal

from drivers.toml_files import TomlFileError, read_toml
from engines import all_specs
from kiosk import paths

log = logging.getLogger(__name__)

DEFAULT_FILE = Path(__file__).resolve().parent.parent / "config" / "kiosk.toml"
LEVELS = ("enfant", "debutant", "joueur", "expert")
PROPOSED_LEVELS = ("debutant", "joueur", "expert")
"""The levels an owner may have proposed first (the child's level is chosen, never proposed)."""
PUBLISHED_PIN = "2468"
"""The owners' code the kiosk ships with, printed in its documentation: to be changed."""
PIN_DIGITS = frozenset("0123456789")


def _game_ids() -> tuple[str, ...]:
    return tuple(dict.fromkeys(spec.split(":")[0] for spec in all_specs()))


@dataclass(frozen=True)
class Settings:
    """What the owners can set. Times in seconds."""

    language: str = "fr"
    games: tuple[str, ...] = field(default_factory=_game_ids)
    rotation: int = 0
    frame_rate: int = 0
    """Frames a second while something moves; 0: 30 on an ARM board (the Pi), else 60."""
    volume: float = 0.7
    muted: bool = False
    attract_after: float = 90.0
    still_there_after: float = 180.0
    still_there_countdown: float = 20.0
    demo_pause: float = 1.2
    ai_level: str = "joueur"
    ai_levels: tuple[str, ...] = LEVELS
    coach: bool = True
    """Whether the setup offers the coach to the persons (never, when False)."""
    admin_pin: str = PUBLISHED_PIN


Expected = tuple[str, str]
"""What a value should be, in French and in English."""
Check = Callable[[Any], Expected | None]
"""Returns ``None`` when a value is acceptable, else what is expected."""


@dataclass(frozen=True)
class Problem:
    """A configuration problem, in French and in English (``str``: the French)."""

    fr: str
    en: str

    def __str__(self) -> str:
        return self.fr

    def text(self, lang: str) -> str:
        return self.en if lang == "en" else self.fr


def _one_of(*choices: Any) -> Check:
    listed = ", ".join(map(repr, choices))
    return lambda v: None if v in choices else ("l'une des valeurs " + listed, "one of " + listed)


def _number(low: float, high: float) -> Check:
    def check(v: Any) -> Expected | None:
        ok = isinstance(v, int | float) and not isinstance(v, bool) and low <= v <= high
        if ok:
            return None
        return (f"un nombre de {low:g} à {high:g}", f"a number from {low:g} to {high:g}")

    return check


def frames_per_second(settings: Settings, machine: str | None = None) -> int:
    """The frame rate of animations: the setting, or 30 on an ARM board and 60 elsewhere."""
    if settings.frame_rate:
        return settings.frame_rate
    machine = platform.machine() if machine is None else machine
    return 30 if machine.lower() in ARM_MACHINES else 60


ARM_MACHINES = ("aarch64", "arm64", "armv7l", "armv6l")
"""What ``platform.machine()`` says on a Raspberry Pi."""


def _boolean(v: Any) -> Expected | None:
    return None if isinstance(v, bool) else ("true ou false", "true or false")


def valid_pin(code: object) -> bool:
    """Four to eight ASCII digits (``"²³²³".isdigit()`` is true: not a code)."""
    return isinstance(code, str) and 4 <= len(code) <= 8 and set(code) <= PIN_DIGITS


def _pin(v: Any) -> Expected | None:
    ok = valid_pin(v)
    if ok:
        return None
    return (
        'une chaîne de 4 à 8 chiffres, par exemple "2468"',
        'a string of 4 to 8 digits, e.g. "2468"',
    )


def _list_of(choices: tuple[str, ...]) -> Check:
    def check(v: Any) -> Expected | None:
        if isinstance(v, list) and v and all(item in choices for item in v):
            return None
        listed = ", ".join(choices)
        return ("une liste non vide parmi " + listed, "a non-empty list among " + listed)

    return check


# TOML table and key -> (Settings field, check)
SCHEMA: dict[str, dict[str, tuple[str, Callable[[], Check]]]] = {
    "kiosk": {
        "language": ("language", lambda: _one_of("fr", "en")),
        "games": ("games", lambda: _list_of(_game_ids())),
        "rotation": ("rotation", lambda: _one_of(0, 90, 180, 270)),
        "frame_rate": ("frame_rate", lambda: _one_of(0, 20, 24, 25, 30, 50, 60)),
    },
    "sound": {
        "volume": ("volume", lambda: _number(0, 1)),
        "muted": ("muted", lambda: _boolean),
    },
    "timeouts": {
        "attract_after": ("attract_after", lambda: _number(10, 3600)),
        "still_there_after": ("still_there_after", lambda: _number(20, 3600)),
        "still_there_countdown": ("still_there_countdown", lambda: _number(5, 120)),
        "demo_pause": ("demo_pause", lambda: _number(0, 10)),
    },
    "ai": {
        "level": ("ai_level", lambda: _one_of(*LEVELS)),
        "levels": ("ai_levels", lambda: _list_of(LEVELS)),
        "coach": ("coach", lambda: _boolean),
    },
    "admin": {
        "pin": ("admin_pin", lambda: _pin),
    },
}


@dataclass(frozen=True)
class LoadedSettings:
    settings: Settings
    problems: tuple[Problem, ...]
    files: tuple[Path, ...]


def load_settings(
    override: Path | None = None,
    defaults: Path = DEFAULT_FILE,
    saved: Path | Literal[False] | None = None,
) -> LoadedSettings:
    """The defaults file, then ``override``, then the owners' saved changes.

    ``saved`` is the file the admin screen writes (``None``: the usual
    :func:`kiosk.paths.saved_settings_path`; ``False``: none). It is read only
    when it exists and is checked like the others, key by key. Problems are
    collected, never raised.
    """
    settings = Settings()
    problems: list[Problem] = []
    files: list[Path] = []
    saved_path = paths.saved_settings_path() if saved is None else saved or None
    for path in (
        defaults if _present(defaults) else None,
        override,
        saved_path if saved_path is not None and _present(saved_path) else None,
    ):
        if path is None:
            continue
        data = _read(path, problems)
        if data is None:
            continue
        files.append(path)
        try:
            settings = _apply(settings, data, path, problems)
        except Exception as error:  # a value no check foresaw: the file is left out
            log.exception("réglages : %s", path)
            problems.append(
                Problem(
                    f"{path} : illisible ({type(error).__name__}: {error}) ; réglages par défaut",
                    f"{path}: cannot be used ({type(error).__name__}: {error}); using the defaults",
                )
            )
    if settings.ai_level not in settings.ai_levels:
        where = files[-1] if files else defaults
        level, first = settings.ai_level, settings.ai_levels[0]
        problems.append(
            Problem(
                f"{where} : ai.level '{level}' n'est pas dans ai.levels ; la borne prend '{first}'",
                f"{where}: ai.level '{level}' is not among ai.levels; using '{first}'",
            )
        )
        settings = replace(settings, ai_level=settings.ai_levels[0])
    return LoadedSettings(settings, tuple(problems), tuple(files))


def _present(path: Path) -> bool:
    """Something is at ``path`` (a broken or looping link too: it is then reported)."""
    return os.path.lexists(path)


def _read(path: Path, problems: list[Problem]) -> dict[str, Any] | None:
    try:
        return read_toml(path)
    except TomlFileError as error:
        problems.append(
            Problem(
                f"{path} : {error.fr} ; réglages par défaut",
                f"{path}: {error.en}; using the defaults",
            )
        )
    return None


def _apply(
    settings: Settings, data: Mapping[str, Any], path: Path, problems: list[Problem]
) -> Settings:
    changes: dict[str, Any] = {}
    for table, values in data.items():
        if table not in SCHEMA:
            tables = ", ".join(SCHEMA)
            problems.append(
                Problem(
                    f"{path} : table inconnue [{table}] ; les tables sont {tables}",
                    f"{path}: unknown table [{table}]; tables are {tables}",
                )
            )
            continue
        if not isinstance(values, dict):
            problems.append(
                Problem(
                    f"{path} : '{table}' doit être une table [{table}]",
                    f"{path}: '{table}' must be a table [{table}]",
                )
            )
            continue
        for key, value in values.items():
            if key not in SCHEMA[table]:
                keys = ", ".join(SCHEMA[table])
                problems.append(
                    Problem(
                        f"{path} : clé inconnue '{table}.{key}' ; les clés de [{table}] "
                        f"sont {keys}",
                        f"{path}: unknown key '{table}.{key}'; keys of [{table}] are {keys}",
                    )
                )
                continue
            name, make_check = SCHEMA[table][key]
            expected = make_check()(value)
            if expected is not None:
                default = _show(getattr(settings, name))
                problems.append(
                    Problem(
                        f"{path} : clé '{table}.{key}' = {value!r} : il faut {expected[0]} ; "
                        f"la borne prend {default}",
                        f"{path}: key '{table}.{key}' = {value!r} should be {expected[1]}; "
                        f"using {default}",
                    )
                )
                continue
            changes[name] = tuple(value) if isinstance(value, list) else value
    return replace(settings, **changes)


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(map(repr, value)) + "]"
    return repr(value)


def setting_names() -> list[str]:
    """Every field of :class:`Settings` (for the admin screen and the tests)."""
    return [f.name for f in fields(Settings)]
