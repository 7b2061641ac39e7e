"""The web practice target: the game as a page in a real Chromium on the test's own Xvfb.

The browser merges pointer events per frame and stalls as browsers do; the bot sees it only
through mss and drives it only through pyautogui, as it would a game in a person's browser.
What counts is the game's own log, written by the page's server from the events the page got.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from harness import Windows, run_bot
from test_bot_e2e import assert_cleared_in_a_row

from onestroke.bot.device import perform
from onestroke.bot.device.desktop import DesktopDevice
from onestroke.bot.gesture import tap
from onestroke.bot.vision import detect
from onestroke.coords import Rect
from onestroke.practice.levels import make_level
from onestroke.practice.render import board_geometry
from onestroke.practice.rules import Rules
from onestroke.practice.web.server import BROWSERS
from onestroke.solver.board import Board
from onestroke.solver.check import is_valid_path

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(
        not any(shutil.which(name) for name in BROWSERS),
        reason="Chromium is not installed (apt-get install chromium; `bash run.sh test` installs it)",
    ),
]


def test_the_page_logs_a_press_beside_the_cat(windows: Windows, desktop: DesktopDevice) -> None:
    game = windows.game(seed=41, web=True, position=(600, 120))
    board = make_level(41, 1).board
    # where the page shows the grid: found by the detector, as the bot would
    seen = detect(desktop.grab())
    assert seen.ok and seen.board == board and seen.geometry is not None, seen.reason
    expected = board_geometry(board, game.width, game.height)
    assert seen.geometry.pitch[0] == pytest.approx(expected.pitch[0], abs=1.0)
    elsewhere = next(cell for cell in board.cells if cell != board.start)
    perform(desktop, tap(seen.geometry.centre(elsewhere)), Rect(0, 0, 1920, 1080))
    (record,) = game.wait_for_records(1)
    assert record["reason"] == f"press on {list(elsewhere)}, not on the cat {list(board.start)}"


def test_bot_clears_the_forgiving_web_game(windows: Windows, tmp_path: Path) -> None:
    seed = random.randrange(1000)
    game = windows.game(seed=seed, web=True, rules=Rules(strict=False))
    done = run_bot("play", "--levels", "3", "--log-dir", str(tmp_path))
    assert done.returncode == 0, f"seed {seed}\n{done.stdout}\n{done.stderr}"
    assert_cleared_in_a_row(game, 3)


def test_bot_clears_the_strict_web_game_with_stalls(windows: Windows, tmp_path: Path) -> None:
    """The page looks at the pointer once per frame and its main thread stalls now and then, as
    a browser game does; the complete and ranking screens are the real-looking ones."""
    seed = random.randrange(1000)
    game = windows.game(seed=seed, web=True, rules=Rules(stalls=True))
    done = run_bot("play", "--levels", "3", "--log-dir", str(tmp_path))
    assert done.returncode == 0, f"seed {seed}\n{done.stdout}\n{done.stderr}"
    records = game.records()
    assert [r for r in records if "stray" in r] == [], records
    cleared = [r for r in records if r["cleared"]]
    assert [r["level"] for r in cleared] == [1, 2, 3], records
    for record in cleared:
        board = Board.from_text(record["board"])
        assert board == make_level(seed, record["level"]).board and is_valid_path(board, record["path"])
        assert record["rules"] == "strict"
