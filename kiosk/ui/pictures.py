"""Caches of drawn pictures (pieces, text, seeds) and fonts, emptied together between two
shows.

Each cache is a bounded ``lru_cache``; a kiosk running for days would still
keep, in every one of them, the pictures of games long over, and churn its
heap replacing them. :func:`picture_cache` registers a cache;
:func:`forget_pictures` empties them all (the attract mode does it as each
show begins, before giving the memory back), and the next frames draw again
what they need.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import _lru_cache_wrapper, lru_cache
from typing import Any, TypeVar

T = TypeVar("T")

_CACHES: list[_lru_cache_wrapper[Any]] = []


def picture_cache(maxsize: int) -> Callable[[Callable[..., T]], _lru_cache_wrapper[T]]:
    """``functools.lru_cache(maxsize)``, emptied by :func:`forget_pictures`."""

    def decorate(function: Callable[..., T]) -> _lru_cache_wrapper[T]:
        cached = lru_cache(maxsize=maxsize)(function)
        _CACHES.append(cached)
        return cached

    return decorate


def forget_pictures() -> int:
    """Empty every picture cache; the number of pictures dropped."""
    dropped = cached_pictures()
    for cache in _CACHES:
        cache.cache_clear()
    return dropped


def cached_pictures() -> int:
    """Pictures held now, over all the caches."""
    return sum(cache.cache_info().currsize for cache in _CACHES)
