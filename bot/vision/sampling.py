"""Colours measured at lattice positions, a whole box of positions at a time.

Every function takes a box of lattice positions (rows r0..r1-1, cols c0..c1-1, half-open) and
returns arrays indexed by position, so a style reader looks at a whole ring or grid at once.
Offsets are in pitches from a position's centre: (0.5, 0) is the middle of the gap to its right.
"""

from __future__ import annotations

import numpy as np

from onestroke.bot.vision.lattice import Lattice

COLOUR_TOLERANCE = 28  # two samples are "the same colour" within this (max over channels)
COLOURLESS = 40  # max - min over the channels: grey to black, where a path or a start has a hue

Box = tuple[int, int, int, int]
"""Lattice positions rows r0..r1-1 and cols c0..c1-1, as (r0, r1, c0, c1)."""


def square_offsets(half: float, count: int) -> np.ndarray:
    """A count x count grid of offsets over -half..half (in pitches): (count*count, 2) as (dx, dy)."""
    t = np.linspace(-half, half, count)
    gx, gy = np.meshgrid(t, t)
    return np.stack([gx.ravel(), gy.ravel()], axis=1)


def ring_offsets(radius: float, along: float, count: int) -> np.ndarray:
    """`count` offsets on each side of a square of half-side `radius`, over -along..along."""
    t = np.linspace(-along, along, count)
    r = np.full(count, radius)
    sides = [(t, -r), (t, r), (-r, t), (r, t)]
    return np.concatenate([np.stack(side, axis=1) for side in sides])


CORE = square_offsets(0.28, 9)  # well inside a tile (its half-side is ~0.44; corners rounded)
RIM = ring_offsets(0.37, 0.2, 5)  # near a tile's edge, away from its rounded corners: frames show here


def same(a: np.ndarray, b: np.ndarray, tolerance: float = COLOUR_TOLERANCE) -> np.ndarray:
    """True where two colours (last axis) match within `tolerance` (max over channels)."""
    return colour_distance(a, b) <= tolerance


