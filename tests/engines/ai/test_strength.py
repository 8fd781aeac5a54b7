"""Playing strength on every game and variant of the catalogue.

Fixed seeds and node budgets make every result reproducible on any machine.
The budgets are small to keep the suite fast; the kiosk's levels search far
longer (seconds per decision).  An alpha-beta node is one position, an MCTS
node one playout, hence the two scales.
"""

from __future__ import annotations

import math

import pytest

from engines.ai import algorithm_for, make_bot, play_game, seat_bots
from engines.core import Game
from engines.registry import all_specs, find_game

SPECS = all_specs()

EXPERT_GAMES = 40
DUEL_GAMES = 20
EXPERT_NODES = {"alphabeta": 200, "expectimax": 200, "mcts": 60}
JOUEUR_NODES = {"alphabeta": 500, "expectimax": 500, "mcts": 120}
DEBUTANT_NODES = {"alphabeta": 100, "expectimax": 100, "mcts": 40}

REQUIRED_EXPERT_WINS = 0.95
"""Share of games the expert must win against random play (draws do not count)."""


def match(
    game: Game, name: str, nodes: int | None, rival: str, rival_nodes: int | None, games: int
) -> tuple[int, int, int]:
    """Wins, draws and losses of ``name`` against ``rival``, changing seats every game.

    With more than two players, ``name`` takes one seat and ``rival`` all the others.
    """
    seats = len(game.players)
    wins = draws = losses = 0
    for index in range(games):
        bot = make_bot(name, game, seed=index, nodes=nodes)
        other = make_bot(rival, game, seed=10_000 + index, nodes=rival_nodes)
        table = seat_bots(game.players, [bot] + [other] * (seats - 1), index % seats)
        seat = next(player for player, b in table.items() if b is bot)
        outcome = play_game(game, table, seed=index).outcome
        assert outcome is not None
        if outcome.is_draw:
            draws += 1
        elif seat in outcome.winners:
            wins += 1
        else:
            losses += 1
    return wins, draws, losses


@pytest.mark.slow
@pytest.mark.parametrize("spec", SPECS)
def test_expert_beats_random(spec: str) -> None:
    game = find_game(spec)
    nodes = EXPERT_NODES[algorithm_for(game)]
    wins, draws, losses = match(game, "expert", nodes, "random", None, EXPERT_GAMES)
    assert wins >= math.ceil(REQUIRED_EXPERT_WINS * EXPERT_GAMES), (wins, draws, losses)


@pytest.mark.slow
@pytest.mark.parametrize("spec", SPECS)
def test_joueur_beats_debutant(spec: str) -> None:
    game = find_game(spec)
    kind = algorithm_for(game)
    wins, draws, losses = match(
        game, "joueur", JOUEUR_NODES[kind], "debutant", DEBUTANT_NODES[kind], DUEL_GAMES
    )
    assert wins > DUEL_GAMES / 2, (wins, draws, losses)
