"""The kiosk's logs: readable lines on a desktop, structured records for the journal.

``--log-format journal`` (what the service uses) writes one JSON object per
line on stderr, prefixed with the syslog priority journald understands
(``<3>`` for an error): time, level, logger, message, and the traceback when
there is one, so an error and its traceback stay one journal entry
(``journalctl -u ludokiosk -o cat | grep '"level": "ERROR"'``).
"""

from __future__ import annotations

import json
import logging
import sys
import time

PRIORITIES = {
    logging.CRITICAL: 2,
    logging.ERROR: 3,
    logging.WARNING: 4,
    logging.INFO: 6,
    logging.DEBUG: 7,
}
FORMATS = ("text", "journal")


class JournalFormatter(logging.Formatter):
    """``<priority>{"t": …, "level": …, "logger": …, "msg": …, "exc": …}``."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "t": round(record.created, 3),
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
        }
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        priority = PRIORITIES.get(record.levelno, 6)
        return f"<{priority}>" + json.dumps(entry, ensure_ascii=False)


def setup(fmt: str = "text", level: int = logging.INFO) -> None:
    """Send the kiosk's logs to stderr in ``fmt`` (``text`` or ``journal``)."""
    handler = logging.StreamHandler(sys.stderr)
    if fmt == "journal":
        handler.setFormatter(JournalFormatter())
    else:
        formatter = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s", "%H:%M:%S")
        formatter.converter = time.localtime
        handler.setFormatter(formatter)
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
