"""Tiles: a flat tile of any colour per cell, the background showing in the gaps and the holes.

Each position is sampled well inside its tile (`CORE`), near the tile's edge (`RIM`) and at the
lattice corners (where the gaps cross; the background colour is their median). A position is

- a HOLE when its core is the background (a bit of the cat's tail sticking in is allowed);
- a CELL when its core is one colour that is not the background and at least three of its
  corners are background (so a window edge or a big flat panel is no cell); plain, walked and a
  start of its own colour alike — `roles.py` tells them apart;
- a MARK when it is a plain cell with something on it: a frame on its rim, or a flag or a
  letter on a tile that stays mostly its own colour;
- a FIGURE when it is covered by something of several colours, none of them most of it,
  framed by background corners like a cell: the cat, an avatar, a tile with a big disc;
- FOREIGN otherwise.

Tiles that touch work the same: their border lines are the "background" in the gaps.
"""

from __future__ import annotations

import numpy as np

from onestroke.bot.vision.blobs import FLAT_THRESHOLD
from onestroke.bot.vision.lattice import Lattice
from onestroke.bot.vision.reading import CELL, FIGURE, FOREIGN, HOLE, MARK, Reading
from onestroke.bot.vision.sampling import (
    COLOUR_TOLERANCE,
    CORE,
    RIM,
    Box,
    commonest_colour,
    corner_samples,
    outside,
    ring_offsets,
    same,
    sample,
)
from onestroke.bot.vision.styles import read_grid

CELL_UNIFORM = 0.95  # share of a cell's samples in its own colour
MARKED_CELL = 0.6  # a covered position mostly in one colour is a cell with a mark on it, not a figure
RIM_SAME = 0.6  # a cell's rim is mostly its own colour; a frame makes it another
BAND_ACROSS = 0.12  # gap samples either side of the line joining two centres (a band is >= 0.3 wide)


MARGIN = 0.45  # a tile's margin, in tile sides from its centre: beyond a disc or an avatar (<= 0.39)


def read_tiles(image: np.ndarray, lattice: Lattice) -> Reading:
    # a mark that covers the tile's middle (a disc, an avatar) leaves its margin the tile's colour;
    # measured from the tile's own size, so it stays inside a small tile and outside a big mark
    side = lattice.fill
    margin = ring_offsets(MARGIN * side, 0.1 * side, 3)
    return read_grid("tiles", image, lattice, _classify, RIM, BAND_ACROSS, margin)


def _classify(
    image: np.ndarray, lattice: Lattice, background: np.ndarray, box: Box
) -> tuple[np.ndarray, np.ndarray]:
    """Kinds and median colours of every position in `box`."""
    core = sample(image, lattice, box, CORE)
    median = np.median(core, axis=2)
    # a cell is one colour all over: a flag or a letter on 5 % of it makes it a marked cell
    uniform = same(core, median[:, :, None, :]).mean(axis=2) >= CELL_UNIFORM
    background_share = same(core, background).mean(axis=2)
    framed = _gap_corners(corner_samples(image, lattice, box), background) >= 3
    rim_same = same(sample(image, lattice, box, RIM), median[:, :, None, :]).mean(axis=2) >= RIM_SAME
    dominant = same(core, median[:, :, None, :]).mean(axis=2)

    kinds = np.full(median.shape[:2], FOREIGN)
    filled = uniform & ~same(median, background)
    covered = ~uniform & (background_share < 0.6)
    kinds[filled & framed & rim_same] = CELL
    kinds[filled & framed & ~rim_same] = MARK  # a frame drawn on a tile
    kinds[covered & framed & (dominant >= MARKED_CELL)] = MARK
    kinds[covered & framed & (dominant < MARKED_CELL)] = FIGURE
    kinds[(uniform & same(median, background)) | (~uniform & (background_share >= 0.6))] = HOLE
    kinds[outside(image, lattice, box)] = HOLE
    kinds[_drawn_dark(kinds, median, background)] = HOLE
    kinds[(kinds == HOLE) & _pale_shapes(kinds, lattice, box, median, background)] = FOREIGN
    _overlapped_cells(kinds, ~same(core, median[:, :, None, :]))
    return kinds, median


