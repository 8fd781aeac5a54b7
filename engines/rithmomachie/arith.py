"""The arithmetic of the game: progressions, powers, the relations captures test,
and the digits that victories count.

Progressions are of three distinct numbers ``a < b < c``: arithmetic when
``b - a == c - b``, geometric when ``b * b == a * c``, harmonic when
``c / a == (c - b) / (b - a)`` (Boutin's footnote), i.e. ``c * (b - a) == a * (c - b)``
(4, 6, 12).  Kinds are bits: :data:`ARITHMETIC`, :data:`GEOMETRIC`, :data:`HARMONIC`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations

from engines.caches import forgettable

ARITHMETIC, GEOMETRIC, HARMONIC = 1, 2, 4
ALL_KINDS = ARITHMETIC | GEOMETRIC | HARMONIC
KIND_NAMES = {ARITHMETIC: "arithmétique", GEOMETRIC: "géométrique", HARMONIC: "harmonique"}
KIND_NAMES_EN = {ARITHMETIC: "arithmetic", GEOMETRIC: "geometric", HARMONIC: "harmonic"}


@forgettable
@lru_cache(maxsize=65536)
def progression(a: int, b: int, c: int) -> int:
    """The kinds of progression the three numbers form, in any order (0: none)."""
    x, y, z = sorted((a, b, c))
    if x == y or y == z:
        return 0
    kinds = 0
    if y - x == z - y:
        kinds |= ARITHMETIC
    if y * y == x * z:
        kinds |= GEOMETRIC
    if z * (y - x) == x * (z - y):
        kinds |= HARMONIC
    return kinds


def kinds_among(values: Sequence[int]) -> int:
    """The kinds formed by some three of ``values`` (any three of four may form one)."""
    kinds = 0
    for a, b, c in combinations(values, 3):
        kinds |= progression(a, b, c)
    return kinds


def kind_count(kinds: int) -> int:
    return bin(kinds).count("1")


def describe_kinds(kinds: int, en: bool = False) -> str:
    names = KIND_NAMES_EN if en else KIND_NAMES
    return ", ".join(name for bit, name in names.items() if kinds & bit)


@forgettable
@lru_cache(maxsize=65536)
def is_power(a: int, b: int) -> bool:
    """Whether one of ``a``, ``b`` is a power (exponent 2 or more) of the other."""
    low, high = (a, b) if a <= b else (b, a)
    if low < 2:
        return False
    power = low * low
    while power < high:
        power *= low
    return power == high


@forgettable
@lru_cache(maxsize=65536)
def pair_relation(victim: int, a: int, b: int) -> str:
    """How two captors' values ``a`` and ``b`` take ``victim`` (Boissière): the embûche
    (``12 = 8 + 4``) or the progression (``15, 20, 25``), or ``""``."""
    high, low = (a, b) if a >= b else (b, a)
    if high + low == victim:
        return f"{victim} = {high} + {low}"
    if high - low == victim:
        return f"{victim} = {high} - {low}"
    if high * low == victim:
        return f"{victim} = {high} × {low}"
    if low and high % low == 0 and high // low == victim:
        return f"{victim} = {high} / {low}"
    if progression(victim, a, b):
        x, y, z = sorted((victim, a, b))
        return f"{x}, {y}, {z}"
    return ""


def assault_relation(victim: int, captor: int, between: int) -> str:
    """Boissière's assault: the product or the quotient of the two values equals the
    number of squares between the two pieces (``36 / 12 = 3``: three squares between
    them), or ``""``.  Neighbours have none between them: never an assault."""
    if between < 1:
        return ""
    if victim * captor == between:
        return f"{captor} × {victim} = {between}"
    high, low = (victim, captor) if victim >= captor else (captor, victim)
    if high % low == 0 and high // low == between:
        return f"{high} / {low} = {between}"
    return ""


@forgettable
@lru_cache(maxsize=65536)
def assault_mask(victim: int, captor: int) -> int:
    """Bits of the numbers of squares between (1 to 14 on a line of 16) at which
    Boissière's assault works."""
    mask = 0
    for between in range(1, 15):
        if assault_relation(victim, captor, between):
            mask |= 1 << between
    return mask


def digit_count(values: Iterable[int]) -> int:
    """Digits written on the pieces (procès: 120 and 81 make 5)."""
    return sum(len(str(v)) for v in values)


def digit_set(values: Iterable[int]) -> frozenset[str]:
    """The distinct digits written on the pieces (De Lite)."""
    return frozenset("".join(str(v) for v in values))


def digit_sum(values: Iterable[int]) -> int:
    """The sum of every digit written on the pieces (Honore Liteque)."""
    return sum(int(d) for v in values for d in str(v))


def subset_relations(values: Sequence[int]) -> dict[int, tuple[str, tuple[int, ...]]]:
    """Medieval ambush: every number that two or more of ``values`` make as a sum or
    a product, with how (``"+"`` or ``"×"``) and the indices used (first found).

    The victim is "a higher numbered piece" than its captors: a product with a
    factor 1 (a posed pyramid layer 1) makes no number."""
    found: dict[int, tuple[str, tuple[int, ...]]] = {}
    indices = range(len(values))
    for size in range(2, len(values) + 1):
        for group in combinations(indices, size):
            total, product, largest = 0, 1, 0
            for i in group:
                total += values[i]
                product *= values[i]
                largest = max(largest, values[i])
            found.setdefault(total, ("+", group))
            if product > largest:
                found.setdefault(product, ("×", group))
    return found
