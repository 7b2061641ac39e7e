"""The practice game's rules, played through its real window with the real (virtual) mouse.

The first tests check the rules object alone; the rest drive the window with the desktop device
(`onestroke.bot.device.desktop`) and read what the game itself logged.
"""

from __future__ import annotations

import time

import pytest
from harness import Game, Windows

from onestroke.bot.coords import Geometry, Point, Rect
from onestroke.bot.device import perform
from onestroke.bot.device.desktop import DesktopDevice
from onestroke.bot.gesture import route_points, step_interval, stroke, tap
from onestroke.bot.vision import detect
from onestroke.practice.game import Attempt, cells_along
from onestroke.practice.levels import make_level
from onestroke.practice.render import board_geometry
from onestroke.solver.board import Board
from onestroke.solver.check import is_valid_path
from onestroke.solver.search import solve

pytestmark = pytest.mark.e2e

BOARD = Board.from_text("S . .\n. # .\n. . .\n")
ROUND = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0)]


# -- the rules, without a window ------------------------------------------------------------


def test_a_route_over_every_cell_clears_the_level() -> None:
    attempt = Attempt(BOARD)
    attempt.press((0, 0))
    for cell in ROUND[1:]:
        attempt.move(cell)
    assert attempt.cleared and attempt.route == ROUND
    assert is_valid_path(BOARD, attempt.route)


def test_moving_back_onto_the_previous_cell_undoes_one_step() -> None:
    attempt = Attempt(BOARD)
    attempt.press((0, 0))
    for cell in [(0, 1), (0, 2), (0, 1)]:
        attempt.move(cell)
    assert attempt.route == [(0, 0), (0, 1)] and attempt.active


@pytest.mark.parametrize(
    ("moves", "reason"),
    [
        ([(0, 1), (1, 1)], None),  # a hole is simply not a cell: nothing happens
        ([(0, 1), (2, 1)], "illegal move from [0, 1] to [2, 1]"),  # a jump
        ([(1, 0), (0, 0)], None),  # back onto the previous cell = undo, legal
        ([(0, 1), (0, 2), (1, 2), (0, 2), (0, 1), (0, 0)], None),
    ],
)
def test_illegal_moves_end_the_attempt(moves: list[tuple[int, int]], reason: str | None) -> None:
    attempt = Attempt(BOARD)
    attempt.press((0, 0))
    for cell in moves:
        attempt.move(cell)
    assert attempt.reason == reason
    assert attempt.active == (reason is None)


def test_revisiting_a_cell_is_illegal() -> None:
    board = Board.from_text("S . .\n. . .\n")
    attempt = Attempt(board)
    attempt.press((0, 0))
    for cell in [(0, 1), (1, 1), (1, 0), (0, 0)]:
        attempt.move(cell)
    assert attempt.route == [(0, 0), (0, 1), (1, 1), (1, 0)]
    attempt.move((0, 0))  # not the previous cell: a revisit of the start
    assert not attempt.active and not attempt.cleared
    assert attempt.reason is not None and "illegal" in attempt.reason


def test_releasing_early_or_pressing_beside_the_cat_leaves_the_level_unsolved() -> None:
    early = Attempt(BOARD)
    early.press((0, 0))
    early.move((0, 1))
    early.release()
    assert not early.cleared and early.reason == "released after 2 of 8 cells"
    beside = Attempt(BOARD)
    beside.press((2, 2))
    assert not beside.active and beside.reason == "press on [2, 2], not on the cat [0, 0]"


def test_fast_pointer_jumps_along_a_row_still_pass_every_cell() -> None:
    geometry = Geometry((10.0, 10.0), (20.0, 20.0), 3, 3)
    assert cells_along(geometry, (10, 10), (50, 10)) == [(0, 0), (0, 1), (0, 2)]
    assert cells_along(geometry, (50, 10), (50, 50)) == [(0, 2), (1, 2), (2, 2)]


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
    perform(desktop, stroke(points, interval=step_interval(20, 4)), window_area(game))
    (record,) = game.wait_for_records(1)
    assert record["cleared"] is False
    assert record["path"] == [list(cell) for cell in path[:3]]
    assert record["reason"] == f"released after 3 of {len(board)} cells"


def test_a_full_drag_clears_the_level_and_next_brings_level_two(
    windows: Windows, desktop: DesktopDevice
) -> None:
    game = windows.game(seed=6)
    board = make_level(6, 1).board
    path = solve(board, timeout=5).path
    geometry = screen_geometry(game)
    points = route_points(path, geometry.centre)
    perform(desktop, stroke(points, interval=step_interval(60, 4)), window_area(game))
    (record,) = game.wait_for_records(1)
    assert record["cleared"] is True and record["level"] == 1
    assert Board.from_text(record["board"]) == board
    assert is_valid_path(board, record["path"])
    # the level-complete screen: its "next" button is drawn where the renderer says
    from onestroke.practice.render import render_screen

    shown = render_screen(board, width=game.width, height=game.height, complete=True, route=path)
    assert shown.next_button is not None
    x0, y0, x1, y1 = shown.next_button
    perform(desktop, tap(Point(game.x + (x0 + x1) / 2, game.y + (y0 + y1) / 2)), window_area(game))
    time.sleep(0.3)
    seen = detect(desktop.grab())
    assert seen.ok and seen.board == make_level(6, 2).board
