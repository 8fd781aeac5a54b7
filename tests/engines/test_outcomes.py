"""The outcome codes: stable words, one member for each way a game can end."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines.outcomes import OutcomeCode
from engines.rithmomachie.game import VICTORIES, Rithmomachie
from engines.rithmomachie.victory import victory_code

PLAYTHROUGHS = Path(__file__).with_name("playthroughs")


def test_codes_are_distinct_lowercase_words() -> None:
    values = [code.value for code in OutcomeCode]
    assert len(set(values)) == len(values)
    assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", v) for v in values)
    assert all(code.name.lower() == code.value for code in OutcomeCode)


def test_a_code_reads_and_compares_as_its_word() -> None:
    assert OutcomeCode.MOVE_CAP == "move_cap" and f"{OutcomeCode.MOVE_CAP}" == "move_cap"
    assert OutcomeCode("corps_bien") is OutcomeCode.CORPS_BIEN


def test_the_golden_playthroughs_end_with_codes() -> None:
    written = {m for p in PLAYTHROUGHS.glob("*.txt")
               for m in re.findall(r"code=(\S+)", p.read_text(encoding="utf-8"))}
    assert written and all(OutcomeCode(w) for w in written)


@pytest.mark.parametrize("variant", sorted(VICTORIES))
def test_every_rithmomachie_victory_has_its_code(variant: str) -> None:
    for kind in VICTORIES[variant]:
        game = Rithmomachie(variant, {"victoire": kind})
        assert game.victory.code is victory_code(kind)
        assert victory_code(kind) == kind.replace("+", "_").replace("-", "_")
