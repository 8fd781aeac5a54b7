"""The Pi deployment: the unit file's directives and install.sh's plan (--dry-run).

install.sh never runs for real here: every test passes ``--dry-run`` and puts
the paths under a temporary ``LUDOKIOSK_ROOT``. The planned commands (lines
starting with ``+``) are parsed back with shlex; the ``sed`` edits of
cmdline.txt are then executed on a temporary copy to check what they do.
The real install, in a Debian Bookworm booted with systemd, is
``systemd/container-test.sh`` (root, minutes: not part of this suite).
"""

from __future__ import annotations

import grp
import hashlib
import os
import pwd
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
UNIT = REPO / "systemd" / "ludokiosk.service"
INSTALL = REPO / "systemd" / "install.sh"
CONTAINER_TEST = REPO / "systemd" / "container-test.sh"
GROUPS = ("video", "render", "input", "gpio", "dialout", "audio")
DATA_DIR = "/var/lib/ludokiosk"
POLKIT_RULE = "/etc/polkit-1/rules.d/50-ludokiosk.rules"
CMDLINE = "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 rootwait"


# ------------------------------------------------------------------ the unit file


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


@pytest.fixture(scope="module")
def unit() -> dict[str, dict[str, list[str]]]:
    return parse_unit(UNIT.read_text(encoding="utf-8"))


def one(section: dict[str, list[str]], key: str) -> str:
    values = section.get(key)
    assert values, f"{key}= missing"
    return values[-1]


def environment(service: dict[str, list[str]]) -> dict[str, str]:
    env: dict[str, str] = {}
    for value in service.get("Environment", []):
        for item in shlex.split(value):
            name, _, setting = item.partition("=")
            env[name] = setting
    return env


def test_unit_is_notify_with_a_watchdog_and_restarts(unit) -> None:
    service = unit["Service"]
    assert one(service, "Type") == "notify"
    assert one(service, "NotifyAccess") == "main"
    assert one(service, "WatchdogSec") == "30"
    assert one(service, "Restart") == "always"
    assert one(service, "RestartSec") == "2"
    assert int(one(unit["Unit"], "StartLimitBurst")) > 1
    assert int(one(unit["Unit"], "StartLimitIntervalSec")) > 0
    assert "StartLimitBurst" not in service and "StartLimitIntervalSec" not in service
    assert one(unit["Install"], "WantedBy") == "multi-user.target"


def test_unit_takes_tty1_without_a_login_session(unit) -> None:
    service, head = unit["Service"], unit["Unit"]
    assert one(service, "User") == "ludokiosk"
    assert one(service, "TTYPath") == "/dev/tty1"
    assert one(service, "StandardInput") == "tty"
    # With PAMName=, pam_systemd (on every Raspberry Pi OS) moves the kiosk into
    # a session-N.scope: its journal lines and its worker leave the unit (seen
    # in the container test). The devices come from the groups instead.
    assert "PAMName" not in service
    for key in ("TTYReset", "TTYVHangup", "TTYVTDisallocate"):
        assert one(service, key) == "yes"
    # With a tty on stdin, stdout would go to the screen: the journal instead.
    assert one(service, "StandardOutput") == "journal"
    assert one(service, "StandardError") == "journal"
    after = " ".join(head["After"]).split()
    assert "systemd-user-sessions.service" in after
    assert "getty@tty1.service" in one(head, "Conflicts").split()
    env = environment(service)
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert env["SDL_AUDIODRIVER"] == "alsa"
    assert env["PYTHONUNBUFFERED"] == "1"
    assert env["PYTHONFAULTHANDLER"] == "1"


def test_unit_directories_and_hardening(unit) -> None:
    service = unit["Service"]
    assert one(service, "StateDirectory") == "ludokiosk"
    assert one(service, "CacheDirectory") == "ludokiosk"
    assert one(service, "ConfigurationDirectory") == "ludokiosk"
    assert one(service, "NoNewPrivileges") == "yes"
    assert one(service, "ProtectSystem") == "strict"
    assert one(service, "ProtectHome") == "yes"
    assert one(service, "PrivateTmp") == "yes"
    writable = [p.lstrip("-") for v in service["ReadWritePaths"] for p in v.split()]
    assert DATA_DIR in writable
    # DRM, input, GPIO and serial devices must stay reachable.
    for key in ("PrivateDevices", "DevicePolicy", "DeviceAllow", "ProtectClock"):
        assert key not in service, f"{key}= would close /dev to the kiosk"


