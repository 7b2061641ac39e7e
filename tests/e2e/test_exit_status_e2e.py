"""The exit-status table (README, "Exit statuses") for the commands that need a screen or a phone:
good input 0, a refused input 1 (no board on screen: play, calibrate and demo alike; no phone
on the adb server), bad usage 2. `practice` is done when its levels are cleared (here by the bot).
Ctrl-C (130) into these commands is tests/e2e/test_signals_commands.py's and test_signals.py's.
A refused `demo`: its own game drawn too small to read (`--scale 0.3`)."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import time
from pathlib import Path

import adbutils
import pytest
from harness import StandIns, Windows, run_bot

from onestroke.bot.device import perform
from onestroke.bot.device.desktop import DesktopDevice
from onestroke.bot.gesture import tap
from onestroke.coords import Point, Rect
from onestroke.practice.view import GameView

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def config(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "ONESTROKE_CONFIG_DIR": str(tmp_path / "config")}


def test_play_and_calibrate_done_refused_and_bad_usage(windows: Windows, tmp_path: Path) -> None:
    env = config(tmp_path)
    logs = str(tmp_path / "logs")
    game = windows.game(seed=31)
    calibrated = run_bot("calibrate", "--overlay", str(tmp_path / "overlay.png"), env=env)
    assert calibrated.returncode == 0, calibrated.stdout + calibrated.stderr
    played = run_bot("play", "--levels", "1", "--log-dir", logs, env=env)
    assert played.returncode == 0, played.stdout + played.stderr
    windows.cover(game.x, game.y, game.width, game.height)  # now the screen shows no board
    refused = run_bot("play", "--levels", "1", "--log-dir", logs, env=env)
    assert refused.returncode == 1 and "no board I can trust on screen" in refused.stderr, refused.stderr
    no_board = run_bot("calibrate", "--overlay", str(tmp_path / "overlay2.png"), env=env)
    assert no_board.returncode == 1 and "no board found" in no_board.stderr, no_board.stderr
    for usage in (["play", "--speed", "fast"], ["calibrate", "--monitor", "x"], ["play", "--region", "1,2"]):
        bad = run_bot(*usage, env=env)
        assert bad.returncode == 2 and bad.stderr.count("\n") == 1, (usage, bad.stderr)


def test_practice_is_done_when_its_levels_are_cleared(
    windows: Windows, desktop: DesktopDevice, tmp_path: Path
) -> None:
    """`practice --levels 1` is done when its level is cleared (by the bot) and the complete
    screen's go-on pressed (here as a person would, the bot having stopped after its one level)."""
    game = windows.game(seed=32, levels=1)  # `onestroke practice --levels 1` in its own process
    played = run_bot("play", "--levels", "1", "--log-dir", str(tmp_path / "logs"), env=config(tmp_path))
    assert played.returncode == 0, played.stdout + played.stderr
    box = GameView(game.width, game.height).controls("complete")["go_on"]
    go_on = Point(game.x + box.left + box.width / 2, game.y + box.top + box.height / 2)
    deadline = time.monotonic() + 20
    while game.process.poll() is None and time.monotonic() < deadline:
        perform(desktop, tap(go_on), Rect(game.x, game.y, game.width, game.height))
        with contextlib.suppress(subprocess.TimeoutExpired):
            game.process.wait(timeout=1.0)
    assert game.process.poll() == 0, "the game did not close after its one level and the go-on"


def printed_paths(out: str) -> list[Path]:
    """The absolute paths a run printed (`report /x/y.html`, `log /x/game.jsonl`, ...)."""
    return [Path(p) for p in re.findall(r"(?<![\w./])(/[^\s,;:()'\"]+)", out)]


def test_demo_and_practice(tmp_path: Path) -> None:
    env = {**config(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state")}  # the user log folder
    done = run_bot("demo", "--levels", "1", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    # the last line names the report, which is there after the demo; no path it printed is gone
    last = done.stdout.splitlines()[-1]
    assert last.startswith("demo: report "), done.stdout
    report = Path(last.removeprefix("demo: report "))
    assert report.is_file() and report.is_relative_to(tmp_path / "state"), last
    paths = printed_paths(done.stdout)
    assert report in paths and [p for p in paths if not p.exists()] == [], done.stdout
    # refused: its own game drawn at 0.3 scale has cells too small to trust (no lattice found)
    small = run_bot("demo", "--levels", "1", "--scale", "0.3", env=env)
    assert small.returncode == 1, small.stdout + small.stderr
    stop = [line for line in small.stderr.splitlines() if line.startswith("demo: the bot stopped: ")]
    assert len(stop) == 1 and "no board I can trust" in stop[0], small.stderr
    assert small.stdout.splitlines()[-1].startswith("demo: report "), small.stdout
    assert "Traceback" not in small.stderr, small.stderr
    for usage in (
        ["demo", "--position", "5000,5000"],
        ["demo", "--scale", "9"],
        ["practice", "--scale", "9"],
    ):
        bad = run_bot(*usage, env=env)
        assert bad.returncode == 2 and bad.stderr.count("\n") == 1, (usage, bad.stderr)


def test_devices(stand_ins: list[StandIns], tmp_path: Path) -> None:
    stand_ins.append(StandIns(tmp_path / "game.jsonl"))
    env = stand_ins[0].env(tmp_path)
    listed = run_bot("devices", "--no-measure", env=env)
    assert listed.returncode == 0 and "phone-1" in listed.stdout, listed.stdout + listed.stderr
    bad = run_bot("devices", "--touch", "bogus", env=env)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1, bad.stderr


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_devices_with_no_phone_attached_is_not_done(tmp_path: Path) -> None:
    """A real adb server (the one onestroke starts, as `adb` does) on a port of its own lists no
    phone here: `devices` says so and exits 1. The server is stopped at the end."""
    try:
        adb = adbutils.adb_path()
    except (adbutils.AdbError, OSError):
        adb = None
    if not adb or not os.path.isfile(adb):
        pytest.skip("no adb program (neither adbutils' nor platform-tools'): no real adb server to ask")
    port = free_port()
    env = {**config(tmp_path), "ANDROID_ADB_SERVER_PORT": str(port)}
    try:
        listed = run_bot("devices", "--no-measure", env=env)
    finally:
        subprocess.run([adb, "-P", str(port), "kill-server"], capture_output=True, timeout=30, check=False)
    assert listed.returncode == 1, listed.stdout + listed.stderr
    assert listed.stdout == f"devices: no Android device attached to the adb server at 127.0.0.1:{port}\n"
