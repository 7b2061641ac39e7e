"""A page that shades from one colour to another (a gradient under the board), made one colour.

Every reader compares what it samples with one colour between the cells (`background`: the
median of the lattice corners around the blobs the lattice was fitted to). On a page that shades
across the board, the gaps at the board's far rows differ from that median by more than the
colour tolerance, so their cells lose the gaps that bound them and read as neither cell nor hole
(seeds 42, 98: a row of plain cells unknown at the top of a vertical gradient).

The gaps' colour is fitted as a plane over the image (per channel: a + b x + c y) from the
lattice corners, and where the fit is good and the page shades by more than a few levels over
the board, every pixel within `SNAP` of the plane is set to the plane's colour at the members'
middle. Tiles, marks and paths are drawn flat over the page and differ from it by more than that,
so they keep their colours; only the page is made flat.
"""

from __future__ import annotations

import cv2
import numpy as np

from onestroke.bot.vision.blobs import largest_channel
from onestroke.bot.vision.lattice import Lattice
from onestroke.bot.vision.sampling import corner_colours

SNAP = 12  # levels (max over channels) from the fitted page: a pixel of the page
FIT_WITHIN = 8  # levels: a corner this near the plane is the page (others: a band, a sparkle)
MIN_SHADE = 10  # levels the plane changes by over the members' box, below which the page is flat
MIN_CORNERS = 8  # corners on the plane to trust it (a 2x2 box has 9)
MIN_SHARE = 0.6  # of the members' corners on the plane
COARSE = 16  # px a sample of the coarse plane stands for
REACH = 6  # pitches beyond the members' box the page is levelled (the grid grows into it)


def level_ground(image: np.ndarray, lattice: Lattice) -> np.ndarray:
    """`image` with its page levelled to one colour, or `image` itself where the page between the
    cells is flat already (or shades in no way a plane fits)."""
    plane = _page_plane(image, lattice)
    if plane is None:
        return image
    coefficients, middle = plane
    h, w = image.shape[:2]
    (ox, oy), (px, py) = lattice.origin, lattice.pitch
    r0, r1, c0, c1 = lattice.members_box()
    x0 = int(max(0, ox + px * (c0 - 0.5 - REACH)))
    x1 = int(min(w, ox + px * (c1 - 0.5 + REACH)))
    y0 = int(max(0, oy + py * (r0 - 0.5 - REACH)))
    y1 = int(min(h, oy + py * (r1 - 0.5 + REACH)))
    if x1 <= x0 or y1 <= y0:
        return image
    # the plane over the window: computed on a coarse grid and stretched (bilinear stretching of
    # a plane is the plane), where computing it at every pixel cost 40-150 ms a screen
    height, width = y1 - y0, x1 - x0
    coarse_h, coarse_w = max(2, height // COARSE), max(2, width // COARSE)
    # the window pixels `cv2.resize` takes each coarse sample to stand for
    gx = x0 + (np.arange(coarse_w) + 0.5) * (width / coarse_w) - 0.5
    gy = y0 + (np.arange(coarse_h) + 0.5) * (height / coarse_h) - 0.5
    coarse = (
        coefficients[0][None, None, :]
        + gx[None, :, None] * coefficients[1][None, None, :]
        + gy[:, None, None] * coefficients[2][None, None, :]
    )
    coarse = np.clip(np.round(coarse), 0, 255).astype(np.uint8)
    page = cv2.resize(coarse, (width, height), interpolation=cv2.INTER_LINEAR)
    off = cv2.absdiff(np.ascontiguousarray(image[y0:y1, x0:x1]), page)
    off = largest_channel(off)
    # (cv2 throughout: numpy's boolean assignment and broadcast fill cost 12-36 ms a screen)
    flat = cv2.merge([np.full((height, width), int(v), np.uint8) for v in np.clip(np.round(middle), 0, 255)])
    levelled = image.copy()
    on_page = cv2.compare(off, SNAP, cv2.CMP_LE)
    levelled[y0:y1, x0:x1] = cv2.copyTo(flat, on_page, levelled[y0:y1, x0:x1].copy())
    return levelled


def _page_plane(image: np.ndarray, lattice: Lattice) -> tuple[np.ndarray, np.ndarray] | None:
    """The plane the members' lattice corners fit, per channel, as (a, b, c) rows of (3,)
    and its colour at the members' middle; None where the corners are flat or fit no plane."""
    if image.ndim != 3 or image.shape[2] != 3:
        return None
    r0, r1, c0, c1 = box = lattice.members_box()
    colours = corner_colours(image, lattice, box).reshape(-1, 3).astype(np.float64)
    (ox, oy), (px, py) = lattice.origin, lattice.pitch
    rows, cols = np.meshgrid(np.arange(r0, r1 + 1), np.arange(c0, c1 + 1), indexing="ij")
    xs = ox + px * (cols.ravel() - 0.5)
    ys = oy + py * (rows.ravel() - 0.5)
    design = np.stack([np.ones_like(xs), xs, ys], axis=1)
    if len(colours) < MIN_CORNERS:
        return None
    # the corners near the median first (a band or a sparkle on a few), then those near the plane
    kept = np.abs(colours - np.median(colours, axis=0)).max(axis=1) <= 3 * FIT_WITHIN
    for _ in range(2):
        if kept.sum() < MIN_CORNERS:
            return None
        fit, *_ = np.linalg.lstsq(design[kept], colours[kept], rcond=None)
        kept = np.abs(colours - design @ fit).max(axis=1) <= FIT_WITHIN
    if kept.sum() < max(MIN_CORNERS, MIN_SHARE * len(colours)):
        return None
    fitted = design[kept] @ fit
    if float(np.ptp(fitted, axis=0).max()) < MIN_SHADE:
        return None
    middle = np.array([1.0, xs[kept].mean(), ys[kept].mean()]) @ fit
    return fit.astype(np.float32), middle
