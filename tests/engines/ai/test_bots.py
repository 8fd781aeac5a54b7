"""The public bot API: names, levels, budgets, legality, reproducibility, pickling."""

from __future__ import annotations

import multiprocessing
import pickle
import random
import time

import pytest

from engines.ai import (
    BOT_NAMES,
    LEVELS,
    Bot,
    Budget,
    GameProfile,
    algorithm_for,
    game_profile,
    make_bot,
    solver_for,
)
from engines.ai.evaluation import evaluator_for
from engines.ai.solvers import register_solver, unregister_solver
from engines.core import CHANCE, Game, State
from engines.registry import all_specs, find_game
from tests.engines.ai.toys import (
    EvaluatedTreeGame,
    Nim,
    NimState,
    TreeGame,
    decide,
    dice,
    end,
)

SPECS = all_specs()
POSITIONS = 4
"""Random positions per game on which every bot must answer legally."""


def random_positions(game: Game, count: int, seed: int) -> list[State]:
    """Decision nodes met along seeded random games."""
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = game.initial_state()
        seen: list[State] = []
        while not state.is_terminal():
            if state.current_player is CHANCE:
                state = state.apply_unchecked(state.sample_chance(rng))
                continue
            seen.append(state)
            state = state.apply_unchecked(rng.choice(state.legal_moves()))
        found.extend(rng.sample(seen, min(len(seen), count - len(found))))
    return found


def test_names_and_levels() -> None:
    assert BOT_NAMES == ("random", "enfant", "debutant", "joueur", "expert")
    assert dict(LEVELS) == {"enfant": 0.1, "debutant": 0.3, "joueur": 1.0, "expert": 3.0}


def test_unknown_bot_names_the_choices() -> None:
    with pytest.raises(ValueError, match="random, enfant, debutant, joueur, expert"):
        make_bot("champion", "reversi")


def test_describe_in_french() -> None:
    assert make_bot("expert", "reversi").describe() == "expert (alpha-bêta, 3 s)"
    assert make_bot("debutant", "reversi").describe() == "débutant (alpha-bêta peu profond, 0,3 s)"
    described = make_bot("joueur", "reversi", nodes=5000).describe()
    assert described == "joueur (alpha-bêta, 5\u202f000 nœuds)"
    assert make_bot("random", "reversi").describe() == "hasard (coups au hasard)"
    nim = Nim((2, 3))
    assert make_bot("joueur", nim).describe() == "joueur (Monte-Carlo, 1 s)"


def test_the_child_closes_its_mills_but_lets_the_others_through() -> None:
    """It sees its own move, not the answer: a mill of its own in one it closes, most of
    the time; blanc's threat on a7 (a1, a4) it seldom blocks, where the joueur always
    does."""
    game = find_game("moulin")
    mill = game.replay(["a1", "d2", "a4", "d3"])
    closes = sum(str(make_bot("enfant", game, seed=s).choose(mill)) == "a7" for s in range(20))
    threat = game.replay(["a1", "d2", "a4"])
    blocks = sum(str(make_bot("enfant", game, seed=s).choose(threat)) == "a7"
                 for s in range(20))
    assert closes >= 10 and blocks <= 5
    player = {str(make_bot("joueur", game, seed=s, nodes=3000).choose(threat))
              for s in range(6)}
    assert player == {"a7"}
    assert make_bot("enfant", game).describe("en") == (
        "child (plausible moves, blind to the answer)")


