"""Boissière's six captures, found on bitboards: who reaches what, the relations, and the
captures found again only near the squares a decision changed.

"X at one regular step of Y": Y could reach X's square by one regular move, the
squares between empty.  A pyramid reaches as every shape it still contains and
captures with its total or any layer's value; it is taken whole (by its total, or
by emprisonnement) or one layer at a time (by a layer's value).
"""

from __future__ import annotations

from itertools import combinations

from engines.rithmomachie.arith import assault_mask, assault_relation, is_power, pair_relation
from engines.rithmomachie.board import Board
from engines.rithmomachie.fields import Cells
from engines.rithmomachie.moves import Take
from engines.rithmomachie.pieces import SHAPES, Piece
from engines.rithmomachie.rules import Found, Rules

How = tuple[str, tuple[int, ...], str, int]
"""How a capture is made: kind, captors' squares, the relation in words, the bits of
the squares it depends on."""
Near = list[tuple[int, int]]
"""Pieces that have a square at one regular step: ``(square, bits between)``."""

_values: dict[Piece, tuple[int, ...]] = {}
_targets: dict[Piece, tuple[tuple[tuple[int, ...], int], ...]] = {}


def values(p: Piece) -> tuple[int, ...]:
    """The numbers a piece captures with: its value, and a pyramid's layers too."""
    found = _values.get(p)
    if found is None:
        found = tuple(dict.fromkeys((p.value, *(v for _, v in p.layers))))
        _values[p] = found
    return found


def targets(p: Piece) -> tuple[tuple[tuple[int, ...], int], ...]:
    """``(layers, value)`` by which a piece can be taken: whole by its value (no layers),
    a pyramid of two layers or more also one layer at a time."""
    found = _targets.get(p)
    if found is None:
        found = (((), p.value),)
        if len(p.layers) >= 2:
            found += tuple(((v,), v) for _, v in p.layers)
        _targets[p] = found
    return found


def _by_victim(item: Found) -> tuple[int, tuple[int, ...]]:
    return item[0].square, item[0].layers


def power_text(a: int, b: int) -> str:
    low, high = (a, b) if a < b else (b, a)
    exponent, power = 1, low
    while power < high:
        power *= low
        exponent += 1
    return f"{high} = {low}^{exponent}"


