"""What visitors read on rules pages and lessons speaks to them, in both languages.

No internal id (``reversi:othello``), option (``first=``, "l'option …"),
engine notation (``bar/24``, ``xB1``, ``p31``), booklet or figure number: those
belong to the documentation-only sections of ``docs/rules`` (which the kiosk
leaves out) and to ``docs/``.
"""

from __future__ import annotations

import re

import pytest

from engines import find_game
from kiosk.catalog import CATALOGUE, entry
from kiosk.lessons.model import lessons_for
from kiosk.rules_doc import parse_page, rules_path, visitor_blocks
from kiosk.scenes.lessons_menu import LessonMenuScene
from kiosk.scenes.rules import RulesScene
from tests.kiosk.driver import make_kiosk

GAMES = [game.game_id for game in CATALOGUE]

INTERNAL = {
    "an engine id": re.compile(r"\b[a-z]+(?:-[a-z]+)*:[a-z]"),
    "an option setting": re.compile(r"\w=\w"),
    "an option": re.compile(r"\boptions?\b", re.IGNORECASE),
    "the booklet": re.compile(r"livret|booklet", re.IGNORECASE),
    "a figure number": re.compile(r"\bfig(?:ure)?s?\.?\s+(?:\d|[A-Z]\b)", re.IGNORECASE),
    "an identifier": re.compile(r"identifiant|identifier", re.IGNORECASE),
    "engine notation": re.compile(
        r"\b[A-Za-z]?\d+/[A-Za-z]?\d+\b|\bbar/|/off\b|\bx[A-Za-z]\d+\b"
        r"|\b[A-Za-z]\d+x[A-Za-z]\d+|\d[A-Z]?@|\b[a-z]+:\d|`"
    ),
    "a point's inner name": re.compile(r"\bp\d+\b|\bm[1-4]\b"),
}


def problems(text: str, lang: str, game_id: str) -> list[str]:
    """What in ``text`` speaks to developers rather than to visitors."""
    found = [f"{what}: {text!r}" for what, pattern in INTERNAL.items() if pattern.search(text)]
    if lang == "en":
        for player in find_game(entry(game_id).presets[0].spec).players:
            if re.search(rf"\b{re.escape(player)}s?\b", text, re.IGNORECASE):
                found.append(f"the engine's French name {player!r}: {text!r}")
    return found


def lesson_texts(game_id: str, lang: str) -> list[str]:
    """Every text a lesson of ``game_id`` can show: titles, steps, hints, explanations."""
    pick = 1 if lang == "en" else 0
    texts = []
    for lesson in lessons_for(game_id):
        texts.append(lesson.title[pick])
        for step in lesson.steps:
            texts.extend(t[pick] for t in (step.text, step.hint, step.wrong) if t[pick])
    return texts


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_page_a_visitor_reads_has_no_internal_notes(game_id: str, lang: str) -> None:
    shown = [
        block.text or (block.diagram.caption if block.diagram else "")
        for block in visitor_blocks(parse_page(rules_path(game_id, lang).read_text("utf-8")))
    ]
    assert [p for text in shown for p in problems(text, lang, game_id)] == []
    assert len(shown) > 20, "the page still tells the rules"


def test_the_rules_scene_leaves_out_the_documentation_sections() -> None:
    kiosk = make_kiosk()
    kiosk.set_language("en")
    scene = RulesScene(kiosk, "reversi")
    texts = [row.text for row in scene.rows()]
    page = rules_path("reversi", "en").read_text("utf-8")
    assert "## Documentation: options" in page and "`first`" in page, "kept for the docs"
    assert "Othello variant" in texts
    assert not any("Documentation" in text or "Position text" in text for text in texts)


def test_a_documentation_section_runs_to_the_next_heading_of_its_level() -> None:
    page = "\n".join(
        [
            "# Jeu",
            "## Règles",
            "Pour tous.",
            "## Documentation : notation",
            "`d4-d5`",
            "### Détail",
            "Texte de position.",
            "## Fin de partie",
            "Pour tous encore.",
            "## Documentation : options",
            "| option | défaut |",
        ]
    )
    shown = [b.text for b in visitor_blocks(parse_page(page)) if b.text]
    assert shown == ["Jeu", "Règles", "Pour tous.", "Fin de partie", "Pour tous encore."]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game_id", GAMES)
