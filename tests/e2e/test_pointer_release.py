"""The desktop device on a real X server: the button is released on every way out of a drag."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import pytest
from harness import Game, Windows, button_is_down

from onestroke.bot.device import UnsafeDragError, perform, x11
from onestroke.bot.device import desktop as desktop_module
from onestroke.bot.device.base import FailSafeStop
from onestroke.bot.device.desktop import DesktopDevice
from onestroke.bot.gesture import Gesture, route_points, step_interval, stroke
from onestroke.coords import Geometry, Point, Rect
from onestroke.practice.levels import make_level
from onestroke.practice.render import board_geometry
from onestroke.solver.search import solve

pytestmark = pytest.mark.e2e


def slow(points: list[Point], speed: float = 5) -> Gesture:
    """A stroke through `points` at `speed` cells per second (4 points per cell)."""
    return stroke(points, interval=step_interval(speed, 4))


def level_route(game: Game) -> tuple[Geometry, list[Point], Rect]:
    board = make_level(game.seed, 1).board
    geometry = board_geometry(board, game.width, game.height).translated(game.x, game.y)
    points = route_points(solve(board, timeout=5).path, geometry.centre)
    return geometry, points, Rect(game.x, game.y, game.width, game.height)


def test_ctrl_c_mid_drag_releases_the_button(windows: Windows, desktop: DesktopDevice) -> None:
    game = windows.game(seed=31)
    _, points, area = level_route(game)
    seen_down: list[bool] = []

    def press_ctrl_c() -> None:  # SIGINT to this process, as the terminal sends it
        time.sleep(0.6)
        seen_down.append(button_is_down())
        os.kill(os.getpid(), signal.SIGINT)

    person = threading.Thread(target=press_ctrl_c)
    person.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            perform(desktop, slow(points), area)
    finally:
        person.join()
    assert seen_down == [True], "Ctrl-C should come while the button is down"
    assert not button_is_down()
    (record,) = game.wait_for_records(1)
    assert record["cleared"] is False and record["reason"].startswith("released after")


def test_fail_safe_corner_stops_the_drag_and_releases_the_button(
    windows: Windows, desktop: DesktopDevice
) -> None:
    import pyautogui

    game = windows.game(seed=32)
    _, points, area = level_route(game)
    assert pyautogui.FAILSAFE is True

    def slam_into_corner() -> None:  # what a worried user does: pushes into the corner, and keeps pushing
        time.sleep(0.5)
        # (one jump alone can land between pyautogui's corner check and its next move, which then
        # takes the pointer out again: under load the CI saw the drag finish; a hand on a mouse
        # pushed into the corner stays there while the drag's next steps come)
        for _ in range(10):
            subprocess.run(["xdotool", "mousemove", "0", "0"], check=True)
            time.sleep(0.05)

    person = threading.Thread(target=slam_into_corner)
    person.start()
    try:
        with pytest.raises(FailSafeStop, match="the mouse went into a screen corner"):
            perform(desktop, slow(points), area)
    finally:
        person.join()
        subprocess.run(["xdotool", "mousemove", "960", "540"], check=True)  # out of the corner again
    assert not button_is_down()
    assert pyautogui.FAILSAFE is True, "the fail-safe is back on after the release"


def test_a_point_outside_the_area_is_refused_before_any_press(
    windows: Windows, desktop: DesktopDevice
) -> None:
    game = windows.game(seed=33)
    geometry, points, _ = level_route(game)
    board_only = geometry.bounds()
    with pytest.raises(UnsafeDragError, match="outside the board area"):
        perform(desktop, stroke([*points, Point(board_only.right + 40, board_only.top)]), board_only)
    time.sleep(0.3)
    assert game.records() == [] and not button_is_down()


STRESS = """
import os, random, signal, threading, time
from Xlib import X, display
from onestroke.coords import Rect
from onestroke.bot.device import perform
from onestroke.bot.device import desktop as desktop_module
from onestroke.bot.device import x11
from onestroke.bot.device.desktop import DesktopDevice
from onestroke.bot.gesture import stroke

def button_down():
    d = display.Display()
    try:
        return bool(d.screen().root.query_pointer().mask & X.Button1Mask)
    finally:
        d.close()

mouse = DesktopDevice()
points = [(100 + i % 300, 100 + i // 300) for i in range(3000)]
left_down = 0
for trial in range(25):
    timer = threading.Timer(random.uniform(0.002, 0.05), os.kill, (os.getpid(), signal.SIGINT))
    try:
        timer.start()
        perform(mouse, stroke(points, turn_dwell=0), Rect(0, 0, 1000, 1000))
        timer.join()  # a drag that ended first: take the Ctrl-C here
        time.sleep(0.05)
    except KeyboardInterrupt:
        timer.join()
    left_down += button_down()
print("left down", left_down)
"""


def test_ctrl_c_at_random_moments_of_a_full_speed_drag_never_leaves_the_button_down() -> None:
    """25 Ctrl-Cs at random moments, most of them inside pyautogui's X requests.

    In a process of its own with a deadline: the failure this guards against is a release
    that never returns.
    """
    done = subprocess.run(
        [sys.executable, "-c", STRESS], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "left down 0"
    assert not button_is_down()


def test_a_watcher_thread_lifts_the_button_of_a_gated_drag_at_once(
    windows: Windows, desktop: DesktopDevice, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The watched drag's watcher (another thread) calls `release_now` the moment the game's window
    goes: the button goes up through the connection the session opened before its press."""

    def fresh_connection() -> None:
        raise AssertionError("the release waited to open a connection of its own")

    monkeypatch.setattr(x11, "release_button_now", fresh_connection)
    monkeypatch.setattr(desktop_module, "release_button_now", fresh_connection)
    game = windows.game(seed=31)
    _, points, area = level_route(game)
    assert desktop.windows is not None
    window = desktop.windows.window_id_at(points[0])
    assert window is not None
    with desktop.touch(area, window) as session:
        session.down(points[0])
        session.move(points[1])
        assert button_is_down()
        watcher = threading.Thread(target=session.release_now)
        watcher.start()
        watcher.join(5)
        assert not button_is_down(), "release_now from another thread left the button down"
    assert not button_is_down()
    (record,) = game.wait_for_records(1)
    assert record["cleared"] is False
