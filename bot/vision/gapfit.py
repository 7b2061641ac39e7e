"""Stage 3, once more: the lattice fitted again to the lines between the cells of the grown grid.

The lattice is fitted to the blobs the blob finder saw (`lattice.fit_lattice`). Where those are a
few plain cells in one corner (a path filled over touching tiles merges every walked cell into
one region), the pitch comes from a handful of links and is carried across the whole grid: a
pitch 1 % off puts the far rows' samples 6 % of a pitch off their cells, and the thin line
between two touching cells is missed by the samples meant for it ("the drawn path branches").

Once the grid is grown, its cells are known, and so is where the boundary between two of them
lies: where the colour steps, in the middle of the two cells' shared side. Along each axis the
steps are summed over the rows (columns) where both neighbours read as cells, near every
expected boundary; the place about which those steps are most alike either way is the boundary
(a line's two edges, a gap's two sides), and a least-squares fit of the
boundaries on their indices gives origin and pitch again, measured over the whole grid.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from onestroke.bot.vision.lattice import Lattice
from onestroke.bot.vision.reading import CELL
from onestroke.bot.vision.sampling import Box

WINDOW = 0.2  # pitches either side of an expected boundary searched for it
BAND = 0.2  # pitches either side of a row's centre whose steps are summed (clear of the corners)
STEP_CAP = 40  # a step counts at most this much: one strong edge does not outweigh the rest
PEAK = 3.0  # a boundary's strongest step over the window's median, at the least
MIN_BOUNDARIES = 3  # boundaries along an axis for a fit (two would fit any pitch exactly)
RESIDUAL = 0.04  # pitches: every measured boundary this close to the fitted one
PITCH_CHANGE = 0.03  # a refit that changes the pitch by more is another lattice, not this one


def fit_to_gaps(image: np.ndarray, lattice: Lattice, box: Box, kinds: np.ndarray) -> Lattice | None:
    """The lattice refitted to the boundaries between the cells of `box` (`kinds` as read), or
    None where too few boundaries show, they do not lie one pitch apart, or the fit moves the
    pitch further than a measuring error would."""
    (ox, oy), (px, py) = lattice.origin, lattice.pitch
    cells = kinds == CELL
    across = _axis_fit(image, ox, px, oy, py, box[2], box[0], cells)
    down = _axis_fit(np.swapaxes(image, 0, 1), oy, py, ox, px, box[0], box[2], cells.T)
    if across is None and down is None:
        return None
    nox, npx = across if across is not None else (ox, px)
    noy, npy = down if down is not None else (oy, py)
    return replace(lattice, origin=(nox, noy), pitch=(npx, npy))


MOVED = 1.0  # px: a refit that moves no cell of the grid further changes nothing read (a thin
# line between touching cells is 2-4 px wide: a sample 2 px off misses it)


def moves_a_corner(lattice: Lattice, refitted: Lattice, box: Box) -> bool:
    """Whether `refitted` puts a corner cell of `box` more than MOVED pixels from `lattice`."""
    (ox, oy), (px, py) = lattice.origin, lattice.pitch
    (nx, ny), (qx, qy) = refitted.origin, refitted.pitch
    r0, r1, c0, c1 = box
    dx = max(abs(nx + qx * c - (ox + px * c)) for c in (c0, c1 - 1))
    dy = max(abs(ny + qy * r - (oy + py * r)) for r in (r0, r1 - 1))
    return max(dx, dy) > MOVED


def _axis_fit(
    image: np.ndarray,
    o: float,
    p: float,
    o_other: float,
    p_other: float,
    first: int,
    first_other: int,
    cells: np.ndarray,
) -> tuple[float, float] | None:
    """(origin, pitch) along the image's x axis from the boundaries between horizontally
    neighbouring cells (`cells` is rows x columns of the box; `first` the box's first column
    index, `first_other` its first row index)."""
    h, w = image.shape[:2]
    rows, cols = cells.shape
    both = cells[:, :-1] & cells[:, 1:]  # (rows, cols - 1): boundary between c and c + 1
    indices, places = [], []
    for k in range(cols - 1):
        use = np.flatnonzero(both[:, k])
        if len(use) == 0:
            continue
        expected = o + p * (first + k + 0.5)
        x0, x1 = int(np.floor(expected - WINDOW * p)), int(np.ceil(expected + WINDOW * p)) + 1
        if x0 < 0 or x1 >= w:
            continue
        profile = np.zeros(x1 - x0 - 1)
        for r in use:
            cy = o_other + p_other * (first_other + r)
            y0, y1 = int(round(cy - BAND * p_other)), int(round(cy + BAND * p_other)) + 1
            if y0 < 0 or y1 > h:
                continue
            strip = image[y0:y1, x0:x1].astype(np.int16)
            steps = np.abs(np.diff(strip, axis=1)).max(axis=2)
            profile += np.minimum(steps, STEP_CAP).sum(axis=0)
        baseline = np.median(profile)
        weights = np.maximum(profile - baseline, 0.0)
        if weights.sum() == 0 or profile.max() < PEAK * max(baseline, 1.0):
            continue
        # a step between pixels x and x + 1 lies at x + 0.5
        centre = x0 + 0.5 + _symmetric_centre(weights)
        indices.append(first + k + 0.5)
        places.append(centre)
    if len(indices) < MIN_BOUNDARIES:
        return None
    index, place = np.array(indices), np.array(places)
    pitch, origin = np.polyfit(index, place, 1)
    if abs(pitch / p - 1) > PITCH_CHANGE:
        return None
    if np.abs(place - (origin + pitch * index)).max() > RESIDUAL * p:
        return None
    return float(origin), float(pitch)


def _symmetric_centre(weights: np.ndarray) -> float:
    """The place (in steps from the first) about which the steps are most alike either way: the
    middle of a line's two edges or of a gap's, where a centroid is pulled aside by a step
    number printed near one side of the boundary in some rows. Half-step places are scored and
    the best refined between its neighbours (a parabola through the three scores)."""
    n = len(weights)
    scores = np.zeros(2 * n - 1)
    for twice in range(2 * n - 1):  # centres on a step and halfway between two
        left = np.arange(twice // 2, -1, -1)
        right = np.arange((twice + 1) // 2, n)
        k = min(len(left), len(right))
        alike = np.minimum(weights[left[:k]], weights[right[:k]])
        if twice % 2 == 0:  # a step on the centre is its own mirror: it counts half
            alike[0] /= 2
        scores[twice] = float(alike.sum())
    best = int(np.argmax(scores))
    shift = 0.0
    if 0 < best < len(scores) - 1:
        a, b, c = scores[best - 1], scores[best], scores[best + 1]
        bend = a - 2 * b + c
        if bend < 0:
            shift = float(np.clip(0.5 * (a - c) / bend, -0.5, 0.5))
    return (best + shift) / 2
