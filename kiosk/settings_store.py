"""The owners' changes from the admin screen, kept in a TOML file across restarts.

:func:`save_changes` writes the keys an owner changed (the same tables and keys
as ``config/kiosk.toml``) to :func:`kiosk.paths.saved_settings_path`, keeping
the keys saved before. :func:`kiosk.config.load_settings` reads that file after
the configuration files, so the owners' choices win and survive a restart.

The file is written whole to a temporary file beside it, then put in place
with :func:`os.replace`: a power cut leaves the old file or the new one, never
half of one. The standard library reads TOML but does not write it, so
:func:`to_toml` writes the few kinds of values the settings have (strings,
booleans, numbers, lists of strings). A saved file that cannot be read back,
or holds keys that are unknown or wrong, is copied aside (``reglages.toml.old``)
before being rewritten: nothing an owner typed is lost.
"""

from __future__ import annotations

import math
import os
import shutil
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import fields
from pathlib import Path
from typing import Any

from drivers.toml_files import TomlFileError, read_toml
from kiosk import paths
from kiosk.config import SCHEMA, Settings

HEADER = (
    "# Réglages changés sur l'écran des propriétaires (écrit par la borne).\n"
    "# Owners' settings changed on the admin screen (written by the kiosk).\n"
    "# Lu après config/kiosk.toml ; effacez ce fichier pour revenir à la configuration.\n"
    "# Read after config/kiosk.toml; delete this file to go back to the configuration.\n"
)

Table = dict[str, dict[str, Any]]


def _keys_by_field() -> dict[str, tuple[str, str]]:
    """Settings field -> (TOML table, key)."""
    return {name: (table, key) for table, keys in SCHEMA.items() for key, (name, _) in keys.items()}


def changed_keys(
    old: Settings, new: Settings, touched: Iterable[str] = ()
) -> list[tuple[str, str]]:
    """The (table, key) pairs whose value differs from ``old`` to ``new``, or was ``touched``.

    ``touched`` names Settings fields the owner chose even if their value did not
    change (choosing "Français" while a visitor left the kiosk in French).
    """
    where = _keys_by_field()
    chosen = set(touched)
    return [
        where[f.name]
        for f in fields(Settings)
        if f.name in where and (f.name in chosen or getattr(old, f.name) != getattr(new, f.name))
    ]


def values_of(settings: Settings, keys: Iterable[tuple[str, str]]) -> Table:
    """``{table: {key: value}}`` of ``settings`` for ``keys`` (tuples become lists)."""
    data: Table = {}
    for table, key in keys:
        name = SCHEMA[table][key][0]
        value = getattr(settings, name)
        data.setdefault(table, {})[key] = list(value) if isinstance(value, tuple) else value
    return data


def read_saved(path: Path) -> tuple[Table, bool]:
    """The valid known keys of a saved file, and whether anything else was in it.

    A missing file is empty and clean; an unreadable one is empty and not clean.
    """
    if not os.path.lexists(path):
        return {}, True
    try:
        data = read_toml(path)
    except TomlFileError:
        return {}, False
    kept: Table = {}
    clean = True
    for table, values in data.items():
        if table not in SCHEMA or not isinstance(values, dict):
            clean = False
            continue
        for key, value in values.items():
            if key not in SCHEMA[table] or SCHEMA[table][key][1]()(value) is not None:
                clean = False
                continue
            kept.setdefault(table, {})[key] = value
    return kept, clean


def save_changes(
    old: Settings, new: Settings, path: Path | None = None, touched: Iterable[str] = ()
) -> Path | None:
    """Add the keys changed from ``old`` to ``new`` (and the ``touched`` fields) to the
    saved file; the file, if written.

    Nothing is written when nothing changed. Raises :class:`OSError` when the
    file cannot be written (a read-only card): the caller tells the owner.
    """
    keys = changed_keys(old, new, touched)
    if not keys:
        return None
    target = path if path is not None else paths.saved_settings_path()
    data, clean = read_saved(target)
    if not clean and target.exists():
        shutil.copyfile(target, target.with_name(target.name + ".old"))
    for table, values in values_of(new, keys).items():
        data.setdefault(table, {}).update(values)
    write_atomic(target, to_toml(data, HEADER))
    return target


def write_atomic(path: Path, text: str) -> None:
    """``text`` into ``path`` through a temporary file and :func:`os.replace`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def to_toml(data: Mapping[str, Mapping[str, Any]], header: str = "") -> str:
    """TOML text of one level of tables (in :data:`kiosk.config.SCHEMA`'s order)."""
    order = list(SCHEMA)
    lines = [header.rstrip("\n")] if header else []
    for table in sorted(data, key=lambda t: (order.index(t) if t in order else len(order), t)):
        values = data[table]
        if not values:
            continue
        lines += ["", f"[{_key(table)}]"]
        known = list(SCHEMA.get(table, {}))
        for key in sorted(values, key=lambda k: (known.index(k) if k in known else len(known), k)):
            lines.append(f"{_key(key)} = {_value(values[key])}")
    return "\n".join(lines).lstrip("\n") + "\n"


def _key(name: str) -> str:
    bare = name and all(c.isascii() and (c.isalnum() or c in "-_") for c in name)
    return name if bare else _string(name)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"valeur non finie : {value!r}")
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    raise TypeError(f"pas de TOML pour {type(value).__name__} : {value!r}")


ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}


def _string(text: str) -> str:
    out = []
    for char in text:
        if char in ESCAPES:
            out.append(ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'
