"""The journal in the owners' words: every kind of row in French and English, damaged
details, and the Journal screen drawing a page of each kind from a real records file."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kiosk import journal_text
from kiosk.journal_text import collapse, describe, game_name, is_problem, technical, title
from kiosk.records import Records
from kiosk.runtime import Kiosk
from kiosk.scenes.admin import journal as journal_module
from kiosk.scenes.admin.journal import PER_PAGE, JournalScene
from kiosk.ui.theme import PALETTE
from tests.kiosk.driver import make_kiosk, tap

TRACE = (
    "['home', 'setup', 'play']: Traceback (most recent call last):\n"
    '  File "kiosk/scenes/play.py", line 412, in update\n'
    "ZeroDivisionError: division by zero"
)
EXAMPLES: dict[str, tuple[str, str, str]] = {
    # kind: (detail, French sentence, English sentence)
    "start": ("--board-sim", "La borne a démarré", "The kiosk started"),
    "stop": ("signal", "arrêtée par le système", "stopped by the system"),
    "quit": ("", "La borne a été fermée", "The kiosk was closed"),
    "restart": ("", "redémarré à la demande des propriétaires", "restarted, as the owners asked"),
    "poweroff": ("", "Extinction demandée", "Power off asked for"),
    "safe-mode": ("3", "mode sans échec après 3 échecs de suite", "safe mode after 3 failed"),
    "config": (
        json.dumps({"fr": "clé [sound] volume inconnue", "en": "unknown key [sound] volume"}),
        "Problème de configuration : clé [sound] volume inconnue",
        "Configuration problem: unknown key [sound] volume",
    ),
    "records": (
        json.dumps({"fr": "disque plein", "en": "disk full"}),
        "registre des parties : disque plein",
        "games record: disk full",
    ),
    "records-ok": ("4", "4 parties et sauvegardes", "4 waiting games and saves"),
    "resume": ("reversi 12", "après un redémarrage : Reversi, 12 coups", "Reversi, 12 moves"),
    "set-aside": (
        json.dumps({"spec": "moulin", "moves": 7, "error": "ValueError: a1-a9"}),
        "mise de côté : Moulin, 7 coups",
        "set aside: Mill, 7 moves",
    ),
    "idle-abandon": ("backgammon 1", "abandonnée : Backgammon, 1 coup", "Backgammon, 1 move"),
    "error": (TRACE, "Erreur inattendue pendant une partie", "Unexpected error during a game"),
    "attract": ("", "La démonstration a commencé", "The demonstration started"),
    "admin": ("", "Écran des propriétaires ouvert", "Owners' screen opened"),
    "pin-wrong": ("6", "Code erroné sur le clavier des propriétaires (6 de suite)", "(6 in a row)"),
    "pin-lockout": ("900", "bloqué pendant 15 min", "locked for 15 min"),
    "settings": (
        json.dumps({"kiosk.language": "en", "sound.volume": 0.5, "timeouts.demo_pause": 1.4}),
        "Langue → English ; Volume → 50 % ; Pause des démonstrations → 1,4 s",
        "Language → English; Volume → 50 %; Demonstration pause → 1.4 s",
    ),
    "board-lost": ("/dev/ttyACM0", "Plateau déconnecté (port série)", "Board disconnected"),
    "board-back": ("Plateau 8 × 8", "Plateau reconnecté : Plateau 8 × 8", "Board connected again"),
    "sound": (
        json.dumps({"fr": "pas de carte son", "en": "no sound card"}),
        "La borne est muette : pas de carte son",
        "The kiosk is mute: no sound card",
    ),
    "export": (
        json.dumps({"rows": 40, "written": ["/media/usb/parties.csv"], "failed": []}),
        "40 parties exportées en CSV — écrit dans : /media/usb/parties.csv",
        "40 games exported as CSV — written to: /media/usb/parties.csv",
    ),
}
KINDS = sorted(EXAMPLES)
PROBLEMS = {
    "config",
    "records",
    "safe-mode",
    "set-aside",
    "error",
    "pin-lockout",
    "board-lost",
    "sound",
}


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_reads_as_a_sentence_in_both_languages(kind: str) -> None:
    detail, french, english = EXAMPLES[kind]
    fr, en = describe(kind, detail, "fr"), describe(kind, detail, "en")
    assert french in fr, fr
    assert english in en, en
    assert fr != en, "the English sentence is the French one"
    assert title(kind, "fr") != title(kind, "en") or title(kind, "fr") in ("Configuration",)
    assert is_problem(kind, detail) == (kind in PROBLEMS)


def test_the_details_change_the_sentence() -> None:
    assert describe("stop", "error", "fr") == "La borne s'est arrêtée sur une erreur"
    assert is_problem("stop", "error") and not is_problem("stop", "quit")
    assert describe("stop", "poweroff", "en") == describe("poweroff", "", "en")
    failed = json.dumps({"rows": 3, "written": [], "failed": ["/media/usb/x.csv"]})
    assert "échec pour : /media/usb/x.csv" in describe("export", failed, "fr")
    assert is_problem("export", failed)
    assert describe("config", "vieux texte", "en") == "Configuration problem: vieux texte"
    assert describe("pin-wrong", "1", "fr") == "Code erroné sur le clavier des propriétaires"
    assert describe("safe-mode", "1", "en") == "Started in safe mode after a failed start"
    assert describe("resume", "backgammon 0", "en").endswith("Backgammon, no moves")
    assert describe("settings", json.dumps({"admin.pin": "••••"}), "fr") == (
        "Réglages changés : code des propriétaires changé"
    )
    games = json.dumps({"kiosk.games": ["reversi", "tablut"], "sound.muted": True})
    assert describe("settings", games, "en") == (
        "Settings changed: Games offered → Reversi, Tablut; Sound → Muted"
    )
    assert describe("error", "['admin-menu', 'settings']: Traceback", "en").startswith(
        "Unexpected error on the owners' screens"
    )
    assert describe("error", "extinction impossible : refusé", "fr") == (
        "Erreur : extinction impossible : refusé"
    )


def test_games_are_named_as_visitors_see_them() -> None:
    assert game_name("reversi", "fr") == "Reversi"
    assert game_name("moulin", "en") == "Mill"
    assert game_name("rithmomachie:boissiere,victoire=proces,chiffres=5", "en") == (
        "Rithmomachia (Renaissance: short game)"
    )
    assert game_name("jeu-inconnu:variante", "fr") == "jeu-inconnu"
    assert "Reversi, 12" in describe("resume", "reversi 12", "fr")


def test_an_unknown_kind_still_gets_a_line() -> None:
    assert describe("mystery", "quelque\nchose", "fr") == (
        "Événement de la borne (mystery) : quelque chose"
    )
    assert describe("mystery", "", "en") == "Kiosk event (mystery)"
    assert title("mystery", "en") == "Event"
    assert technical("mystery", "quelque chose") == "quelque chose"


def test_the_raw_detail_is_kept_for_what_the_sentence_leaves_out() -> None:
    assert technical("error", TRACE) == TRACE
    assert technical("start", "--board-sim") == "--board-sim"
    assert technical("pin-wrong", "6") == ""
    assert technical("config", json.dumps({"fr": "a", "en": "b"})) == ""
    assert technical("config", "texte d'une ancienne version") == "texte d'une ancienne version"


def damaged_details(rng: random.Random) -> Iterator[Any]:
    """Details no code writes today: wrong JSON shapes, huge numbers, control characters."""
    yield from (
        "",
        " ",
        "\n",
        "{",
        "[]",
        "null",
        "true",
        "1e999",
        "-1",
        "NaN",
        "9" * 5000,
        "²³²³",
        "\x00\x01\x7f",
        "\u202e",
        '{"fr": null}',
        '{"fr": 3, "en": []}',
        '{"spec": 12, "moves": "beaucoup"}',
        '{"spec": null, "moves": 1e400}',
        '{"rows": "x", "written": "pas une liste", "failed": {"a": 1}}',
        '{"kiosk.games": 5, "sound.volume": "fort", "timeouts.demo_pause": null}',
        '{"sound.volume": 1e308, "kiosk.rotation": true, "ai.levels": [1, null]}',
        "[" * 3000 + "]" * 3000,
        '"une chaîne JSON"',
        "reversi",
        "reversi x",
        " 12",
        "['play'",
        "[]: rien",
        "['a', 'b']:",
        12,
        None,
        b"octets",
        1.5,
    )
    alphabet = '{}[]":,. 0123456789abcdefé²\n\t-eE' + "".join(map(chr, range(0x2000, 0x2010)))
    for _ in range(150):
        yield "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 60)))
    keys = [
        "fr",
        "en",
        "spec",
        "moves",
        "error",
        "rows",
        "written",
        "failed",
        "kiosk.language",
        "sound.muted",
        "admin.pin",
        "ai.level",
        "kiosk.games",
    ]
    values: list[Any] = [None, True, 0, -3, 2.5, 1e300, "", "x", [], [None], {"a": []}, "é" * 40]
    for _ in range(150):
        yield json.dumps({rng.choice(keys): rng.choice(values) for _ in range(rng.randrange(4))})


def test_damaged_details_never_raise() -> None:
    rng = random.Random(7)
    kinds = [*KINDS, "mystery", "", "pin-wrong\n", "x" * 300]
    for detail in damaged_details(rng):
        for kind in kinds:
            for lang in ("fr", "en", "de"):
                text = describe(kind, detail, lang)
                assert isinstance(text, str) and text and "\n" not in text, (kind, detail)
                assert isinstance(title(kind, lang), str)
            is_problem(kind, detail)
            technical(kind, detail)


def test_runs_of_wrong_codes_collapse_to_their_latest_rows() -> None:
    rows = [(9.0, "admin", ""), (8.0, "pin-wrong", "7"), (7.5, "pin-lockout", "120")]
    rows += [(7.0, "pin-wrong", "6"), (6.5, "pin-lockout", "60"), (6.0, "pin-wrong", "5")]
    rows += [(5.0, "error", TRACE), (4.0, "pin-wrong", "1"), (3.0, "start", "")]
    assert collapse(rows) == [
        (9.0, "admin", ""),
        (8.0, "pin-wrong", "7"),
        (7.5, "pin-lockout", "120"),
        (5.0, "error", TRACE),
        (4.0, "pin-wrong", "1"),
        (3.0, "start", ""),
    ]
    assert collapse([]) == []


def test_a_sentence_that_cannot_be_made_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: object) -> str:
        raise RuntimeError("règle cassée")

    monkeypatch.setattr(journal_text, "_describe", broken)
    assert describe("error", TRACE, "en") == "Kiosk event"


# ---------------------------------------------------------------------- the screen


HYPHENATED = [kind for kind in KINDS if "-" in kind]
DETAIL_WORDS = {word for detail, _, _ in EXAMPLES.values() for word in re.findall(r"\w+", detail)}


@pytest.fixture
def records(tmp_path: Path) -> Iterator[Records]:
    made = Records.open(tmp_path / "records.sqlite3")
    for i, kind in enumerate(KINDS):
        made.event(kind, EXAMPLES[kind][0], at=1_780_000_000 + 60 * i)
    yield made
    made.close()


def journal_on(records: Records, lang: str) -> tuple[Kiosk, JournalScene]:
    kiosk = make_kiosk()
    kiosk.records = records
    kiosk.set_language(lang)
    scene = JournalScene(kiosk)
    kiosk.push(scene)
    return kiosk, scene


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_screen_shows_sentences_not_kinds(
    records: Records, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[tuple[str, Any]] = []
    real = journal_module.blit_text

    def spy(
        surface: Any, text: str, pos: Any, size: int, colour: Any, *more: Any, **kw: Any
    ) -> Any:
        drawn.append((text, colour))
        return real(surface, text, pos, size, colour, *more, **kw)

    monkeypatch.setattr(journal_module, "blit_text", spy)
    kiosk, scene = journal_on(records, lang)
    assert scene.pages == -(-len(KINDS) // PER_PAGE) > 1
    seen: list[str] = []
    warned: set[str] = set()
    for page in range(scene.pages):
        scene.page = page
        scene.layout()
        drawn.clear()
        kiosk.draw()
        seen += [text for text, _ in drawn]
        warned |= {text for text, colour in drawn if colour == PALETTE.accent_dark}
        assert kiosk.stack.top is scene, "the screen fell over"
    for kind in KINDS:
        sentence = describe(kind, EXAMPLES[kind][0], lang)
        assert any(text.rstrip("…") and sentence.startswith(text.rstrip("…")) for text in seen), (
            kind,
            sentence,
        )
    for text in seen:
        assert text not in KINDS, f"a raw kind on the screen: {text}"
        assert not any(kind in text for kind in HYPHENATED), f"a raw kind in {text!r}"
        if lang == "fr":  # an English word in a French line is a kind, unless a detail said it
            for word in re.findall(r"\b(start|stop|error|attract|records|sound|export)\b", text):
                assert word in DETAIL_WORDS, text
    assert warned, "no problem in the warning colour"


def test_touching_a_row_opens_the_sentence_and_the_traceback(
    records: Records, monkeypatch: pytest.MonkeyPatch
) -> None:
    kiosk, scene = journal_on(records, "en")
    assert scene.events is not None
    index = [kind for _, kind, _ in scene.events].index("error")
    scene.page = index // PER_PAGE
    scene.layout()
    kiosk.draw()
    row = index % PER_PAGE
    tap(kiosk, (900, journal_module.LOG.y + 20 + row * journal_module.LINE + 20))
    assert scene.opened == index
    paragraphs: list[str] = []
    real = journal_module.blit_paragraph

    def spy(surface: Any, text: str, *rest: Any, **kw: Any) -> int:
        paragraphs.append(text)
        return int(real(surface, text, *rest, **kw))

    monkeypatch.setattr(journal_module, "blit_paragraph", spy)
    kiosk.draw()
    assert paragraphs == [describe("error", TRACE, "en"), TRACE]


def test_owners_read_settings_and_ports_in_their_words() -> None:
    fr = "/etc/ludokiosk/kiosk.toml : clé 'sound.volume' = 3 : il faut un nombre de 0 à 1"
    en = "/etc/ludokiosk/kiosk.toml: key 'sound.volume' = 3 should be a number from 0 to 1"
    detail = json.dumps({"fr": fr, "en": en})
    said_fr, said_en = describe("config", detail, "fr"), describe("config", detail, "en")
    assert "réglage « Volume » = 3" in said_fr and "/etc" not in said_fr, said_fr
    assert 'setting "Volume" = 3' in said_en and "'sound.volume'" not in said_en, said_en
    typo = json.dumps({"fr": "/etc/k.toml : clé inconnue 'sound.vol'"})
    assert "'sound.vol'" in describe("config", typo, "fr"), "an owner's typo stays as written"
    assert "/dev" not in describe("board-back", "/dev/ttyUSB1", "en")


def test_journal_rows_are_tall_enough_to_touch() -> None:
    from kiosk.scenes.admin.journal import LINE, LOG, PER_PAGE

    assert LINE >= 72
    assert LOG.height >= PER_PAGE * LINE
