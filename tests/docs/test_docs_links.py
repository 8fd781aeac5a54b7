"""The documents' links: every relative link and image of README.md, CHANGELOG.md and
docs/**/*.md leads to a file of the repository, and every ``#anchor`` to a heading of
the page it names (slugs as GitHub makes them); no tracked text file points outside the
repository to the ``shared`` folder beside it by a ``../`` path."""

from __future__ import annotations

import re
import subprocess
import unicodedata
from functools import cache
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[2]

FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)"
                  r"(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
HTML_LINK = re.compile(r"<(?:a|img)\s[^>]*?(?:href|src)\s*=\s*[\"']([^\"']+)[\"']", re.I)
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)
"""``https:``, ``mailto:``…: not checked here."""


def documents() -> list[Path]:
    """README.md, CHANGELOG.md and every Markdown page under docs/."""
    pages = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").rglob("*.md"))]
    return [page for page in pages if page.exists()]


def unfenced_lines(text: str) -> list[tuple[int, str]]:
    """The lines outside fenced code blocks, numbered from 1."""
    lines, fenced = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            lines.append((number, line))
    return lines


def prose_lines(text: str) -> list[tuple[int, str]]:
    """The lines outside fenced code blocks, with inline code blanked (links in code are
    not links)."""
    return [
        (number, INLINE_CODE.sub(lambda m: " " * len(m.group(0)), line))
        for number, line in unfenced_lines(text)
    ]


def links(text: str) -> list[tuple[int, str]]:
    """Every link and image target of a page, with its line."""
    found = []
    for number, line in prose_lines(text):
        targets = [m.group(1) for m in LINK.finditer(line)]
        targets += [m.group(1) for m in HTML_LINK.finditer(line)]
        reference = REFERENCE.match(line)
        if reference:
            targets.append(reference.group(1))
        found += [(number, target.strip("<>")) for target in targets]
    return found


def heading_text(markdown: str) -> str:
    """A heading as rendered: links reduced to their text, emphasis and code marks gone."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"[`*]+", "", text)
    return re.sub(r"(?<!\w)_+|_+(?!\w)", "", text)


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower-cased; letters (accents kept), marks, digits,
    ``_``, ``-`` and spaces kept, anything else dropped; spaces become ``-``."""
    kept = "".join(
        c for c in heading_text(heading).lower()
        if c in " -" or unicodedata.category(c)[0] in "LMN" or unicodedata.category(c) == "Pc"
    )
    return kept.replace(" ", "-")


@cache
def anchors(page: Path) -> frozenset[str]:
    """The anchors of a Markdown page's headings (a repeated one numbered -1, -2…)."""
    seen: dict[str, int] = {}
    found = set()
    for _, line in unfenced_lines(page.read_text(encoding="utf-8")):
        match = HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return frozenset(found)


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    """What is wrong with the relative links of ``page``, one line each."""
    problems = []
    for number, target in links(page.read_text(encoding="utf-8")):
        if not target or EXTERNAL.match(target):
            continue
        path_part, _, anchor = target.partition("#")
        where = f"{page.relative_to(root)}:{number}: {target}"
        destination = (page.parent / unquote(path_part)).resolve() if path_part else page
        if path_part.startswith("/") or root not in (destination, *destination.parents):
            problems.append(f"{where}: leads outside the repository")
            continue
        if not destination.exists():
            problems.append(f"{where}: no such file")
            continue
        if anchor and destination.suffix == ".md" and unquote(anchor) not in anchors(destination):
            problems.append(f"{where}: no heading with this anchor in {destination.name}")
    return problems


@pytest.mark.parametrize("page", documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_and_anchor_resolves(page: Path) -> None:
    assert broken_links(page) == []


def tracked_text_files() -> list[Path]:
    """The repository's files as git tracks them (every file, without git)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout.decode().split("\0")
        files = [ROOT / name for name in listed if name]
    except (OSError, subprocess.CalledProcessError):
        files = [p for p in ROOT.rglob("*") if p.is_file() and ".git" not in p.parts]
    return [f for f in files if f.is_file() and b"\0" not in f.read_bytes()[:4096]]


def test_nothing_points_outside_the_repository_to_shared() -> None:
    needle = "../" + "shared"
    mentions = [
        str(path.relative_to(ROOT))
        for path in tracked_text_files()
        if needle in path.read_text(encoding="utf-8", errors="replace")
    ]
    assert mentions == []


def test_slugs_follow_github() -> None:
    assert slug("Décisions d'arbitrage") == "décisions-darbitrage"
    assert slug("Documentation : les adversaires de la borne") == (
        "documentation--les-adversaires-de-la-borne"
    )
    assert slug("`make test` — the suite") == "make-test--the-suite"
    assert slug("Plateau 8 x 8 — `grid8` (8 × 8, 64 cases)") == "plateau-8-x-8--grid8-8--8-64-cases"
    assert slug("snake_case and **bold**") == "snake_case-and-bold"


def test_a_heading_with_code_keeps_the_codes_words(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Vérifier : `ludokiosk doctor`\n\n```\n# not a heading\n```\n",
                    encoding="utf-8")
    assert anchors(page) == {"vérifier--ludokiosk-doctor"}


def test_a_broken_link_and_a_missing_anchor_are_found(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("# Top\n", encoding="utf-8")
    page = tmp_path / "docs" / "probe.md"
    page.parent.mkdir()
    page.write_text(
        "# Probe\n[ok](../README.md#top) [gone](missing.md) [self](#probe) [lost](#nowhere)\n"
        "![img](images/none.png) `[code](skipped.md)` [out](../../elsewhere.md)\n"
        "```\n[fenced](skipped.md)\n```\n",
        encoding="utf-8",
    )
    problems = broken_links(page, tmp_path.resolve())
    assert [p.split(": ")[1] for p in problems] == [
        "missing.md", "#nowhere", "images/none.png", "../../elsewhere.md"
    ]
