"""Both languages complete: every message of the code has its English text."""

from __future__ import annotations

from kiosk.i18n import Translator, catalogue_path, parse_po, source_messages


def test_every_message_has_an_english_translation() -> None:
    english = parse_po(catalogue_path("en").read_text(encoding="utf-8"))
    wanted = source_messages()
    assert len(wanted) > 40
    missing = sorted(m for m in wanted if not english.get(m))
    assert not missing, missing
    stale = sorted(set(english) - wanted - {""})
    assert not stale, stale


def test_placeholders_survive_translation() -> None:
    english = parse_po(catalogue_path("en").read_text(encoding="utf-8"))
    for french, text in english.items():
        if not french:
            continue
        assert sorted(part.split("}")[0] for part in french.split("{")[1:]) == sorted(
            part.split("}")[0] for part in text.split("{")[1:]
        ), french


def test_switching_language() -> None:
    tr = Translator("fr")
    assert tr("Rejouer") == "Rejouer"
    tr.set_language("en")
    assert tr("Rejouer") == "Play again"
    assert tr.pick("Noirs", "Black") == "Black"