class BoissiereCaptures(Rules):
    """How captures are found on Boissière's board (see :class:`BoissiereRules`)."""

    def __init__(self, board: Board, prison_any: bool) -> None:
        super().__init__(board)
        self.prison_any = prison_any
        self.steps = board.steps
        self.reached_bits = board.reached_bits
        self.step_area = board.step_area
        self.leaps = board.leaps
        self.leap_moves = {
            shape: tuple(tuple((t, self.path(sq, t)) for t in board.leaps[shape][sq])
                         for sq in range(board.size))
            for shape in board.leaps}

    # -- who reaches what -------------------------------------------------------------

    def attackers(self, cells: Cells, square: int, own: int, occupied: int) -> Near:
        """The pieces of ``own`` (bits) that have ``square`` at one regular step."""
        out = []
        reached = self.reached_bits
        for shape in SHAPES:
            for origin, between in reached[shape][square]:
                if own >> origin & 1 and not occupied & between and \
                        shape in cells[origin].shapes:  # type: ignore[union-attr]
                    out.append((origin, between))
        return out

    def lined(self, own: int, occupied: int, square: int) -> list[tuple[int, int, int]]:
        """``(square, squares between, bits between)`` of the pieces of ``own`` first met
        along each line from ``square``."""
        out = []
        distance = self.board.distance[square]
        for mask, up in self.board.ray_masks[square]:
            blockers = occupied & mask
            if blockers:
                if up:
                    first = (blockers & -blockers).bit_length() - 1
                    between = mask & ((1 << first) - 1)
                else:
                    first = blockers.bit_length() - 1
                    between = mask >> (first + 1) << (first + 1)
                if own >> first & 1:
                    out.append((first, distance[first] - 1, between))
        return out

    def imprisoned(self, cells: Cells, square: int, side: int) -> bool:
        """Whether the piece on ``square`` has no regular move, every one that stays on
        the board being blocked by a piece of ``side`` (``prison=any``: by any piece,
        one of ``side`` at least)."""
        p = cells[square]
        assert p is not None
        enemy_seen = False
        for shape in p.shapes:
            for target, between in self.steps[shape][square]:
                for b in between:
                    blocker = cells[b]
                    if blocker is not None:
                        break
                else:
                    blocker = cells[target]
                if blocker is None:
                    return False
                if blocker.side == side:
                    enemy_seen = True
                elif not self.prison_any:
                    return False
        return enemy_seen

    def how(self, cells: Cells, square: int, layers: tuple[int, ...], x: int, side: int,
            near: Near, lined: list[tuple[int, int, int]]) -> How | None:
        """How ``side`` may take ``x`` on ``square`` (``near``: its pieces that have the
        square at one regular step; ``lined``: its pieces on a clear line with it)."""
        here = 1 << square
        for c, between in near:
            for a in values(cells[c]):  # type: ignore[arg-type]
                if a == x:
                    return "rencontre", (c,), f"{a} = {x}", here | between | 1 << c
                if is_power(a, x):
                    return "puissance", (c,), power_text(a, x), here | between | 1 << c
        for (c1, b1), (c2, b2) in combinations(near, 2):
            for a in values(cells[c1]):  # type: ignore[arg-type]
                for b in values(cells[c2]):  # type: ignore[arg-type]
                    relation = pair_relation(x, a, b)
                    if relation:
                        kind = "embuche" if "=" in relation else "progression"
                        return kind, (c1, c2), relation, here | b1 | b2 | 1 << c1 | 1 << c2
        for c, gap, between in lined:
            for a in values(cells[c]):  # type: ignore[arg-type]
                if assault_mask(x, a) >> gap & 1:
                    return ("assaut", (c,), assault_relation(x, a, gap),
                            here | between | 1 << c)
        if not layers and self.imprisoned(cells, square, side):
            p = cells[square]
            area = here
            for shape in p.shapes:  # type: ignore[union-attr]
                area |= self.step_area[shape][square]
            return "emprisonnement", (), f"{x} bloqué", area
        return None

    # -- captures after a move or a pose ----------------------------------------------

    def scan(self, cells: Cells, side: int, bits: tuple[int, int], squares: int,
             first: bool = False) -> list[Found]:
        own = bits[side]
        occupied = own | bits[1 - side]
        victims = bits[1 - side] & squares
        names = self.board.names
        zone = self.board.zone
        out: list[Found] = []
        while victims:
            low = victims & -victims
            victims ^= low
            square = low.bit_length() - 1
            near = self.attackers(cells, square, own, occupied) if own & zone[square] else []
            lined = self.lined(own, occupied, square)
            for layers, x in targets(cells[square]):  # type: ignore[arg-type]
                found = self.how(cells, square, layers, x, side, near, lined)
                if found is not None:
                    kind, captors, detail, depends = found
                    out.append((Take(square, layers, names[square], kind,
                                     tuple(names[c] for c in captors), detail), depends))
                    if first:
                        return out
        return out

    def local(self, cells: Cells, bits: tuple[int, int], changed: int, side: int) -> int:
        """Every victim that a change on ``changed`` may concern (see :meth:`derive`)."""
        full, near, lines = self._around(bits, changed, side)
        for victim, _, _, _ in lines:
            full |= 1 << victim
        return full | near

    def _around(self, bits: tuple[int, int], changed: int, side: int
                ) -> tuple[int, int, list[tuple[int, int, int, int]]]:
        """What to examine again after ``changed`` changed: the victims to look at whole,
        those that only their near pieces (steps, pairs, prisons) may now take, and the
        assaults to try along a line through a changed square: ``(victim, captor,
        squares between, bits between)``."""
        own = bits[side]
        enemy = bits[1 - side]
        occupied = own | enemy
        board = self.board
        masks = board.ray_masks
        axes = board.axes
        distances = board.distance
        full = near = 0
        lines: list[tuple[int, int, int, int]] = []
        while changed:
            low = changed & -changed
            changed ^= low
            square = low.bit_length() - 1
            if enemy & low:
                # a new victim; with prison=any it may also close a prison around it
                full |= low
                if self.prison_any:
                    near |= board.near[square] & enemy
                continue
            if own & low:
                # a new captor: its steps, pairs and prisons, and its lines
                near |= board.near[square] & enemy
                for mask, up in masks[square]:
                    blockers = occupied & mask
                    if blockers:
                        first = (blockers & -blockers).bit_length() - 1 if up \
                            else blockers.bit_length() - 1
                        if enemy >> first & 1:
                            between = mask & ((1 << first) - 1) if up \
                                else mask >> (first + 1) << (first + 1)
                            lines.append((first, square, distances[square][first] - 1,
                                          between))
                continue
            # an emptied square: steps across it, and each line through it now joined
            near |= board.through[square] & enemy
            for (mask_a, up_a), (mask_b, up_b) in axes[square]:
                blockers_a = occupied & mask_a
                blockers_b = occupied & mask_b
                if not blockers_a or not blockers_b:
                    continue
                a = (blockers_a & -blockers_a).bit_length() - 1 if up_a \
                    else blockers_a.bit_length() - 1
                b = (blockers_b & -blockers_b).bit_length() - 1 if up_b \
                    else blockers_b.bit_length() - 1
                if own >> a & 1:
                    if enemy >> b & 1:
                        lines.append((b, a, distances[a][b] - 1, board.between(a, b)))
                elif own >> b & 1 and enemy >> a & 1:
                    lines.append((a, b, distances[a][b] - 1, board.between(a, b)))
        return full, near, lines

    def derive(self, kind: str, before: list[Found], cells: Cells, side: int,
               bits: tuple[int, int], changed: int) -> list[Found]:
        """As :meth:`Rules.derive`, but examining each victim only for what the change
        may have given: near a changed square its near captors, along a line through
        one an assault on that line; the victims of broken captures are examined whole."""
        if not changed or kind != "captures":
            return super().derive(kind, before, cells, side, bits, changed)
        full, near, lines = self._around(bits, changed, side)
        kept = []
        for item in before:
            if item[1] & changed:
                full |= 1 << item[0].square
            else:
                kept.append(item)
        found = [item for item in kept if not full >> item[0].square & 1]
        found += self.scan(cells, side, bits, full)
        near &= ~full
        if near or lines:
            present = {(take.square, take.layers) for take, _ in found}
            names = self.board.names
            own = bits[side]
            occupied = own | bits[1 - side]
            while near:
                low = near & -near
                near ^= low
                square = low.bit_length() - 1
                captors = self.attackers(cells, square, own, occupied)
                for layers, x in targets(cells[square]):  # type: ignore[arg-type]
                    if (square, layers) in present:
                        continue
                    how = self.how(cells, square, layers, x, side, captors, [])
                    if how is not None:
                        present.add((square, layers))
                        found.append((Take(square, layers, names[square], how[0],
                                           tuple(names[c] for c in how[1]), how[2]), how[3]))
            for victim, captor, gap, between in lines:
                if full >> victim & 1:
                    continue
                for layers, x in targets(cells[victim]):  # type: ignore[arg-type]
                    if (victim, layers) in present:
                        continue
                    for a in values(cells[captor]):  # type: ignore[arg-type]
                        if assault_mask(x, a) >> gap & 1:
                            present.add((victim, layers))
                            found.append((Take(victim, layers, names[victim], "assaut",
                                               (names[captor],),
                                               assault_relation(x, a, gap)),
                                          between | 1 << captor | 1 << victim))
                            break
        found.sort(key=_by_victim)
        return found
