"""A second board on the same screen: two game windows side by side, or a game left frozen beside
the one being played.

The detector reads one board per image. On a desktop the whole screen is searched for the game;
were two boards on it, the bot would play whichever the detector found, and a drag on the wrong
one (a frozen window that looks like the game) never gets an answer. So where a board was found
on the whole screen, its part is painted over in the colour around it and the rest is read once
more: another board that passes every self-check means the screen is ambiguous, and the bot
says so instead of guessing (bot/play/screen_watch.py decides).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from onestroke.bot.vision.detect import Detection
from onestroke.coords import Geometry, Rect


def board_painted_over(image: np.ndarray, geometry: Geometry) -> np.ndarray | None:
    """`image` with the board of `geometry` (and one cell's room around it) painted in the median
    colour of the pixels just around that; None when the board leaves no room (it fills the image)."""
    height, width = image.shape[:2]
    whole = Rect(0, 0, width, height)
    pitch = max(geometry.pitch)
    box = whole.intersection(geometry.bounds().grown(pitch).rounded())
    if box is None or box == whole:
        return None
    ring = whole.intersection(box.grown(max(2, round(pitch / 4))).rounded())
    assert ring is not None  # it holds the box
    # the pixels of the ring around the box: its rectangle less the box, in the ring's own crop
    around = np.ones((int(ring.height), int(ring.width)), dtype=bool)
    around[box.translated(-ring.left, -ring.top).slices()] = False
    if not around.any():
        return None
    painted = image.copy()
    painted[box.slices()] = np.median(image[ring.slices()][around], axis=0).astype(image.dtype)
    return painted


def second_board(
    image: np.ndarray, geometry: Geometry, reader: Callable[[np.ndarray], Detection]
) -> Geometry | None:
    """Where `reader` finds another board in `image` once the board of `geometry` is painted over
    (image pixels); None when there is none, or no room for one."""
    painted = board_painted_over(image, geometry)
    if painted is None:
        return None
    other = reader(painted)
    return other.geometry if other.ok else None
