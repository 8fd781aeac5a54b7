"""The parts of ``draw_diagrams.py``, one job per module.

- ``sources``: what is read from the project (pins, boards, GPIO roles, headers);
- ``colours``, ``svg``, ``parts``: the palette, the SVG writer, the drawn parts;
- ``pico``, ``cell``, ``ghosts``, ``header``, ``chains``: one module per diagram;
- ``power``, ``bom``, ``pin_table``: the LED supply, the bill of materials of
  ``materiel.md`` and the pin table of ``pico.md``.
"""