def test_describe_in_english() -> None:
    assert make_bot("expert", "reversi").describe("en") == "expert (alpha-beta, 3 s)"
    debutant = make_bot("debutant", "reversi").describe("en")
    assert debutant == "beginner (alpha-beta, shallow, 0.3 s)"
    described = make_bot("joueur", "reversi", nodes=5000).describe("en")
    assert described == "player (alpha-beta, 5,000 nodes)"
    assert make_bot("random", "reversi").describe("en") == "random (random moves)"
    joueur = make_bot("joueur", "multitchoukatro,cases=10").describe("en")
    assert joueur == "player (exact solver 75\u202f% of the moves, Monte-Carlo, 1 s)"
    expert = make_bot("expert", "barricades,players=4").describe("en")
    assert expert == "expert (best whole turn, 3 s)"
    # Every French word of a description has its English.
    for spec in ("backgammon", "jacquet", "barricades,players=3", "shut-the-box"):
        for level in ("debutant", "joueur", "expert"):
            english = make_bot(level, spec).describe("en")
            assert not any(word in english for word in ("meilleur", "peu", "solveur", "nœuds"))
    with pytest.raises(ValueError, match="unknown language"):
        make_bot("expert", "reversi").describe("de")


def test_budget_from_level_or_override() -> None:
    bot = make_bot("joueur", "reversi")
    assert bot.name == "joueur"
    assert bot.budget == Budget(seconds=1.0)
    assert make_bot("expert", "reversi", nodes=100).budget == Budget(nodes=100)
    assert make_bot("random", "reversi").budget is None
    both = make_bot("expert", "reversi", seconds=0.5, nodes=100)
    assert both.budget == Budget(seconds=0.5, nodes=100)
    with pytest.raises(ValueError):
        make_bot("expert", "reversi", seconds=0)


def test_algorithm_follows_the_game() -> None:
    # Two players with an evaluator: alpha-beta; no evaluator or three
    # players: MCTS; chance with an evaluator: expectiminimax.
    assert algorithm_for(find_game("reversi")) == "alphabeta"
    assert algorithm_for(Nim((3,))) == "mcts"
    three = TreeGame(decide("a", x=end("a"), y=end("b")), ("a", "b", "c"))
    assert algorithm_for(three) == "mcts"
    # Games declare whether dice occur.
    with_dice = TreeGame(decide("a", y=end(), x=decide("b", z=dice(u=(1.0, end("a"))))))
    assert game_profile(with_dice) == GameProfile(2, True, False)
    assert algorithm_for(with_dice) == "mcts"
    without = TreeGame(decide("a", y=end(), x=decide("b", z=end("a"))))
    assert game_profile(without) == GameProfile(2, False, False)
    assert not find_game("moulin").has_chance


def test_every_evaluator_is_found() -> None:
    # The toy games of these tests registered evaluators before any lookup:
    # the games' own evaluators must still be found.
    for spec in ("reversi", "moulin", "tablut"):
        assert evaluator_for(find_game(spec)) is not None, spec
        assert algorithm_for(find_game(spec)) == "alphabeta"


@pytest.mark.parametrize("spec", SPECS)
def test_every_bot_plays_legal_moves_without_touching_the_state(spec: str) -> None:
    game = find_game(spec)
    budgets = {"random": None, "enfant": None, "debutant": 60, "joueur": 120, "expert": 200}
    if algorithm_for(game) == "mcts":
        budgets = {"random": None, "enfant": None, "debutant": 10, "joueur": 20, "expert": 30}
    for index, state in enumerate(random_positions(game, POSITIONS, seed=len(spec))):
        text, key = state.to_text(), state.key()
        for name in BOT_NAMES:
            bot = make_bot(name, game, seed=index, nodes=budgets[name])
            move = bot.choose(state)
            assert move in state.legal_moves(), (spec, name, text)
            assert state.to_text() == text and state.key() == key


def test_refuses_finished_games_and_dice() -> None:
    bot = make_bot("expert", Nim((1,)), nodes=10)
    finished = Nim((1,)).initial_state().apply_unchecked((0, 1))
    with pytest.raises(ValueError, match="over"):
        bot.choose(finished)
    game = TreeGame(dice(u=(0.5, end("a")), v=(0.5, end("b"))))
    with pytest.raises(ValueError, match="dice"):
        make_bot("expert", game, nodes=10).choose(game.initial_state())


