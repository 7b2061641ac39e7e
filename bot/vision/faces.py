"""A face on a marked position: a character (the cat, an avatar), not a disc or a dot.

Apps draw the start as a disc or a dot, where it stays once the path leaves it, and the player
as a character that walks with the path's head. A character has eyes: two holes of one size side
by side in its body, mirrored about its middle. A disc, a dot, a ring around one or a step number
beside one has none (measured on the random looks' avatars and markers, seeds 0-299: every avatar
two holes of 86-142 in 41 x 41, within 1.1x of each other; every disc and dot none at all).
"""

from __future__ import annotations

import cv2
import numpy as np

from onestroke.bot.vision.blobs import enclosed_holes
from onestroke.bot.vision.lattice import Lattice
from onestroke.bot.vision.sampling import COLOUR_TOLERANCE, Box, colour_distance

HALF = 0.32  # pitches from the position's centre: the body and its eyes, not the neighbours
SIDE = 41  # the middle is compared at this size
EYE = 0.02  # the smallest eye, in shares of the middle's area (an avatar's: 0.05-0.08)
EYES_ALIKE = 1.6  # the larger eye's area over the smaller's at most
LEVEL = 0.1  # in shares of the side: the eyes' centres this near one height, and this near mirrored
APART = 0.15  # in shares of the side: the eyes' centres at least this far apart


def faces_at(image: np.ndarray, lattice: Lattice, box: Box, where: np.ndarray) -> np.ndarray:
    """For the positions `where` (box coordinates), whether the middle shows a face; False elsewhere."""
    out = np.zeros(where.shape, bool)
    r0, _, c0, _ = box
    (ox, oy), (px, py) = lattice.origin, lattice.pitch
    for r, c in zip(*np.nonzero(where), strict=True):
        cx, cy = ox + px * (c0 + int(c)), oy + py * (r0 + int(r))
        middle = _middle(image, cx, cy, HALF * px, HALF * py)
        out[r, c] = middle is not None and has_face(middle)
    return out


def _middle(image: np.ndarray, cx: float, cy: float, hx: float, hy: float) -> np.ndarray | None:
    h, w = image.shape[:2]
    x0, x1 = int(round(cx - hx)), int(round(cx + hx))
    y0, y1 = int(round(cy - hy)), int(round(cy + hy))
    if x0 < 0 or y0 < 0 or x1 > w or y1 > h or min(x1 - x0, y1 - y0) < 8:
        return None
    return cv2.resize(image[y0:y1, x0:x1], (SIDE, SIDE), interpolation=cv2.INTER_AREA).astype(np.int16)


def has_face(middle: np.ndarray) -> bool:
    """Whether the body under the middle's centre (its colour, the piece holding the centre) has two
    eyes: holes in it of one size, level with each other, mirrored about the middle's centre."""
    n = middle.shape[0]
    c = n // 2
    centre = np.median(middle[c - 1 : c + 2, c - 1 : c + 2].reshape(-1, 3), axis=0)
    body = (colour_distance(middle, centre) <= COLOUR_TOLERANCE).astype(np.uint8)
    _, pieces = cv2.connectedComponents(body, connectivity=4)
    body = (pieces == pieces[c, c]).astype(np.uint8)
    eyes = [(area, at) for area, at in enclosed_holes(body) if area >= EYE * n * n]
    if len(eyes) != 2:
        return False
    (small, (ax, ay)), (large, (bx, by)) = sorted(eyes)
    return (
        large <= EYES_ALIKE * small
        and abs(ay - by) <= LEVEL * n
        and abs(ax - bx) >= APART * n
        and abs(ax + bx - 2 * c) <= LEVEL * n
    )
