"""Find the board in a screenshot: `detect(image) -> Detection`. No screen access, no I/O.

How (docs/vision.md has the long version):

1. **Flat blobs.** A 3x3 morphological gradient (max over the colour channels) marks every
   pixel where the colour changes; the connected regions of unchanging colour are labelled.
   Cells are flat rounded squares of any colour, so their interiors are square regions that
   fill ~95 % of their bounding box. Nothing here depends on a colour or a size.
2. **Lattice.** Square blobs of similar size that sit an integer number of pitches apart
   (along both axes, pitch measured from each blob's nearest aligned neighbour) are linked;
   the largest linked group is the candidate grid. A least-squares fit gives origin and pitch.
3. **Reading the cells.** Every lattice position is sampled on a small square grid of points
   well inside the cell: a uniform square in the background colour (measured at the lattice
   corners, i.e. in the gaps) is a hole; a uniform square in another colour is an open cell
   (plain or already walked over); a mixed square, mostly not background and not the cells'
   colour, with background at its corners, is the cat — the start. The grid grows from the
   linked blobs one ring at a time while the ring holds cells, so the extent comes from the
   lattice, not from what the blob finder happened to see; holes on the border and the cat
   alone in a border row are read like any other position.
4. **Self-checks.** Regular lattice, one cell size, exactly one start, every position readable,
   and the solver's quick unsolvability certificate. Any failure returns no board and says
   which check failed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import cv2
import numpy as np

from onestroke.bot.coords import Geometry
from onestroke.solver.board import Board, Cell

FLAT_THRESHOLD = 14  # max-min over 3x3 (any channel) below this is "no edge"; JPEG noise stays < 8
COLOUR_TOLERANCE = 28  # two samples are "the same colour" within this (max over channels)
UNIFORM_FRACTION = 0.85  # share of samples that must match for a uniform square
SAMPLES = 9  # per side of the sampling square at each lattice position
SAMPLE_HALF = 0.28  # sampling square half-side, in pitches (the cell's half-side is ~0.44)
MAX_GRID = 24  # no real level is larger; bounds the ring growth on strange images
HALVE_ABOVE = 1400  # images with a longer side are searched for blobs at half size
MIN_FILL = 0.8  # a rounded square fills ~97 % of its box, its JPEG-eroded interior >= 85 %; a disc 79 %
MAX_BLOBS = 600  # the lattice step compares every pair of blobs: this bounds its time and memory
GROUPS_TRIED = 3  # linked groups tried, largest first, before giving up
MIN_SIDE = 24  # px: three linked cells of at least 8 px; below, no board fits (and 1x1 trips OpenCV)


@dataclass(frozen=True)
class Check:
    """One self-check: its name, whether it passed, and what it measured."""

    name: str
    ok: bool
    detail: str


@dataclass(frozen=True)
class Detection:
    """What `detect` found. `board` is None unless every check passed (`ok`).

    `geometry` is set whenever a lattice was found (also when a later check failed), so the
    overlay can show what was seen; `unchecked_board` is the board as read before the checks,
    for messages and overlays only — never for dragging.
    """

    board: Board | None
    geometry: Geometry | None
    checks: tuple[Check, ...]
    reason: str | None
    unchecked_board: Board | None = None

    @property
    def ok(self) -> bool:
        return self.board is not None and all(check.ok for check in self.checks)


@dataclass(frozen=True)
class _Blobs:
    x: np.ndarray  # centroid x
    y: np.ndarray  # centroid y
    size: np.ndarray  # mean of bounding box width and height


def detect(image: np.ndarray, *, halve_above: int = HALVE_ABOVE) -> Detection:
    """Find the board in a BGR (or grey / BGRA) screenshot of any size.

    `halve_above` is the longer side above which blobs are searched at half size (the
    benchmark compares that with searching at full size).
    """
    image = _as_bgr(image)
    if min(image.shape[:2]) < MIN_SIDE:
        reason = f"image of {image.shape[1]}x{image.shape[0]} px is too small to hold a board"
        return Detection(None, None, (Check("lattice", False, reason),), reason)
    # Blobs are found on a half-size copy of large screens: 4x fewer pixels, and cells of 40 px
    # still give 20 px blobs there (the blob finder needs 8). Cells are read at full size.
    factor = 0.5 if max(image.shape[:2]) > halve_above else 1.0
    best: Detection | None = None
    for found in _detections(image, factor):
        if found.ok:
            return found
        if best is None or (best.geometry is None and found.geometry is not None):
            best = found
    assert best is not None
    return best


def _detections(image: np.ndarray, factor: float) -> Iterator[Detection]:
    """One detection per linked group of blobs found at `factor` scale (largest groups first)."""
    work = (
        image
        if factor == 1.0
        else cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    )
    blobs = _square_blobs(work)
    if factor != 1.0:  # back to full-size pixel coordinates (pixel i of the copy covers 2i, 2i+1)
        blobs = _Blobs((blobs.x + 0.5) / factor - 0.5, (blobs.y + 0.5) / factor - 0.5, blobs.size / factor)
    groups = _lattice_groups(blobs)
    if not groups:
        reason = f"no lattice of cell-like squares found ({len(blobs.x)} square blobs, none in a grid)"
        yield Detection(None, None, (Check("lattice", False, reason),), reason)
    for members in groups[:GROUPS_TRIED]:
        yield _read_group(image, blobs, members)


# -- 1. flat blobs --------------------------------------------------------------------------


def _as_bgr(image: np.ndarray) -> np.ndarray:
    if not isinstance(image, np.ndarray) or image.dtype != np.uint8:
        raise TypeError("detect() needs a uint8 numpy image")
    if image.ndim == 2:
        return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.ndim == 3 and image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    if image.ndim == 3 and image.shape[2] == 3:
        return image
    raise ValueError(f"detect() needs an HxW, HxWx3 or HxWx4 image, not shape {image.shape}")


def _flat_mask(image: np.ndarray) -> np.ndarray:
    """255 where the colour does not change within a 3x3 neighbourhood, in any channel."""
    gradient = cv2.morphologyEx(image, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    b, g, r = cv2.split(gradient)
    strongest = cv2.max(cv2.max(b, g), r)
    return cv2.compare(strongest, FLAT_THRESHOLD, cv2.CMP_LT)


def _square_blobs(image: np.ndarray) -> _Blobs:
    """Flat regions shaped like a (rounded) square: aspect ~1 and filling their bounding box."""
    count, _, stats, centroids = cv2.connectedComponentsWithStats(_flat_mask(image), connectivity=4)
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
    return _Blobs(centres[:, 0], centres[:, 1], sizes)


# -- 2. lattice -----------------------------------------------------------------------------


def _lattice_groups(blobs: _Blobs) -> list[np.ndarray]:
    """Indices of blobs linked into lattices, largest group first (groups of 3 or more)."""
    n = len(blobs.x)
    if n < 2:
        return []
    dx = blobs.x[None, :] - blobs.x[:, None]
    dy = blobs.y[None, :] - blobs.y[:, None]
    s = blobs.size
    ratio = s[None, :] / s[:, None]
    similar = (ratio > 0.85) & (ratio < 1 / 0.85)
    # each blob's pitch: distance to its nearest similar neighbour on the same row or column
    aligned = similar & (
        ((np.abs(dy) < 0.2 * s[:, None]) & (np.abs(dx) > 1.0 * s[:, None]) & (np.abs(dx) < 1.8 * s[:, None]))
        | (
            (np.abs(dx) < 0.2 * s[:, None])
            & (np.abs(dy) > 1.0 * s[:, None])
            & (np.abs(dy) < 1.8 * s[:, None])
        )
    )
    distance = np.where(aligned, np.hypot(dx, dy), np.inf)
    own_pitch = distance.min(axis=1)
    has_pitch = np.isfinite(own_pitch)
    if not has_pitch.any():
        return []
    # a pair is linked when, measured in the pitch of one that has a pitch, it is a lattice step
    pitch = np.where(
        has_pitch[:, None], own_pitch[:, None], np.where(has_pitch[None, :], own_pitch[None, :], np.nan)
    )
    both = has_pitch[:, None] & has_pitch[None, :]
    agree = ~both | (
        np.abs(own_pitch[:, None] - np.where(has_pitch, own_pitch, 0)[None, :]) < 0.08 * own_pitch[:, None]
    )
    with np.errstate(invalid="ignore"):
        a, b = dx / pitch, dy / pitch
        on_lattice = (np.abs(a - np.round(a)) < 0.15) & (np.abs(b - np.round(b)) < 0.15)
        near = (np.abs(a) < 4.5) & (np.abs(b) < 4.5)
    linked = similar & agree & on_lattice & near & np.isfinite(pitch)
    np.fill_diagonal(linked, False)
    labels = _components(linked | linked.T)
    sizes = np.bincount(labels)
    order = [k for k in np.argsort(-sizes, kind="stable") if sizes[k] >= 3]
    return [np.flatnonzero(labels == k) for k in order]


def _components(adjacency: np.ndarray) -> np.ndarray:
    """Connected-component label of every node of a small boolean adjacency matrix."""
    n = len(adjacency)
    labels = np.full(n, -1)
    current = 0
    for seed in range(n):
        if labels[seed] >= 0:
            continue
        stack = [seed]
        labels[seed] = current
        while stack:
            node = stack.pop()
            for other in np.flatnonzero(adjacency[node] & (labels < 0)):
                labels[other] = current
                stack.append(other)
        current += 1
    return labels


@dataclass(frozen=True)
class _Fit:
    origin: tuple[float, float]  # centre of lattice index (0, 0)
    pitch: tuple[float, float]
    rows: np.ndarray  # lattice row of each member
    cols: np.ndarray
    worst: float  # largest distance of a member from its lattice point, in pitches


def _fit_lattice(blobs: _Blobs, members: np.ndarray) -> _Fit:
    x, y = blobs.x[members], blobs.y[members]
    dx = np.abs(x[None, :] - x[:, None])
    dy = np.abs(y[None, :] - y[:, None])
    s = blobs.size[members]
    # one lattice step, as in _lattice_groups: nearest aligned neighbour 1.0-1.8 blob widths away
    # (every linked group has at least one such pair)
    step = np.hypot(dx, dy)
    aligned = (
        ((dy < 0.2 * s[:, None]) | (dx < 0.2 * s[:, None])) & (step > s[:, None]) & (step < 1.8 * s[:, None])
    )
    steps = np.where(aligned, step, np.inf).min(axis=1)
    rough = float(np.median(steps[np.isfinite(steps)]))
    ref = int(np.argmin(x + y))
    cols = np.round((x - x[ref]) / rough).astype(int)
    rows = np.round((y - y[ref]) / rough).astype(int)
    px, ox = _line_fit(cols, x, rough)
    py, oy = _line_fit(rows, y, rough)
    if len(set(cols.tolist())) < 2:
        px = py
    if len(set(rows.tolist())) < 2:
        py = px
    cols -= cols.min()
    rows -= rows.min()
    ox, oy = _line_fit_origin(cols, x, px), _line_fit_origin(rows, y, py)
    off = np.hypot(x - (ox + px * cols), y - (oy + py * rows)) / ((px + py) / 2)
    return _Fit((ox, oy), (px, py), rows, cols, float(off.max()))


def _line_fit(index: np.ndarray, value: np.ndarray, fallback: float) -> tuple[float, float]:
    """Least-squares slope and intercept of value = intercept + slope * index."""
    if len(set(index.tolist())) < 2:
        return fallback, float(np.mean(value - fallback * index))
    slope, intercept = np.polyfit(index.astype(np.float64), value, 1)
    return float(slope), float(intercept)


def _line_fit_origin(index: np.ndarray, value: np.ndarray, slope: float) -> float:
    return float(np.mean(value - slope * index))


# -- 3. reading the cells -------------------------------------------------------------------

HOLE, OPEN, CAT, MARKED = 0, 1, 2, 3
CAT_MAX_CELL_SHARE = 0.6  # a square mostly in the plain cells' colour with marks on it is no cat


def _sample_squares(image: np.ndarray, fit: _Fit, r0: int, r1: int, c0: int, c1: int) -> np.ndarray:
    """Colours sampled inside lattice positions rows r0..r1-1, cols c0..c1-1: (R, C, k*k, 3)."""
    h, w = image.shape[:2]
    offsets = np.linspace(-SAMPLE_HALF, SAMPLE_HALF, SAMPLES)
    cx = fit.origin[0] + fit.pitch[0] * np.arange(c0, c1)
    cy = fit.origin[1] + fit.pitch[1] * np.arange(r0, r1)
    xs = np.clip(np.round(cx[:, None] + offsets[None, :] * fit.pitch[0]), 0, w - 1).astype(int)  # (C, k)
    ys = np.clip(np.round(cy[:, None] + offsets[None, :] * fit.pitch[1]), 0, h - 1).astype(int)  # (R, k)
    samples = image[ys[:, None, :, None], xs[None, :, None, :]]  # (R, C, k, k, 3)
    return samples.reshape(len(cy), len(cx), SAMPLES * SAMPLES, 3).astype(np.int16)


def _outside(image: np.ndarray, fit: _Fit, r0: int, r1: int, c0: int, c1: int) -> np.ndarray:
    """True for lattice positions whose sampling square leaves the image."""
    h, w = image.shape[:2]
    cx = fit.origin[0] + fit.pitch[0] * np.arange(c0, c1)
    cy = fit.origin[1] + fit.pitch[1] * np.arange(r0, r1)
    half_x, half_y = SAMPLE_HALF * fit.pitch[0], SAMPLE_HALF * fit.pitch[1]
    bad_x = (cx - half_x < 0) | (cx + half_x > w - 1)
    bad_y = (cy - half_y < 0) | (cy + half_y > h - 1)
    return bad_y[:, None] | bad_x[None, :]


def _corner_colours(image: np.ndarray, fit: _Fit, r0: int, r1: int, c0: int, c1: int) -> np.ndarray:
    """Colours at the lattice corners (the gaps) around rows r0..r1-1, cols c0..c1-1: (R+1, C+1, 3)."""
    h, w = image.shape[:2]
    xs = np.clip(np.round(fit.origin[0] + fit.pitch[0] * (np.arange(c0, c1 + 1) - 0.5)), 0, w - 1).astype(int)
    ys = np.clip(np.round(fit.origin[1] + fit.pitch[1] * (np.arange(r0, r1 + 1) - 0.5)), 0, h - 1).astype(int)
    return image[ys[:, None], xs[None, :]].astype(np.int16)


def _same(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.abs(a - b).max(axis=-1) <= COLOUR_TOLERANCE


def _classify(
    image: np.ndarray, fit: _Fit, colours: tuple[np.ndarray, np.ndarray], box: tuple[int, int, int, int]
) -> np.ndarray:
    """HOLE / OPEN / CAT / MARKED for every lattice position in box = (r0, r1, c0, c1), half-open.

    MARKED is anything that is neither background, a plain or walked cell, nor the cat: inside
    the grid it fails the "cells" check; in the ring around it, it stops the grid growing.

    `colours` are the background (gap) colour and the plain cells' colour.
    """
    background, cell = colours
    r0, r1, c0, c1 = box
    samples = _sample_squares(image, fit, r0, r1, c0, c1)
    median = np.median(samples, axis=2)  # (R, C, 3)
    uniform = _same(samples, median[:, :, None, :]).mean(axis=2) >= UNIFORM_FRACTION
    background_share = _same(samples, background).mean(axis=2)
    corners_bg = _same(_corner_colours(image, fit, r0, r1, c0, c1), background)
    gap_corners = (
        corners_bg[:-1, :-1].astype(int) + corners_bg[:-1, 1:] + corners_bg[1:, :-1] + corners_bg[1:, 1:]
    )
    # a cell (and the cat's) has background in the gaps at three or four of its corners; a
    # window edge or a big flat panel on a lattice position does not
    framed = gap_corners >= 3
    kinds = np.full(median.shape[:2], HOLE)
    filled = uniform & ~_same(median, background)
    kinds[filled & framed] = OPEN
    covered = ~uniform & (background_share < 0.6)
    cat_like = covered & framed & (_same(samples, cell).mean(axis=2) < CAT_MAX_CELL_SHARE)
    kinds[cat_like] = CAT
    kinds[(filled | covered) & ~(framed & (filled | cat_like))] = MARKED
    kinds[_outside(image, fit, r0, r1, c0, c1)] = HOLE
    return kinds


def _background(image: np.ndarray, fit: _Fit, r0: int, r1: int, c0: int, c1: int) -> np.ndarray:
    corners = _corner_colours(image, fit, r0, r1, c0, c1).reshape(-1, 3)
    return np.median(corners, axis=0)


def _grown_box(
    image: np.ndarray, fit: _Fit, colours: tuple[np.ndarray, np.ndarray]
) -> tuple[tuple[int, int, int, int], np.ndarray]:
    """Grow the members' bounding box one ring at a time while the ring holds cells (or the cat).

    Cells come first; only when no ring holds cells any more may the ring add the cat (beside an
    open cell, and only while the box holds none), so UI next to the grid (an avatar, a button)
    cannot become a second cat when the real one is reachable through cells.
    Returns the final box (r0, r1, c0, c1) and its classified positions.
    """
    r0, r1 = int(fit.rows.min()), int(fit.rows.max()) + 1
    c0, c1 = int(fit.cols.min()), int(fit.cols.max()) + 1
    while True:
        box = (r0 - 1, r1 + 1, c0 - 1, c1 + 1)
        kinds = _classify(image, fit, colours, box)
        inner = np.zeros(kinds.shape, bool)
        inner[1:-1, 1:-1] = True
        open_inside = (kinds == OPEN) & inner
        beside_open = np.zeros(kinds.shape, bool)
        beside_open[1:, :] |= open_inside[:-1, :]
        beside_open[:-1, :] |= open_inside[1:, :]
        beside_open[:, 1:] |= open_inside[:, :-1]
        beside_open[:, :-1] |= open_inside[:, 1:]
        take = ~inner & (kinds == OPEN)
        if not take.any() and not ((kinds == CAT) & inner).any():
            take = ~inner & (kinds == CAT) & beside_open
        grow_top, grow_bottom = take[0].any(), take[-1].any()
        grow_left, grow_right = take[:, 0].any(), take[:, -1].any()
        if not (grow_top or grow_bottom or grow_left or grow_right) or max(r1 - r0, c1 - c0) >= MAX_GRID:
            return (r0, r1, c0, c1), kinds[1:-1, 1:-1]
        r0, r1 = r0 - int(grow_top), r1 + int(grow_bottom)
        c0, c1 = c0 - int(grow_left), c1 + int(grow_right)


def _read_group(image: np.ndarray, blobs: _Blobs, members: np.ndarray) -> Detection:
    fit = _fit_lattice(blobs, members)
    background = _background(
        image, fit, int(fit.rows.min()), int(fit.rows.max()) + 1, int(fit.cols.min()), int(fit.cols.max()) + 1
    )
    h, w = image.shape[:2]
    centres = image[
        np.clip(np.round(blobs.y[members]), 0, h - 1).astype(int),
        np.clip(np.round(blobs.x[members]), 0, w - 1).astype(int),
    ]
    cell = np.median(centres.astype(np.int16), axis=0)
    (r0, r1, c0, c1), kinds = _grown_box(image, fit, (background, cell))
    rows, cols = r1 - r0, c1 - c0
    geometry = Geometry(
        (fit.origin[0] + fit.pitch[0] * c0, fit.origin[1] + fit.pitch[1] * r0), fit.pitch, rows, cols
    )
    open_cells = {(int(r), int(c)) for r, c in zip(*np.nonzero(kinds != HOLE), strict=True)}
    starts = sorted((int(r), int(c)) for r, c in zip(*np.nonzero(kinds == CAT), strict=True))
    marked = sorted((int(r), int(c)) for r, c in zip(*np.nonzero(kinds == MARKED), strict=True))
    sizes = blobs.size[members]
    checks = [
        _lattice_check(fit),
        _size_check(sizes),
        _start_check(starts, len(open_cells)),
        _marks_check(marked),
    ]
    unchecked: Board | None = None
    if len(starts) == 1:
        unchecked = Board(rows, cols, frozenset(open_cells), starts[0])
        checks.append(_certificate_check(unchecked))
    failed = [check for check in checks if not check.ok]
    if failed:
        reason = "; ".join(f"{check.name}: {check.detail}" for check in failed)
        return Detection(None, geometry, tuple(checks), reason, unchecked)
    return Detection(unchecked, geometry, tuple(checks), None, unchecked)


# -- 4. self-checks -------------------------------------------------------------------------


def _lattice_check(fit: _Fit) -> Check:
    px, py = fit.pitch
    skew = abs(px - py) / max(px, py)
    ok = fit.worst < 0.12 and skew < 0.04 and len(fit.rows) >= 3
    detail = (
        f"{len(fit.rows)} cells on a {px:.1f} x {py:.1f} px lattice, worst centre {fit.worst:.3f} pitch off,"
        f" pitches differ by {100 * skew:.1f} %"
    )
    return Check("lattice", ok, detail)


def _size_check(sizes: np.ndarray) -> Check:
    # 2 px of slack: JPEG ringing and pixel rounding eat a pixel or so off a blob's edge
    spread = float(max(0.0, sizes.max() - sizes.min() - 2) / np.median(sizes))
    return Check(
        "cell size",
        spread < 0.15,
        f"cells {sizes.min():.0f}..{sizes.max():.0f} px ({100 * spread:.0f} % spread)",
    )


def _start_check(starts: list[Cell], open_count: int) -> Check:
    if len(starts) == 1:
        return Check("start", True, f"the cat is on {list(starts[0])} ({open_count} open cells)")
    if not starts:
        return Check("start", False, "no cell looks like the cat (every cell is plain)")
    shown = ", ".join(str(list(cell)) for cell in starts[:4])
    return Check("start", False, f"{len(starts)} cells look like the cat: {shown}")


def _marks_check(marked: list[Cell]) -> Check:
    if not marked:
        return Check("cells", True, "every position is a plain or walked cell, a hole or the cat")
    shown = ", ".join(str(list(cell)) for cell in marked[:4])
    return Check("cells", False, f"{len(marked)} positions are neither cell, hole nor cat, e.g. {shown}")


def _certificate_check(board: Board) -> Check:
    try:
        from onestroke.solver.search import quick_certificate
    except ImportError:  # the solver's certificates are optional for detection itself
        return Check("solvable", True, "not checked: solver.search.quick_certificate is unavailable")
    proof = quick_certificate(board)
    if proof is None:
        return Check("solvable", True, "no quick proof of unsolvability")
    return Check("solvable", False, f"unsolvable as read: {proof}")
