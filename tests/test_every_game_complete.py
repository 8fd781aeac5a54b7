"""Every registered game has every part a game needs, and the failure names what is missing.

The list is the one ``docs/engines.md`` ("Adding a game") walks through: the
engine's golden playthroughs, a machine that can judge it (an evaluator or a
solver), its presentation and catalogue card on the kiosk, its rules pages
in both languages, and lessons for each variant.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engines import all_specs, find_game
from engines.ai.evaluation import evaluator_for
from engines.ai.solvers import solver_for
from engines.playthrough import file_name
from kiosk.catalog import CATALOGUE
from kiosk.games import presentation_for
from kiosk.lessons.model import lessons_for

ROOT = Path(__file__).resolve().parents[1]
GAME_IDS = sorted({find_game(spec).id for spec in all_specs()})


def missing_parts(game_id: str, root: Path = ROOT) -> list[str]:
    """What ``game_id`` lacks, in the words of docs/engines.md."""
    missing: list[str] = []
    specs = [spec for spec in all_specs() if find_game(spec).id == game_id]
    game = find_game(specs[0])
    for spec in specs:
        if not (root / "tests" / "engines" / "playthroughs" / file_name(spec)).is_file():
            missing.append(f"the golden playthrough of {spec} (pytest --update-playthroughs)")
    if evaluator_for(game) is None and solver_for(game) is None:
        missing.append("an evaluator or a solver (engines/ai/)")
    try:
        presentation_for(game)
    except (KeyError, ImportError) as error:
        missing.append(f"a presentation in kiosk/games/ ({error})")
    if not any(card.game_id == game_id for card in CATALOGUE):
        missing.append("a card in kiosk/catalog.py's CATALOGUE")
    for page in (f"docs/rules/{game_id}.md", f"docs/rules/en/{game_id}.md"):
        if not (root / page).is_file():
            missing.append(f"its rules page {page}")
    lessons = lessons_for(game_id)
    if not lessons:
        missing.append(f"lessons in kiosk/lessons/{game_id}.toml")
    return missing


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_game_has_every_part(game_id: str) -> None:
    assert missing_parts(game_id) == [], f"{game_id} lacks: " + "; ".join(missing_parts(game_id))


def test_a_game_missing_its_parts_is_named(tmp_path: Path) -> None:
    assert missing_parts("reversi", root=tmp_path) == [
        "the golden playthrough of reversi (pytest --update-playthroughs)",
        "the golden playthrough of reversi:othello (pytest --update-playthroughs)",
        "its rules page docs/rules/reversi.md",
        "its rules page docs/rules/en/reversi.md",
    ]
