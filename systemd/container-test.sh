#!/usr/bin/env bash
# Essaie systemd/install.sh pour de vrai, dans un Debian Bookworm démarré par systemd (conteneur).
# Tries systemd/install.sh for real, in a Debian Bookworm booted with systemd (a container).
#
#   sudo ./systemd/container-test.sh [--arch arm64] [--uncommitted] [--keep] [CACHE_DIR]
#
# Builds a minimal Bookworm once (debootstrap, kept in CACHE_DIR, /var/tmp by
# default), boots a fresh copy of it with systemd-nspawn, installs the kiosk
# there from a clean clone of this checkout as a Pi owner would (sudo
# ./systemd/install.sh), checks the service under its real unit and its
# sandbox, mounts a loop-device USB stick the way the udev rule would and
# exports onto it from inside the running kiosk, runs the script again,
# uninstalls, purges, and prints one line per check. Exits 1 when a check
# fails. Needs root, debootstrap, systemd-container, losetup, dosfstools (or
# e2fsprogs), the Debian mirror and PyPI; a few minutes. Not part of
# `make test`. See docs/install.md.
#
# --arch arm64 does the same in the Pi's own userland (a Pi 4 or 5 runs
# Bookworm arm64) on a machine of another kind: the base is debootstrapped for
# arm64 and every arm64 program, systemd included, runs through qemu-user-static
# (binfmt_misc, flags F and C). Its base is kept apart from the host's; its
# waits are longer (emulation is 5 to 20 times slower), the host's unchanged.

set -euo pipefail

readonly SUITE=bookworm
readonly MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
# A Raspberry Pi OS Lite has these too (libpam-systemd: logind sessions, as on the Pi).
readonly BASE_PACKAGES=systemd,systemd-sysv,dbus,libpam-systemd,python3,python3-venv,python3-pip,git,ca-certificates,sudo
readonly MACHINE_NAME=ludokiosk-test
readonly OWNER=pi
readonly KIOSK_USER=ludokiosk
readonly SERVICE=ludokiosk.service
readonly GROUPS_WANTED=(video render input gpio dialout audio)
readonly DROPIN=/etc/systemd/system/ludokiosk.service.d/container-test.conf
readonly DATABASE=/var/lib/ludokiosk/ludokiosk.sqlite3
readonly VENV_PYTHON=/opt/ludokiosk/venv/bin/python
readonly PATH_INSIDE=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
readonly EXPOSURE_MAX=3.5
readonly MEDIA_DIR=/media/ludokiosk
# What the export screen writes at 2026-05-03 14:25:01, and the next names.
readonly EXPORT_NAME=ludokiosk-20260503-142501

CHECKOUT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly CHECKOUT

UNCOMMITTED=0
KEEP=0
BASE_ONLY=0
ARCH=""
CACHE_DIR=/var/tmp/ludokiosk-container

usage() {
    cat <<'EOF'
Usage : sudo systemd/container-test.sh [--arch ARCH] [--uncommitted] [--keep] [DOSSIER]

Installe la borne pour de vrai dans un Debian Bookworm démarré par systemd
(systemd-nspawn), depuis un clone propre de ce dépôt, vérifie le service sous
sa vraie unité (prêt, journal, base SQLite, kill -9, chien de garde, arrêt,
bac à sable, exposition), monte une clé USB (un périphérique loop) comme la
règle udev le ferait et y exporte depuis le bac à sable de la borne, relance
install.sh, désinstalle, purge ; une ligne par vérification, code 1
si l'une échoue. Le système de base est construit une fois dans DOSSIER
(/var/tmp/ludokiosk-container par défaut) puis réutilisé.

Installs the kiosk for real in a Debian Bookworm booted with systemd
(systemd-nspawn), from a clean clone of this checkout, checks the service
under its real unit (ready, journal, SQLite records, kill -9, watchdog,
stop, sandbox, exposure), mounts a loop-device USB stick as the udev rule
would and exports onto it from inside the kiosk's sandbox, runs install.sh
again, uninstalls, purges; one line per check, exit code 1 when one fails. The base system is built once in DIR
(/var/tmp/ludokiosk-container by default) and reused.

Options:
  --arch ARCH    le système du conteneur : celui de cette machine (par défaut)
                 ou arm64, celui d'un Pi 4/5, émulé par qemu-user-static
                 the container's system: this machine's (default) or arm64,
                 a Pi 4/5's, emulated by qemu-user-static
  --uncommitted  ajoute au clone les changements non validés des fichiers suivis
                 adds the uncommitted changes of tracked files to the clone
  --keep         garde l'arborescence du conteneur (DOSSIER/machine, machine-arm64) à la fin
                 keeps the container's tree (DIR/machine, machine-arm64) at the end
  --base-only    construit le système de base s'il manque, puis s'arrête
                 builds the base system if it is missing, then stops
  -h, --help     cette aide / this help

Needs: root, debootstrap, systemd-container (systemd-nspawn), git, losetup,
dosfstools (e2fsprogs where the kernel has no FAT), the Debian mirror and PyPI;
with --arch arm64 on another machine, qemu-user-static and binfmt-support, the
aarch64 handler registered in binfmt_misc with the flags F and C. Guide:
docs/install.md (Essai dans un conteneur).
EOF
}

say() {  # say FRENCH ENGLISH
    printf '==> %s\n    %s\n' "$1" "$2"
}

die() {
    printf 'container-test: erreur : %s\n                error: %s\n' "$1" "$2" >&2
    exit 2
}

while (($#)); do
    case "$1" in
        --uncommitted) UNCOMMITTED=1 ;;
        --keep) KEEP=1 ;;
        --base-only) BASE_ONLY=1 ;;
        --arch)
            (($# >= 2)) || die "--arch attend une architecture (arm64)" "--arch needs an architecture (arm64)"
            ARCH="$2"
            shift
            ;;
        --arch=*) ARCH="${1#--arch=}" ;;
        -h | --help)
            usage
            exit 0
            ;;
        -*)
            usage >&2
            die "option inconnue : $1" "unknown option: $1"
            ;;
        *) CACHE_DIR="$1" ;;
    esac
    shift
done

host_arch() {  # this machine's Debian architecture
    if command -v dpkg >/dev/null 2>&1; then
        dpkg --print-architecture
    else
        case "$(uname -m)" in
            x86_64) echo amd64 ;;
            aarch64) echo arm64 ;;
            armv7l) echo armhf ;;
            *) uname -m ;;
        esac
    fi
}

HOST_ARCH="$(host_arch)"
readonly HOST_ARCH
ARCH="${ARCH:-$HOST_ARCH}"
readonly ARCH
# The name qemu and binfmt_misc give the architecture.
case "$ARCH" in
    "$HOST_ARCH") QEMU_NAME="" ;;
    arm64) QEMU_NAME=aarch64 ;;
    *) die "architecture non prise en charge : $ARCH (celle de cette machine, $HOST_ARCH, ou arm64)" \
        "unsupported architecture: $ARCH (this machine's, $HOST_ARCH, or arm64)" ;;
esac
readonly QEMU_NAME
# Another architecture than the host's: everything in the container is
# emulated. SLOW scales every wait of this script (5 to 20 times slower
# there); the service's own timeouts are the unit's, as on a Pi.
if [[ -n "$QEMU_NAME" ]]; then
    readonly EMULATED=1 SLOW=10 SUFFIX="-$ARCH"
else
    readonly EMULATED=0 SLOW=1 SUFFIX=""
fi

CACHE_DIR="$(realpath -m "$CACHE_DIR")"
readonly CACHE_DIR
# The host's architecture keeps the names it always had; another one has its own.
readonly BASE="$CACHE_DIR/$SUITE$SUFFIX-base"
readonly BASE_MARK="$SUITE$SUFFIX $BASE_PACKAGES"
readonly MACHINE="$CACHE_DIR/machine$SUFFIX"
readonly LOGS="$CACHE_DIR/logs$SUFFIX"
readonly STICK_IMAGES=("$CACHE_DIR/stick$SUFFIX.img" "$CACHE_DIR/stick-ro$SUFFIX.img")
readonly CGROUP_NAME="ludokiosk-container-test$SUFFIX"
readonly NSPAWN_NAME="$MACHINE_NAME$SUFFIX"

((EUID == 0)) || die "lancez-le avec sudo : sudo $0" "run it with sudo: sudo $0"
for command in debootstrap systemd-nspawn nsenter git realpath losetup mkfs.vfat; do
    command -v "$command" >/dev/null 2>&1 ||
        die "$command introuvable : sudo apt-get install debootstrap systemd-container git dosfstools" \
            "$command not found: sudo apt-get install debootstrap systemd-container git dosfstools"
done

lacking() {  # lacking FRENCH ENGLISH: one missing prerequisite and how to get it
    printf '!!  %s\n    %s\n' "$1" "$2" >&2
    LACKING=1
}

binfmt_register_line() {  # HANDLER FLAGS: the line that registers HANDLER again with FLAGS
    # magic and mask as binfmt_misc shows them (hex), written back as \xHH.
    printf ':%s:M:%s:%s:%s:%s:%s' "${1##*/}" "$(sed -n 's/^offset //p' "$1")" \
        "$(sed -n 's/^magic //p' "$1" | sed 's/../\\x&/g')" "$(sed -n 's/^mask //p' "$1" | sed 's/../\\x&/g')" \
        "$(sed -n 's/^interpreter //p' "$1")" "$2"
}

