#!/usr/bin/env bash
# Lance les tests et la visite d'écrans dans le Bookworm arm64 d'un Pi (émulé), compare la visite à celle d'ici.
# Runs the tests and the screenshot tour in a Pi's arm64 Bookworm (emulated), compares the tour with this machine's.
#
#   sudo ./systemd/arm64-tests.sh [--uncommitted] [--no-tests] [--no-tour] [DIR] [-- PYTEST-ARGUMENT...]
#
# The arm64 base system is container-test.sh's (built by it when missing,
# with the same prerequisites: qemu-user-static, binfmt_misc, flags F and C).
# A copy of it, kept in DIR/bookworm-arm64-tests and rebuilt when the base,
# pyproject.toml or install.sh change, gets the apt packages install.sh
# would install on a Pi and a venv with the dev and pi extras. Each run
# clones this checkout into it, runs pytest there (a short subset by
# default: the full suite is hours under emulation) and the screenshot tour
# with SDL's dummy driver, renders the same tour here, and compares the two
# pixel for pixel (python -m bench.tour_compare). Exits 1 when a test fails
# or a screen differs that should not. Not part of `make test`. See
# docs/install.md.

set -euo pipefail

readonly ARCH=arm64
readonly SUITE=bookworm
# What is most likely to differ on another architecture, in a quarter of an
# hour of emulation: the drivers (serial framing, GPIO), the firmware's logic,
# the records (SQLite), the kiosk headless, and the PNG comparer itself.
readonly DEFAULT_TESTS=(tests/drivers tests/firmware tests/kiosk/test_records.py
    tests/kiosk/test_kiosk.py tests/bench/test_tour_compare.py)
# Pixels that differ by at most this much in a channel are listed, not failed:
# the shut-the-box screens came out off by one or two units of colour along
# their tiles' edges on arm64 (the rounding of alpha blending, whose SIMD code
# is not the same on the two machines).
readonly TOLERANCE=2
readonly INSIDE_PATH=/opt/venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

CHECKOUT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly CHECKOUT

UNCOMMITTED=0
TESTS=1
TOUR=1
CACHE_DIR=/var/tmp/ludokiosk-container
PYTEST_ARGS=()

usage() {
    cat <<'EOF'
Usage : sudo systemd/arm64-tests.sh [--uncommitted] [--no-tests] [--no-tour] [DOSSIER] [-- ARGUMENTS-PYTEST...]

Dans le Bookworm arm64 d'un Pi 4/5 (celui de container-test.sh --arch arm64,
émulé par qemu-user-static) : lance pytest sur une partie des tests (celle
par défaut, ou les arguments après --), puis la visite d'écrans
(ludokiosk --screenshot-tour, pilote SDL factice) ; fait la même visite ici
et compare les deux pixel par pixel. Seuls les écrans du journal et des
statistiques peuvent différer (leurs dates et heures), les autres d'au plus
2 unités par canal (arrondis du mélange alpha, listés). Code 1 si un test
échoue ou si un autre écran diffère davantage.

In a Pi 4/5's arm64 Bookworm (container-test.sh --arch arm64's, emulated by
qemu-user-static): runs pytest on part of the tests (the default part, or
the arguments after --), then the screenshot tour (ludokiosk
--screenshot-tour, SDL's dummy driver); renders the same tour here and
compares both pixel for pixel. Only the journal's and the statistics' screens
may differ (their dates and times), the others by at most 2 units in a
channel (alpha blending's rounding, listed). Exit code 1 when a test fails
or another screen differs more.

Options:
  --uncommitted  ajoute au clone les changements non validés et les nouveaux fichiers
                 adds the uncommitted changes and the new files to the clone
  --no-tests     sans pytest / no pytest
  --no-tour      sans la visite d'écrans / no screenshot tour
  -h, --help     cette aide / this help

  -- tests              toute la suite (des heures) / the whole suite (hours)
  -- -n 2 tests/engines deux processus / two processes (pytest-xdist)

DOSSIER / DIR: /var/tmp/ludokiosk-container (as container-test.sh). Guide:
docs/install.md (Essai dans un conteneur).
EOF
}

say() {  # say FRENCH ENGLISH
    printf '==> %s\n    %s\n' "$1" "$2"
}

die() {
    printf 'arm64-tests: erreur : %s\n             error: %s\n' "$1" "$2" >&2
    exit 2
}

while (($#)); do
    case "$1" in
        --uncommitted) UNCOMMITTED=1 ;;
        --no-tests) TESTS=0 ;;
        --no-tour) TOUR=0 ;;
        -h | --help)
            usage
            exit 0
            ;;
        --)
            shift
            PYTEST_ARGS=("$@")
            break
            ;;
        -*)
            usage >&2
            die "option inconnue : $1" "unknown option: $1"
            ;;
        *) CACHE_DIR="$1" ;;
    esac
    shift