def test_takes_a_win_in_one_at_every_level() -> None:
    game = TreeGame(decide("a", lose=end("b"), draw=end(), win=end("a")))
    for name in BOT_NAMES[1:]:
        for seed in range(5):
            assert make_bot(name, game, seed=seed, nodes=50).choose(game.initial_state()) == "win"


def test_debutant_avoids_a_loss_in_one() -> None:
    # "blunder" lets b win at once; "calm" leads to a draw.  Both look alike to
    # the evaluator, so only looking ahead tells them apart.
    blunder = decide("b", heuristic=0.3, w=end("b"), d=end())
    calm = decide("b", heuristic=0.3, d=end(), e=end())
    games = [
        EvaluatedTreeGame(decide("a", blunder=blunder, calm=calm)),  # alpha-beta
        TreeGame(decide("a", blunder=blunder, calm=calm)),  # MCTS, no evaluator
        TreeGame(decide("a", blunder=blunder, calm=calm), ("a", "b", "c")),  # MCTS
    ]
    assert [algorithm_for(g) for g in games] == ["alphabeta", "mcts", "mcts"]
    for game in games:
        for seed in range(10):
            bot = make_bot("debutant", game, seed=seed, nodes=60)
            assert bot.choose(game.initial_state()) == "calm"


def test_debutant_varies_its_play() -> None:
    game = find_game("reversi:othello")
    state = game.initial_state()
    chosen = {make_bot("debutant", game, seed=seed, nodes=200).choose(state) for seed in range(12)}
    assert len(chosen) > 1


def test_same_seed_and_nodes_give_the_same_moves() -> None:
    game = find_game("reversi:othello")
    positions = random_positions(game, 6, seed=7)
    for name in BOT_NAMES:
        first = [make_bot(name, game, seed=3, nodes=300).choose(s) for s in positions]
        again = [make_bot(name, game, seed=3, nodes=300).choose(s) for s in positions]
        assert first == again, name
    # The seed matters: random bots with other seeds choose otherwise somewhere.
    other = [make_bot("random", game, seed=4).choose(s) for s in positions]
    assert other != [make_bot("random", game, seed=3).choose(s) for s in positions]


def test_mcts_bot_is_reproducible() -> None:
    game = Nim((3, 5, 6))
    state = game.initial_state()
    moves = {make_bot("expert", game, seed=1, nodes=200).choose(state) for _ in range(3)}
    assert len(moves) == 1


def _choose_in_worker(bot: Bot, text: str) -> str:
    state = bot.game.from_text(text)
    return str(bot.choose(state))


def test_bots_pickle_and_play_alike_in_another_process() -> None:
    game = find_game("reversi:othello")
    positions = random_positions(game, 3, seed=11)
    bots = [make_bot(name, game, seed=5, nodes=200) for name in BOT_NAMES]
    for bot in bots:
        copy = pickle.loads(pickle.dumps(bot))
        assert (copy.name, copy.seed, copy.game) == (bot.name, bot.seed, bot.game)
    jobs = [(bot, s.to_text()) for bot in bots for s in positions]
    context = multiprocessing.get_context("spawn")
    with context.Pool(1) as pool:
        remote = pool.starmap(_choose_in_worker, jobs)
    local = [_choose_in_worker(bot, text) for bot, text in jobs]
    assert remote == local


def test_time_budget_is_roughly_honoured() -> None:
    # Sanity only, with generous margins: a search that ignores its clock runs for minutes
    # and fails; a loaded machine that adds a few hundred milliseconds does not.
    reversi = find_game("reversi:othello")
    nim = Nim((20, 21, 22, 23))
    for game in (reversi, nim):
        state = game.initial_state()
        for name in ("debutant", "joueur", "expert"):
            bot = make_bot(name, game, seconds=0.15)
            started = time.perf_counter()
            assert bot.choose(state) in state.legal_moves()
            elapsed = time.perf_counter() - started
            assert elapsed < 0.15 + 1.5
            if name != "debutant":  # the beginner's shallow search may stop early
                assert elapsed > 0.05, (game, name)


