"""The engines' memo tables, emptied together when a long-running program asks.

Several engines remember what they worked out once: the move objects of
jump chains, the steps of a throw at tables, the captures of a rithmomachy
position, the arithmetic of its numbers, a backgammon side's features.
Each table is bounded, but filled to its bound by a game that comes round
only now and then, it holds memory for hours.  A program that plays many
games in a row (the kiosk between two demonstrations) calls
:func:`clear_caches`; the next game builds what it needs again in a few
milliseconds.

A table joins with :func:`forgettable`: a dict or set (cleared in place,
so that modules holding it keep the same object) or a function wrapped by
:func:`functools.lru_cache` or :func:`functools.cache` (``cache_clear``).
Tables that are expensive to build again (solvers' tables, the registry's
games) do not join.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")

_TABLES: list[Any] = []


def forgettable(table: T) -> T:
    """Register ``table`` (a dict, a set or an lru-cached function) and return it."""
    if not (isinstance(table, (dict, set)) or hasattr(table, "cache_clear")):
        raise TypeError(f"cannot forget a {type(table).__name__}: a dict, a set or a "
                        "functools cache is needed")
    if not any(known is table for known in _TABLES):
        _TABLES.append(table)
    return table


def remember(table: dict[K, V], key: K, value: V, limit: int) -> V:
    """Put ``value`` into a bounded memo ``table`` under ``key`` and return it; a table
    holding ``limit`` entries is emptied first (cheaper than ageing its entries)."""
    if len(table) >= limit:
        table.clear()
    table[key] = value
    return value


def cached_entries() -> int:
    """How many entries the registered tables hold together."""
    return sum(_size(table) for table in _TABLES)


def clear_caches() -> int:
    """Empty every registered table; return how many entries were dropped."""
    dropped = cached_entries()
    for table in _TABLES:
        if isinstance(table, (dict, set)):
            table.clear()
        else:
            table.cache_clear()
    return dropped


def _size(table: Any) -> int:
    if isinstance(table, (dict, set)):
        return len(table)
    info = getattr(table, "cache_info", None)
    return int(info().currsize) if info is not None else 0
