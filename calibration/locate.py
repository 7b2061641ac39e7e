"""Finding the game on a whole screen, and how capture units relate to pointer units.

Three questions, each a small pure function on numbers or on a numpy image (no screen here):
- which part of the screen is worth capturing every frame (`work_region`: the board with room
  around it for the level-complete panel);
- how many image pixels make one pointer unit (`pointer_scale`, measured against
  `pyautogui.size()`; `onestroke.bot.coords.ScreenMap` then converts with it);
- where is the level-complete "next" button (`find_next_button`: a wide saturated capsule).
"""

from __future__ import annotations

import cv2
import numpy as np

from onestroke.bot.coords import Point, Rect


def pointer_scale(capture_width: int, pointer_width: int) -> float:
    """Capture pixels per pointer unit: 2.0 on Retina/HiDPI-scaled screens, 1.0 on most others.

    Measured by comparing the width of a whole-monitor capture with `pyautogui.size()`;
    rounded to 1/100 so sub-pixel noise never changes a saved profile.
    """
    if capture_width <= 0 or pointer_width <= 0:
        raise ValueError(f"screen widths must be positive: capture {capture_width}, pointer {pointer_width}")
    return round(capture_width / pointer_width, 2)


def work_region(board: Rect, screen: Rect) -> Rect:
    """The part of the screen to capture each frame: the board with half its size around it,
    and its height again below (where the level-complete button appears), within the screen.
    Whole capture units, as capture backends need.
    """
    w, h = board.width, board.height
    left = max(screen.left, int(board.left - w / 2))
    top = max(screen.top, int(board.top - h / 2))
    right = min(screen.right, int(board.right + w / 2) + 1)
    bottom = min(screen.bottom, int(board.bottom + h) + 1)
    return Rect.from_corners(left, top, right, bottom)


def find_next_button(image: np.ndarray) -> Point | None:
    """Centre of the level-complete "next" button: the largest wide, saturated, bright capsule.

    Colour-agnostic apart from "saturated": the coins, cats and round menu buttons around it
    are about as tall as wide, so a width/height ratio of 2..6 picks the button out; a minimum
    width of 1/40 of the image (a phone-sized game window on a desktop screen still passes)
    drops specks.
    """
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    mask = ((hsv[:, :, 1] > 90) & (hsv[:, :, 2] > 110)).astype(np.uint8)
    count, _, stats, centroids = cv2.connectedComponentsWithStats(mask, connectivity=4)
    best: tuple[int, Point] | None = None
    min_width = max(24, image.shape[1] / 40)
    for i in range(1, count):
        x, y, w, h, area = stats[i]
        if w < min_width or h < 8 or not 2.0 <= w / h <= 6.0 or area < 0.6 * w * h:
            continue
        if best is None or area > best[0]:
            best = (int(area), Point(float(centroids[i][0]), float(centroids[i][1])))
    return None if best is None else best[1]
