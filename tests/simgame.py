"""A practice game in simulated time: the headless rules, their frames (with stalls) and the real
drawing, behind a grab and a touch session like a device's. The bot's closed-loop drag is tested
on it without a display; a run repeats exactly for a seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from onestroke.coords import Point
from onestroke.practice.rules import FrameClock, PracticeGame, Rules
from onestroke.practice.view import GameView


@dataclass
class SimClock:
    t: float = 0.0

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += max(0.0, seconds)


@dataclass
class SimTouch:
    game: SimGame
    down_at: float | None = None
    up_at: float | None = None
    moves: int = 0
    is_down: bool = False

    def down(self, point: Point) -> None:
        self.is_down, self.down_at = True, self.game.clock.t
        self.game.game.press(self.game.clock.t, *self.game.bumped(point))

    def move(self, point: Point) -> None:
        assert self.is_down, "move while the finger is up"
        self.moves += 1
        self.game.game.move(self.game.clock.t, *self.game.bumped(point))

    def up(self) -> None:
        if self.is_down:
            self.is_down, self.up_at = False, self.game.clock.t
            position = self.game.last_point
            self.game.game.release(self.game.clock.t, *position)


@dataclass
class SimGame:
    rules: Rules
    seed: int = 1
    level: int = 1
    width: int = 450
    height: int = 800
    grab_cost: float = 0.002  # simulated seconds a board grab takes (a box around the head: a tenth)
    close_at: float | None = None  # the game's window disappears then
    slow: tuple[float, float, float] | None = None  # (from, until, fps): the game runs slower meanwhile
    cover: tuple[float, tuple[int, int, int, int]] | None = None  # (from, box x0 y0 x1 y1): painted over
    bumps: dict[int, Point] = field(default_factory=dict)  # move number -> where the pointer really went
    records: list[dict[str, Any]] = field(default_factory=list)
    gaps: list[tuple[float, float]] = field(default_factory=list)  # (frame time, time to the next frame)

    def __post_init__(self) -> None:
        self.clock = SimClock()
        self.view = GameView(self.width, self.height)
        self.game = PracticeGame(self.view, seed=self.seed, rules=self.rules, first_level=self.level)
        self.frames = FrameClock(self.rules, self.seed)
        self.next_frame = 0.0
        self.image = self.view.draw(self.game)
        self.touch = SimTouch(self)
        self.last_point: Point = Point(0.0, 0.0)
        self._sent = 0

    def bumped(self, point: Point) -> Point:
        """Where the pointer really lands: a bump (a person's hand) replaces one move's point."""
        self._sent += 1
        self.last_point = self.bumps.pop(self._sent, point)
        return self.last_point

    @property
    def closed(self) -> bool:
        return self.close_at is not None and self.clock.t >= self.close_at

    def advance(self) -> None:
        """Run the game's frames due by now."""
        while self.next_frame <= self.clock.t:
            if self.game.frame(self.next_frame):
                self.image = self.view.draw(self.game)
            self.records += self.game.take_records()
            following = self.frames.following(self.next_frame)
            if self.slow is not None and self.slow[0] <= self.next_frame < self.slow[1]:
                following = self.next_frame + 1.0 / self.slow[2]  # a loaded machine: late frames
            self.gaps.append((self.next_frame, following - self.next_frame))
            self.next_frame = following

    def grab(self) -> np.ndarray:
        self.clock.t += self.grab_cost
        return self._shown()

    def grab_box(self, box: tuple[int, int, int, int]) -> np.ndarray:
        """What `BoardWatch` grabs around the head: the pixels of `box` (x0, y0, x1, y1)."""
        self.clock.t += self.grab_cost / 10
        x0, y0, x1, y1 = box
        return np.ascontiguousarray(self._shown()[y0:y1, x0:x1])

    def _shown(self) -> np.ndarray:
        self.advance()
        if self.closed:
            return np.zeros_like(self.image)  # the bare root window of the X server
        if self.cover is not None and self.clock.t >= self.cover[0]:
            x0, y0, x1, y1 = self.cover[1]
            image = self.image.copy()
            image[y0:y1, x0:x1] = 255  # a white panel over part of the board
            return image
        return self.image

    def run_until(self, t: float) -> None:
        self.clock.t = max(self.clock.t, t)
        self.advance()
