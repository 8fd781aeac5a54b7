"""The engine protocol shared by every game: errors, moves, outcomes, states, games.

A game is a :class:`Game` (rules with their variant and options fixed) that
makes immutable :class:`State` objects.  ``state.apply(move)`` returns a new
state.  Moves are frozen values whose ``str()`` is their notation and which
``game.parse_move(state, text)`` reads back.  Randomness only enters through
chance nodes (``current_player is CHANCE``) whose ``chance_outcomes()`` are
moves such as ``dice:3,1``, so that every game replays from its move list.

``Game`` and ``State`` are generic in the game's move type: a game names the union
of its move classes (``ReversiMove = Place | Pass``) and subclasses
``Game[ReversiMove]`` and ``State[ReversiMove]``; code for every game writes plain
``State`` (its moves then unknown to the type checker) or a :data:`MoveT`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, final

from engines.outcomes import OutcomeCode

if TYPE_CHECKING:
    from engines.geometry import Geometry

class Marker(str):
    """A ``current_player`` that is no player: it reads as its word (``hasard``,
    ``fin``) but equals only itself, so that no player's name is ever taken for it (a
    game may well call a side "fin"). Compare with ``is``; a pickled marker comes back
    as the same object."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    def __hash__(self) -> int:
        return object.__hash__(self)

    def __reduce__(self) -> str:
        return _MARKER_NAMES[str(self)]

    def __str__(self) -> str:
        return str.__str__(self)


CHANCE = Marker("hasard")
"""``current_player`` of a chance node (dice to throw)."""

TERMINAL = Marker("fin")
"""``current_player`` of a finished game."""

_MARKER_NAMES = {"hasard": "CHANCE", "fin": "TERMINAL"}


# --------------------------------------------------------------------------- errors


class RulesError(ValueError):
    """Root of every error raised by the rules engines."""


class IllegalMoveError(RulesError):
    """A well-formed move that the rules do not allow in this position."""


class NotationError(RulesError):
    """Text that is not a move or a position of this game."""


class SpecError(ValueError):
    """An unknown game id, variant, option or option value."""


def illegal(move_text: str, state: State, why: str = "") -> IllegalMoveError:
    """Build an :class:`IllegalMoveError` quoting the move and the position."""
    reason = f": {why}" if why else ""
    return IllegalMoveError(
        f"illegal move '{move_text}' in {state.game.spec} position '{state.to_text()}'{reason}"
    )


# --------------------------------------------------------------------------- moves


@final
@dataclass(frozen=True, slots=True)
class Place:
    """Put a piece on a point (``d4``)."""

    at: int
    name: str = field(compare=False)

    def __str__(self) -> str:
        return self.name


@final
@dataclass(frozen=True, slots=True)
class PathMove:
    """A piece travelling along points: a step or slide ``d6-d5``, a chain ``d5-d3-b3``."""

    path: tuple[int, ...]
    names: tuple[str, ...] = field(compare=False)

    @property
    def origin(self) -> int:
        return self.path[0]

    @property
    def target(self) -> int:
        return self.path[-1]

    def __str__(self) -> str:
        return "-".join(self.names)


@final
@dataclass(frozen=True, slots=True)
class Remove:
    """Take a piece off a point (``xd6``)."""

    at: int
    name: str = field(compare=False)

    def __str__(self) -> str:
        return "x" + self.name


@final
@dataclass(frozen=True, slots=True)
class Pass:
    """The player to move cannot (or chooses not to) act: ``pass``."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()


@final
@dataclass(frozen=True, slots=True)
class Dice:
    """A chance move: the faces thrown, in order (``dice:6,5``, ``dice:4``)."""

    values: tuple[int, ...]

    def __str__(self) -> str:
        return "dice:" + ",".join(str(v) for v in self.values)


Move = Hashable
"""What every game's moves are: frozen, hashable values whose ``str()`` is their
notation (each game names its own union of move classes)."""

MoveT = TypeVar("MoveT", bound=Hashable)
"""A game's move type, for :class:`Game`, :class:`State` and code for any game."""


