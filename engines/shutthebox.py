"""Shut the box (Jeux traditionnels d'Europe, p. 6), ``shut-the-box:francaise`` and
``shut-the-box:exacte``.

Boxes 1 to 9 (option ``boxes``, 4 to 12) start open.  A player's round is a
series of throws: two dice while any box above 6 is open, one die after.
On a throw ``a,b`` the player closes boxes ``a`` and ``b`` (``a != b``, both
open), or box ``a+b``, or box ``a`` or ``b`` alone (option
``single=when_other_closed``: only when the other die's box is already
closed); a double closes box ``a`` or box ``2a``.  One die ``d`` closes box
``d``.  Variant ``exacte``: any set of open boxes whose sum is the dice's
total.  The round ends when the throw closes nothing (or every box is
shut); its score is the sum of the open boxes, or (variant ``francaise``)
their numbers written one after the other (1, 4, 7 -> 147).  Players (option
``players``, 1 to 6) play whole rounds one after the other; the lowest score
wins, ties share the win.

Boxes are a bit mask: bit ``i - 1`` for box ``i``, set while the box is open.

Decisions: ``close:3,4`` (the boxes closed, in increasing order); the dice
are chance moves ``dice:3,1`` (larger first; ``dice:1,3`` is read too) or
``dice:4``.

Position text
-------------
Four fields separated by spaces, e.g. ``1,2,5,6,7,8,9 joueur2 4,3 12``:

1. the open boxes, in increasing order, separated by commas (``-``: none);
2. the player whose round it is, or ``fin`` when every round is played;
3. the dice thrown and waiting for a decision (``4,3`` or ``5``), ``-`` when
   the dice are to be thrown;
4. the scores of the rounds already played, in seat order (``-``: none).

The start of a two-player game is ``1,2,3,4,5,6,7,8,9 joueur1 - -``.  The rules
as played are in ``docs/rules/shut-the-box.md``.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import TypeAlias, final

from engines.core import (
    CHANCE,
    TERMINAL,
    Dice,
    Ending,
    Game,
    NotationError,
    Option,
    Outcome,
    State,
    Variant,
    draw,
    normalize_move_text,
    win,
)
from engines.geometry import Geometry, Point
from engines.outcomes import OutcomeCode
from engines.registry import register

PLAYERS = tuple(f"joueur{i}" for i in range(1, 7))
MAX_BOXES = 12
HIGH_BOXES = 6
"""Once every box above this one is shut, a single die is thrown."""


@final
@dataclass(frozen=True, slots=True)
class Close:
    """Close a set of open boxes: ``close:3,4``."""

    mask: int
    boxes: tuple[int, ...] = field(compare=False)

    def __str__(self) -> str:
        return "close:" + ",".join(str(b) for b in self.boxes)


ShutTheBoxMove: TypeAlias = Close | Dice
"""Boxes closed (``close:3,4``), or the dice thrown (``dice:6,5``, ``dice:4``)."""

_CLOSES: dict[int, Close] = {}


def close_move(mask: int) -> Close:
    """The interned move closing the boxes of ``mask``."""
    move = _CLOSES.get(mask)
    if move is None:
        move = _CLOSES[mask] = Close(mask, box_numbers(mask))
    return move


def box_numbers(mask: int) -> tuple[int, ...]:
    """The box numbers of a mask, in increasing order."""
    return tuple(i + 1 for i in range(MAX_BOXES) if mask >> i & 1)


def box_mask(boxes: Sequence[int]) -> int:
    """The mask of some box numbers."""
    mask = 0
    for box in boxes:
        mask |= 1 << (box - 1)
    return mask


TWO_DICE: tuple[tuple[Dice, float], ...] = tuple(
    (Dice((a, b)), (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(1, a + 1)
)
ONE_DIE: tuple[tuple[Dice, float], ...] = tuple((Dice((d,)), 1 / 6) for d in range(1, 7))
_DICE = {move.values: move for move, _ in TWO_DICE + ONE_DIE}
FACES = frozenset("123456")


class BoxRules:
    """What a throw lets a player close, and the score of the boxes left open.

    Shared by the states, the fast playout and the exact solver; the moves of
    each (open boxes, dice) pair are computed once.
    """

    def __init__(self, boxes: int, exact: bool, single_always: bool, digits: bool) -> None:
        self.boxes = boxes
        self.full = (1 << boxes) - 1
        self.high = self.full & ~((1 << HIGH_BOXES) - 1)
        self.exact = exact
        self.single_always = single_always
        self.digits = digits
        self._options: dict[tuple[int, tuple[int, ...]], tuple[Close, ...]] = {}

    def rolls(self, open_mask: int) -> tuple[tuple[Dice, float], ...]:
        """The throws of a round with these boxes open, with their odds."""
        return TWO_DICE if open_mask & self.high else ONE_DIE

    def options(self, open_mask: int, dice: tuple[int, ...]) -> tuple[Close, ...]:
        """The closing moves a throw allows (empty: the round ends)."""
        key = (open_mask, dice)
        moves = self._options.get(key)
        if moves is None:
            moves = self._options[key] = self._generate(open_mask, dice)
        return moves

    def _generate(self, open_mask: int, dice: tuple[int, ...]) -> tuple[Close, ...]:
        total = sum(dice)
        if self.exact:
            return tuple(close_move(m) for m in subsets_with_sum(open_mask, total))
        masks: list[int] = []

        def add(*boxes: int) -> None:
            mask = box_mask(boxes)
            fits = all(1 <= b <= self.boxes for b in boxes) and open_mask & mask == mask
            if fits and mask not in masks:
                masks.append(mask)

        if len(dice) == 1:
            add(dice[0])
        else:
            a, b = dice
            if a == b:
                add(a)
                add(a + b)
            else:
                add(a, b)
                add(a + b)
                for one, other in ((a, b), (b, a)):
                    if self.single_always or not open_mask >> (other - 1) & 1:
                        add(one)
        return tuple(close_move(m) for m in masks)

    def score(self, open_mask: int) -> int:
        """The score of a round that ends with these boxes open."""
        boxes = box_numbers(open_mask)
        if not boxes:
            return 0
        if self.digits:
            return int("".join(str(b) for b in boxes))
        return sum(boxes)


def subsets_with_sum(open_mask: int, total: int) -> list[int]:
    """Masks of the sets of open boxes whose numbers add up to ``total``, smallest first."""
    found: list[int] = []

    def walk(box: int, left: int, mask: int) -> None:
        if left == 0:
            found.append(mask)
            return
        for b in range(box, min(left, MAX_BOXES) + 1):
            if open_mask >> (b - 1) & 1:
                walk(b + 1, left - b, mask | 1 << (b - 1))

    walk(1, total, 0)
    found.sort(key=lambda m: (m.bit_count(), box_numbers(m)))
    return found


class ShutTheBoxState(State[ShutTheBoxMove]):
    """The open boxes, the dice waiting for a decision and the finished rounds' scores."""

    __slots__ = ("current_player", "dice", "game", "open", "options", "scores")
    game: ShutTheBox

    def __init__(
        self, game: ShutTheBox, open_mask: int, dice: tuple[int, ...] | None,
        scores: tuple[int, ...],
    ) -> None:
        self.game = game
        self.open = open_mask
        self.dice = dice
        self.scores = scores
        if len(scores) >= game.player_count:
            self.current_player = TERMINAL
            self.options: tuple[Close, ...] = ()
        elif dice is None:
            self.current_player = CHANCE
            self.options = ()
        else:
            self.current_player = game.players[len(scores)]
            self.options = game.rules.options(open_mask, dice)

    @property
    def seat(self) -> int:
        """Index of the player whose round it is."""
        return len(self.scores)

    def legal_moves(self) -> Sequence[ShutTheBoxMove]:
        if self.current_player is CHANCE:
            return [move for move, _ in self.game.rules.rolls(self.open)]
        return self.options

    def chance_outcomes(self) -> Sequence[tuple[Dice, float]]:
        if self.current_player is not CHANCE:
            return ()
        return self.game.rules.rolls(self.open)

    def is_legal(self, move: ShutTheBoxMove) -> bool:
        if self.current_player is CHANCE:
            return isinstance(move, Dice) and any(m == move for m, _ in self.chance_outcomes())
        return isinstance(move, Close) and move in self.options

    def apply_unchecked(self, move: ShutTheBoxMove) -> ShutTheBoxState:
        game = self.game
        if type(move) is Dice:  # thrown when no dice are on the table
            dice = move.values
            if game.rules.options(self.open, dice):
                return ShutTheBoxState(game, self.open, dice, self.scores)
            return self._end_round(self.open)
        left = self.open & ~move.mask
        if not left:
            return self._end_round(0)
        return ShutTheBoxState(game, left, None, self.scores)

    def _end_round(self, open_mask: int) -> ShutTheBoxState:
        game = self.game
        scores = (*self.scores, game.rules.score(open_mask))
        if len(scores) >= game.player_count:
            return ShutTheBoxState(game, open_mask, None, scores)
        return ShutTheBoxState(game, game.rules.full, None, scores)

    def is_terminal(self) -> bool:
        return self.current_player is TERMINAL

    def outcome(self) -> Outcome | None:
        if self.current_player is not TERMINAL:
            return None
        players = self.game.players
        scores = dict(zip(players, self.scores, strict=True))
        if len(players) == 1:
            score = self.scores[0]
            if score == 0:
                return win(players[0], "la boîte est fermée", OutcomeCode.SHUT, scores,
                           en="the box is shut")
            return draw(f"manche seule, score {score} : la boîte n'est pas fermée",
                        OutcomeCode.SOLO_SCORE, scores,
                        en=f"single round, score {score}: the box is open")
        best = min(self.scores)
        winners = tuple(p for p, s in scores.items() if s == best)
        if len(winners) == len(players):
            return draw(f"tous les joueurs font {best}", OutcomeCode.TIE, scores,
                        en=f"every player scores {best}")
        others = sorted(s for s in self.scores if s != best)
        shared = " (à égalité)" if len(winners) > 1 else ""
        shared_en = " (shared)" if len(winners) > 1 else ""
        return Outcome(
            winners,
            f"plus petit score : {best}{shared}, contre {', '.join(map(str, others))}",
            OutcomeCode.LOWEST_SCORE,
            tuple(scores.items()),
            f"lowest score: {best}{shared_en}, against {', '.join(map(str, others))}",
        )

    def key(self) -> Hashable:
        return (self.open, self.dice, self.scores)

    def to_text(self) -> str:
        boxes = ",".join(map(str, box_numbers(self.open))) or "-"
        player = TERMINAL if self.current_player is TERMINAL else self.game.players[self.seat]
        dice = ",".join(map(str, self.dice)) if self.dice else "-"
        scores = ",".join(map(str, self.scores)) or "-"
        return f"{boxes} {player} {dice} {scores}"

    def diagram(self) -> str:
        boxes = self.game.rules.boxes
        width = 2 if boxes < 10 else 3
        cells = [
            f"{i + 1:>{width}}" if self.open >> i & 1 else "■".rjust(width)
            for i in range(boxes)
        ]
        lines = ["  " + " ".join(cells) + "   (■ case fermée)"]
        if self.current_player is TERMINAL:
            outcome = self.outcome()
            assert outcome is not None
            lines.append("  fin : " + outcome.result_line())
        else:
            name = self.game.players[self.seat]
            if self.dice is None:
                count = "deux dés" if self.open & self.game.rules.high else "un dé"
                lines.append(f"  manche de {name} : on lance {count}")
            else:
                lines.append(f"  manche de {name} : dés {','.join(map(str, self.dice))}")
        played = [f"{p} {s}" for p, s in zip(self.game.players, self.scores, strict=False)]
        if played:
            lines.append("  scores : " + ", ".join(played))
        return "\n".join(lines)

    def random_playout(self, rng: random.Random) -> ShutTheBoxState:
        return self.playout(rng)

    def playout(
        self, rng: random.Random, trace: list[ShutTheBoxMove] | None = None
    ) -> ShutTheBoxState:
        """Uniformly random decisions (and fair dice) to the end of the last round.

        Same rules as :meth:`legal_moves` / :meth:`apply_unchecked`; ``trace``,
        when given, receives every move (dice included) so that tests can
        replay it.
        """
        game = self.game
        rules = game.rules
        options, high, full = rules.options, rules.high, rules.full
        randrange = rng.randrange
        rounds = game.player_count
        open_mask, dice, scores = self.open, self.dice, list(self.scores)
        while len(scores) < rounds:
            if dice is None:
                a = randrange(6) + 1
                if open_mask & high:
                    b = randrange(6) + 1
                    dice = (a, b) if a >= b else (b, a)
                else:
                    dice = (a,)
                if trace is not None:
                    trace.append(_DICE[dice])
            moves = options(open_mask, dice)
            dice = None
            if not moves:
                scores.append(rules.score(open_mask))
                if len(scores) < rounds:
                    open_mask = full
                continue
            move = moves[randrange(len(moves))]
            if trace is not None:
                trace.append(move)
            open_mask &= ~move.mask
            if not open_mask:
                scores.append(0)
                if len(scores) < rounds:
                    open_mask = full
        return ShutTheBoxState(game, open_mask, None, tuple(scores))


