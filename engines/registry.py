"""The catalogue of games: ``find_game("moulin:standard,fly_at=4")``.

A spec is ``id[:variant][,option=value]*``.  Game modules are imported the
first time the catalogue is read, so importing :mod:`engines` stays cheap.
"""

from __future__ import annotations

import importlib
from functools import lru_cache

from engines.core import Game, SpecError

GAME_MODULES: tuple[str, ...] = (
    "engines.reversi",
    "engines.moulin",
    "engines.tablut",
    "engines.assaut",
    "engines.latrunculi",
    "engines.multitchoukatro",
    "engines.rithmomachie",
    "engines.backgammon",
    "engines.jacquet",
    "engines.barricades",
    "engines.shutthebox",
)
"""Modules that define games, in catalogue order."""

_games: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator adding a game to the catalogue."""
    if cls.id in _games and _games[cls.id] is not cls:
        raise ValueError(f"two games use the id '{cls.id}'")
    _games[cls.id] = cls
    return cls


def _load() -> dict[str, type[Game]]:
    for module in GAME_MODULES:
        importlib.import_module(module)
    return _games


def game_classes() -> list[type[Game]]:
    """Every registered game class, in catalogue order."""
    return list(_load().values())


def all_specs() -> list[str]:
    """Every game id with each of its variants: ``reversi``, ``reversi:othello``…"""
    specs = []
    for cls in game_classes():
        for variant in cls.variants:
            specs.append(f"{cls.id}:{variant.name}" if variant.name else cls.id)
    return specs


def split_specs(text: str) -> list[str]:
    """The specs of a comma-separated list: ``reversi,barricades,players=3`` is
    ``["reversi", "barricades,players=3"]`` (a ``name=value`` item is an option of the
    spec before it).  ``;`` may separate specs too."""
    specs: list[str] = []
    for group in text.split(";"):
        in_group: list[str] = []
        for item in (i.strip() for i in group.split(",")):
            if "=" in item and in_group:
                in_group[-1] += "," + item
            elif item:
                in_group.append(item)
        specs += in_group
    return specs


@lru_cache(maxsize=256)
def find_game(spec: str) -> Game:
    """The game named by ``spec``; :class:`SpecError` naming the choices if unknown."""
    text = spec.strip()
    if not text:
        raise SpecError("empty game name; choose among " + ", ".join(all_specs()))
    head, *option_texts = text.split(",")
    game_id, _, variant = head.strip().lower().partition(":")
    games = _load()
    if game_id not in games:
        raise SpecError(f"unknown game '{game_id}'; choose among " + ", ".join(all_specs()))
    cls = games[game_id]
    known = {o.name: o for o in cls.option_list}
    options: dict[str, object] = {}
    for item in option_texts:
        key, equals, value = item.partition("=")
        key = key.strip().lower()
        if not equals or not key:
            raise SpecError(f"{game_id}: options are written name=value, not '{item}'")
        if key not in known:
            names = ", ".join(known) or "none"
            raise SpecError(f"{game_id}: unknown option '{key}'; options are {names}")
        options[key] = known[key].parse(value, game_id)
    return cls(variant.strip(), options)