check_emulation() {
    # Every arm64 program of the container, its systemd first, is started by
    # the kernel through binfmt_misc's handler for it, qemu-user-static's, with
    # two flags: F, the emulator opened once, at registration, so that it runs
    # inside the container's own root, where it is not; C, the credentials
    # taken from the program and not from the emulator, so that a set-user-ID
    # program such as sudo works (the Pi's owner runs sudo ./systemd/install.sh).
    # Debian registers F without C: the message gives the two lines that add it.
    local handler="/proc/sys/fs/binfmt_misc/qemu-$QEMU_NAME" flags=""
    LACKING=0
    command -v "qemu-$QEMU_NAME-static" >/dev/null 2>&1 ||
        lacking "qemu-$QEMU_NAME-static introuvable : sudo apt-get install qemu-user-static binfmt-support" \
            "qemu-$QEMU_NAME-static not found: sudo apt-get install qemu-user-static binfmt-support"
    if [[ ! -e /proc/sys/fs/binfmt_misc/status ]]; then
        lacking "binfmt_misc n'est pas monté : sudo mount binfmt_misc -t binfmt_misc /proc/sys/fs/binfmt_misc" \
            "binfmt_misc is not mounted: sudo mount binfmt_misc -t binfmt_misc /proc/sys/fs/binfmt_misc"
    elif [[ ! -e "$handler" ]]; then
        lacking "aucun gestionnaire qemu-$QEMU_NAME dans binfmt_misc : sudo update-binfmts --enable qemu-$QEMU_NAME (binfmt-support ; sous systemd : sudo systemctl restart systemd-binfmt)" \
            "no qemu-$QEMU_NAME handler in binfmt_misc: sudo update-binfmts --enable qemu-$QEMU_NAME (binfmt-support; under systemd: sudo systemctl restart systemd-binfmt)"
    elif ! grep -qx enabled "$handler"; then
        lacking "$handler est désactivé : sudo update-binfmts --enable qemu-$QEMU_NAME" \
            "$handler is disabled: sudo update-binfmts --enable qemu-$QEMU_NAME"
    else
        flags="$(sed -n 's/^flags: *//p' "$handler")"
        if [[ "$flags" != *F* || "$flags" != *C* ]]; then
            local wanted="${flags//[OCF]/}OCF"
            lacking "$handler a les drapeaux « $flags », il faut F (l'émulateur trouvé dans le conteneur) et C (sudo y marche) ; jusqu'au prochain démarrage :" \
                "$handler has the flags \"$flags\", F (the emulator found in the container) and C (sudo works there) are needed; until the next boot:"
            printf "      echo -1 | sudo tee %s\n      echo '%s' | sudo tee /proc/sys/fs/binfmt_misc/register\n" \
                "$handler" "$(binfmt_register_line "$handler" "$wanted")" >&2
        fi
    fi
    ((!LACKING)) || die "il manque de quoi émuler $ARCH (ci-dessus)" "what emulates $ARCH is missing (above)"
    say "$ARCH émulé sur $HOST_ARCH par $(sed -n 's/^interpreter //p' "$handler") (flags: $flags) ; attentes × $SLOW" \
        "$ARCH emulated on $HOST_ARCH by $(sed -n 's/^interpreter //p' "$handler") (flags: $flags); waits × $SLOW"
}

if ((EMULATED)); then
    check_emulation
fi

# ---------------------------------------------------------------- results

OKS=0
FAILS=0
LOG="$LOGS/checks.log"

record() {  # record ok|FAIL NAME DETAIL
    printf '%-5s %-16s %s\n' "$1" "$2" "$3"
    printf '%s %s %s\n' "$1" "$2" "$3" >>"$LOG"
    if [[ "$1" == ok ]]; then
        OKS=$((OKS + 1))
    else
        FAILS=$((FAILS + 1))
    fi
}

verdict() {  # verdict NAME DETAIL PROBLEMS: ok when PROBLEMS is empty
    if [[ -z "$3" ]]; then
        record ok "$1" "$2"
    else
        record FAIL "$1" "$2 — $3"
    fi
}

elapsed() {  # elapsed START: seconds since START (date +%s.%N), one decimal
    awk -v start="$1" -v now="$(date +%s.%N)" 'BEGIN { printf "%.1f", now - start }'
}

# ---------------------------------------------------------------- the machine

NSPAWN_PID=""
LEADER=""
CGROUP_DIRS=()
STICK_FS=""
STICK_WHY=""
STICK_LOOP=""
RO_LOOP=""
STICK_DIR=""
RO_DIR=""

inside() {  # inside COMMAND...: run in the container, as root, with a clean environment
    nsenter -t "$LEADER" -a -- env -i PATH="$PATH_INSIDE" HOME=/root LANG=C.UTF-8 "$@"
}

as_owner() {  # as_owner SHELL-COMMAND: run by the Pi's owner, from a login shell
    inside su - "$OWNER" -c "$1"
}

as_kiosk() {  # as_kiosk COMMAND...: run as the kiosk's user, from /tmp
    inside runuser -u "$KIOSK_USER" -- sh -c 'cd /tmp && exec "$@"' sh "$@"
}

prop() {  # prop NAME: one property of the kiosk's unit
    inside systemctl show -p "$1" --value "$SERVICE"
}

wait_for() {  # wait_for SECONDS COMMAND...: until COMMAND succeeds; 1 if it never did
    # SECONDS as on this machine's own architecture, times SLOW under emulation.
    local deadline=$((SECONDS + $1 * SLOW))
    shift
    until "$@" >/dev/null 2>&1; do
        ((SECONDS < deadline)) || return 1
        sleep 0.5
    done
}

build_base() {
    local marker="$BASE/.ludokiosk-base"
    if [[ -f "$marker" && "$(cat "$marker")" == "$BASE_MARK" ]]; then
        say "Système de base réutilisé : $BASE ($ARCH)" "Reusing the base system: $BASE ($ARCH)"
        return 0
    fi
    say "Construction du système de base $ARCH (debootstrap, quelques minutes$(
        ((EMULATED)) && printf ', émulé : plus')) : $BASE" \
        "Building the $ARCH base system (debootstrap, a few minutes$(
            ((EMULATED)) && printf ', emulated: more')): $BASE"
    rm -rf "$BASE"
    local start
    start="$(date +%s.%N)"
    # Another architecture in one go: its maintainer scripts (the second stage)
    # run in the new root through binfmt_misc, as the container will.
    if ! debootstrap --arch="$ARCH" --variant=minbase --include="$BASE_PACKAGES" "$SUITE" "$BASE" "$MIRROR" \
        >"$LOGS/debootstrap.log" 2>&1; then
        tail -n 20 "$LOGS/debootstrap.log" >&2
        die "debootstrap a échoué ($LOGS/debootstrap.log)" "debootstrap failed ($LOGS/debootstrap.log)"
    fi
    printf '%s\n' "$BASE_MARK" >"$marker"
    local took
    took="$(elapsed "$start")"
    printf 'base %s %s s %s\n' "$ARCH" "$took" "$(du -sh "$BASE" | cut -f1)" >>"$LOG"
    say "Système de base prêt en $took s ($(du -sh "$BASE" | cut -f1), $(chroot "$BASE" uname -m))." \
        "Base system ready in $took s ($(du -sh "$BASE" | cut -f1), $(chroot "$BASE" uname -m))."
}

