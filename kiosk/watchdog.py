"""Telling systemd how the kiosk is doing: ready, status, alive, stopping.

The service (``systemd/ludokiosk.service``) is ``Type=notify`` with
``WatchdogSec=30``. systemd gives the kiosk a datagram socket in
``$NOTIFY_SOCKET`` and the watchdog's period in ``$WATCHDOG_USEC``; this
module speaks that protocol (``sd_notify``) with the standard library only:
one ``KEY=value`` line per message, sent to the socket, a leading ``@``
meaning Linux's abstract namespace.

How the watchdog keeps the kiosk alive: the main loop calls
``notifier.ping(time.monotonic())`` once per frame, and ``ping`` sends
``WATCHDOG=1`` at most every half period. Nothing else pings. So when the loop
is stuck (a deadlock, an endless computation, a driver that never returns),
the pings stop by themselves, and after ``WatchdogSec`` systemd kills the
kiosk with SIGABRT (``PYTHONFAULTHANDLER=1`` in the unit writes every thread's
stack to the journal first) and ``Restart=always`` starts it again: visitors
find the home screen a few seconds later instead of a frozen picture.

Without ``$NOTIFY_SOCKET`` (a desktop run, the tests) every call does nothing
and returns ``False``. ``$WATCHDOG_PID``, when set, names the process the
watchdog is for: in any other process (a worker forked by the kiosk inherits
the environment) ``ping`` does nothing, so a child can never keep a stuck
parent alive.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Mapping

log = logging.getLogger(__name__)


def _environment(environ: Mapping[str, str] | None) -> Mapping[str, str]:
    return os.environ if environ is None else environ


def socket_address(environ: Mapping[str, str] | None = None) -> str | None:
    """The notification socket's address from ``$NOTIFY_SOCKET``, or ``None``.

    An abstract socket (``@name``) comes back with its leading NUL byte, as
    ``socket.sendto`` expects it.
    """
    value = _environment(environ).get("NOTIFY_SOCKET", "")
    if not value:
        return None
    if value.startswith("@"):
        return "\0" + value[1:]
    if value.startswith("/"):
        return value
    log.warning("NOTIFY_SOCKET ignoré (ni chemin ni @nom) / ignored: %r", value)
    return None


def watchdog_interval(environ: Mapping[str, str] | None = None) -> float | None:
    """The watchdog's timeout in seconds (``WatchdogSec=``), or ``None`` without one.

    ``None`` also when ``$WATCHDOG_USEC`` is not a positive integer, or when
    ``$WATCHDOG_PID`` names another process than this one. The kiosk must
    ping more often than this; :class:`Notifier` pings every half of it.
    """
    env = _environment(environ)
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    if usec <= 0:
        return None
    pid = env.get("WATCHDOG_PID", "")
    if pid and pid != str(os.getpid()):
        return None
    return usec / 1_000_000


class Notifier:
    """The kiosk's messages to systemd; every method returns whether one was sent.

    The environment is read once, at creation (``environ`` for tests, else
    ``os.environ``); the socket is opened at the first message and never
    blocks the caller: a full or vanished socket drops the message.
    """

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        env = dict(_environment(environ))
        self._address = socket_address(env)
        self._usec = env.get("WATCHDOG_USEC", "")
        self._watchdog_pid = env.get("WATCHDOG_PID", "")
        self._socket: socket.socket | None = None
        self._last_ping: float | None = None
        self._warned = False

    @property
    def enabled(self) -> bool:
        """Whether systemd listens (``$NOTIFY_SOCKET`` is set)."""
        return self._address is not None

    @property
    def watchdog(self) -> float | None:
        """The watchdog's timeout in seconds for this process, or ``None``."""
        if self._address is None:
            return None
        return watchdog_interval({"WATCHDOG_USEC": self._usec, "WATCHDOG_PID": self._watchdog_pid})

    def ready(self, status: str | None = None) -> bool:
        """Start-up is over (``READY=1``): systemd counts the service as started."""
        lines = ["READY=1"]
        if status is not None:
            lines.append("STATUS=" + _one_line(status))
        return self.send("\n".join(lines))

    def status(self, text: str) -> bool:
        """A one-line state shown by ``systemctl status ludokiosk``."""
        return self.send("STATUS=" + _one_line(text))

    def stopping(self) -> bool:
        """The kiosk is shutting down (``STOPPING=1``)."""
        return self.send("STOPPING=1")

    def ping(self, now: float) -> bool:
        """``WATCHDOG=1`` if half the period has passed since the last one.

        ``now`` is ``time.monotonic()``. Called once per frame; sends nothing
        without a watchdog for this process.
        """
        period = self.watchdog
        if period is None:
            return False
        if self._last_ping is not None and now - self._last_ping < period / 2:
            return False
        if self.send("WATCHDOG=1"):
            self._last_ping = now
            return True
        return False

    def send(self, message: str) -> bool:
        """One raw notification (``KEY=value`` lines); ``False`` if not sent."""
        if self._address is None:
            return False
        try:
            if self._socket is None:
                self._socket = socket.socket(
                    socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC
                )
            self._socket.sendto(message.encode("utf-8"), socket.MSG_DONTWAIT, self._address)
        except OSError as error:
            if not self._warned:
                log.warning(
                    "notification systemd perdue / systemd notification lost (%s): %s",
                    self._address.replace("\0", "@"),
                    error,
                )
                self._warned = True
            return False
        return True

    def close(self) -> None:
        """Close the socket (a later message opens it again)."""
        if self._socket is not None:
            self._socket.close()
            self._socket = None


def _one_line(text: str) -> str:
    """A status on one line: a newline would start another ``KEY=value``."""
    return " ".join(text.split())
