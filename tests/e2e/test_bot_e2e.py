"""The bot against the practice game on a real (virtual) X display, through its command line.

What counts is what the game logged from the pointer events it received, never what the bot
says about itself; every path is re-checked with the independent checker.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import time
from pathlib import Path

import pytest
from harness import Game, Windows, bot_pressing, button_is_down, run_bot

from onestroke.practice.levels import make_level
from onestroke.practice.render import board_geometry
from onestroke.solver.board import Board
from onestroke.solver.check import is_valid_path

pytestmark = pytest.mark.e2e


def assert_cleared_in_a_row(game: Game, levels: int) -> None:
    records = game.records()
    assert [r["cleared"] for r in records] == [True] * levels, records
    for number, record in enumerate(records, start=1):
        board = Board.from_text(record["board"])
        assert record["level"] == number
        assert board == make_level(game.seed, number).board
        assert is_valid_path(board, record["path"])


def test_bot_clears_five_levels_in_a_row_at_a_random_position(windows: Windows, tmp_path: Path) -> None:
    seed = random.randrange(1000)
    game = windows.game(seed=seed)
    done = run_bot("play", "--levels", "5", "--log-dir", str(tmp_path))
    context = f"seed {seed}, window at {game.x},{game.y}\n{done.stdout}\n{done.stderr}"
    assert done.returncode == 0, context
    assert done.stdout.count("level ") >= 5, context
    assert_cleared_in_a_row(game, 5)


def test_bot_at_full_speed_still_lets_the_game_see_every_cell(windows: Windows, tmp_path: Path) -> None:
    """`--speed max`: the watched drag goes as fast as the game answers, and still a game that
    samples the pointer once a frame sees every cell (a skipped cell would be an illegal move)."""
    game = windows.game(seed=random.randrange(1000))
    done = run_bot("play", "--levels", "3", "--speed", "max", "--log-dir", str(tmp_path))
    assert done.returncode == 0, f"seed {game.seed}\n{done.stdout}\n{done.stderr}"
    assert_cleared_in_a_row(game, 3)


def seconds_per_step(record: dict) -> float:
    """What the game timed from the press to the clear, per step of the path it logged."""
    return record["seconds"] / (len(record["path"]) - 1)


def test_the_speed_given_is_the_watched_drags_speed(windows: Windows, tmp_path: Path) -> None:
    """`--speed 5` on the strict game: each level takes at least its steps / 5 seconds by the
    game's own clock (the watched drag answers in about 40 ms a cell, and would be 5x faster);
    then `--speed max` on the next level is as fast as the game answers again."""
    game = windows.game(seed=random.randrange(1000))
    slow = run_bot("play", "--levels", "2", "--speed", "5", "--log-dir", str(tmp_path))
    assert slow.returncode == 0, f"seed {game.seed}\n{slow.stdout}\n{slow.stderr}"
    fast = run_bot("play", "--levels", "1", "--speed", "max", "--log-dir", str(tmp_path))
    assert fast.returncode == 0, f"seed {game.seed}\n{fast.stdout}\n{fast.stderr}"
    assert_cleared_in_a_row(game, 3)
    first, second, third = game.records()
    # (the game's clock counts whole frames: a drag exactly at the cap can sum to 0.19999999999999998)
    at_least = 1 / 5 - 1e-9
    assert seconds_per_step(first) >= at_least and seconds_per_step(second) >= at_least, (first, second)
    assert seconds_per_step(third) < 1 / 10, third  # at least twice as fast: no cap left over


def test_play_started_on_the_level_complete_screen_presses_go_on_first(
    windows: Windows, tmp_path: Path
) -> None:
    game = windows.game(seed=26)
    first = run_bot("play", "--levels", "1", "--log-dir", str(tmp_path))
    assert first.returncode == 0, first.stdout + first.stderr  # stops on level 1's complete screen
    again = run_bot("play", "--levels", "1", "--log-dir", str(tmp_path))
    assert again.returncode == 0, again.stdout + again.stderr
    assert "the level-complete screen is showing: pressing go-on first" in again.stdout
    assert_cleared_in_a_row(game, 2)


def test_demo_starts_its_own_xvfb_when_there_is_no_screen(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY")}
    log = tmp_path / "demo.jsonl"
    done = run_bot("demo", "--levels", "3", "--seed", "11", "--log", str(log), env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "started Xvfb" in done.stdout
    assert done.stdout.count("path checked") == 3
    # each level once from the bot, once in the labelled table of what the game itself logged
    table = done.stdout.split("demo: the game's own log, level by level:\n", 1)[1].splitlines()
    assert [line.split(":")[0] for line in table[:3]] == ["  level 1", "  level 2", "  level 3"]
    assert "3/3 levels cleared, 0 failures" in done.stdout
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["cleared"] for r in records] == [True, True, True]
    assert all(is_valid_path(Board.from_text(r["board"]), r["path"]) for r in records)


def cell_box(game: Game, cell: tuple[int, int], level: int = 1) -> tuple[int, int, int, int]:
    """Screen rectangle (x, y, w, h) of one cell's rounded square in the game window."""
    geometry = board_geometry(make_level(game.seed, level).board, game.width, game.height)
    x, y = geometry.centre(cell)
    side = round(geometry.pitch[0] * 0.85)
    return (round(game.x + x - side / 2), round(game.y + y - side / 2), side, side)