prepare_machine() {
    say "Copie neuve du système : $MACHINE" "Fresh copy of the system: $MACHINE"
    rm -rf "$MACHINE"
    cp -a --reflink=auto "$BASE" "$MACHINE"
    rm -f "$MACHINE/.ludokiosk-base"
    printf '%s\n' "$NSPAWN_NAME" >"$MACHINE/etc/hostname"
    printf '127.0.0.1 localhost\n127.0.1.1 %s\n' "$NSPAWN_NAME" >"$MACHINE/etc/hosts"
    # A network that inspects TLS gives its certificate authority to the host:
    # the container trusts the same ones (apt, pip).
    if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
        cp /usr/local/share/ca-certificates/*.crt "$MACHINE/usr/local/share/ca-certificates/"
        chroot "$MACHINE" update-ca-certificates >>"$LOGS/prepare.log" 2>&1
    fi
    # The Pi's owner, as Raspberry Pi Imager creates it: in sudo, no password asked.
    # No screen and no tty1 in a container: for this test only, SDL's dummy
    # driver and no terminal, in place before the first install starts the
    # kiosk. Everything else is the real unit.
    mkdir -p "$MACHINE${DROPIN%/*}"
    cat >"$MACHINE$DROPIN" <<'EOF'
# Container test only: no screen, no tty1.
[Service]
Environment=SDL_VIDEODRIVER=dummy
StandardInput=null
TTYPath=
TTYReset=no
TTYVHangup=no
TTYVTDisallocate=no
EOF
    chroot "$MACHINE" useradd --create-home --shell /bin/bash --groups sudo "$OWNER"
    chmod 0700 "$MACHINE/home/$OWNER"  # as adduser makes it on Bookworm
    printf '%s ALL=(ALL) NOPASSWD: ALL\n' "$OWNER" >"$MACHINE/etc/sudoers.d/010_$OWNER-nopasswd"
    chmod 0440 "$MACHINE/etc/sudoers.d/010_$OWNER-nopasswd"

    local clone="$MACHINE/home/$OWNER/ludokiosk"
    git -c safe.directory="$CHECKOUT" clone --quiet --no-hardlinks "$CHECKOUT" "$clone"
    if ((UNCOMMITTED)); then
        local patch="$LOGS/uncommitted.patch"
        git -c safe.directory="$CHECKOUT" -C "$CHECKOUT" diff --binary HEAD >"$patch"
        if [[ -s "$patch" ]]; then
            git -C "$clone" apply --whitespace=nowarn "$patch"
            say "Changements non validés ajoutés au clone ($patch)." \
                "Uncommitted changes added to the clone ($patch)."
        fi
    fi
    local head
    head="$(git -C "$clone" log -1 --format='%h %s')"
    chroot "$MACHINE" chown -R "$OWNER:$OWNER" "/home/$OWNER/ludokiosk"
    say "Clone : $head" "Clone: $head"
}

kernel_has() {  # kernel_has FS: this kernel mounts FS (loading its module if need be)
    grep -qw "$1" /proc/filesystems || { modprobe -q "$1" 2>/dev/null && grep -qw "$1" /proc/filesystems; }
}

make_sticks() {
    # Two 16 MiB images on loop devices, as USB sticks: one to write, one
    # attached read-only (a write-protected stick). FAT as a stick comes,
    # unless this kernel has no FAT driver: then ext4 with an open top
    # folder (the container shares the host's kernel).
    local image
    if kernel_has vfat; then
        STICK_FS=vfat
    elif command -v mkfs.ext4 >/dev/null && command -v debugfs >/dev/null && kernel_has ext4; then
        STICK_FS=ext4
        STICK_WHY="pas de FAT dans ce noyau / no FAT in this kernel"
    else
        die "ce noyau ne monte ni FAT ni ext4" "this kernel mounts neither FAT nor ext4"
    fi
    for image in "${STICK_IMAGES[@]}"; do
        rm -f "$image"
        truncate -s 16M "$image"
        if [[ "$STICK_FS" == vfat ]]; then
            mkfs.vfat -n CLE "$image" >>"$LOGS/prepare.log"
        else
            mkfs.ext4 -q -L CLE "$image"
            debugfs -w -R "set_inode_field / mode 041777" "$image" >>"$LOGS/prepare.log" 2>&1
        fi
    done
    STICK_LOOP="$(losetup --find --show "${STICK_IMAGES[0]}")"
    RO_LOOP="$(losetup --find --show --read-only "${STICK_IMAGES[1]}")"
    say "Clés USB : $STICK_LOOP et $RO_LOOP (lecture seule), $STICK_FS." \
        "USB sticks: $STICK_LOOP and $RO_LOOP (read-only), $STICK_FS."
}

detach_sticks() {
    local loop
    for loop in "$STICK_LOOP" "$RO_LOOP"; do
        if [[ -n "$loop" ]] && losetup "$loop" >/dev/null 2>&1; then
            losetup -d "$loop" 2>/dev/null || true
        fi
    done
    STICK_LOOP=""
    RO_LOOP=""
}

cgroup_roots() {  # the cgroup hierarchies a process is placed in, one per line
    if [[ -d /sys/fs/cgroup/unified ]]; then
        printf '%s\n' /sys/fs/cgroup/systemd /sys/fs/cgroup/unified
    elif [[ "$(stat -fc %T /sys/fs/cgroup)" == cgroup2fs ]]; then
        printf '%s\n' /sys/fs/cgroup
    else
        printf '%s\n' /sys/fs/cgroup/systemd
    fi
}

own_cgroup() {
    # Without systemd on the host, nothing gives the container a cgroup of its
    # own: this shell moves into a new one, which nspawn then keeps.
    local dir
    for dir in "${CGROUP_DIRS[@]}"; do
        mkdir -p "$dir"
        printf '%s\n' "$BASHPID" >"$dir/cgroup.procs"
    done
}

boot_machine() {
    say "Démarrage du conteneur (systemd-nspawn --boot)." "Booting the container (systemd-nspawn --boot)."
    local options=(--quiet --boot --directory="$MACHINE" --machine="$NSPAWN_NAME" --console=pipe
        "--bind=$STICK_LOOP" "--bind=$RO_LOOP")
    if [[ -d /run/systemd/system ]]; then
        # The container's scope lets it use the two sticks (its device list).
        options+=("--property=DeviceAllow=$STICK_LOOP rw" "--property=DeviceAllow=$RO_LOOP r")
        systemd-nspawn "${options[@]}" </dev/null >"$LOGS/nspawn.log" 2>&1 &
    else
        local root
        while read -r root; do
            CGROUP_DIRS+=("$root/$CGROUP_NAME")
        done < <(cgroup_roots)
        (
            own_cgroup
            exec systemd-nspawn "${options[@]}" --register=no --keep-unit
        ) </dev/null >"$LOGS/nspawn.log" 2>&1 &
    fi
    NSPAWN_PID=$!
    local deadline=$((SECONDS + 30 * SLOW)) pid
    while [[ -z "$LEADER" ]]; do
        kill -0 "$NSPAWN_PID" 2>/dev/null ||
            die "systemd-nspawn s'est arrêté ($LOGS/nspawn.log)" "systemd-nspawn stopped ($LOGS/nspawn.log)"
        ((SECONDS < deadline)) || die "pas de systemd dans le conteneur" "no systemd in the container"
        for pid in /proc/[0-9]*; do
            if [[ "$(awk '/^PPid:/ { print $2 }' "$pid/status" 2>/dev/null)" == "$NSPAWN_PID" &&
                "$(cat "$pid/comm" 2>/dev/null)" == systemd ]]; then
                LEADER="${pid#/proc/}"
            fi
        done
        sleep 0.2
    done
    # systemd's own socket first: systemctl asked before it exists fails at once
    # (emulated, systemd takes seconds to get there).
    wait_for 30 inside test -S /run/systemd/private ||
        die "systemd ne répond pas dans le conteneur ($LOGS/nspawn.log)" "systemd does not answer in the container ($LOGS/nspawn.log)"
    local state
    state="$(inside timeout $((120 * SLOW)) systemctl is-system-running --wait || true)"
    say "Conteneur démarré : $state (systemd $(inside systemctl --version | awk 'NR == 1 { print $2 }'))." \
        "Container booted: $state (systemd $(inside systemctl --version | awk 'NR == 1 { print $2 }'))."
}

SECCOMP=1
SECCOMP_SAYS="seccomp"

probe_seccomp() {
    # Whether a process of the container can install a seccomp filter, asked
    # as systemd asks it: prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, NULL)
    # fails with EFAULT where filters work. qemu-user refuses the call
    # (EINVAL), lest the program it runs filter the emulator's own system
    # calls: systemd then applies none of its seccomp-based lines
    # (SystemCallFilter=, RestrictAddressFamilies=, MemoryDenyWriteExecute=…),
    # and the checks leave out what depends on them, saying so.
    local answer
    # shellcheck disable=SC2016  # Python
    answer="$(inside python3 -c '
import ctypes, errno
libc = ctypes.CDLL(None, use_errno=True)
libc.prctl(22, 2, None, 0, 0)
print(errno.errorcode.get(ctypes.get_errno(), ctypes.get_errno()))' 2>&1 | tail -n 1 || true)"
    if [[ "$answer" == EFAULT ]]; then
        return 0
    fi
    SECCOMP=0
    SECCOMP_SAYS="pas de seccomp (prctl : $answer${QEMU_NAME:+, qemu-user}) / no seccomp"
    say "Pas de filtre seccomp dans ce conteneur (prctl(PR_SET_SECCOMP) : $answer) : ce qui en dépend n'est pas vérifié ici." \
        "No seccomp filter in this container (prctl(PR_SET_SECCOMP): $answer): what depends on it is not checked here."
}

USERNS=1
USERNS_SAYS="userns"

probe_userns() {
    # Whether a process of the container can have a user namespace of its own
    # (the unit's PrivateUsers=yes). The kernel refuses unshare(CLONE_NEWUSER)
    # to a process with more than one thread (EINVAL), and qemu-user always
    # runs a thread of its own beside the program's: under emulation, systemd
    # fails the kiosk's start at that step (status 217/USER). There only, a
    # second drop-in sets PrivateUsers=no, and the checks say so; on a Pi the
    # unit's line holds, as the run on the host's architecture checks.
    local answer
    answer="$(inside unshare --user true 2>&1)" && return 0
    USERNS=0
    USERNS_SAYS="pas d'espace utilisateur propre (unshare --user : ${answer##*: }${QEMU_NAME:+, qemu-user}) / no user namespace of its own"
    cat >"$MACHINE${DROPIN%/*}/emulation.conf" <<'EOF'
# Container test under emulation only: no user namespace for a process of
# qemu-user (it runs two threads; the kernel refuses CLONE_NEWUSER to those).
[Service]
PrivateUsers=no
EOF
    say "Pas d'espace de noms utilisateur dans ce conteneur (unshare --user : ${answer##*: }) : PrivateUsers=no ajouté pour cet essai." \
        "No user namespace in this container (unshare --user: ${answer##*: }): PrivateUsers=no added for this test."
}

stop_machine() {
    [[ -n "$NSPAWN_PID" ]] || return 0
    if kill -0 "$NSPAWN_PID" 2>/dev/null; then
        if [[ -n "$LEADER" ]]; then
            inside systemctl poweroff >/dev/null 2>&1 || true
        fi
        local deadline=$((SECONDS + 60 * SLOW))
        while kill -0 "$NSPAWN_PID" 2>/dev/null && ((SECONDS < deadline)); do
            sleep 0.5
        done
        if kill -0 "$NSPAWN_PID" 2>/dev/null; then
            kill "$NSPAWN_PID" 2>/dev/null || true
            sleep 2
            kill -9 "$NSPAWN_PID" 2>/dev/null || true
        fi
    fi
    wait "$NSPAWN_PID" 2>/dev/null || true
    NSPAWN_PID=""
    local dir
    for dir in "${CGROUP_DIRS[@]}"; do
        if [[ -d "$dir" ]]; then
            find "$dir" -depth -type d -exec rmdir {} + 2>/dev/null || true
        fi
    done
}

finish() {
    stop_machine
    detach_sticks
    if ((!KEEP)) && [[ -d "$MACHINE" ]]; then
        rm -rf "$MACHINE"
    fi
}

# ---------------------------------------------------------------- what the checks use

journal_mark() {  # the journal's cursor now: later reads start after it
    inside journalctl -n 0 --show-cursor -q | sed -n 's/^-- cursor: //p'
}

kiosk_journal() {  # kiosk_journal [CURSOR]: the unit's lines, bare, after CURSOR
    if [[ -n "${1:-}" ]]; then
        inside journalctl -u "$SERVICE" -o cat --no-pager --after-cursor="$1"
    else
        inside journalctl -u "$SERVICE" -o cat --no-pager
    fi
}

journal_has() {  # journal_has CURSOR TEXT: the unit's journal shows TEXT after CURSOR
    kiosk_journal "$1" | grep -F -- "$2" >/dev/null
}

system_journal_has() {  # system_journal_has CURSOR TEXT: the whole journal, after CURSOR
    inside journalctl --no-pager --after-cursor="$1" | grep -F -- "$2" >/dev/null
}

watchdog_pinged_since() {  # watchdog_pinged_since TIMESTAMP: a WATCHDOG=1 came after it
    [[ "$(prop WatchdogTimestampMonotonic)" != "$1" ]]
}

machine_moved() {  # the running game has a move saved
    local moves
    moves="$(sql 'SELECT moves FROM running')" && [[ -n "$moves" && "$moves" != "[]" ]]
}

kiosk_processes() {  # PID and command line of every process of the kiosk's user
    # shellcheck disable=SC2016  # expanded by the shell inside the container
    inside sh -c 'uid=$(id -u "$1" 2>/dev/null) || exit 0
        for p in /proc/[0-9]*; do
            [ "$(stat -c %u "$p" 2>/dev/null)" = "$uid" ] || continue
            printf "%s %.240s\n" "${p#/proc/}" "$(tr "\0" " " <"$p/cmdline" 2>/dev/null)"
        done' sh "$KIOSK_USER"
}

sql() {  # sql QUERY: one row per line, read as the kiosk's user
    as_kiosk "$VENV_PYTHON" -c '
import sqlite3, sys
db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
for row in db.execute(sys.argv[2]):
    print("|".join(str(v) for v in row))' "$DATABASE" "$1"
}

active_with_new_pid() {  # active_with_new_pid OLD_PID: restarted and ready again
    [[ "$(prop ActiveState)" == active && "$(prop SubState)" == running ]] &&
        [[ "$(prop MainPID)" != "$1" && "$(prop MainPID)" != 0 ]]
}

running() {
    [[ "$(prop ActiveState)" == active && "$(prop SubState)" == running ]]
}

snapshot() {  # every installed file with its mode, owner, size and time; the kiosk's own dirs
    inside sh -c 'find /opt/ludokiosk /etc/ludokiosk /etc/systemd/system /usr/local/bin \
        /etc/polkit-1/rules.d /etc/udev/rules.d -printf "%p %m %u:%g %s %T@\n" 2>/dev/null | sort
        stat -c "%n %a %U:%G" /var/lib/ludokiosk /var/cache/ludokiosk /media/ludokiosk'
}

# The kiosk unit's sandbox, for commands run as the kiosk would be: every
# line of the installed unit whose key is one of these, as systemd-run -p.
readonly SANDBOX_KEYS=" NoNewPrivileges ProtectSystem ReadWritePaths ProtectHome PrivateTmp
    ProtectKernelModules ProtectKernelLogs ProtectControlGroups ProtectHostname RestrictSUIDSGID
    RestrictRealtime RestrictNamespaces LockPersonality SystemCallArchitectures
    CapabilityBoundingSet RestrictAddressFamilies IPAddressDeny SystemCallFilter
    SystemCallErrorNumber ProtectProc PrivateUsers PrivateMounts UMask "
SANDBOX=()

read_sandbox() {
    local line key
    SANDBOX=()
    while IFS= read -r line; do
        key="${line%%=*}"
        if [[ "$line" == *=* && "$SANDBOX_KEYS" == *[[:space:]]"$key"[[:space:]]* ]]; then
            # As the emulation drop-in does for the kiosk (probe_userns).
            [[ "$key" == PrivateUsers ]] && ((!USERNS)) && continue
            SANDBOX+=(-p "$line")
        fi
    done < <(inside cat "/etc/systemd/system/$SERVICE")
}

sandboxed() {  # sandboxed [SYSTEMD-RUN OPTION...] -- COMMAND...: as the kiosk's user, in its sandbox
    inside systemd-run --quiet --wait --pipe --uid="$KIOSK_USER" --working-directory=/tmp \
        "${SANDBOX[@]}" "$@"
}

# The export screen's own code (kiosk/usb_export.py), with its defaults: the
# kiosk's data folder and every stick usb_sticks() finds under /media.
# shellcheck disable=SC2016  # Python
readonly EXPORT_PY='
import datetime
from kiosk import paths, usb_export
from kiosk.records import Records
records = Records.open(paths.database_path())
result = usb_export.export_records(records, datetime.datetime(2026, 5, 3, 14, 25, 1))
print("rows", result.rows)
for path in result.written:
    print("written", path)
for failure in result.failed:
    print("failed", failure.problem.kind, failure.path)
'

host_pid() {  # host_pid PID: the container's process PID, as this machine numbers it
    local ns candidate
    ns="$(readlink "/proc/$LEADER/ns/pid")"
    for candidate in /proc/[0-9]*; do
        [[ "$(readlink "$candidate/ns/pid" 2>/dev/null)" == "$ns" ]] || continue
        # shellcheck disable=SC2016  # awk's own variables
        if [[ "$(awk '/^NSpid:/ { print $NF }' "$candidate/status" 2>/dev/null)" == "$1" ]]; then
            printf '%s\n' "${candidate#/proc/}"
            return 0
        fi
    done
    return 1
}

in_kiosk_view() {  # in_kiosk_view COMMAND...: as the kiosk's user, in the running kiosk's namespaces
    # Its mount namespace (its sandbox: ProtectSystem=, PrivateTmp=, its sticks)
    # and its own user namespace (PrivateUsers=), entered by this machine's
    # nsenter: under emulation the container's runs as two threads, and the
    # kernel refuses those a move into another mount namespace (EINVAL).
    local pid uid gid enter=(-m -p -r -w)
    pid="$(host_pid "$(prop MainPID)")" || return 1
    uid="$(inside id -u "$KIOSK_USER")"
    gid="$(inside id -g "$KIOSK_USER")"
    if [[ "$(readlink "/proc/$pid/ns/user")" != "$(readlink "/proc/$LEADER/ns/user")" ]]; then
        enter+=(-U)
    fi
    nsenter -t "$pid" "${enter[@]}" -S "$uid" -G "$gid" -- \
        env -i PATH=/usr/bin:/bin HOME=/tmp LANG=C.UTF-8 "$@"
}

kiosk_export() {  # the export, run inside the running kiosk's own sandbox (its namespaces), as its user
    in_kiosk_view "$VENV_PYTHON" -c "$EXPORT_PY"
}

run_install() {  # run_install NAME [OPTION...]: install.sh as the owner would; sets RC and TOOK
    local name="$1" start
    shift
    start="$(date +%s.%N)"
    RC=0
    as_owner "cd ludokiosk && sudo ./systemd/install.sh $*" >"$LOGS/$name.log" 2>&1 || RC=$?
    TOOK="$(elapsed "$start")"
}

# ---------------------------------------------------------------- the checks

check_first_install() {
    MARK="$(journal_mark)"
    run_install install-1
    local log="$LOGS/install-1.log" problems=""
    ((RC == 0)) || problems="exit $RC ($log)"
    verdict install-1 "1re installation : $TOOK s / first install: $TOOK s" "$problems"
    if ((RC != 0)); then
        # What the service said, if it got that far.
        inside journalctl --no-pager -n 200 -u "$SERVICE" >"$LOGS/install-1-journal.log" 2>&1 || true
        return 1
    fi

    local asked package missing=""
    asked="$(sed -n 's/^    Installing system packages: //p' "$log")"
    for package in $asked; do
        # shellcheck disable=SC2016  # dpkg-query's own ${field}
        [[ "$(inside dpkg-query -W -f='${db:Status-Abbrev}' "$package" 2>/dev/null)" == ii* ]] ||
            missing+=" $package"
    done
    problems=""
    [[ -n "$asked" ]] || problems="no apt step"
    [[ -z "$missing" ]] || problems+=" not installed:$missing"
    if grep -q "apt does not know" "$log"; then
        problems+=" $(grep -o 'skipped: .*' "$log")"
    fi
    local note=""
    if grep -q "^    Not a Pi" "$log"; then
        note=", $(sed -n 's/^    Not a Pi (\([^)]*\)).*/compiler skipped on \1/p' "$log")"
    fi
    verdict apt "$(wc -w <<<"$asked") paquets / packages$note" "$problems"

    local groups wanted skipped="" absent=""
    problems=""
    groups=" $(inside id -nG "$KIOSK_USER" 2>/dev/null) "
    for wanted in "${GROUPS_WANTED[@]}"; do
        if ! inside getent group "$wanted" >/dev/null; then
            skipped+=" $wanted"
        elif [[ "$groups" != *" $wanted "* ]]; then
            absent+=" $wanted"
        fi
    done
    local entry uid home shell
    entry="$(inside getent passwd "$KIOSK_USER" || true)"
    IFS=: read -r _ _ uid _ _ home shell <<<"$entry"
    [[ -n "$entry" ]] || problems="no user"
    [[ -z "$absent" ]] || problems+=" not in:$absent"
    [[ "${uid:-0}" -lt 1000 && "${uid:-0}" -gt 0 ]] || problems+=" uid ${uid:-?} is not a system one"
    [[ "${home:-}" == /var/lib/ludokiosk && "${shell:-}" == /usr/sbin/nologin ]] ||
        problems+=" home ${home:-?} shell ${shell:-?}"
    for wanted in $skipped; do
        grep -q "Group $wanted does not exist on this system: skipped." "$log" ||
            problems+=" no message for the missing group $wanted"
    done
    groups="${groups# }"
    verdict user "uid $uid, groupes / groups: ${groups% } ; absents ici / missing here:${skipped:- none}" \
        "$problems"

    local version
    problems=""
    # pygame.mixer: its own libraries, which a minimal system may lack (libgthread).
    version="$(inside "$VENV_PYTHON" -c 'import pygame, pygame.mixer, serial, gpiozero, kiosk.app; print(pygame.version.ver)' \
        2>>"$LOG" | tail -n 1)" || problems="imports fail"
    [[ "$(inside readlink /usr/local/bin/ludokiosk)" == /opt/ludokiosk/venv/bin/ludokiosk ]] ||
        problems+=" /usr/local/bin/ludokiosk"
    local arch pi=""
    arch="$(inside uname -m)"
    if [[ "$arch" == aarch64 || "$arch" == armv7l ]]; then
        # On a Pi's system: the [pi] extra's two GPIO libraries (RPi.GPIO compiled here).
        pi="$(inside "$VENV_PYTHON" -c 'from importlib.metadata import version
print("RPi.GPIO", version("RPi.GPIO") + ",", "lgpio", version("lgpio"))' 2>>"$LOG")" ||
            problems+=" the [pi] extra is not installed"
        if grep -q "Building wheel for RPi.GPIO\|Running setup.py install for RPi.GPIO" "$log"; then
            pi+=" (RPi.GPIO compilé / compiled)"
        fi
    else
        grep -q "^    Extra \[pi\]" "$log" || problems+=" no message about the [pi] extra"
    fi
    verdict venv "pygame $version, pygame.mixer, pyserial, gpiozero ; extra [pi] : $arch${pi:+, $pi}" "$problems"

    local expected line got
    problems=""
    for line in "/opt/ludokiosk root:root 755" "/opt/ludokiosk/src root:root 755" \
        "/etc/ludokiosk root:root 755" "/etc/ludokiosk/boards root:root 755" \
        "/var/lib/ludokiosk $KIOSK_USER:$KIOSK_USER 750" "/var/cache/ludokiosk $KIOSK_USER:$KIOSK_USER 750" \
        "/etc/ludokiosk/kiosk.toml root:$KIOSK_USER 640" "/etc/ludokiosk/boards/grid8.toml root:$KIOSK_USER 640" \
        "$MEDIA_DIR root:root 755"; do
        expected="${line#* }"
        got="$(inside stat -c '%U:%G %a' "${line%% *}" 2>/dev/null || echo missing)"
        [[ "$got" == "$expected" ]] || problems+=" ${line%% *} is $got"
    done
    local writable
    writable="$(inside find /opt/ludokiosk/src /opt/ludokiosk/venv \( -perm -o+w -o ! -user root \) \
        ! -type l -print -quit)"
    [[ -z "$writable" ]] || problems+=" writable by others: $writable"
    local readable
    readable="$(as_owner "cat /etc/ludokiosk/kiosk.toml" 2>&1 >/dev/null || true)"
    [[ "$readable" == *"Permission denied"* ]] || problems+=" the owner reads the settings without sudo"
    verdict directories "/opt root 755, /etc/ludokiosk root 755 (réglages / settings root:ludokiosk 640), /var/lib|cache/ludokiosk 750, $MEDIA_DIR" \
        "$problems"

    problems=""
    [[ "$(inside systemctl is-enabled "$SERVICE" 2>/dev/null)" == enabled ]] || problems="not enabled"
    inside cmp -s "/home/$OWNER/ludokiosk/systemd/$SERVICE" "/etc/systemd/system/$SERVICE" ||
        problems+=" unit differs from the checkout's"
    inside test -f /etc/polkit-1/rules.d/50-ludokiosk.rules || problems+=" no polkit rule"
    inside cmp -s "/home/$OWNER/ludokiosk/systemd/ludokiosk-stick@.service" \
        /etc/systemd/system/ludokiosk-stick@.service || problems+=" no stick unit"
    inside cmp -s "/home/$OWNER/ludokiosk/systemd/90-ludokiosk-stick.rules" \
        /etc/udev/rules.d/90-ludokiosk-stick.rules || problems+=" no udev rule"
    verdict unit "installé, activé ; règle polkit, règle udev et ludokiosk-stick@ / installed, enabled; polkit rule, udev rule and ludokiosk-stick@" \
        "$problems"
}

