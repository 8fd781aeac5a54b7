"""French first, English second: gettext catalogues in ``kiosk/locale``.

The catalogues are kept as ``.po`` text (``kiosk/locale/<lang>/LC_MESSAGES/
ludokiosk.po``); they are compiled to gettext's binary form in memory when
loaded, so no build step is needed. Message ids are the French text; the
French catalogue is complete too, so a test can check that both are.
"""

from __future__ import annotations

import ast
import gettext
import io
import re
import struct
from collections.abc import Callable
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "ludokiosk"
LANGUAGES = ("fr", "en")


def parse_po(text: str) -> dict[str, str]:
    """``msgid -> msgstr`` of a .po file (singular messages; the header under ``""``)."""
    entries: dict[str, str] = {}
    msgid: list[str] | None = None
    msgstr: list[str] | None = None
    current: list[str] | None = None

    def flush() -> None:
        if msgid is not None and msgstr is not None:
            entries["".join(msgid)] = "".join(msgstr)

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgid "):
            flush()
            msgid, msgstr = [_unquote(line[6:])], None
            current = msgid
        elif line.startswith("msgstr "):
            msgstr = [_unquote(line[7:])]
            current = msgstr
        elif line.startswith('"') and current is not None:
            current.append(_unquote(line))
        else:
            raise ValueError(f"unexpected line in catalogue: {raw!r}")
    flush()
    return entries


def _unquote(text: str) -> str:
    value = ast.literal_eval(text)
    if not isinstance(value, str):
        raise ValueError(f"not a quoted string: {text!r}")
    return value


def compile_mo(entries: dict[str, str]) -> bytes:
    """The binary .mo form of a catalogue (what ``msgfmt`` writes)."""
    keys = sorted(entries)
    ids = [k.encode() for k in keys]
    strs = [entries[k].encode() for k in keys]
    header_size = 7 * 4
    table_size = len(keys) * 8
    ids_start = header_size + 2 * table_size
    id_offsets, data = [], b""
    for item in ids:
        id_offsets.append((len(item), ids_start + len(data)))
        data += item + b"\0"
    strs_start = ids_start + len(data)
    str_offsets, str_data = [], b""
    for item in strs:
        str_offsets.append((len(item), strs_start + len(str_data)))
        str_data += item + b"\0"
    output = struct.pack(
        "<7I", 0x950412DE, 0, len(keys), header_size, header_size + table_size, 0, 0
    )
    for length, offset in id_offsets:
        output += struct.pack("<2I", length, offset)
    for length, offset in str_offsets:
        output += struct.pack("<2I", length, offset)
    return output + data + str_data


def catalogue_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def load_catalogue(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang``; French ids pass through when a catalogue is missing."""
    path = catalogue_path(lang)
    if not path.exists():
        return gettext.NullTranslations()
    entries = parse_po(path.read_text(encoding="utf-8"))
    return gettext.GNUTranslations(io.BytesIO(compile_mo(entries)))


class Translator:
    """The current language and its ``_()``; switching is instant."""

    def __init__(self, lang: str = "fr") -> None:
        self._catalogues = {code: load_catalogue(code) for code in LANGUAGES}
        self.lang = lang if lang in LANGUAGES else "fr"

    def set_language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"language '{lang}' is not one of {', '.join(LANGUAGES)}")
        self.lang = lang

    def __call__(self, message: str) -> str:
        return self._catalogues[self.lang].gettext(message)

    def pick(self, french: str, english: str) -> str:
        """For text that comes in both languages already (the engines' reasons)."""
        return english if self.lang == "en" and english else french


Gettext = Callable[[str], str]


MESSAGE_CALL = re.compile(r"""(?:\b_|\.tr)\(\s*"((?:[^"\\]|\\.)*)"\s*\)""")


def source_messages(root: Path | None = None) -> set[str]:
    """The French messages the code passes to ``_()`` or ``tr()``, read from the source."""
    base = root or Path(__file__).resolve().parent
    found: set[str] = set()
    for path in base.rglob("*.py"):
        found.update(
            m.replace('\\"', '"') for m in MESSAGE_CALL.findall(path.read_text(encoding="utf-8"))
        )
    return found
