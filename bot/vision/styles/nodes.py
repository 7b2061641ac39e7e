"""Nodes: a dot per cell on one continuous field; holes hatched (or empty); start and goal framed.

The field's colour is the median of the lattice corners between the member dots, the dots'
colour their centres'. Each position is sampled at its centre, on a ring at 0.24 pitch (inside a
big head marker, outside a dot), a ring at 0.34 pitch (field around a cell) and its rims at 0.39
and 0.45-0.49 pitch (where a frame is drawn: inside the cell, or on its bounds). A position is

- a CELL when the field surrounds a dot: plain and walked dots alike (`roles.py` tells them
  apart by the path's band, wide or a few pixels thin);
- a FIGURE when a big disc covers it (the path's head marker, or a start's disc); one bigger
  than the ring around the dot (an avatar) still leaves the field at the cell's corners;
- a MARK when a frame surrounds it (the start and the goal, labelled S and E in the middle or in
  a lower corner), or when something small lies beside the dot on one side of it (a flag);
- a HOLE when it is no field: hatched, another flat colour, nothing at all (while the grid
  grows, a clearly striped position beside it is DRAWN: a hole of the board);
- FOREIGN otherwise (a field position without a dot, text, an icon), and where the lattice was
  found from the holes' own markings rather than from the dots.
"""

from __future__ import annotations

import numpy as np

from onestroke.bot.vision.blobs import FLAT_THRESHOLD
from onestroke.bot.vision.lattice import Lattice
from onestroke.bot.vision.reading import CELL, DRAWN, FIGURE, FOREIGN, HOLE, MARK, Reading
from onestroke.bot.vision.roles import VOID_SHARE
from onestroke.bot.vision.sampling import (
    COLOURLESS,
    Box,
    colour_distance,
    diagonal_changes,
    median,
    outside,
    ring_offsets,
    same,
    sample,
    square_offsets,
    striped,
)
from onestroke.bot.vision.styles import families, read_grid

CENTRE = square_offsets(0.05, 3)
INNER_R = 0.24
INNER = ring_offsets(INNER_R, 0.08, 3)  # inside a head marker (0.31 pitch), outside a dot (0.17)
AROUND = ring_offsets(0.34, 0.3, 5)  # outside a head marker (0.31), inside a frame (0.36)
RIM = ring_offsets(0.39, 0.25, 5)
# a frame drawn on the cell's own bounds (a thin square a pitch wide): its line lies on the gaps
OUTER_RIMS = tuple(ring_offsets(radius, 0.25, 5) for radius in (0.45, 0.47, 0.49))
# the cell's corners, beyond a round figure's reach (0.37 pitch at most) and inside a square hole's
# (0.47): two samples on each diagonal
CORNERS = np.array([(sx * t, sy * t) for sx in (-1, 1) for sy in (-1, 1) for t in (0.42, 0.44)])
CORNERS_FIELD = 0.75
HATCH_SIDE = 29  # samples along a side of the hatch square: 3 px apart at an 88 px pitch
HATCH = square_offsets(0.42, HATCH_SIDE)  # finer than any stripe a hole is hatched with
HATCH_INSIDE = 0.3  # the stripes are read outside this (pitches from the centre): beyond an inner square
# along the stripes against across them: drawn hatchings measured 0.03-0.25 (the dots web game's
# 0.25), grainy noise 0.59-1.0
HATCHED, STRIPED = 0.6, 0.35
FIELD_AROUND = 0.6  # a cell's ring at 0.3 pitch is mostly field (a band may cross it twice)
BAND_ACROSS = 0.05  # a band between dots is ~0.2 pitch wide


def read_nodes(image: np.ndarray, lattice: Lattice) -> Reading:
    # a mark (a frame) lies around the dot: its middle is still the dot's colour, and it is a cell
    # (a dot with the field around it; a drawn hole is no field, or a hatching with no dot)
    reading = read_grid(
        "nodes",
        image,
        lattice,
        _classify,
        INNER,
        BAND_ACROSS,
        CENTRE,
        figure_in_path_colour=True,
        marks_on_cells=True,
        letters_in_corners=True,
        thin_bands=True,
        members_on_the_field=True,
    )
    _holes_made_the_lattice(reading)
    return reading