class DecisionKind(StrEnum):
    """What a position waits for (:meth:`State.decision_kind`)."""

    PLAY = "play"
    """A move of the game's own (a piece, checkers, a box)."""
    THROW = "throw"
    """The dice (a chance node)."""
    OPENING = "opening"
    """The opening throw that starts a game or a manche."""
    CUBE = "cube"
    """Whether to double the stake before throwing."""
    ANSWER = "answer"
    """Whether to take or drop a double."""


# --------------------------------------------------------------------------- outcome


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners`` is empty for a draw; several names when they share the win
    (a team, a tie for the best score).  ``reason`` is French prose for the
    players and ``reason_en`` its English translation; ``code`` is a stable
    identifier (an :class:`~engines.outcomes.OutcomeCode`, for tests, records
    and statistics); ``scores`` are the game's own points (discs, pieces, match
    points).
    """

    winners: tuple[str, ...]
    reason: str
    code: OutcomeCode
    scores: tuple[tuple[str, float], ...] = ()
    reason_en: str = ""

    def reason_in(self, lang: str) -> str:
        """The reason in ``fr`` or ``en`` (French when no translation exists)."""
        return self.reason_en if lang == "en" and self.reason_en else self.reason

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def value(self, player: str) -> float:
        """1 for a win, 0 for a loss, 0.5 for a draw."""
        if not self.winners:
            return 0.5
        return 1.0 if player in self.winners else 0.0

    def score(self, player: str) -> float | None:
        return dict(self.scores).get(player)

    def result_line(self) -> str:
        """The command line's ``result:`` text (without the prefix)."""
        if not self.winners:
            return f"draw ({self.reason})"
        return f"winner={','.join(self.winners)} ({self.reason})"


def win(
    winner: str,
    reason: str,
    code: OutcomeCode,
    scores: Mapping[str, float] | None = None,
    en: str = "",
) -> Outcome:
    """One player wins; ``reason`` in French, ``en`` in English."""
    return Outcome((winner,), reason, code, tuple((scores or {}).items()), en)


def draw(
    reason: str, code: OutcomeCode, scores: Mapping[str, float] | None = None, en: str = ""
) -> Outcome:
    """Nobody wins; ``reason`` in French, ``en`` in English."""
    return Outcome((), reason, code, tuple((scores or {}).items()), en)


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class Option:
    """One rules option of a game, read from a spec like ``moulin,fly_at=3``."""

    name: str
    default: bool | int | str
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def parse(self, text: str, game_id: str) -> bool | int | str:
        """Read a value from its text; a :class:`SpecError` names what is allowed."""
        word = text.strip().lower()
        if isinstance(self.default, bool):
            if word in ("1", "true", "yes", "on", "oui", "vrai"):
                return True
            if word in ("0", "false", "no", "off", "non", "faux"):
                return False
            raise SpecError(f"{game_id}: option '{self.name}' takes true or false, not '{text}'")
        if isinstance(self.default, int):
            try:
                value = int(word)
            except ValueError:
                raise SpecError(
                    f"{game_id}: option '{self.name}' takes a whole number"
                    f"{self._range_text()}, not '{text}'"
                ) from None
            self.check(value, game_id)
            return value
        self.check(word, game_id)
        return word

    def check(self, value: Any, game_id: str) -> None:
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise SpecError(
                f"{game_id}: option '{self.name}' takes one of {allowed}, not '{value}'"
            )
        if isinstance(value, int) and not isinstance(value, bool):
            low_ok = self.minimum is None or value >= self.minimum
            high_ok = self.maximum is None or value <= self.maximum
            if not (low_ok and high_ok):
                raise SpecError(
                    f"{game_id}: option '{self.name}' takes a value{self._range_text()},"
                    f" not '{value}'"
                )

    def _range_text(self) -> str:
        if self.choices is not None:
            return " among " + ", ".join(str(c) for c in self.choices)
        if self.minimum is not None and self.maximum is not None:
            return f" from {self.minimum} to {self.maximum}"
        if self.minimum is not None:
            return f" of at least {self.minimum}"
        return ""


@dataclass(frozen=True)
class Variant:
    """A named rule set of a game: a preset of option values."""

    name: str
    title: str
    description: str
    preset: Mapping[str, bool | int | str] = field(default_factory=dict)


@dataclass(frozen=True)
class Ending:
    """How a game always ends, even between machines playing for days."""

    description: str
    repetition: int | None = None
    move_cap: int | None = None


# --------------------------------------------------------------------------- game


