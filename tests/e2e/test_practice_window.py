"""The practice game's rules, played through its real window with the real (virtual) mouse.

The rules alone are tested in tests/test_rules.py; these tests drive the window with the desktop
device (`onestroke.bot.device.desktop`) and read what the game itself logged.
"""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time

import pytest
from harness import ROOT, Game, Windows

from onestroke.bot.device import perform
from onestroke.bot.device.desktop import DesktopDevice
from onestroke.bot.gesture import route_points, step_interval, stroke, tap
from onestroke.bot.vision import detect
from onestroke.coords import Geometry, Point, Rect
from onestroke.practice.levels import make_level
from onestroke.practice.render import board_geometry
from onestroke.practice.rules import Rules
from onestroke.practice.view import GameView
from onestroke.solver.board import Board
from onestroke.solver.check import is_valid_path
from onestroke.solver.search import solve

pytestmark = pytest.mark.e2e

# -- the real window -----------------------------------------------------------------------


def screen_geometry(game: Game, level: int = 1) -> Geometry:
    board = make_level(game.seed, level).board
    return board_geometry(board, game.width, game.height).translated(game.x, game.y)


def window_area(game: Game) -> Rect:
    return Rect(game.x, game.y, game.width, game.height)


def test_game_logs_a_press_beside_the_cat(windows: Windows, desktop: DesktopDevice) -> None:
    game = windows.game(seed=4)
    board = make_level(4, 1).board
    geometry = screen_geometry(game)
    elsewhere = next(cell for cell in board.cells if cell != board.start)
    perform(desktop, tap(geometry.centre(elsewhere)), window_area(game))
    (record,) = game.wait_for_records(1)
    assert record["cleared"] is False and record["path"] == []
    assert record["reason"] == f"press on {list(elsewhere)}, not on the cat {list(board.start)}"


def test_an_unfinished_drag_with_an_undo_is_logged_unsolved(windows: Windows, desktop: DesktopDevice) -> None:
    game = windows.game(seed=5)
    board = make_level(5, 1).board
    path = solve(board, timeout=5).path
    geometry = screen_geometry(game)
    there_and_back = [*path[:4], path[2]]  # three steps, then back onto the previous cell
    points = route_points(there_and_back, geometry.centre)
    # 5 cells/s: a step is taken even when the loaded machine holds the game's frame back 150 ms
    # (at 20 cells/s such a stall made a jump of two cells, an illegal move, in 1 of 4 busy runs)
    perform(desktop, stroke(points, interval=step_interval(5, 4)), window_area(game))
    (record,) = game.wait_for_records(1)
    assert record["cleared"] is False
    assert record["path"] == [list(cell) for cell in path[:3]]
    assert record["reason"] == f"released after 3 of {len(board)} cells"


def test_a_full_drag_clears_the_level_and_go_on_brings_level_two(
    windows: Windows, desktop: DesktopDevice
) -> None:
    game = windows.game(seed=6, rules=Rules(fps=30))
    board = make_level(6, 1).board
    path = solve(board, timeout=5).path
    slow_drag(desktop, game, path)
    (record,) = game.wait_for_records(1)
    assert record["cleared"] is True and record["level"] == 1
    assert Board.from_text(record["board"]) == board
    assert is_valid_path(board, record["path"])
    time.sleep(0.5)  # the walked board stays a moment, then the level-complete screen
    assert not detect(desktop.grab()).ok, "the level-complete screen shows no board"
    perform(desktop, tap(go_on_centre(game)), window_area(game))
    time.sleep(1.2)  # the ranking screen, then the next level
    seen = detect(desktop.grab())
    assert seen.ok and seen.board == make_level(6, 2).board
    assert [r for r in game.records() if "stray" in r] == []


def control_centre(game: Game, name: str) -> Point:
    box = GameView(game.width, game.height).controls("complete")[name]
    return Point(game.x + box.left + box.width / 2, game.y + box.top + box.height / 2)


def go_on_centre(game: Game) -> Point:
    return control_centre(game, "go_on")