def _holes_made_the_lattice(reading: Reading) -> None:
    """Where most of the blobs the lattice was found from read as holes, the lattice is one of
    the holes' own markings (the inner squares of hatched holes), not of the dots: the field was
    measured between holes, so no cell's look can be trusted. Those positions read as FOREIGN,
    and the board is refused by the `cells` check."""
    lattice, (r0, _, c0, _) = reading.lattice, reading.box
    rows, cols = lattice.rows - r0, lattice.cols - c0
    inside = (rows >= 0) & (rows < reading.shape[0]) & (cols >= 0) & (cols < reading.shape[1])
    members = reading.kinds[rows[inside], cols[inside]]
    if len(members) and (members == HOLE).mean() > 0.5:
        reading.kinds[rows[inside][members == HOLE], cols[inside][members == HOLE]] = FOREIGN


def _classify(
    image: np.ndarray, lattice: Lattice, field: np.ndarray, box: Box
) -> tuple[np.ndarray, np.ndarray]:
    centre = median(sample(image, lattice, box, CENTRE), axis=2)
    inner_field = same(sample(image, lattice, box, INNER), field).mean(axis=2)
    around_field = same(sample(image, lattice, box, AROUND), field).mean(axis=2)
    rim_framed = np.zeros(centre.shape[:2], bool)
    for offsets in (RIM, *OUTER_RIMS):
        rim = sample(image, lattice, box, offsets)
        rim_median = median(rim, axis=2)
        rim_framed |= (same(rim, rim_median[:, :, None, :]).mean(axis=2) >= 0.6) & ~same(rim_median, field)

    kinds = np.full(centre.shape[:2], FOREIGN)
    on_field = around_field >= FIELD_AROUND
    dot = ~same(centre, field)
    kinds[on_field & dot & (inner_field > 0.25)] = CELL
    kinds[on_field & (inner_field <= 0.25)] = FIGURE  # its middle may be any colour, even the field's
    kinds[on_field & rim_framed] = MARK
    kinds[(kinds == CELL) & _beside_the_dot(image, lattice, box, field)] = MARK
    # inside the grid, whatever is not field is a hole: hatched, another flat colour, nothing at
    # all (the grid never grows into such positions, so they can only lie between cells)
    # (the hatching's changes measured once: two steadiness limits are asked of them)
    changes = diagonal_changes(sample(image, lattice, box, HATCH), HATCH_INSIDE / 0.42)
    kinds[(around_field < 0.4) | (~on_field & striped(*changes, HATCHED))] = HOLE
    # a big round figure (an avatar, a start's large dot) covers the ring around the dot too, but
    # not the cell's corners, where the field shows; a hole drawn (a square of another colour, a
    # hatching, the page) covers the corners as well
    corners_field = same(sample(image, lattice, box, CORNERS), field).mean(axis=2) >= CORNERS_FIELD
    # (one a little smaller, its edge on the ring, covers the ring around the dot only in part)
    big = (around_field < 0.4) | ((around_field < FIELD_AROUND) & (inner_field <= 0.25))
    kinds[big & corners_field & dot] = FIGURE
    # a hole drawn as stripes belongs to the board (the grid grows through a hatched row); a
    # hatching in the field's own shades (a dark pattern on a dark field) is field all round, but
    # it has no dot: its middle is the field or the inner square's flat colour. Only clear stripes
    # count: a grainy page beside the board is as uneven along one diagonal as along the other
    kinds[striped(*changes, STRIPED) & (~on_field | ~dot)] = DRAWN
    surround = median(sample(image, lattice, box, np.concatenate([AROUND, CORNERS])), axis=2)
    kinds[_off_the_field(kinds, on_field & ~dot, surround, field)] = HOLE
    kinds[outside(image, lattice, box, 0.35)] = HOLE
    kinds[_voids(kinds, centre, field)] = HOLE
    return kinds, centre


