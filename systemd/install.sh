#!/usr/bin/env bash
# Installe la borne ludogîte comme service systemd sur Raspberry Pi OS (Bookworm).
# Installs the ludogîte kiosk as a systemd service on Raspberry Pi OS (Bookworm).
#
#   sudo ./systemd/install.sh                      install, or update after `git pull`
#   sudo ./systemd/install.sh --uninstall          remove (keeps config and data)
#   sudo ./systemd/install.sh --uninstall --purge  remove everything
#   ./systemd/install.sh --dry-run [...]           print the commands, run none
#
# Running it again changes nothing unless the checkout changed. See docs/install.md.

set -euo pipefail

readonly SERVICE=ludokiosk.service
readonly STICK_TEMPLATE=ludokiosk-stick@.service
readonly STICK_RULE_NAME=90-ludokiosk-stick.rules
readonly KIOSK_USER=ludokiosk
readonly GROUPS_WANTED=(video render input gpio dialout audio)
readonly APT_PACKAGES=(
    # Python and its venv
    python3 python3-venv
    # pygame's wheel brings its own SDL2, which opens the screen through KMS/DRM
    # with the system's libdrm, GBM, EGL/GLES and Mesa's V3D/VC4 drivers; the
    # libsdl2 packages pull in the same run-time libraries for any other build.
    libsdl2-2.0-0 libsdl2-ttf-2.0-0 libsdl2-image-2.0-0 libsdl2-mixer-2.0-0
    libdrm2 libgbm1 libegl1 libgles2 libegl-mesa0 libgl1-mesa-dri
    # what pygame's own wheel (aarch64 as x86-64) links from the system and a
    # minimal Bookworm lacks: GLib for its mixer (libgthread-2.0.so.0) and
    # Xlib for pygame.scrap (libX11.so.6), said here rather than left to the
    # libsdl2 packages' dependencies
    libglib2.0-0 libx11-6
    # sound through ALSA
    libasound2
    # the kiosk's fonts (kiosk/ui/theme.py): DejaVu Sans, Serif, Condensed, Oblique
    fonts-dejavu-core fonts-dejavu-extra
    # copying the checkout to /opt/ludokiosk/src
    rsync
    # the power-off asked from the admin screen: logind asks polkit (rule below)
    polkitd
)
# The [pi] extra (lgpio, RPi.GPIO) only installs on these machines (the markers
# in pyproject.toml); RPi.GPIO has no wheel on PyPI and is compiled there.
readonly PI_MACHINES=(aarch64 armv7l)
readonly APT_PACKAGES_PI=(python3-dev gcc libc6-dev)
readonly RSYNC_EXCLUDES=(
    .git/ .venv/ venv/ __pycache__/ '*.pyc' '*.egg-info/' build/ dist/ screenshots/
    .mypy_cache/ .pytest_cache/ .ruff_cache/ .hypothesis/
)

CHECKOUT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly CHECKOUT

DRY_RUN=0
UNINSTALL=0
PURGE=0

usage() {
    cat <<'EOF'
Usage : sudo systemd/install.sh [--uninstall [--purge]] [--dry-run]

Installe la borne ludogîte comme service systemd (Raspberry Pi OS Bookworm) :
paquets apt, utilisateur « ludokiosk », copie du dépôt dans /opt/ludokiosk/src,
environnement Python /opt/ludokiosk/venv (avec l'extra [pi]), réglages dans
/etc/ludokiosk (jamais écrasés, lisibles par la borne seule), données dans
/var/lib/ludokiosk, console sans mise en veille, règle polkit pour le bouton
« Éteindre », montage des clés USB pour l'export (règle udev et
ludokiosk-stick@.service), service ludokiosk activé et (re)démarré. Relancer le script après un `git pull` met la borne à
jour ; sans changement, il ne change rien.

Installs the ludogîte kiosk as a systemd service (Raspberry Pi OS Bookworm):
apt packages, the "ludokiosk" user, a copy of the checkout in
/opt/ludokiosk/src, a Python venv in /opt/ludokiosk/venv (with the [pi]
extra), settings in /etc/ludokiosk (never overwritten, readable by the kiosk
only), data in /var/lib/ludokiosk, console blanking off, a polkit rule for
the power-off button, USB sticks mounted for the export (a udev rule and
ludokiosk-stick@.service), the ludokiosk service enabled and (re)started. Re-run it after
`git pull` to update; with no change, it changes nothing.

Options:
  --uninstall   retire le service, le montage des clés, l'environnement, le
                cache et l'utilisateur ;
                garde /etc/ludokiosk, /var/lib/ludokiosk et les ajouts au
                service (/etc/systemd/system/ludokiosk.service.d)
                removes the service, the stick mounting, the venv, the cache
                and the user; keeps
                /etc/ludokiosk, /var/lib/ludokiosk and the service's drop-ins
  --purge       avec --uninstall : supprime aussi réglages, données et ajouts
                with --uninstall: also deletes the settings, data and drop-ins
  --dry-run     affiche chaque commande au lieu de l'exécuter (« + commande »)
                prints every command instead of running it ("+ command")
  -h, --help    cette aide / this help

Guide : docs/install.md
EOF
}

