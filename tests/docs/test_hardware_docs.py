"""The hardware docs: generated files up to date, diagrams true to the code, links alive."""

from __future__ import annotations

import ast
import importlib.util
import math
import re
import shutil
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

from drivers.hardware_config import (
    ButtonsConfig,
    FlapsConfig,
    GpioConfig,
    LedChainConfig,
    PresenceConfig,
)

ROOT = Path(__file__).resolve().parents[2]
HARDWARE = ROOT / "docs" / "hardware"
IMAGES = HARDWARE / "images"
PINS = ROOT / "firmware" / "ludoboard" / "pins.py"
SVG = "{http://www.w3.org/2000/svg}"
GENERATED_PAGES = ("materiel.md", "pico.md")


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("draw_diagrams", HARDWARE / "draw_diagrams.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # registered as an import would register it
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def power(script: ModuleType) -> ModuleType:
    """The LED supply sums, from the package the script puts on the path beside it."""
    return importlib.import_module("ludoschemas.power")


def titles(path: Path) -> dict[str, str]:
    """The ``<title>`` of every element that has an id, by id."""
    found = {}
    for element in ET.parse(path).iter():
        ident = element.get("id")
        title = element.find(f"{SVG}title")
        if ident and title is not None and title.text:
            found[ident] = title.text
    return found


def all_text(path: Path) -> str:
    return " ".join(t for t in ET.parse(path).getroot().itertext())


# --- generated files ------------------------------------------------------------


def test_committed_files_are_what_the_script_draws_now(script, tmp_path):
    for page in GENERATED_PAGES:
        shutil.copy(HARDWARE / page, tmp_path / page)
    assert script.main(["--out", str(tmp_path)]) == 0
    drawn = sorted(p.name for p in (tmp_path / "images").glob("*.svg"))
    committed = sorted(p.name for p in IMAGES.glob("*.svg"))
    assert drawn == committed
    for name in drawn:
        assert (tmp_path / "images" / name).read_bytes() == (IMAGES / name).read_bytes(), name
    for page in GENERATED_PAGES:
        assert (tmp_path / page).read_text() == (HARDWARE / page).read_text(), page


def test_drawing_twice_gives_the_same_bytes(script):
    assert script.render_all() == script.render_all()


def test_check_mode_reports_a_stale_table_and_writes_nothing(script, tmp_path):
    for page in GENERATED_PAGES:
        shutil.copy(HARDWARE / page, tmp_path / page)
    shutil.copytree(IMAGES, tmp_path / "images")
    assert script.main(["--out", str(tmp_path), "--check"]) == 0
    stale = (tmp_path / "materiel.md").read_text().replace("SN74HC165N (DIP-16) | 1 |",
                                                           "SN74HC165N (DIP-16) | 7 |", 1)
    (tmp_path / "materiel.md").write_text(stale)
    assert script.main(["--out", str(tmp_path), "--check"]) == 1
    assert (tmp_path / "materiel.md").read_text() == stale


@pytest.mark.parametrize("name", sorted(p.name for p in IMAGES.glob("*.svg")))
def test_every_svg_is_well_formed_and_titled(name):
    root = ET.parse(IMAGES / name).getroot()
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    title = root.find(f"{SVG}title")
    assert title is not None and title.text


# --- the bill of materials --------------------------------------------------------


def generated(page: str, script: ModuleType, markers: tuple[str, str]) -> str:
    text = (HARDWARE / page).read_text()
    begin, end = markers
    return text.split(begin, 1)[1].split(end, 1)[0].strip()


def test_bom_tables_in_materiel_md_are_up_to_date(script):
    assert generated("materiel.md", script, script.BOM_MARKERS) == script.bom_section().strip()


def test_pin_table_in_pico_md_is_up_to_date(script):
    assert generated("pico.md", script, script.PINS_MARKERS) == script.pins_section().strip()


def bom_table(text: str, stem: str) -> dict[str, str]:
    """Part reference -> quantity, in the table of board ``stem``."""
    section = text.split(f"`{stem}` (", 1)[1].split("\n### ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[2] not in ("Qté", "--:"):
            rows[cells[1]] = cells[2]
    return rows


@pytest.mark.parametrize("stem", ["grid8", "grid9", "grid16x8", "moulin", "barricades"])
def test_bom_quantities_follow_the_board_file(stem):
    board = tomllib.loads((ROOT / "config" / "boards" / f"{stem}.toml").read_text())
    rows, cols = board["rows"], board["cols"]
    leds = board["leds"].get("count", rows * cols)
    table = bom_table((HARDWARE / "materiel.md").read_text(), stem)
    assert table["Texas Instruments SN74HC595N (DIP-16)"] == str(math.ceil(rows / 8))
    assert table["Texas Instruments SN74HC165N (DIP-16)"] == str(math.ceil(cols / 8))
    assert table["Bourns 4609X-101-103LF (SIP-9)"] == str(math.ceil(cols / 8))
    assert table["Vishay 1N4148-TAP (DO-35)"] == str(leds)
    assert table[next(ref for ref in table if ref.startswith("Worldsemi WS2812B"))] == str(leds)


def test_led_supply_covers_the_firmware_cap(script, power):
    for board in script.read_boards():
        limits = power.led_limits(board.stem)
        need = power.supply_needed(power.chain_ma(len(board.leds), limits, capped=True))
        supply = power.choose_supply(need)
        assert supply.amps >= need
        if limits.budget_ma is not None:
            assert need <= (limits.budget_ma / 1000 + power.LOGIC_A) * power.MARGIN + 1e-9


# --- the Pico diagram against the firmware's pin plan -------------------------------


def firmware_pins() -> dict[str, int]:
    """The pin constants of ``pins.py``, read here independently of the script."""
    pins = {}
    for node in ast.parse(PINS.read_text()).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            value = node.value.value if isinstance(node.value, ast.Constant) else None
            if isinstance(value, int) and not name.endswith("_PER_REGISTER"):
                pins[name] = value
    return pins


def test_every_pin_of_pins_py_is_on_the_pico_diagram():
    pins = firmware_pins()
    assert pins, "pins.py declares no pin"
    found = titles(IMAGES / "pico.svg")
    text = all_text(IMAGES / "pico.svg")
    for name, gpio in pins.items():
        carrying = [title for title in found.values() if title.endswith(f"= {name}")]
        assert len(carrying) == 1, f"{name} (GP{gpio}) not on the Pico"
        assert f"GP{gpio}" in carrying[0]
        assert f"GP{gpio}" in text and name in text


# --- the Pi's header against drivers/hardware_config.py ------------------------------


def physical_of_bcm() -> dict[int, int]:
    """BCM -> header pin, from the table of docs/hardware/gpio.md."""
    table = {}
    for match in re.finditer(r"^\|\s*(\d+)\s*\|\s*(\d+)\s*\|", (HARDWARE / "gpio.md").read_text(),
                             re.MULTILINE):
        table[int(match[1])] = int(match[2])
    return table


def test_gpio_diagram_shows_the_default_pins():
    physical = physical_of_bcm()
    found = titles(IMAGES / "gpio-broches.svg")
    assert {f"picot-{n}" for n in range(1, 41)} <= set(found)
    gpio, leds = GpioConfig(), LedChainConfig()
    expected: list[tuple[int, str]] = []
    expected += [(pin, f"rangée {i}") for i, pin in enumerate(gpio.rows)]
    expected += [(pin, f"colonne {i}") for i, pin in enumerate(gpio.cols)]
    expected += [(leds.data, "LED : données"), (leds.clock, "LED : horloge"),
                 (leds.latch, "LED : verrou")]
    expected += [(pin, f"bouton {name}") for name, pin in ButtonsConfig().pins]
    expected += [(PresenceConfig().pin, "détecteur de présence")]
    expected += [(pin, f"volet {i + 1}") for i, pin in enumerate(FlapsConfig().pins)]
    for bcm, role in expected:
        title = found[f"picot-{physical[bcm]}"]
        assert f"GPIO {bcm} " in title, title
        assert re.search(rf"{re.escape(role)}\b", title), (role, title)
    used = {bcm for bcm, _ in expected}
    for bcm, pin in physical.items():
        if bcm not in used:
            assert "libre" in found[f"picot-{pin}"]


# --- links ----------------------------------------------------------------------------

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    kept = "".join(c for c in heading.strip().lower() if c.isalnum() or c in " -_")
    return kept.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {slug(line.lstrip("#")) for line in page.read_text().splitlines()
            if line.startswith("#")}


@pytest.mark.parametrize("page", sorted(p.name for p in HARDWARE.glob("*.md")))
def test_every_relative_link_points_to_an_existing_file(page):
    source = HARDWARE / page
    links = LINK.findall(source.read_text())
    assert links or page == "serial-protocol.md"
    for target in links:
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        resolved = (source.parent / path).resolve() if path else source
        assert resolved.exists(), f"{page}: {target}"
        if anchor and resolved.suffix == ".md":
            assert anchor in anchors(resolved), f"{page}: {target}"
