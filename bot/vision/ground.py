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
from onestroke.bot.vision.sampling import colour_distance, corner_colours, sample_at, square_offsets

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
    flat = _filled(middle, height, width)
    levelled = image.copy()
    on_page = cv2.compare(off, SNAP, cv2.CMP_LE)
    for colour in _members_reached(image, lattice, coarse):
        # (a pixel in a member blob's own colour is a tile's, never the page's)
        own = largest_channel(
            cv2.absdiff(np.ascontiguousarray(image[y0:y1, x0:x1]), _filled(colour, height, width))
        )
        on_page = cv2.bitwise_and(on_page, cv2.compare(own, SNAP, cv2.CMP_GT))
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


def _filled(colour: np.ndarray, height: int, width: int) -> np.ndarray:
    """An image of `colour` (rounded to whole levels)."""
    return cv2.merge([np.full((height, width), int(v), np.uint8) for v in np.clip(np.round(colour), 0, 255)])


MEMBER_MIDDLE = square_offsets(0.05, 3)  # a member blob's own colour: its middle


def _members_reached(image: np.ndarray, lattice: Lattice, plane: np.ndarray) -> list[np.ndarray]:
    """The colours of the member blobs that the page's plane (`plane`: its colours over the
    levelled window, (H, W, 3)) comes within `SNAP` of somewhere: levelled, such a blob's kind of
    tile beyond the members would take the page's colour and read as the gaps. A page that
    shades under the board does so far from what is drawn on it; corners that seem to shade
    where the page is flat (the lines of a framed grid, darker at its frame, lighter beside its
    dark holes, JPEG'd) fit a plane a few levels off the lines that reaches cells a shade off
    them (seed 1021: a column of plain cells and the goal levelled to the gaps, read as holes).
    Pixels in these colours are left as they are."""
    members = np.median(sample_at(image, lattice, lattice.rows, lattice.cols, MEMBER_MIDDLE), axis=1)
    lowest = plane.reshape(-1, 3).min(axis=0).astype(float)
    highest = plane.reshape(-1, 3).max(axis=0).astype(float)
    # per channel, the plane's nearest value to each member's colour (the channels' nearest may
    # lie at different places: nearer than any one place, so it errs toward leaving pixels be)
    reached = colour_distance(members, np.clip(members, lowest, highest)) <= SNAP
    out: list[np.ndarray] = []
    for colour in members[reached]:
        if not any(colour_distance(colour, kept) <= 2 for kept in out):
            out.append(colour)
    return out
