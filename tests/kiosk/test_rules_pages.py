"""Rules pages: both languages for every game, and diagrams the engines accept."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from kiosk.catalog import CATALOGUE
from kiosk.rules_doc import DOCS, Diagram, DiagramError, check_page, page_files, parse_page
from kiosk.scenes.rules import RulesScene, diagram_image
from tests.kiosk.driver import make_kiosk

GAMES = [entry.game_id for entry in CATALOGUE]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_its_rules_in_french_and_english(game_id: str) -> None:
    french, english = DOCS / f"{game_id}.md", DOCS / "en" / f"{game_id}.md"
    assert french.exists() and english.exists()
    fr_blocks = parse_page(french.read_text(encoding="utf-8"))
    en_blocks = parse_page(english.read_text(encoding="utf-8"))
    fr_diagrams = [b.diagram for b in fr_blocks if b.diagram]
    en_diagrams = [b.diagram for b in en_blocks if b.diagram]
    assert len(fr_diagrams) >= 2, "the French page shows its rules on boards"
    assert [(d.spec, d.position, d.moves) for d in fr_diagrams] == [
        (d.spec, d.position, d.moves) for d in en_diagrams
    ], "the English page draws the same boards"
    headings = lambda blocks: [b for b in blocks if b.kind == "heading"]  # noqa: E731
    assert len(headings(en_blocks)) == len(headings(fr_blocks))


@pytest.mark.parametrize("path", list(page_files()), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_diagram_is_a_position_of_its_game(path: Path) -> None:
    assert check_page(path) == []


def test_a_diagram_block_is_read_and_its_marks_named() -> None:
    page = "\n".join(
        [
            "# Titre",
            "Un paragraphe",
            "sur deux lignes.",
            "",
            "```diagramme reversi:othello",
            "coups: d3",
            "choisi: d3",
            "cibles: c3 e3",
            "légende: Après d3.",
            "```",
            "- un point",
            "  qui continue",
        ]
    )
    blocks = parse_page(page)
    assert [b.kind for b in blocks] == ["heading", "paragraph", "blank", "diagram", "item"]
    assert blocks[1].text == "Un paragraphe sur deux lignes."
    assert blocks[4].text == "• un point qui continue"
    diagram = blocks[3].diagram
    assert diagram is not None and diagram.caption == "Après d3."
    state = diagram.state()
    assert "N" in state.to_text() and state.current_player == "blanc"
    assert sorted(diagram.highlights().values()) == ["selected", "target", "target"]


@pytest.mark.parametrize(
    ("diagram", "why"),
    [
        (Diagram("reversi", moves=("z9",)), "coup « z9 »"),
        (Diagram("reversi", position="n'importe quoi"), "position illisible"),
        (Diagram("tablut", marks=(("z1", "target"),)), "point « z1 »"),
        (Diagram("pas-un-jeu"), "jeu inconnu"),
    ],
)
def test_a_wrong_diagram_says_what_is_wrong(diagram: Diagram, why: str) -> None:
    with pytest.raises(DiagramError, match=why):
        diagram.state()
        diagram.highlights()


def test_an_unreadable_block_is_reported_not_raised() -> None:
    blocks = parse_page("```diagramme tablut\ncouleur: rouge\n```\n")
    assert blocks[0].diagram is not None
    with pytest.raises(DiagramError, match="clé: valeur"):
        blocks[0].diagram.state()


def test_the_rules_screen_draws_the_diagrams_with_the_board_renderer() -> None:
    kiosk = make_kiosk()
    scene = RulesScene(kiosk, "reversi")
    kiosk.push(scene)
    offset = 0
    for row in scene.rows():
        if row.diagram is not None:
            break
        offset += row.height
    else:
        pytest.fail("no diagram on the reversi page")
    image = diagram_image(row.diagram, 1030)
    assert 300 < image.get_height() <= 560
    scene.scroll_by(offset - 100)
    kiosk.draw()
    # The board's felt (green squares) shows inside the page where the diagram is.
    greens = sum(
        1
        for x in range(800, 1800, 20)
        for y in range(300, 700, 20)
        if (lambda c: c.g > c.r + 40 and c.g > c.b)(kiosk.canvas.get_at((x, y)))
    )
    assert greens > 50
    pygame.event.clear()


def test_a_sentence_wrapped_before_a_number_stays_one_sentence() -> None:
    page = "\n".join(
        [
            "Noir's home is N6 to N1, and N5 its point",
            "17. The first 12 points make up the start side.",
            "",
            "- A checker may stop on an empty point or",
            "  7. With a double 5, it moves four times.",
            "",
            "1. First step,",
            "2. second step.",
            "",
            "Before a list:",
            "1. A list may follow a sentence when it starts at one.",
        ]
    )
    blocks = [b for b in parse_page(page) if b.kind != "blank"]
    assert [(b.kind, b.text.split()[0]) for b in blocks] == [
        ("paragraph", "Noir's"),
        ("item", "•"),
        ("item", "1."),
        ("item", "2."),
        ("paragraph", "Before"),
        ("item", "1."),
    ]
    assert "point 17. The first" in blocks[0].text
    assert "or 7. With" in blocks[1].text
