"""The kiosk's game catalogue agrees with the engines and is complete in both languages."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engines import find_game
from engines.core import Game
from engines.registry import all_specs, game_classes
from kiosk.catalog import CATALOGUE, Entry, entry, presets_for, seat_name, seat_names

IDS = [e.game_id for e in CATALOGUE]


def option_values(game_id: str, name: str) -> set[object]:
    return {find_game(p.spec).options[name] for p in entry(game_id).presets}


def test_catalogue_covers_exactly_the_engine_games() -> None:
    assert len(IDS) == len(set(IDS)) == 11
    assert set(IDS) == {cls.id for cls in game_classes()}
    with pytest.raises(KeyError, match="unknown game"):
        entry("dames")


@pytest.mark.parametrize("game_id", IDS)
def test_presets_load_and_are_distinct(game_id: str) -> None:
    games = [find_game(p.spec) for p in entry(game_id).presets]
    assert games, game_id
    assert all(g.id == game_id for g in games)
    assert len({g.spec for g in games}) == len(games), "two presets give the same rules"
    for game in games:
        game.initial_state()


def test_every_variant_has_a_preset() -> None:
    offered = {(g.id, g.variant) for e in CATALOGUE for g in (find_game(p.spec) for p in e.presets)}
    for spec in all_specs():
        game = find_game(spec)
        assert (game.id, game.variant) in offered, spec


def test_required_options_are_offered() -> None:
    options = find_game("rithmomachie:boissiere").option_list
    victories = next(o for o in options if o.name == "victoire")
    assert victories.choices is not None
    assert option_values("rithmomachie", "victoire") == set(victories.choices)
    assert option_values("backgammon", "match") == {1, 5, 10, 20}
    assert option_values("backgammon", "crawford") == {True, False}
    assert {(find_game(p.spec).variant, find_game(p.spec).options["boxes"])
            for p in entry("shut-the-box").presets} == {
        (v, b) for v in ("", "francaise", "exacte") for b in (9, 12)
    }
    assert option_values("multitchoukatro", "cases") == {4, 6, 8, 10, 12}
    assert option_values("barricades", "players") == {2, 3, 4}
    assert option_values("barricades", "teams") == {True, False}
    assert option_values("tablut", "slow_king") == {True, False}
    assert option_values("tablut", "armed_king") == {True, False}


def players_option(game: Game) -> tuple[int, int] | None:
    option = next((o for o in game.option_list if o.name == "players"), None)
    if option is None:
        return None
    assert option.minimum is not None and option.maximum is not None
    return option.minimum, option.maximum


@pytest.mark.parametrize("game_id", IDS)
def test_players_agree_with_the_engine(game_id: str) -> None:
    game_entry = entry(game_id)
    low, high = game_entry.players
    default = find_game(game_entry.presets[0].spec)
    seats = players_option(default)
    if seats is None:
        assert low == high
        for preset in game_entry.presets:
            assert len(find_game(preset.spec).players) == low, preset.spec
    else:
        assert seats == (low, high)
        for count in (low, high):
            game = find_game(f"{game_id},players={count}")
            assert len(game.players) == count
            game.initial_state()
    assert len(game_entry.seat_names_fr) == len(game_entry.seat_names_en) == high


@pytest.mark.parametrize("game_id", IDS)
def test_presets_for_each_player_count(game_id: str) -> None:
    game_entry = entry(game_id)
    low, high = game_entry.players
    assert presets_for(game_id, low - 1) == () and presets_for(game_id, high + 1) == ()
    for count in range(low, high + 1):
        presets = presets_for(game_id, count)
        assert presets, (game_id, count)
        for preset in presets:
            game = find_game(preset.spec)
            assert len(game.players) == count, preset.spec
            game.initial_state()
    if game_entry.seats_apart:
        assert all(len(presets_for(game_id, n)) == len(game_entry.presets)
                   for n in range(low, high + 1))


def test_barricades_counts_and_teams() -> None:
    assert [p.spec for p in presets_for("barricades", 2)] == ["barricades"]
    assert [p.spec for p in presets_for("barricades", 3)] == ["barricades,players=3"]
    assert {find_game(p.spec).options["teams"] for p in presets_for("barricades", 4)} == {
        True, False
    }
    assert presets_for("shut-the-box", 2) == entry("shut-the-box").presets


@pytest.mark.parametrize("game_id", IDS)
def test_seat_names(game_id: str) -> None:
    game_entry = entry(game_id)
    widest = presets_for(game_id, game_entry.players[1])[0].spec
    assert seat_names(widest) == game_entry.seat_names_fr
    assert seat_names(widest, "en") == game_entry.seat_names_en
    for preset in game_entry.presets:  # every engine seat has a shown name
        assert all(seat_name(game_id, p) != p for p in find_game(preset.spec).players)


def texts(game_entry: Entry) -> list[str]:
    found = [game_entry.name_fr, game_entry.name_en, game_entry.pitch_fr, game_entry.pitch_en,
             game_entry.starts_fr, game_entry.starts_en,
             *game_entry.seat_names_fr, *game_entry.seat_names_en]
    for p in game_entry.presets:
        found += [p.label_fr, p.label_en, p.detail_fr, p.detail_en]
    return found


@pytest.mark.parametrize("game_id", IDS)
def test_texts_complete_and_short(game_id: str) -> None:
    game_entry = entry(game_id)
    assert all(t.strip() for t in texts(game_entry))
    assert len(game_entry.pitch_fr) <= 90 and len(game_entry.pitch_en) <= 90
    for p in game_entry.presets:
        assert max(len(p.detail_fr), len(p.detail_en)) <= 90, p.spec
        assert max(len(p.label_fr), len(p.label_en)) <= 50, p.spec
    labels = [p.label_fr for p in game_entry.presets]
    assert len(set(labels)) == len(labels)
    assert len({p.label_en for p in game_entry.presets}) == len(labels)


@pytest.mark.parametrize("game_id", IDS)
def test_durations_age_and_who_starts(game_id: str) -> None:
    game_entry = entry(game_id)
    assert 0 < game_entry.minutes[0] <= game_entry.minutes[1]
    assert all(0 < p.minutes[0] <= p.minutes[1] for p in game_entry.presets if p.minutes)
    assert 4 <= game_entry.age <= 16
    game = find_game(game_entry.presets[0].spec)
    if game_entry.first_option:
        assert game_entry.first_option in {o.name for o in game.option_list}
    if game_entry.lot_by_dice:
        assert game.has_chance and game_entry.first_player_by_lot
    if game_entry.first_player_by_lot and not game_entry.lot_by_dice:
        assert game_entry.first_option, "a drawn first player needs an option to set"


def test_who_starts_follows_the_sources() -> None:
    by_lot = {e.game_id for e in CATALOGUE if e.first_player_by_lot}
    assert by_lot == {"reversi", "backgammon", "jacquet"}
    reversi = entry("reversi")
    assert [reversi.first_by_lot(p) for p in reversi.presets] == [True, False]
    assert "sort" not in entry("tablut").starts_fr  # the setup has the sides chosen


def test_no_pygame_import() -> None:
    code = "import sys, kiosk.catalog; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_the_catalogue_imports_no_engine_and_no_presentation() -> None:
    """The descriptors name their presentations; nothing of them is imported with the cards."""
    code = ("import sys, kiosk.catalog; "
            "sys.exit(any(m.startswith(('engines', 'kiosk.games.base')) for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


@pytest.mark.parametrize(("game_id", "variant", "lang", "shown"), [
    ("rithmomachie", "rithmomachie:boissiere", "fr", "Renaissance"),
    ("rithmomachie", "rithmomachie:medievale", "en", "Middle Ages"),
    ("moulin", "moulin:standard", "fr", "Moulins protégés"),
    ("assaut", "assaut:souffler", "fr", "Règle ancienne"),
    ("jacquet", "jacquet", "en", "Blocked"),
    ("shut-the-box", "shut-the-box:francaise", "en", "French variant"),
    ("reversi", "reversi:inconnue", "fr", "inconnue"),
])
def test_a_variant_is_named_by_its_first_preset(
    game_id: str, variant: str, lang: str, shown: str
) -> None:
    """The lessons' tabs: the first preset's label up to a colon."""
    assert entry(game_id).variant_label(variant, lang) == shown


@pytest.mark.parametrize(("spec", "lang", "shown"), [
    ("reversi", "fr", "Reversi"),
    ("reversi:othello", "fr", "Reversi (Othello)"),
    ("moulin:standard", "en", "Mill (Protected mills)"),
    ("latrunculi:seneque", "en", "Latrunculi"),
    ("latrunculi:pison", "fr", "Latroncules (Variante de Pison)"),
    ("backgammon,crawford=true", "en", "Backgammon (5-point match, tournament rule)"),
    ("rithmomachie:boissiere,victoire=bien", "fr",
     "Rithmomachie (Renaissance : prendre 500 points)"),
    ("assaut,unlisted=1", "en", "Assault"),
])
def test_a_spec_is_named_with_its_preset_unless_the_first(spec: str, lang: str, shown: str) -> None:
    """The journal and the statistics: the game, and the rules when not the usual ones."""
    game_id = spec.split(",")[0].split(":")[0]
    assert entry(game_id).spec_name(spec, lang) == shown


def test_english_sentences_name_the_seats_in_english() -> None:
    from kiosk.catalog import with_seat_names

    text = "noir bore off every checker (blanc still has 1 checker in play)"
    shown = with_seat_names(text, "jacquet", ("blanc", "noir"), "en")
    assert "noir" not in shown.lower() and "blanc" not in shown.lower()
    assert shown.startswith(seat_name("jacquet", "noir", "en"))
    assert with_seat_names(text, "jacquet", ("blanc", "noir"), "fr").startswith("Noir")


def test_result_reasons_name_the_seats_in_both_languages() -> None:
    from kiosk.catalog import with_seat_names

    jacquet = ("noir", "blanc")
    fr = with_seat_names("noir a sorti tous ses pions (blanc en a encore 13 en jeu)",
                         "jacquet", jacquet, "fr")
    assert fr == "Noir a sorti tous ses pions (Blanc en a encore 13 en jeu)"
    teams = with_seat_names("rouge atteint le but : l'équipe rouge et jaune gagne", "barricades",
                            ("rouge", "vert", "jaune", "bleu"), "fr")
    assert teams == "Rouge atteint le but : l'équipe Rouge et Jaune gagne"
    assert with_seat_names("blanc ne peut plus bouger", "tablut", ("blanc", "noir"), "fr") == \
        "le camp des Suédois ne peut plus bouger"
    assert with_seat_names("white cannot move", "tablut", ("blanc", "noir"), "en") == \
        "Swedes cannot move"
    assert with_seat_names("les soldats ne peuvent plus bouger", "assaut",
                           ("soldats", "officiers"), "fr") == "les soldats ne peuvent plus bouger"
    assert with_seat_names("south drops the last seed", "multitchoukatro", ("sud", "nord"),
                           "en") == "South drops the last seed"
