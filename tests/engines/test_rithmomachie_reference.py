"""Rithmomachie's captures against a plain reading of the rules.

The engine finds captures on bitboards, again only near each change; here every
capture of both rule sets is written the slow, obvious way, straight from the
rulings, and the two must agree on random positions (pieces scattered over the
board, pyramids with some layers gone, posed pieces)."""

from __future__ import annotations

import random
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines import find_game
from engines.rithmomachie import MOVE, Pose, RithmoState, Strike
from engines.rithmomachie.game import Rithmomachie
from engines.rithmomachie.pieces import PYRAMID_LAYERS, Piece, piece, pyramid

Cells = tuple[Piece | None, ...]
KING = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
LENGTH = {"C": 1, "T": 2, "S": 3}
POOL = {
    0: ["2C", "4C", "6C", "8C", "4C", "16C", "36C", "64C", "6T", "9T", "20T", "25T", "42T",
        "49T", "72T", "81T", "15S", "25S", "45S", "81S", "153S", "169S", "289S", "1C", "9T"],
    1: ["3C", "5C", "7C", "9C", "9C", "25C", "49C", "81C", "12T", "16T", "30T", "36T", "56T",
        "64T", "90T", "100T", "28S", "49S", "66S", "120S", "121S", "225S", "361S", "36T"],
}
"""Plain pieces of each side (a few pyramid layers, as posed pieces would be, too)."""


def scatter(game: Rithmomachie, rng: random.Random) -> RithmoState:
    """A random position: 8 to 30 pieces, each side's pyramid (some layers gone) or not."""
    board = game.board
    cells: list[Piece | None] = [None] * board.size
    squares = rng.sample(range(board.size), rng.randint(8, 30))
    for i, sq in enumerate(squares):
        side = i % 2
        if i < 2 and rng.random() < 0.8:
            layers = PYRAMID_LAYERS[91 if side == 0 else 190]
            kept = tuple(layer for layer in layers if rng.random() < 0.7) or layers[:1]
            cells[sq] = pyramid(side, kept)
        else:
            token = rng.choice(POOL[side])
            cells[sq] = piece(side, token[-1], int(token[:-1]), rng.random() < 0.2)
    side = rng.randrange(2)
    return RithmoState(game, tuple(cells), side, MOVE, ((), ()), 0)


def xy(game: Rithmomachie, sq: int) -> tuple[int, int]:
    return sq % game.board.width, sq // game.board.width


def at(game: Rithmomachie, x: int, y: int) -> int:
    board = game.board
    return y * board.width + x if 0 <= x < board.width and 0 <= y < board.height else -1


def walk(game: Rithmomachie, sq: int, d: tuple[int, int], count: int) -> list[int]:
    x, y = xy(game, sq)
    out = []
    for k in range(1, count + 1):
        nxt = at(game, x + k * d[0], y + k * d[1])
        if nxt < 0:
            break
        out.append(nxt)
    return out


def power(a: int, b: int) -> bool:
    low, high = sorted((a, b))
    if low < 2:
        return False
    n = low * low
    while n < high:
        n *= low
    return n == high


def progression(a: int, b: int, c: int) -> bool:
    x, y, z = sorted((a, b, c))
    if x == y or y == z:
        return False
    return y - x == z - y or y * y == x * z or z * (y - x) == x * (z - y)


# --------------------------------------------------------------------------- Boissière


def b_shapes(p: Piece) -> list[str]:
    return sorted({s for s, _ in p.layers}) if p.is_pyramid else [p.shape]


def b_values(p: Piece) -> set[int]:
    return {p.value, *(v for _, v in p.layers)}


def b_steps(game: Rithmomachie, cells: Cells, sq: int) -> list[tuple[int, list[int]]]:
    """Regular steps of the piece on ``sq``: (target, squares between), on the board."""
    p = cells[sq]
    assert p is not None
    out = []
    for shape in b_shapes(p):
        dirs = KING[4:] if shape == "C" else KING[:4]
        for d in dirs:
            path = walk(game, sq, d, LENGTH[shape])
            if len(path) == LENGTH[shape]:
                out.append((path[-1], path[:-1]))
    return out


def b_reaches(game: Rithmomachie, cells: Cells, c: int, v: int) -> bool:
    return any(t == v and all(cells[b] is None for b in between)
               for t, between in b_steps(game, cells, c))


