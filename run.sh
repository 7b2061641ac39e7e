#!/usr/bin/env bash
# One entry point that sets everything up on a fresh machine, then runs a job:
#   bash run.sh demo    the main job: the bot clears practice levels (starts Xvfb when there is no screen)
#   bash run.sh test    the whole test suite (unit, vision fixtures, end-to-end under Xvfb and Chromium)
#   bash run.sh bench   the solver benchmark tables (docs/solver.md); other benchmarks: python -m benchmarks.NAME
#   bash run.sh -- ARGS runs `onestroke ARGS` in the project's environment
# Each job installs only what it uses: the demo the runtime (no Chromium, no test or benchmark
# extras); test and bench add Chromium, xdotool and the extras (docs/CONTRIBUTING.md has the figures).
set -euo pipefail
cd "$(dirname "$0")"
venv=.venv
job=${1:-demo}
[ $# -gt 0 ] && shift

say() { echo "run.sh: $*" >&2; }

# The Debian packages a job needs that are missing: Xvfb gives the headless demo and the e2e tests a
# real X display; the practice game's window is Tk (python3-tk); xdotool lets the tests cover and
# move windows like a person would; Chromium plays the web practice target in the e2e tests; the
# tests of the panel screens need a font with Chinese and Japanese (fonts-wqy-microhei).
missing_packages() {
    command -v Xvfb >/dev/null || echo xvfb
    python3 -c 'import tkinter' 2>/dev/null || echo python3-tk
    if [ "$1" = full ]; then
        command -v xdotool >/dev/null || echo xdotool
        command -v chromium >/dev/null || command -v chromium-browser >/dev/null || echo chromium
        # the panel practice screens' Chinese/Japanese words (practice/panels.py; 1.6 MB download)
        [ -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || echo fonts-wqy-microhei
    fi
}

install_packages() {
    local packages
    packages=$(missing_packages "$1" | tr '\n' ' ')
    [ -n "${packages// /}" ] || return 0
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        say "missing system packages: $packages(e.g. sudo apt-get install -y $packages)"
        return 0
    fi
    case "$packages" in
        *chromium*) say "installing $packages with apt-get (Chromium is ~350 MB: a few minutes)" ;;
        *) say "installing $packages with apt-get (about half a minute)" ;;
    esac
    apt-get update -qq
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages >/dev/null; then
        # the web practice tests skip and say why when Chromium is missing; the rest must install
        say "apt-get could not install $packages; tests that need them will be skipped or fail"
    fi
}

# The Python environment: `.` for the demo (the runtime dependencies), `.[test,bench]` for the
# tests and benchmarks; a stamp per pyproject.toml and extras, so a changed pyproject reinstalls.
install_python() {
    local extras=$1 spec=. what="the runtime (numpy, OpenCV, mss, pyautogui, pynput, python-sat, adbutils, and the OCR engine rapidocr + onnxruntime, ~111 MB; half a minute to a minute)"
    if [ "$extras" = full ]; then
        spec='.[test,bench]'
        what="the runtime with its OCR engine and the test and benchmark extras (pytest, hypothesis, ruff, import-linter, build, twine, OR-tools; 1-2 minutes)"
    fi
    local key stamp
    key=$(sha1sum pyproject.toml | cut -c1-12)
    stamp="$venv/.installed-$key-$extras"
    # the full set includes the runtime: a test install serves the demo too
    [ -e "$stamp" ] || [ -e "$venv/.installed-$key-full" ] && return 0
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    local log="$venv/install.log"
    say "installing onestroke and $what into $venv (log: $log)"
    if ! { "$venv/bin/python" -m pip install -q --upgrade pip &&
        "$venv/bin/python" -m pip install -q -e "$spec"; } >"$log" 2>&1; then
        cat "$log" >&2
        say "installing the Python packages failed (see above)"
        exit 1
    fi
    touch "$stamp"
}

case "$job" in
    demo | --) need=runtime ;;
    test | bench) need=full ;;
    *) say "unknown job '$job' (demo, test, bench, or -- ARGS)"; exit 2 ;;
esac
install_packages "$need"
install_python "$need"

case "$job" in
    demo) exec "$venv/bin/onestroke" demo "$@" ;;
    test) exec "$venv/bin/python" -m pytest -q "$@" ;;
    bench) exec "$venv/bin/python" -m benchmarks.solver_bench "$@" ;;
    --) exec "$venv/bin/onestroke" "$@" ;;
esac
