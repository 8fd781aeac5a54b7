"""Every file the kiosk reads at start, damaged in every way: it names the file and runs.

In-process checks cover every damage of every file; real starts of ``ludokiosk`` (a
child process, SDL's dummy driver) show that none of them stops the kiosk, that
three starts in a row that die put it in safe mode, and that it leaves safe mode.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from drivers.hardware_config import HardwareConfigError, load_hardware
from kiosk.board.mapping import check_all, mapping_for
from kiosk.config import Problem, Settings, load_settings
from kiosk.records import Records, SavedGame
from kiosk.settings_store import read_saved
from kiosk.startup import (
    SAFE_MODE_AFTER,
    StartCounter,
    load_start_settings,
    open_start_hardware,
    resume_last_game,
)
from tests.faults.damage import DAMAGES
from tests.faults.kiosk_process import FIRST_FRAME, make_place, start, start_and_kill
from tests.kiosk.driver import make_kiosk

NAMES = sorted(DAMAGES)


@pytest.mark.parametrize("damage", NAMES)
def test_a_damaged_settings_file_is_named_and_the_defaults_used(
    tmp_path: Path, damage: str
) -> None:
    path = tmp_path / "kiosk.toml"
    DAMAGES[damage](path)
    loaded = load_start_settings(path, safe=False)
    named = [p for p in loaded.problems if str(path) in p.fr and str(path) in p.en]
    assert named, loaded.problems
    assert loaded.settings.language == Settings().language


@pytest.mark.parametrize("damage", NAMES)
def test_the_owners_saved_settings_damaged(tmp_path: Path, damage: str) -> None:
    saved = tmp_path / "reglages.toml"
    DAMAGES[damage](saved)
    loaded = load_settings(saved=saved)
    assert any(str(saved) in p.fr for p in loaded.problems), loaded.problems
    assert loaded.settings.volume == Settings().volume
    kept, clean = read_saved(saved)
    assert kept == {} and not clean


@pytest.mark.parametrize("damage", NAMES)
def test_a_damaged_hardware_file_gives_no_hardware(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "hardware.toml"
    DAMAGES[damage](path)
    with pytest.raises(HardwareConfigError, match=r"hardware\.toml"):
        load_hardware(path)
    problems: list[Problem] = []
    link = open_start_hardware(path, simulate=False, safe=False, problems=problems)
    assert link.board is None and link.input_events() == []
    (problem,) = [p for p in problems if "hardware.toml" in p.fr]
    assert "hardware.toml" in problem.en and problem.fr != problem.en


@pytest.mark.parametrize("damage", NAMES)
def test_a_damaged_board_file_is_named_and_the_others_still_serve(
    tmp_path: Path, damage: str
) -> None:
    shipped = Path(__file__).resolve().parents[2] / "config" / "boards"
    boards = tmp_path / "boards"
    boards.mkdir()
    (boards / "grid9.toml").write_bytes((shipped / "grid9.toml").read_bytes())
    DAMAGES[damage](boards / "grid8.toml")
    lines = {name: (line, good) for name, line, good in check_all(boards)}
    assert not lines["grid8.toml"][1] and lines["grid8.toml"][0].startswith("ERREUR")
    assert lines["grid9.toml"][1]
    assert mapping_for("tablut", boards) is not None
    assert mapping_for("reversi", boards) is None  # played by touch


@pytest.mark.parametrize("damage", NAMES)
def test_a_damaged_start_counter_counts_zero(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "demarrages-rates"
    DAMAGES[damage](path)
    counter = StartCounter(path)
    assert counter.read().failed == 0
    counter.begin()  # a directory or a FIFO in its place cannot be replaced: said, not raised


START_FILES = ("kiosk.toml", "hardware.toml", "grid8.toml", "reglages.toml", "demarrages-rates")


@pytest.mark.parametrize("half", [0, 1])
def test_every_file_damaged_at_once_the_kiosk_still_starts(tmp_path: Path, half: int) -> None:
    place = make_place(tmp_path)
    paths = (
        place.etc / "kiosk.toml",
        place.etc / "hardware.toml",
        place.etc / "boards" / "grid8.toml",
        place.data / "reglages.toml",
        place.data / "demarrages-rates",
    )
    damages = NAMES[half * len(paths) : (half + 1) * len(paths)]
    for path, damage in zip(paths, damages, strict=True):
        path.unlink(missing_ok=True)
        DAMAGES[damage](path)
    done = start(place)
    assert done.returncode == 0, done.stderr
    assert FIRST_FRAME in done.stderr
    for name in START_FILES[:4]:
        assert name in done.stderr, (name, done.stderr)
    kinds = [kind for kind, _ in place.events()]
    assert "config" in kinds and kinds[-1] == "stop"


RUNNING = SavedGame("reversi:othello", ("humain", "humain"), 3, ("d3", "c3"), 1_700_000_000.0)


UNREBUILDABLE = {
    "seats": SavedGame("reversi", ("humain", "humain", "joueur"), 3, ("d3",), 1.0),
    "game": SavedGame("dames-chinoises", ("humain", "humain"), 3, (), 1.0),
    "move": SavedGame("reversi:othello", ("humain", "humain"), 3, ("d3", "z9"), 1.0),
    "level": SavedGame("tablut", ("humain", "grand-maitre"), 3, (), 1.0),
}


@pytest.mark.parametrize("why", sorted(UNREBUILDABLE))
def test_a_saved_game_that_does_not_rebuild_is_set_aside(tmp_path: Path, why: str) -> None:
    saved = UNREBUILDABLE[why]
    kiosk = make_kiosk(records=Records.open(tmp_path / "db.sqlite3"))
    kiosk.records._db.execute(
        "INSERT OR REPLACE INTO running (id, spec, controllers, seed, moves, started, saved)"
        " VALUES (1, ?, ?, ?, ?, ?, 0)",
        (saved.spec, json.dumps(saved.controllers), str(saved.seed), json.dumps(saved.moves),
         saved.started),
    )
    assert not resume_last_game(kiosk)
    assert kiosk.stack.names() == ["home"] and kiosk.keeper.current is None
    (aside,) = [detail for _, kind, detail in kiosk.records.events() if kind == "set-aside"]
    kept = json.loads(aside)
    assert kept["spec"] == saved.spec and kept["played"] == list(saved.moves)
    assert kept["controllers"] == list(saved.controllers) and kept["error"]
    assert kiosk.records.running() is None and kiosk.records.games() == []
    assert any(notice.warning for notice in kiosk.notices)
    kiosk.draw()


def test_a_saved_row_that_cannot_be_read_is_set_aside(tmp_path: Path) -> None:
    kiosk = make_kiosk(records=Records.open(tmp_path / "db.sqlite3"))
    kiosk.records._db.execute(
        "INSERT INTO running (id, spec, controllers, seed, moves, started, saved)"
        " VALUES (1, 'reversi', '[\"humain\"', 'sept', '{', 0, 0)"
    )
    assert not resume_last_game(kiosk)
    (aside,) = [detail for _, kind, detail in kiosk.records.events() if kind == "set-aside"]
    assert json.loads(aside)["spec"] == "reversi" and "sept" in aside
    assert kiosk.records.running() is None
    assert kiosk.records._db.execute("SELECT count(*) FROM running").fetchone() == (0,)


def test_a_start_on_a_saved_game_that_does_not_rebuild_runs_and_sets_it_aside_once(
    tmp_path: Path,
) -> None:
    place = make_place(tmp_path)
    with Records.open(place.data / "ludokiosk.sqlite3") as records:
        records.autosave(UNREBUILDABLE["seats"])
    first = start(place)
    assert first.returncode == 0, first.stderr
    assert "mise de côté" in first.stderr
    assert [kind for kind, _ in place.events()].count("set-aside") == 1
    second = start(place)
    assert second.returncode == 0 and "mise de côté" not in second.stderr


def test_three_starts_that_die_give_safe_mode_and_a_clean_one_ends_it(tmp_path: Path) -> None:
    place = make_place(tmp_path)
    (place.etc / "hardware.toml").write_text(
        "[board]\ntransport = \"serial\"\n[serial]\nport = \"/dev/ludokiosk-absent\"\n",
        encoding="utf-8",
    )
    with Records.open(place.data / "ludokiosk.sqlite3") as records:
        records.autosave(RUNNING)
    counter = StartCounter(place.data / "demarrages-rates")
    for _ in range(SAFE_MODE_AFTER - 1):
        counter.begin()  # two starts that died before this test
    log = start_and_kill(place)  # the third dies within its first minute, as a crash would
    assert "mode sans échec" not in log and "partie reprise" in log
    assert counter.read().failed == SAFE_MODE_AFTER

    safe = start(place, 5, "--lang", "en")
    assert safe.returncode == 0, safe.stderr
    assert "mode sans échec" in safe.stderr
    assert "partie reprise" not in safe.stderr, "no resume in safe mode"
    assert "plateau grid8.toml" not in safe.stderr and "ludokiosk-absent" not in safe.stderr
    assert ("safe-mode", str(SAFE_MODE_AFTER)) in place.events()
    starts = counter.read()
    assert starts.safe and starts.safe_after == SAFE_MODE_AFTER and starts.failed == 0
    with Records.open(place.data / "ludokiosk.sqlite3") as records:
        assert records.running() == RUNNING, "safe mode keeps the saved game for later"

    again = start(place)
    assert again.returncode == 0 and "mode sans échec" not in again.stderr
    assert "partie reprise : reversi:othello après 2 coups" in again.stderr
    assert not counter.read().safe


def test_safe_mode_keeps_the_owners_code_and_nothing_else(tmp_path: Path) -> None:
    config = tmp_path / "kiosk.toml"
    config.write_text('[kiosk]\nlanguage = "en"\n[admin]\npin = "97531"\n', encoding="utf-8")
    loaded = load_start_settings(config, safe=True)
    assert loaded.settings == Settings(admin_pin="97531")
    DAMAGES["latin-1"](config)
    assert load_start_settings(config, safe=True).settings == Settings()


def test_the_safe_mode_says_so_on_screen(tmp_path: Path) -> None:
    from kiosk.ai_worker import InlineWorker
    from kiosk.config import LoadedSettings
    from kiosk.runtime import Kiosk
    from kiosk.sound import Sounds
    from kiosk.ui.theme import PALETTE

    loaded = LoadedSettings(Settings(), (), ())
    calm = Kiosk(loaded, InlineWorker(), Sounds(muted=True), records=Records.memory())
    safe = Kiosk(
        loaded, InlineWorker(), Sounds(muted=True), records=Records.memory(),
        safe_mode=True, failed_starts=3,
    )
    for kiosk in (calm, safe):
        kiosk.home()
    ribbon = [(x, y) for x in range(760, 1160, 7) for y in range(4, 40, 5)]
    warning = tuple(PALETTE.warning)[:3]
    calm_frame, safe_frame = calm.draw().copy(), safe.draw()
    assert warning not in {tuple(calm_frame.get_at(p))[:3] for p in ribbon}
    assert warning in {tuple(safe_frame.get_at(p))[:3] for p in ribbon}
    assert ("safe-mode", "3") in [(k, d) for _, k, d in safe.records.events()]