def test_unit_runs_the_installed_command_on_the_installed_config(unit) -> None:
    command = shlex.split(one(unit["Service"], "ExecStart"))
    assert command[0] == "/opt/ludokiosk/venv/bin/ludokiosk"
    options = dict(zip(command[1::2], command[2::2], strict=False))
    assert options["--config"] == "/etc/ludokiosk/kiosk.toml"
    assert options["--hardware"] == "/etc/ludokiosk/hardware.toml"
    assert options["--log-format"] == "journal"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_systemd_analyze_verify(tmp_path: Path) -> None:
    """systemd's own check, on a copy whose ExecStart exists on this machine."""
    text = UNIT.read_text(encoding="utf-8")
    copy = tmp_path / "ludokiosk.service"
    copy.write_text(re.sub(r"(?m)^ExecStart=.*$", "ExecStart=/bin/true", text), encoding="utf-8")
    done = subprocess.run(
        ["systemd-analyze", "verify", str(copy)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ludokiosk.service" not in done.stderr, done.stderr


# ------------------------------------------------------------------ install.sh


@pytest.mark.parametrize("script", [INSTALL, CONTAINER_TEST], ids=lambda p: p.name)
def test_scripts_parse(script: Path) -> None:
    subprocess.run(["bash", "-n", str(script)], check=True, timeout=30)
    assert os.access(script, os.X_OK)


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="no shellcheck")
@pytest.mark.parametrize("script", [INSTALL, CONTAINER_TEST], ids=lambda p: p.name)
def test_scripts_pass_shellcheck(script: Path) -> None:
    done = subprocess.run(["shellcheck", str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout


def test_container_test_drops_only_what_a_container_lacks() -> None:
    """Its drop-in changes the screen and the terminal, never the hardening."""
    text = CONTAINER_TEST.read_text(encoding="utf-8")
    dropin = text[
        text.index("# Container test only") : text.index("EOF", text.index("# Container test only"))
    ]
    keys = {line.partition("=")[0] for line in dropin.splitlines()[2:] if "=" in line}
    assert keys == {
        "Environment",
        "StandardInput",
        "TTYPath",
        "TTYReset",
        "TTYVHangup",
        "TTYVTDisallocate",
    }
    assert "Environment=SDL_VIDEODRIVER=dummy" in dropin
    done = subprocess.run(
        ["bash", str(CONTAINER_TEST), "--help"], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0 and "--uncommitted" in done.stdout


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


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A Bookworm-like tree: /boot/firmware/cmdline.txt, an owner's kiosk.toml and board."""
    base = tmp_path / "root"
    (base / "boot" / "firmware").mkdir(parents=True)
    (base / "boot" / "firmware" / "cmdline.txt").write_text(CMDLINE + "\n")
    boards = base / "etc" / "ludokiosk" / "boards"
    boards.mkdir(parents=True)
    (base / "etc" / "ludokiosk" / "kiosk.toml").write_text("# réglages du gîte\nlanguage = 'en'\n")
    (boards / "moulin.toml").write_text("# plateau modifié\n")
    return base


def test_dry_run_plans_the_install_and_changes_nothing(root: Path) -> None:
    before = tree(root)
    plan, output = dry_run(root)
    assert tree(root) == before, "--dry-run must not touch anything"
    assert plan, output

    # The user, unless this machine has one already, in the device groups that exist.
    if user_exists("ludokiosk"):
        assert not find(plan, "useradd")
    else:
        (useradd,) = find(plan, "useradd")
        assert useradd[-1] == "ludokiosk"
        assert "--system" in useradd
        assert useradd[useradd.index("--home-dir") + 1] == DATA_DIR
        assert useradd[useradd.index("--shell") + 1] == "/usr/sbin/nologin"
    planned_groups = {cmd[-2] for cmd in find(plan, "usermod", "--append", "--groups")}
    for group in GROUPS:
        if not group_exists(group):
            assert group not in planned_groups
            assert f"Group {group} does not exist on this system: skipped." in output
        elif not user_exists("ludokiosk"):
            assert group in planned_groups

    # The venv with the [pi] extra, from the copy in /opt; ExecStart runs its command.
    opt = root / "opt" / "ludokiosk"
    assert ["python3", "-m", "venv", f"{opt}/venv"] in plan
    (pip,) = [cmd for cmd in plan if cmd[1:4] == ["-m", "pip", "install"]]
    assert pip[0] == f"{opt}/venv/bin/python"
    assert pip[pip.index("--editable") + 1] == f"{opt}/src[pi]"
    (rsync,) = find(plan, "rsync")
    assert rsync[-2:] == [f"{REPO}/", f"{opt}/src/"]
    assert "--exclude=.git/" in rsync and "--exclude=.venv/" in rsync
    unit = parse_unit(UNIT.read_text(encoding="utf-8"))
    exec_start = shlex.split(one(unit["Service"], "ExecStart"))[0]
    assert f"{root}{exec_start}" == f"{opt}/venv/bin/ludokiosk"

    # Settings copied only where absent: the owners' kiosk.toml and moulin board stay.
    etc = root / "etc" / "ludokiosk"
    copied = {cmd[-1]: cmd[-2] for cmd in find(plan, "install", "-m", "0644")}
    assert copied[f"{etc}/hardware.toml"] == f"{REPO}/config/hardware.toml"
    for board in (REPO / "config" / "boards").glob("*.toml"):
        target = f"{etc}/boards/{board.name}"
        assert (target in copied) == (board.name != "moulin.toml")
    assert f"{etc}/kiosk.toml" not in copied
    assert f"Kept: {etc}/kiosk.toml (your settings)." in output

    # The unit installed, systemd reloaded, the service enabled and (re)started.
    assert copied[f"{root}/etc/systemd/system/ludokiosk.service"] == str(UNIT)
    assert ["systemctl", "daemon-reload"] in plan
    assert ["systemctl", "restart", "ludokiosk.service"] in plan
    enabled = (
        shutil.which("systemctl") is not None
        and subprocess.run(
            ["systemctl", "is-enabled", "--quiet", "ludokiosk.service"], capture_output=True
        ).returncode
        == 0
    )
    assert (["systemctl", "enable", "ludokiosk.service"] in plan) != enabled


def test_dry_run_installs_the_packages_sdl_and_the_fonts_need(root: Path) -> None:
    if shutil.which("dpkg-query") is None or shutil.which("apt-get") is None:
        pytest.skip("no apt on this machine")
    plan, _ = dry_run(root, real_apt=True)
    installs = find(plan, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install")
    planned = set(installs[0][6:]) if installs else set()
    for package in (
        "python3-venv",
        "libsdl2-2.0-0",
        "libsdl2-ttf-2.0-0",
        "libgbm1",
        "libegl1",
        "fonts-dejavu-core",
        "fonts-dejavu-extra",
        "polkitd",
    ):
        status = subprocess.run(
            ["dpkg-query", "-W", "-f=${db:Status-Abbrev}", package],
            capture_output=True,
            text=True,
        ).stdout
        assert (package in planned) != status.startswith("ii"), package


APT_CACHE_POLICY = """shift
for p in "$@"; do
  case "$p" in {unknown}) continue ;; esac
  printf '%s:\\n  Installed: (none)\\n  Candidate: 1.0-1\\n' "$p"
done"""
FRESH_DEBIAN = {  # nothing installed yet, every package known to apt
    "dpkg-query": "printf 'un '",
    "apt-cache": APT_CACHE_POLICY.format(unknown="-"),
    "apt-get": "exit 99",
}


def apt_install(plan: list[list[str]]) -> list[str]:
    (command,) = find(plan, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install")
    assert command[4:6] == ["-y", "--no-install-recommends"]
    return command[6:]


@pytest.mark.parametrize(
    ("machine", "on_a_pi"), [("x86_64", False), ("aarch64", True), ("armv7l", True)]
)
def test_the_compiler_for_rpi_gpio_only_where_the_pi_extra_installs(
    root: Path, tmp_path: Path, machine: str, on_a_pi: bool
) -> None:
    path = stubs(tmp_path, {**FRESH_DEBIAN, "uname": f"echo {machine}"})
    plan, output = dry_run(root, path=path)
    packages = apt_install(plan)
    assert {"python3-venv", "libsdl2-2.0-0", "polkitd", "rsync"} <= set(packages)
    for package in ("python3-dev", "gcc", "libc6-dev"):
        assert (package in packages) == on_a_pi, package
    # Elsewhere, what is left out is said, once for apt and once for pip.
    assert (f"Not a Pi ({machine}): no RPi.GPIO nor lgpio" in output) != on_a_pi
    assert (f"Extra [pi]: nothing to install on {machine}" in output) != on_a_pi


def test_packages_apt_does_not_know_are_skipped_and_said(root: Path, tmp_path: Path) -> None:
    unknown = APT_CACHE_POLICY.format(unknown="polkitd|gcc")
    path = stubs(tmp_path, {**FRESH_DEBIAN, "uname": "echo aarch64", "apt-cache": unknown})
    plan, output = dry_run(root, path=path)
    assert ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "update"] in plan
    packages = apt_install(plan)
    assert "polkitd" not in packages and "gcc" not in packages
    assert "libgbm1" in packages and "python3-dev" in packages
    assert "Packages apt does not know on this system, skipped: polkitd gcc" in output


def directory_mode(service: dict[str, list[str]], key: str) -> int:
    """The mode systemd gives a StateDirectory=/CacheDirectory= at each start (0755 unset)."""
    return int(service.get(key, ["0755"])[-1], 8)


def test_install_gives_the_kiosk_dirs_the_modes_systemd_gives_them(root: Path, unit) -> None:
    """Else every start and every run of install.sh change the mode back (seen in a container)."""
    plan, _ = dry_run(root)
    made = {cmd[-1]: cmd for cmd in find(plan, "install", "-d")}
    for directory, key in (
        (f"{root}{DATA_DIR}", "StateDirectoryMode"),
        (f"{root}/var/cache/ludokiosk", "CacheDirectoryMode"),
    ):
        command = made[directory]
        assert command[command.index("-o") + 1] == "ludokiosk"
        assert int(command[command.index("-m") + 1], 8) == directory_mode(unit["Service"], key)


def test_the_kiosk_may_power_off_through_a_polkit_rule(root: Path) -> None:
    """The admin screen runs `systemctl poweroff` as ludokiosk, a service without a session."""
    assert '["systemctl", "poweroff"]' in (REPO / "kiosk" / "app.py").read_text(encoding="utf-8")
    plan, output = dry_run(root)
    rule = f"{root}{POLKIT_RULE}"
    assert ["cat", ">", rule, "<<EOF"] in plan
    text = planned_text(output, rule)
    assert 'subject.user == "ludokiosk"' in text
    for action in ("power-off", "power-off-multiple-sessions"):
        assert f'action.id == "org.freedesktop.login1.{action}"' in text
    assert "polkit.Result.YES" in text
    assert "reboot" not in text, "only what the admin screen does"
    assert text.count("(") == text.count(")") and text.count("{") == text.count("}")


def run_planned_sed(plan: list[list[str]]) -> None:
    for command in find(plan, "sed"):
        subprocess.run(command, check=True, timeout=10)


def test_consoleblank_is_added_once(root: Path) -> None:
    cmdline = root / "boot" / "firmware" / "cmdline.txt"
    plan, _ = dry_run(root)
    assert ["cp", "-p", str(cmdline), f"{cmdline}.ludokiosk.bak"] in plan
    assert ["touch", f"{root}/opt/ludokiosk/.consoleblank-added"] in plan
    run_planned_sed(plan)
    assert cmdline.read_text() == CMDLINE + " consoleblank=0\n"
    again, output = dry_run(root)
    assert not find(again, "sed")
    assert "Console blanking off" not in output


def test_consoleblank_on_older_images_and_other_values(tmp_path: Path) -> None:
    old = tmp_path / "old"
    (old / "boot").mkdir(parents=True)
    (old / "boot" / "cmdline.txt").write_text(CMDLINE + " consoleblank=600 quiet\n")
    plan, _ = dry_run(old)
    (sed,) = find(plan, "sed")
    assert sed[-1] == str(old / "boot" / "cmdline.txt")
    run_planned_sed(plan)
    assert (old / "boot" / "cmdline.txt").read_text() == CMDLINE + " consoleblank=0 quiet\n"
    assert not find(plan, "touch")  # not added by us: --uninstall leaves it

    bare = tmp_path / "bare"
    bare.mkdir()
    plan, output = dry_run(bare)
    assert not find(plan, "sed")
    assert "No cmdline.txt" in output


def test_dry_run_uninstall_keeps_settings_and_data(root: Path) -> None:
    opt = root / "opt" / "ludokiosk"
    (opt / "venv" / "bin").mkdir(parents=True)
    (opt / ".consoleblank-added").touch()
    cmdline = root / "boot" / "firmware" / "cmdline.txt"
    cmdline.write_text(CMDLINE + " consoleblank=0\n")
    unit_file = root / "etc" / "systemd" / "system" / "ludokiosk.service"
    unit_file.parent.mkdir(parents=True)
    shutil.copy(UNIT, unit_file)
    link = root / "usr" / "local" / "bin" / "ludokiosk"
    link.parent.mkdir(parents=True)
    link.symlink_to(opt / "venv" / "bin" / "ludokiosk")
    rule = root / POLKIT_RULE.lstrip("/")
    rule.parent.mkdir(parents=True)
    rule.write_text("polkit.addRule(function () {});\n")
    cache = root / "var" / "cache" / "ludokiosk"
    cache.mkdir(parents=True)
    dropin = root / "etc" / "systemd" / "system" / "ludokiosk.service.d"
    dropin.mkdir()
    (dropin / "override.conf").write_text(
        "[Service]\nEnvironment=SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS=0\n"
    )
    before = tree(root)

    plan, output = dry_run(root, "--uninstall")
    assert tree(root) == before
    assert ["systemctl", "disable", "--now", "ludokiosk.service"] in plan
    assert ["rm", "-f", str(unit_file)] in plan
    assert ["systemctl", "daemon-reload"] in plan
    assert ["rm", "-f", str(link)] in plan
    assert ["rm", "-f", str(rule)] in plan
    assert ["rm", "-rf", str(opt)] in plan
    assert ["rm", "-rf", str(cache)] in plan, "a cache is not worth keeping"
    assert bool(find(plan, "userdel")) == user_exists("ludokiosk")
    assert not [
        cmd
        for cmd in find(plan, "rm")
        if any("/var/lib" in a or "/etc/ludokiosk" in a or str(dropin) in a for a in cmd)
    ]
    assert "--purge deletes them" in output
    assert f"Kept: {dropin} (your additions to the service); --purge deletes it." in output
    run_planned_sed(plan)
    assert cmdline.read_text() == CMDLINE + "\n"

    plan, _ = dry_run(root, "--uninstall", "--purge")
    (purge,) = [
        cmd for cmd in find(plan, "rm", "-rf") if str(opt) not in cmd and str(cache) not in cmd
    ]
    assert purge[2:] == [f"{root}/etc/ludokiosk", f"{root}/var/lib/ludokiosk", str(dropin)]


PASSWD_LINE = "ludokiosk:x:990:990::/var/lib/ludokiosk:/usr/sbin/nologin"
STUBS = {
    # An installed Pi, as the script's read-only checks see it.
    "getent": f"""case "$1" in
  passwd) [ "$2" = ludokiosk ] && echo "{PASSWD_LINE}" && exit 0; exit 2 ;;
  group) echo "$2:x:100:ludokiosk"; exit 0 ;;
esac
exit 2""",
    "id": 'echo "ludokiosk video render input gpio dialout audio"',
    "dpkg-query": "printf 'ii '",
    "apt-get": "exit 99",
    "systemctl": """case "$1" in
  is-enabled|is-active|cat) exit 0 ;;
  is-failed) exit 1 ;;
esac
exit 99""",
    "stat": """case "$3" in
  */var/*) echo "ludokiosk:ludokiosk 750" ;;
  *) echo "root:root 755" ;;
esac""",
    # With CHANGED_FILE set, the checkout differs from /opt/ludokiosk/src.
    "rsync": """if [ "$1" = --dry-run ] && [ -n "$CHANGED_FILE" ]; then
  echo ">f.st...... $CHANGED_FILE"
fi""",
}


def installed_pi(tmp_path: Path) -> tuple[Path, str]:
    """A root where install.sh has already run, and a PATH whose checks say so."""
    path = stubs(tmp_path, STUBS)
    base = tmp_path / "root"
    opt = base / "opt" / "ludokiosk"
    (opt / "src").mkdir(parents=True)
    (opt / "venv" / "bin").mkdir(parents=True)
    for name in ("python", "ludokiosk"):
        (opt / "venv" / "bin" / name).write_text("#!/bin/sh\n")
        (opt / "venv" / "bin" / name).chmod(0o755)
    digest = hashlib.sha256((REPO / "pyproject.toml").read_bytes()).hexdigest()
    (opt / ".installed").write_text(f"{digest} [pi]\n")
    etc = base / "etc" / "ludokiosk"
    shutil.copytree(
        REPO / "config" / "boards", etc / "boards", ignore=shutil.ignore_patterns("*.md")
    )
    for name in ("kiosk.toml", "hardware.toml"):
        shutil.copy(REPO / "config" / name, etc / name)
    (base / "var" / "lib" / "ludokiosk").mkdir(parents=True)
    (base / "var" / "cache" / "ludokiosk").mkdir(parents=True)
    (base / "boot" / "firmware").mkdir(parents=True)
    (base / "boot" / "firmware" / "cmdline.txt").write_text(CMDLINE + " consoleblank=0\n")
    unit_dir = base / "etc" / "systemd" / "system"
    unit_dir.mkdir(parents=True)
    shutil.copy(UNIT, unit_dir / "ludokiosk.service")
    (base / "usr" / "local" / "bin").mkdir(parents=True)
    (base / "usr" / "local" / "bin" / "ludokiosk").symlink_to(opt / "venv" / "bin" / "ludokiosk")
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    _, output = dry_run(fresh)
    rule = base / POLKIT_RULE.lstrip("/")
    rule.parent.mkdir(parents=True)
    rule.write_text(planned_text(output, f"{fresh}{POLKIT_RULE}") + "\n")
    return base, path


def test_a_second_run_changes_nothing(tmp_path: Path) -> None:
    base, path = installed_pi(tmp_path)
    plan, output = dry_run(base, path=path)
    assert plan == [], output
    assert "The kiosk is already running, nothing changed." in output


def test_an_update_copies_the_code_and_restarts(tmp_path: Path, monkeypatch) -> None:
    """After `git pull`, re-running copies the checkout, compiles it and restarts."""
    base, path = installed_pi(tmp_path)
    monkeypatch.setenv("CHANGED_FILE", "kiosk/app.py")
    plan, _ = dry_run(base, path=path)
    assert [cmd[0] for cmd in plan] == [
        "rsync",
        f"{base}/opt/ludokiosk/venv/bin/python",
        "systemctl",
    ]
    assert plan[1][1:3] == ["-m", "compileall"]
    assert plan[2] == ["systemctl", "restart", "ludokiosk.service"]


def test_help_and_bad_options() -> None:
    done = subprocess.run(
        ["bash", str(INSTALL), "--help"], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0
    for option in ("--dry-run", "--uninstall", "--purge"):
        assert option in done.stdout
    for args, message in (
        (["--bogus"], "unknown option: --bogus"),
        (["--purge"], "--purge only goes with --uninstall"),
    ):
        done = subprocess.run(
            ["bash", str(INSTALL), *args], capture_output=True, text=True, timeout=30
        )
        assert done.returncode == 1
        assert message in done.stderr
