"""Buttons that hold nothing but an arrow pointing right: a go-on control drawn with no words.

Many games end a level with a panel whose go-on control is a round (or capsule) button with a
right-pointing arrow on it and no label ("Level Clear" above, a MENU capsule beside it). The
arrow is the genre's sign for "on to the next": it is read by its shape, never by one app's
colours or sizes, and only the shape of a straight arrow counts:

- a **button**: a flat region of one colour (`blobs.flat_mask`), a disc or a capsule (0.8 to 8
  times as wide as tall, filling at least 0.72 of its box once its holes are filled), of a
  button's size;
- with **one mark** in it, in a colour well off the button's, and nothing else (no letters: a
  button with words is judged by its words);
- the mark **points right**: alike flipped top to bottom, unlike flipped left to right; a thin
  **shaft** over its left third, the **head** (its tallest column) right of the shaft, and a
  **tip**: the right end narrows to a point.

What is no arrow, by those tests: a left arrow (back, return: the head on the left), a play
triangle (watch an ad: no shaft, the tallest column on the left), a check mark, replay's circle,
the share sign (its right end is two dots, no tip), a house, a list, a lightbulb.
"""

from __future__ import annotations

from typing import Final

import cv2
import numpy as np

from onestroke.bot.vision.blobs import flat_mask
from onestroke.coords import Rect

WORK_SIDE: Final = 480  # buttons are found on a copy no longer than this (the glyph is read at full size)
BUTTON_ASPECT: Final = (0.8, 8.0)  # a disc to a wide capsule
BUTTON_SIZE: Final = (0.04, 0.3)  # its height, as a share of the screen's shorter side
BUTTON_FILL: Final = 0.72  # share of its box covered with its holes filled (a disc: 0.785)
MIN_HOLES: Final = 0.03  # share of the button a mark on it covers at least (a flat box is no button)
GLYPH_CONTRAST: Final = 40  # the mark's colour this far off the button's at least (max over channels)
GLYPH_WIDTH: Final = 0.3  # the mark at least this share of the button's height wide
GLYPH_ALONE: Final = 0.1  # other marks on the button: at most this share of the arrow's area
MIRRORED: Final = 0.75  # overlap with itself flipped top to bottom, at least
UNMIRRORED: Final = 0.6  # overlap with itself flipped left to right, at most
SHAFT: Final = (0.35, 0.45, 0.8)  # over the left 35 %, 80 % of the columns at most 45 % as tall as the mark
HEAD_FROM: Final = 0.4  # the tallest column at least this share of the width from the left
TIP: Final = (0.08, 0.5)  # over the right 8 %, every column at most half as tall as the mark


def arrow_buttons(image: np.ndarray) -> list[Rect]:
    """Boxes (image pixels) of the buttons in a BGR image that hold nothing but a right-pointing arrow."""
    step = max(1, int(np.ceil(max(image.shape[:2]) / WORK_SIDE)))
    small = cv2.resize(image, (image.shape[1] // step, image.shape[0] // step), interpolation=cv2.INTER_AREA)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(flat_mask(small), connectivity=4)
    short = min(small.shape[:2])
    boxes = []
    for i in range(1, count):
        left, top, w, h = (int(v) for v in stats[i][:4])
        if not BUTTON_ASPECT[0] <= w / h <= BUTTON_ASPECT[1]:
            continue
        if not BUTTON_SIZE[0] * short <= h <= BUTTON_SIZE[1] * short:
            continue
        own = (labels[top : top + h, left : left + w] == i).astype(np.uint8)
        filled = _holes_filled(own)
        if filled.mean() < BUTTON_FILL or filled.sum() - own.sum() < MIN_HOLES * filled.sum():
            continue
        box = Rect(left * step, top * step, w * step, h * step)
        mark = _mark(image, box, own, filled, step)
        if mark is not None and points_right(mark):
            boxes.append(box)
    return boxes


def _holes_filled(part: np.ndarray) -> np.ndarray:
    filled = part.copy()
    contours, _ = cv2.findContours(part, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(filled, contours, -1, 1, thickness=cv2.FILLED)
    return filled


def _mark(image: np.ndarray, box: Rect, own: np.ndarray, filled: np.ndarray, step: int) -> np.ndarray | None:
    """The one mark on the button (its pixels in its own box, full size), or None when there is
    none or something else is on the button too (letters beside an icon, a second icon)."""
    crop = image[box.slices()].astype(np.int16)
    size = (crop.shape[1], crop.shape[0])
    own_full = cv2.resize(own, size, interpolation=cv2.INTER_NEAREST).astype(bool)
    # off the rim: the button's anti-aliased edge is neither its colour nor the mark's
    k = 2 * step + 1
    inside = cv2.erode(cv2.resize(filled, size, interpolation=cv2.INTER_NEAREST), np.ones((k, k), np.uint8))
    inside_mask = inside.astype(bool)
    if not own_full.any() or not inside_mask.any():
        return None
    colour = np.median(crop[own_full], axis=0)
    off = np.abs(crop - colour).max(axis=2)
    off[~inside_mask] = 0
    contrast = float(np.percentile(off[inside_mask], 99))
    if contrast < GLYPH_CONTRAST:
        return None
    # half the mark's contrast: its anti-aliased edge splits between the two
    marked = (off > contrast / 2).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(marked, connectivity=8)
    if count < 2:
        return None
    areas = stats[1:, cv2.CC_STAT_AREA]
    main = 1 + int(np.argmax(areas))
    if areas.sum() - areas.max() > GLYPH_ALONE * areas.max():
        return None
    left, top, w, h = (int(v) for v in stats[main][:4])
    if w < GLYPH_WIDTH * crop.shape[0]:
        return None
    return labels[top : top + h, left : left + w] == main


def points_right(mark: np.ndarray) -> bool:
    """Whether a mark (a boolean picture cropped to it) is a straight arrow pointing right."""
    h, w = mark.shape
    if w < 8 or h < 6 or not mark.any(axis=0).all():
        return False  # too small to judge, or in pieces side by side (two chevrons, a dotted line)
    if _overlap(mark, mark[::-1]) < MIRRORED or _overlap(mark, mark[:, ::-1]) > UNMIRRORED:
        return False
    rows = np.arange(h)[:, None]
    tall = (np.where(mark, rows, -1).max(axis=0) - np.where(mark, rows, h).min(axis=0) + 1) / h
    head = int(np.argmax(tall))
    shaft = tall[: max(1, int(SHAFT[0] * w))]
    tip = tall[min(w - 1, int((1 - TIP[0]) * w)) :]
    return bool(head >= HEAD_FROM * w and (shaft <= SHAFT[1]).mean() >= SHAFT[2] and tip.max() <= TIP[1])


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    return float((a & b).sum() / max(1, (a | b).sum()))