@register
class ShutTheBox(Game[ShutTheBoxMove]):
    """Shut the box after the Maison des Jeux de Grenoble booklet, with its two variants."""

    id = "shut-the-box"
    title = "Shut the box"
    has_chance = True
    player_names = PLAYERS
    variants = (
        Variant(
            "",
            "Shut the box (règle du livret)",
            "Avec les dés a et b, on ferme les cases a et b, ou la case a+b, ou l'une des "
            "deux ; le score est la somme des cases restées ouvertes.",
        ),
        Variant(
            "francaise",
            "Shut the box, variante française",
            "Le score se lit avec les chiffres des cases restées ouvertes, de gauche à "
            "droite : 1, 4 et 7 ouvertes font 147 points.",
            {"scoring": "digits"},
        ),
        Variant(
            "exacte",
            "Shut the box, variante exacte",
            "On ferme autant de cases qu'on veut, pourvu que leur somme soit exactement "
            "celle des dés.",
            {"closing": "exact"},
        ),
    )
    option_list = (
        Option("boxes", 9, "nombre de cases, numérotées à partir de 1 (un seul dé dès que "
               "toutes les cases au-dessus de 6 sont fermées)", minimum=4, maximum=MAX_BOXES),
        Option("players", 2, "nombre de joueurs ; chacun joue une manche entière, "
               "l'un après l'autre", minimum=1, maximum=len(PLAYERS)),
        Option("closing", "dice", "dice : les cases des deux dés, de leur somme ou d'un seul "
               "dé ; exact : toute combinaison de cases dont la somme est celle des dés",
               choices=("dice", "exact")),
        Option("single", "always", "always : la case d'un seul dé peut toujours être fermée ; "
               "when_other_closed : seulement si la case de l'autre dé est déjà fermée",
               choices=("always", "when_other_closed")),
        Option("scoring", "sum", "sum : somme des cases ouvertes ; digits : leurs numéros "
               "lus de gauche à droite (variante française)", choices=("sum", "digits")),
    )

    def configure(self) -> None:
        self.player_count: int = self.options["players"]
        self._players = PLAYERS[: self.player_count]
        self.rules = BoxRules(
            self.options["boxes"],
            self.options["closing"] == "exact",
            self.options["single"] == "always",
            self.options["scoring"] == "digits",
        )

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    def initial_state(self) -> ShutTheBoxState:
        return ShutTheBoxState(self, self.rules.full, None, ())

    def from_text(self, text: str) -> ShutTheBoxState:
        fields = text.split()
        if len(fields) != 4:
            raise self._text_error(text, "expected 4 fields: open boxes, player or fin, "
                                   "dice or -, scores or -")
        open_mask = box_mask(self._numbers(text, fields[0], "open boxes", 1, self.rules.boxes))
        if len(set(fields[0].split(","))) != len(fields[0].split(",")):
            raise self._text_error(text, f"open boxes '{fields[0]}' repeat a box")
        scores = tuple(self._numbers(text, fields[3], "scores", 0, None))
        rounds = len(scores)
        if rounds > self.player_count:
            raise self._text_error(text, f"{rounds} scores for {self.player_count} players")
        expected = TERMINAL if rounds == self.player_count else self.players[rounds]
        if fields[1] != str(expected):  # the word of the marker at the end
            raise self._text_error(
                text, f"with {rounds} rounds played the player field must be '{expected}', "
                f"not '{fields[1]}'"
            )
        dice: tuple[int, ...] | None = None
        if fields[2] != "-":
            values = sorted(self._numbers(text, fields[2], "dice", 1, 6), reverse=True)
            dice = tuple(values)
            if expected is TERMINAL:
                raise self._text_error(text, "the game is over: no dice wait")
            wanted = 2 if open_mask & self.rules.high else 1
            if len(dice) != wanted:
                count = "two dice are" if wanted == 2 else "one die is"
                raise self._text_error(
                    text, f"{count} thrown with boxes {fields[0]} open, not {len(dice)}"
                )
            if not self.rules.options(open_mask, dice):
                raise self._text_error(text, f"dice {fields[2]} close no open box: the round "
                                       "would be over")
        if not open_mask and expected is not TERMINAL:
            raise self._text_error(text, "every box is shut but the round is not over")
        return ShutTheBoxState(self, open_mask, dice, scores)

    def _numbers(self, text: str, value: str, what: str, low: int, high: int | None) -> list[int]:
        if value == "-":
            return []
        numbers = []
        for item in value.split(","):
            if not item.isdigit() or int(item) < low or (high is not None and int(item) > high):
                limit = f"from {low} to {high}" if high is not None else f"of at least {low}"
                raise self._text_error(text, f"{what} '{value}': '{item}' is not a number {limit}")
            numbers.append(int(item))
        return numbers

    def _text_error(self, text: str, why: str) -> NotationError:
        return NotationError(f"{self.spec} position '{text}': {why}")

    def geometry(self) -> Geometry:
        count = self.rules.boxes
        points = tuple(Point(i, str(i + 1), float(i), 0.0) for i in range(count))
        return Geometry(
            kind="boxes",
            points=points,
            lines=(tuple(range(count)),),
            regions={"un_de": frozenset(range(min(HIGH_BOXES, count)))},
            columns=count,
            rows=1,
        )

    def ending(self) -> Ending:
        return Ending(
            "Chaque coup ferme au moins une case et une manche s'arrête dès que les dés ne "
            "ferment plus rien : la partie finit après la manche du dernier joueur."
        )

    def parse_move(self, state: State[ShutTheBoxMove], text: str) -> ShutTheBoxMove:
        """Read a move, dice in either order (``dice:1,3``) and boxes in any order."""
        return super().parse_move(state, _canonical(text))

    def parse_notation(self, text: str) -> None:
        kind, _, rest = text.partition(":")
        items = rest.split(",")
        if kind == "dice" and 1 <= len(items) <= 2 and all(i in FACES for i in items):
            return
        boxes_ok = all(i.isdigit() and 1 <= int(i) <= self.rules.boxes for i in items)
        if kind == "close" and boxes_ok and len(set(items)) == len(items):
            return
        raise NotationError(
            f"{self.spec} move '{text}': expected close:<boxes> (e.g. close:3,4, boxes 1 to "
            f"{self.rules.boxes}) or dice:<faces> (e.g. dice:3,1 or dice:4)"
        )


def _canonical(text: str) -> str:
    """Dice larger first and boxes in increasing order, when the text is well formed."""
    word = normalize_move_text(text)
    kind, colon, rest = word.partition(":")
    items = rest.split(",")
    if not colon or not all(i.isdigit() for i in items):
        return text
    numbers = sorted((int(i) for i in items), reverse=kind == "dice")
    return f"{kind}:{','.join(map(str, numbers))}"
