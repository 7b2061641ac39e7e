"""Ctrl-C into the display and phone commands at random moments, from their start-up on: `play`
(a real game on screen, real drags), `calibrate` and `practice` (before and after its window
shows); `devices` and `play --adb` on a stand-in phone (the adb server protocol, real sockets).

Like a terminal, SIGINT goes to the command's whole process group (half the tries) or to the
command alone. Every try must end with exit status 130 and exactly one line on stderr, with the
mouse button up afterwards. The demo has its own (test_signals.py); the commands without a
display, tests/test_interrupt.py.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from harness import ROOT, StandIns, Windows, button_is_down

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

TRIES = 4


def python_start_seconds() -> float:
    """How long the interpreter takes to reach onestroke's entry module (best of 3): the window
    before the Ctrl-C guard, Python's own (docs/solver.md, "Hard limits"), which is skipped."""
    best = float("inf")
    for _ in range(3):
        began = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import onestroke._startup"], check=True)
        best = min(best, time.perf_counter() - began)
    return best


def interrupted(args: list[str], delay: float, group: bool, env: dict[str, str]) -> tuple[int, str, float]:
    """`onestroke ARGS` in a session of its own, SIGINT after `delay` s: (status, stderr, s to stop)."""
    command = subprocess.Popen(
        [sys.executable, "-m", "onestroke", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    time.sleep(delay)
    sent = time.perf_counter()
    if group:
        os.killpg(command.pid, signal.SIGINT)
    else:
        command.send_signal(signal.SIGINT)
    _, err = command.communicate(timeout=30)
    return command.returncode, err, time.perf_counter() - sent


@pytest.mark.parametrize("name", ["play", "calibrate", "practice"])
def test_random_sigints_into_the_display_commands_exit_130_with_one_line(
    name: str, windows: Windows, tmp_path: Path
) -> None:
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}  # calibrate saves a profile
    args = {
        "play": ["play", "--levels", "3", "--log-dir", str(tmp_path / "logs")],
        "calibrate": ["calibrate", "--profile", "fuzz", "--overlay", str(tmp_path / "overlay.png")],
        "practice": ["practice", "--log", str(tmp_path / "game.jsonl")],
    }[name]
    # the latest moment: play clears 3 levels in about 9 s, and the practice game runs until it
    # is closed (its window shows after about a second); calibrate takes about a second, so half
    # of one run measured here (a signal after the end would land in Python's own shutdown)
    latest = {"play": 5.0, "practice": 2.0}.get(name, 0.0)
    if name == "calibrate":
        windows.game(seed=29)
        began = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "onestroke", *args], cwd=ROOT, env=env, capture_output=True
        )
        latest = 0.5 * (time.perf_counter() - began)
        assert done.returncode == 0, done.stderr
        windows.close()
        windows.processes.clear()
    earliest = 2 * python_start_seconds() + 0.05
    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    for k in range(TRIES):
        if name != "practice":
            windows.game(seed=30 + k)  # a fresh level on screen each time
        delay = rng.uniform(earliest, latest)
        status, err, took = interrupted(args, delay, k % 2 == 1, env)
        where = f"seed {seed}, try {k}: {name} after {delay:.2f} s"
        assert (status, err) == (130, "onestroke: interrupted\n"), f"{where}: {status} {err[-3000:]!r}"
        assert took < 5.0, f"{where}: took {took:.2f} s to stop"
        assert not button_is_down(), f"{where}: the button is still down"
        windows.close()
        windows.processes.clear()


@pytest.mark.parametrize("name", ["devices", "play --adb"])
def test_random_sigints_into_the_phone_commands_exit_130_with_one_line(
    name: str, stand_ins: list[StandIns], tmp_path: Path
) -> None:
    args = {
        "devices": ["devices"],  # measures every capture and touch method on the phone: seconds
        "play --adb": ["play", "--adb", "--levels", "2", "--log-dir", str(tmp_path / "logs")],
    }[name]
    stand_ins.append(StandIns(tmp_path / "game-first.jsonl", "--levels", "5"))
    began = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "onestroke", *args],
        cwd=ROOT,
        env=stand_ins[-1].env(tmp_path),
        capture_output=True,
    )
    latest = 0.5 * (time.perf_counter() - began)  # a signal after the end would land in Python's shutdown
    assert done.returncode == 0, done.stderr
    earliest = 2 * python_start_seconds() + 0.05
    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    for k in range(TRIES):
        stand_ins.append(StandIns(tmp_path / f"game-{k}.jsonl", "--levels", "5"))  # a fresh phone
        delay = rng.uniform(earliest, latest)
        status, err, took = interrupted(args, delay, k % 2 == 1, stand_ins[-1].env(tmp_path))
        where = f"seed {seed}, try {k}: {name} after {delay:.2f} s"
        assert (status, err) == (130, "onestroke: interrupted\n"), f"{where}: {status} {err[-3000:]!r}"
        assert took < 5.0, f"{where}: took {took:.2f} s to stop"
