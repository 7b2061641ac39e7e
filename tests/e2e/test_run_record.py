"""What a run leaves and how it ends, through the real `play` command on the practice game:
the report page (opened in real Chromium: its pictures show, its rows are the levels the game
logged), the video (read back by OpenCV), the pause and stop keys (real key events from xdotool),
and the summary line on every end, Ctrl-C and the fail-safe corner included."""

from __future__ import annotations

import json
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import cv2
import pytest
from harness import Windows, bot_pressing, button_is_down, run_bot

from onestroke.practice.rules import Rules

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
SUMMARY = re.compile(r"^play: (\d+) levels? cleared, (\d+) failed attempts?, [\d.]+ s", re.M)


def cleared_in_log(log: Path) -> int:
    records = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    return sum(1 for record in records if record.get("cleared"))


def dom_of(page: Path, profile: Path) -> str:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("Chromium is not installed (apt-get install chromium; `bash run.sh test` installs it)")
    command = [
        browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={profile}", "--virtual-time-budget=5000", "--dump-dom", page.as_uri(),
    ]  # fmt: skip
    return subprocess.run(command, capture_output=True, text=True, timeout=120).stdout


def test_play_writes_a_report_and_a_video_and_names_the_report_last(windows: Windows, tmp_path: Path) -> None:
    game = windows.game(seed=41)
    report, video = tmp_path / "run.html", tmp_path / "run.webm"
    done = run_bot(
        "play",
        "--levels",
        "2",
        "--log-dir",
        str(tmp_path / "logs"),
        "--report",
        str(report),
        "--video",
        str(video),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[-1] == f"play: report {report}", lines[-3:]
    assert SUMMARY.search(done.stdout).groups() == ("2", "0"), done.stdout
    dom = dom_of(report, tmp_path / "profile")
    counts = dict(re.findall(r'data-(images|images-shown|levels)="(\d+)"', dom))
    assert counts["levels"] == str(cleared_in_log(game.log)) == "2"
    assert counts["images"] == counts["images-shown"] == "4", counts  # each level: its screen, its overlay
    frames = 0
    capture = cv2.VideoCapture(str(video))
    while capture.read()[0]:
        frames += 1
    assert frames >= 10, f"{frames} frames"


def test_a_stop_leaves_the_summary_and_the_report_with_its_reason(windows: Windows, tmp_path: Path) -> None:
    game = windows.game(seed=42)
    windows.cover(game.x, game.y, game.width, game.height)  # no board on screen: the bot stops
    report = tmp_path / "stop.html"
    done = run_bot("play", "--levels", "1", "--log-dir", str(tmp_path / "logs"), "--report", str(report))
    assert done.returncode == 1
    assert "no board I can trust on screen" in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert SUMMARY.search(done.stdout).groups() == ("0", "1"), done.stdout
    assert "(the bot stopped)" in done.stdout
    page = report.read_text()
    assert "no board I can trust on screen" in page and 'data-levels="0"' in page


def test_ctrl_c_prints_the_summary_before_the_status(windows: Windows, tmp_path: Path) -> None:
    windows.game(seed=43, rules=Rules(fps=8))  # a slow game: the drag takes seconds
    with bot_pressing("play", "--levels", "3", "--log-dir", str(tmp_path)) as bot:
        bot.send_signal(signal.SIGINT)
        out, err = bot.communicate(timeout=30)
    assert (bot.returncode, err) == (130, "onestroke: interrupted\n")
    assert SUMMARY.search(out).groups() == ("0", "0") and "(interrupted)" in out, out
    assert not button_is_down()


def test_f8_pauses_before_the_next_stroke_and_f9_stops_after_the_level(
    windows: Windows, tmp_path: Path
) -> None:
    game = windows.game(seed=44, rules=Rules(fps=10))
    bot = subprocess.Popen(
        [sys.executable, "-m", "onestroke", "play", "--levels", "3", "--log-dir", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not button_is_down():  # level 1's drag: F8 now pauses before level 2's stroke
            assert bot.poll() is None and time.monotonic() < deadline, "the bot never pressed"
            time.sleep(0.01)
        subprocess.run(["xdotool", "key", "F8"], check=True)
        while cleared_in_log(game.log) < 1:
            assert time.monotonic() < deadline, "level 1 was not cleared"
            time.sleep(0.05)
        time.sleep(2.0)  # paused: level 2 shows and no press comes
        assert cleared_in_log(game.log) == 1 and not button_is_down()
        subprocess.run(["xdotool", "key", "F9"], check=True)  # stop, from the pause
        out, err = bot.communicate(timeout=30)
    finally:
        if bot.poll() is None:
            bot.kill()
    assert bot.returncode == 0, out + err
    assert "paused (F8 resumes, F9 stops)" in out
    assert SUMMARY.search(out).groups() == ("1", "0") and "(stopped with the stop key)" in out, out
    assert cleared_in_log(game.log) == 1


def test_the_fail_safe_corner_prints_the_summary_and_one_stop_line(windows: Windows, tmp_path: Path) -> None:
    game = windows.game(seed=45, rules=Rules(fps=8))  # a slow game: the drag takes seconds
    try:
        with bot_pressing("play", "--levels", "3", "--log-dir", str(tmp_path)) as bot:
            # what a worried user does, mid-drag; again until the bot looks (its own moves may
            # come between this move and its next check of the pointer)
            deadline = time.monotonic() + 30
            while bot.poll() is None and time.monotonic() < deadline:
                subprocess.run(["xdotool", "mousemove", "0", "0"], check=True)
                time.sleep(0.05)
            out, err = bot.communicate(timeout=30)
    finally:
        subprocess.run(["xdotool", "mousemove", "960", "540"], check=True)  # out of the corner again
    assert not button_is_down()
    released = [record for record in game.wait_for_records(1) if not record["cleared"]]
    assert released and released[0]["reason"].startswith("released after"), game.records()
    assert bot.returncode == 130, out + err
    assert (
        err
        == "onestroke: stopped: the mouse went into a screen corner (the fail-safe); the button is released\n"
    )
    assert len(SUMMARY.findall(out)) == 1 and SUMMARY.search(out).groups() == ("0", "0"), out
    assert "(interrupted)" in out and "Traceback" not in out + err, out + err
