"""The kiosk's journal in the owners' words, French or English (no pygame).

The journal (:meth:`kiosk.records.Records.events`) holds rows ``(at, kind,
detail)`` written by the code: ``board-lost``, ``pin-wrong``, a traceback…
:func:`describe` makes each one a sentence an owner understands,
:func:`title` names its kind in a few words, :func:`is_problem` says whether
it deserves the warning colour and :func:`technical` what of the raw detail
is worth showing under the sentence. None of them raises, whatever a detail
holds: an old or damaged row still gets a line.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable
from typing import Any

from kiosk.catalog import entry
from kiosk.i18n import Translator

Gettext = Callable[[str], str]

PROBLEMS = frozenset(
    {
        "error",
        "crash",
        "config",
        "records",
        "safe-mode",
        "set-aside",
        "board-lost",
        "pin-lockout",
        "sound",
    }
)
"""Kinds that are problems whatever their detail (``stop`` and ``export`` depend on it)."""
OLD_STOPS = ("quit", "restart", "poweroff")
"""Kinds older databases hold for a ``stop`` with that detail."""
SHOWN_RAW = frozenset({"start", "error", "crash", "set-aside", "export"})
"""Kinds whose raw detail is worth reading under the sentence (a traceback, a path)."""
SCENE_LIST = re.compile(r"^\s*\[([^\]]*)\]\s*:")
"""The scene names before an ``error`` row's traceback: ``['home', 'play']: …``."""


@functools.cache
def _translator(lang: str) -> Translator:
    return Translator(lang)


def _gettext(lang: str) -> Gettext:
    return _translator(lang if lang in ("fr", "en") else "fr")


def describe(kind: str, detail: str, lang: str = "fr") -> str:
    """One sentence for the journal row ``kind`` / ``detail`` in ``lang``; never raises."""
    _ = _gettext(lang)
    try:
        return _one_line(_describe(str(kind), str(detail), lang, _))
    except Exception:  # a row no rule foresaw still gets a line
        return _("Événement de la borne")


def title(kind: str, lang: str = "fr") -> str:
    """A few words naming the kind of event (the heading of a row read in full)."""
    _ = _gettext(lang)
    titles = {
        "start": _("Démarrage"),
        "stop": _("Arrêt"),
        "safe-mode": _("Mode sans échec"),
        "config": _("Configuration"),
        "records": _("Registre des parties"),
        "records-ok": _("Registre des parties"),
        "resume": _("Partie reprise"),
        "set-aside": _("Partie mise de côté"),
        "idle-abandon": _("Partie abandonnée"),
        "error": _("Erreur"),
        "crash": _("Erreur"),
        "attract": _("Démonstration"),
        "admin": _("Écran des propriétaires"),
        "pin-wrong": _("Code erroné"),
        "pin-lockout": _("Clavier bloqué"),
        "settings": _("Réglages"),
        "board-lost": _("Plateau"),
        "board-back": _("Plateau"),
        "sound": _("Son"),
        "export": _("Exportation"),
    }
    if kind in OLD_STOPS:
        kind = "stop"
    return titles.get(kind, _("Événement"))


def is_problem(kind: str, detail: str = "") -> bool:
    """Whether the row tells a problem (shown in the warning colour)."""
    try:
        if kind in PROBLEMS:
            return True
        if kind == "stop":
            return detail.strip() == "error"
        if kind == "export":
            data = _json(detail)
            return isinstance(data, dict) and bool(data.get("failed"))
    except Exception:
        return False
    return False


def technical(kind: str, detail: str) -> str:
    """The raw detail worth showing under the sentence ("" when the sentence says it all)."""
    text = str(detail).strip()
    if not text:
        return ""
    if kind in SHOWN_RAW or kind not in _KNOWN:
        return text
    if kind in ("config", "records", "settings") and _json(text) is None:
        return text  # an older row, or one the sentence could not read
    return ""


Row = tuple[float, str, str]
RUNS = frozenset({"pin-wrong", "pin-lockout"})
"""Kinds that come in runs (someone trying codes): a run shows as its latest rows."""


def collapse(rows: list[Row]) -> list[Row]:
    """``rows`` (latest first) with each run of :data:`RUNS` rows cut to the latest row
    of each kind in it: 2,000 wrong codes in a row read as "2000 de suite" and a
    wait, and do not push the rest of the journal off the screen."""
    kept: list[Row] = []
    run: set[str] = set()
    for row in rows:
        kind = row[1]
        if kind not in RUNS:
            run = set()
            kept.append(row)
        elif kind not in run:
            run.add(kind)
            kept.append(row)
    return kept


