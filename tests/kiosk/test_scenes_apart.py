"""Scenes do not know one another: a scene leads to the next through the kiosk's
navigator (``kiosk.go``, :mod:`kiosk.navigation`), never by importing it, even inside
a function. Two exceptions, said here: the demonstrations show a game or a lesson
inside them, and the owners' menu is the hub of the owners' own screens."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SCENES = Path(__file__).resolve().parents[2] / "kiosk" / "scenes"
COMPOSED = {"kiosk.scenes.attract": {"kiosk.scenes.play", "kiosk.scenes.lesson"}}
"""A scene that shows others inside it (a demonstration plays a game or a lesson)."""
OWNERS = "kiosk.scenes.admin."


def module_of(path: Path) -> str:
    return ".".join(path.relative_to(SCENES.parents[1]).with_suffix("").parts)


def defines_a_scene(tree: ast.Module) -> bool:
    return any(
        isinstance(node, ast.ClassDef)
        and any(isinstance(b, ast.Name) and b.id.endswith("Scene") for b in node.bases)
        for node in tree.body
    )


TREES = {module_of(p): ast.parse(p.read_text(encoding="utf-8")) for p in SCENES.rglob("*.py")}
SCENE_MODULES = sorted(m for m, tree in TREES.items() if defines_a_scene(tree))


def imports(tree: ast.Module) -> set[str]:
    return {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}


@pytest.mark.parametrize("module", SCENE_MODULES)
def test_a_scene_imports_no_other_scene(module: str) -> None:
    allowed = {module, "kiosk.scenes.base"} | COMPOSED.get(module, set())
    others = {m for m in imports(TREES[module]) if m in SCENE_MODULES} - allowed
    if module.startswith(OWNERS):  # the owners' hub knows their screens, and only them
        others = {m for m in others if not m.startswith(OWNERS)}
    assert not others, f"{module} imports {sorted(others)}: lead there through kiosk.go"


def test_the_scenes_found_are_the_kiosk_s_screens() -> None:
    assert {"kiosk.scenes.play", "kiosk.scenes.home", "kiosk.scenes.rules",
            "kiosk.scenes.results", "kiosk.scenes.admin.menu"} <= set(SCENE_MODULES)