check_service_starts() {
    local problems="" took first_ping
    wait_for 60 running || problems+=" not running: $(prop ActiveState)/$(prop SubState)"
    # From the start of the process to READY=1 (Type=notify: active only then).
    took="$(awk -v a="$(prop ExecMainStartTimestampMonotonic)" -v b="$(prop ActiveEnterTimestampMonotonic)" \
        'BEGIN { printf "%.1f", (b - a) / 1e6 }')"
    first_ping="$(prop WatchdogTimestampMonotonic)"
    wait_for 20 watchdog_pinged_since "$first_ping" || problems+=" no WATCHDOG=1 in $((20 * SLOW)) s"
    verdict ready "READY=1 après / after $took s, statut / status « $(prop StatusText) », WATCHDOG=1 reçus / received" \
        "$problems"
    [[ -z "$problems" ]]
}

check_hardening() {
    local pid uid status cgroup mounts problems=""
    pid="$(prop MainPID)"
    uid="$(inside id -u "$KIOSK_USER")"
    status="$(inside cat "/proc/$pid/status")"
    grep -qE "^Uid:\s+$uid\s" <<<"$status" || problems+=" not run as $KIOSK_USER"
    grep -qE '^NoNewPrivs:\s+1' <<<"$status" || problems+=" NoNewPrivs"
    grep -qE '^CapEff:\s+0+$' <<<"$status" || problems+=" capabilities"
    grep -qE '^CapBnd:\s+0+$' <<<"$status" || problems+=" capabilities in the bounding set"
    if ((SECCOMP)); then
        grep -qE '^Seccomp:\s+2$' <<<"$status" || problems+=" no system-call filter"
    fi
    if ((USERNS)); then
        [[ "$(inside readlink "/proc/$pid/ns/user")" != "$(inside readlink /proc/1/ns/user)" ]] ||
            problems+=" no user namespace of its own"
    fi
    # shellcheck disable=SC2016  # awk's fields
    inside awk '$5 == "/proc"' "/proc/$pid/mountinfo" | grep -q 'hidepid=invisible' ||
        problems+=" /proc shows other users' processes"
    cgroup="$(inside cat "/proc/$pid/cgroup" | tail -n 1)"
    [[ "$cgroup" == */system.slice/$SERVICE ]] || problems+=" left its unit's cgroup: $cgroup"
    # shellcheck disable=SC2016  # awk's fields
    mounts="$(inside awk '{ print $5, substr($6, 1, 2) }' "/proc/$pid/mountinfo")"
    grep -qx '/ ro' <<<"$mounts" || problems+=" / is not read-only"
    grep -qx '/var/lib/ludokiosk rw' <<<"$mounts" || problems+=" /var/lib/ludokiosk not writable"
    grep -qx "$MEDIA_DIR rw" <<<"$mounts" || problems+=" $MEDIA_DIR not writable"
    # The kiosk's view, as its user: what it may write, what it may not see.
    in_kiosk_view sh -c 'touch /var/lib/ludokiosk/.w /var/cache/ludokiosk/.w /tmp/.w /dev/shm/.w &&
        rm /var/lib/ludokiosk/.w /var/cache/ludokiosk/.w /tmp/.w /dev/shm/.w' 2>>"$LOG" ||
        problems+=" cannot write its own directories"
    if in_kiosk_view sh -c 'touch /opt/ludokiosk/.w || touch /etc/ludokiosk/.w' 2>/dev/null; then
        problems+=" may write /opt or /etc"
    fi
    if in_kiosk_view ls "/home/$OWNER" >/dev/null 2>&1; then
        problems+=" sees /home"
    fi
    verdict hardening "uid $uid, NoNewPrivs, sans capacités / no capabilities (CapBnd 0), $SECCOMP_SAYS, $USERNS_SAYS, /proc hidepid, / ro, cgroup $SERVICE" \
        "$problems"
}

