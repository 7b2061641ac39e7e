"""The practice game in a random look (`practice --look SEED`), on the real (virtual) screen.

The Tk window shows the level drawn in the look, mss captures it, and the capture is the
rendered truth pixel for pixel; then a drag through the real pointer is drawn in the look's path
style and the strict rules log it as ever. Whether the bot can read the look is the random-look
sweep's question (tests/test_random_looks.py), not this one: today's detector refuses most looks.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from onestroke.bot.device import perform
from onestroke.bot.device.desktop import DesktopDevice
from onestroke.bot.gesture import route_points, step_interval, stroke
from onestroke.coords import Rect
from onestroke.practice.levels import make_level
from onestroke.practice.looks import look_from_seed
from onestroke.practice.process import start_game, stop_game
from onestroke.practice.rules import PracticeGame, Rules
from onestroke.practice.view import GameView
from onestroke.practice.web.server import BROWSERS
from onestroke.solver.search import solve

pytestmark = pytest.mark.e2e

LOOKS = (3, 27, 49)  # a framed grid on a gradient, circles with a letter start, dots on a dark field
LEVEL_SEED = 12


def shown_level(width: int, height: int, look: int) -> np.ndarray:
    """What the game draws for its first level in `look`, headless."""
    view = GameView(width, height, look=look_from_seed(look))
    return view.draw(PracticeGame(view, seed=LEVEL_SEED, rules=Rules(fps=30)))


def window_shot(desktop: DesktopDevice, box: Rect, expected: np.ndarray, timeout: float = 10.0) -> np.ndarray:
    """The window's pixels once they are the expected ones (or the last capture after `timeout`)."""
    deadline = time.monotonic() + timeout
    while True:
        shot = desktop.grab(box)
        if np.array_equal(shot, expected) or time.monotonic() > deadline:
            return shot
        time.sleep(0.1)


@pytest.mark.parametrize("look", LOOKS)
def test_the_window_shows_the_random_look_and_plays_by_the_strict_rules(
    look: int, desktop: DesktopDevice, tmp_path: Path
) -> None:
    log = tmp_path / "game.jsonl"
    game = start_game(LEVEL_SEED, log, (300, 140), rules=Rules(fps=30), look=look)
    try:
        box = game.window
        expected = shown_level(int(box.width), int(box.height), look)
        shot = window_shot(desktop, box, expected)
        differ = np.any(shot != expected, axis=2)
        assert not differ.any(), f"look {look}: {int(differ.sum())} pixels differ from the rendered look"
        # the level is the seed's, in the look's grid: a drag through it clears the level
        board = make_level(LEVEL_SEED, 1).board
        geometry = GameView(int(box.width), int(box.height), look=look_from_seed(look)).geometry(board)
        on_screen = geometry.translated(box.left, box.top)
        path = solve(board, timeout=5).path
        assert path is not None
        points = route_points(path, on_screen.centre, 1)
        perform(desktop, stroke(points, interval=step_interval(5, 1)), box)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not log.read_text().strip():
            time.sleep(0.05)
        (record, *_) = [line for line in log.read_text().splitlines() if line.strip()]
        assert '"cleared": true' in record, record
    finally:
        stop_game(game.process)


@pytest.mark.skipif(
    not any(shutil.which(name) for name in BROWSERS),
    reason="Chromium is not installed (apt-get install chromium; `bash run.sh test` installs it)",
)
def test_the_web_page_shows_the_random_look(desktop: DesktopDevice, tmp_path: Path) -> None:
    """`practice --web --look SEED`: Chromium shows the look's level; found on the whole screen."""
    look = LOOKS[1]
    game = start_game(
        LEVEL_SEED, tmp_path / "game.jsonl", (500, 100), rules=Rules(fps=30), web=True, look=look
    )
    try:
        box = game.window
        expected = shown_level(int(box.width), int(box.height), look)
        deadline, best = time.monotonic() + 20, 1.0
        while best > 0.01 and time.monotonic() < deadline:  # the page draws its first screen
            screen = desktop.grab()
            scores = cv2.matchTemplate(screen, expected, cv2.TM_SQDIFF_NORMED)
            best, _, (x, y), _ = cv2.minMaxLoc(scores)
            time.sleep(0.2)
        shot = screen[y : y + expected.shape[0], x : x + expected.shape[1]].astype(int)
        off = np.abs(shot - expected).max(axis=2)
        assert best <= 0.01 and (off > 8).mean() < 0.001, (
            f"look {look}: the page is not the rendered look (best match {best:.4f} at {x},{y};"
            f" {(off > 8).mean():.2%} of its pixels off by more than 8)"
        )
    finally:
        stop_game(game.process)
