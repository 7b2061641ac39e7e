"""What changed between two looks (bot/vision/change.py), on a real-looking phone screen."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from onestroke.bot.vision import detect
from onestroke.bot.vision.change import board_changed, changed_share, difference, identical, points_changed

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def test_the_board_changed_only_when_its_own_pixels_did() -> None:
    screen = cv2.imread(str(FIXTURES / "phone-1080x1920-classic.png"))
    geometry = detect(screen).geometry
    assert geometry is not None
    board = geometry.bounds().slices()
    assert not board_changed(screen, screen.copy(), board)
    outside = screen.copy()
    outside[: board[0].start, :] = 255 - outside[: board[0].start, :]  # everything above the board
    assert not board_changed(outside, screen, board)
    cell = screen.copy()
    x, y = geometry.centre((0, 0))
    half = round(geometry.pitch[0] / 2)
    cell[round(y) - half : round(y) + half, round(x) - half : round(x) + half] = (40, 90, 200)
    assert board_changed(cell, screen, board)


def test_shares_count_pixels_and_points_over_their_thresholds() -> None:
    a = np.zeros((10, 10, 3), np.uint8)
    b = a.copy()
    b[:2, :, 2] = 21  # 20 % of the pixels, one channel just over PIXEL_CHANGED
    b[2:4, :, :] = 20  # 20 % more at the threshold itself: not changed
    assert changed_share(b, a) == 0.2
    assert changed_share(b, a, np.arange(100).reshape(10, 10) >= 20) == 0.0
    assert changed_share(b, a, np.zeros((10, 10), bool)) == 0.0
    assert difference(np.uint8([[0, 250]]), np.uint8([[250, 0]])).tolist() == [[250, 250]]  # no wrap-around
    points = np.uint8([[15, 15, 15], [40, 0, 0], [0, 0, 0], [14, 14, 14]])
    assert (
        points_changed(points, np.zeros_like(points)) == 0.25
    )  # a mean over 14 changed, one channel at 40 not
    assert points_changed(np.zeros((0, 3), np.uint8), np.zeros((0, 3), np.uint8)) == 0.0


def test_identical_means_the_same_pixels_exactly_in_the_part_asked() -> None:
    screen = cv2.imread(str(FIXTURES / "phone-1080x1920-classic.png"))
    top, rest = (slice(0, 100), slice(None)), (slice(100, None), slice(None))
    faded = screen.copy()
    faded[100:] = np.clip(faded[100:].astype(np.int16) + 1, 0, 255).astype(np.uint8)  # a fade's last step
    assert identical(screen, screen.copy())
    assert not identical(screen, faded)  # one level of one channel is a change: no threshold
    assert identical(screen, faded, top) and not identical(screen, faded, rest)
    assert not identical(screen, screen[:-1])  # another size is never the same grab
