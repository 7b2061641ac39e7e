"""Finding the game on a whole screen, and how capture units relate to pointer units.

Two questions, each a small pure function on numbers or on a numpy image (no screen here):
- which part of the screen is worth capturing every frame (`work_region`: the board with room
  around it for the level-complete panel);
- how many image pixels make one pointer unit (`pointer_scale`, measured against
  `pyautogui.size()`; `onestroke.coords.ScreenMap` then converts with it).
The level-complete screen and its go-on control are vision's (`onestroke.bot.vision.screens`).
"""

from __future__ import annotations

from onestroke.coords import Rect


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
