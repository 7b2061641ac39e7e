"""Finding the game on a whole screen, and mapping its pixels to pointer coordinates.

Three questions, each a small pure function on numbers or on a numpy image (no screen here):
- where does the board sit, and which part of the screen is worth capturing every frame
  (`work_region`: the board with room around it for the level-complete panel);
- how do image pixels become pointer coordinates (`PointerMap`: region offset, Retina-style
  image density, and the capture-to-pointer `scale` measured against `pyautogui.size()`);
- where is the level-complete "next" button (`find_next_button`: a wide saturated capsule).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from onestroke.bot.capture import Region
from onestroke.bot.geometry import Geometry
from onestroke.bot.pointer import Area

Box = tuple[float, float, float, float]


def pointer_scale(capture_width: int, pointer_width: int) -> float:
    """Capture pixels per pointer unit: 2.0 on Retina/HiDPI-scaled screens, 1.0 on most others.

    Measured by comparing the width of a whole-monitor capture with `pyautogui.size()`;
    rounded to 1/100 so sub-pixel noise never changes a saved profile.
    """
    if capture_width <= 0 or pointer_width <= 0:
        raise ValueError(f"screen widths must be positive: capture {capture_width}, pointer {pointer_width}")
    return round(capture_width / pointer_width, 2)


@dataclass(frozen=True)
class PointerMap:
    """Turns pixels of an image grabbed from `region` into pointer coordinates.

    Three coordinate systems meet here: capture units (mss's monitor and region coordinates,
    what a profile stores), image pixels (what the detector sees) and pointer units (what
    pyautogui takes). `density` is image pixels per capture unit (2 where mss returns Retina
    images for regions given in points); `scale` is image pixels per pointer unit, measured on
    a whole-monitor grab (see `pointer_scale`). On most Linux and Windows setups both are 1.
    """

    region: Region
    density: float = 1.0
    scale: float = 1.0

    @classmethod
    def for_image(cls, region: Region, image: np.ndarray, scale: float = 1.0) -> PointerMap:
        return cls(region, image.shape[1] / region.width, scale)

    def point(self, x: float, y: float) -> tuple[float, float]:
        return (
            (self.region.left * self.density + x) / self.scale,
            (self.region.top * self.density + y) / self.scale,
        )

    def geometry(self, geometry: Geometry) -> Geometry:
        """The same lattice in pointer coordinates."""
        shifted = geometry.translated(self.region.left * self.density, self.region.top * self.density)
        return shifted.scaled(1.0 / self.scale)

    def to_capture(self, x: float, y: float) -> tuple[float, float]:
        """Image pixel to absolute capture coordinates (what a profile stores)."""
        return (self.region.left + x / self.density, self.region.top + y / self.density)

    def capture_to_pointer(self, x: float, y: float) -> tuple[float, float]:
        k = self.density / self.scale
        return (x * k, y * k)

    def pointer_to_capture(self, x: float, y: float) -> tuple[float, float]:
        k = self.scale / self.density
        return (x * k, y * k)


def board_area(geometry: Geometry, margin: float = 0.0) -> Area:
    """The board's pitch squares (gaps included) as a pointer-safe area, grown by `margin` pitches."""
    x0, y0, x1, y1 = geometry.bounds()
    mx, my = geometry.pitch[0] * margin, geometry.pitch[1] * margin
    return Area(x0 - mx, y0 - my, x1 + mx, y1 + my)


def work_region(board: Box, screen: Region) -> Region:
    """The part of the screen to capture each frame: the board with half its size around it,
    and its height again below (where the level-complete button appears), within the screen.
    """
    x0, y0, x1, y1 = board
    w, h = x1 - x0, y1 - y0
    left = max(screen.left, int(x0 - w / 2))
    top = max(screen.top, int(y0 - h / 2))
    right = min(screen.left + screen.width, int(x1 + w / 2) + 1)
    bottom = min(screen.top + screen.height, int(y1 + h) + 1)
    return Region(left, top, right - left, bottom - top)


def find_next_button(image: np.ndarray) -> tuple[float, float] | None:
    """Centre of the level-complete "next" button: the largest wide, saturated, bright capsule.

    Colour-agnostic apart from "saturated": the coins, cats and round menu buttons around it
    are about as tall as wide, so a width/height ratio of 2..6 picks the button out; a minimum
    width of 1/40 of the image (a phone-sized game window on a desktop screen still passes)
    drops specks.
    """
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    mask = ((hsv[:, :, 1] > 90) & (hsv[:, :, 2] > 110)).astype(np.uint8)
    count, _, stats, centroids = cv2.connectedComponentsWithStats(mask, connectivity=4)
    best: tuple[int, tuple[float, float]] | None = None
    min_width = max(24, image.shape[1] / 40)
    for i in range(1, count):
        x, y, w, h, area = stats[i]
        if w < min_width or h < 8 or not 2.0 <= w / h <= 6.0 or area < 0.6 * w * h:
            continue
        if best is None or area > best[0]:
            best = (int(area), (float(centroids[i][0]), float(centroids[i][1])))
    return None if best is None else best[1]
