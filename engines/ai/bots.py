"""Bots: the levels a visitor chooses, and which search each game gets.

``make_bot(name, game)`` builds a bot; ``bot.choose(state)`` returns a legal
decision of ``state`` without changing it.  Levels and their default time per
decision on the reference machine (:data:`LEVELS`):

- ``random``: a uniformly random legal decision.
- ``enfant``: a child's play (:class:`ChildBot`), so that a child can win: legal,
  plausible decisions judged by the position each leaves, never by the answer,
  with an error on each judgement.
- ``debutant`` (0.3 s): deliberately weak, never silly.  With alpha-beta it
  looks only two decisions ahead and picks at random among the moves within
  :data:`DEBUTANT_MARGIN` of the best; with MCTS it draws its move in
  proportion to the visits instead of taking the most visited.  It always
  takes a win in one and, searching two decisions deep, avoids most blunders.
- ``joueur`` (1 s) and ``expert`` (3 s): the game's best search, run to the
  budget. A game whose machine plays otherwise at some level says so in its
  profile (:mod:`engines.ai.profiles`, registered beside its evaluator or
  solver): an endgame player (exact reversi endings, forced wins first with
  few pieces left at moulin and tablut), the best whole plays of the throw
  judged one throw on (backgammon's expert, as gnubg at 1-ply), the best whole
  turn with an error on the judgement of each (the joueur at backgammon,
  jacquet and two-player barricades), the cube's decisions without a search
  (backgammon), the best whole turn with three or four players each for
  themselves (barricades' expert), depth counted in turns (barricades). The
  bots read the profile and the position's hooks
  (:meth:`~engines.core.State.decision_kind`,
  :meth:`~engines.core.State.turn_ends`); they name no game.

Which search (:func:`algorithm_for`), from the game's properties:

- two players, no chance, an evaluator → alpha-beta with iterative deepening;
- two players, chance nodes, an evaluator → expectiminimax (the same
  alpha-beta, expectation at the dice);
- otherwise (three or four players, or no evaluator) → MCTS, which needs no
  evaluator, handles chance nodes and gives each player their own interest.

A game with an exact solver that names best moves (:mod:`engines.ai.solvers`)
uses it by level (:data:`ORACLE_SHARE`): ``expert`` always plays the solver's
move (perfect play wherever the solver knows the position); ``joueur``
plays it on three decisions out of four (drawn from the decision's seeded
generator) and otherwise its own search's move (good, not always the best:
passing the solver over in favour of the move the search ranks second made
``joueur`` lose to ``debutant`` on the small games); ``debutant`` never
consults it and keeps its deliberately weak search.  Where the profile says
``solver_for_expert_only`` the joueur does not consult it either.  Where the solver
returns ``None`` the level's search decides.

A solver builds tables the first time it meets a game size or a target
score, and may search many positions before giving up (multitchoukatro
with 10 or 12 cases): up to a few seconds here, several times more on a
Raspberry Pi.  With a time budget, a decision waits for the solver at most
:data:`ORACLE_WAIT` of its time (:class:`SolverThread`); past that, its own
search decides with what is left while the solver goes on in the
background, so that its tables are ready for the decisions that follow.
With a node budget only (tests, benchmarks) the solver is always waited
for, so that the same seed and budget keep giving the same move.

Every decision draws its randomness from a generator seeded by the bot's
seed and the position, so a decision depends only on (seed, position,
budget): the same seed and node budget always give the same move, and a bot
can be rebuilt in another process (bots pickle as their construction
arguments).
"""

from __future__ import annotations

import logging
import random
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, cast

from engines.ai.alphabeta import AlphaBeta
from engines.ai.budget import Budget, Clock
from engines.ai.endgame import EndgamePlayer, endgame_for
from engines.ai.evaluation import Evaluator, evaluator_for
from engines.ai.mcts import Mcts, winning_move
from engines.ai.profiles import profile_for
from engines.ai.solvers import MoveOracle, move_oracle_for
from engines.ai.turns import filtered_turn_move, noisy_choice, noisy_turn_move
from engines.core import CHANCE, DecisionKind, Game, Move, MoveT, State
from engines.registry import find_game

BOT_NAMES: tuple[str, ...] = ("random", "enfant", "debutant", "joueur", "expert")
"""Every bot a player can choose, weakest first."""

LEVELS: Mapping[str, float] = MappingProxyType(
    {"enfant": 0.1, "debutant": 0.3, "joueur": 1.0, "expert": 3.0}
)
"""Default seconds per decision of each level."""