class Game(ABC, Generic[MoveT]):
    """The rules of one game with its variant and options fixed.

    Subclasses set the class attributes, implement :meth:`initial_state`,
    :meth:`from_text`, :meth:`geometry` and :meth:`ending`, and may override
    :meth:`parse_notation` for clearer syntax errors.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    variants: ClassVar[tuple[Variant, ...]]
    option_list: ClassVar[tuple[Option, ...]]
    has_chance: bool = False
    """Whether positions with dice to throw (chance nodes) occur."""
    teams: bool = False
    """Whether the seats play in two teams (their wins shared)."""

    def __init__(self, variant: str = "", options: Mapping[str, Any] | None = None) -> None:
        names = [v.name for v in self.variants]
        if variant not in names:
            choices = ", ".join(f"{self.id}:{n}" if n else self.id for n in names)
            raise SpecError(f"unknown variant '{self.id}:{variant}'; choose among {choices}")
        self.variant = variant
        preset = next(v for v in self.variants if v.name == variant).preset
        values: dict[str, Any] = {o.name: o.default for o in self.option_list}
        values.update(preset)
        known = {o.name: o for o in self.option_list}
        for key, value in (options or {}).items():
            if key not in known:
                raise SpecError(
                    f"{self.id}: unknown option '{key}'; options are "
                    + (", ".join(known) or "none")
                )
            known[key].check(value, self.id)
            values[key] = value
        self.options: Mapping[str, Any] = values
        self._preset_values = {o.name: o.default for o in self.option_list} | dict(preset)
        self.configure()

    def configure(self) -> None:
        """Hook: read ``self.options`` into attributes (called once by ``__init__``)."""

    # -- identity ---------------------------------------------------------------

    @property
    def spec(self) -> str:
        """Canonical spec: id, variant, then options that differ from the variant's."""
        text = f"{self.id}:{self.variant}" if self.variant else self.id
        changed = [
            f"{k}={_option_text(v)}"
            for k, v in sorted(self.options.items())
            if self._preset_values.get(k) != v
        ]
        return ",".join([text, *changed])

    def __repr__(self) -> str:
        return f"<Game {self.spec}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.spec == self.spec

    def __hash__(self) -> int:
        return hash(self.spec)

    @property
    def players(self) -> tuple[str, ...]:
        """Seat names as said at the table, in the order they sit."""
        return self.player_names

    player_names: ClassVar[tuple[str, ...]] = ("noir", "blanc")

    # -- rules ------------------------------------------------------------------

    @abstractmethod
    def initial_state(self) -> State[MoveT]:
        """The position before the first decision."""

    @abstractmethod
    def from_text(self, text: str) -> State[MoveT]:
        """Read a position written by :meth:`State.to_text`; :class:`NotationError` if not."""

    @abstractmethod
    def geometry(self) -> Geometry:
        """Points, their layout and lines, for drawing and for physical boards."""

    @abstractmethod
    def ending(self) -> Ending:
        """The rule that guarantees every game ends."""

    def parse_notation(self, text: str) -> None:
        """Raise :class:`NotationError` when ``text`` cannot be a move of this game.

        Called only for text that matched no legal move, to tell a typo
        (notation error) from a move the rules refuse (illegal move).
        """

    def parse_move(self, state: State[MoveT], text: str) -> MoveT:
        """The legal move of ``state`` written ``text`` (case and spaces ignored)."""
        wanted = normalize_move_text(text)
        if not wanted:
            raise NotationError(f"empty move in {self.spec}")
        for move in state.legal_moves():
            if normalize_move_text(str(move)) == wanted:
                return move
        self.parse_notation(wanted)
        if state.is_terminal():
            raise illegal(text.strip(), state, "the game is over")
        raise illegal(text.strip(), state)

    def replay(self, moves: Sequence[str], state: State[MoveT] | None = None) -> State[MoveT]:
        """Apply moves given as text, from ``state`` or the start."""
        current = state if state is not None else self.initial_state()
        for text in moves:
            current = current.apply(self.parse_move(current, text))
        return current


def normalize_move_text(text: str) -> str:
    return "".join(text.split()).lower()


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# --------------------------------------------------------------------------- state


