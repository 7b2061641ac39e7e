"""The exit-status table (README, "Exit statuses") for the commands that need a screen or a phone:
good input 0, a refused input 1 (no board on screen: play and calibrate alike), bad usage 2.
Ctrl-C (130) into these commands is tests/e2e/test_signals_commands.py's and test_signals.py's.
Not here: a refused `demo` (its own game always shows a board) and `practice` done (a person
clears it), and `devices` refused (a stand-in adb server always has a phone)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from harness import StandIns, Windows, run_bot

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
