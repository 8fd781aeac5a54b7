"""install.sh's plan on a fresh machine (--dry-run), its options, and both scripts' syntax."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.systemd.deployment import (
    ARM64_TESTS,
    CMDLINE,
    CONTAINER_TEST,
    DATA_DIR,
    GROUPS,
    INSTALL,
    POLKIT_RULE,
    REPO,
    STICK_SCRIPT,
    UNIT,
    dry_run,
    find,
    group_exists,
    one,
    parse_unit,
    planned_text,
    run_planned_sed,
    stubs,
    tree,
    user_exists,
)

# ------------------------------------------------------------------ install.sh


SCRIPTS = [INSTALL, CONTAINER_TEST, ARM64_TESTS, STICK_SCRIPT]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_scripts_parse(script: Path) -> None:
    subprocess.run(["bash", "-n", str(script)], check=True, timeout=30)
    assert os.access(script, os.X_OK)


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="no shellcheck")
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
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


def test_container_test_under_emulation_drops_only_the_user_namespace() -> None:
    """Under qemu-user, one more drop-in: PrivateUsers=no, and nothing else."""
    text = CONTAINER_TEST.read_text(encoding="utf-8")
    start = text.index("# Container test under emulation only")
    dropin = text[start : text.index("EOF", start)]
    lines = [line for line in dropin.splitlines() if "=" in line and not line.startswith("#")]
    assert lines == ["PrivateUsers=no"]
    # Written by the probe that found no user namespace, not by the architecture's name.
    probe = text[text.index("probe_userns() {") : start]
    assert "unshare --user true" in probe and "&& return 0" in probe


def test_container_test_takes_the_host_architecture_or_arm64() -> None:
    done = subprocess.run(
        ["bash", str(CONTAINER_TEST), "--arch", "riscv64", "--base-only"],
        capture_output=True, text=True, timeout=30,
    )
    assert done.returncode == 2
    assert "unsupported architecture: riscv64" in done.stderr
    help_text = subprocess.run(
        ["bash", str(CONTAINER_TEST), "--help"], capture_output=True, text=True, timeout=30
    ).stdout
    assert "--arch ARCH" in help_text and "qemu-user-static" in help_text


def test_arm64_tests_takes_pytest_arguments() -> None:
    done = subprocess.run(
        ["bash", str(ARM64_TESTS), "--help"], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0
    assert "-- ARGUMENTS-PYTEST" in done.stdout and "--no-tour" in done.stdout


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

    # Settings copied only where absent (root:ludokiosk 0640: they hold the admin
    # PIN); the owners' kiosk.toml and moulin board stay, their mode put right.
    etc = root / "etc" / "ludokiosk"
    copied = {cmd[-1]: cmd for cmd in find(plan, "install", "-m", "0640")}
    assert copied[f"{etc}/hardware.toml"][-2] == f"{REPO}/config/hardware.toml"
    for command in copied.values():
        assert command[3:7] == ["-o", "root", "-g", "ludokiosk"], command
    for board in (REPO / "config" / "boards").glob("*.toml"):
        target = f"{etc}/boards/{board.name}"
        assert (target in copied) == (board.name != "moulin.toml")
    assert f"{etc}/kiosk.toml" not in copied
    assert f"Kept: {etc}/kiosk.toml (your settings)." in output
    for kept in (etc / "kiosk.toml", etc / "boards" / "moulin.toml"):
        assert ["chown", "root:ludokiosk", str(kept)] in plan
        assert ["chmod", "640", str(kept)] in plan
        assert not [cmd for cmd in plan if str(kept) in cmd and cmd[0] not in ("chown", "chmod")]

    # The unit installed, systemd reloaded, the service enabled and (re)started.
    units = {cmd[-1]: cmd[-2] for cmd in find(plan, "install", "-m", "0644")}
    assert units[f"{root}/etc/systemd/system/ludokiosk.service"] == str(UNIT)
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
        "libglib2.0-0",
        "libx11-6",
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