# ---------------------------------------------------------------------- the sentences


def _describe(kind: str, detail: str, lang: str, _: Gettext) -> str:
    text = detail.strip()
    if kind in OLD_STOPS:
        kind, text = "stop", kind
    if kind == "start":
        return _("La borne a démarré")
    if kind == "stop":
        stops = {
            "quit": _("La borne a été fermée"),
            "restart": _("La borne a redémarré à la demande des propriétaires"),
            "poweroff": _("Extinction demandée par les propriétaires"),
            "signal": _("La borne a été arrêtée par le système (extinction ou mise à jour)"),
            "error": _("La borne s'est arrêtée sur une erreur"),
        }
        return stops.get(text, _("La borne s'est arrêtée"))
    if kind == "safe-mode":
        count = _count(text)
        if count is None:
            return _("Démarrage en mode sans échec")
        if count == 1:
            return _("Démarrage en mode sans échec après un échec")
        return _("Démarrage en mode sans échec après {n} échecs de suite").format(n=count)
    if kind == "config":
        said = _in_language(text, lang)
        if not said:
            return _("Problème de configuration")
        return _("Problème de configuration : {text}").format(text=_owners_words(said, lang, _))
    if kind == "records":
        said = _in_language(text, lang)
        if not said:
            return _("Problème avec le registre des parties")
        return _("Problème avec le registre des parties : {text}").format(text=said)
    if kind == "records-ok":
        count = _count(text)
        if not count:
            return _("Le registre des parties fonctionne de nouveau")
        return _(
            "Registre des parties rétabli : {n} parties et sauvegardes en attente y sont écrites"
        ).format(n=count)
    if kind in ("resume", "idle-abandon"):
        game, moves = _game_and_moves(text, lang, _)
        if kind == "resume":
            return _("Partie reprise après un redémarrage : {game}, {moves}").format(
                game=game, moves=moves
            )
        return _("Partie laissée sans un geste, abandonnée : {game}, {moves}").format(
            game=game, moves=moves
        )
    if kind == "set-aside":
        return _set_aside(text, lang, _)
    if kind in ("error", "crash"):
        return _error(text, _)
    if kind == "attract":
        return _("La démonstration a commencé (personne à la table)")
    if kind == "admin":
        return _("Écran des propriétaires ouvert avec le bon code")
    if kind == "pin-wrong":
        count = _count(text)
        if count is None or count <= 1:
            return _("Code erroné sur le clavier des propriétaires")
        return _("Code erroné sur le clavier des propriétaires ({n} de suite)").format(n=count)
    if kind == "pin-lockout":
        seconds = _number(text)
        if seconds is None:
            return _("Trop de codes erronés : le clavier attend avant d'en accepter un autre")
        return _("Trop de codes erronés : le clavier est bloqué pendant {time}").format(
            time=duration(seconds, _)
        )
    if kind == "settings":
        return _settings(text, lang, _)
    if kind in ("board-lost", "board-back"):
        if SERIAL_PORT.match(text):  # the port's system name says nothing to an owner
            if kind == "board-lost":
                return _("Plateau déconnecté (port série)")
            return _("Plateau reconnecté (port série)")
        board = text or _("le plateau")
        if kind == "board-lost":
            return _("Plateau déconnecté : {board}").format(board=board)
        return _("Plateau reconnecté : {board}").format(board=board)
    if kind == "sound":
        if not text:
            return _("La borne est muette")
        return _("La borne est muette : {why}").format(why=_in_language(text, lang) or text)
    if kind == "export":
        return _export(text, _)
    shown = _one_line(text)
    if not shown:
        return _("Événement de la borne ({kind})").format(kind=_one_line(kind) or "?")
    return _("Événement de la borne ({kind}) : {detail}").format(
        kind=_one_line(kind) or "?", detail=shown
    )


_KNOWN = frozenset(
    {
        "start",
        "stop",
        *OLD_STOPS,
        "safe-mode",
        "config",
        "records",
        "records-ok",
        "resume",
        "set-aside",
        "idle-abandon",
        "error",
        "crash",
        "attract",
        "admin",
        "pin-wrong",
        "pin-lockout",
        "settings",
        "board-lost",
        "board-back",
        "sound",
        "export",
    }
)


