"""The setup screen, as a visitor taps through it: every rules and variant of every game,
in French and in English, fits the screen whole and starts the game chosen."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from engines import find_game
from kiosk.catalog import CATALOGUE, Entry, Preset, entry
from kiosk.runtime import Kiosk
from kiosk.scenes.play import PlayScene
from kiosk.scenes.setup import PICTURE, SEAT_MIN, TIGHT, SetupScene
from kiosk.scenes.setup_layout import SMALLEST, LabelButton
from kiosk.setup_choices import choice_rows
from kiosk.table import HUMAN, SHORT_LABELS
from kiosk.ui.theme import CANVAS, font
from tests.kiosk.driver import make_kiosk, tap

SCREEN = pygame.Rect((0, 0), CANVAS)
MOST_CHOICES = 11
"""The rules and variant buttons on screen at once, at most: rithmomachie's Renaissance
offers seventeen ways to win (eight common victories, the seven proper ones and the
"any kind" médiocre and grande), which no grouping in two rows under the era row shows
with fewer than eleven (four families, five choices in the widest)."""


@pytest.fixture(scope="module")
def kiosks() -> Iterator[dict[str, Kiosk]]:
    made = {}
    for lang in ("fr", "en"):
        kiosk = make_kiosk()
        kiosk.set_language(lang)
        made[lang] = kiosk
    yield made
    for kiosk in made.values():
        kiosk.close()


def open_setup(kiosk: Kiosk, game: Entry) -> SetupScene:
    """From the home screen, a tap on the game's card."""
    kiosk.home()
    home = kiosk.stack.top
    rect = next(r for r, e in home.cards if e is game)  # type: ignore[union-attr]
    tap(kiosk, rect.center)
    setup = kiosk.stack.top
    assert isinstance(setup, SetupScene) and setup.entry is game
    return setup


def button(scene: SetupScene, label: str, among: list[LabelButton] | None = None) -> LabelButton:
    found = [b for b in (among or scene.buttons.buttons) if b.label == label]
    assert len(found) == 1, (label, [b.label for b in scene.buttons.buttons])
    assert isinstance(found[0], LabelButton)
    return found[0]


def choose(kiosk: Kiosk, scene: SetupScene, preset: Preset) -> None:
    """Tap each step of ``preset`` (the rules, then the variant) where it is offered."""
    for step in preset.steps:
        label = kiosk.tr.pick(*step)
        if any(b.label == label for b in scene.choices):
            tap(kiosk, button(scene, label, scene.choices).rect.center)
    assert kiosk.stack.top is scene and scene.preset == preset, preset.spec


def label_fits(item: LabelButton) -> None:
    """Every line of the label is inside the button, at a readable size."""
    assert item.text_size >= SMALLEST and 1 <= len(item.lines) <= 2, item.label
    assert " ".join(item.lines).split() == item.label.split(), "a word was lost"
    face = font(item.text_size, "sans-bold")
    for line, rect in zip(item.lines, item.text_rects(), strict=True):
        assert face.size(line)[0] <= item.inner().width, (item.label, line)
        assert item.inner().contains(rect), (item.label, line, rect, item.rect)


def check_screen(kiosk: Kiosk, scene: SetupScene, draw: bool = True) -> None:
    """Whole on screen: both seats, every label, nothing over anything else."""
    if draw:
        kiosk.draw()
    buttons = scene.buttons.buttons
    assert all(isinstance(b, LabelButton) for b in buttons)
    for number, item in enumerate(buttons):
        assert SCREEN.contains(item.rect), (item.label, item.rect)
        assert item.rect.collidelist([b.rect for b in buttons[number + 1 :]]) == -1, item.label
        label_fits(item)  # type: ignore[arg-type]
    texts = [t.rect for t in scene.texts]
    for number, text in enumerate(scene.texts):
        rect = text.rect
        assert SCREEN.contains(rect) and not rect.colliderect(PICTURE), (text.text, rect)
        assert rect.collidelist([b.rect for b in buttons]) == -1, text.text
        assert rect.collidelist(texts[number + 1 :]) == -1, text.text
    seats = len(find_game(scene.spec).players)
    assert len(scene.seat_rows) == seats
    levels = [kiosk.tr.pick(*SHORT_LABELS[c]) for c in (HUMAN, *kiosk.settings.ai_levels)]
    for row, controller in zip(scene.seat_rows, scene.controllers, strict=True):
        assert all(b.rect.height >= SEAT_MIN for b in row), (scene.spec, row[0].rect)
        assert {b.label for b in row} == set(levels)
        assert [b.label for b in row if b.selected] == [kiosk.tr.pick(*SHORT_LABELS[controller])]
    assert len(scene.choices) <= MOST_CHOICES, [b.label for b in scene.choices]
    assert all(b.rect.height >= TIGHT.choice for b in scene.choices)
    shown = sum(len(row.labels) for row in choice_rows(scene.entry, scene.preset))
    assert len(scene.choices) == shown
    assert sum(b.selected for b in scene.choices) == len(choice_rows(scene.entry, scene.preset))