# ---------------------------------------------------------------- messages

say() {  # say FRENCH ENGLISH
    printf '==> %s\n    %s\n' "$1" "$2"
}

warn() {
    printf '!!  %s\n    %s\n' "$1" "$2" >&2
}

die() {
    printf 'ludokiosk install: erreur : %s\n                   error: %s\n' "$1" "$2" >&2
    exit 1
}

# Every command that changes the system goes through run: printed with
# --dry-run, executed otherwise. Read-only checks run in both modes.
run() {
    if ((DRY_RUN)); then
        printf '+'
        printf ' %q' "$@"
        printf '\n'
    else
        "$@"
    fi
}

write_file() {  # write_file FILE TEXT: one line into FILE, through run's rules
    if ((DRY_RUN)); then
        printf "+ printf '%%s\\\\n' %q > %q\n" "$2" "$1"
    else
        printf '%s\n' "$2" >"$1"
    fi
}

write_text() {  # write_text FILE TEXT: lines into FILE (mode 0644), through run's rules
    if ((DRY_RUN)); then
        printf "+ cat > %q <<'EOF'\n%s\nEOF\n" "$1" "$2"
    else
        printf '%s\n' "$2" >"$1"
        chmod 0644 "$1"
    fi
}

# ---------------------------------------------------------------- arguments

while (($#)); do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --uninstall) UNINSTALL=1 ;;
        --purge) PURGE=1 ;;
        -h | --help)
            usage
            exit 0
            ;;
        *)
            usage >&2
            die "option inconnue : $1" "unknown option: $1"
            ;;
    esac
    shift
done

if ((PURGE && !UNINSTALL)); then
    die "--purge ne va qu'avec --uninstall" "--purge only goes with --uninstall"
fi

# LUDOKIOSK_ROOT puts every path under another directory: for the tests, with
# --dry-run only (users, apt and systemd are always the real machine's).
ROOT="${LUDOKIOSK_ROOT:-}"
ROOT="${ROOT%/}"
if [[ -n "$ROOT" ]] && ((!DRY_RUN)); then
    die "LUDOKIOSK_ROOT ne sert qu'avec --dry-run" "LUDOKIOSK_ROOT only works with --dry-run"
fi
readonly ROOT

readonly OPT_DIR="$ROOT/opt/ludokiosk"
readonly SRC_DIR="$OPT_DIR/src"
readonly VENV_DIR="$OPT_DIR/venv"
readonly STAMP_FILE="$OPT_DIR/.installed"
readonly CONSOLEBLANK_MARK="$OPT_DIR/.consoleblank-added"
readonly ETC_DIR="$ROOT/etc/ludokiosk"
readonly DATA_DIR="$ROOT/var/lib/ludokiosk"
readonly CACHE_DIR="$ROOT/var/cache/ludokiosk"
readonly UNIT_FILE="$ROOT/etc/systemd/system/$SERVICE"
readonly DROPIN_DIR="$UNIT_FILE.d"
readonly POLKIT_RULE="$ROOT/etc/polkit-1/rules.d/50-ludokiosk.rules"
readonly STICK_UNIT="$ROOT/etc/systemd/system/$STICK_TEMPLATE"
readonly STICK_RULE="$ROOT/etc/udev/rules.d/$STICK_RULE_NAME"
readonly MEDIA_DIR="$ROOT/media/ludokiosk"
readonly COMMAND_LINK="$ROOT/usr/local/bin/ludokiosk"
readonly CMDLINE_CANDIDATES=("$ROOT/boot/firmware/cmdline.txt" "$ROOT/boot/cmdline.txt")

