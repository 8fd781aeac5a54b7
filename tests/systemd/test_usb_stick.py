"""USB sticks for the export: the udev rule, ludokiosk-stick@.service, its script, their install.

The real mount (a loop-device stick started as the rule would, exported onto
from inside the kiosk's sandbox) is systemd/container-test.sh's `stick`
check; here: what install.sh plans, and what the three files say.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

from kiosk import usb_export
from tests.systemd.deployment import (
    MEDIA_DIR,
    STICK_RULE,
    STICK_SCRIPT,
    STICK_UNIT,
    UNIT,
    dry_run,
    find,
    one,
    parse_unit,
)


def rule_lines() -> list[str]:
    lines = STICK_RULE.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def test_the_rule_starts_the_mount_for_usb_file_systems_and_stops_it_when_gone() -> None:
    lines = rule_lines()
    assert lines[0] == 'SUBSYSTEM!="block", GOTO="ludokiosk_stick_end"'
    assert lines[1] == 'ENV{ID_BUS}!="usb", GOTO="ludokiosk_stick_end"'
    assert lines[-1] == 'LABEL="ludokiosk_stick_end"'
    (add,) = [line for line in lines if line.startswith('ACTION=="add"')]
    assert 'ENV{ID_FS_USAGE}=="filesystem"' in add and 'TAG+="systemd"' in add
    assert 'ENV{SYSTEMD_WANTS}+="ludokiosk-stick@%k.service"' in add
    (remove,) = [line for line in lines if line.startswith('ACTION=="remove"')]
    command = shlex.split(re.search(r'RUN\+="([^"]*)"', remove).group(1))  # type: ignore[union-attr]
    assert command == ["/usr/bin/systemctl", "--no-block", "stop", "ludokiosk-stick@%k.service"]
    # After 60-persistent-storage.rules, which sets ID_BUS and ID_FS_USAGE.
    assert int(STICK_RULE.name.split("-")[0]) > 60


def test_the_mount_unit_runs_the_script_in_the_systems_own_mount_namespace() -> None:
    unit = parse_unit(STICK_UNIT.read_text(encoding="utf-8"))
    service = unit["Service"]
    assert one(service, "Type") == "oneshot" and one(service, "RemainAfterExit") == "yes"
    script = f"/opt/ludokiosk/src/systemd/{STICK_SCRIPT.name}"
    assert shlex.split(one(service, "ExecStart")) == [script, "mount", "%i"]
    assert shlex.split(one(service, "ExecStop")) == [script, "unmount", "%i"]
    assert os.access(STICK_SCRIPT, os.X_OK)
    # Anything giving the unit its own mount namespace would keep the mount there.
    for key in (
        "ProtectSystem", "ProtectHome", "PrivateTmp", "PrivateDevices", "PrivateMounts",
        "PrivateUsers", "PrivateNetwork", "ReadWritePaths", "ReadOnlyPaths", "InaccessiblePaths",
        "TemporaryFileSystem", "BindPaths", "MountFlags", "ProtectKernelTunables",
        "ProtectControlGroups", "ProtectKernelModules", "ProtectProc", "RootDirectory",
    ):
        assert key not in service, f"{key}= would hide the mount from the kiosk"
    assert one(service, "CapabilityBoundingSet") == "CAP_SYS_ADMIN"
    # No BindsTo=dev-%i.device: it must start by hand where there is no udev.
    assert "BindsTo" not in unit["Unit"]


def test_sticks_are_mounted_where_the_kiosk_looks_and_may_write() -> None:
    text = STICK_SCRIPT.read_text(encoding="utf-8")
    assert f"readonly MEDIA_DIR={MEDIA_DIR}\n" in text
    target = Path(MEDIA_DIR) / "sda1"
    assert target.parent.parent == usb_export.MEDIA, "usb_sticks() looks at /media/*/*"
    service = parse_unit(UNIT.read_text(encoding="utf-8"))["Service"]
    writable = [p for v in service["ReadWritePaths"] for p in v.split()]
    assert f"-{MEDIA_DIR}" in writable, "a stick mounted before the kiosk starts stays writable"
    for kind, options in (("vfat", "uid=$uid,gid=$gid,umask=0077"), ("exfat", "uid=$uid,gid=$gid")):
        assert re.search(rf"{kind}.*\n(.*\n)*?.*{re.escape(options)}", text), kind
    assert "readonly COMMON_OPTIONS=nosuid,nodev,noexec,noatime" in text


def run_script(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(STICK_SCRIPT), *args], capture_output=True, text=True, timeout=30
    )


def test_the_script_refuses_anything_but_a_device_name() -> None:
    for args in ((), ("mount",), ("eject", "sda1"), ("mount", "sda1", "extra")):
        done = run_script(*args)
        assert done.returncode == 2 and "Usage" in done.stderr, args
    for name in ("../etc", "sda1/..", "/dev/sda1", "-rf", "", "sda 1"):
        done = run_script("mount", name)
        assert done.returncode == 2, name
        assert "device name refused" in done.stderr, (name, done.stderr)


def test_the_script_mounts_nothing_that_is_not_a_block_device() -> None:
    if os.geteuid() != 0:
        done = run_script("mount", "sda1")
        assert done.returncode == 1 and "root is needed" in done.stderr
        return
    done = run_script("mount", "ludokiosk-no-such-device")
    assert done.returncode == 1
    assert "/dev/ludokiosk-no-such-device is not a block device" in done.stderr
    assert not Path(MEDIA_DIR, "ludokiosk-no-such-device").exists()


def test_install_plans_the_stick_mounting(root: Path) -> None:
    plan, output = dry_run(root)
    media = f"{root}{MEDIA_DIR}"
    assert ["install", "-d", "-m", "0755", "-o", "root", "-g", "root", media] in plan
    installed = {cmd[-1]: cmd[-2] for cmd in find(plan, "install", "-m", "0644")}
    assert installed[f"{root}/etc/systemd/system/{STICK_UNIT.name}"] == str(STICK_UNIT)
    assert installed[f"{root}/etc/udev/rules.d/{STICK_RULE.name}"] == str(STICK_RULE)
    assert f"USB sticks: mounted under {media} for the export" in output
