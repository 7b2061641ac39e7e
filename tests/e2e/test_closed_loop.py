"""The closed-loop drag (bot/play/drag.py) through the command line, against the strict practice game.

The strict game looks at the pointer once per frame and stalls now and then; a skipped cell
ends the attempt. The bot must watch the game take every cell, and let go at once when the
game disappears.
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
from harness import ROOT, Windows, button_is_down, run_bot

from onestroke.practice.levels import make_level
from onestroke.practice.rules import Rules
from onestroke.solver.board import Board
from onestroke.solver.check import is_valid_path

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("on_release", ["clear", "keep"])
def test_bot_clears_the_strict_game_with_stalls(windows: Windows, tmp_path: Path, on_release: str) -> None:
    seed = random.randrange(1000)
    game = windows.game(seed=seed, levels=1, rules=Rules(fps=30, stalls=True, on_release=on_release))
    done = run_bot("play", "--levels", "1", "--log-dir", str(tmp_path))
    assert done.returncode == 0, f"seed {seed}\n{done.stdout}\n{done.stderr}"
    (record,) = game.wait_for_records(1)
    board = Board.from_text(record["board"])
    assert record["cleared"] is True and board == make_level(seed, 1).board
    assert is_valid_path(board, record["path"]) and record["rules"] == "strict"


def test_a_game_killed_mid_drag_gets_the_button_released_at_once(windows: Windows, tmp_path: Path) -> None:
    game = windows.game(seed=61, rules=Rules(fps=8))  # a slow game: the drag takes seconds
    bot = subprocess.Popen(
        [sys.executable, "-m", "onestroke", "play", "--levels", "1", "--log-dir", str(tmp_path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while not button_is_down():
            assert bot.poll() is None and time.monotonic() < deadline, "the bot never pressed"
            time.sleep(0.01)
        time.sleep(0.5)
        os.kill(game.process.pid, signal.SIGKILL)
        killed = time.monotonic()
        while button_is_down() and time.monotonic() - killed < 3:
            time.sleep(0.005)
        released = time.monotonic() - killed
        _, err = bot.communicate(timeout=20)
    finally:
        if bot.poll() is None:
            bot.kill()
    assert released < 0.2, f"the button was held {released:.3f} s after the game died"
    assert bot.returncode == 2, err
    assert "the game window closed" in err, err
