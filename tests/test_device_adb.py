"""The adb device against a stand-in `adb` on PATH (no phone here): the exact commands sent.

The stand-in logs its arguments and, for `exec-out screencap -p`, prints a PNG of a rendered
level, so capture, detection and `play --adb --dry-run` run for real on the phone's picture.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import cv2
import pytest

from onestroke.bot.coords import Point, Rect
from onestroke.bot.device import DeviceError, UnsafeDragError, open_device, perform
from onestroke.bot.device.adb import AdbDevice
from onestroke.bot.gesture import stroke, tap
from onestroke.practice.levels import make_level
from onestroke.practice.render import render_screen

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def fake_adb(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An `adb` that logs each call to calls.log and serves screen.png for screencap."""
    level = make_level(2, 3)
    screen = render_screen(level.board, width=1080, height=1920, level=3, cat=level.cat).image
    cv2.imwrite(str(tmp_path / "screen.png"), screen)
    script = tmp_path / "bin" / "adb"
    script.parent.mkdir()
    script.write_text(
        "#!/bin/sh\n"
        f'echo "$@" >> "{tmp_path}/calls.log"\n'
        f'case "$*" in *"exec-out screencap -p"*) cat "{tmp_path}/screen.png" ;; esac\n'
    )
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{script.parent}{os.pathsep}{os.environ['PATH']}")
    return tmp_path


def calls(folder: Path) -> list[str]:
    log = folder / "calls.log"
    return log.read_text().splitlines() if log.exists() else []


def test_screencap_gives_the_phone_screen_as_bgr(fake_adb: Path) -> None:
    with open_device("adb", serial="emulator-5554") as device:
        assert isinstance(device, AdbDevice) and device.screen == Rect(0, 0, 1080, 1920)
        image = device.grab()
    assert image.shape == (1920, 1080, 3)
    assert (image == cv2.imread(str(fake_adb / "screen.png"))).all()
    assert calls(fake_adb) == ["-s emulator-5554 exec-out screencap -p"] * 2  # opening looks once
    part = AdbDevice().grab(Rect(100, 200, 300, 400))
    assert part.shape == (400, 300, 3)
    assert not device.capabilities.fast_capture and device.windows is None


def test_touch_drag_is_down_moves_up_in_screen_pixels(fake_adb: Path) -> None:
    device = AdbDevice()
    perform(
        device, stroke([Point(10.4, 20.6), Point(30, 20), Point(50, 20)], turn_dwell=0), Rect(0, 0, 100, 100)
    )
    perform(device, tap(Point(70, 80), hold=0), Rect(0, 0, 100, 100))
    assert calls(fake_adb)[1:] == [
        "shell input motionevent DOWN 10 21",
        "shell input motionevent MOVE 30 20",
        "shell input motionevent MOVE 50 20",
        "shell input motionevent UP 50 20",
        "shell input motionevent DOWN 70 80",
        "shell input motionevent UP 70 80",
    ]


def test_touch_refuses_points_outside_the_area_before_touching(fake_adb: Path) -> None:
    device = AdbDevice()
    with pytest.raises(UnsafeDragError):
        perform(device, stroke([Point(10, 10), Point(500, 10)]), Rect(0, 0, 100, 100))
    assert [call for call in calls(fake_adb) if "motionevent" in call] == []


def test_missing_adb_is_explained(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(DeviceError, match="adb not found: install Android platform-tools"):
        open_device("adb")


def test_play_dry_run_over_adb_finds_and_solves_the_phone_board(fake_adb: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "onestroke",
            "play",
            "--adb",
            "--dry-run",
            "--log-dir",
            str(fake_adb / "logs"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env={k: v for k, v in os.environ.items() if k != "DISPLAY"},  # the phone needs no display
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "dry run: level 1 solved" in done.stdout
    assert list((fake_adb / "logs").glob("*-dry-run/overlay.png"))
    assert not [call for call in calls(fake_adb) if "motionevent" in call], "a dry run never touches"
