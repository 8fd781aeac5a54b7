"""kiosk.watchdog against a real AF_UNIX datagram socket, as systemd listens."""

from __future__ import annotations

import contextlib
import os
import socket
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from kiosk.watchdog import Notifier, socket_address, watchdog_interval


@pytest.fixture
def listener(tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    """A bound datagram socket in a temporary directory and its path."""
    path = str(tmp_path / "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(2.0)
    yield sock, path
    sock.close()


def received(sock: socket.socket) -> list[str]:
    """Every datagram waiting on ``sock``, decoded."""
    messages = []
    sock.setblocking(False)
    try:
        while True:
            messages.append(sock.recv(4096).decode("utf-8"))
    except BlockingIOError:
        pass
    finally:
        sock.settimeout(2.0)
    return messages


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_ready_status_and_stopping_reach_the_socket(listener, clean_env) -> None:
    sock, path = listener
    clean_env.setenv("NOTIFY_SOCKET", path)
    notifier = Notifier()
    assert notifier.enabled
    assert notifier.ready()
    assert sock.recv(4096) == b"READY=1"
    assert notifier.status("accueil\n3 parties   jouées")
    assert sock.recv(4096) == "STATUS=accueil 3 parties jouées".encode()
    assert notifier.ready(status="prête")
    assert sock.recv(4096).decode() == "READY=1\nSTATUS=prête"
    assert notifier.stopping()
    assert sock.recv(4096) == b"STOPPING=1"
    notifier.close()


def test_watchdog_pings_at_most_every_half_period(listener, clean_env) -> None:
    sock, path = listener
    clean_env.setenv("NOTIFY_SOCKET", path)
    clean_env.setenv("WATCHDOG_USEC", "30000000")
    clean_env.setenv("WATCHDOG_PID", str(os.getpid()))
    notifier = Notifier()
    assert notifier.watchdog == 30.0
    # One frame every 1/60 s for 40 s of monotonic time: pings at 0, 15, 30.
    start = 1000.0
    sent = [frame for frame in range(40 * 60) if notifier.ping(start + frame / 60)]
    assert [frame / 60 for frame in sent] == [0.0, 15.0, 30.0]
    assert received(sock) == ["WATCHDOG=1"] * 3


def test_a_stuck_loop_stops_pinging(listener, clean_env) -> None:
    """The watchdog only hears from frames: no frame, no ping, systemd restarts."""
    sock, path = listener
    clean_env.setenv("NOTIFY_SOCKET", path)
    clean_env.setenv("WATCHDOG_USEC", "2000000")
    notifier = Notifier()
    assert notifier.ping(0.0)
    assert not notifier.ping(0.99)
    assert notifier.ping(1.0)
    # The loop hangs for 5 s; the next frame pings once, not once per missed period.
    assert notifier.ping(6.0)
    assert not notifier.ping(6.5)
    assert received(sock) == ["WATCHDOG=1"] * 3


def test_nothing_is_sent_without_notify_socket(listener, clean_env) -> None:
    sock, _path = listener
    clean_env.setenv("WATCHDOG_USEC", "30000000")
    notifier = Notifier()
    assert not notifier.enabled
    assert notifier.watchdog is None
    assert not notifier.ready()
    assert not notifier.status("x")
    assert not notifier.ping(0.0)
    assert not notifier.stopping()
    assert received(sock) == []


def test_no_watchdog_pings_without_watchdog_usec(listener, clean_env) -> None:
    sock, path = listener
    clean_env.setenv("NOTIFY_SOCKET", path)
    notifier = Notifier()
    assert notifier.enabled
    assert notifier.watchdog is None
    assert not notifier.ping(0.0)
    assert notifier.ready()
    assert received(sock) == ["READY=1"]


def test_watchdog_for_another_process_is_ignored(listener, clean_env) -> None:
    """A worker forked by the kiosk inherits WATCHDOG_PID naming its parent."""
    sock, path = listener
    clean_env.setenv("NOTIFY_SOCKET", path)
    clean_env.setenv("WATCHDOG_USEC", "30000000")
    clean_env.setenv("WATCHDOG_PID", str(os.getppid()))
    notifier = Notifier()
    assert notifier.watchdog is None
    assert not notifier.ping(0.0)
    assert received(sock) == []
    assert watchdog_interval() is None


def test_watchdog_interval_reads_the_environment(clean_env) -> None:
    assert watchdog_interval() is None
    clean_env.setenv("WATCHDOG_USEC", "30000000")
    assert watchdog_interval() == 30.0
    clean_env.setenv("WATCHDOG_PID", str(os.getpid()))
    assert watchdog_interval() == 30.0
    for bad in ("", "0", "-5", "trente"):
        assert watchdog_interval({"WATCHDOG_USEC": bad}) is None
    assert watchdog_interval({"WATCHDOG_USEC": "500000"}) == 0.5


def test_abstract_socket_names(clean_env) -> None:
    name = f"ludokiosk-test-{uuid.uuid4().hex}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)
    sock.settimeout(2.0)
    try:
        assert socket_address({"NOTIFY_SOCKET": "@" + name}) == "\0" + name
        clean_env.setenv("NOTIFY_SOCKET", "@" + name)
        notifier = Notifier()
        assert notifier.ready()
        assert sock.recv(4096) == b"READY=1"
        notifier.close()
    finally:
        sock.close()


def test_a_vanished_socket_drops_the_message(tmp_path, clean_env) -> None:
    """systemd gone (or the socket removed): the kiosk goes on, nothing raised."""
    clean_env.setenv("NOTIFY_SOCKET", str(tmp_path / "absent"))
    clean_env.setenv("WATCHDOG_USEC", "30000000")
    notifier = Notifier()
    assert notifier.enabled
    assert not notifier.ready()
    assert not notifier.ping(0.0)
    assert not notifier.ping(0.5)


def test_relative_notify_socket_is_ignored(clean_env) -> None:
    assert socket_address({"NOTIFY_SOCKET": "relative/path"}) is None
    assert socket_address({"NOTIFY_SOCKET": ""}) is None
    assert socket_address({}) is None


def test_the_kiosk_says_ready_pings_from_its_loop_and_says_stopping(
    listener: tuple[socket.socket, str], tmp_path: Path
) -> None:
    """The real ``ludokiosk`` under a notify socket, as systemd runs it."""
    import subprocess
    import sys

    sock, path = listener
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "LUDOKIOSK_DATA": str(tmp_path / "data"),
        "NOTIFY_SOCKET": path,
        "WATCHDOG_USEC": "200000",
    }
    env.pop("WATCHDOG_PID", None)
    root = Path(__file__).resolve().parents[2]
    log = tmp_path / "stderr.log"
    with log.open("w") as errors:
        kiosk = subprocess.Popen(
            [sys.executable, "-m", "kiosk.app", "--windowed", "--frames", "40"],
            cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=errors,
        )
    # Read as systemd does, while the kiosk runs: the socket's queue is short (ten
    # datagrams by default), and a kiosk slowed down pings at every frame.
    datagrams: list[str] = []
    sock.settimeout(0.05)
    deadline = time.monotonic() + 60
    while kiosk.poll() is None and time.monotonic() < deadline:
        with contextlib.suppress(TimeoutError):
            datagrams.append(sock.recv(4096).decode("utf-8"))
    assert kiosk.wait(timeout=10) == 0, log.read_text()
    datagrams += received(sock)
    messages = [line for m in datagrams for line in m.splitlines()]
    assert "READY=1" in messages
    assert messages.count("WATCHDOG=1") >= 2, "pinged while the loop runs"
    assert messages[-1] == "STOPPING=1"
    assert messages.index("READY=1") < len(messages) - 1
