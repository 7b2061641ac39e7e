"""Where on a screenshot something is drawn: a game's window on a flat desktop, a phone screen
with a letterbox.

A screen read whole for its words is first made smaller for the text detector (`text.DET_SIDE`);
a 450x800 game window on a 1920x1080 desktop then shows its labels at half size, and the detector
cut a button's label short ("スター" for "スタート") or missed it, depending on where the window
stood (2 of 36 places, `tests/test_framing.py`). When a flat colour surrounds everything drawn,
only the drawn part is read, at its own size.
"""

from __future__ import annotations

import cv2
import numpy as np

from onestroke.coords import Rect

SURROUND_NEAR = 8  # levels (max over channels): a pixel this near the surround's colour is the surround
SURROUND_SHARE = 0.95  # of the image's outermost pixels in one colour: a flat surround
MAX_DRAWN_SHARE = 0.8  # of the image's area: a drawn part larger than this is read whole
PAD = 0.02  # of the image's longer side (at least MIN_PAD px) kept around the drawn part
MIN_PAD = 8


def drawn_area(image: np.ndarray) -> Rect | None:
    """The box (image pixels) of everything not in the flat colour that surrounds it, padded a
    little; None when the image's edge is not one flat colour, nothing is drawn, or the drawn part
    fills most of the image (it is then read whole, as before)."""
    if image.ndim == 2:
        image = image[:, :, None]
    image = image[:, :, :3]  # (an alpha channel says nothing about what is drawn)
    height, width = image.shape[:2]
    if height < 4 or width < 4:
        return None
    edge = np.concatenate([image[0], image[-1], image[1:-1, 0], image[1:-1, -1]]).astype(
        np.int16
    )  # the outermost pixels, each once
    surround = np.median(edge, axis=0)
    if np.mean(np.abs(edge - surround).max(axis=1) <= SURROUND_NEAR) < SURROUND_SHARE:
        return None  # a wallpaper, a picture to the edge: no flat surround
    colour = np.broadcast_to(np.round(surround).astype(np.uint8), image.shape)
    drawn = cv2.absdiff(np.ascontiguousarray(image), np.ascontiguousarray(colour)).max(axis=2) > SURROUND_NEAR
    rows, cols = np.flatnonzero(drawn.any(axis=1)), np.flatnonzero(drawn.any(axis=0))
    if rows.size == 0:
        return None
    pad = max(MIN_PAD, PAD * max(height, width))
    whole = Rect(0, 0, width, height)
    box = Rect(cols[0], rows[0], cols[-1] + 1 - cols[0], rows[-1] + 1 - rows[0]).grown(pad, pad)
    area = whole.intersection(box.rounded())
    if area is None or area.width * area.height > MAX_DRAWN_SHARE * width * height:
        return None
    return area
