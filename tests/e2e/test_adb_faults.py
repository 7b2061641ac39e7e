"""What a phone does to the game while `onestroke play --adb --levels 3` plays a stand-in phone.

Each case does one thing a person (or the phone) does, after level 1 is cleared (the game's log
has its cleared record), through the real `adb` client as a person would type it, and undoes it
2 s later: the power key (the screen off, then on), `settings put system user_rotation 1` (the
screen turned, then back), the home key (the game's app leaves the foreground, then `am start`
brings it back), `adb reconnect` (the device offline a moment, then back by itself). The bot
must say what happened in its own line, wait, and clear all 3 levels with no stray touch (the
stand-in logs a touch on the home screen or a dark screen as a stray). One more case leaves the
screen off: the bot stops with the stop line that names it, after `--wait-covered`.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import adbutils
import pytest
from harness import ROOT, StandIns, running

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

LEVELS = 3
AWAY_FOR = 2.0  # seconds the fault lasts
GAME = "com.onestroke.practice/.GameActivity"

# fault: (what is typed to make it, what is typed to undo it (None: it passes by itself), the bot's line)
FAULTS: dict[str, tuple[list[str], list[str] | None, str]] = {
    "screen-off": (["shell", "input", "keyevent", "26"], ["shell", "input", "keyevent", "26"],
                   "device phone-1: the screen turned off (the screenshot is black)"),
    "rotated": (["shell", "settings", "put", "system", "user_rotation", "1"],
                ["shell", "settings", "put", "system", "user_rotation", "0"],
                "device phone-1: the screen rotated"),
    "background": (["shell", "input", "keyevent", "3"], ["shell", "am", "start", "-n", GAME],
                   "device phone-1: the game's app left the foreground"),
    "offline": (["reconnect"], None, "device phone-1: the device went offline"),
}  # fmt: skip


def adb_program() -> str:
    found = shutil.which("adb") or adbutils.adb_path()
    if not found:
        pytest.skip("no adb client")
    return found


def adb(port: int, *args: str) -> None:
    subprocess.run([adb_program(), "-P", str(port), *args], check=True, capture_output=True, timeout=30)


def records(log: Path) -> list[dict[str, object]]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text().splitlines() if line.strip()]


def wait_cleared(log: Path, count: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if sum(1 for r in records(log) if r.get("cleared")) >= count:
            return True
        time.sleep(0.02)
    return False


def play(stand_in: StandIns, tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "onestroke", "play", "--adb", "--levels", str(LEVELS)]
    return subprocess.Popen(
        [*command, "--log-dir", str(tmp_path / "logs"), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=stand_in.env(tmp_path),
        cwd=ROOT,
    )


@pytest.mark.parametrize("fault", list(FAULTS))
def test_the_bot_says_what_the_phone_did_and_goes_on(
    fault: str, stand_ins: list[StandIns], tmp_path: Path
) -> None:
    log = tmp_path / "game.jsonl"
    stand_ins.append(StandIns(log, "--levels", str(LEVELS)))
    port = stand_ins[0].port
    make, undo, line = FAULTS[fault]
    with running(play(stand_ins[0], tmp_path)) as bot:
        assert wait_cleared(log, 1, timeout=120), "level 1 was never cleared"
        adb(port, *make)
        time.sleep(AWAY_FOR)
        if undo is not None:
            adb(port, *undo)
        out, err = bot.communicate(timeout=240)
    context = f"exit {bot.returncode}\nstdout:\n{out}\nstderr:\n{err}\nlog:\n{records(log)}"
    assert "Traceback" not in out + err, context
    assert line in out, context
    assert "device phone-1: the game is back; going on" in out, context
    assert bot.returncode == 0, context
    found = records(log)
    assert [r for r in found if "stray" in r or "phone" in r] == [], context
    assert sum(1 for r in found if r.get("cleared")) == LEVELS, context


def test_a_screen_left_off_stops_the_bot_with_its_own_line(stand_ins: list[StandIns], tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    stand_ins.append(StandIns(log, "--levels", str(LEVELS)))
    with running(play(stand_ins[0], tmp_path, "--wait-covered", "3")) as bot:
        assert wait_cleared(log, 1, timeout=120), "level 1 was never cleared"
        adb(stand_ins[0].port, "shell", "input", "keyevent", "26")
        out, err = bot.communicate(timeout=120)
    context = f"exit {bot.returncode}\nstdout:\n{out}\nstderr:\n{err}"
    assert "Traceback" not in out + err, context
    assert bot.returncode != 0, context
    assert (
        "device phone-1: the screen stayed off for 3 s: not pressing anything" in err.strip().splitlines()[-1]
    ), context
    assert [r for r in records(log) if "stray" in r] == [], context
