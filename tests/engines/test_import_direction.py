"""Inside each game package, imports go one way: no module imports, even inside a
function, a module that imports it (directly or not).

A game's modules then read from the bottom up (board, rules and text, then the
playout and the state, then the game), and none hides a cycle in a
function-level import. Only the type checker's imports (under ``if
TYPE_CHECKING:``) may name a module above, so that a state can say its game is
an ``Assaut``: they describe, they never run.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINES = Path(__file__).resolve().parents[2] / "engines"
PACKAGES = sorted(p.parent.name for p in ENGINES.glob("*/__init__.py") if p.parent.name != "ai")


def _runs(tree: ast.Module) -> list[ast.AST]:
    """Every node of ``tree`` but those under ``if TYPE_CHECKING:``."""
    nodes: list[ast.AST] = []
    waiting: list[ast.AST] = [tree]
    while waiting:
        node = waiting.pop()
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            waiting.extend(node.orelse)
            continue
        nodes.append(node)
        waiting.extend(ast.iter_child_nodes(node))
    return nodes


def imported(path: Path, package: str) -> set[str]:
    """The modules of ``engines.<package>`` that ``path`` imports when it runs, anywhere
    in it (a function's imports included)."""
    prefix = f"engines.{package}."
    found = set()
    for node in _runs(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.level:
                raise AssertionError(f"{path.name}: relative import of {node.module}")
            if node.module.startswith(prefix):
                found.add(node.module.removeprefix(prefix))
            elif node.module == f"engines.{package}":
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name.removeprefix(prefix) for a in node.names
                         if a.name.startswith(prefix))
    return found


def cycles(package: str) -> list[tuple[str, ...]]:
    """Each module that reaches itself through the package's imports, with the way."""
    modules = {p.stem: p for p in (ENGINES / package).glob("*.py") if p.stem != "__init__"}
    edges = {name: imported(path, package) & modules.keys() for name, path in modules.items()}
    found: list[tuple[str, ...]] = []
    for start in sorted(modules):
        ways: list[tuple[str, tuple[str, ...]]] = [(start, (start,))]
        seen = set()
        while ways:
            here, way = ways.pop()
            for there in sorted(edges[here]):
                if there == start:
                    found.append((*way, start))
                    ways = []
                    break
                if there not in seen:
                    seen.add(there)
                    ways.append((there, (*way, there)))
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_a_game_package_imports_one_way(package: str) -> None:
    found = cycles(package)
    assert not found, " ; ".join(" → ".join(way) for way in found)


def test_a_cycle_hidden_in_a_function_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "engines" / "toy"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "state.py").write_text(
        "def to_text():\n    from engines.toy.text import write\n    return write()\n"
    )
    (package / "text.py").write_text("from engines.toy.state import to_text\n")
    (package / "game.py").write_text(
        "from typing import TYPE_CHECKING\nfrom engines.toy.state import to_text\n"
        "if TYPE_CHECKING:\n    from engines.toy.text import write\n"
    )
    monkeypatch.setattr(__name__ + ".ENGINES", tmp_path / "engines")
    assert cycles("toy") == [("state", "text", "state"), ("text", "state", "text")]
