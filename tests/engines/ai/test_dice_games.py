"""Bots on Pig: dice, a player deciding again after every throw, two to four players.

Pig is mostly luck: a good fixed strategy (hold at 20) wins about 83 % of
two-player games against random play, hence the lower bars than for the
catalogue's games.
"""

from __future__ import annotations

from engines.ai import algorithm_for, make_bot
from tests.engines.ai.test_strength import match
from tests.engines.ai.toys import Pig, PigState


def test_algorithms_for_dice_games() -> None:
    assert algorithm_for(Pig(2)) == "expectimax"
    assert algorithm_for(Pig(3)) == "mcts"
    assert algorithm_for(Pig(4)) == "mcts"


def test_expectimax_holds_a_winning_total_and_rolls_a_small_one() -> None:
    game = Pig(2)
    bot = make_bot("expert", game, nodes=2000)
    assert bot.choose(PigState(game, (0, 0), 0, 2, 0, False)) == "roll"
    assert bot.choose(PigState(game, (0, 0), 0, 25, 0, False)) == "hold"
    assert bot.choose(PigState(game, (20, 0), 0, 10, 0, False)) == "hold"  # 30: the win


def test_mcts_holds_a_winning_total_with_three_players() -> None:
    game = Pig(3)
    bot = make_bot("expert", game, nodes=300)
    assert bot.choose(PigState(game, (20, 5, 5), 0, 10, 0, False)) == "hold"


def test_expectimax_expert_beats_random() -> None:
    wins, draws, losses = match(Pig(2), "expert", 300, "random", None, 40)
    assert wins >= 26, (wins, draws, losses)


def test_expectimax_joueur_beats_debutant() -> None:
    wins, draws, losses = match(Pig(2), "joueur", 500, "debutant", 100, 40)
    assert wins > 20, (wins, draws, losses)


def test_mcts_expert_beats_two_random_players() -> None:
    # One expert seat against two random seats: a third of the wins by chance.
    wins, draws, losses = match(Pig(3), "expert", 150, "random", None, 30)
    assert wins >= 18, (wins, draws, losses)


def test_mcts_joueur_beats_debutants_with_four_players() -> None:
    wins, draws, losses = match(Pig(4), "joueur", 120, "debutant", 40, 24)
    assert wins >= 8, (wins, draws, losses)  # a quarter would be 6
