"""The practice game with other apps' panels (`practice --panel en --banner`), Tk and web.

A level cleared by a real drag shows the panel; a press on its decoy is a stray press in the
game's own log and opens the decoy's sheet over the board; its close button closes it; the go-on
button goes on, and level 2 is then cleared by a second drag. Where the page's canvas sits on
the screen is found by the detector on the first level, as the bot would find it.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import numpy as np
import pytest
from harness import Game, Windows, run_bot

from onestroke.bot.device import perform
from onestroke.bot.device.desktop import DesktopDevice
from onestroke.bot.gesture import route_points, step_interval, stroke, tap
from onestroke.bot.vision import detect
from onestroke.coords import Geometry, Point, Rect
from onestroke.practice import panels
from onestroke.practice.levels import make_level
from onestroke.practice.render import board_geometry
from onestroke.practice.rules import Rules
from onestroke.practice.web.server import BROWSERS
from onestroke.solver.check import is_valid_path
from onestroke.solver.search import solve

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(panels.missing_font_reason() is not None, reason=f"{panels.missing_font_reason()}"),
]
SCREEN = Rect(0, 0, 1920, 1080)
SEED = 12


def canvas_offset(game: Game, desktop: DesktopDevice) -> Point:
    """Where the game's pixel (0, 0) is on the screen: the first level's grid, found by detect."""
    board = make_level(SEED, 1).board
    expected = board_geometry(board, game.width, game.height)
    deadline = time.monotonic() + 10
    while True:
        seen = detect(desktop.grab())
        if seen.ok and seen.board == board and seen.geometry is not None:
            break
        assert time.monotonic() < deadline, f"the first level was not found on screen: {seen.reason}"
        time.sleep(0.3)
    return Point(seen.geometry.origin[0] - expected.origin[0], seen.geometry.origin[1] - expected.origin[1])


def drag_level(desktop: DesktopDevice, game: Game, at: Point, number: int) -> None:
    board = make_level(SEED, number).board
    geometry: Geometry = board_geometry(board, game.width, game.height).translated(at.x, at.y)
    path = solve(board, timeout=5).path
    assert path is not None
    points = route_points(path, geometry.centre, 1)
    perform(desktop, stroke(points, interval=step_interval(6, 1)), SCREEN)


def press(desktop: DesktopDevice, at: Point, box: Rect) -> None:
    perform(desktop, tap(Point(at.x + box.centre.x, at.y + box.centre.y)), SCREEN)


def shown(desktop: DesktopDevice, at: Point, box: Rect) -> np.ndarray:
    image = desktop.grab()
    return image[box.translated(at.x, at.y).rounded().slices()].astype(np.int16)


@pytest.mark.parametrize("web", [False, True], ids=["tk", "web"])
def test_the_panel_decoy_is_stray_and_go_on_brings_level_two(
    windows: Windows, desktop: DesktopDevice, web: bool
) -> None:
    if web and not any(shutil.which(name) for name in BROWSERS):
        pytest.skip("Chromium is not installed (apt-get install chromium; `bash run.sh test` installs it)")
    game = windows.game(seed=SEED, rules=Rules(fps=30), panel="en", banner=True, web=web, position=(600, 120))
    at = canvas_offset(game, desktop)
    drag_level(desktop, game, at, 1)
    (record,) = game.wait_for_records(1)
    assert record["cleared"] is True and record["level"] == 1, record
    time.sleep(0.8)  # the walked board stays a moment, then the panel

    style = panels.style_for("en", 1)
    expected = panels.render_panel_screen(np.zeros((game.height, game.width, 3), np.uint8), style)
    panel = expected.panel.grown(-2)  # inside it the panel hides the board: the same on screen
    assert np.abs(shown(desktop, at, panel) - expected.image[panel.rounded().slices()]).mean() < 3, "no panel"

    decoy = style.decoys[0]
    press(desktop, at, expected.layout[decoy])
    time.sleep(0.6)
    strays = [r for r in game.records() if "stray" in r]
    assert [(r["stray"], r["screen"], r["level"]) for r in strays] == [(decoy, "complete", 1)], strays
    assert panels.EFFECTS[decoy] == "dialog"
    assert np.abs(shown(desktop, at, panel) - expected.image[panel.rounded().slices()]).mean() > 20, (
        "the decoy's sheet covers the panel"
    )
    dialog = panels.render_dialog(expected.image, "en", decoy)
    press(desktop, at, dialog.layout["close"])
    time.sleep(0.6)
    press(desktop, at, expected.layout["go_on"])
    time.sleep(1.5)  # the ranking screen, then level 2
    drag_level(desktop, game, at, 2)
    records = game.wait_for_records(3)
    cleared = [r for r in records if r.get("cleared")]
    assert [r["level"] for r in cleared] == [1, 2], records
    assert is_valid_path(make_level(SEED, 2).board, cleared[1]["path"])
    assert len([r for r in records if "stray" in r]) == 1, records


@pytest.mark.parametrize(("language", "levels"), [("zh", 10), ("en", 4), ("ja", 4)])
def test_bot_clears_panel_levels_in_chromium_without_a_stray_press(
    windows: Windows, tmp_path: Path, language: panels.Language, levels: int
) -> None:
    """Issue 19's target: the strict web game in Chromium, each level ending with a panel (a
    decoy beside, above or around 下一关 / NEXT LEVEL / 次へ), the banner sliding across the top:
    10 of 10 cleared in Chinese, 4 of 4 in English and in Japanese, and no stray press, from the
    game's own log."""
    if not any(shutil.which(name) for name in BROWSERS):
        pytest.skip("Chromium is not installed (apt-get install chromium; `bash run.sh test` installs it)")
    game = windows.game(seed=SEED, panel=language, banner=True, web=True, levels=levels)
    done = run_bot("play", "--levels", str(levels), "--log-dir", str(tmp_path), timeout=600)
    records = game.records()
    assert [r for r in records if "stray" in r] == [], f"{records}\n{done.stderr}"
    assert [r["level"] for r in records if r.get("cleared")] == list(range(1, levels + 1)), done.stderr
    assert done.returncode == 0, done.stderr


def test_a_complete_screen_without_go_on_words_gets_no_press_and_one_line_of_what_it_says(
    windows: Windows, tmp_path: Path
) -> None:
    """The panel's go-on words made the user's never-press words: the complete screen then shows
    no go-on control; the bot presses nothing, and its one line names the title and the words."""
    game = windows.game(seed=SEED, panel="zh", banner=True, levels=2)
    never = ",".join(panels.WORDS["zh"].go_on)
    done = run_bot("play", "--levels", "2", "--never-words", never, "--log-dir", str(tmp_path), timeout=120)
    records = game.records()
    assert [r for r in records if "stray" in r] == [], records
    assert [r["level"] for r in records if r.get("cleared")] == [1], done.stderr
    assert done.returncode == 1, done.stderr
    (line,) = [line for line in done.stderr.splitlines() if "not pressing anything" in line]
    style = panels.style_for("zh", 1)
    assert f"the title {style.title()!r}, but no go-on control (words seen:" in line, line
    assert repr(style.go_on_word()) in line and repr(style.decoy_word(style.decoys[0])) in line, line
    (folder,) = [f for f in tmp_path.iterdir() if f.name.endswith("-stop")]
    assert (folder / "screen.png").exists()