LEVEL_TITLES: Mapping[str, str] = MappingProxyType(
    {"random": "hasard", "enfant": "enfant", "debutant": "débutant", "joueur": "joueur",
     "expert": "expert"}
)
"""French names of the bots, for the screen."""
DESCRIPTION_EN: Mapping[str, str] = MappingProxyType({
    "hasard": "random",
    "enfant": "child",
    "coups plausibles, sans voir la réponse": "plausible moves, blind to the answer",
    "débutant": "beginner",
    "joueur": "player",
    "coups au hasard": "random moves",
    "alpha-bêta": "alpha-beta",
    "meilleur tour complet, à l'estime": "best whole turn, by estimate",
    "meilleur jeu du lancer, un lancer plus loin": "best play of the throw, one throw ahead",
    "meilleur tour complet": "best whole turn",
    " peu profond": ", shallow",
    "solveur exact": "exact solver",
    "des coups": "of the moves",
})
"""English for the words of :meth:`Bot.describe` (the others are the same in both)."""

DEBUTANT_DEPTH = 2
"""Decisions the beginner's alpha-beta looks ahead."""
DEBUTANT_MARGIN = 0.15
"""The beginner plays any move scoring within this of its best (evaluator units)."""
DEBUTANT_TEMPERATURE = 1.0
"""The beginner's MCTS draws moves in proportion to visits ** (1 / temperature)."""
ROLLOUT_DEPTH = 8
"""MCTS with an evaluator: random decisions before the evaluator scores a rollout."""
ORACLE_SHARE: Mapping[str, float] = MappingProxyType(
    {"debutant": 0.0, "joueur": 0.75, "expert": 1.0}
)
"""Share of decisions on which each level plays an exact solver's move, when one exists."""
ORACLE_WAIT = 0.5
"""Share of the time left that a decision waits for a solver's answer."""

log = logging.getLogger(__name__)

ALGORITHM_TITLES: Mapping[str, str] = MappingProxyType(
    {
        "alphabeta": "alpha-bêta",
        "expectimax": "expectiminimax",
        "mcts": "Monte-Carlo",
        "random": "coups au hasard",
    }
)

# --------------------------------------------------------------------------- game properties


@dataclass(frozen=True)
class GameProfile:
    """What the choice of a search depends on."""

    players: int
    has_chance: bool
    has_evaluator: bool


@lru_cache(maxsize=128)
def game_profile(game: Game) -> GameProfile:
    """Players, chance and evaluator of ``game``."""
    return GameProfile(len(game.players), game.has_chance, evaluator_for(game) is not None)


def algorithm_for(game: Game) -> str:
    """``alphabeta``, ``expectimax`` or ``mcts``: the search that suits ``game``."""
    profile = game_profile(game)
    if profile.players == 2 and profile.has_evaluator:
        return "expectimax" if profile.has_chance else "alphabeta"
    return "mcts"


# --------------------------------------------------------------------------- solvers


class _Answer:
    """A solver's answer, filled in by the thread that asked it."""

    __slots__ = ("done", "error", "move")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.move: Move = None
        self.error: BaseException | None = None


class SolverThread:
    """Asks solvers for moves one question at a time, in a background thread.

    ``ask(oracle, state, timeout)`` waits at most ``timeout`` seconds for the
    answer and returns ``None`` past that; the question goes on to its end in
    the background (the solver keeps the tables it built).  While a question
    is running, new ones get ``None`` at once: a solver is never asked two
    things at the same time.  ``timeout=None`` waits for the running
    question, if any, then asks in the calling thread.
    """

    def __init__(self) -> None:
        self._running = threading.Lock()

    def ask(self, oracle: MoveOracle, state: State, timeout: float | None) -> Move | None:
        """``oracle.best_move(state)``, or ``None`` when it does not come within ``timeout``."""
        if timeout is None:
            with self._running:
                return oracle.best_move(state)
        if not self._running.acquire(blocking=False):
            return None
        answer = _Answer()
        thread = threading.Thread(
            target=self._answer, args=(oracle, state, answer), name="solver", daemon=True
        )
        try:
            thread.start()
        except BaseException:
            self._running.release()
            raise
        if not answer.done.wait(max(0.0, timeout)):
            return None
        if answer.error is not None:
            raise answer.error
        return answer.move

    def wait_idle(self) -> None:
        """Wait until the running question, if any, is answered (benchmarks, tests)."""
        with self._running:
            pass

    def _answer(self, oracle: MoveOracle, state: State, answer: _Answer) -> None:
        try:
            answer.move = oracle.best_move(state)
        except BaseException as error:
            answer.error = error
            log.exception("the solver failed in '%s'", state.to_text())
        finally:
            self._running.release()
            answer.done.set()