check_exposure() {
    local line value problems=""
    line="$(inside systemd-analyze security --no-pager "$SERVICE" 2>>"$LOG" | tail -n 1)"
    value="$(sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p' <<<"$line")"
    awk -v v="$value" -v max="$EXPOSURE_MAX" 'BEGIN { exit !(v != "" && v + 0 <= max + 0) }' ||
        problems="above $EXPOSURE_MAX: $line"
    verdict exposure "systemd-analyze security $SERVICE : ${value:-?} (≤ $EXPOSURE_MAX)" "$problems"
}

check_sandbox() {
    # Under the unit's own sandbox lines: no IPv4/IPv6 socket, the kiosk's
    # groups still open devices in its user namespace (a dialout node: the
    # driver's answer, not a refusal), a call outside the filter fails with
    # EPERM and the process lives on.
    read_sandbox
    inside sh -c 'mknod -m 0660 /dev/ttyACM9 c 166 9 && chgrp dialout /dev/ttyACM9'
    local got problems=""
    # shellcheck disable=SC2016  # Python
    got="$(sandboxed -- /usr/bin/python3 -c '
import ctypes, errno, os, socket
seen = []
try:
    socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    seen.append("inet:open")
except OSError as error:
    seen.append("inet:" + errno.errorcode[error.errno])
try:
    os.close(os.open("/dev/ttyACM9", os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK))
    seen.append("dialout:open")
except OSError as error:
    seen.append("dialout:" + errno.errorcode[error.errno])
libc = ctypes.CDLL(None, use_errno=True)
seen.append("ptrace:" + (errno.errorcode[ctypes.get_errno()] if libc.ptrace(0, 0, None, None) else "ok"))
print(" ".join(seen))' 2>>"$LOG" || true)"
    inside rm -f /dev/ttyACM9
    # Both refusals are seccomp's (RestrictAddressFamilies=, SystemCallFilter=).
    if ((SECCOMP)); then
        [[ "$got" == *"inet:EAFNOSUPPORT"* ]] || problems+=" inet socket not refused"
        [[ "$got" == *ptrace:EPERM* ]] || problems+=" filter not returning EPERM"
    fi
    [[ "$got" == *dialout:ENXIO* || "$got" == *dialout:ENODEV* ]] || problems+=" device refused to its group"
    verdict sandbox "$((${#SANDBOX[@]} / 2)) lignes de l'unité / unit lines : ${got:-nothing}$(
        ((SECCOMP)) || printf ' (%s)' "$SECCOMP_SAYS")" "$problems"
}

