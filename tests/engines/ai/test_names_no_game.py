"""The machine's generic parts name no game: what a game's machine does differently is
declared in its profile (:mod:`engines.ai.profiles`) beside its evaluator or solver, and
the searches ask the position (``decision_kind``, ``turn_ends``), not its class."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engines.registry import all_specs, find_game

AI = Path(__file__).resolve().parents[3] / "engines" / "ai"
GAME_SPECIFIC = ("eval_", "solve_", "endgame_", "backgammon_", "reasons_")
"""The modules that belong to one game (or two: ``endgame_deeper``) by design."""
GENERIC = sorted(
    p for p in AI.glob("*.py") if not p.name.startswith(GAME_SPECIFIC) and p.name != "__init__.py"
)
GAME_IDS = frozenset(find_game(spec).id for spec in all_specs())
GAME_PACKAGES = frozenset(
    {f"engines.{name}" for name in ("tables", *(i.replace("-", "") for i in GAME_IDS))}
)


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: p.name)
def test_a_generic_module_names_no_game(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            package = ".".join(node.module.split(".")[:2])
            assert package not in GAME_PACKAGES, f"{path.name} imports {node.module}"
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            assert node.value not in GAME_IDS, f"{path.name} names the game {node.value!r}"


def test_the_generic_modules_are_the_searches_and_the_bots() -> None:
    names = {p.stem for p in GENERIC}
    assert {"bots", "turns", "endgame", "mcts", "alphabeta", "profiles"} <= names
