"""install.sh --uninstall [--purge], and run again on an installed Pi: nothing, or an update."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from tests.systemd.deployment import (
    CMDLINE,
    MEDIA_DIR,
    POLKIT_RULE,
    REPO,
    STICK_RULE,
    STICK_UNIT,
    UNIT,
    dry_run,
    find,
    planned_text,
    run_planned_sed,
    stubs,
    tree,
    user_exists,
)


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
    stick_unit = unit_file.parent / STICK_UNIT.name
    shutil.copy(STICK_UNIT, stick_unit)
    stick_rule = root / "etc" / "udev" / "rules.d" / STICK_RULE.name
    stick_rule.parent.mkdir(parents=True)
    shutil.copy(STICK_RULE, stick_rule)
    media = root / MEDIA_DIR.lstrip("/")
    media.mkdir(parents=True)
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
    assert ["rm", "-f", str(stick_unit)] in plan
    assert ["rm", "-f", str(stick_rule)] in plan
    assert ["rmdir", str(media)] in plan, "an empty mount folder goes"
    assert plan.index(["rm", "-f", str(stick_unit)]) < plan.index(["rm", "-rf", str(opt)]), (
        "the units are gone before the script they run"
    )
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
  */etc/ludokiosk/*.toml) echo "root:ludokiosk ${STAT_CONFIG_MODE:-640}" ;;
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
    shutil.copy(STICK_UNIT, unit_dir / STICK_UNIT.name)
    (base / "etc" / "udev" / "rules.d").mkdir(parents=True)
    shutil.copy(STICK_RULE, base / "etc" / "udev" / "rules.d" / STICK_RULE.name)
    (base / MEDIA_DIR.lstrip("/")).mkdir(parents=True)
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


def test_a_second_run_gives_older_settings_their_mode_and_nothing_else(
    tmp_path: Path, monkeypatch
) -> None:
    """Settings installed 0644 root:root by an older install.sh: chown and chmod only."""
    base, path = installed_pi(tmp_path)
    monkeypatch.setenv("STAT_CONFIG_MODE", "644")
    before = tree(base)
    plan, output = dry_run(base, path=path)
    assert tree(base) == before
    etc = base / "etc" / "ludokiosk"
    files = sorted(str(p) for p in etc.rglob("*.toml"))
    assert sorted(cmd[-1] for cmd in find(plan, "chown", "root:ludokiosk")) == files
    assert sorted(cmd[-1] for cmd in find(plan, "chmod", "640")) == files
    assert {cmd[0] for cmd in plan} == {"chown", "chmod"}, "no copy, no restart"
    assert "(content unchanged)" in output
