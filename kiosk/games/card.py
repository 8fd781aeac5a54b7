"""A game's card on the home screen and its presets for the setup screen (no pygame).

Names, a one-line pitch from the sources, players, duration, age, who starts,
and the *presets*: engine specs with plain labels, the first being the default.
A preset's *steps* are the choices that lead to it on the setup screen, from
the broad (the rules: "Renaissance") to the narrow (the variant: "Prendre 8
pièces"); each step is one row of buttons, under the entry's heading for it.
"""

from __future__ import annotations

from dataclasses import dataclass

Label = tuple[str, str]
"""A text in French and in English."""


@dataclass(frozen=True)
class Preset:
    """One choice of rules offered on the setup screen."""

    spec: str  # an engine spec accepted by engines.find_game
    label_fr: str
    label_en: str
    detail_fr: str = ""
    detail_en: str = ""
    minutes: tuple[int, int] | None = None  # typical duration, when not the game's
    first_by_lot: bool | None = None  # overrides Entry.first_player_by_lot (Othello)
    path: tuple[Label, ...] = ()  # the setup's choices leading here; (label,) when empty
    starts_fr: str = ""  # who starts, when not the entry's line
    starts_en: str = ""
    rank: int = 0  # where its last step stands among its neighbours on the setup screen

    @property
    def steps(self) -> tuple[Label, ...]:
        """The choices made on the setup screen to reach this preset, broad to narrow."""
        return self.path or ((self.label_fr, self.label_en),)

    @property
    def variant_spec(self) -> str:
        """The spec's ``id[:variant]`` part, to group presets by rules."""
        return self.spec.split(",")[0]

    def label(self, lang: str) -> str:
        """Its label in ``lang``."""
        return in_language(lang, self.label_fr, self.label_en)


@dataclass(frozen=True)
class Entry:
    """A game's card on the home screen and its setup choices."""

    game_id: str
    name_fr: str
    name_en: str
    players: tuple[int, int]  # min, max seats
    minutes: tuple[int, int]  # typical duration
    age: int  # minimum age
    pitch_fr: str
    pitch_en: str
    presets: tuple[Preset, ...]  # the first is the default
    first_player_by_lot: bool  # the source draws who starts (set first_option, or dice)
    seat_names_fr: tuple[str, ...]  # in the engine's player order, max seats
    seat_names_en: tuple[str, ...]
    starts_fr: str = ""  # who starts, in one line
    starts_en: str = ""
    first_option: str = ""  # the engine option saying who starts, if any
    lot_by_dice: bool = False  # the engine's opening throw decides who starts
    seats_apart: bool = False  # players chosen apart from presets (players=N added)
    headings: tuple[Label, ...] = ()  # the setup's heading over each step of the presets

    def first_by_lot(self, preset: Preset) -> bool:
        """Whether who starts is drawn by lot under ``preset``."""
        return self.first_player_by_lot if preset.first_by_lot is None else preset.first_by_lot

    def heading(self, step: int) -> Label:
        """The heading over the setup's row of choices for ``step`` (may be empty)."""
        return self.headings[step] if step < len(self.headings) else ("Variante", "Variant")

    def starts(self, preset: Preset) -> Label:
        """Who starts under ``preset``, in one line."""
        if preset.starts_fr:
            return preset.starts_fr, preset.starts_en
        return self.starts_fr, self.starts_en

    def name(self, lang: str) -> str:
        """The game's name in ``lang``."""
        return in_language(lang, self.name_fr, self.name_en)

    def spec_name(self, spec: str, lang: str) -> str:
        """The game's name, with the label of the preset ``spec`` when that is not the
        first choice: "Reversi (Othello)" (the journal, the statistics)."""
        for preset in self.presets[1:]:
            if preset.spec == spec:
                return f"{self.name(lang)} ({preset.label(lang)})"
        return self.name(lang)

    def variant_label(self, variant_spec: str, lang: str) -> str:
        """A variant's short name (``id:variant``, the lessons' tabs): its first preset's
        label before any colon, "Renaissance"; the variant's own name when no preset has it."""
        for preset in self.presets:
            if preset.variant_spec == variant_spec:
                return preset.label(lang).split(" : ")[0].split(": ")[0]
        return variant_spec.split(":")[-1]


def in_language(lang: str, french: str, english: str) -> str:
    """``english`` in English when there is one, else ``french``."""
    return english if lang == "en" and english else french
