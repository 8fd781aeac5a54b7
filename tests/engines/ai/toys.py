"""Tiny games for testing the searches: explicit trees, Nim and Pig.

A :class:`TreeGame` plays an explicit tree: decision nodes of any player
(the same player may decide twice in a row), chance nodes with their
probabilities, finished games, and a heuristic value on every node for
depth-limited searches.  :func:`random_tree` builds random ones;
:func:`minimax` is the plain reference (expectiminimax) to compare with.
Pig has dice, a player deciding again and again between throws, two to four
players, and an evaluator (registered under the id ``pig``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from itertools import count
from typing import Any

from engines.ai.alphabeta import EVAL_LIMIT, terminal_score
from engines.ai.evaluation import register_evaluator
from engines.core import (
    CHANCE,
    TERMINAL,
    Dice,
    Ending,
    Game,
    Outcome,
    State,
    Variant,
)
from engines.geometry import Geometry, grid
from engines.outcomes import OutcomeCode


@dataclass
class Node:
    """A node of an explicit game tree.

    ``player`` is a player name, ``CHANCE`` or ``TERMINAL``; ``children`` maps
    a move to ``(probability, child)`` (probability ignored at decision
    nodes); ``winners`` is the result of a finished game (empty: a draw);
    ``heuristic`` is the evaluator's value for the first player.
    """

    player: str
    children: dict[str, tuple[float, Node]] = field(default_factory=dict)
    winners: tuple[str, ...] = ()
    heuristic: float = 0.0


def decide(player: str, heuristic: float = 0.0, **children: Node) -> Node:
    return Node(player, {m: (1.0, c) for m, c in children.items()}, heuristic=heuristic)


def dice(heuristic: float = 0.0, **children: tuple[float, Node]) -> Node:
    return Node(CHANCE, dict(children), heuristic=heuristic)


def end(*winners: str) -> Node:
    return Node(TERMINAL, winners=winners)


class TreeState(State):
    __slots__ = ("current_player", "game", "node", "path")
    game: TreeGame

    def __init__(self, game: TreeGame, node: Node, path: tuple[str, ...]) -> None:
        self.game = game
        self.node = node
        self.path = path
        self.current_player = node.player

    def legal_moves(self) -> Sequence[Any]:
        return list(self.node.children)

    def apply_unchecked(self, move: Any) -> TreeState:
        return TreeState(self.game, self.node.children[move][1], (*self.path, move))

    def chance_outcomes(self) -> Sequence[tuple[Any, float]]:
        if self.current_player is not CHANCE:
            return ()
        return [(m, p) for m, (p, _) in self.node.children.items()]

    def is_terminal(self) -> bool:
        return self.current_player is TERMINAL

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        return Outcome(self.node.winners, "fin", OutcomeCode.GOAL)  # the leaf reached

    def to_text(self) -> str:
        return "/".join(self.path) or "-"

    def key(self) -> Hashable:
        return self.path


_numbers = count()


def _has_dice(node: Node) -> bool:
    return node.player is CHANCE or any(_has_dice(c) for _, c in node.children.values())


class TreeGame(Game):
    """A game played on an explicit tree."""

    id = "tree"
    title = "Arbre"
    variants = (Variant("", "Arbre", "Un arbre de jeu explicite."),)
    option_list = ()

    def __init__(self, root: Node, players: tuple[str, ...] = ("a", "b")) -> None:
        self.root = root
        self._players = players
        self.number = next(_numbers)
        self.has_chance = _has_dice(root)
        super().__init__()

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    @property
    def spec(self) -> str:
        return f"tree-{self.number}"

    def initial_state(self) -> TreeState:
        return TreeState(self, self.root, ())

    def from_text(self, text: str) -> TreeState:
        state = self.initial_state()
        for move in text.split("/") if text != "-" else []:
            state = state.apply_unchecked(move)
        return state

    def geometry(self) -> Geometry:
        return grid(1, 1)

    def ending(self) -> Ending:
        return Ending("L'arbre est fini.")


def tree_evaluator(state: State, player: str) -> float:
    """The heuristic stored in the tree, for ``player``."""
    assert isinstance(state, TreeState)
    value = state.node.heuristic
    return value if player == state.game.players[0] else -value


class EvaluatedTreeGame(TreeGame):
    """A tree game whose evaluator is the stored heuristic (so bots use alpha-beta)."""

    id = "tree-evaluated"


register_evaluator("tree-evaluated")(tree_evaluator)


def random_tree(rng: random.Random, depth: int, players: tuple[str, ...] = ("a", "b")) -> Node:
    """A random tree: decisions of random players (repeats included), dice, results."""
    heuristic = round(rng.uniform(-0.9, 0.9), 2)
    if depth == 0 or rng.random() < 0.08:
        return end(*rng.choice([(p,) for p in players] + [()]))
    width = rng.randint(1, 3)
    if rng.random() < 0.25:
        weights = [rng.randint(1, 4) for _ in range(width)]
        total = sum(weights)
        return Node(
            CHANCE,
            {
                f"d{i}": (w / total, random_tree(rng, depth - 1, players))
                for i, w in enumerate(weights)
            },
            heuristic=heuristic,
        )
    player = rng.choice(players)
    children = {f"m{i}": (1.0, random_tree(rng, depth - 1, players)) for i in range(width)}
    return Node(player, children, heuristic=heuristic)


def minimax(
    state: State, depth: int, player: str, ply: int = 0, turn_depth: bool = False
) -> float:
    """Plain expectiminimax from ``player``'s side, scored like the alpha-beta
    (``turn_depth``: a decision right after the same player's costs no depth)."""
    if state.is_terminal():
        return terminal_score(state, player, ply)
    if depth == 0:
        return max(-EVAL_LIMIT, min(EVAL_LIMIT, tree_evaluator(state, player)))
    if state.current_player is CHANCE:
        return sum(
            p * minimax(state.apply_unchecked(m), depth, player, ply + 1, turn_depth)
            for m, p in state.chance_outcomes()
        )
    values = []
    for move in state.legal_moves():
        child = state.apply_unchecked(move)
        free = turn_depth and child.current_player == state.current_player
        values.append(minimax(child, depth if free else depth - 1, player, ply + 1, turn_depth))
    return max(values) if state.current_player == player else min(values)


# --------------------------------------------------------------------------- Nim


class NimState(State):
    """Heaps of counters; a move takes 1 to ``take`` counters from one heap; last take wins."""

    __slots__ = ("current_player", "game", "heaps", "last")
    game: Nim

    def __init__(self, game: Nim, heaps: tuple[int, ...], player: str, last: str = "") -> None:
        self.game = game
        self.heaps = heaps
        self.last = last
        self.current_player = TERMINAL if not any(heaps) else player

    def legal_moves(self) -> Sequence[Any]:
        if self.is_terminal():
            return []
        take = self.game.take
        return [
            (h, n) for h, size in enumerate(self.heaps) for n in range(1, min(size, take) + 1)
        ]

    def apply_unchecked(self, move: Any) -> NimState:
        heap, count = move
        heaps = list(self.heaps)
        heaps[heap] -= count
        a, b = self.game.players
        other = b if self.current_player == a else a
        return NimState(self.game, tuple(heaps), other, self.current_player)

    def is_terminal(self) -> bool:
        return self.current_player is TERMINAL

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        return Outcome((self.last,), "dernier pion pris", OutcomeCode.BLOCKED)  # none left to take

    def to_text(self) -> str:
        return ",".join(map(str, self.heaps)) + " " + self.current_player

    def key(self) -> Hashable:
        return (self.heaps, self.current_player)


class Nim(Game):
    id = "nim"
    title = "Nim"
    variants = (Variant("", "Nim", "Le dernier qui prend gagne."),)
    option_list = ()

    def __init__(self, heaps: tuple[int, ...], take: int = 99) -> None:
        self.heaps = heaps
        self.take = take
        super().__init__()

    @property
    def spec(self) -> str:
        return f"nim-{'-'.join(map(str, self.heaps))}-{self.take}"

    def initial_state(self) -> NimState:
        return NimState(self, self.heaps, self.players[0])

    def from_text(self, text: str) -> NimState:
        heaps, player = text.split()
        return NimState(self, tuple(int(h) for h in heaps.split(",")), player)

    def geometry(self) -> Geometry:
        return grid(1, 1)

    def ending(self) -> Ending:
        return Ending("Chaque coup retire au moins un pion.")


# --------------------------------------------------------------------------- Pig


PIG_FACES = tuple(Dice((face,)) for face in range(1, 7))


class PigState(State):
    """Pig: roll a die as often as you dare, a 1 loses the turn's points; hold to bank them."""

    __slots__ = ("current_player", "game", "rolling", "scores", "seat", "total", "turns")
    game: Pig

    def __init__(
        self, game: Pig, scores: tuple[int, ...], seat: int, total: int, turns: int, rolling: bool
    ) -> None:
        self.game = game
        self.scores = scores
        self.seat = seat
        self.total = total
        self.turns = turns
        self.rolling = rolling
        if max(scores) >= game.target or turns >= game.max_turns:
            self.current_player = TERMINAL
        elif rolling:
            self.current_player = CHANCE
        else:
            self.current_player = game.players[seat]

    def legal_moves(self) -> Sequence[Any]:
        if self.current_player is TERMINAL:
            return []
        if self.rolling:
            return PIG_FACES
        return ["roll", "hold"] if self.total else ["roll"]

    def chance_outcomes(self) -> Sequence[tuple[Any, float]]:
        return [(face, 1 / 6) for face in PIG_FACES] if self.rolling else ()

    def apply_unchecked(self, move: Any) -> PigState:
        game, seat = self.game, self.seat
        following = (seat + 1) % len(game.players)
        if move == "roll":
            return PigState(game, self.scores, seat, self.total, self.turns, True)
        if move == "hold":
            scores = list(self.scores)
            scores[seat] += self.total
            return PigState(game, tuple(scores), following, 0, self.turns + 1, False)
        face = move.values[0]
        if face == 1:
            return PigState(game, self.scores, following, 0, self.turns + 1, False)
        return PigState(game, self.scores, seat, self.total + face, self.turns, False)

    def is_terminal(self) -> bool:
        return self.current_player is TERMINAL

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        best = max(self.scores)
        winners = tuple(p for p, s in zip(self.game.players, self.scores, strict=True) if s == best)
        return Outcome(winners, "score", OutcomeCode.GOAL)  # a score reached

    def to_text(self) -> str:
        scores = ",".join(map(str, self.scores))
        return f"{scores} {self.seat} {self.total} {self.turns} {int(self.rolling)}"

    def key(self) -> Hashable:
        return (self.scores, self.seat, self.total, self.turns, self.rolling)


class Pig(Game):
    id = "pig"
    title = "Pig"
    has_chance = True
    variants = (Variant("", "Pig", "Le premier à 30 points gagne."),)
    option_list = ()

    def __init__(self, players: int = 2, target: int = 30, max_turns: int = 60) -> None:
        self._players = ("un", "deux", "trois", "quatre")[:players]
        self.target = target
        self.max_turns = max_turns
        super().__init__()

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    @property
    def spec(self) -> str:
        return f"pig-{len(self._players)}-{self.target}-{self.max_turns}"

    def initial_state(self) -> PigState:
        return PigState(self, (0,) * len(self._players), 0, 0, 0, False)

    def from_text(self, text: str) -> PigState:
        scores, seat, total, turns, rolling = text.split()
        return PigState(
            self,
            tuple(int(s) for s in scores.split(",")),
            int(seat),
            int(total),
            int(turns),
            rolling == "1",
        )

    def geometry(self) -> Geometry:
        return grid(1, 1)

    def ending(self) -> Ending:
        return Ending("Le premier au but gagne ; sinon le meilleur score après la limite.")


@register_evaluator("pig")
def pig_evaluator(state: State, player: str) -> float:
    """Lead over the best opponent, the points of the turn included."""
    assert isinstance(state, PigState)
    players = state.game.players
    mine = 0
    best_other = 0
    for seat, name in enumerate(players):
        score = state.scores[seat] + (state.total if seat == state.seat else 0)
        if name == player:
            mine = score
        else:
            best_other = max(best_other, score)
    return math.tanh(3 * (mine - best_other) / state.game.target)