def _set_aside(text: str, lang: str, _: Gettext) -> str:
    data = _json(text)
    if not isinstance(data, dict):
        return _("Partie enregistrée impossible à reprendre, mise de côté")
    game = game_name(str(data.get("spec", "")), lang) or _("une partie")
    moves = data.get("moves")
    count = moves if isinstance(moves, int) and not isinstance(moves, bool) else None
    if count is None:
        return _("Partie enregistrée impossible à reprendre, mise de côté : {game}").format(
            game=game
        )
    return _("Partie enregistrée impossible à reprendre, mise de côté : {game}, {moves}").format(
        game=game, moves=moves_text(count, _)
    )


def _error(text: str, _: Gettext) -> str:
    match = SCENE_LIST.match(text)
    if match is None:
        shown = _one_line(text)
        if not shown:
            return _("Erreur inattendue")
        return _("Erreur : {detail}").format(detail=shown)
    names = [n.strip().strip("'\"") for n in match.group(1).split(",") if n.strip()]
    top = names[-1] if names else ""
    where = {
        "play": _("pendant une partie"),
        "setup": _("au choix d'une partie"),
        "rules": _("dans les règles d'un jeu"),
        "results": _("sur l'écran des résultats"),
        "lesson": _("pendant une leçon"),
        "lessons": _("dans les leçons"),
        "attract": _("pendant la démonstration"),
        "home": _("sur l'accueil"),
    }.get(top)
    if where is None and (top.startswith("admin") or top in ("pin", "settings")):
        where = _("sur les écrans des propriétaires")
    if where is None:
        return _("Erreur inattendue : la borne est revenue à l'accueil")
    return _("Erreur inattendue {where} : la borne est revenue à l'accueil").format(where=where)


def _settings(text: str, lang: str, _: Gettext) -> str:
    data = _json(text)
    if not isinstance(data, dict) or not data:
        return _("Réglages changés")
    parts = []
    for key, value in data.items():
        key = str(key)
        if key == "admin.pin":
            parts.append(_("code des propriétaires changé"))
            continue
        parts.append(f"{setting_label(key, _)} → {setting_value(key, value, lang, _)}")
    separator = "; " if lang == "en" else " ; "
    return _("Réglages changés : {changes}").format(changes=separator.join(parts))


SERIAL_PORT = re.compile(r"^(/dev/\S+|COM\d+)$")
"""A serial port's system name (``/dev/ttyACM0``, ``COM3``), as the board rows hold it."""
_SETTING_KEY = re.compile(r"\b(clé|key) '([a-z_]+\.[a-z_]+)'")
_SETTINGS_FILE = re.compile(r"(?<!\S)/\S+\.toml\b")


def _owners_words(said: str, lang: str, _: Gettext) -> str:
    """A configuration message with its settings named as the settings page names them
    ("clé 'sound.volume'" → "réglage « Volume »") and the file as the installation's
    settings; a key the page does not know stays as written (an owner's typo)."""

    def named(match: re.Match[str]) -> str:
        label = setting_label(match.group(2), _)
        if label == match.group(2):
            return match.group(0)
        return f'setting "{label}"' if lang == "en" else f"réglage « {label} »"

    said = _SETTING_KEY.sub(named, said)
    return _SETTINGS_FILE.sub(_("réglages de l'installation"), said)


def setting_label(key: str, _: Gettext) -> str:
    """The name the settings page gives the setting ``table.key`` (the key when unknown)."""
    labels = {
        "kiosk.language": _("Langue"),
        "kiosk.games": _("Jeux proposés"),
        "kiosk.rotation": _("Rotation de l'écran"),
        "sound.volume": _("Volume"),
        "sound.muted": _("Son"),
        "timeouts.attract_after": _("Démonstration après"),
        "timeouts.still_there_after": _("« Toujours là ? » après"),
        "timeouts.still_there_countdown": _("Compte à rebours"),
        "timeouts.demo_pause": _("Pause des démonstrations"),
        "ai.level": _("Niveau proposé"),
        "ai.levels": _("Niveaux offerts"),
        "admin.pin": _("Code des propriétaires"),
    }
    return labels.get(key, key)