def slow_drag(desktop: DesktopDevice, game: Game, path: list[tuple[int, int]], speed: float = 6) -> None:
    """One point per cell at `speed` cells/s: slower than the strict game's frames."""
    points = route_points(path, screen_geometry(game).centre, 1)
    perform(desktop, stroke(points, interval=step_interval(speed, 1)), window_area(game))


def test_strict_game_ends_the_attempt_on_a_skipped_cell(windows: Windows, desktop: DesktopDevice) -> None:
    game = windows.game(seed=7, rules=Rules(fps=30))
    board = make_level(7, 1).board
    path = solve(board, timeout=5).path
    # two cells per point, no pause: the game samples at most once in between
    points = route_points(path[::2], screen_geometry(game).centre, 1)
    perform(desktop, stroke(points, interval=0.0), window_area(game))
    (record,) = game.wait_for_records(1)
    assert record["cleared"] is False and record["rules"] == "strict"
    assert record["reason"].startswith("illegal move: jumped from"), record


def test_strict_game_follows_a_drag_slower_than_its_frames(windows: Windows, desktop: DesktopDevice) -> None:
    game = windows.game(seed=8, rules=Rules(fps=30))
    board = make_level(8, 1).board
    slow_drag(desktop, game, solve(board, timeout=5).path)
    (record,) = game.wait_for_records(1)
    assert record["cleared"] is True and is_valid_path(board, record["path"]), record


def test_keep_mode_goes_on_from_the_cat_after_a_release(windows: Windows, desktop: DesktopDevice) -> None:
    game = windows.game(seed=9, rules=Rules(fps=30, on_release="keep"))
    board = make_level(9, 1).board
    path = solve(board, timeout=5).path
    slow_drag(desktop, game, path[:6])
    slow_drag(desktop, game, path[5:])
    first, second = game.wait_for_records(2)
    assert first["reason"] == f"released after 6 of {len(board)} cells"
    assert second["cleared"] is True and second["kept"] == 5
    assert second["path"] == [list(cell) for cell in path]


def test_a_press_on_share_is_logged_as_stray_and_only_go_on_goes_on(
    windows: Windows, desktop: DesktopDevice
) -> None:
    game = windows.game(seed=10, rules=Rules(fps=30))
    slow_drag(desktop, game, solve(make_level(10, 1).board, timeout=5).path)
    time.sleep(0.6)
    others = [name for name in GameView(game.width, game.height).controls("complete") if name != "go_on"]
    assert {"share", "ranking", "hint", "more_games"} <= set(others)
    for name in others:
        perform(desktop, tap(control_centre(game, name)), window_area(game))
    perform(desktop, tap(Point(game.x + game.width / 2, game.y + 3)), window_area(game))  # the veil
    perform(desktop, tap(go_on_centre(game)), window_area(game))
    time.sleep(0.3)
    strays = [r["stray"] for r in game.records() if "stray" in r]
    assert strays == [*others, "background"]


def test_practice_on_a_terminal_says_a_sentence_and_piped_one_json_line() -> None:
    def first_line(stdout: int | None) -> str:
        controller = None
        if stdout is None:  # a pseudo-terminal, as a person's shell gives
            controller, stdout = pty.openpty()
        game = subprocess.Popen(
            [sys.executable, "-m", "onestroke", "practice", "--levels", "1"],
            stdout=stdout,
            stderr=subprocess.DEVNULL,
            cwd=ROOT,
        )
        try:
            reader = controller if controller is not None else game.stdout.fileno()
            if controller is not None:
                os.close(stdout)
            text = b""
            deadline = time.monotonic() + 60
            while b"\n" not in text and time.monotonic() < deadline:
                if select.select([reader], [], [], 0.5)[0]:
                    text += os.read(reader, 4096)
            return text.decode().splitlines()[0] if text else ""
        finally:
            game.terminate()
            game.wait(timeout=20)
            if controller is not None:
                os.close(controller)

    sentence = first_line(None)
    assert sentence.startswith("practice: the game is open, its window at "), sentence
    assert "{" not in sentence
    record = json.loads(first_line(subprocess.PIPE))
    assert record["ready"] is True and record["width"] > 0
