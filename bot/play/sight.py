"""One look at the screen: grab a region, detect, and keep how the image maps back (`Sight`)."""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from onestroke.bot.coords import Rect, ScreenMap
from onestroke.bot.device import Device
from onestroke.bot.vision import Detection, detect
from onestroke.solver.board import Board


@dataclass(frozen=True)
class Sight:
    """One look at the screen: the image, where it came from, what the detector saw, and timings."""

    image: np.ndarray
    screen_map: ScreenMap
    detection: Detection
    capture_ms: float
    detect_ms: float

    @property
    def board(self) -> Board | None:
        """The board when every self-check passed, else None (never drag on anything else)."""
        return self.detection.board if self.detection.ok else None


def look(device: Device, region: Rect) -> Sight:
    """Grab `region` (capture units) from `device` and detect the board in it, timing both."""
    began = time.perf_counter()
    image = device.grab(region)
    grabbed = time.perf_counter()
    detection = detect(image)
    done = time.perf_counter()
    screen_map = ScreenMap.for_image(region, image, device.scale)
    return Sight(image, screen_map, detection, (grabbed - began) * 1e3, (done - grabbed) * 1e3)
