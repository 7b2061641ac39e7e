"""Stage 1: flat blobs. Regions of unchanging colour shaped like a cell; no colour, no size assumed.

A 3x3 morphological gradient (max over the colour channels) marks every pixel where the colour
changes; the connected regions of unchanging colour are labelled. Cells are flat rounded squares
of any colour, so their interiors are square regions that fill ~95 % of their bounding box.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

FLAT_THRESHOLD = 14  # max-min over 3x3 (any channel) below this is "no edge"; JPEG noise stays < 8
MIN_FILL = 0.8  # a rounded square fills ~97 % of its box, its JPEG-eroded interior >= 85 %; a disc 79 %
MAX_BLOBS = 600  # the lattice step compares every pair of blobs: this bounds its time and memory


@dataclass(frozen=True)
class Blobs:
    """Blob centroids and sizes, in the pixels of the image they were found in."""

    x: np.ndarray  # centroid x
    y: np.ndarray  # centroid y
    size: np.ndarray  # mean of bounding box width and height

    def scaled(self, factor: float) -> Blobs:
        """The same blobs in the image `1 / factor` times larger (pixel i covers i/f .. (i+1)/f)."""
        return Blobs((self.x + 0.5) / factor - 0.5, (self.y + 0.5) / factor - 0.5, self.size / factor)


def as_bgr(image: np.ndarray) -> np.ndarray:
    """The image as 3-channel BGR; grey and BGRA are converted, anything else is refused."""
    if not isinstance(image, np.ndarray) or image.dtype != np.uint8:
        raise TypeError("detect() needs a uint8 numpy image")
    if image.ndim == 2:
        return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.ndim == 3 and image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    if image.ndim == 3 and image.shape[2] == 3:
        return image
    raise ValueError(f"detect() needs an HxW, HxWx3 or HxWx4 image, not shape {image.shape}")


def flat_mask(image: np.ndarray) -> np.ndarray:
    """255 where the colour does not change within a 3x3 neighbourhood, in any channel."""
    gradient = cv2.morphologyEx(image, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    b, g, r = cv2.split(gradient)
    strongest = cv2.max(cv2.max(b, g), r)
    return cv2.compare(strongest, FLAT_THRESHOLD, cv2.CMP_LT)


def square_blobs(image: np.ndarray) -> Blobs:
    """Flat regions shaped like a (rounded) square: aspect ~1 and filling their bounding box."""
    count, _, stats, centroids = cv2.connectedComponentsWithStats(flat_mask(image), connectivity=4)
    w = stats[1:, cv2.CC_STAT_WIDTH].astype(np.float64)
    h = stats[1:, cv2.CC_STAT_HEIGHT].astype(np.float64)
    area = stats[1:, cv2.CC_STAT_AREA].astype(np.float64)
    limit = min(image.shape[:2]) / 2
    keep = (w >= 8) & (h >= 8) & (w <= limit) & (h <= limit)
    keep &= (w <= 1.2 * h) & (h <= 1.2 * w) & (area >= MIN_FILL * w * h)
    centres, sizes = centroids[1:][keep], (w[keep] + h[keep]) / 2
    if len(sizes) > MAX_BLOBS:  # a checkerboard or a pixel-art screen: keep the largest squares
        largest = np.argsort(-sizes, kind="stable")[:MAX_BLOBS]
        centres, sizes = centres[largest], sizes[largest]
    return Blobs(centres[:, 0], centres[:, 1], sizes)
