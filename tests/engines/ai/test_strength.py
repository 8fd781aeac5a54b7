"""Playing strength on every game and variant of the catalogue.

Fixed seeds and node budgets make every result reproducible on any machine.
The budgets are small to keep the suite fast; the kiosk's levels search far
longer (seconds per decision).  An alpha-beta node is one position, an MCTS
node one playout, hence the two scales.

Games of skill (every game but those in :data:`LUCK_GAMES`): the expert wins
at least 95 % of 40 two-player games against random play (of 20 for the longest
games, rithmomachie and single games of backgammon, and of 10 matches to five
points in backgammon).  With three or
four seats (the expert in one, random players in the others) a seat's fair
share of the wins is 1/N (1/2 with two teams); the expert must win at least
three quarters of the way from that share to every game, over 16 games
(fewer than 40: these searches are the slowest, and a player no better than
random would reach that bar with a probability below 0.005).  The joueur must win more than its
fair share against débutants: over 20 games with two players, 12 with more or
in rithmomachie, whose games are the longest.

Games of luck (:data:`LUCK_GAMES`, shut the box): even perfect play loses
often, so the expert is judged by significance instead, one-sided at 99 %:
over 200 two-player games its points (a win 1, a tie 1/2) exceed half by
more than 2.33 standard deviations of a fair coin, and over 300 single
rounds each, a round of the expert scores lower than a round of random play
with a probability above 1/2 by more than 2.33 standard errors (the
rank-sum statistic: it does not depend on the scale of the scores, which
the French variant's digit scores make very uneven).
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right

import pytest

from engines.ai import algorithm_for, make_bot, play_game, seat_bots
from engines.core import Game
from engines.registry import all_specs, find_game

SPECS = all_specs()
EXTRA_SPECS = ["barricades,players=3", "barricades,players=4"]
"""Player counts that deserve their own check besides the catalogue's variants."""
LUCK_GAMES = frozenset({"shut-the-box"})
"""Games where luck dominates: judged by significance, not by a share of wins."""

SKILL_SPECS = [s for s in SPECS + EXTRA_SPECS if s.split(":")[0].split(",")[0] not in LUCK_GAMES]
LUCK_SPECS = [s for s in SPECS if s.split(":")[0] in LUCK_GAMES]

EXPERT_GAMES = 40
FEWER_EXPERT_GAMES = {
    "backgammon": 10,
    "backgammon:simple": 20,
    "rithmomachie:boissiere": 20,
    "rithmomachie:medievale": 20,
}
"""Fewer games where each is long: a match of several manches (backgammon to 5 points)
counts for several games; rithmomachie's and backgammon's games are the longest to
search. The 95 % bar is the same (every game of ten, 19 of 20)."""
FEWER_DUEL_GAMES = {"rithmomachie:boissiere": 12, "rithmomachie:medievale": 12}
"""The longest games, judged over 12 as games with more seats are."""
MULTI_SEAT_GAMES = 16
DUEL_GAMES = 20
MULTI_SEAT_DUEL_GAMES = 12
LUCK_DUEL_GAMES = 200
LUCK_ROUNDS = 300
Z_99 = 2.33
"""One-sided 99 % normal quantile."""
EXPERT_NODES = {"alphabeta": 200, "expectimax": 200, "mcts": 60}
JOUEUR_NODES = {"alphabeta": 500, "expectimax": 200, "mcts": 120}
DEBUTANT_NODES = {"alphabeta": 100, "expectimax": 100, "mcts": 40}

REQUIRED_EXPERT_WINS = 0.95
"""Share of two-player games the expert must win against random play (draws do not count)."""


def match(
    game: Game,
    name: str,
    nodes: int | None,
    rival: str,
    rival_nodes: int | None,
    games: int,
    wins_needed: int | None = None,
) -> tuple[int, int, int]:
    """Wins, draws and losses of ``name`` against ``rival``, changing seats every game.

    With more than two players, ``name`` takes one seat and ``rival`` all the others.
    With ``wins_needed``, the match stops as soon as the games left cannot change
    whether ``name`` wins that many of ``games`` (the verdict of the whole match).
    """
    seats = len(game.players)
    wins = draws = losses = 0
    for index in range(games):
        if wins_needed is not None and (wins >= wins_needed or wins + games - index < wins_needed):
            break
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


@pytest.mark.parametrize("needed", [0, 3, 5, 7, 10, 11])
def test_a_match_stopped_early_gives_the_whole_matchs_verdict(needed: int) -> None:
    game = find_game("moulin")
    whole = match(game, "random", None, "random", None, 10)
    early = match(game, "random", None, "random", None, 10, needed)
    assert sum(early) <= 10
    assert early[0] <= whole[0]
    assert (early[0] >= needed) == (whole[0] >= needed)