class _NimOracle:
    """Plays the nim-sum strategy; knows nothing when the position is lost."""

    def solve(self, game: Game) -> list[str]:
        return ["nim: gagnant si la somme de nim n'est pas nulle"]

    def best_move(self, state: State) -> tuple[int, int] | None:
        assert isinstance(state, NimState)
        heaps = state.heaps
        total = 0
        for heap in heaps:
            total ^= heap
        for index, heap in enumerate(heaps):
            if heap ^ total < heap:
                return (index, heap - (heap ^ total))
        return None


def test_solver_registry_and_oracle() -> None:
    game = Nim((9, 10, 12))  # nim-sum 15: too deep for a tiny budget, not for the oracle
    assert solver_for(find_game("reversi")) is None
    assert solver_for(game) is None
    register_solver("nim")(_NimOracle)
    try:
        solver = solver_for(game)
        assert solver is not None
        assert solver.solve(game) == ["nim: gagnant si la somme de nim n'est pas nulle"]
        expert = make_bot("expert", game, nodes=5)
        assert "solveur exact" in expert.describe()
        assert expert.choose(game.initial_state()) == (0, 3)  # 9 ^ 15 = 6: leave 6
        assert expert.last is not None and expert.last.algorithm == "solver"
        # Where the oracle has nothing to say, the search decides.
        lost = Nim((1, 2, 3)).initial_state()
        assert expert.choose(lost) in lost.legal_moves()
        assert expert.last is not None and expert.last.algorithm == "mcts"
        # The beginner does not use it.
        assert "solveur" not in make_bot("debutant", game).describe()
    finally:
        unregister_solver("nim")
    assert solver_for(game) is None


def test_the_backgammon_expert_judges_its_plays_without_a_search() -> None:
    """At backgammon the expert judges its plays one throw on without a search, the joueur
    judges the same plays with an error, and the debutant keeps its shallow search."""
    game = find_game("backgammon:simple")
    expert = make_bot("expert", game, seed=3, nodes=2_000)
    assert "meilleur jeu du lancer, un lancer plus loin" in expert.describe()
    state = game.initial_state()
    rng = random.Random(5)
    while state.current_player is CHANCE or len(state.legal_moves()) < 2:
        if state.current_player is CHANCE:
            state = state.apply(rng.choice(state.chance_outcomes())[0])
        else:
            state = state.apply(state.legal_moves()[0])
    expert.choose(state)
    assert expert.last is not None and expert.last.depth == 2
    assert expert.last.algorithm == "turn"
    joueur = make_bot("joueur", game, seed=3, nodes=2_000)
    joueur.choose(state)
    assert joueur.last is not None and joueur.last.algorithm == "turn"
    debutant = make_bot("debutant", game, seed=3, nodes=2_000)
    debutant.choose(state)
    assert debutant.last is not None and debutant.last.depth > 1


@pytest.mark.parametrize("spec", ["shut-the-box", "shut-the-box:francaise", "shut-the-box:exacte"])
def test_at_shut_the_box_only_the_expert_follows_the_solver(spec: str) -> None:
    game = find_game(spec)
    assert "solveur exact" in make_bot("expert", game).describe()
    joueur = make_bot("joueur", game, nodes=300)
    assert "solveur" not in joueur.describe()
    state = game.initial_state()
    while state.current_player is CHANCE:
        state = state.apply_unchecked(state.chance_outcomes()[0][0])
    joueur.choose(state)
    assert joueur.last is not None and joueur.last.algorithm != "solver"


def test_at_multitchoukatro_the_joueur_still_follows_the_solver_three_times_in_four() -> None:
    assert "solveur exact 75\u202f% des coups" in make_bot("joueur", "multitchoukatro").describe()
