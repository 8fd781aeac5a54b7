"""A rules page as blocks: headings, paragraphs, list items, code and diagrams.

Rules pages are Markdown (``docs/rules/<game>.md`` in French,
``docs/rules/en/<game>.md`` in English). A fenced block whose info string is
``diagramme SPEC`` (or ``diagram SPEC``) is a board drawn by the kiosk's own
renderer; on a plain Markdown viewer it reads as the position text::

    ```diagramme tablut
    position: ...NNN.../....N..../ ... blanc
    coups: e3-c3
    choisi: c3
    cibles: c4 c5
    retirer: d4
    légende: Figure 1 — le soldat pris entre deux ennemis.
    ```

Every key is optional: ``position`` (the engine's position text; the start
when absent), ``coups`` / ``moves`` (decisions played from it, in notation),
``choisi`` / ``selected``, ``cibles`` / ``targets``, ``retirer`` /
``remove``, ``dernier`` / ``last``, ``erreur`` / ``error`` (point names lit
with that role), ``légende`` / ``caption`` (a line under the board).

A section whose heading begins with "Documentation" (``## Documentation :
notation``) is for the project's documentation only: notation, position
texts, engine options, identifiers, the sources' figure numbers. It runs to
the next heading of the same or a higher level, and the kiosk leaves it out
(:func:`visitor_blocks`); a plain Markdown viewer shows it as it is.
This module reads; it does not draw (no pygame).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from engines import find_game
from engines.core import State

DOCS = Path(__file__).resolve().parents[1] / "docs" / "rules"

ROLE_KEYS = {
    "choisi": "selected",
    "selected": "selected",
    "cibles": "target",
    "targets": "target",
    "retirer": "remove",
    "remove": "remove",
    "dernier": "last",
    "last": "last",
    "erreur": "error",
    "error": "error",
}
OTHER_KEYS = {"position", "coups", "moves", "légende", "legende", "caption"}
DOCUMENTATION_ONLY = re.compile(r"documentation\b", re.IGNORECASE)
"""How a documentation-only section's heading begins."""


class DiagramError(ValueError):
    """A diagram block that does not describe a position of its game."""


@dataclass(frozen=True)
class Diagram:
    """A board to draw: a position, the moves played from it, lit points."""

    spec: str
    position: str = ""
    moves: tuple[str, ...] = ()
    marks: tuple[tuple[str, str], ...] = ()
    """(point name, role) pairs."""
    caption: str = ""
    line: int = 0
    """Line of the block in its file (for error messages)."""
    problem: str = ""
    """Why the block could not be read (then nothing is drawn)."""

    def state(self) -> State:
        """The position drawn; :class:`DiagramError` if it cannot be built."""
        if self.problem:
            raise DiagramError(self.problem)
        try:
            game = find_game(self.spec)
        except ValueError as error:
            raise DiagramError(f"jeu inconnu « {self.spec} » : {error}") from error
        try:
            state = game.from_text(self.position) if self.position else game.initial_state()
        except ValueError as error:
            raise DiagramError(f"position illisible : {error}") from error
        for text in self.moves:
            try:
                state = state.apply(game.parse_move(state, text))
            except ValueError as error:
                raise DiagramError(f"coup « {text} » impossible : {error}") from error
        return state

    def highlights(self) -> dict[int, str]:
        """Point index -> highlight role; :class:`DiagramError` for an unknown point."""
        geometry = find_game(self.spec).geometry()
        lit: dict[int, str] = {}
        for name, role in self.marks:
            if not geometry.has(name):
                raise DiagramError(f"point « {name} » inconnu sur le plateau de {self.spec}")
            lit[geometry.index(name)] = role
        return lit


@dataclass(frozen=True)
class Block:
    """One piece of a page: ``kind`` is heading, paragraph, item, code, blank or diagram."""

    kind: str
    text: str = ""
    level: int = 0
    diagram: Diagram | None = None


@dataclass
class _Reader:
    blocks: list[Block] = field(default_factory=list)
    paragraph: list[str] = field(default_factory=list)

    def flush(self) -> None:
        if self.paragraph:
            kind = "item" if self.paragraph[0].startswith("• ") else "paragraph"
            self.blocks.append(Block(kind, inline(" ".join(self.paragraph))))
            self.paragraph = []


def inline(text: str) -> str:
    """Markdown inline markup removed: emphasis, code ticks, links."""
    text = re.sub(r"\*\*|__|`", "", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)([^*]+)(?<!\s)\*", r"\1", text)
    return re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text).strip()