DARK_HOLE = 0.5  # a hole drawn dark is at most this bright against the plain cells
COLOURLESS = 40  # max - min over the channels: grey to black, where a path or a start has a hue


def _drawn_dark(kinds: np.ndarray, colours: np.ndarray, background: np.ndarray) -> np.ndarray:
    """Flat tiles that are holes drawn as dark squares: grey to black, darker than what lies
    between the cells and at most half as bright as the plain cells (the largest group of one
    colour among the cells).

    A hole drawn is a void or a shadow in the board: it has no hue and is darker than anything
    else on it, where every cell the player may walk (plain, walked, a start, a goal) is drawn
    to be seen — lighter than a dark hole, or in a colour. So a dark colourless tile is read as
    what the board leaves out, whatever the app's palette (dark squares in a framed grid, a
    near-black tile among light ones on a dark field).
    """
    cells = kinds == CELL
    if not cells.any():
        return np.zeros(kinds.shape, bool)
    plain = commonest_colour(colours[cells])
    return (
        cells
        & (np.ptp(colours, axis=-1) <= COLOURLESS)
        & (colours.mean(axis=-1) < background.mean() - COLOUR_TOLERANCE)
        & _dark_as_a_hole(colours, plain)
        & ~same(colours, plain)
    )


def _dark_as_a_hole(colours: np.ndarray, plain: np.ndarray) -> np.ndarray:
    """Where a colour is at most `DARK_HOLE` times as bright as the plain cells': as dark as a hole drawn."""
    return colours.mean(axis=-1) <= DARK_HOLE * plain.mean()


def _pale_shapes(
    kinds: np.ndarray, lattice: Lattice, box: Box, colours: np.ndarray, background: np.ndarray
) -> np.ndarray:
    """Positions where the lattice found a tile (a member blob: a shape with an edge of its own)
    whose colour is near the background's, yet more than a shape's edge away from it, and which is
    not dark as a hole drawn is (at most half as bright as the cells' commonest colour): a cell
    drawn in nearly the page's colour, not a hole showing the page (a hole that shows the
    background has no edge to be found by). Within the colour tolerance such a tile would be read
    as a hole; it is neither cell nor hole, so the board is refused rather than read with cells
    missing (plain tiles on a gradient, beside a path that outnumbers them)."""
    r0, r1, c0, c1 = box
    found = np.zeros(colours.shape[:2], bool)
    inside = (lattice.rows >= r0) & (lattice.rows < r1) & (lattice.cols >= c0) & (lattice.cols < c1)
    found[lattice.rows[inside] - r0, lattice.cols[inside] - c0] = True
    cells = kinds == CELL
    if not cells.any():
        return np.zeros(kinds.shape, bool)
    dark = _dark_as_a_hole(colours, commonest_colour(colours[cells]))
    step = np.abs(colours - background).max(axis=-1)
    return found & same(colours, background) & (step > FLAT_THRESHOLD) & ~dark


def _overlapped_cells(kinds: np.ndarray, off: np.ndarray) -> None:
    """A figure may reach over a neighbour (the cat's feet on the cell below it, mid-step): a
    marked cell whose marks all lie in the third of it next to a figure is that cell."""
    side = int(round(np.sqrt(off.shape[2])))
    third = side // 3
    off = off.reshape(*off.shape[:2], side, side)
    rows, cols = kinds.shape
    for r, c in zip(*np.nonzero(kinds == MARK), strict=True):
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if not (0 <= r + dr < rows and 0 <= c + dc < cols) or kinds[r + dr, c + dc] != FIGURE:
                continue
            rest = off[r, c].copy()
            near = slice(0, third) if dr + dc < 0 else slice(side - third, side)
            if dr:
                rest[near, :] = False
            else:
                rest[:, near] = False
            if rest.sum() <= 2:
                kinds[r, c] = CELL
                break


def _gap_corners(corners: np.ndarray, background: np.ndarray) -> np.ndarray:
    """How many of each position's four corners show the background (a cell has 3 or 4, a flat
    panel none): any of the five samples at a corner, so a thin border line counts."""
    gap = same(corners, background).any(axis=2)  # (R+1, C+1)
    return gap[:-1, :-1].astype(int) + gap[:-1, 1:] + gap[1:, :-1] + gap[1:, 1:]
