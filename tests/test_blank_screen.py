"""A screen with nothing drawn (a game closing, a page reloading, a window before its first paint)
is waited on, never pressed, and named: vision's `nothing_drawn`, and the loop through it."""

from __future__ import annotations

import math
import time
from pathlib import Path

import cv2
import numpy as np
import pytest
from fakes import GameFinger, RenderedPhone

from onestroke.bot.gesture import StrokePace
from onestroke.bot.play.loop import LevelLoop, LoopStopped
from onestroke.bot.vision.blank import nothing_drawn
from onestroke.coords import Point, Rect


def flat(value: tuple[int, int, int], height: int = 300, width: int = 200) -> np.ndarray:
    return np.full((height, width, 3), value, np.uint8)


@pytest.mark.parametrize("colour", [(0, 0, 0), (255, 255, 255), (40, 120, 200)])
def test_one_flat_colour_has_nothing_drawn(colour: tuple[int, int, int]) -> None:
    assert nothing_drawn(flat(colour))
    noisy = flat(colour).astype(np.int16) + np.random.default_rng(1).integers(-4, 5, (300, 200, 3))
    assert nothing_drawn(np.clip(noisy, 0, 255).astype(np.uint8))  # capture noise is no drawing


def test_a_word_a_line_or_a_board_is_drawn() -> None:
    word = flat((0, 0, 0))
    cv2.putText(word, "Next", (60, 150), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (255, 255, 255), 1)
    assert not nothing_drawn(word)
    line = flat((240, 240, 240))
    line[100:104, 20:180] = (90, 90, 90)
    assert not nothing_drawn(line)
    assert not nothing_drawn(RenderedPhone(seed=3).grab())


def quick_loop(phone: RenderedPhone, tmp_path: Path, lines: list[str], wait_covered: float) -> LevelLoop:
    """The loop on `phone` at full speed, giving up on a screen after 1 s, its lines into `lines`."""
    return LevelLoop(
        phone,
        log_dir=tmp_path,
        pace=StrokePace(speed=0),
        advance_timeout=1.0,
        wait_covered=wait_covered,
        say=lines.append,
    )


class BlankAfterClear(RenderedPhone):
    """The practice game, whose screen shows nothing drawn (one flat colour) for `blank_for`
    seconds from the moment level 1 is cleared: a page reloading between levels."""

    def __init__(self, blank_for: float, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.blank_for = blank_for
        self.cleared_at: float | None = None

    def grab(self, region: Rect | None = None) -> np.ndarray:
        image = super().grab(region)
        if self.cleared_at is None and any(r.get("cleared") for r in self.records):
            self.cleared_at = time.monotonic()
        if self.cleared_at is not None and time.monotonic() - self.cleared_at < self.blank_for:
            return np.full_like(image, 12)
        return image


def test_a_blank_screen_after_a_level_is_waited_on_and_the_game_played_on(tmp_path: Path) -> None:
    phone = BlankAfterClear(3.0, seed=3, levels=2)
    lines: list[str] = []
    loop = quick_loop(phone, tmp_path, lines, wait_covered=10)
    reports = loop.run(2)
    assert [report.level for report in reports] == [1, 2], lines
    said = "the game shows a blank screen (nothing drawn); waiting up to 10 s for it to draw"
    assert any(said in line for line in lines), lines
    assert phone.game.cleared == 2


def test_a_screen_that_stays_blank_stops_the_loop_with_its_line_and_no_press(tmp_path: Path) -> None:
    phone = BlankAfterClear(math.inf, seed=3, levels=2)
    lines: list[str] = []
    loop = quick_loop(phone, tmp_path, lines, wait_covered=1.5)
    with pytest.raises(
        LoopStopped, match=r"showed a blank screen \(nothing drawn\) for 1.5 s: not pressing anything"
    ):
        loop.run(2)
    downs = [point for kind, point in phone.touches if kind == "down"]
    assert len(downs) == 1, phone.touches  # level 1's drag, and nothing pressed on the blank screen


class OffsetFinger(GameFinger):
    """Touches reach the game less the phone's `offset` (where its view sits on the screen now)."""

    phone: AgainElsewhere

    def _press(self, point: Point) -> None:
        super()._press(Point(point.x - self.phone.offset, point.y))

    def _move(self, point: Point) -> None:
        super()._move(Point(point.x - self.phone.offset, point.y))

    def _release(self) -> None:
        assert self.position is not None
        at = self.position
        self.phone.touches.append(("up", at))
        self.phone.game.release(time.monotonic(), at.x - self.phone.offset, at.y)


class AgainElsewhere(RenderedPhone):
    """A screen three times the game's width: the game in its left third until level 1 is
    cleared; then that third stays black (the old window, blank for good), and `delay` seconds
    later the game goes on in the right third (started again in another window, drawn late)."""

    def __init__(self, delay: float, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.view_width = int(self.screen.width)
        self.screen = Rect(0, 0, 3 * self.screen.width, self.screen.height)
        self.offset = 0.0
        self.delay = delay
        self.cleared_at: float | None = None

    def grab(self, region: Rect | None = None) -> np.ndarray:
        self._frame()
        if self.cleared_at is None and any(r.get("cleared") for r in self.records):
            self.cleared_at = time.monotonic()
            self.offset = float(2 * self.view_width)
        whole = np.zeros((int(self.screen.height), int(self.screen.width), 3), np.uint8)
        left = int(self.offset)
        if self.cleared_at is None or time.monotonic() - self.cleared_at >= self.delay:
            whole[:, left : left + self.view_width] = self.view.draw(self.game)
        return np.ascontiguousarray(whole[(region or self.screen).slices()])

    def touch(self, area: Rect) -> GameFinger:
        self._frame()
        return OffsetFinger(self, area)


def test_a_window_that_stays_blank_while_the_game_shows_elsewhere_is_left_for_the_game(
    tmp_path: Path,
) -> None:
    phone = AgainElsewhere(2.5, seed=3, levels=3)
    lines: list[str] = []
    loop = quick_loop(phone, tmp_path, lines, wait_covered=10)
    reports = loop.run(2)
    assert [report.level for report in reports] == [1, 2], lines
    assert any("the game shows a blank screen" in line for line in lines), lines
    assert phone.game.cleared == 2
    records = phone.records + phone.game.take_records()
    assert [r for r in records if "stray" in r] == [], records