def plays(kiosk: Kiosk, scene: SetupScene, spec: str) -> PlayScene:
    """Tap "Play": the game on the table is ``spec`` (who starts drawn by lot aside)."""
    controllers = tuple(scene.controllers)
    tap(kiosk, button(scene, kiosk.tr("Jouer")).rect.center)
    play = kiosk.stack.top
    assert isinstance(play, PlayScene), spec
    game, wanted = play.run.game, find_game(spec)
    assert (game.id, game.variant) == (wanted.id, wanted.variant)
    options = {k: v for k, v in game.options.items() if k != scene.entry.first_option}
    assert options == {k: v for k, v in wanted.options.items() if k != scene.entry.first_option}
    assert play.run.table.controllers == controllers
    return play


@pytest.mark.parametrize("game_id", [e.game_id for e in CATALOGUE])
def test_every_choice_fits_and_plays(kiosks: dict[str, Kiosk], game_id: str) -> None:
    game = entry(game_id)
    for lang, kiosk in kiosks.items():
        scene = open_setup(kiosk, game)
        for preset in game.presets:
            choose(kiosk, scene, preset)
            counts = range(game.players[0], game.players[1] + 1) if game.seats_apart else [0]
            for number, count in enumerate(counts):
                if count:
                    tap(kiosk, button(scene, str(count)).rect.center)
                    assert scene.players == count
                check_screen(kiosk, scene, draw=number == 0)
        if lang == "fr":  # each preset played once, from a setup opened afresh
            for preset in game.presets:
                scene = open_setup(kiosk, game)
                choose(kiosk, scene, preset)
                plays(kiosk, scene, scene.spec)


def test_seats_are_chosen_by_touch(kiosks: dict[str, Kiosk]) -> None:
    kiosk = kiosks["fr"]
    scene = open_setup(kiosk, entry("tablut"))
    assert scene.controllers == [HUMAN, kiosk.settings.ai_level]
    swedes, muscovites = scene.seat_rows
    tap(kiosk, button(scene, "Expert", swedes).rect.center)
    tap(kiosk, button(scene, "Une personne", scene.seat_rows[1]).rect.center)
    assert scene.controllers == ["expert", HUMAN]
    check_screen(kiosk, scene)
    play = plays(kiosk, scene, "tablut")
    assert play.run.table.controllers == ("expert", HUMAN)
    del muscovites


def test_a_change_of_rules_keeps_the_narrower_choice_and_the_seats_in_place(
    kiosks: dict[str, Kiosk],
) -> None:
    kiosk = kiosks["fr"]
    scene = open_setup(kiosk, entry("shut-the-box"))
    tap(kiosk, button(scene, "12 cases").rect.center)
    tap(kiosk, button(scene, "4").rect.center)
    seats_before = [b.rect for b in scene.seat_rows[0]]
    tap(kiosk, button(scene, "Variante française").rect.center)
    assert scene.spec == "shut-the-box:francaise,boxes=12,players=4"
    assert [b.rect for b in scene.seat_rows[0]] == seats_before
    scene = open_setup(kiosk, entry("assaut"))
    seats_before = [b.rect for b in scene.seat_rows[0]]
    tap(kiosk, button(scene, "Règle ancienne : on souffle").rect.center)
    assert scene.spec == "assaut:souffler"
    assert [b.rect for b in scene.seat_rows[0]] == seats_before


def test_visitor_words_for_who_plays(kiosks: dict[str, Kiosk]) -> None:
    """A person is not "Personne" (nobody), no level is called "Joueur" under "Joueurs"."""
    for lang, kiosk in kiosks.items():
        scene = open_setup(kiosk, entry("backgammon"))
        labels = {b.label for row in scene.seat_rows for b in row}
        headings = {t.text for t in scene.texts}
        assert labels.isdisjoint({"Personne", "Person", "Joueur", "Player"}), lang
        assert not any({label, f"{label}s"} & headings for label in labels), lang
        texts = " ".join([*labels, *(b.label for b in scene.choices), *headings])
        assert "Crawford" not in texts and "livret" not in texts and "booklet" not in texts


def test_tablut_says_the_sides_are_chosen(kiosks: dict[str, Kiosk]) -> None:
    scene = open_setup(kiosks["fr"], entry("tablut"))
    words = " ".join(t.text for t in scene.texts)
    assert "sort" not in words and "Choisissez qui joue chaque camp" in words
    scene = open_setup(kiosks["en"], entry("tablut"))
    words = " ".join(t.text for t in scene.texts)
    assert "lot" not in words and "Choose who plays each side" in words


@pytest.mark.parametrize("game_id", [e.game_id for e in CATALOGUE])
def test_steps_are_complete_in_both_languages(game_id: str) -> None:
    game = entry(game_id)
    depth = len(game.presets[0].steps)
    assert all(len(p.steps) == depth for p in game.presets)
    assert len({p.steps for p in game.presets}) == len(game.presets), "two presets, one way"
    for preset in game.presets:
        for french, english in preset.steps:
            assert french.strip() and english.strip() and len(french) <= 40 >= len(english)
    for preset in game.presets:
        for row in choice_rows(game, preset):
            french, english = row.heading
            assert bool(french.strip()) == bool(english.strip()), game_id
            pairs = zip(row.labels, row.targets, strict=True)
            assert all(label in target.steps for label, target in pairs)
        assert all(game.starts(preset)), preset.spec
