"""The compilation's captures, found on bitboards: ambush, assault and sally, siege, and
the captures found again only near the squares a decision changed.

A pyramid attacks with its total or its base value.  It is taken whole by its total
or base value, or loses one layer or several whose values add up to the capturing
number.
"""

from __future__ import annotations

from itertools import combinations, product

from engines.rithmomachie.arith import subset_relations
from engines.rithmomachie.board import STEP_LENGTH, Board
from engines.rithmomachie.fields import Cells
from engines.rithmomachie.moves import Strike, Take
from engines.rithmomachie.pieces import Piece
from engines.rithmomachie.rules import Found, Rules, as_strike
from engines.rithmomachie.state import RithmoState

_attack: dict[Piece, tuple[int, ...]] = {}
_targets: dict[Piece, dict[int, tuple[tuple[int, ...], ...]]] = {}


def attack_values(p: Piece) -> tuple[int, ...]:
    """A piece's value; a pyramid's total and its base layer's value."""
    found = _attack.get(p)
    if found is None:
        found = tuple(dict.fromkeys((p.value, p.base[1])))
        _attack[p] = found
    return found


def targets(p: Piece) -> dict[int, tuple[tuple[int, ...], ...]]:
    """Number -> the ways it takes the piece: ``()`` whole, else the layers taken."""
    found = _targets.get(p)
    if found is None:
        ways: dict[int, list[tuple[int, ...]]] = {v: [()] for v in attack_values(p)}
        layers = [v for _, v in p.layers]
        for size in range(1, len(layers)):
            for group in combinations(layers, size):
                ways.setdefault(sum(group), []).append(group)
        found = {v: tuple(w) for v, w in ways.items()}
        _targets[p] = found
    return found


def _by_captor(item: Found) -> tuple[int, int, tuple[int, ...]]:
    return as_strike(item[0]).captor, item[0].square, item[0].layers


def move_shape(p: Piece) -> str:
    """The shape a piece moves as (a pyramid: its bottom layer's)."""
    return p.base[0]