def test_lessons_speak_to_visitors(game_id: str, lang: str) -> None:
    assert [p for text in lesson_texts(game_id, lang) for p in problems(text, lang, game_id)] == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_lesson_cards_name_only_the_unusual_variants(lang: str) -> None:
    kiosk = make_kiosk()
    kiosk.set_language(lang)
    for game in CATALOGUE:
        menu = LessonMenuScene(kiosk, game)
        menu.enter()
        lines = [menu.card_line(lesson) for _, lesson in menu.cards]
        for line in lines:
            assert problems(line, lang, game.game_id) == [], line
    moulin = LessonMenuScene(kiosk, entry("moulin"))
    moulin.enter()
    named = {lesson.spec: moulin.card_line(lesson) for _, lesson in moulin.cards}
    usual, common = named["moulin"], named["moulin:standard"]
    assert "·" not in usual
    assert common.startswith(moulin._variant_name("moulin:standard") + " · ")


def test_under_a_variants_tab_the_titles_do_not_repeat_it() -> None:
    kiosk = make_kiosk()
    menu = LessonMenuScene(kiosk, entry("rithmomachie"))
    menu.enter()
    assert len(menu.variants) == 2 and menu.cards
    for variant in menu.variants:
        menu.variant = variant
        menu.enter()
        titles = [menu.card_title(lesson) for _, lesson in menu.cards]
        assert not any("(" in title for title in titles), titles
    moulin = LessonMenuScene(kiosk, entry("moulin"))  # no tabs: titles whole
    moulin.enter()
    assert [moulin.card_title(x) for _, x in moulin.cards] == [
        kiosk.tr.pick(*x.title) for _, x in moulin.cards
    ]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_team_players_panel_names_the_team_mate(lang: str) -> None:
    from kiosk.scenes.play import PlayScene
    from kiosk.table import HUMAN, Table

    kiosk = make_kiosk()
    kiosk.set_language(lang)
    table = Table("barricades:equipes", (HUMAN,) * 4, 1)
    scene = PlayScene(kiosk, entry("barricades"), table)
    kiosk.stack.push(scene)
    team = {"fr": "Équipe avec {}", "en": "Team with {}"}[lang]
    names = {"fr": ("Rouge", "Vert", "Jaune", "Bleu"), "en": ("Red", "Green", "Yellow", "Blue")}
    for seat, partner in enumerate((2, 3, 0, 1)):
        lines = scene._panel_content(seat).lines
        assert team.format(names[lang][partner]) in lines, lines
    alone = PlayScene(kiosk, entry("barricades"), Table("barricades", (HUMAN,) * 4, 1))
    assert not any("Équipe" in line or "Team" in line for line in alone._panel_content(0).lines)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_race_s_panel_says_the_match_and_the_way_to_go_in_words(lang: str) -> None:
    from kiosk.scenes.play import PlayScene
    from kiosk.table import HUMAN, Table

    kiosk = make_kiosk()
    kiosk.set_language(lang)
    scene = PlayScene(kiosk, entry("backgammon"), Table("backgammon", (HUMAN, HUMAN), 1))
    lines = scene._panel_content(0).lines
    words = {"fr": ["Match : 0 points sur 5", "Reste à parcourir : 167"],
             "en": ["Match: 0 of 5 points", "Pips to go: 167"]}[lang]
    assert all(line in lines for line in words), lines
    assert not any("Score" in line or "pts" in line for line in lines)
    jacquet = PlayScene(kiosk, entry("jacquet"), Table("jacquet", (HUMAN, HUMAN), 1))
    lines = jacquet._panel_content(0).lines
    assert not any("Match" in line for line in lines) and any(words[1][:8] in x for x in lines)
