"""Attempts at one level (bot/play/attempt.py) on a device without a display (tests/fakes.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from fakes import RenderedPhone

from onestroke.bot.gesture import StrokePace
from onestroke.bot.play.attempt import ATTEMPTS, CHANGED_LOOKS, THAWS, Attempts, Retry
from onestroke.bot.play.drag import StopCause
from onestroke.bot.play.logbook import Logbook
from onestroke.bot.play.loop import LevelLoop, LoopStopped
from onestroke.bot.play.screen_watch import ScreenWatch
from onestroke.bot.play.sight import Sight
from onestroke.coords import Geometry, Rect
from onestroke.practice.rules import Rules
from onestroke.solver.finish import Finish


class StoppedDrags(Attempts):
    """Every watched drag stops with the finger lifted, before the game took anything."""

    def watched(self, number: int, sight: Sight, geometry: Geometry, plan: Finish) -> StopCause | None:
        self.stopped += 1
        return "not-following"

    stopped = 0


def test_after_a_watched_drag_stops_the_next_attempt_looks_again(tmp_path: Path) -> None:
    """A reread taken before the drag that stopped is stale: planning on it would press where the
    cat was before that drag. The retry must carry no reread, so the next attempt looks afresh."""
    phone = RenderedPhone(seed=3, rules=Rules())
    attempts = StoppedDrags(phone, ScreenWatch(phone), Logbook(tmp_path, lambda _: None))
    sight = attempts.checked_sight()
    after_an_earlier_drag = Retry(reread=sight)  # what a drag that did not advance leaves
    tried = attempts.attempt(1, 2, sight, after_an_earlier_drag)
    assert isinstance(tried, Retry) and attempts.stopped == 1
    assert tried.reread is None and tried.drag_stopped
    assert tried.known is not None and tried.known.before is sight  # what the stopped drag was planned on


class StillDrawing(RenderedPhone):
    """The practice game whose board is a few levels brighter on every other grab, for its first
    `shifting` grabs (for ever with None): a game still drawing when the bot looks, so the grab
    right before the drag differs from the one the drag was planned on."""

    def __init__(self, shifting: int | None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.shifting = shifting
        self.grabs = 0

    def grab(self, region: Rect | None = None) -> np.ndarray:
        image = super().grab(region)
        self.grabs += 1
        if (self.shifting is None or self.grabs <= self.shifting) and self.grabs % 2:
            return np.clip(image.astype(np.int16) + 8, 0, 255).astype(np.uint8)
        return image


def settling_loop(phone: RenderedPhone, tmp_path: Path, lines: list[str]) -> LevelLoop:
    return LevelLoop(phone, log_dir=tmp_path, pace=StrokePace(speed=0), advance_timeout=1.0, say=lines.append)


def test_a_board_that_changed_before_the_drag_is_looked_at_again_then_played(tmp_path: Path) -> None:
    phone = StillDrawing(6, seed=3, levels=1)
    lines: list[str] = []
    reports = settling_loop(phone, tmp_path, lines).run(1)
    assert [report.level for report in reports] == [1], lines
    said = "level 1: the board changed between looking and dragging; looking again"
    assert said in lines, lines
    assert phone.game.cleared == 1


def test_a_board_that_keeps_changing_before_the_drag_stops_the_bot_untouched(tmp_path: Path) -> None:
    phone = StillDrawing(None, seed=3, levels=1)
    lines: list[str] = []
    line = r"the board changed between looking and dragging \(another window\?\)"
    with pytest.raises(LoopStopped, match=line):
        settling_loop(phone, tmp_path, lines).run(1)
    assert phone.touches == []  # nothing pressed on a board that would not hold still
    looked_again = [line for line in lines if "looking again" in line]
    assert len(looked_again) == CHANGED_LOOKS, lines


class FrozenDrags(Attempts):
    """The first `frozen` watched drags meet a game that froze under them and answered again (what
    `Attempts.frozen` returns once it saw two still screens in a row and then a change); the
    drags after them are the real ones."""

    frozen = 0

    def watched(self, number: int, sight: Sight, geometry: Geometry, plan: Finish) -> StopCause | None:
        if self.frozen > 0:
            self.frozen -= 1
            return "frozen"
        return super().watched(number, sight, geometry, plan)


def frozen_attempts(phone: RenderedPhone, tmp_path: Path, frozen: int, lines: list[str]) -> FrozenDrags:
    attempts = FrozenDrags(phone, ScreenWatch(phone), Logbook(tmp_path, lines.append), advance_timeout=1.0)
    attempts.frozen = frozen
    return attempts


def test_drags_a_frozen_game_ignored_are_not_attempts(tmp_path: Path) -> None:
    """CI saw it: a race at the freeze made the first ignored drag look answered, so the freeze
    was told only on the third drag, and the level had no attempt left once the game answered."""
    phone = RenderedPhone(seed=3, rules=Rules(), levels=1)
    lines: list[str] = []
    report = frozen_attempts(phone, tmp_path, ATTEMPTS, lines).clear_level(1)
    assert report.level == 1 and phone.game.cleared == 1, lines


def test_a_game_that_keeps_freezing_stops_the_bot(tmp_path: Path) -> None:
    phone = RenderedPhone(seed=3, rules=Rules(), levels=1)
    lines: list[str] = []
    with pytest.raises(LoopStopped, match=f"level 1 did not advance after {ATTEMPTS} attempts"):
        frozen_attempts(phone, tmp_path, THAWS + ATTEMPTS, lines).clear_level(1)
    assert phone.game.cleared == 0
