"""Every registered game has every part a game needs, and the failure names what is missing.

The list is the one ``docs/engines.md`` ("Adding a game") walks through: the
engine's golden playthroughs, a machine that can judge it (an evaluator or a
solver), its descriptor on the kiosk (its presentation, its board's look, its
card, its seats' names, its home picture), its rules pages in both
languages, and lessons for each variant.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from engines import all_specs, find_game
from engines.ai.evaluation import evaluator_for
from engines.ai.solvers import solver_for
from engines.playthrough import file_name
from kiosk.catalog import CATALOGUE
from kiosk.games.descriptor import GameDescriptor
from kiosk.games.descriptors import descriptor, find_descriptor
from kiosk.lessons.model import lessons_for

ROOT = Path(__file__).resolve().parents[1]
GAME_IDS = sorted({find_game(spec).id for spec in all_specs()})
Finder = Callable[[str], GameDescriptor | None]


def missing_parts(game_id: str, root: Path = ROOT, find: Finder = find_descriptor) -> list[str]:
    """What ``game_id`` lacks, in the words of docs/engines.md."""
    missing: list[str] = []
    specs = [spec for spec in all_specs() if find_game(spec).id == game_id]
    game = find_game(specs[0])
    for spec in specs:
        if not (root / "tests" / "engines" / "playthroughs" / file_name(spec)).is_file():
            missing.append(f"the golden playthrough of {spec} (pytest --update-playthroughs)")
    if evaluator_for(game) is None and solver_for(game) is None:
        missing.append("an evaluator or a solver (engines/ai/)")
    found = find(game_id)
    if found is None:
        missing.append(f"a descriptor, kiosk/games/descriptors/{game_id.replace('-', '')}.py, "
                       "in DESCRIPTORS of kiosk/games/descriptors/__init__.py")
    else:
        missing += missing_in_descriptor(found, specs)
    for page in (f"docs/rules/{game_id}.md", f"docs/rules/en/{game_id}.md"):
        if not (root / page).is_file():
            missing.append(f"its rules page {page}")
    lessons = lessons_for(game_id)
    if not lessons:
        missing.append(f"lessons in kiosk/lessons/{game_id}.toml")
    return missing


def missing_in_descriptor(found: GameDescriptor, specs: list[str]) -> list[str]:
    """The parts of a game's descriptor that are missing or do not fit its engine."""
    missing: list[str] = []
    try:
        found.make_presentation(find_game(specs[0]))
    except (LookupError, ImportError, AttributeError) as error:
        missing.append(f"a presentation in kiosk/games/, named by its descriptor's "
                       f"presentation ({error})")
    if found.look is None:
        missing.append("its board's look, the descriptor's look (a BoardLook)")
    card = found.card
    if card is None or card.game_id != found.game_id:
        missing.append("its card, the descriptor's card (an Entry with its presets)")
    else:
        specs = specs + [p.spec for p in card.presets]
        specs += [f"{spec},players={n}" for spec in specs if card.seats_apart
                  for n in range(card.players[0], card.players[1] + 1)]
    players = dict.fromkeys(p for spec in specs for p in find_game(spec).players)
    unnamed = [p for p in players if p not in found.seats]
    if unnamed:
        missing.append(f"the seats' names of {', '.join(unnamed)}, the descriptor's seats")
    if found.illustration_plies is None:
        missing.append("the home card's picture, the descriptor's illustration_plies")
    return missing


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_game_has_every_part(game_id: str) -> None:
    assert missing_parts(game_id) == [], f"{game_id} lacks: " + "; ".join(missing_parts(game_id))


def test_the_home_screen_shows_every_described_game() -> None:
    assert [card.game_id for card in CATALOGUE] == [
        "reversi", "moulin", "backgammon", "barricades", "shut-the-box", "jacquet",
        "tablut", "assaut", "multitchoukatro", "latrunculi", "rithmomachie",
    ]
    assert sorted(card.game_id for card in CATALOGUE) == GAME_IDS


def test_a_game_missing_its_parts_is_named(tmp_path: Path) -> None:
    assert missing_parts("reversi", root=tmp_path) == [
        "the golden playthrough of reversi (pytest --update-playthroughs)",
        "the golden playthrough of reversi:othello (pytest --update-playthroughs)",
        "its rules page docs/rules/reversi.md",
        "its rules page docs/rules/en/reversi.md",
    ]


def test_a_descriptor_missing_its_parts_is_named() -> None:
    whole = descriptor("barricades")
    bare = GameDescriptor(game_id="barricades", seats={"rouge": ("Rouge", "Red")})
    assert missing_parts("barricades", find=lambda _: bare) == [
        "a presentation in kiosk/games/, named by its descriptor's presentation "
        "(no presentation module declared for 'barricades')",
        "its board's look, the descriptor's look (a BoardLook)",
        "its card, the descriptor's card (an Entry with its presets)",
        "the seats' names of vert, jaune, bleu, the descriptor's seats",
        "the home card's picture, the descriptor's illustration_plies",
    ]
    misnamed = replace(whole, presentation="kiosk.games.nowhere")
    assert missing_parts("barricades", find=lambda _: misnamed) == [
        "a presentation in kiosk/games/, named by its descriptor's presentation "
        "(No module named 'kiosk.games.nowhere')",
    ]
    assert missing_parts("barricades", find=lambda _: None) == [
        "a descriptor, kiosk/games/descriptors/barricades.py, in DESCRIPTORS of "
        "kiosk/games/descriptors/__init__.py",
    ]


def test_every_seat_of_a_game_seating_more_is_named() -> None:
    """Shut the box seats up to six whatever the preset: each seat needs its name."""
    whole = descriptor("shut-the-box")
    five = replace(whole, seats={p: whole.seats[p] for p in list(whole.seats)[:5]})
    assert missing_parts("shut-the-box", find=lambda _: five) == [
        "the seats' names of joueur6, the descriptor's seats",
    ]