check_left_out() {
    # The lines left out of the unit, for the reasons written in it: they still hold.
    read_sandbox
    local cpuinfo problems=""
    cpuinfo="$(sandboxed -p ProcSubset=pid -- /bin/sh -c 'test -r /proc/cpuinfo && echo visible || echo hidden' \
        2>>"$LOG" || true)"
    [[ "$cpuinfo" == hidden ]] || problems="ProcSubset=pid leaves /proc/cpuinfo: $cpuinfo"
    # Mesa's software GLES renderer (llvmpipe), as SDL gets it without a GPU.
    # shellcheck disable=SC2016  # Python
    local gl='
import os
os.environ["SDL_VIDEODRIVER"] = "offscreen"
os.environ["SDL_RENDER_DRIVER"] = "opengles2"
import pygame
from pygame._sdl2 import video
pygame.display.init()
renderer = video.Renderer(video.Window("gl", size=(64, 64)), accelerated=1)
picture = pygame.Surface((16, 16))
picture.fill((0, 200, 0))
renderer.blit(video.Texture.from_surface(renderer, picture), pygame.Rect(0, 0, 32, 32))
renderer.present()
print("drawn", tuple(renderer.to_surface().get_at((5, 5))))'
    local plain mdwe
    plain="$(sandboxed -- "$VENV_PYTHON" -c "$gl" 2>>"$LOG" | tail -n 1 || true)"
    mdwe="$(sandboxed -p MemoryDenyWriteExecute=yes -- "$VENV_PYTHON" -c "$gl" 2>>"$LOG" | tail -n 1 || true)"
    [[ "$plain" == "drawn (0, 200, 0, 255)" ]] || problems+=" llvmpipe does not draw here: $plain"
    # MemoryDenyWriteExecute= is a seccomp filter too.
    if ((SECCOMP)); then
        [[ "$mdwe" != drawn* ]] || problems+=" llvmpipe draws under MemoryDenyWriteExecute"
    else
        mdwe="${mdwe:-crashed} ($SECCOMP_SAYS)"
    fi
    verdict left-out "ProcSubset=pid : /proc/cpuinfo $cpuinfo ; llvmpipe : ${plain:-?}, avec / with MemoryDenyWriteExecute : ${mdwe:-crashed}" \
        "$problems"
}

check_records_and_journal() {
    local problems="" owner events
    owner="$(inside stat -c '%U %a' "$DATABASE" 2>/dev/null || echo missing)"
    [[ "$owner" == "$KIOSK_USER 640" ]] || problems="database: $owner"
    events="$(sql "SELECT kind FROM events" 2>>"$LOG" | sort | uniq -c | tr -s ' ' | paste -sd, -)"
    [[ "$events" == *start* ]] || problems+=" no start event"
    verdict records "$DATABASE ($owner) : événements / events${events}" "$problems"

    local report
    report="$(inside journalctl -u "$SERVICE" -o json --no-pager --after-cursor="$MARK" | inside python3 -c '
import json, sys
levels = {"CRITICAL": "2", "ERROR": "3", "WARNING": "4", "INFO": "6", "DEBUG": "7"}
count, wrong, first = 0, [], False
for raw in sys.stdin:
    entry = json.loads(raw)
    message = entry.get("MESSAGE")
    if not isinstance(message, str) or not message.startswith("{"):
        continue
    record = json.loads(message)
    count += 1
    if levels.get(record["level"]) != entry.get("PRIORITY"):
        wrong.append(record["level"] + "/" + str(entry.get("PRIORITY")))
    first = first or record["msg"].startswith("première image")
print(count, "priorities:" + ",".join(wrong) if wrong else "", "" if first else "no-first-frame")
')" || report="0 unreadable"
    problems=""
    [[ "${report%% *}" -ge 3 ]] || problems="only ${report%% *} JSON lines"
    [[ "$report" != *priorities:* && "$report" != *no-first-frame* ]] || problems+=" ${report#* }"
    local bad
    bad="$(kiosk_journal "$MARK" | grep -E 'Read-only file system|Permission denied|Traceback|"level": "(ERROR|CRITICAL)"' |
        head -n 3 || true)"
    [[ -z "$bad" ]] || problems+=" errors: $bad"
    verdict journal "${report%% *} lignes JSON sous -u ludokiosk, priorités justes / JSON lines, right priorities" \
        "$problems"
}

seed_game() {
    # A game of reversi where the machine plays first and a person second:
    # what a crash in the middle of a visitor's game leaves in the database.
    as_kiosk "$VENV_PYTHON" -c '
import json, sqlite3, sys, time
db = sqlite3.connect(sys.argv[1])
db.execute("INSERT OR REPLACE INTO running (id, spec, controllers, seed, moves, started, saved)"
           " VALUES (1, ?, ?, ?, ?, ?, ?)",
           ("reversi", json.dumps(["joueur", "humain"]), "7", "[]", time.time(), time.time()))
db.commit()' "$DATABASE"
}

seed_finished_games() {
    # Two finished games for the export (the running one stays: the reinstall finds it).
    as_kiosk "$VENV_PYTHON" -c '
import json, sqlite3, sys, time
db = sqlite3.connect(sys.argv[1])
now = time.time()
for spec, controllers, winners in (("moulin", ["humain", "expert"], [1]), ("tablut", ["humain", "humain"], [])):
    db.execute("INSERT INTO games (game, spec, controllers, moves, result, winner_seats, started, ended)"
               " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               (spec, spec, json.dumps(controllers), "[]", "gagne" if winners else "nulle",
                json.dumps(winners), now - 600, now - 60))
