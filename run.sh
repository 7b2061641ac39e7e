#!/usr/bin/env bash
# One entry point that sets everything up on a fresh machine, then runs a job:
#   bash run.sh demo    the main job: the bot clears practice levels (starts Xvfb when there is no screen)
#   bash run.sh test    the whole test suite (unit, vision fixtures, end-to-end under Xvfb)
#   bash run.sh bench   the solver benchmark tables (docs/solver.md); other benchmarks: python -m benchmarks.NAME
#   bash run.sh -- ARGS runs `onestroke ARGS` in the project's environment
set -euo pipefail
cd "$(dirname "$0")"
venv=.venv

need_system_packages() {
    # Xvfb gives the e2e tests and the headless demo a real X display; xdotool lets tests
    # cover and move windows like a person would; the practice game's window is Tk (python3-tk).
    command -v Xvfb >/dev/null && command -v xdotool >/dev/null && python3 -c 'import tkinter' 2>/dev/null &&
        return 1
    return 0
}

if need_system_packages; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq xvfb xdotool python3-tk >/dev/null
    else
        echo "run.sh: Xvfb/xdotool/tkinter missing; install them (e.g. sudo apt-get install -y xvfb xdotool python3-tk)" >&2
    fi
fi

# Chromium plays the web practice target (practice/web) in the e2e tests; where it cannot be
# installed those tests skip and say why, so a failure here only warns.
if ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }; then
            echo "run.sh: chromium could not be installed; the web practice tests will be skipped" >&2
        fi
    else
        echo "run.sh: chromium missing (e.g. sudo apt-get install -y chromium); the web practice tests will be skipped" >&2
    fi
fi

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
stamp="$venv/.installed-$(sha1sum pyproject.toml | cut -c1-12)"
if [ ! -e "$stamp" ]; then
    log="$venv/install.log"
    echo "run.sh: installing onestroke into $venv (log: $log)" >&2
    if ! { "$venv/bin/python" -m pip install -q --upgrade pip &&
        "$venv/bin/python" -m pip install -q -e '.[test,bench]'; } >"$log" 2>&1; then
        cat "$log" >&2
        echo "run.sh: installing the Python packages failed (see above)" >&2
        exit 1
    fi
    touch "$stamp"
fi

job=${1:-demo}
[ $# -gt 0 ] && shift
case "$job" in
    demo) exec "$venv/bin/onestroke" demo "$@" ;;
    test) exec "$venv/bin/python" -m pytest -q "$@" ;;
    bench) exec "$venv/bin/python" -m benchmarks.solver_bench "$@" ;;
    --) exec "$venv/bin/onestroke" "$@" ;;
    *) echo "run.sh: unknown job '$job' (demo, test, bench, or -- ARGS)" >&2; exit 2 ;;
esac