SOLVER_THREAD = SolverThread()
"""The process's one solver thread (solvers keep state: one question at a time)."""


def oracle_timeout(clock: Clock) -> float | None:
    """How long a decision on ``clock`` waits for a solver (``None``: as long as it takes)."""
    if clock.deadline is None:
        return None
    return ORACLE_WAIT * (clock.deadline - time.perf_counter())


# --------------------------------------------------------------------------- bots


@dataclass(frozen=True)
class Decision:
    """How the last decision was made (for benchmarks and the command line)."""

    move: Move
    algorithm: str
    nodes: int
    depth: int
    seconds: float


class Bot(ABC):
    """A player of one game: ``choose(state)`` returns a legal decision."""

    def __init__(
        self,
        name: str,
        game: Game,
        seed: int = 0,
        seconds: float | None = None,
        nodes: int | None = None,
    ) -> None:
        self.name = name
        self.game = game
        self.seed = seed
        self.seconds = seconds
        self.nodes = nodes
        self.budget: Budget | None = None
        self.last: Decision | None = None

    def choose(self, state: State[MoveT]) -> MoveT:
        """A legal decision of ``state`` (a decision node of a game in progress): one of
        its ``legal_moves()``, so of its game's move type, though the searches that
        pick it work on any game's moves."""
        if state.is_terminal():
            raise ValueError(f"{self.name}: the game is over in '{state.to_text()}'")
        if state.current_player is CHANCE:
            raise ValueError(f"{self.name}: '{state.to_text()}' waits for the dice, not a player")
        moves = state.legal_moves()
        if not moves:
            raise ValueError(f"{self.name}: no legal decision in '{state.to_text()}'")
        if len(moves) == 1:
            self.last = Decision(moves[0], "forced", 0, 0, 0.0)
            return moves[0]
        return cast(MoveT, self._choose(state, moves, self.rng_for(state)))

    @abstractmethod
    def _choose(self, state: State, moves: Sequence[Move], rng: random.Random) -> Move:
        """Pick among ``moves`` (at least two)."""

    @abstractmethod
    def describe(self, lang: str = "fr") -> str:
        """Description in French (``expert (alpha-bêta, 3 s)``) or, with ``lang="en"``,
        English (``expert (alpha-beta, 3 s)``)."""

    def rng_for(self, state: State) -> random.Random:
        """The random generator of one decision: seeded by the bot and the position."""
        return random.Random(f"{self.name}|{self.seed}|{state.to_text()}|{state.current_player}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (make_bot, (self.name, self.game.spec, self.seed, self.seconds, self.nodes))

    def __repr__(self) -> str:
        return f"<Bot {self.name} {self.game.spec} seed={self.seed}>"


class RandomBot(Bot):
    """Uniformly random legal decisions."""

    def _choose(self, state: State, moves: Sequence[Move], rng: random.Random) -> Move:
        move = rng.choice(moves)
        self.last = Decision(move, "random", 0, 0, 0.0)
        return move

    def describe(self, lang: str = "fr") -> str:
        words = _words(lang)
        return f"{words(LEVEL_TITLES['random'])} ({words(ALGORITHM_TITLES['random'])})"


CHILD_NOISE = 0.1
"""The child's error on its judgement of each decision (the evaluator's units, ``[-1, 1]``)."""
CHILD_TURN_NOISE = 0.15
"""...and on each way to end its turn, where the game is played by whole turns."""


class ChildBot(Bot):
    """A child's play, below the beginner: legal, plausible decisions, the mistakes of
    someone who looks only at their own move.

    It takes a win in one. Otherwise it judges each decision by the position it leaves,
    without looking at the answer (so it leaves pieces to be taken, mills to be closed,
    corners to be given), each judgement blurred by :data:`CHILD_NOISE`; in the games
    played by whole turns, each way to end the turn blurred by :data:`CHILD_TURN_NOISE`
    (or the game profile's ``child_noise``).
    Without an evaluator it plays at random. Its errors are drawn from its seed and
    the position, as every bot's."""

    def __init__(self, name: str, game: Game, seed: int = 0, seconds: float | None = None,
                 nodes: int | None = None) -> None:
        super().__init__(name, game, seed, seconds, nodes)
        self.evaluator: Evaluator | None = evaluator_for(game)
        profile = profile_for(game)
        self.by_turns = bool(profile.turn_noise)
        default = CHILD_TURN_NOISE if self.by_turns else CHILD_NOISE
        self.noise = default if profile.child_noise is None else profile.child_noise

    def _choose(self, state: State, moves: Sequence[Move], rng: random.Random) -> Move:
        winning = winning_move(state, moves)
        if winning is not None:
            self.last = Decision(winning, "win", len(moves), 1, 0.0)
            return winning
        evaluator = self.evaluator
        if evaluator is None:
            move = rng.choice(moves)
        elif self.by_turns and state.decision_kind() is DecisionKind.PLAY:
            move = noisy_turn_move(state, evaluator, self.seed, self.noise)
        elif self.by_turns:
            move = noisy_choice(state, evaluator, self.seed, self.noise)
        else:
            player = state.current_player
            move = max(moves, key=lambda m: _seen(state.apply_unchecked(m), player, evaluator)
                       + rng.gauss(0.0, self.noise))
        self.last = Decision(move, "child", len(moves), 1, 0.0)
        return move

    def describe(self, lang: str = "fr") -> str:
        words = _words(lang)
        return (f"{words(LEVEL_TITLES[self.name])} "
                f"({words('coups plausibles, sans voir la réponse')})")


def _seen(after: State, player: str, evaluator: Evaluator, follow: int = 2) -> float:
    """How a position looks to ``player`` at a glance: a finished game won or lost, else
    the evaluator's value; while ``player`` still has to decide (the piece a mill takes),
    the best of those decisions, up to ``follow`` more."""
    if after.is_terminal():
        outcome = after.outcome()
        return 0.0 if outcome is None else 2.0 * outcome.value(player) - 1.0
    if follow and after.current_player == player:
        return max(_seen(after.apply_unchecked(move), player, evaluator, follow - 1)
                   for move in after.legal_moves())
    return evaluator(after, player)


class SearchBot(Bot):
    """A level playing one search within a budget."""

    budget: Budget

    def __init__(
        self,
        name: str,
        game: Game,
        seed: int = 0,
        seconds: float | None = None,
        nodes: int | None = None,
        *,
        algorithm: str,
    ) -> None:
        super().__init__(name, game, seed, seconds, nodes)
        if seconds is None and nodes is None:
            seconds = LEVELS[name]
        self.budget = Budget(seconds, nodes)
        self.algorithm = algorithm
        self.evaluator: Evaluator | None = evaluator_for(game)
        self.profile = profile_for(game)
        """How this game's machine plays besides the search (:mod:`engines.ai.profiles`)."""
        self.oracle_share = ORACLE_SHARE[name]
        if name != "expert" and self.profile.solver_for_expert_only:
            self.oracle_share = 0.0
        self.oracle: MoveOracle | None = move_oracle_for(game) if self.oracle_share else None
        self.endgame: EndgamePlayer | None = endgame_for(game, name, self.evaluator)
        self.turn_noise: float | None = (
            self.profile.turn_noise.get(name) if algorithm == "expectimax" else None
        )
        """The noise of this level's whole turns (``AiProfile.turn_noise``), if it plays
        them."""

    def _choose(self, state: State, moves: Sequence[Move], rng: random.Random) -> Move:
        clock = self.budget.start()
        if self.oracle is not None and self._follows_oracle(rng):
            move = SOLVER_THREAD.ask(self.oracle, state, oracle_timeout(clock))
            if move is not None and move in moves:
                self.last = Decision(move, "solver", 0, 0, clock.elapsed())
                return move
        winning = winning_move(state, moves)
        if winning is not None:
            self.last = Decision(winning, "win", len(moves), 1, clock.elapsed())
            return winning
        if self.endgame is not None:
            ending = self.endgame.choose(state, clock, rng)
            if ending is not None:
                self.last = Decision(
                    ending.move, ending.algorithm, ending.nodes, ending.depth, clock.elapsed()
                )
                return ending.move
        if self._takes_cube_decision(state):
            assert self.evaluator is not None
            move = noisy_choice(state, self.evaluator, self.seed, self.turn_noise or 0.0,
                                one_throw_on=self.name == "expert")
            self.last = Decision(move, "turn", len(moves), 1, clock.elapsed())
            return move
        if self._plays_best_turn(state):
            assert self.evaluator is not None
            ahead = self.profile.expert_best_play_one_throw_on
            if ahead:
                move = filtered_turn_move(state, self.evaluator, clock)
            else:
                move = noisy_turn_move(state, self.evaluator, self.seed, 0.0)
            self.last = Decision(move, "turn", len(moves), 2 if ahead else 1, clock.elapsed())
            return move
        if self.algorithm == "mcts":
            mcts = Mcts(
                self.evaluator,
                rollout_depth=ROLLOUT_DEPTH,
                temperature=DEBUTANT_TEMPERATURE if self.name == "debutant" else 0.0,
            )
            found = mcts.search(state, clock, rng)
            self.last = Decision(found.move, "mcts", found.iterations, 0, found.seconds)
            return found.move
        if self.turn_noise is not None and self._plays_noisy_turn(state):
            assert self.evaluator is not None
            move = noisy_turn_move(state, self.evaluator, self.seed, self.turn_noise)
            self.last = Decision(move, "turn", len(moves), 1, clock.elapsed())
            return move
        turns = self.profile.depth_in_turns
        if self.name == "debutant":
            search = AlphaBeta(
                self.evaluator, max_depth=DEBUTANT_DEPTH, margin=DEBUTANT_MARGIN, turn_depth=turns
            )
        else:
            search = AlphaBeta(self.evaluator, turn_depth=turns)
        result = search.search(state, clock, rng)
        move = result.move
        if self.name == "debutant":
            best = result.score
            near = [m for m, v in result.scores if v == best or v > best - DEBUTANT_MARGIN]
            move = rng.choice(near)
        self.last = Decision(move, self.algorithm, result.nodes, result.depth, result.seconds)
        return move

    def _plays_best_turn(self, state: State | None = None) -> bool:
        """Whether an expert plays its evaluator's best whole turn here: with three or
        four players each for themselves where the profile says so, and when playing the
        throw one throw on (``state`` ``None``: whether this expert plays so at all)."""
        if self.name != "expert" or self.evaluator is None:
            return False
        if self.profile.expert_best_play_one_throw_on:
            return state is None or state.decision_kind() is DecisionKind.PLAY
        return (
            self.profile.expert_whole_turn_alone
            and len(self.game.players) > 2
            and not self.game.teams
        )

    def _takes_cube_decision(self, state: State) -> bool:
        """Whether this is a cube decision that this level takes at once
        (``AiProfile.cube_without_search``)."""
        return (
            self.name != "debutant"
            and self.profile.cube_without_search
            and state.decision_kind() in (DecisionKind.CUBE, DecisionKind.ANSWER)
        )

    def _plays_noisy_turn(self, state: State) -> bool:
        """Whether a level with a turn noise plays this decision by its whole turns (a
        play of the game's own, not a cube's decision)."""
        if self.turn_noise is None:
            return False
        return state.decision_kind() is DecisionKind.PLAY

    def _follows_oracle(self, rng: random.Random) -> bool:
        """Whether this decision plays the solver's move (always for the expert)."""
        return self.oracle_share >= 1 or rng.random() < self.oracle_share

    def describe(self, lang: str = "fr") -> str:
        words = _words(lang)
        title = words(ALGORITHM_TITLES[self.algorithm])
        if self.turn_noise is not None:
            title = words("meilleur tour complet, à l'estime")
        elif self._plays_best_turn() and self.profile.expert_best_play_one_throw_on:
            title = words("meilleur jeu du lancer, un lancer plus loin")
        elif self._plays_best_turn():
            title = words("meilleur tour complet")
        if self.name == "debutant" and self.algorithm != "mcts":
            title += words(" peu profond")
        if self.oracle is not None:
            share = round(100 * self.oracle_share)
            often = "" if share >= 100 else f" {share}\u202f% {words('des coups')}"
            title = f"{words('solveur exact')}{often}, " + title
        budget = self.budget.describe(lang)
        return f"{words(LEVEL_TITLES[self.name])} ({title}, {budget})"


def _words(lang: str) -> Callable[[str], str]:
    """The words of a description in ``lang``: French as they are, or English."""
    if lang == "fr":
        return lambda text: text
    if lang == "en":
        return lambda text: DESCRIPTION_EN.get(text, text)
    raise ValueError(f"unknown language '{lang}'; choose fr or en")


def make_bot(
    name: str,
    game: Game | str,
    seed: int = 0,
    seconds: float | None = None,
    nodes: int | None = None,
) -> Bot:
    """The bot ``name`` (one of :data:`BOT_NAMES`) for ``game`` (a game or its spec).

    ``seconds`` and/or ``nodes`` replace the level's time per decision; a node
    budget alone makes the bot reproducible on any machine.
    """
    if name not in BOT_NAMES:
        raise ValueError(f"unknown bot '{name}'; choose among " + ", ".join(BOT_NAMES))
    if isinstance(game, str):
        game = find_game(game)
    if name == "random":
        return RandomBot(name, game, seed, seconds, nodes)
    if name == "enfant":
        return ChildBot(name, game, seed, seconds, nodes)
    return SearchBot(name, game, seed, seconds, nodes, algorithm=algorithm_for(game))
