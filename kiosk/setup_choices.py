"""The setup screen's rows of choices, broad to narrow (no pygame).

Each preset of a catalogue entry is reached by its *steps* (the rules, then a
variant of them). The setup shows one row per step: the choices open at that
step given the ones above it (in the catalogue's order, or by the presets'
rank), the chosen one marked. Tapping a choice picks
the preset under it that keeps the most of the narrower choices already made
(from "Règle classique, 12 cases" to "Variante française" keeps the 12 cases).
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.catalog import Entry, Label, Preset


@dataclass(frozen=True)
class ChoiceRow:
    """One step of the setup's choices."""

    heading: Label  # may be empty
    labels: tuple[Label, ...]
    targets: tuple[Preset, ...]  # the preset chosen by tapping each label
    chosen: int  # index of the current choice



def choice_rows(entry: Entry, preset: Preset) -> list[ChoiceRow]:
    """The rows of choices with ``preset`` chosen, from the rules to the variant.

    A step that offers a single choice under every rules is left out; one that
    does under some rules only is kept, its one choice shown chosen (it says
    what these rules are, and the rows below it stay where they were).
    """
    steps = preset.steps
    rows = []
    for step in range(len(steps)):
        if len({p.steps[: step + 1] for p in entry.presets}) == len(
            {p.steps[:step] for p in entry.presets}
        ):
            continue
        labels: list[Label] = []
        for candidate in sorted(entry.presets, key=lambda p: p.rank):
            path = candidate.steps
            if path[:step] == steps[:step] and path[step] not in labels:
                labels.append(path[step])
        targets = tuple(_target(entry, steps, step, label) for label in labels)
        chosen = labels.index(steps[step])
        rows.append(ChoiceRow(entry.heading(step), tuple(labels), targets, chosen))
    return rows


def _target(entry: Entry, steps: tuple[Label, ...], step: int, label: Label) -> Preset:
    """The preset chosen by ``label`` at ``step``: the first keeping most of the narrower steps."""
    prefix = (*steps[:step], label)
    under = [p for p in entry.presets if p.steps[: step + 1] == prefix]

    def kept(preset: Preset) -> int:
        count = 0
        for mine, theirs in zip(preset.steps[step + 1 :], steps[step + 1 :], strict=True):
            if mine != theirs:
                break
            count += 1
        return count

    return max(under, key=kept)
