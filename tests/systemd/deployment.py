"""The Pi deployment under test: its files, the unit file's keys, install.sh's dry-run plan.

install.sh never runs for real here: every test passes ``--dry-run`` and puts
the paths under a temporary ``LUDOKIOSK_ROOT``. The planned commands (lines
starting with ``+``) are parsed back with shlex; the ``sed`` edits of
cmdline.txt are then executed on a temporary copy to check what they do.
The real install, in a Debian Bookworm booted with systemd, is
``systemd/container-test.sh`` (root, minutes: not part of the test suite).
"""

from __future__ import annotations

import grp
import os
import pwd
import shlex
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
UNIT = REPO / "systemd" / "ludokiosk.service"
INSTALL = REPO / "systemd" / "install.sh"
CONTAINER_TEST = REPO / "systemd" / "container-test.sh"
ARM64_TESTS = REPO / "systemd" / "arm64-tests.sh"
STICK_SCRIPT = REPO / "systemd" / "ludokiosk-stick"
STICK_UNIT = REPO / "systemd" / "ludokiosk-stick@.service"
STICK_RULE = REPO / "systemd" / "90-ludokiosk-stick.rules"
MEDIA_DIR = "/media/ludokiosk"
GROUPS = ("video", "render", "input", "gpio", "dialout", "audio")
DATA_DIR = "/var/lib/ludokiosk"
POLKIT_RULE = "/etc/polkit-1/rules.d/50-ludokiosk.rules"
CMDLINE = "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 rootwait"


def parse_unit(text: str) -> dict[str, dict[str, list[str]]]:
    """Sections of a unit file: every key with all its values (systemd repeats keys)."""
    sections: dict[str, dict[str, list[str]]] = {}
    current: dict[str, list[str]] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        assert current is not None, f"key outside a section: {line}"
        key, _, value = line.partition("=")
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


def one(section: dict[str, list[str]], key: str) -> str:
    values = section.get(key)
    assert values, f"{key}= missing"
    return values[-1]


def dry_run(
    root: Path, *args: str, path: str | None = None, real_apt: bool = False
) -> tuple[list[list[str]], str]:
    """install.sh --dry-run under ``root``: the planned commands and the whole output.

    Unless ``path`` or ``real_apt`` says otherwise, every apt package counts as
    installed (apt's look-ups take seconds; the tests about packages choose).
    """
    env = dict(os.environ, LUDOKIOSK_ROOT=str(root))
    if path is None and not real_apt:
        path = stubs(root.parent, {"dpkg-query": "printf 'ii '"}, folder="apt-installed")
    if path is not None:
        env["PATH"] = path
    done = subprocess.run(
        ["bash", str(INSTALL), "--dry-run", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    plan = [shlex.split(line[2:]) for line in done.stdout.splitlines() if line.startswith("+ ")]
    return plan, done.stdout + done.stderr


def find(plan: list[list[str]], *words: str) -> list[list[str]]:
    """The planned commands that start with ``words``."""
    return [cmd for cmd in plan if cmd[: len(words)] == list(words)]


def planned_text(output: str, path: str) -> str:
    """What a dry run plans to write into ``path`` (``+ cat > path <<'EOF'`` … ``EOF``)."""
    lines = output.splitlines()
    start = lines.index(f"+ cat > {path} <<'EOF'")
    return "\n".join(lines[start + 1 : lines.index("EOF", start)])


def stubs(tmp_path: Path, bodies: dict[str, str], folder: str = "stubs") -> str:
    """A PATH whose first directory holds these commands (shell script bodies)."""
    directory = tmp_path / folder
    directory.mkdir(exist_ok=True)
    for name, body in bodies.items():
        script = directory / name
        script.write_text("#!/bin/sh\n" + body + "\n")
        script.chmod(0o755)
    return f"{directory}:{os.environ.get('PATH', '/usr/bin:/bin')}"


def tree(root: Path) -> dict[str, bytes | str]:
    return {
        str(p.relative_to(root)): (os.readlink(p) if p.is_symlink() else p.read_bytes())
        if not p.is_dir() or p.is_symlink()
        else "dir"
        for p in sorted(root.rglob("*"))
    }


def user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


def group_exists(name: str) -> bool:
    try:
        grp.getgrnam(name)
    except KeyError:
        return False
    return True


def run_planned_sed(plan: list[list[str]]) -> None:
    for command in find(plan, "sed"):
        subprocess.run(command, check=True, timeout=10)