def _off_the_field(
    kinds: np.ndarray, dotless: np.ndarray, surround: np.ndarray, field: np.ndarray
) -> np.ndarray:
    """Unknown positions with no dot whose surround (around the middle and at the corners) is
    within the colour tolerance of the field, yet a flat edge (`FLAT_THRESHOLD`) off it and off
    the surround of every cell beside them: not the field but a hole in nearly its shade, the
    page showing where the field leaves off (absent holes, a dark page around a dark field) or
    a square drawn a shade off the field (an inner-square hole, JPEG'd). A cell always stands on
    the field, its dot on it; a position of the field itself with no dot (between the dots of
    a lattice at half the pitch, or a hole left as bare field) is the field's colour beside its
    neighbouring cells, and stays unknown."""
    rows, cols = kinds.shape
    off = (kinds == FOREIGN) & dotless & (colour_distance(surround, field) > FLAT_THRESHOLD)
    cell = kinds == CELL
    for r, c in zip(*np.nonzero(off), strict=True):
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            inside = 0 <= rr < rows and 0 <= cc < cols
            if inside and cell[rr, cc] and np.abs(surround[rr, cc] - surround[r, c]).max() <= FLAT_THRESHOLD:
                off[r, c] = False
    return off


def _voids(kinds: np.ndarray, centre: np.ndarray, field: np.ndarray) -> np.ndarray:
    """Figures that are holes drawn as voids: a square of near the field's shade with a black
    inner square reads as a figure on the field, its middle black. Colourless, at most half as
    bright as the field, and alike two or more over the board (a start, a goal, a character is
    one of a kind, where an app draws every hole alike)."""
    dark = (
        (kinds == FIGURE)
        & (np.ptp(centre, axis=-1) <= COLOURLESS)
        & (centre.mean(axis=-1) <= VOID_SHARE * float(field.mean()))
    )
    return families(dark, centre)


# the ring of INNER, side by side: for each side (above, below, left, right of the dot) its two
# ends and the way out of the cell beyond it (short of a frame on the bounds of the next cell)
SIDES = ((0, -1), (0, 1), (-1, 0), (1, 0))
BESIDE_ENDS = np.array([(a * INNER_R + b * t, b * INNER_R + a * t) for a, b in SIDES for t in (-0.08, 0.08)])
GAPS_BEYOND = np.array([(0.38 * a, 0.38 * b) for a, b in SIDES])  # inside the cell, past a flag or a letter


def _beside_the_dot(image: np.ndarray, lattice: Lattice, box: Box, field: np.ndarray) -> np.ndarray:
    """Positions with something small drawn beside the dot on one side of it, not centred on it:
    a flag's pennant over a corner, a letter. A side of the ring just outside the dot (INNER)
    whose one end is the field and the other is not, where the way out beyond that side is the field
    (no band of the path leaves that way: a band a lattice-fit's few percent off its line covers
    one end of the side too). What a cell draws around its dot evenly (a ring, a glow, the path's
    band through it) covers both ends of a side alike. A pennant wide enough to cover both ends of
    one side, the other three sides left clear, is as lopsided: so is one side covered alone (seed
    362: a flag over a dot read as a plain cell, the level as one with no goal). Where the rest of
    the ring is the field at every end, the nearer end of a side both of whose ends are off is the
    field still when it is nearer the field than the other end: the soft edge of a pennant just
    past that end, blurred (JPEG) a third of the way to the pennant's colour (seed 639). A ring
    around the dot shows on two sides or more, its soft edge on both ends of a side alike."""
    samples = sample(image, lattice, box, BESIDE_ENDS)  # (R, C, 8, 3): side by side, two ends
    samples = samples.reshape(*samples.shape[:2], 4, 2, 3)
    ends = same(samples, field)  # (R, C, side, end)
    uneven = ends[..., 0] != ends[..., 1]
    covered = ~ends
    alone = covered.all(axis=3) & (covered.any(axis=3).sum(axis=2) == 1)[..., None]
    to_field = colour_distance(samples, field)
    apart = colour_distance(samples[..., 0, :], samples[..., 1, :])  # (R, C, side)
    blurred = ~ends.any(axis=-1) & (apart >= to_field.min(axis=-1))
    field_sides = ends.all(axis=-1)  # (R, C, side)
    rest_field = field_sides.sum(axis=-1, keepdims=True) == 3
    uneven |= blurred & rest_field
    beyond = same(sample(image, lattice, box, GAPS_BEYOND), field)  # (R, C, 4)
    return ((uneven | alone) & beyond).any(axis=2)