class State(ABC, Generic[MoveT]):
    """An immutable position with everything needed to continue the game.

    Subclasses store ``game`` and ``current_player`` (a player name,
    :data:`CHANCE` or :data:`TERMINAL`) as plain attributes, and implement the
    abstract methods.  ``apply_unchecked`` is the fast path for moves taken from
    ``legal_moves()``; ``apply`` checks legality first.
    """

    __slots__ = ()

    game: Game[MoveT]
    current_player: str

    @abstractmethod
    def legal_moves(self) -> Sequence[MoveT]:
        """Decisions of the player to move; at a chance node, the chance moves."""

    @abstractmethod
    def apply_unchecked(self, move: MoveT) -> State[MoveT]:
        """The state after a move known to be legal."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def to_text(self) -> str:
        """One-line position text that :meth:`Game.from_text` reads back."""

    @abstractmethod
    def key(self) -> Hashable:
        """Identity of the position for repetitions and transposition tables."""

    def chance_outcomes(self) -> Sequence[tuple[MoveT, float]]:
        """``[(chance move, probability)]`` at a chance node, else empty."""
        return ()

    def is_chance_node(self) -> bool:
        return self.current_player is CHANCE

    def decision_kind(self) -> DecisionKind:
        """What the decision pending is: a throw at a chance node, else a play (games
        with a cube or an opening throw say more)."""
        return DecisionKind.THROW if self.is_chance_node() else DecisionKind.PLAY

    def turn_ends(self) -> dict[Hashable, tuple[State[MoveT], MoveT]]:
        """Each distinct position the turn of the player to decide can end in (by its
        key): that position, and the first decision towards it. A turn goes on while the
        same player decides again (a game whose turn is a sequence of decisions may say
        so faster)."""
        player = self.current_player
        ends: dict[Hashable, tuple[State[MoveT], MoveT]] = {}
        waiting: list[tuple[State[MoveT], MoveT | None]] = [(self, None)]
        while waiting:
            current, first = waiting.pop()
            for move in current.legal_moves():
                child = current.apply_unchecked(move)
                start = move if first is None else first
                if not child.is_terminal() and child.current_player == player:
                    waiting.append((child, start))
                else:
                    ends.setdefault(child.key(), (child, start))
        return ends

    def is_legal(self, move: MoveT) -> bool:
        return move in self.legal_moves()

    def apply(self, move: MoveT) -> State[MoveT]:
        """The state after ``move``; :class:`IllegalMoveError` if the rules refuse it."""
        if self.is_terminal():
            raise illegal(str(move), self, "the game is over")
        if not self.is_legal(move):
            raise illegal(str(move), self)
        return self.apply_unchecked(move)

    def announcements(self) -> tuple[str, ...]:
        """Things the table says aloud in this position (French), e.g. « Raichi ! »."""
        return ()

    def diagram(self) -> str:
        """A multi-line text picture of the position for terminals."""
        return self.to_text()

    @property
    def players(self) -> tuple[str, ...]:
        return self.game.players

    def sample_chance(self, rng: random.Random) -> MoveT:
        """Draw a chance move with its probability."""
        outcomes = self.chance_outcomes()
        pick = rng.random()
        total = 0.0
        for move, probability in outcomes:
            total += probability
            if pick < total:
                return move
        return outcomes[-1][0]

    def random_playout(self, rng: random.Random) -> State[MoveT]:
        """Play uniformly random decisions (and chance by its odds) to the end.

        Games override this with a faster path; the result must follow the same
        rules.
        """
        return State.playout(self, rng)

    def playout(self, rng: random.Random, trace: list[MoveT] | None = None) -> State[MoveT]:
        """:meth:`random_playout`, the decisions taken (chance's too) appended to ``trace``.

        A game's fast path overrides both; replaying ``trace`` through
        :meth:`apply` must reach the same end (``tests/engines/test_playthroughs.py``).
        """
        state: State[MoveT] = self
        while not state.is_terminal():
            if state.current_player is CHANCE:
                move = state.sample_chance(rng)
            else:
                move = rng.choice(state.legal_moves())
            if trace is not None:
                trace.append(move)
            state = state.apply_unchecked(move)
        return state

    def __str__(self) -> str:
        return self.to_text()

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State)
            and other.game == self.game
            and other.to_text() == self.to_text()
        )

    def __hash__(self) -> int:
        return hash(self.key())
