"""`--video`: the practice window recorded on the session's Xvfb (its own mss connection in a
thread), read back by OpenCV and played by real Chromium with the run's duration."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from pathlib import Path

import cv2
import pytest
from harness import Windows

from onestroke.bot.device.desktop import ScreenCapture
from onestroke.bot.play.video import VideoError, VideoRecorder
from onestroke.coords import Rect

pytestmark = pytest.mark.e2e


def test_a_recorded_window_reads_back_and_plays_in_chromium(windows: Windows, tmp_path: Path) -> None:
    game = windows.game(seed=3)
    region = Rect(game.x, game.y, game.width, game.height)
    path = tmp_path / "run.webm"
    recorder = VideoRecorder(path, fps=10)
    recorder.follow(ScreenCapture, lambda: region)
    time.sleep(2.0)
    summary = recorder.close()
    assert summary.grabbed >= 12 and summary.frames >= 15, summary
    video = cv2.VideoCapture(str(path))
    frames = []
    while True:
        ok, frame = video.read()
        if not ok:
            break
        frames.append(frame)
    assert len(frames) == summary.frames
    assert frames[0].shape[:2] == (game.height - game.height % 2, game.width - game.width % 2)
    assert frames[-1].mean() > 40, "the frames show the game, not a black screen"
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("Chromium is not installed (apt-get install chromium; `bash run.sh test` installs it)")
    page = tmp_path / "play.html"
    page.write_text(
        f'<video src="{path.name}" muted></video><script>const v = document.querySelector("video");'
        'v.addEventListener("loadedmetadata", () => { v.currentTime = 1e9; });'
        'v.addEventListener("durationchange", () => { document.body.dataset.duration = v.duration; });'
        'v.addEventListener("error", () => { document.body.dataset.error = v.error.code; });</script>'
    )
    command = [
        browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--autoplay-policy=no-user-gesture-required", "--allow-file-access-from-files",
        f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=8000", "--dump-dom", page.as_uri(),
    ]  # fmt: skip
    dom = subprocess.run(command, capture_output=True, text=True, timeout=120).stdout
    assert "data-error" not in dom, dom
    found = re.search(r'data-duration="([\d.]+)"', dom)
    assert found, dom
    assert abs(float(found.group(1)) - summary.frames / 10) < 0.5


def test_a_video_path_that_cannot_be_written_is_refused_before_the_run(tmp_path: Path) -> None:
    with pytest.raises(VideoError, match="name it NAME.webm"):
        VideoRecorder(tmp_path / "run.mp4")
    with pytest.raises(VideoError, match="does not exist"):
        VideoRecorder(tmp_path / "absent" / "run.webm")
