"""Stand-ins that run the real parts without a display: a device whose screen is the practice
game drawn by its own renderer (`practice.view.GameView` over `practice.render.render_screen`) and
whose touches go to the game's own rules (`practice.rules.PracticeGame`, headless), so the level
loop can be driven end to end in-process.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from onestroke.bot.device import Capabilities, DeviceBase, TouchSession
from onestroke.coords import Point, Rect
from onestroke.practice.rules import PracticeGame, Rules
from onestroke.practice.view import GameView


class GameFinger(TouchSession):
    """Touches go straight to the game, stamped with the time they happen."""

    def __init__(self, phone: RenderedPhone, area: Rect) -> None:
        super().__init__(area)
        self.phone = phone

    def _press(self, point: Point) -> None:
        self.phone.touches.append(("down", point))
        self.phone.game.press(time.monotonic(), *point)

    def _move(self, point: Point) -> None:
        self.phone.touches.append(("move", point))
        self.phone.game.move(time.monotonic(), *point)

    def _release(self) -> None:
        assert self.position is not None
        self.phone.touches.append(("up", self.position))
        self.phone.game.release(time.monotonic(), *self.position)


class RenderedPhone(DeviceBase):
    """A phone-sized screen (capture = image = pointer pixels) showing the practice game.

    The game runs on the wall clock: every grab and every touch first lets it draw a frame.
    It is drawn by `practice.view.GameView` with the forgiving game's screens (the renderer's
    level-complete panel, whose "next" button is the go-on control).
    """

    def __init__(
        self,
        *,
        seed: int = 1,
        levels: int | None = None,
        width: int = 540,
        height: int = 960,
        rules: Rules | None = None,
        fast_capture: bool = True,
    ) -> None:
        self.screen = Rect(0, 0, width, height)
        self.scale = 1.0
        self.windows = None
        self.capabilities = Capabilities("rendered", "render_screen", "practice-rules", fast_capture, False)
        self.touches: list[tuple[str, Point]] = []
        self.records: list[dict[str, Any]] = []
        self.view = GameView(width, height, real_screens=False)
        self.game = PracticeGame(
            self.view,
            seed=seed,
            levels=levels,
            rules=rules or Rules(strict=False),
            complete_after=0.0,
            ranking_seconds=0.0,
        )

    def _frame(self) -> None:
        self.game.frame(time.monotonic())
        self.records += self.game.take_records()

    def grab(self, region: Rect | None = None) -> np.ndarray:
        self._frame()
        image = self.view.draw(self.game)
        return np.ascontiguousarray(image[(region or self.screen).slices()])

    def touch(self, area: Rect) -> GameFinger:
        self._frame()
        return GameFinger(self, area)


class BlankScreen(RenderedPhone):
    """A phone showing nothing like a board (a plain background)."""

    def grab(self, region: Rect | None = None) -> np.ndarray:
        box = (region or self.screen).rounded()
        return np.full((int(box.height), int(box.width), 3), 200, np.uint8)
