# Shared by scripts/check and scripts/play (sourced, not run): the Debian packages Qt needs
# and the project's virtual environment in .venv.

# shellcheck shell=bash

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"

# What PySide6's xcb and offscreen platforms load, plus fonts with Chinese glyphs.
QT_DEBIAN_PACKAGES=(
    libegl1 libgl1 libfontconfig1 libfreetype6 libglib2.0-0 libdbus-1-3
    libxkbcommon0 libxkbcommon-x11-0 libx11-6 libx11-xcb1
    libxcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0
    libxcb-render0 libxcb-render-util0 libxcb-shape0 libxcb-shm0 libxcb-sync1 libxcb-util1
    libxcb-xfixes0 libxcb-xkb1 libxcb-glx0
    fonts-dejavu-core fonts-noto-cjk
)

say() { printf '==> %s\n' "$*"; }

# ensure_debian_packages PKG...: install those not yet installed. Needs root; otherwise it
# prints the command to run and carries on.
ensure_debian_packages() {
    if ! command -v dpkg-query >/dev/null 2>&1; then
        say "not a Debian system: make sure the equivalents of these are installed: $*"
        return 0
    fi
    local missing=() pkg
    for pkg in "$@"; do
        if [[ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg" 2>/dev/null)" != "ii "* ]]; then
            missing+=("$pkg")
        fi
    done
    [[ ${#missing[@]} -eq 0 ]] && return 0
    if [[ $EUID -ne 0 ]]; then
        say "missing Debian packages: ${missing[*]}"
        say "install them as root with:"
        printf '    apt-get update && apt-get install -y --no-install-recommends %s\n' "${missing[*]}"
        say "carrying on without them; Qt may fail to start"
        return 0
    fi
    say "installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# The interpreter for a new venv: $PYTHON if set, else python3.11, else python3 if >= 3.11.
find_python() {
    local candidate
    for candidate in ${PYTHON:-} python3.11 python3; do
        if command -v "$candidate" >/dev/null 2>&1 \
            && "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            command -v "$candidate"
            return 0
        fi
    done
    echo "error: Python 3.11 or newer not found (set PYTHON=/path/to/python3.11)" >&2
    return 1
}

# ensure_venv SPEC: create .venv (or reuse it) and `pip install -e SPEC` into it, SPEC being
# '.' or '.[test]'. The install is skipped when pyproject.toml has not changed since the last
# successful one with the same SPEC; delete .venv to start over.
ensure_venv() {
    local spec="$1" python stamp wanted
    if ! "$VENV/bin/python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
        python="$(find_python)" || return 1
        if ! "$python" -c 'import ensurepip, venv' 2>/dev/null; then
            ensure_debian_packages python3-venv  # Debian's python3 ships venv separately
        fi
        say "creating $VENV with $python"
        rm -rf "$VENV"
        "$python" -m venv "$VENV"
    fi
    stamp="$VENV/.installed-$(printf '%s' "$spec" | tr -c 'a-z' '_')"
    wanted="$spec $(sha256sum "$ROOT/pyproject.toml" | cut -d' ' -f1)"
    if [[ -f "$stamp" && "$(cat "$stamp")" == "$wanted" ]]; then
        say "reusing $VENV (pyproject.toml unchanged)"
    else
        say "pip install -e '$spec' into $VENV"
        export PIP_DISABLE_PIP_VERSION_CHECK=1
        "$VENV/bin/python" -m pip install -q --upgrade pip
        (cd "$ROOT" && "$VENV/bin/python" -m pip install -q -e "$spec")
        printf '%s\n' "$wanted" >"$stamp"
    fi
    export VIRTUAL_ENV="$VENV" PATH="$VENV/bin:$PATH"
}
