"""The pipeline: `detect(image) -> Detection`. No screen access, no I/O.

1. blobs (`blobs.py`): flat regions shaped like a cell;
2. lattice (`lattice.py`): blobs linked into a grid, origin and pitch fitted;
3. reading (`styles/`): every lattice position classified, the grid grown to its extent;
4. self-checks (`checks.py`): any failure returns no board and says which check failed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import cv2
import numpy as np

from onestroke.bot.coords import Geometry
from onestroke.bot.vision.blobs import as_bgr, square_blobs
from onestroke.bot.vision.checks import (
    Check,
    certificate_check,
    lattice_check,
    marks_check,
    size_check,
    start_check,
)
from onestroke.bot.vision.lattice import fit_lattice, lattice_groups
from onestroke.bot.vision.styles.tiles import MARKED, read_tiles
from onestroke.solver.board import HOLE, START, Board

HALVE_ABOVE = 1400  # images with a longer side are searched for blobs at half size
GROUPS_TRIED = 3  # linked groups tried, largest first, before giving up
MIN_SIDE = 24  # px: three linked cells of at least 8 px; below, no board fits (and 1x1 trips OpenCV)


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


def detect(image: np.ndarray, *, halve_above: int = HALVE_ABOVE) -> Detection:
    """Find the board in a BGR (or grey / BGRA) screenshot of any size.

    `halve_above` is the longer side above which blobs are searched at half size (the
    benchmark compares that with searching at full size).
    """
    image = as_bgr(image)
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
    blobs = square_blobs(work)
    if factor != 1.0:  # back to full-size pixel coordinates
        blobs = blobs.scaled(factor)
    groups = lattice_groups(blobs)
    if not groups:
        reason = f"no lattice of cell-like squares found ({len(blobs.x)} square blobs, none in a grid)"
        yield Detection(None, None, (Check("lattice", False, reason),), reason)
    for members in groups[:GROUPS_TRIED]:
        yield _read_group(image, blobs, members)


def _read_group(image: np.ndarray, blobs, members: np.ndarray) -> Detection:
    lattice = fit_lattice(blobs, members)
    h, w = image.shape[:2]
    centres = image[
        np.clip(np.round(blobs.y[members]), 0, h - 1).astype(int),
        np.clip(np.round(blobs.x[members]), 0, w - 1).astype(int),
    ]
    cell = np.median(centres.astype(np.int16), axis=0)
    reading = read_tiles(image, lattice, cell)
    r0, r1, c0, c1 = reading.box
    kinds = reading.kinds
    rows, cols = r1 - r0, c1 - c0
    geometry = Geometry(
        (lattice.origin[0] + lattice.pitch[0] * c0, lattice.origin[1] + lattice.pitch[1] * r0),
        lattice.pitch,
        rows,
        cols,
    )
    open_cells = {(int(r), int(c)) for r, c in zip(*np.nonzero(kinds != HOLE), strict=True)}
    starts = sorted((int(r), int(c)) for r, c in zip(*np.nonzero(kinds == START), strict=True))
    marked = sorted((int(r), int(c)) for r, c in zip(*np.nonzero(kinds == MARKED), strict=True))
    checks = [
        lattice_check(lattice),
        size_check(lattice.sizes),
        start_check(starts, len(open_cells)),
        marks_check(marked),
    ]
    unchecked: Board | None = None
    if len(starts) == 1:
        unchecked = Board(rows, cols, frozenset(open_cells), starts[0])
        checks.append(certificate_check(unchecked))
    failed = [check for check in checks if not check.ok]
    if failed:
        reason = "; ".join(f"{check.name}: {check.detail}" for check in failed)
        return Detection(None, geometry, tuple(checks), reason, unchecked)
    return Detection(unchecked, geometry, tuple(checks), None, unchecked)
