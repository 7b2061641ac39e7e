"""The level loop driven in-process on a device without a display (tests/fakes.py): the screen is
the practice game drawn by the renderer, the touches go to the game's own rules, and the game's
records decide. The same loop runs on the real screen under Xvfb in tests/e2e/.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fakes import BlankScreen, RenderedPhone

from onestroke.bot.coords import Rect
from onestroke.bot.gesture import Pace
from onestroke.bot.play.loop import LevelLoop, LoopStopped
from onestroke.bot.play.sight import look
from onestroke.practice.rules import Rules
from onestroke.solver.board import Board
from onestroke.solver.check import is_valid_path


@pytest.mark.parametrize("fast_capture", [True, False], ids=["watched drag", "timed gesture"])
def test_the_loop_clears_levels_and_presses_next_between_them(tmp_path: Path, fast_capture: bool) -> None:
    phone = RenderedPhone(seed=3, levels=3, fast_capture=fast_capture)
    lines: list[str] = []
    reports = LevelLoop(phone, log_dir=tmp_path, pace=Pace(speed=0), say=lines.append).run(3)
    assert [report.level for report in reports] == [1, 2, 3]
    assert len(lines) == 3 and lines[0].startswith("level 1: ")
    records = phone.records + phone.game.take_records()
    assert [record["level"] for record in records] == [1, 2, 3], records  # no failed attempt, no stray press
    for record in records:
        assert record["cleared"] and is_valid_path(Board.from_text(record["board"]), record["path"])
    assert phone.game.cleared == 3
    downs = [point for kind, point in phone.touches if kind == "down"]
    assert len(downs) == 3 + 2  # three drags, two presses of "next"
    assert not list(tmp_path.iterdir()), "no pictures when nothing went wrong"


def test_a_dry_run_solves_without_touching_and_leaves_the_overlay(tmp_path: Path) -> None:
    phone = RenderedPhone(seed=4)
    lines: list[str] = []
    (report,) = LevelLoop(phone, log_dir=tmp_path, dry_run=True, say=lines.append).run(5)
    assert report.drag_s == 0.0 and phone.touches == []
    assert lines[0].startswith("dry run: level 1 solved")
    (folder,) = tmp_path.iterdir()
    assert folder.name.endswith("-dry-run") and (folder / "overlay.png").exists()


def test_no_board_stops_with_the_reason_and_the_pictures(tmp_path: Path) -> None:
    phone = BlankScreen()
    with pytest.raises(LoopStopped, match="no board I can trust on screen") as stopped:
        LevelLoop(phone, log_dir=tmp_path, say=lambda _: None).run(1)
    (folder,) = tmp_path.iterdir()
    assert str(folder) in str(stopped.value)
    assert {p.name for p in folder.iterdir()} == {"screen.png", "overlay.png", "reason.txt"}
    assert (folder / "reason.txt").read_text().startswith("no board I can trust")
    assert phone.touches == []


def test_a_look_at_unchanged_pixels_keeps_its_detection_and_a_change_detects_again() -> None:
    """The loop looks every POLL seconds while it waits; only a look at new pixels runs the detector."""
    phone = RenderedPhone(seed=2, rules=Rules())  # the strict game: nothing moves until touched
    first = look(phone, phone.screen)
    again = look(phone, phone.screen, first)
    assert first.board is not None and again.detection is first.detection
    assert again.grabbed_at > first.grabbed_at
    elsewhere = look(phone, Rect(0, 0, phone.screen.width, phone.screen.height - 1), again)
    assert elsewhere.detection is not first.detection  # another region: detected afresh
    geometry = first.detection.geometry
    assert geometry is not None
    board = first.board
    step = next(
        cell
        for cell in board.open_cells
        if abs(cell[0] - board.start[0]) + abs(cell[1] - board.start[1]) == 1
    )
    with phone.touch(phone.screen) as finger:
        finger.down(geometry.centre(board.start))
        time.sleep(0.05)
        finger.move(geometry.centre(step))
        time.sleep(0.05)
        drawn = look(phone, phone.screen, again)
    assert drawn.detection is not first.detection and drawn.detection.walked == (board.start, step)