def setting_value(key: str, value: Any, lang: str, _: Gettext) -> str:
    """``value`` of the setting ``key`` as the settings page shows it."""
    from kiosk.table import SHORT_LABELS

    def pick(pair: tuple[str, str]) -> str:
        return pair[1] if lang == "en" else pair[0]

    def number(x: Any) -> float | None:
        ok = isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)
        return float(x) if ok else None

    if key == "kiosk.language":
        return {"fr": "Français", "en": "English"}.get(str(value), str(value))
    if key == "kiosk.games" and isinstance(value, list):
        return ", ".join(game_name(str(v), lang) or str(v) for v in value) or "—"
    if key == "kiosk.rotation" and number(value) is not None:
        return f"{value:g}°"
    if key == "sound.volume" and (volume := number(value)) is not None:
        return f"{round(volume * 100)} %"
    if key == "sound.muted" and isinstance(value, bool):
        return _("Muet") if value else _("Son actif")
    if key.startswith("timeouts.") and (seconds := number(value)) is not None:
        shown = f"{seconds:g} s"
        return shown if lang == "en" else shown.replace(".", ",")
    if key == "ai.level" and str(value) in SHORT_LABELS:
        return pick(SHORT_LABELS[str(value)])
    if key == "ai.levels" and isinstance(value, list):
        return (
            ", ".join(
                pick(SHORT_LABELS[str(v)]) if str(v) in SHORT_LABELS else str(v) for v in value
            )
            or "—"
        )
    if isinstance(value, bool):
        return _("oui") if value else _("non")
    return _one_line(str(value)) or "—"


def _export(text: str, _: Gettext) -> str:
    data = _json(text)
    if not isinstance(data, dict):
        return _("Parties exportées en CSV")
    rows = data.get("rows")
    written, failed = _strings(data.get("written")), _strings(data.get("failed"))
    count = rows if isinstance(rows, int) and not isinstance(rows, bool) else None
    if count is None:
        said = _("Parties exportées en CSV")
    else:
        said = _("{n} parties exportées en CSV").format(n=count)
    if written:
        said += " — " + _("écrit dans : {places}").format(places=", ".join(written))
    if failed:
        said += " — " + _("échec pour : {places}").format(places=", ".join(failed))
    return said


# ---------------------------------------------------------------------- pieces


def game_name(spec: str, lang: str = "fr") -> str:
    """The visitors' name of the game of an engine ``spec``, with the rules' label when
    they are not the game's first choice; the game's id when the catalogue does not know it."""
    text = spec.strip()
    game_id = text.split(",")[0].split(":")[0].strip()
    try:
        return entry(game_id).spec_name(text, lang)
    except KeyError:
        return _one_line(game_id)


def moves_text(count: int, _: Gettext) -> str:
    """``12 coups``, ``1 coup``, ``aucun coup``."""
    if count <= 0:
        return _("aucun coup")
    if count == 1:
        return _("1 coup")
    return _("{n} coups").format(n=count)


def duration(seconds: float, _: Gettext) -> str:
    """``30 s``, ``15 min``, ``2 min 30 s``."""
    whole = max(0, round(seconds))
    minutes, rest = divmod(whole, 60)
    if not minutes:
        return _("{n} s").format(n=rest)
    if not rest:
        return _("{n} min").format(n=minutes)
    return _("{m} min {s} s").format(m=minutes, s=rest)


def _game_and_moves(text: str, lang: str, _: Gettext) -> tuple[str, str]:
    """``"reversi 12"`` -> (``"Reversi"``, ``"12 coups"``)."""
    spec, _space, last = text.rpartition(" ")
    count = _count(last)
    if count is None or not spec:
        spec, count = text, None
    game = game_name(spec, lang) if spec.strip() else _("une partie")
    return game, moves_text(count, _) if count is not None else "?"


def _strings(value: Any) -> list[str]:
    """The non-empty items of a list as one-line strings ([] when not a list)."""
    if not isinstance(value, list):
        return []
    return [line for line in (_one_line(str(item)) for item in value) if line]


def _json(text: str) -> Any:
    """``text`` read as JSON, or ``None``."""
    try:
        return json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return None


def _in_language(text: str, lang: str) -> str:
    """The ``lang`` part of a ``{"fr": …, "en": …}`` detail, or the plain text of an older row."""
    data = _json(text)
    if isinstance(data, dict):
        chosen = data.get(lang) or data.get("fr") or data.get("en")
        return _one_line(str(chosen)) if chosen else ""
    if isinstance(data, str):
        return _one_line(data)
    return _one_line(text)


def _count(text: str) -> int | None:
    """A whole number written in ASCII digits (not too long), or ``None``."""
    text = text.strip()
    if text.isascii() and text.isdigit() and len(text) <= 12:
        return int(text)
    return None


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except (ValueError, OverflowError):
        return None
    return value if math.isfinite(value) and 0 <= value < 1e9 else None


def _one_line(text: str) -> str:
    """``text`` on one line: runs of spaces and line breaks made one space."""
    return " ".join(str(text).split())