db.commit()' "$DATABASE"
}

kill_main() {  # kill_main SIGNAL: to the kiosk's main process, as a crash would
    inside sh -c "kill -$1 $(prop MainPID)"
}

check_crashes() {
    seed_game
    local pid restarts mark problems=""
    pid="$(prop MainPID)"
    restarts="$(prop NRestarts)"
    mark="$(journal_mark)"
    kill_main KILL
    wait_for 30 active_with_new_pid "$pid" || problems="not back"
    wait_for 10 journal_has "$mark" "partie reprise : reversi après 0 coups" ||
        problems+=" game not resumed"
    [[ "$(prop NRestarts)" == $((restarts + 1)) ]] || problems+=" NRestarts $(prop NRestarts)"
    verdict kill-9 "relancée / restarted (NRestarts $(prop NRestarts)), partie reprise / game resumed" \
        "$problems"

    # The machine's move comes from the AI worker, a spawned process.
    problems=""
    wait_for 30 machine_moved || problems="no move saved"
    local moves worker
    moves="$(sql 'SELECT moves FROM running' 2>>"$LOG" || true)"
    worker="$(kiosk_processes | grep -m 1 'multiprocessing.spawn' | cut -d' ' -f1 || true)"
    if [[ -z "$worker" ]]; then
        problems+=" no worker process"
    elif ! inside grep -q "/system.slice/$SERVICE" "/proc/$worker/cgroup"; then
        problems+=" worker outside the unit"
    fi
    verdict ai-worker "coup de la machine / machine's move $moves, processus / process $worker" "$problems"

    problems=""
    pid="$(prop MainPID)"
    mark="$(journal_mark)"
    kill_main KILL
    wait_for 30 active_with_new_pid "$pid" || problems="not back"
    wait_for 10 journal_has "$mark" "partie reprise : reversi après 1 coups" ||
        problems+=" not the same position"
    verdict same-game "2e kill -9 : même partie, même position / same game, same position ($moves)" \
        "$problems"

    # A frozen loop: no more pings, killed after WatchdogSec, restarted.
    problems=""
    pid="$(prop MainPID)"
    restarts="$(prop NRestarts)"
    mark="$(journal_mark)"
    local start
    start="$(date +%s.%N)"
    kill_main STOP
    wait_for 60 active_with_new_pid "$pid" || problems="not restarted"
    local took
    took="$(elapsed "$start")"
    system_journal_has "$mark" "$SERVICE: Watchdog timeout" || problems+=" no watchdog timeout"
    journal_has "$mark" "Fatal Python error: Aborted" || problems+=" no stack trace under -u"
    [[ "$(prop NRestarts)" == $((restarts + 1)) ]] || problems+=" NRestarts $(prop NRestarts)"
    verdict watchdog "boucle figée (SIGSTOP) tuée et relancée en / frozen loop killed, restarted in $took s" \
        "$problems"
}

check_doctor_and_stop() {
    local problems="" mark
    mark="$(journal_mark)"
    inside systemd-analyze log-level debug
    inside systemctl stop "$SERVICE"
    inside systemd-analyze log-level info
    [[ "$(prop Result)" == success && "$(prop ExecMainStatus)" == 0 ]] ||
        problems="result $(prop Result), status $(prop ExecMainStatus)"
    system_journal_has "$mark" "STOPPING=1" || problems+=" no STOPPING=1"
    local left
    left="$(kiosk_processes | paste -sd ';')"
    [[ -z "$left" ]] || problems+=" processes left: $left"
    verdict stop "systemctl stop : STOPPING=1, code 0, plus aucun processus / exit 0, no process left" \
        "$problems"

    # As docs/install.md says, from the owner's checkout (a home the kiosk cannot read).
    local output rc=0
    output="$(as_owner "cd ludokiosk && sudo -u $KIOSK_USER SDL_VIDEODRIVER=dummy ludokiosk doctor" 2>&1)" ||
        rc=$?
    printf '%s\n' "$output" >"$LOGS/doctor.log"
    problems=""
    ((rc == 0)) || problems="exit $rc ($LOGS/doctor.log)"
    verdict doctor "sudo -u ludokiosk ludokiosk doctor : $(tail -n 1 <<<"$output")" "$problems"

    # The admin screen's power-off: logind asks polkit about the kiosk's user,
    # from a service with the kiosk unit's own sandbox lines.
    local answer
    read_sandbox
    answer="$(sandboxed -- busctl call org.freedesktop.login1 /org/freedesktop/login1 \
        org.freedesktop.login1.Manager CanPowerOff 2>&1 || true)"
    problems=""
    [[ "$answer" == 's "yes"' ]] || problems="CanPowerOff: $answer"
    verdict poweroff "logind CanPowerOff pour / for $KIOSK_USER : $answer" "$problems"
}

check_second_run() {
    inside systemctl start "$SERVICE"
    wait_for 60 running || true
    local before after pid restarts problems=""
    pid="$(prop MainPID)"
    restarts="$(prop NRestarts)"
    before="$(snapshot)"
    run_install install-2
    after="$(snapshot)"
    ((RC == 0)) || problems="exit $RC"
    if [[ "$before" != "$after" ]]; then
        problems+=" files changed: $(diff <(printf '%s\n' "$before") <(printf '%s\n' "$after") |
            grep -c '^>' || true)"
        diff <(printf '%s\n' "$before") <(printf '%s\n' "$after") >>"$LOG" || true
    fi
    [[ "$(prop MainPID)" == "$pid" && "$(prop NRestarts)" == "$restarts" ]] || problems+=" kiosk restarted"
    grep -q "The kiosk is already running, nothing changed." "$LOGS/install-2.log" ||
        problems+=" no 'nothing changed'"
    local did
    did="$(grep -m 1 '^    \(Installing\|Copying\|Creating\|Adding\)' "$LOGS/install-2.log" || true)"
    [[ -z "$did" ]] || problems+=" did something: $did"
    verdict install-2 "2e passage : rien ne change, en / second run: nothing changes, in $TOOK s" "$problems"
}

stick_mounted_in_kiosk() {  # stick_mounted_in_kiosk DIR: DIR is a mount in the kiosk's namespace
    # shellcheck disable=SC2016  # awk's own variables
    inside awk -v dir="$1" '$5 == dir { found = 1 } END { exit !found }' "/proc/$(prop MainPID)/mountinfo"
}

export_check() {  # export_check NAME OUTPUT WANTED: problems with one export's output
    local rows
    rows="$(sed -n 's/^rows //p' <<<"$2")"
    [[ "${rows:-0}" -ge 2 ]] || printf ' %s: %s rows (%s)' "$1" "${rows:-no}" "$(tr '\n' ' ' <<<"$2")"
    grep -qx "written $STICK_DIR/$3" <<<"$2" || printf ' %s: not written as %s' "$1" "$3"
    grep -qx "failed read-only $RO_DIR/$EXPORT_NAME.csv" <<<"$2" ||
        printf ' %s: the read-only stick not said read-only' "$1"
    grep -q "^failed read-only" <<<"$2" && [[ "$(grep -c '^failed' <<<"$2")" == 1 ]] ||
        printf ' %s: failures %s' "$1" "$(grep '^failed' <<<"$2" | tr '\n' ';')"
}

planted_on_stick() {  # what was planted at the export's first three names: type, size, time, link
    # shellcheck disable=SC2016  # expanded by the shell inside the container
    inside sh -c 'find "$1" -maxdepth 1 \( -name "$2.csv" -o -name "$2-2.csv" -o -name "$2-3.csv" \) \
        -printf "%f %y %s %T@ %l\n" | sort' sh "$STICK_DIR" "$EXPORT_NAME"
}