def fair_share(game: Game) -> float:
    """A seat's share of the wins when every seat plays alike."""
    return 0.5 if getattr(game, "teams", False) else 1 / len(game.players)


@pytest.mark.slow
@pytest.mark.parametrize("spec", SKILL_SPECS)
def test_expert_beats_random(spec: str) -> None:
    game = find_game(spec)
    nodes = EXPERT_NODES[algorithm_for(game)]
    if len(game.players) == 2:
        games, required = FEWER_EXPERT_GAMES.get(spec, EXPERT_GAMES), REQUIRED_EXPERT_WINS
    else:
        share = fair_share(game)
        games, required = MULTI_SEAT_GAMES, share + 0.75 * (1 - share)
    needed = math.ceil(required * games)
    wins, draws, losses = match(game, "expert", nodes, "random", None, games, needed)
    assert wins >= needed, (wins, draws, losses)


@pytest.mark.slow
@pytest.mark.parametrize("spec", [s for s in SPECS if s in SKILL_SPECS])
def test_joueur_beats_debutant(spec: str) -> None:
    game = find_game(spec)
    kind = algorithm_for(game)
    games = DUEL_GAMES if len(game.players) == 2 else MULTI_SEAT_DUEL_GAMES
    games = FEWER_DUEL_GAMES.get(spec, games)
    needed = math.floor(fair_share(game) * games) + 1
    wins, draws, losses = match(
        game, "joueur", JOUEUR_NODES[kind], "debutant", DEBUTANT_NODES[kind], games, needed
    )
    assert wins >= needed, (wins, draws, losses)


# --------------------------------------------------------------------------- games of luck


def significantly_more_than_half(wins: int, draws: int, games: int) -> bool:
    """Whether the points (draws count half) beat a fair coin at the 99 % level."""
    return wins + draws / 2 > games / 2 + Z_99 * math.sqrt(games) / 2


def round_scores(game: Game, name: str, rounds: int) -> list[float]:
    """Scores of ``rounds`` single rounds of ``name`` (a one-player ``game``)."""
    (player,) = game.players
    nodes = EXPERT_NODES[algorithm_for(game)]
    scores = []
    for index in range(rounds):
        bot = make_bot(name, game, seed=index, nodes=nodes)
        outcome = play_game(game, {player: bot}, seed=index).outcome
        assert outcome is not None
        score = outcome.score(player)
        assert score is not None
        scores.append(score)
    return scores


def lower_score_chance(ours: list[float], theirs: list[float]) -> float:
    """Chance that one of our rounds scores lower than one of theirs (ties half)."""
    ordered = sorted(theirs)
    total = 0.0
    for score in ours:
        below, at_most = bisect_left(ordered, score), bisect_right(ordered, score)
        total += len(ordered) - at_most + (at_most - below) / 2
    return total / (len(ours) * len(theirs))


@pytest.mark.slow
@pytest.mark.parametrize("spec", LUCK_SPECS)
def test_expert_wins_significantly_more_than_random_where_luck_dominates(spec: str) -> None:
    game = find_game(spec)
    assert len(game.players) == 2
    nodes = EXPERT_NODES[algorithm_for(game)]
    wins, draws, losses = match(game, "expert", nodes, "random", None, LUCK_DUEL_GAMES)
    assert significantly_more_than_half(wins, draws, LUCK_DUEL_GAMES), (wins, draws, losses)


@pytest.mark.slow
@pytest.mark.parametrize("spec", LUCK_SPECS)
def test_expert_scores_significantly_lower_than_random_where_luck_dominates(spec: str) -> None:
    alone = find_game(f"{spec},players=1")
    expert = round_scores(alone, "expert", LUCK_ROUNDS)
    chance = round_scores(alone, "random", LUCK_ROUNDS)
    n = LUCK_ROUNDS
    standard_error = math.sqrt((2 * n + 1) / (12 * n * n))
    superiority = lower_score_chance(expert, chance)
    assert superiority > 0.5 + Z_99 * standard_error, (superiority, standard_error)


@pytest.mark.slow
@pytest.mark.parametrize("spec", LUCK_SPECS)
def test_joueur_beats_debutant_where_luck_dominates(spec: str) -> None:
    game = find_game(spec)
    kind = algorithm_for(game)
    wins, draws, losses = match(
        game, "joueur", JOUEUR_NODES[kind], "debutant", DEBUTANT_NODES[kind], LUCK_DUEL_GAMES
    )
    assert wins + draws / 2 > LUCK_DUEL_GAMES / 2, (wins, draws, losses)