def parse_diagram(spec: str, body: list[str], line: int) -> Diagram:
    """A diagram from its block's lines (``key: value``)."""
    position, caption = "", ""
    moves: tuple[str, ...] = ()
    marks: list[tuple[str, str]] = []
    for raw in body:
        if not raw.strip():
            continue
        key, sep, value = raw.partition(":")
        key = key.strip().lower()
        if not sep or (key not in ROLE_KEYS and key not in OTHER_KEYS):
            raise DiagramError(f"ligne « {raw.strip()} » : attendu « clé: valeur »")
        value = value.strip()
        if key == "position":
            position = value
        elif key in ("coups", "moves"):
            moves = tuple(value.split())
        elif key in ("légende", "legende", "caption"):
            caption = value
        else:
            marks.extend((name, ROLE_KEYS[key]) for name in value.replace(",", " ").split())
    return Diagram(spec.strip(), position, moves, tuple(marks), caption, line)


def _starts_numbered_item(stripped: str, reader: _Reader, raw: str) -> bool:
    """Whether a line like ``17. The first…`` starts a numbered item. As in
    CommonMark, inside a paragraph or an item's wrapped text only ``1.`` does: a
    sentence wrapped before a number stays one sentence."""
    number = re.match(r"(\d+)\. ", stripped)
    if number is None:
        return False
    continuing = bool(reader.paragraph) or (
        bool(reader.blocks) and reader.blocks[-1].kind == "item" and raw.startswith("  ")
    )
    return not continuing or number.group(1) == "1"


def parse_page(text: str) -> list[Block]:
    """The blocks of a Markdown rules page."""
    reader = _Reader()
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        raw = lines[index]
        stripped = raw.strip()
        if stripped.startswith("```"):
            reader.flush()
            info = stripped[3:].strip()
            start = index + 1
            end = start
            while end < len(lines) and not lines[end].strip().startswith("```"):
                end += 1
            body = lines[start:end]
            word, _, spec = info.partition(" ")
            if word in ("diagramme", "diagram") and spec.strip():
                try:
                    diagram = parse_diagram(spec, body, start)
                except DiagramError as error:
                    diagram = Diagram(spec.strip(), line=start, problem=str(error))
                reader.blocks.append(Block("diagram", diagram=diagram))
            else:
                reader.blocks.extend(Block("code", line.rstrip()) for line in body)
            index = end + 1
            continue
        index += 1
        if raw.startswith("    ") and not (reader.blocks and reader.blocks[-1].kind == "item"):
            reader.flush()
            reader.blocks.append(Block("code", raw[4:].rstrip()))
        elif not stripped:
            reader.flush()
            reader.blocks.append(Block("blank"))
        elif stripped.startswith("#"):
            reader.flush()
            level = len(stripped) - len(stripped.lstrip("#"))
            reader.blocks.append(Block("heading", inline(stripped.lstrip("# ")), level))
        elif stripped.startswith("|"):
            reader.flush()
            cells = [inline(cell) for cell in stripped.strip("|").split("|")]
            if not all(set(cell) <= set("-: ") for cell in cells):
                reader.blocks.append(Block("item", "   ·   ".join(cells), 1))
        elif stripped[:2] in ("- ", "* ") or _starts_numbered_item(stripped, reader, raw):
            reader.flush()
            item = inline(stripped[2:]) if stripped[:2] in ("- ", "* ") else inline(stripped)
            reader.paragraph = ["• " + item if stripped[:2] in ("- ", "* ") else item]
            reader.flush()
            reader.blocks[-1] = Block("item", reader.blocks[-1].text)
        elif reader.blocks and reader.blocks[-1].kind == "item" and raw.startswith("  "):
            last = reader.blocks.pop()
            reader.blocks.append(Block("item", last.text + " " + inline(stripped)))
        else:
            reader.paragraph.append(stripped)
    reader.flush()
    return reader.blocks


def visitor_blocks(blocks: list[Block]) -> list[Block]:
    """The blocks a visitor reads: documentation-only sections left out."""
    shown: list[Block] = []
    skipping = 0  # the level of the documentation heading being skipped, 0 when none
    for block in blocks:
        if block.kind == "heading" and (not skipping or block.level <= skipping):
            skipping = block.level if DOCUMENTATION_ONLY.match(block.text) else 0
        if not skipping:
            shown.append(block)
    while shown and shown[-1].kind == "blank":
        shown.pop()
    return shown


def rules_path(game_id: str, lang: str) -> Path:
    """The page for ``lang`` (the French one when no English page exists)."""
    english = DOCS / "en" / f"{game_id}.md"
    return english if lang == "en" and english.exists() else DOCS / f"{game_id}.md"


def page_files() -> Iterator[Path]:
    """Every rules page, French then English."""
    yield from sorted(DOCS.glob("*.md"))
    yield from sorted((DOCS / "en").glob("*.md"))


def check_page(path: Path) -> list[str]:
    """Problems of a page's diagrams, each naming the file and line (empty: all good)."""
    problems = []
    for block in parse_page(path.read_text(encoding="utf-8")):
        if block.diagram is None:
            continue
        try:
            block.diagram.state()
            block.diagram.highlights()
        except DiagramError as error:
            problems.append(f"{path.name}:{block.diagram.line + 1}: {error}")
    return problems
