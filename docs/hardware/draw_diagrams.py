#!/usr/bin/env python3
"""Draw the hardware diagrams (SVG) and the generated tables of ``docs/hardware/``.

Everything is computed from the project's own files, so the drawings and the
quantities never drift from them:

- ``firmware/ludoboard/pins.py``: the Pico's pins (read as text, never run);
- ``firmware/ludoboard/leds.py``, ``config.py`` and ``firmware/boards/*.json``:
  an LED's current and the firmware's cap on the whole chain;
- ``drivers/hardware_config.py``: the default pins of the direct-GPIO variant;
- ``config/boards/*.toml``: board sizes, LED chain orders and points.

``python docs/hardware/draw_diagrams.py`` rewrites ``images/*.svg``, the bill
of materials of ``materiel.md`` and the pin table of ``pico.md`` (between
their markers); ``--check`` rewrites nothing and exits with 1 when something
is out of date. Standard library only; the output is deterministic (same
sources, same bytes).

This file is the command line; the drawings and tables are made by the
package ``ludoschemas/`` beside it: the sources read, the SVG writer and its
parts, one module per diagram, the LED supply and the bill of materials.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # loaded by path rather than run: its package beside it
    sys.path.insert(0, str(HERE))

from ludoschemas.bom import bom_section  # noqa: E402
from ludoschemas.cell import cell_diagram  # noqa: E402
from ludoschemas.chains import chain_diagram  # noqa: E402
from ludoschemas.ghosts import ghost_diagram  # noqa: E402
from ludoschemas.header import pi_header_diagram  # noqa: E402
from ludoschemas.pico import pico_diagram  # noqa: E402
from ludoschemas.pin_table import pins_section  # noqa: E402
from ludoschemas.sources import gpio_roles, read_boards, read_pins  # noqa: E402

GENERATED = "(générée par draw_diagrams.py, ne pas modifier à la main)"
BOM_MARKERS = (f"<!-- nomenclature : début {GENERATED} -->", "<!-- nomenclature : fin -->")
PINS_MARKERS = (f"<!-- broches : début {GENERATED} -->", "<!-- broches : fin -->")


# --- everything ---------------------------------------------------------------------


def render_all() -> dict[str, str]:
    """File name -> SVG text, for every diagram."""
    pins = read_pins()
    boards = read_boards()
    images = {
        "pico.svg": pico_diagram(pins, boards),
        "cellule.svg": cell_diagram(pins),
        "fantomes.svg": ghost_diagram(),
        "gpio-broches.svg": pi_header_diagram(gpio_roles()),
    }
    for board in boards:
        images[f"chaine-{board.stem}.svg"] = chain_diagram(board, pins)
    return {name: svg.render() for name, svg in images.items()}


# --- command line -------------------------------------------------------------------


def replace_between(text: str, markers: tuple[str, str], section: str, name: str) -> str:
    """``text`` with the part between ``markers`` replaced by ``section``."""
    begin, end = markers
    try:
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
    except ValueError:
        raise SystemExit(f"{name} : marqueurs introuvables ({begin} … {end})") from None
    return f"{head}{begin}\n\n{section}\n{end}{tail}"


def outputs(folder: Path) -> dict[Path, str]:
    """Every file written into ``folder`` (the images, and two pages' tables), with content."""
    files = {folder / "images" / name: text for name, text in render_all().items()}
    for page, markers, section in (("materiel.md", BOM_MARKERS, bom_section()),
                                   ("pico.md", PINS_MARKERS, pins_section())):
        path = folder / page
        files[path] = replace_between(path.read_text(encoding="utf-8"), markers, section, page)
    return files


def main(argv: Sequence[str] | None = None) -> int:
    """Write what is out of date (or, with ``--check``, only name it); the exit code."""
    parser = argparse.ArgumentParser(
        description="Dessine les schémas (SVG) et les tableaux de docs/hardware/.")
    parser.add_argument("--check", action="store_true",
                        help="ne rien écrire ; code 1 si un fichier n'est pas à jour")
    parser.add_argument("--out", type=Path, default=HERE,
                        help="dossier à mettre à jour : images/, materiel.md et pico.md "
                             "(défaut : docs/hardware)")
    args = parser.parse_args(argv)
    stale = []
    for path, text in outputs(args.out).items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{'à refaire' if args.check else 'écrit'} : {path.relative_to(args.out)}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