def test_refuses_to_drag_when_a_window_covers_part_of_the_board(windows: Windows, tmp_path: Path) -> None:
    """A cell-sized window over an open cell looks like a cell: only the window check sees it."""
    game = windows.game(seed=21)
    board = make_level(21, 1).board
    covered = next(cell for cell in board.cells if cell != board.start)
    # in the cells' own grey: vision alone would take it for a plain cell (a window of another
    # colour is already refused by vision, as a second cell of a colour of its own)
    presses = windows.cover(*cell_box(game, covered), colour="#d1d1d1")
    done = run_bot("play", "--levels", "1", "--log-dir", str(tmp_path))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "another window covers part of the board" in done.stderr
    assert game.records() == [], "the game must not have seen a press"
    assert presses.read_text() == "", "the covering window must not have seen a press"
    assert list(tmp_path.glob("*-stop/overlay.png")), "the overlay is saved for the user"


def test_refuses_to_drag_when_the_screen_shows_no_board(windows: Windows, tmp_path: Path) -> None:
    game = windows.game(seed=22)
    presses = windows.cover(game.x, game.y, game.width, game.height)
    done = run_bot("play", "--levels", "1", "--log-dir", str(tmp_path))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "no board I can trust on screen" in done.stderr
    assert game.records() == [] and presses.read_text() == ""


def test_ctrl_c_during_a_drag_leaves_the_button_released(windows: Windows, tmp_path: Path) -> None:
    game = windows.game(seed=23)
    with bot_pressing("play", "--levels", "1", "--speed", "4", "--log-dir", str(tmp_path)) as bot:
        time.sleep(0.5)  # well inside the drag: a level-1 board takes seconds at 4 cells/s
        assert button_is_down()
        bot.send_signal(signal.SIGINT)
        _, err = bot.communicate(timeout=10)
    assert bot.returncode == 130, err
    assert "interrupted" in err
    assert not button_is_down(), "the button must be up after Ctrl-C"
    (record,) = game.wait_for_records(1)
    assert record["cleared"] is False and record["reason"].startswith("released after")


def test_calibrate_then_play_with_the_profile(
    windows: Windows, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ONESTROKE_CONFIG_DIR", str(tmp_path / "config"))
    game = windows.game(seed=24)
    done = run_bot("calibrate", "--profile", "e2e")
    assert done.returncode == 0, done.stdout + done.stderr
    profile = json.loads((tmp_path / "config" / "profiles" / "e2e.json").read_text())
    x0, y0, x1, y1 = profile["board"]
    assert game.x <= x0 < x1 <= game.x + game.width and game.y <= y0 < y1 <= game.y + game.height
    assert profile["scale"] == 1.0
    assert (tmp_path / "config" / "profiles" / "e2e-overlay.png").exists()
    # the user moves the game window after calibrating: play must find the board again
    window = subprocess.run(
        ["xdotool", "search", "--name", "onestroke practice"], capture_output=True, text=True, check=True
    ).stdout.split()[0]
    new_x, new_y = (game.x + 700) % (1920 - game.width), (game.y + 150) % (1080 - game.height)
    move = ["xdotool", "windowmove", "--sync", window, str(new_x), str(new_y)]
    subprocess.run(move, check=True, timeout=10)
    where = subprocess.run(["xdotool", "getwindowgeometry", window], capture_output=True, text=True).stdout
    assert f"Position: {new_x},{new_y}" in where
    done = run_bot("play", "--profile", "e2e", "--levels", "2", "--log-dir", str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert_cleared_in_a_row(game, 2)


def test_dry_run_presses_nothing_and_saves_the_overlay(windows: Windows, tmp_path: Path) -> None:
    game = windows.game(seed=25)
    done = run_bot("play", "--dry-run", "--log-dir", str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "dry run: level 1 solved" in done.stdout
    assert list(tmp_path.glob("*-dry-run/overlay.png"))
    time.sleep(0.3)
    assert game.records() == []
