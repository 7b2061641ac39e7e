"""Tiles: flat cells of any colour with background gaps between them, the start covered by the cat.

Every lattice position is sampled on a small square grid of points well inside the cell: a
uniform square in the background colour (measured at the lattice corners, i.e. in the gaps) is a
hole; a uniform square in another colour is an open cell (plain or already walked over); a
mixed square, mostly not background and not the cells' colour, with background at its corners,
is the cat — the start. The grid grows from the linked blobs one ring at a time while the ring
holds cells, so the extent comes from the lattice, not from what the blob finder happened to
see; holes on the border and the cat alone in a border row are read like any other position.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from onestroke.bot.vision.lattice import Lattice
from onestroke.bot.vision.sampling import (
    UNIFORM_FRACTION,
    Box,
    corner_colours,
    outside,
    same,
    sample_squares,
)
from onestroke.solver.board import HOLE, OPEN, START

MARKED = "?"  # neither background, a plain or walked cell, nor the cat
MAX_GRID = 24  # no real level is larger; bounds the ring growth on strange images
CAT_MAX_CELL_SHARE = 0.6  # a square mostly in the plain cells' colour with marks on it is no cat


@dataclass(frozen=True)
class Reading:
    """The positions of the grown grid: `kinds[r, c]` is HOLE, OPEN, START or MARKED; `box` is
    where the grid lies in lattice indices (r0, r1, c0, c1)."""

    box: Box
    kinds: np.ndarray


def read_tiles(image: np.ndarray, lattice: Lattice, cell_colour: np.ndarray) -> Reading:
    """Grow the grid from the lattice members and classify every position."""
    members_box = (
        int(lattice.rows.min()),
        int(lattice.rows.max()) + 1,
        int(lattice.cols.min()),
        int(lattice.cols.max()) + 1,
    )
    background = np.median(corner_colours(image, lattice, members_box).reshape(-1, 3), axis=0)
    box, kinds = _grown_box(image, lattice, (background, cell_colour), members_box)
    return Reading(box, kinds)


def classify(
    image: np.ndarray, lattice: Lattice, colours: tuple[np.ndarray, np.ndarray], box: Box
) -> np.ndarray:
    """HOLE / OPEN / START / MARKED for every lattice position in `box`.

    MARKED is anything that is neither background, a plain or walked cell, nor the cat: inside
    the grid it fails the "cells" check; in the ring around it, it stops the grid growing.

    `colours` are the background (gap) colour and the plain cells' colour.
    """
    background, cell = colours
    samples = sample_squares(image, lattice, box)
    median = np.median(samples, axis=2)  # (R, C, 3)
    uniform = same(samples, median[:, :, None, :]).mean(axis=2) >= UNIFORM_FRACTION
    background_share = same(samples, background).mean(axis=2)
    corners_bg = same(corner_colours(image, lattice, box), background)
    gap_corners = (
        corners_bg[:-1, :-1].astype(int) + corners_bg[:-1, 1:] + corners_bg[1:, :-1] + corners_bg[1:, 1:]
    )
    # a cell (and the cat's) has background in the gaps at three or four of its corners; a
    # window edge or a big flat panel on a lattice position does not
    framed = gap_corners >= 3
    kinds = np.full(median.shape[:2], HOLE)
    filled = uniform & ~same(median, background)
    kinds[filled & framed] = OPEN
    covered = ~uniform & (background_share < 0.6)
    cat_like = covered & framed & (same(samples, cell).mean(axis=2) < CAT_MAX_CELL_SHARE)
    kinds[cat_like] = START
    kinds[(filled | covered) & ~(framed & (filled | cat_like))] = MARKED
    kinds[outside(image, lattice, box)] = HOLE
    return kinds


def _grown_box(
    image: np.ndarray, lattice: Lattice, colours: tuple[np.ndarray, np.ndarray], start: Box
) -> tuple[Box, np.ndarray]:
    """Grow the members' bounding box one ring at a time while the ring holds cells (or the cat).

    Cells come first; only when no ring holds cells any more may the ring add the cat (beside an
    open cell, and only while the box holds none), so UI next to the grid (an avatar, a button)
    cannot become a second cat when the real one is reachable through cells.
    Returns the final box (r0, r1, c0, c1) and its classified positions.
    """
    r0, r1, c0, c1 = start
    while True:
        box = (r0 - 1, r1 + 1, c0 - 1, c1 + 1)
        kinds = classify(image, lattice, colours, box)
        inner = np.zeros(kinds.shape, bool)
        inner[1:-1, 1:-1] = True
        open_inside = (kinds == OPEN) & inner
        beside_open = np.zeros(kinds.shape, bool)
        beside_open[1:, :] |= open_inside[:-1, :]
        beside_open[:-1, :] |= open_inside[1:, :]
        beside_open[:, 1:] |= open_inside[:, :-1]
        beside_open[:, :-1] |= open_inside[:, 1:]
        take = ~inner & (kinds == OPEN)
        if not take.any() and not ((kinds == START) & inner).any():
            take = ~inner & (kinds == START) & beside_open
        grow_top, grow_bottom = take[0].any(), take[-1].any()
        grow_left, grow_right = take[:, 0].any(), take[:, -1].any()
        if not (grow_top or grow_bottom or grow_left or grow_right) or max(r1 - r0, c1 - c0) >= MAX_GRID:
            return (r0, r1, c0, c1), kinds[1:-1, 1:-1]
        r0, r1 = r0 - int(grow_top), r1 + int(grow_bottom)
        c0, c1 = c0 - int(grow_left), c1 + int(grow_right)