if ((!DRY_RUN)) && ((EUID != 0)); then
    die "lancez-le avec sudo : sudo $0 $*" "run it with sudo: sudo $0 $*"
fi
if ((DRY_RUN)); then
    say "Simulation : les commandes sont affichées, aucune n'est exécutée." \
        "Dry run: commands are printed, none is run."
fi

# ---------------------------------------------------------------- checks

have() { command -v "$1" >/dev/null 2>&1; }
machine() { uname -m; }
on_a_pi_machine() { [[ " ${PI_MACHINES[*]} " == *" $(machine) "* ]]; }
user_exists() { getent passwd "$KIOSK_USER" >/dev/null 2>&1; }
group_exists() { getent group "$1" >/dev/null 2>&1; }
unit_known() { have systemctl && systemctl cat "$SERVICE" >/dev/null 2>&1; }

package_installed() {
    [[ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null)" == ii* ]]
}

known_packages() {  # known_packages PACKAGE...: those apt can install here, one per line
    apt-cache policy "$@" 2>/dev/null | awk '
        /^[^ ].*:$/ { name = substr($0, 1, length($0) - 1) }
        /^  Candidate:/ && $2 != "(none)" { print name }'
}

in_group() {  # in_group GROUP: is the kiosk user a member (primary or supplementary)?
    local groups
    user_exists || return 1
    groups=" $(id -nG "$KIOSK_USER" 2>/dev/null) "
    [[ "$groups" == *" $1 "* ]]
}

cmdline_file() {
    local candidate
    for candidate in "${CMDLINE_CANDIDATES[@]}"; do
        if [[ -f "$candidate" ]]; then
            printf '%s\n' "$candidate"
            return 0
        fi
    done
    return 1
}

# ---------------------------------------------------------------- install steps

CHANGED=0  # set by any step that changed something the running kiosk uses

install_packages() {
    if ! have dpkg-query || ! have apt-get; then
        warn "apt introuvable : paquets système non vérifiés (pas Raspberry Pi OS ?)." \
            "apt not found: system packages not checked (not Raspberry Pi OS?)."
        return 0
    fi
    local wanted=("${APT_PACKAGES[@]}") missing=() known=() unknown=() package
    if on_a_pi_machine; then
        wanted+=("${APT_PACKAGES_PI[@]}")
    fi
    for package in "${wanted[@]}"; do
        package_installed "$package" || missing+=("$package")
    done
    if ((${#missing[@]} == 0)); then
        say "Paquets système déjà installés." "System packages already installed."
        return 0
    fi
    say "Installation des paquets système : ${missing[*]}" \
        "Installing system packages: ${missing[*]}"
    if ! on_a_pi_machine; then
        say "Pas un Pi ($(machine)) : ni RPi.GPIO ni lgpio, donc ni ${APT_PACKAGES_PI[*]}." \
            "Not a Pi ($(machine)): no RPi.GPIO nor lgpio, so no ${APT_PACKAGES_PI[*]} either."
    fi
    run env DEBIAN_FRONTEND=noninteractive apt-get update
    local available
    available=" $(known_packages "${missing[@]}" | tr '\n' ' ') "
    for package in "${missing[@]}"; do
        if [[ "$available" == *" $package "* ]]; then
            known+=("$package")
        else
            unknown+=("$package")
        fi
    done
    if ((${#unknown[@]})); then
        warn "Paquets inconnus d'apt sur ce système, ignorés : ${unknown[*]}" \
            "Packages apt does not know on this system, skipped: ${unknown[*]}"
    fi
    if ((${#known[@]})); then
        run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
            "${known[@]}"
    fi
}

check_python() {
    if ! have python3; then
        ((DRY_RUN)) && return 0
        die "python3 introuvable" "python3 not found"
    fi
    if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
        die "il faut Python 3.11 ou plus récent (Raspberry Pi OS Bookworm)" \
            "Python 3.11 or newer is needed (Raspberry Pi OS Bookworm)"
    fi
}

create_user() {
    if user_exists; then
        say "Utilisateur $KIOSK_USER : déjà là." "User $KIOSK_USER: already there."
    else
        say "Création de l'utilisateur système $KIOSK_USER." \
            "Creating the system user $KIOSK_USER."
        run useradd --system --user-group --home-dir /var/lib/ludokiosk --no-create-home \
            --shell /usr/sbin/nologin --comment "ludogite kiosk" "$KIOSK_USER"
        CHANGED=1
    fi
    local group
    for group in "${GROUPS_WANTED[@]}"; do
        if ! group_exists "$group"; then
            say "Groupe $group absent de ce système : ignoré." \
                "Group $group does not exist on this system: skipped."
        elif in_group "$group"; then
            :
        else
            say "Ajout de $KIOSK_USER au groupe $group." "Adding $KIOSK_USER to group $group."
            run usermod --append --groups "$group" "$KIOSK_USER"
            CHANGED=1  # a running kiosk only gets its new groups when restarted
        fi
    done
}

ensure_dir() {  # ensure_dir OWNER MODE DIR...: created, or owner and mode put right
    local owner="$1" mode="$2" dir
    shift 2
    for dir in "$@"; do
        if [[ -d "$dir" && "$(stat -c '%U:%G %a' "$dir")" == "$owner:$owner $mode" ]]; then
            continue
        fi
        run install -d -o "$owner" -g "$owner" -m "$mode" "$dir"
    done
}

create_directories() {
    ensure_dir root 755 "$OPT_DIR" "$ETC_DIR" "$ETC_DIR/boards"
    ensure_dir "$KIOSK_USER" 750 "$DATA_DIR" "$CACHE_DIR"
    # Files kept by an earlier --uninstall belong to the old user's number.
    local dir
    for dir in "$DATA_DIR" "$CACHE_DIR"; do
        if [[ -d "$dir" ]] && user_exists &&
            [[ -n "$(find "$dir" ! -user "$KIOSK_USER" -print -quit 2>/dev/null)" ]]; then
            say "Les fichiers de $dir sont rendus à $KIOSK_USER." \
                "Giving the files in $dir back to $KIOSK_USER."
            run chown -R "$KIOSK_USER:$KIOSK_USER" "$dir"
        fi
    done
}

copy_sources() {
    # The kiosk runs from a root-owned copy: home directories are private
    # (and hidden from the service by ProtectHome=yes).
    if [[ "$CHECKOUT" == "$SRC_DIR" ]]; then
        return 0
    fi
    local options=(--archive --delete --omit-dir-times --chown=root:root "--chmod=go-w,go+rX")
    local pattern
    for pattern in "${RSYNC_EXCLUDES[@]}"; do
        options+=("--exclude=$pattern")
    done
    local changes="unknown"
    if have rsync && [[ -d "$SRC_DIR" ]]; then
        changes="$(rsync --dry-run --itemize-changes "${options[@]}" "$CHECKOUT/" "$SRC_DIR/")" ||
            changes="unknown"
    fi
    if [[ -z "$changes" ]]; then
        say "Code déjà à jour dans $SRC_DIR." "Code already up to date in $SRC_DIR."
        return 0
    fi
    say "Copie du dépôt dans $SRC_DIR." "Copying the checkout to $SRC_DIR."
    run rsync "${options[@]}" "$CHECKOUT/" "$SRC_DIR/"
    CHANGED=1
}

install_venv() {
    local python="$VENV_DIR/bin/python"
    if [[ ! -x "$python" ]]; then
        say "Création de l'environnement Python $VENV_DIR." \
            "Creating the Python environment $VENV_DIR."
        run python3 -m venv "$VENV_DIR"
    fi
    # pip runs again only when pyproject.toml (dependencies, commands) changed.
    local stamp
    stamp="$(sha256sum <"$CHECKOUT/pyproject.toml" | cut -d' ' -f1) [pi]"
    if [[ -x "$VENV_DIR/bin/ludokiosk" && -f "$STAMP_FILE" && "$(cat "$STAMP_FILE")" == "$stamp" ]]; then
        say "Dépendances Python à jour." "Python dependencies up to date."
    else
        say "Installation de ludokiosk[pi] et de ses dépendances (PyPI)." \
            "Installing ludokiosk[pi] and its dependencies (PyPI)."
        # Editable: the code, config/, docs/ and the lessons are read from
        # $SRC_DIR, where they are, as in a checkout.
        if ! on_a_pi_machine; then
            say "Extra [pi] : rien à installer sur $(machine) (lgpio et RPi.GPIO : ${PI_MACHINES[*]})." \
                "Extra [pi]: nothing to install on $(machine) (lgpio and RPi.GPIO: ${PI_MACHINES[*]})."
        fi
        run "$python" -m pip install --disable-pip-version-check --no-input \
            --editable "${SRC_DIR}[pi]"
        write_file "$STAMP_FILE" "$stamp"
        CHANGED=1
    fi
    if ((CHANGED)); then
        # Compiled once here: the service cannot write into /opt.
        run "$python" -m compileall -q "$SRC_DIR/engines" "$SRC_DIR/drivers" "$SRC_DIR/kiosk"
    fi
    if [[ ! -L "$COMMAND_LINK" && ! -e "$COMMAND_LINK" ]]; then
        run ln -s "$VENV_DIR/bin/ludokiosk" "$COMMAND_LINK"
    fi
}

# The settings hold the admin PIN: readable by root and the kiosk's group only.
readonly CONFIG_MODE=640

copy_config() {
    local source target name copied=0
    for source in "$CHECKOUT/config/kiosk.toml" "$CHECKOUT/config/hardware.toml" \
        "$CHECKOUT"/config/boards/*.toml; do
        [[ -f "$source" ]] || continue
        name="${source#"$CHECKOUT/config/"}"
        target="$ETC_DIR/$name"
        if [[ -e "$target" ]]; then
            if ! cmp -s "$source" "$target"; then
                say "Gardé : $target (vos réglages). Nouveau modèle : $SRC_DIR/config/$name" \
                    "Kept: $target (your settings). New template: $SRC_DIR/config/$name"
            fi
            config_mode "$target"
            continue
        fi
        run install -m "0$CONFIG_MODE" -o root -g "$KIOSK_USER" "$source" "$target"
        copied=1
    done
    if ((copied)); then
        say "Réglages copiés dans $ETC_DIR (jamais écrasés ensuite)." \
            "Settings copied to $ETC_DIR (never overwritten afterwards)."
        CHANGED=1
    fi
}

config_mode() {  # config_mode FILE: root:ludokiosk 0640, its content untouched
    if [[ -L "$1" || ! -f "$1" ]]; then
        return 0  # a link or anything else an owner put there is theirs
    fi
    if [[ "$(stat -c '%U:%G %a' "$1")" != "root:$KIOSK_USER $CONFIG_MODE" ]]; then
        say "Droits de $1 : root:$KIOSK_USER $CONFIG_MODE (contenu inchangé)." \
            "Permissions of $1: root:$KIOSK_USER $CONFIG_MODE (content unchanged)."
        run chown "root:$KIOSK_USER" "$1"
        run chmod "$CONFIG_MODE" "$1"
    fi
}

console_blanking_off() {
    local file
    if ! file="$(cmdline_file)"; then
        say "Pas de cmdline.txt (/boot/firmware ou /boot) : veille de la console inchangée." \
            "No cmdline.txt (/boot/firmware or /boot): console blanking left as is."
        return 0
    fi
    local line
    line="$(head -n 1 "$file")"
    if [[ " $line " == *" consoleblank=0 "* ]]; then
        return 0
    fi
    say "Console sans mise en veille (consoleblank=0 dans $file, actif au prochain démarrage)." \
        "Console blanking off (consoleblank=0 in $file, active from the next boot)."
    if [[ ! -e "$file.ludokiosk.bak" ]]; then
        run cp -p "$file" "$file.ludokiosk.bak"
    fi
    if [[ " $line " == *" consoleblank="* ]]; then
        run sed -i -E '1 s/(^|[[:space:]])consoleblank=[^[:space:]]*/\1consoleblank=0/' "$file"
    else
        run sed -i '1 s/[[:space:]]*$/ consoleblank=0/' "$file"
        run touch "$CONSOLEBLANK_MARK"
    fi
}

polkit_rule() {
    cat <<EOF
// Installed by ludokiosk's systemd/install.sh: the kiosk, a system service
// without a login session, may power the machine off (its admin screen).
polkit.addRule(function (action, subject) {
    if (subject.user == "$KIOSK_USER" &&
        (action.id == "org.freedesktop.login1.power-off" ||
         action.id == "org.freedesktop.login1.power-off-multiple-sessions")) {
        return polkit.Result.YES;
    }
});
EOF
}

install_polkit_rule() {
    local text
    text="$(polkit_rule)"
    if [[ -f "$POLKIT_RULE" && "$(cat "$POLKIT_RULE")" == "$text" ]]; then
        return 0
    fi
    if [[ ! -d "${POLKIT_RULE%/*}" ]] && ((!DRY_RUN)); then
        warn "polkit absent : le bouton « Éteindre » de l'écran d'administration n'éteindra pas." \
            "polkit missing: the admin screen's power-off button will not power off."
        return 0
    fi
    say "Règle polkit : $KIOSK_USER peut éteindre la machine ($POLKIT_RULE)." \
        "polkit rule: $KIOSK_USER may power the machine off ($POLKIT_RULE)."
    write_text "$POLKIT_RULE" "$text"
}

udev_running() { have udevadm && udevadm control --ping >/dev/null 2>&1; }

install_stick_mounting() {
    # USB sticks for the export: the udev rule starts ludokiosk-stick@<device>,
    # which mounts under /media/ludokiosk, where the kiosk's namespace sees it.
    local changed=0
    if [[ ! -d "$MEDIA_DIR" ]]; then
        run install -d -m 0755 -o root -g root "$MEDIA_DIR"
    fi
    if [[ ! -f "$STICK_UNIT" ]] || ! cmp -s "$CHECKOUT/systemd/$STICK_TEMPLATE" "$STICK_UNIT"; then
        run install -m 0644 -o root -g root "$CHECKOUT/systemd/$STICK_TEMPLATE" "$STICK_UNIT"
        changed=1
    fi
    if [[ ! -f "$STICK_RULE" ]] || ! cmp -s "$CHECKOUT/systemd/$STICK_RULE_NAME" "$STICK_RULE"; then
        if [[ ! -d "${STICK_RULE%/*}" ]]; then
            run install -d -m 0755 -o root -g root "${STICK_RULE%/*}"
        fi
        run install -m 0644 -o root -g root "$CHECKOUT/systemd/$STICK_RULE_NAME" "$STICK_RULE"
        if udev_running; then
            run udevadm control --reload
        fi
        changed=1
    fi
    if ((changed)); then
        say "Clés USB : montées sous $MEDIA_DIR pour l'export ($STICK_RULE, $STICK_UNIT)." \
            "USB sticks: mounted under $MEDIA_DIR for the export ($STICK_RULE, $STICK_UNIT)."
        run systemctl daemon-reload
    fi
}

install_unit() {
    local source="$CHECKOUT/systemd/$SERVICE"
    if [[ -f "$UNIT_FILE" ]] && cmp -s "$source" "$UNIT_FILE"; then
        say "Service $SERVICE déjà à jour." "Service $SERVICE already up to date."
    else
        say "Installation du service $UNIT_FILE." "Installing the service $UNIT_FILE."
        run install -m 0644 -o root -g root "$source" "$UNIT_FILE"
        run systemctl daemon-reload
        CHANGED=1
    fi
}

start_service() {
    if ! have systemctl; then
        warn "systemctl introuvable : service non démarré." "systemctl not found: service not started."
        return 0
    fi
    if ! systemctl is-enabled --quiet "$SERVICE" 2>/dev/null; then
        run systemctl enable "$SERVICE"
    fi
    if systemctl is-failed --quiet "$SERVICE" 2>/dev/null; then
        run systemctl reset-failed "$SERVICE"
    fi
    if ((CHANGED)) || ! systemctl is-active --quiet "$SERVICE" 2>/dev/null; then
        say "(Re)démarrage de la borne." "(Re)starting the kiosk."
        run systemctl restart "$SERVICE"
    else
        say "La borne tourne déjà, rien n'a changé." "The kiosk is already running, nothing changed."
    fi
}

do_install() {
    [[ -f "$CHECKOUT/pyproject.toml" && -f "$CHECKOUT/systemd/$SERVICE" ]] ||
        die "$CHECKOUT n'est pas un dépôt ludokiosk" "$CHECKOUT is not a ludokiosk checkout"
    install_packages
    check_python
    create_user
    create_directories
    copy_sources
    install_venv
    copy_config
    console_blanking_off
    install_polkit_rule
    install_stick_mounting
    install_unit
    start_service
    say "Terminé. Journal : journalctl -u ludokiosk -f ; vérifications : docs/install.md (ludokiosk doctor)" \
        "Done. Journal: journalctl -u ludokiosk -f; checks: docs/install.md (ludokiosk doctor)"
}

# ---------------------------------------------------------------- uninstall

uninstall_stick_mounting() {
    # Sticks mounted now are unmounted first (their units run the unmount).
    if have systemctl && [[ -n "$(systemctl list-units --all --plain --no-legend \
        'ludokiosk-stick@*.service' 2>/dev/null)" ]]; then
        run systemctl stop 'ludokiosk-stick@*.service'
    fi
    if [[ -f "$STICK_RULE" ]]; then
        run rm -f "$STICK_RULE"
        if udev_running; then
            run udevadm control --reload
        fi
    fi
    if [[ -f "$STICK_UNIT" ]]; then
        run rm -f "$STICK_UNIT"
        run systemctl daemon-reload
    fi
    if [[ -d "$MEDIA_DIR" && -z "$(find "$MEDIA_DIR" -mindepth 1 -print -quit 2>/dev/null)" ]]; then
        run rmdir "$MEDIA_DIR"
    fi
}

do_uninstall() {
    if unit_known || [[ -f "$UNIT_FILE" ]]; then
        say "Arrêt et désactivation du service." "Stopping and disabling the service."
        run systemctl disable --now "$SERVICE"
    fi
    if [[ -f "$UNIT_FILE" ]]; then
        run rm -f "$UNIT_FILE"
        run systemctl daemon-reload
    fi
    if unit_known && systemctl is-failed --quiet "$SERVICE" 2>/dev/null; then
        run systemctl reset-failed "$SERVICE"
    fi
    # The screen gets its login prompt back.
    if have systemctl && systemctl is-enabled --quiet getty@tty1.service 2>/dev/null &&
        ! systemctl is-active --quiet getty@tty1.service 2>/dev/null; then
        run systemctl start getty@tty1.service
    fi
    local file
    if [[ -e "$CONSOLEBLANK_MARK" ]] && file="$(cmdline_file)"; then
        say "consoleblank=0 retiré de $file." "consoleblank=0 removed from $file."
        run sed -i -E '1 s/[[:space:]]+consoleblank=0([[:space:]]|$)/\1/' "$file"
    fi
    if [[ -L "$COMMAND_LINK" && "$(readlink "$COMMAND_LINK")" == "$VENV_DIR/bin/ludokiosk" ]]; then
        run rm -f "$COMMAND_LINK"
    fi
    if [[ -f "$POLKIT_RULE" ]]; then
        run rm -f "$POLKIT_RULE"
    fi
    uninstall_stick_mounting
    if [[ -d "$OPT_DIR" ]]; then
        say "Suppression de $OPT_DIR (code et environnement Python)." \
            "Removing $OPT_DIR (code and Python environment)."
        run rm -rf "$OPT_DIR"
    fi
    local had_user=0
    if user_exists; then
        had_user=1
        say "Suppression de l'utilisateur $KIOSK_USER." "Removing the user $KIOSK_USER."
        if have loginctl && loginctl show-user "$KIOSK_USER" >/dev/null 2>&1; then
            run loginctl terminate-user "$KIOSK_USER"
        fi
        run userdel "$KIOSK_USER" ||
            die "userdel a échoué ; relancez dans un instant" "userdel failed; run it again in a moment"
    fi
    # userdel takes the user's own group with it; an orphan one goes here.
    if group_exists "$KIOSK_USER" && ! ((DRY_RUN && had_user)); then
        run groupdel "$KIOSK_USER"
    fi
    if [[ -d "$CACHE_DIR" ]]; then
        run rm -rf "$CACHE_DIR"
    fi
    if ((PURGE)); then
        say "Suppression des réglages et des données (--purge)." \
            "Deleting the settings and the data (--purge)."
        run rm -rf "$ETC_DIR" "$DATA_DIR" "$DROPIN_DIR"
    else
        say "Gardés : $ETC_DIR (réglages) et $DATA_DIR (données) ; --purge les supprime." \
            "Kept: $ETC_DIR (settings) and $DATA_DIR (data); --purge deletes them."
        if [[ -d "$DROPIN_DIR" ]]; then
            say "Gardé : $DROPIN_DIR (vos ajouts au service) ; --purge le supprime." \
                "Kept: $DROPIN_DIR (your additions to the service); --purge deletes it."
        fi
    fi
    say "Les paquets apt restent installés." "The apt packages stay installed."
}

if ((UNINSTALL)); then
    do_uninstall
else
    do_install
fi