class MedievalCaptures(Rules):
    """How captures are found on the compilation's board (see :class:`MedievalRules`)."""

    poseable_layers = True

    def __init__(self, board: Board, siege_all: bool) -> None:
        super().__init__(board)
        self.siege_ring = board.neighbours if siege_all else board.orthogonal
        self.neighbour_bits = tuple(sum(1 << n for n in ring) for ring in board.neighbours)
        self.siege_bits = tuple(sum(1 << n for n in ring) for ring in self.siege_ring)
        self.steps = board.steps
        self.rays = board.rays

    # -- ambush ----------------------------------------------------------------------

    def ambush(self, cells: Cells, square: int, side: int) -> list[Found]:
        """The ways ``side`` may take the piece on ``square`` by ambush."""
        near = [sq for sq in self.board.neighbours[square]
                if (p := cells[sq]) is not None and p.side == side]
        if len(near) < 2:
            return []
        victim = cells[square]
        assert victim is not None
        ways = targets(victim)
        names = self.board.names
        out: dict[tuple[int, ...], Found] = {}
        for choice in product(*(attack_values(cells[sq]) for sq in near)):  # type: ignore[arg-type]
            for number, (sign, group) in subset_relations(choice).items():
                for layers in ways.get(number, ()):
                    if layers not in out:
                        terms = f" {sign} ".join(
                            str(v) for v in sorted((choice[i] for i in group), reverse=True))
                        depends = 1 << square
                        for i in group:
                            depends |= 1 << near[i]
                        out[layers] = (Take(square, layers, names[square], "ambush",
                                            tuple(names[near[i]] for i in group),
                                            f"{number} = {terms}"), depends)
        return list(out.values())

    def scan(self, cells: Cells, side: int, bits: tuple[int, int], squares: int,
             first: bool = False) -> list[Found]:
        own = bits[side]
        victims = bits[1 - side] & squares
        neighbourhood = self.neighbour_bits
        out: list[Found] = []
        while victims:
            low = victims & -victims
            victims ^= low
            square = low.bit_length() - 1
            if (own & neighbourhood[square]).bit_count() >= 2:
                out += self.ambush(cells, square, side)
                if first and out:
                    return out
        return out

    def local(self, cells: Cells, bits: tuple[int, int], changed: int, side: int) -> int:
        # an ambush needs a captor arriving next to a victim, or a victim arriving
        own = bits[side]
        out = changed & bits[1 - side]
        neighbourhood = self.neighbour_bits
        changed &= own
        while changed:
            low = changed & -changed
            changed ^= low
            out |= neighbourhood[low.bit_length() - 1]
        return out

    # -- assault and sally -------------------------------------------------------------

    def strikes(self, cells: Cells, square: int, side: int, bits: tuple[int, int],
                rays: tuple[tuple[int, bool], ...] | None = None) -> list[Found]:
        """Assaults and sallies of the piece on ``square`` (along ``rays``, all by
        default), with the squares they depend on."""
        p = cells[square]
        assert p is not None
        reach = STEP_LENGTH[move_shape(p)]
        mine = attack_values(p)
        names = self.board.names
        enemy = bits[1 - side]
        occupied = bits[side] | enemy
        distances = self.board.distance[square]
        out: dict[tuple[int, tuple[int, ...]], Found] = {}
        for mask, up in self.board.ray_masks[square] if rays is None else rays:
            blockers = occupied & mask
            if not blockers:
                continue
            if up:
                first = (blockers & -blockers).bit_length() - 1
                depends = mask & ((1 << (first + 1)) - 1)
            else:
                first = blockers.bit_length() - 1
                depends = mask >> first << first
            if not enemy >> first & 1:
                continue
            depends |= 1 << square
            distance = distances[first]
            ways = targets(cells[first])  # type: ignore[arg-type]
            for n in mine:
                if distance == reach:
                    for layers in ways.get(n, ()):
                        out.setdefault((first, layers), (Strike(
                            square, first, layers, (names[square], names[first]), "assault",
                            (names[square],), f"{n} = {n}"), depends))
                x = distance + 1
                for layers in ways.get(n * x, ()):
                    out.setdefault((first, layers), (Strike(
                        square, first, layers, (names[square], names[first]), "sally",
                        (names[square],), f"{n} × {x} = {n * x}"), depends))
        return list(out.values())

    def derive(self, kind: str, before: list[Found], cells: Cells, side: int,
               bits: tuple[int, int], changed: int) -> list[Found]:
        """As :meth:`Rules.derive`; for assaults and sallies, a piece that only a line
        through a changed square concerns is looked at along that line alone."""
        if not changed or kind != "strikes":
            return super().derive(kind, before, cells, side, bits, changed)
        own = bits[side]
        occupied = own | bits[1 - side]
        board = self.board
        full = changed & own
        found = [item for item in before
                 if not item[1] & changed and not full >> as_strike(item[0]).captor & 1]
        fresh = False
        while full:
            low = full & -full
            full ^= low
            found += self.strikes(cells, low.bit_length() - 1, side, bits)
            fresh = True
        others = changed & ~own
        enemy = bits[1 - side]
        toward = board.toward
        while others:
            low = others & -others
            others ^= low
            square = low.bit_length() - 1
            for mask, up in board.ray_masks[square]:
                blockers = occupied & mask
                if not blockers:
                    continue
                first = (blockers & -blockers).bit_length() - 1 if up \
                    else blockers.bit_length() - 1
                if not own >> first & 1 or changed >> first & 1:
                    continue
                # the piece first on this line looks along it, through the change
                ray_mask, ray_up = toward[first][square]
                beyond = occupied & ray_mask
                target = (beyond & -beyond).bit_length() - 1 if ray_up \
                    else beyond.bit_length() - 1
                if beyond and enemy >> target & 1:
                    for item in self.strikes(cells, first, side, bits, ((ray_mask, ray_up),)):
                        strike = item[0]
                        if not any(as_strike(s).captor == first and s.square == strike.square
                                   and s.layers == strike.layers for s, _ in found):
                            found.append(item)
                            fresh = True
        if fresh:
            found.sort(key=_by_captor)
        return found

    def find(self, kind: str, cells: Cells, side: int, bits: tuple[int, int], squares: int
             ) -> list[Found]:
        if kind != "strikes":
            return self.scan(cells, side, bits, squares)
        out: list[Found] = []
        own = bits[side] & squares
        while own:
            low = own & -own
            own ^= low
            out += self.strikes(cells, low.bit_length() - 1, side, bits)
        return out

    def region(self, kind: str, cells: Cells, bits: tuple[int, int], changed: int,
               side: int) -> int:
        if kind != "strikes":
            return self.local(cells, bits, changed, side)
        # the captors to look at again: one that arrived, and those first on a line
        # through a square that opened or received an enemy piece
        own = bits[side]
        occupied = own | bits[1 - side]
        masks = self.board.ray_masks
        out = changed & own
        changed &= ~own
        while changed:
            low = changed & -changed
            changed ^= low
            for mask, up in masks[low.bit_length() - 1]:
                blockers = occupied & mask
                if blockers:
                    out |= (blockers & -blockers) if up else 1 << (blockers.bit_length() - 1)
        return out

    def threats(self, state: RithmoState, side: int) -> list[tuple[int, tuple[int, ...]]]:
        found = {(take.square, take.layers) for take, _ in self.found_for(state, side)}
        for strike, _ in self.findings(state, "strikes", side):
            found.add((strike.square, strike.layers))
        return sorted(found)

    # -- siege ---------------------------------------------------------------------------

    def in_danger(self, cells: Cells, square: int, by: int, bits: tuple[int, int]) -> bool:
        """Whether ``by`` could take (part of) the piece on ``square`` at once: by assault
        or sally, or by an ambush already laid."""
        victim = cells[square]
        assert victim is not None
        ways = targets(victim)
        occupied = bits[0] | bits[1]
        distances = self.board.distance[square]
        for mask, up in self.board.ray_masks[square]:
            blockers = occupied & mask
            if not blockers:
                continue
            first = (blockers & -blockers).bit_length() - 1 if up else blockers.bit_length() - 1
            if not bits[by] >> first & 1:
                continue
            q = cells[first]
            distance = distances[first]
            for n in attack_values(q):  # type: ignore[arg-type]
                if n * (distance + 1) in ways:
                    return True
                if n in ways and distance == STEP_LENGTH[move_shape(q)]:  # type: ignore[arg-type]
                    return True
        return bool(self.ambush(cells, square, by))

    def sieges(self, cells: Cells, side: int, bits: tuple[int, int]) -> list[Take]:
        """The enemy pieces surrounded by pieces of ``side`` that are out of danger."""
        names = self.board.names
        own = bits[side]
        enemy = bits[1 - side]
        rings = self.siege_bits
        out = []
        while enemy:
            low = enemy & -enemy
            enemy ^= low
            square = low.bit_length() - 1
            if rings[square] & ~own:
                continue
            ring = self.siege_ring[square]
            if not any(self.in_danger(cells, sq, 1 - side, bits) for sq in ring):
                p = cells[square]
                out.append(Take(square, (), names[square], "siege",
                                tuple(names[sq] for sq in ring),
                                f"{p.value} assiégé"))  # type: ignore[union-attr]
        return out