def b_imprisoned(game: Rithmomachie, cells: Cells, v: int, by: int, any_piece: bool) -> bool:
    enemy_seen = False
    for _, path in ((t, [*between, t]) for t, between in b_steps(game, cells, v)):
        blocker = next((cells[s] for s in path if cells[s] is not None), None)
        if blocker is None:
            return False
        if blocker.side == by:
            enemy_seen = True
        elif not any_piece:
            return False
    return enemy_seen


def b_pair(x: int, a: int, b: int) -> bool:
    high, low = max(a, b), min(a, b)
    return (a + b == x or high - low == x or a * b == x
            or (high % low == 0 and high // low == x) or progression(x, a, b))


def b_assault(a: int, x: int, between: int) -> bool:
    """The product or the quotient (larger by smaller) is the number of squares between
    the two pieces; neighbours (none between) never."""
    high, low = max(a, x), min(a, x)
    return between > 0 and (a * x == between or (high % low == 0 and high // low == between))


def b_captures(game: Rithmomachie, cells: Cells, side: int) -> set[str]:
    """Every ``xSQ`` / ``xSQ:layer`` that ``side`` may take after a move."""
    names = game.board.names
    any_piece = game.options["prison"] == "any"
    mine = [sq for sq, p in enumerate(cells) if p is not None and p.side == side]
    out = set()
    for v, victim in enumerate(cells):
        if victim is None or victim.side == side:
            continue
        near = [c for c in mine if b_reaches(game, cells, c, v)]
        lined = []
        for d in KING:
            for s in walk(game, v, d, 99):
                if cells[s] is not None:
                    if cells[s].side == side:  # type: ignore[union-attr]
                        lined.append((s, max(abs(xy(game, s)[0] - xy(game, v)[0]),
                                             abs(xy(game, s)[1] - xy(game, v)[1])) - 1))
                    break
        ways: list[tuple[tuple[int, ...], int]] = [((), victim.value)]
        if len(victim.layers) >= 2:
            ways += [((v2,), v2) for _, v2 in victim.layers]
        for layers, x in ways:
            ok = any(a == x or power(a, x) for c in near for a in b_values(cells[c]))  # type: ignore[arg-type]
            ok = ok or any(b_pair(x, a, b) for c1, c2 in combinations(near, 2)
                           for a in b_values(cells[c1]) for b in b_values(cells[c2]))  # type: ignore[arg-type]
            ok = ok or any(b_assault(a, x, gap)
                           for c, gap in lined for a in b_values(cells[c]))  # type: ignore[arg-type]
            ok = ok or (not layers and b_imprisoned(game, cells, v, side, any_piece))
            if ok:
                out.add("x" + names[v] + (f":{layers[0]}" if layers else ""))
    return out


def b_strikes(game: Rithmomachie, cells: Cells, side: int) -> set[str]:
    """Every capture first ``C3xA3`` of ``side``."""
    names = game.board.names
    any_piece = game.options["prison"] == "any"
    mine = [sq for sq, p in enumerate(cells) if p is not None and p.side == side]
    out = set()
    for c in mine:
        for t, between in b_steps(game, cells, c):
            victim = cells[t]
            if victim is None or victim.side == side or any(cells[b] is not None
                                                             for b in between):
                continue
            x = victim.value
            own = b_values(cells[c])  # type: ignore[arg-type]
            others = [o for o in mine if o != c and b_reaches(game, cells, o, t)]
            gap = len(between)
            if (any(a == x or power(a, x) for a in own)
                    or any(b_pair(x, a, b) for o in others for a in own
                           for b in b_values(cells[o]))  # type: ignore[arg-type]
                    or any(b_assault(a, x, gap) for a in own)
                    or b_imprisoned(game, cells, t, side, any_piece)):
                out.add(f"{names[c]}x{names[t]}")
    return out


# --------------------------------------------------------------------------- compilation


def m_attack(p: Piece) -> set[int]:
    return {p.value, p.layers[0][1]} if p.is_pyramid else {p.value}


def m_ways(p: Piece) -> dict[int, set[tuple[int, ...]]]:
    """Number -> layers it takes (``()`` whole): whole by total or base, else any
    proper subset of layers by its sum."""
    ways: dict[int, set[tuple[int, ...]]] = {n: {()} for n in m_attack(p)}
    values = [v for _, v in p.layers]
    for size in range(1, len(values)):
        for group in combinations(values, size):
            ways.setdefault(sum(group), set()).add(group)
    return ways


def m_suffix(layers: tuple[int, ...]) -> str:
    return ":" + "+".join(map(str, layers)) if layers else ""


def m_ambushes(game: Rithmomachie, cells: Cells, side: int) -> set[str]:
    names = game.board.names
    out = set()
    for v, victim in enumerate(cells):
        if victim is None or victim.side == side:
            continue
        x0, y0 = xy(game, v)
        near = [s for s in (at(game, x0 + dx, y0 + dy) for dx, dy in KING)
                if s >= 0 and cells[s] is not None and cells[s].side == side]  # type: ignore[union-attr]
        ways = m_ways(victim)
        for size in range(2, len(near) + 1):
            for group in combinations(near, size):
                for values in product(*(sorted(m_attack(cells[s])) for s in group)):  # type: ignore[arg-type]
                    total, prod = sum(values), 1
                    for n in values:
                        prod *= n
                    numbers = {total} | ({prod} if prod > max(values) else set())
                    for n in numbers:
                        for layers in ways.get(n, ()):
                            out.add("x" + names[v] + m_suffix(layers))
    return out


def m_strikes(game: Rithmomachie, cells: Cells, side: int) -> set[str]:
    names = game.board.names
    out = set()
    for c, p in enumerate(cells):
        if p is None or p.side != side:
            continue
        reach = LENGTH[p.layers[0][0] if p.is_pyramid else p.shape]
        for d in KING:
            for k, s in enumerate(walk(game, c, d, 99), start=1):
                q = cells[s]
                if q is None:
                    continue
                if q.side != side:
                    ways = m_ways(q)
                    for n in m_attack(p):
                        taken = set(ways.get(n * (k + 1), ()))
                        if k == reach:
                            taken |= ways.get(n, set())
                        out |= {f"{names[c]}x{names[s]}" + m_suffix(t) for t in taken}
                break
    return out


def m_sieges(game: Rithmomachie, cells: Cells, side: int) -> set[str]:
    names = game.board.names
    ring = KING if game.options["siege"] == 8 else KING[:4]
    strikes_back = m_strikes(game, cells, 1 - side)
    out = set()
    for v, victim in enumerate(cells):
        if victim is None or victim.side == side:
            continue
        x0, y0 = xy(game, v)
        around = [s for s in (at(game, x0 + dx, y0 + dy) for dx, dy in ring) if s >= 0]
        if not all(cells[s] is not None and cells[s].side == side for s in around):  # type: ignore[union-attr]
            continue
        besiegers = {names[s] for s in around}
        danger = {m.split("x")[1].split(":")[0] for m in strikes_back}
        danger |= {m[1:].split(":")[0] for m in m_ambushes(game, cells, 1 - side)}
        if not besiegers & danger:
            out.add("x" + names[v])
    return out


# --------------------------------------------------------------------------- the checks

SPECS = ["rithmomachie:boissiere", "rithmomachie:boissiere,prison=any",
         "rithmomachie:medievale", "rithmomachie:medievale,siege=8,rows=14"]


@pytest.mark.parametrize("spec", SPECS)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_captures_agree_with_a_plain_reading_of_the_rules(spec: str, seed: int) -> None:
    game = find_game(spec)
    assert isinstance(game, Rithmomachie)
    rng = random.Random(seed)
    for _ in range(15):
        state = scatter(game, rng)
        cells, side = state.board, state.side
        found = {str(take) for take, _ in game.rules.found_for(state, side)}
        moves = {str(m) for m in state.legal_moves()}
        if game.variant == "boissiere":
            assert found == b_captures(game, cells, side), state.to_text()
            strikes = {str(m) for m in state.legal_moves() if isinstance(m, Strike)}
            assert strikes == b_strikes(game, cells, side), state.to_text()
        else:
            assert found == m_ambushes(game, cells, side), state.to_text()
            strikes = {str(m) for m in moves if "x" in m[1:] and not m.startswith("x")}
            assert strikes == m_strikes(game, cells, side), state.to_text()
            sieges = {m for m in moves if m.startswith("x")}
            assert sieges == m_sieges(game, cells, side), state.to_text()
        assert not any(isinstance(m, Pose) for m in state.legal_moves())