done
if ((${#PYTEST_ARGS[@]} == 0)); then
    PYTEST_ARGS=("${DEFAULT_TESTS[@]}")
fi

CACHE_DIR="$(realpath -m "$CACHE_DIR")"
readonly CACHE_DIR
readonly BASE="$CACHE_DIR/$SUITE-$ARCH-base"
readonly TREE="$CACHE_DIR/$SUITE-$ARCH-tests"
readonly RESULTS="$CACHE_DIR/$ARCH-tests"
readonly TOUR_INSIDE=/var/tmp/ludokiosk-tour

((EUID == 0)) || die "lancez-le avec sudo : sudo $0" "run it with sudo: sudo $0"
for command in systemd-nspawn git realpath sha256sum; do
    command -v "$command" >/dev/null 2>&1 ||
        die "$command introuvable : sudo apt-get install systemd-container git" \
            "$command not found: sudo apt-get install systemd-container git"
done

elapsed() {  # elapsed START: seconds since START (date +%s.%N), one decimal
    awk -v start="$1" -v now="$(date +%s.%N)" 'BEGIN { printf "%.1f", now - start }'
}

# This machine's Python for its own tour: the checkout's venv, else python3.
HOST_PYTHON="${HOST_PYTHON:-$CHECKOUT/.venv/bin/python}"
[[ -x "$HOST_PYTHON" ]] || HOST_PYTHON="$(command -v python3 || true)"
if ((TOUR)) && ! "$HOST_PYTHON" -c 'import pygame' >/dev/null 2>&1; then
    die "pas de pygame pour la visite d'ici : make test (le venv .venv) ou HOST_PYTHON=…" \
        "no pygame for this machine's tour: make test (the .venv venv) or HOST_PYTHON=…"
fi

inside() {  # inside COMMAND...: run in the arm64 tree (not booted), as root, clean environment
    # --as-pid2: a minimal init as PID 1 reaps the orphans; pytest as PID 1
    # would leave them zombies, alive to kill(pid, 0) (the simulator's tests).
    local options=(--quiet --as-pid2 --register=no --keep-unit --directory="$TREE" --console=pipe
        --chdir=/src --setenv=PATH="$INSIDE_PATH" --setenv=HOME=/root --setenv=LANG=C.UTF-8
        --setenv=SDL_VIDEODRIVER=dummy --setenv=SDL_AUDIODRIVER=dummy)
    # Without systemd on this machine, nspawn ends each run with a line about
    # its propagation folder that says nothing about the run.
    systemd-nspawn "${options[@]}" -- "$@" </dev/null 2> >(grep -v '^Attempted to remove disk file system' >&2)
}

# ---------------------------------------------------------------- the arm64 tree

clone_checkout() {  # a fresh clone of this checkout in TREE/src
    rm -rf "$TREE/src"
    git -c safe.directory="$CHECKOUT" clone --quiet --no-hardlinks "$CHECKOUT" "$TREE/src"
    if ((UNCOMMITTED)); then
        local patch="$RESULTS/uncommitted.patch" file
        git -c safe.directory="$CHECKOUT" -C "$CHECKOUT" diff --binary HEAD >"$patch"
        if [[ -s "$patch" ]]; then
            git -C "$TREE/src" apply --whitespace=nowarn "$patch"
        fi
        while IFS= read -r -d '' file; do
            [[ -f "$CHECKOUT/$file" && ! -L "$CHECKOUT/$file" ]] || continue  # files, not links
            mkdir -p "$TREE/src/$(dirname "$file")"
            cp -p "$CHECKOUT/$file" "$TREE/src/$file"
        done < <(git -c safe.directory="$CHECKOUT" -C "$CHECKOUT" ls-files -z --others --exclude-standard)
        say "Changements non validés et nouveaux fichiers ajoutés au clone." \
            "Uncommitted changes and new files added to the clone."
    fi
    say "Clone : $(git -C "$TREE/src" log -1 --format='%h %s')" "Clone: $(git -C "$TREE/src" log -1 --format='%h %s')"
}

tree_mark() {  # what the tree was made from: the base, the packages' and dependencies' sources
    printf '%s %s %s\n' "$(cat "$BASE/.ludokiosk-base")" \
        "$(sha256sum <"$TREE/src/pyproject.toml" | cut -c1-16)" \
        "$(sha256sum <"$TREE/src/systemd/install.sh" | cut -c1-16)"
}

build_tree() {
    local marker="$TREE/.ludokiosk-tests" mark
    mark="$(tree_mark)"
    if [[ -f "$marker" && "$(cat "$marker")" == "$mark" ]]; then
        say "Système de test arm64 réutilisé : $TREE" "Reusing the arm64 test system: $TREE"
        return 0
    fi
    say "Préparation du système de test arm64 (apt, venv [dev,pi] ; émulé, une demi-heure) : $TREE" \
        "Preparing the arm64 test system (apt, venv [dev,pi]; emulated, half an hour): $TREE"
    local start
    start="$(date +%s.%N)"
    local src="$RESULTS/src-kept"
    rm -rf "$src"
    mv "$TREE/src" "$src"
    rm -rf "$TREE"
    cp -a --reflink=auto "$BASE" "$TREE"
    rm -f "$TREE/.ludokiosk-base"
    mv "$src" "$TREE/src"
    # A network that inspects TLS: the same certificate authorities as here (apt, pip).
    if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
        cp /usr/local/share/ca-certificates/*.crt "$TREE/usr/local/share/ca-certificates/"
        inside update-ca-certificates >>"$RESULTS/prepare.log" 2>&1
    fi
    # The packages install.sh installs on a Pi: its own plan, read from --dry-run here.
    inside env DEBIAN_FRONTEND=noninteractive apt-get update >>"$RESULTS/prepare.log" 2>&1
    local plan packages
    plan="$(inside ./systemd/install.sh --dry-run 2>&1)" ||
        die "install.sh --dry-run a échoué dans le système arm64" "install.sh --dry-run failed in the arm64 system"
    packages="$(sed -n 's/^+ env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends //p' \
        <<<"$plan")"
    [[ -n "$packages" ]] || die "install.sh --dry-run ne prévoit aucun paquet" "install.sh --dry-run plans no package"
    say "Paquets d'install.sh : $packages" "install.sh's packages: $packages"
    # shellcheck disable=SC2086  # one word per package, as install.sh printed them
    inside env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $packages \
        >>"$RESULTS/prepare.log" 2>&1 || die "apt-get install a échoué ($RESULTS/prepare.log)" \
        "apt-get install failed ($RESULTS/prepare.log)"
    inside python3 -m venv /opt/venv
    inside /opt/venv/bin/python -m pip install --disable-pip-version-check --no-input \
        --editable '/src[dev,pi]' >>"$RESULTS/prepare.log" 2>&1 ||
        die "pip install a échoué ($RESULTS/prepare.log)" "pip install failed ($RESULTS/prepare.log)"
    printf '%s\n' "$mark" >"$marker"
    say "Système de test arm64 prêt en $(elapsed "$start") s." "arm64 test system ready in $(elapsed "$start") s."
}

# ---------------------------------------------------------------- the runs

PYTEST_RC=0
COMPARE_RC=0
SUMMARY=()

run_tests() {
    say "pytest dans le système arm64 : ${PYTEST_ARGS[*]}" "pytest in the arm64 system: ${PYTEST_ARGS[*]}"
    local start last
    start="$(date +%s.%N)"
    inside /opt/venv/bin/python -m pytest -p no:cacheprovider "${PYTEST_ARGS[@]}" \
        >"$RESULTS/pytest.log" 2>&1 || PYTEST_RC=$?
    last="$(grep -E '(passed|failed|error|no tests ran)' "$RESULTS/pytest.log" | tail -n 1 | tr -d '=' |
        sed 's/^ *//; s/ *$//')"
    tail -n 15 "$RESULTS/pytest.log"
    SUMMARY+=("pytest (arm64) : ${last:-?}, code $PYTEST_RC, en / in $(elapsed "$start") s")
}

run_tours() {
    local start took_here took_there count
    rm -rf "$RESULTS/tour-host" "$RESULTS/tour-$ARCH" "${TREE:?}$TOUR_INSIDE"
    say "Visite d'écrans ici ($(uname -m), $HOST_PYTHON)." "Screenshot tour here ($(uname -m), $HOST_PYTHON)."
    start="$(date +%s.%N)"
    (cd "$TREE/src" && PYTHONPATH="$TREE/src" PYTHONDONTWRITEBYTECODE=1 SDL_VIDEODRIVER=dummy \
        SDL_AUDIODRIVER=dummy "$HOST_PYTHON" -m kiosk.app --screenshot-tour "$RESULTS/tour-host") \
        >"$RESULTS/tour-host.log" 2>&1 || die "la visite d'ici a échoué ($RESULTS/tour-host.log)" \
        "this machine's tour failed ($RESULTS/tour-host.log)"
    took_here="$(elapsed "$start")"
    say "Visite d'écrans dans le système arm64 (émulé)." "Screenshot tour in the arm64 system (emulated)."
    start="$(date +%s.%N)"
    inside /opt/venv/bin/ludokiosk --screenshot-tour "$TOUR_INSIDE" >"$RESULTS/tour-$ARCH.log" 2>&1 ||
        die "la visite arm64 a échoué ($RESULTS/tour-$ARCH.log)" "the arm64 tour failed ($RESULTS/tour-$ARCH.log)"
    took_there="$(elapsed "$start")"
    mv "$TREE$TOUR_INSIDE" "$RESULTS/tour-$ARCH"
    count="$(find "$RESULTS/tour-$ARCH" -name '*.png' | wc -l)"
    local versions
    versions="$(inside /opt/venv/bin/python -c 'import platform, pygame; print(platform.machine(), "pygame", pygame.version.ver, "SDL", ".".join(map(str, pygame.get_sdl_version())))' 2>/dev/null | tail -n 1) ;"
    versions+=" $(PYTHONDONTWRITEBYTECODE=1 "$HOST_PYTHON" -c 'import platform, pygame; print(platform.machine(), "pygame", pygame.version.ver, "SDL", ".".join(map(str, pygame.get_sdl_version())))' 2>/dev/null | tail -n 1)"
    SUMMARY+=("visite / tour : $count écrans / screens, arm64 $took_there s, ici / here $took_here s ($versions)")
    say "Comparaison pixel par pixel." "Pixel for pixel comparison."
    (cd "$TREE/src" && PYTHONPATH="$TREE/src" PYTHONDONTWRITEBYTECODE=1 "$HOST_PYTHON" -m bench.tour_compare \
        --tolerance "$TOLERANCE" "$RESULTS/tour-host" "$RESULTS/tour-$ARCH") >"$RESULTS/compare.log" 2>&1 || COMPARE_RC=$?
    cat "$RESULTS/compare.log"
    SUMMARY+=("comparaison / comparison : $(tail -n 1 "$RESULTS/compare.log")")
}

# ---------------------------------------------------------------- main

started="$(date +%s.%N)"
mkdir -p "$CACHE_DIR" "$RESULTS"
: >"$RESULTS/prepare.log"
"$CHECKOUT/systemd/container-test.sh" --arch "$ARCH" --base-only "$CACHE_DIR"
mkdir -p "$TREE"
clone_checkout
build_tree
if ((TESTS)); then
    run_tests
fi
if ((TOUR)); then
    run_tours
fi
rm -rf "${TREE:?}/src"
printf 'arm64-tests: %s\n' "${SUMMARY[@]}"
printf 'arm64-tests: en / in %s s (%s)\n' "$(elapsed "$started")" "$RESULTS"
((PYTEST_RC == 0 && COMPARE_RC == 0))
