"""The run report opens in real Chromium (headless) and shows its pictures; its level rows are
the levels the run played."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from onestroke.bot.play.report import LevelRow, RunReport, StopRow, pictures
from onestroke.bot.vision import detect
from onestroke.practice.levels import make_level
from onestroke.practice.render import render_screen

pytestmark = pytest.mark.e2e


def browser() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.skip("Chromium is not installed (apt-get install chromium; `bash run.sh test` installs it)")
    return found


def rendered_dom(page: Path, profile: Path) -> str:
    """The page's DOM after its load event, as headless Chromium built it."""
    command = [
        browser(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={profile}", "--virtual-time-budget=5000", "--dump-dom", page.as_uri(),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def a_screen(seed: int, level: int) -> tuple:
    image = render_screen(make_level(seed, level).board, width=540, height=960).image
    return image, detect(image)


def test_the_report_shows_every_picture_in_chromium(tmp_path: Path) -> None:
    report = RunReport(tmp_path / "report.html", "play", {"levels": 3, "speed": "max"})
    for number in (1, 2):
        image, found = a_screen(5, number)
        screen, overlay = pictures(image, found)
        board = found.board
        report.add_level(
            LevelRow(
                number, f"{board.rows}x{board.cols}", 10.0, 20.0, 0.3, 1.2, 1, 0, "cleared", screen, overlay
            )
        )
    stop_screen, stop_overlay = pictures(*a_screen(5, 3))
    report.add_stop(StopRow("no board I can trust on screen", 3, stop_screen, stop_overlay, str(tmp_path)))
    page = report.finish("2 levels cleared, 1 stop, 0.5 min")
    dom = rendered_dom(page, tmp_path / "profile")
    counts = dict(re.findall(r'data-(images|images-shown|levels)="(\d+)"', dom))
    assert counts == {"levels": "2", "images": "6", "images-shown": "6"}, counts
    assert "no board I can trust on screen" in dom and "2 levels cleared, 1 stop" in dom


def test_a_broken_picture_is_counted_and_said(tmp_path: Path) -> None:
    report = RunReport(tmp_path / "report.html", "demo")
    report.add_stop(StopRow("stopped", None, "data:image/jpeg;base64,AAAA", None, None))
    dom = rendered_dom(report.finish("0 levels"), tmp_path / "profile")
    assert 'data-images="1"' in dom and 'data-images-shown="0"' in dom
    assert "1 picture could not be shown" in dom