# shellcheck disable=SC2016  # the sh -c scripts are expanded inside the container
check_usb_stick() {
    # The stick as udev would bring it: ludokiosk-stick@<device> started (the
    # rule's SYSTEMD_WANTS), then stopped (the rule's remove action).
    local device="${STICK_LOOP#/dev/}" ro_device="${RO_LOOP#/dev/}" problems="" options ro_options
    STICK_DIR="$MEDIA_DIR/$device"
    RO_DIR="$MEDIA_DIR/$ro_device"
    inside systemctl start "ludokiosk-stick@$device.service" "ludokiosk-stick@$ro_device.service" \
        2>>"$LOG" || problems="start failed: $(inside systemctl status "ludokiosk-stick@$device" 2>&1 | tail -n 3)"
    options="$(inside findmnt -n -o OPTIONS "$STICK_DIR" || echo "not mounted")"
    ro_options="$(inside findmnt -n -o OPTIONS "$RO_DIR" || echo "not mounted")"
    [[ ",$options," == *,rw,*nosuid*nodev*noexec* ]] || problems+=" $STICK_DIR: $options"
    if [[ "$STICK_FS" == vfat ]]; then
        [[ ",$options," == *",uid=$(inside id -u "$KIOSK_USER"),"* ]] || problems+=" not the kiosk's files"
    fi
    [[ ",$ro_options," == *,ro,* ]] || problems+=" $RO_DIR: $ro_options"
    stick_mounted_in_kiosk "$STICK_DIR" || problems+=" not seen by the running kiosk"

    # What a visitor's stick may hold at the export's names: links to the
    # kiosk's database and to a file of its own (FAT has no links: files
    # instead), and an owner's file.
    inside sh -c 'printf "ne pas toucher\n" >/var/lib/ludokiosk/.victim && chown ludokiosk: /var/lib/ludokiosk/.victim'
    local links=yes
    inside sh -c 'cd "$1" && ln -s /var/lib/ludokiosk/ludokiosk.sqlite3 "$2.csv" &&
        ln -s /var/lib/ludokiosk/.victim "$2-2.csv"' sh "$STICK_DIR" "$EXPORT_NAME" 2>>"$LOG" || {
        links=no
        inside sh -c 'cd "$1" && printf "un fichier\n" >"$2.csv" && printf "un autre\n" >"$2-2.csv"' \
            sh "$STICK_DIR" "$EXPORT_NAME"
    }
    inside sh -c 'printf "le fichier du propriétaire\n" >"$1/$2-3.csv"' sh "$STICK_DIR" "$EXPORT_NAME"
    local planted
    planted="$(planted_on_stick)"
    [[ "$(wc -l <<<"$planted")" == 3 ]] || problems+=" planting failed: $planted"
    verdict stick "$STICK_FS${STICK_WHY:+ ($STICK_WHY)}, ludokiosk-stick@$device : $options ; $ro_device : ro" \
        "$problems"

    seed_finished_games
    # 1. Mounted after the kiosk started: the mount reached its namespace.
    # 2. The kiosk restarted with the stick in: mounted before its namespace.
    # 3. A transient service with the unit's sandbox lines (system-call filter…).
    local first second third pid
    problems=""
    first="$(kiosk_export 2>>"$LOG" || true)"
    problems+="$(export_check "after" "$first" "$EXPORT_NAME-4.csv")"
    pid="$(prop MainPID)"
    inside systemctl restart "$SERVICE"
    wait_for 60 active_with_new_pid "$pid" || problems+=" kiosk not back"
    second="$(kiosk_export 2>>"$LOG" || true)"
    problems+="$(export_check "before" "$second" "$EXPORT_NAME-5.csv")"
    read_sandbox
    third="$(sandboxed -- env HOME=/tmp "$VENV_PYTHON" -c "$EXPORT_PY" 2>>"$LOG" || true)"
    problems+="$(export_check "sandboxed" "$third" "$EXPORT_NAME-6.csv")"
    [[ "$(inside cat /var/lib/ludokiosk/.victim)" == "ne pas toucher" ]] || problems+=" a linked file was written"
    [[ "$(inside head -c 15 "$DATABASE")" == "SQLite format 3" ]] || problems+=" the database was written over"
    [[ "$planted" == "$(planted_on_stick)" ]] || problems+=" what was on the stick changed"
    verdict export "$(sed -n 's/^rows //p' <<<"$first") parties / games : -4, -5, -6.csv écrits / written (liens / links: $links), $ro_device : « read-only »" \
        "$problems"

    # Pulled out: the rule's remove action stops the units, which unmount.
    problems=""
    inside systemctl stop "ludokiosk-stick@$device.service" "ludokiosk-stick@$ro_device.service"
    inside findmnt "$STICK_DIR" >/dev/null && problems+=" still mounted"
    stick_mounted_in_kiosk "$STICK_DIR" && problems+=" still mounted in the kiosk"
    inside test -e "$STICK_DIR" && problems+=" $STICK_DIR left"
    # Read back from this machine, the loop device detached.
    detach_sticks
    local seen="$CACHE_DIR/stick-seen$SUFFIX" found="" rows
    mkdir -p "$seen"
    if mount -o ro,loop -t "$STICK_FS" "${STICK_IMAGES[0]}" "$seen" 2>>"$LOG"; then
        found="$(find "$seen" -maxdepth 1 -name "$EXPORT_NAME*" | wc -l)"
        rows="$(wc -l <"$MACHINE/var/lib/ludokiosk/exports/$EXPORT_NAME.csv" 2>/dev/null || echo 0)"
        local name
        for name in 4 5 6; do
            cmp -s "$seen/$EXPORT_NAME-$name.csv" "$MACHINE/var/lib/ludokiosk/exports/$EXPORT_NAME.csv" ||
                problems+=" -$name.csv differs from the kiosk's copy"
        done
        if [[ "$links" == yes ]]; then
            [[ "$(readlink "$seen/$EXPORT_NAME.csv")" == /var/lib/ludokiosk/ludokiosk.sqlite3 ]] ||
                problems+=" the link at the name changed"
        fi
        [[ "$(cat "$seen/$EXPORT_NAME-3.csv")" == "le fichier du propriétaire" ]] || problems+=" the owner's file changed"
        umount "$seen"
    else
        problems+=" the image does not mount here"
    fi
    rmdir "$seen" 2>/dev/null || true
    [[ "$found" == 6 ]] || problems+=" $found files at the export's names"
    verdict stick-host "démontée, détachée, relue ici / unmounted, detached, read here: -4, -5, -6.csv = la copie de la borne / the kiosk's copy ($rows lignes / lines), le reste intact / the rest untouched" \
        "$problems"
}

check_uninstall() {
    run_install uninstall --uninstall
    local problems=""
    ((RC == 0)) || problems="exit $RC"
    inside test -e "/etc/systemd/system/$SERVICE" && problems+=" unit left"
    inside test -e /opt/ludokiosk && problems+=" /opt/ludokiosk left"
    inside test -e /usr/local/bin/ludokiosk && problems+=" command left"
    inside test -e /etc/polkit-1/rules.d/50-ludokiosk.rules && problems+=" polkit rule left"
    inside test -e /etc/udev/rules.d/90-ludokiosk-stick.rules && problems+=" udev rule left"
    inside test -e /etc/systemd/system/ludokiosk-stick@.service && problems+=" stick unit left"
    inside test -e "$MEDIA_DIR" && problems+=" $MEDIA_DIR left"
    inside test -e /var/cache/ludokiosk && problems+=" cache left"
    inside getent passwd "$KIOSK_USER" >/dev/null && problems+=" user left"
    [[ -z "$(kiosk_processes)" ]] || problems+=" processes left: $(kiosk_processes | paste -sd ';')"
    inside test -f /etc/ludokiosk/kiosk.toml || problems+=" settings gone"
    inside test -f "$DATABASE" || problems+=" data gone"
    verdict uninstall "--uninstall en / in $TOOK s : réglages et données gardés / settings and data kept" \
        "$problems"

    # Installed again, the kiosk finds its data (now another user number) and its game.
    local mark
    mark="$(journal_mark)"
    run_install install-3
    problems=""
    ((RC == 0)) || problems="exit $RC"
    [[ "$(inside stat -c %U "$DATABASE" 2>/dev/null)" == "$KIOSK_USER" ]] || problems+=" data not given back"
    wait_for 60 running || problems+=" not running"
    wait_for 10 journal_has "$mark" "partie reprise : reversi" || problems+=" game lost"
    verdict reinstall "réinstallée en / installed again in $TOOK s : données et partie retrouvées / data and game found" \
        "$problems"
}

check_purge() {
    local uid
    uid="$(inside id -u "$KIOSK_USER")"
    run_install purge --uninstall --purge
    local problems="" path
    ((RC == 0)) || problems="exit $RC"
    for path in /etc/ludokiosk /var/lib/ludokiosk /var/cache/ludokiosk /opt/ludokiosk \
        "${DROPIN%/*}" /etc/polkit-1/rules.d/50-ludokiosk.rules /usr/local/bin/ludokiosk \
        "/etc/systemd/system/$SERVICE" /etc/systemd/system/ludokiosk-stick@.service \
        /etc/udev/rules.d/90-ludokiosk-stick.rules "$MEDIA_DIR"; do
        inside test -e "$path" && problems+=" $path left"
    done
    local owned
    owned="$(inside find / -xdev -uid "$uid" ! -path '/proc/*' -print -quit 2>/dev/null || true)"
    [[ -z "$owned" ]] || problems+=" files of uid $uid: $owned"
    verdict purge "--purge en / in $TOOK s : restent les paquets apt / the apt packages stay" "$problems"
}

# ---------------------------------------------------------------- main

mkdir -p "$CACHE_DIR" "$LOGS"
if ((BASE_ONLY)); then
    build_base
    exit 0
fi
: >"$LOG"
trap finish EXIT
trap 'exit 130' INT TERM  # through the EXIT trap: the container is always stopped
started="$(date +%s.%N)"
build_base
prepare_machine
make_sticks
boot_machine
probe_seccomp
probe_userns
say "Vérifications (journal détaillé : $LOGS)" "Checks (detailed logs: $LOGS)"
# A check that stumbles still ends on its verdict: called in a || list, a
# failing command inside it does not stop the script (set -e is off there).
if check_first_install && check_service_starts; then
    for check in check_hardening check_exposure check_sandbox check_left_out check_records_and_journal \
        check_crashes check_doctor_and_stop check_second_run check_usb_stick check_uninstall check_purge; do
        "$check" || true
    done
fi
printf 'container-test: %d ok, %d FAIL en / in %s s (%s, %s)\n' "$OKS" "$FAILS" "$(elapsed "$started")" "$ARCH" "$LOGS"
((FAILS == 0))
