"""The level loop driven in-process on a device without a display (tests/fakes.py): the screen is
the practice game drawn by the renderer, the touches go to the game's own rules, and the game's
records decide. The same loop runs on the real screen under Xvfb in tests/e2e/.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest
from fakes import BlankScreen, RenderedPhone

from onestroke.bot.gesture import StrokePace
from onestroke.bot.play.loop import LevelLoop, LoopStopped
from onestroke.bot.play.sight import sight_of
from onestroke.coords import Rect
from onestroke.practice.rules import Rules
from onestroke.solver.board import Board
from onestroke.solver.check import is_valid_path


@pytest.mark.parametrize("fast_capture", [True, False], ids=["watched drag", "timed gesture"])
def test_the_loop_clears_levels_and_presses_next_between_them(tmp_path: Path, fast_capture: bool) -> None:
    phone = RenderedPhone(seed=3, levels=3, fast_capture=fast_capture)
    lines: list[str] = []
    reports = LevelLoop(phone, log_dir=tmp_path, pace=StrokePace(speed=0), say=lines.append).run(3)
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
    first = sight_of(phone, phone.screen)
    again = sight_of(phone, phone.screen, first)
    assert first.board is not None and again.detection is first.detection
    assert again.grabbed_at > first.grabbed_at
    elsewhere = sight_of(phone, Rect(0, 0, phone.screen.width, phone.screen.height - 1), again)
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
        drawn = sight_of(phone, phone.screen, again)
    assert drawn.detection is not first.detection and drawn.detection.walked == (board.start, step)


class LateFramePhone(RenderedPhone):
    """The strict game in keep mode whose frames stop once the drag's third move is sent, until
    the second look after the finger lifts: the bot gives up on a game that stopped following and
    looks once at the board as it was; only then the late frame takes the queued move (a busy
    machine: the game's frame comes after the bot's look)."""

    def __init__(self) -> None:
        super().__init__(seed=5, levels=1, rules=Rules(on_release="keep"))
        self.looks_after_up = 0

    def _lifted(self) -> bool:
        return any(kind == "up" for kind, _ in self.touches)

    def grab(self, region: Rect | None = None) -> np.ndarray:
        self.looks_after_up += self._lifted()
        return super().grab(region)

    def _frame(self) -> None:
        moves = sum(kind == "move" for kind, _ in self.touches)
        if moves < 3 or self.looks_after_up > 1:
            super()._frame()


def test_after_a_stopped_drag_the_board_is_read_twice_alike_before_resuming(tmp_path: Path) -> None:
    """A resume planned on the look before the game's late frame would press where the cat was,
    or be refused as a board that changed before the drag. The loop looks until two looks read
    alike, then goes on from the cell the late frame took."""
    phone = LateFramePhone()
    lines: list[str] = []
    LevelLoop(phone, log_dir=tmp_path, say=lines.append).run(1)
    records = phone.records + phone.game.take_records()
    assert any("stopped following" in line for line in lines), lines
    assert not [r for r in records if (r.get("reason") or "").startswith("press")], records
    last = records[-1]
    assert last["cleared"] and is_valid_path(Board.from_text(last["board"]), last["path"]), records
    assert last["kept"] == 3, records  # the start and the three cells the drag got to
