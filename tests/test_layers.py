"""The layers of docs/architecture.md: imports go one way only.

``engines/`` imports neither pygame nor ``kiosk``, ``drivers`` or ``bench``;
``drivers/`` neither pygame nor ``kiosk``, ``engines`` or ``bench``; ``kiosk/`` not
``bench``.  Read from the source, so a lazy import inside a function counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

FORBIDDEN = {
    "engines": {"pygame", "kiosk", "drivers", "bench"},
    "drivers": {"pygame", "kiosk", "engines", "bench"},
    "kiosk": {"bench"},
}


def imported_packages(source: Path) -> set[str]:
    """The top-level packages a module imports, wherever the import stands."""
    names = set()
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_imports_go_one_way(package: str) -> None:
    crossings = {
        str(path.relative_to(ROOT)): sorted(imported_packages(path) & FORBIDDEN[package])
        for path in sorted((ROOT / package).rglob("*.py"))
    }
    assert {path: names for path, names in crossings.items() if names} == {}