def colour_distance(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """How far apart two colours (last axis) are: the largest difference over the channels.

    Three channels are compared pairwise rather than reduced along the last axis: numpy's
    reduction over an axis of 3 is five times slower on a ring's samples (the same numbers).
    Two single colours of floats (a cell's median against the plain colour: some three hundred
    calls a read) are compared as Python floats: the same IEEE differences in 40 % of the
    time of eight numpy calls on three numbers; a NaN is left to numpy's rules."""
    if _two_float_colours(a, b):
        (a0, a1, a2), (b0, b1, b2) = a.tolist(), b.tolist()
        d0, d1, d2 = abs(a0 - b0), abs(a1 - b1), abs(a2 - b2)
        if d0 == d0 and d1 == d1 and d2 == d2:  # (no NaN: Python's max would not carry it)
            return np.float64(max(d0, d1, d2))
    difference = np.abs(np.asarray(a) - np.asarray(b))
    if difference.shape[-1] != 3:
        return difference.max(axis=-1)
    return np.maximum(np.maximum(difference[..., 0], difference[..., 1]), difference[..., 2])


def _two_float_colours(a: object, b: object) -> bool:
    return (
        type(a) is np.ndarray
        and type(b) is np.ndarray
        and a.shape == b.shape == (3,)
        and a.dtype == b.dtype == np.float64
    )


def median(values: np.ndarray, axis: int) -> np.ndarray:
    """`np.median(values, axis=axis)`, the same numbers, in less than half its time on integer
    samples (a lattice's few samples a position: np.median's partition and mean cost more in
    their checks than in their work, and a read takes some eighty medians). Integers sorted:
    the middle one, or the two middle ones' mean (their sum is exact in float64, as in np.mean).
    Anything else (floats: NaN and float32 means) is left to np.median."""
    values = np.asarray(values)
    count = values.shape[axis] if values.ndim else 0
    if values.dtype.kind not in "iub" or count == 0:
        return np.median(values, axis=axis)
    ordered = np.sort(values, axis=axis)
    middle = np.take(ordered, count // 2, axis=axis).astype(np.float64)
    if count % 2:
        return middle
    return (np.take(ordered, count // 2 - 1, axis=axis).astype(np.float64) + middle) / 2


def sample(image: np.ndarray, lattice: Lattice, box: Box, offsets: np.ndarray) -> np.ndarray:
    """Colours at `offsets` around every position of `box`: (R, C, len(offsets), 3) int16.

    Points off the image take the nearest edge pixel; `outside` says which positions that hits.
    """
    r0, r1, c0, c1 = box
    xs, ys = _pixels(image, lattice, np.arange(r0, r1), np.arange(c0, c1), offsets)  # (C, m), (R, m)
    return _at(image, ys[:, None, :], xs[None, :, :]).astype(np.int16)


def _pixels(
    image: np.ndarray, lattice: Lattice, rows: np.ndarray, cols: np.ndarray, offsets: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The pixel columns (len(cols), m) and rows (len(rows), m) of `offsets` around lattice
    columns `cols` and rows `rows`, off-image points moved to the nearest edge pixel."""
    h, w = image.shape[:2]
    (ox, oy), (px, py) = lattice.origin, lattice.pitch
    cx = ox + px * np.asarray(cols)
    cy = oy + py * np.asarray(rows)
    xs = np.clip(np.round(cx[:, None] + offsets[None, :, 0] * px), 0, w - 1).astype(int)
    ys = np.clip(np.round(cy[:, None] + offsets[None, :, 1] * py), 0, h - 1).astype(int)
    return xs, ys


def sample_at(
    image: np.ndarray, lattice: Lattice, rows: np.ndarray, cols: np.ndarray, offsets: np.ndarray
) -> np.ndarray:
    """Colours at `offsets` around the positions (`rows`[i], `cols`[i]): (N, len(offsets), 3)
    int16, each exactly what `sample` gives at that position (a few positions of a large box
    without sampling all of it)."""
    xs, ys = _pixels(image, lattice, rows, cols, offsets)  # (N, m) each
    return _at(image, ys, xs).astype(np.int16)


def _at(image: np.ndarray, ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
    """`image[ys, xs]` (the index arrays broadcast together): the same pixels, taken by their
    place in the flattened image, 3-5x faster than numpy's two-array indexing on a lattice's
    samples. An image that is a view with gaps between its rows is indexed as it is."""
    if not image.flags.c_contiguous:
        return image[ys, xs]
    flat = image.reshape(image.shape[0] * image.shape[1], *image.shape[2:])
    return np.take(flat, ys * image.shape[1] + xs, axis=0)


PATCH_SIDE = 8  # a cell's look in brief: its middle 0.72 pitch averaged down to 8 x 8
PATCH_SAMPLES = 4  # samples a side per patch pixel (0.026 pitch apart: a 1 px ring is not missed)


def patches(
    image: np.ndarray, lattice: Lattice, box: Box, which: np.ndarray, half: float = 0.36
) -> np.ndarray:
    """The middle square (half-side `half` pitches) of each position of `box` that `which` marks,
    averaged down to PATCH_SIDE x PATCH_SIDE colours: (R, C, PATCH_SIDE, PATCH_SIDE, 3) float32,
    NaN at the positions not asked for (each patch costs a thousand samples). Two cells with the
    same thing drawn on them (a ring, a flag) have alike patches, wherever its thin lines fall."""
    r0, _, c0, _ = box
    rows, cols = which.shape
    out = np.full((rows, cols, PATCH_SIDE, PATCH_SIDE, 3), np.nan, np.float32)
    offsets = square_offsets(half, PATCH_SIDE * PATCH_SAMPLES)
    for r, c in zip(*np.nonzero(which), strict=True):
        taken = sample(image, lattice, (r0 + r, r0 + r + 1, c0 + c, c0 + c + 1), offsets)[0, 0]
        # square_offsets runs x fastest within each y: (y, x) blocks of PATCH_SAMPLES average to one pixel
        grid = taken.astype(np.float32).reshape(PATCH_SIDE, PATCH_SAMPLES, PATCH_SIDE, PATCH_SAMPLES, 3)
        out[r, c] = grid.mean(axis=(1, 3))
    return out


def outside(image: np.ndarray, lattice: Lattice, box: Box, half: float = 0.28) -> np.ndarray:
    """True for lattice positions whose square of half-side `half` (pitches) leaves the image."""
    r0, r1, c0, c1 = box
    h, w = image.shape[:2]
    (ox, oy), (px, py) = lattice.origin, lattice.pitch
    cx = ox + px * np.arange(c0, c1)
    cy = oy + py * np.arange(r0, r1)
    bad_x = (cx - half * px < 0) | (cx + half * px > w - 1)
    bad_y = (cy - half * py < 0) | (cy + half * py > h - 1)
    return bad_y[:, None] | bad_x[None, :]


ALONG_GAP = 0.15  # pitches from a lattice corner along the gaps: past a sparkle's arms (0.09)


def corner_samples(image: np.ndarray, lattice: Lattice, box: Box, *, diagonal: bool = False) -> np.ndarray:
    """Five colours at each lattice corner around the positions of `box` (the corner point and a
    pixel or so either way, so a thin border line is found even where the corner point falls on
    its anti-aliased edge): (R+1, C+1, 5, 3). With `diagonal`, 16 more (R+1, C+1, 21, 3): four a
    little way off the corner along the diagonals and twelve along the gaps past `ALONG_GAP`,
    beside and beyond a small cross or star drawn on the corner (a sparkle), whose arms cover the
    first five."""
    r0, r1, c0, c1 = box
    dx, dy = max(0.015, 1.2 / lattice.pitch[0]), max(0.015, 1.2 / lattice.pitch[1])
    offsets = np.array([[0, 0], [-dx, 0], [dx, 0], [0, -dy], [0, dy]]) - 0.5
    if diagonal:
        ex, ey = max(0.035, 2.5 / lattice.pitch[0]), max(0.035, 2.5 / lattice.pitch[1])
        corners = np.array([[-ex, -ey], [ex, -ey], [-ex, ey], [ex, ey]])
        # and along the gaps, past the arms of a star on the corner (a thin line between
        # touching tiles: a pixel or so either way, as at the corner point)
        along = [
            (a, b * dy) if horizontal else (b * dx, a)
            for a in (-ALONG_GAP, ALONG_GAP)
            for b in (-1, 0, 1)
            for horizontal in (True, False)
        ]
        offsets = np.concatenate([offsets, corners - 0.5, np.array(along) - 0.5])
    return sample(image, lattice, (r0, r1 + 1, c0, c1 + 1), offsets)


def corner_colours(image: np.ndarray, lattice: Lattice, box: Box) -> np.ndarray:
    """Colours at the lattice corners (where gaps cross) around the positions of `box`: (R+1, C+1, 3)."""
    r0, r1, c0, c1 = box
    return sample(image, lattice, (r0, r1 + 1, c0, c1 + 1), np.array([[-0.5, -0.5]]))[:, :, 0]


# along a gap, a few pixels apart: a frame drawn around a cell crosses the band between two
# walked cells on one or two of them and leaves the rest in the band's colour (three samples
# 0.03 pitch apart had one on the frame, one on its soft edge: no two alike)
# Denser, between 0.47 and 0.53 one pixel apart or less on cells up to ~100 px: where a grid
# ends, its frame line (1-2 px between touching cells) a pixel or two off where the lattice puts
# it (a pitch 0.5 % off carried over a few rows) falls between samples 0.03 pitch apart. Only
# there: between two walked cells a grid line drawn over the band would wall it.
DENSE_ALONG = np.array([0.44, 0.47, 0.48, 0.49, 0.5, 0.51, 0.52, 0.53, 0.56])
SPARSE = np.array([0, 1, 4, 7, 8])  # the samples of DENSE_ALONG that are ALONG's
ALONG = DENSE_ALONG[SPARSE]


def gap_colours(
    image: np.ndarray, lattice: Lattice, box: Box, across: float, along: np.ndarray = ALONG
) -> tuple[np.ndarray, np.ndarray]:
    """Colours in the gaps between neighbouring positions of `box`: three lines across each gap
    (at -across, 0, +across pitches from the line joining the two centres), `len(ALONG)` samples
    along each line (0.44 to 0.56 pitch from the first centre: the narrowest gap between tiles):
    `(between [r, c] and [r, c+1]: (R, C-1, 3, 5, 3), between [r, c] and [r+1, c]: (R-1, C, 3, 5, 3))`
    as (..., line, sample along it, channel).
    """
    r0, r1, c0, c1 = box
    n = len(along)
    t = np.repeat([-across, 0.0, across], n)
    a = np.tile(along, 3)
    right = sample(image, lattice, (r0, r1, c0, c1 - 1), np.stack([a, t], axis=1))
    down = sample(image, lattice, (r0, r1 - 1, c0, c1), np.stack([t, a], axis=1))
    return right.reshape(*right.shape[:2], 3, n, 3), down.reshape(*down.shape[:2], 3, n, 3)


def colour_groups(colours: np.ndarray) -> list[list[np.ndarray]]:
    """`colours` in groups of one colour (greedy, within the tolerance), largest first."""
    # each colour joins the first group whose first colour it matches: every pair compared at once
    near = same(colours[:, None, :], colours[None, :, :]).tolist() if len(colours) else []
    centres: list[int] = []
    groups: list[list[np.ndarray]] = []
    for i, matches in enumerate(near):
        for group, centre in enumerate(centres):
            if matches[centre]:
                groups[group].append(colours[i])
                break
        else:
            centres.append(i)
            groups.append([colours[i]])
    return sorted(groups, key=len, reverse=True)


def commonest_colour(colours: np.ndarray) -> np.ndarray:
    """The median colour of the largest group of one colour (greedy, within the tolerance)."""
    return median(colour_groups(colours)[0], axis=0)


STRIPES_CHANGING = 8  # grey levels between neighbouring samples across the stripes, at least


def diagonal_stripes(texture: np.ndarray, steady: float, inside: float = 0.0) -> np.ndarray:
    """True where the samples (R, C, side*side, 3: a square grid of them per position) form
    diagonal stripes: steady along one diagonal (changing less than `steady` as much as along the
    other), changing along the other. Only the square's margin counts, beyond `inside` (a share of
    its half-side): a hatched hole may hold a flat inner square. Nothing a player walks is drawn
    so: a path runs across or along the cells, a marker or a letter changes alike both ways."""
    return striped(*diagonal_changes(texture, inside), steady)


def diagonal_changes(texture: np.ndarray, inside: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """(strong, weak) per position of `texture` (as `diagonal_stripes` takes it): the mean grey
    change between neighbouring samples along the diagonal that changes more, and along the other,
    over the square's margin beyond `inside`. Measured once where several `steady` are asked."""
    rows, cols = texture.shape[:2]
    side = int(round(np.sqrt(texture.shape[2])))
    # the mean of the three channels, as their sum over three: whole numbers summed exactly, the
    # same floats as `texture.mean(axis=3)` in a tenth of its time (a reduction over an axis of 3)
    grey = (texture[..., 0].astype(np.float64) + texture[..., 1] + texture[..., 2]) / 3
    grey = grey.reshape(rows, cols, side, side)
    t = np.linspace(-1.0, 1.0, side)[1:]
    margin = np.maximum(np.abs(t)[:, None], np.abs(t)[None, :]) > inside
    down_right = np.abs(grey[:, :, 1:, 1:] - grey[:, :, :-1, :-1])[:, :, margin].mean(axis=2)
    down_left = np.abs(grey[:, :, 1:, :-1] - grey[:, :, :-1, 1:])[:, :, margin].mean(axis=2)
    return np.maximum(down_right, down_left), np.minimum(down_right, down_left)


def striped(strong: np.ndarray, weak: np.ndarray, steady: float) -> np.ndarray:
    """`diagonal_stripes` from the changes `diagonal_changes` measured."""
    return (strong > STRIPES_CHANGING) & (weak < steady * strong)
