"""Tiles drawn as the grid's plain cells or holes just outside it: the board goes on past the grid read.

The growth takes a ring position as a cell when it is told from the gaps beside it with the
colour tolerance (or `tiles.ground_tolerance`). Pale tiles on a pale page that shades (a
gradient) stand off it by a few levels only at the page's far end: under the blob finder's
edge (no member blob there) and within the tolerance of the page, so a row of plain cells there
reads as page and the board read is a part of the board (levels 272009, 272012: the top rows of
pale rounded tiles on a pink-to-purple gradient, 11 levels off it, dropped; every check passed).
Holes drawn as tiles whose corners show no gaps (an inner square on touching dark tiles: level
287002) read as unknown beyond the grid and were dropped with the goal among them; a lattice
found on a few dark holes of a framed grid whose cells are one flat region (half-drawn 236006)
read the holes as a 3x2 board, the grid's faint lines going on around it.

The look of the board's own positions says what a cell is more finely than any tolerance. A
plain cell: one flat colour, the plain cells' own within a few levels, reaching out to the
tile's rim, and bounded on all four sides at the gaps' middle by something else (the gaps, a
line). A hole or a marked tile of the grid that is bounded so: its look (`sampling.patches`).
The page beyond a grid is bounded on one side at most (the grid's own border), a panel or a
button of the cells' colour is wider than a tile (no edge one pitch along), a hole that shows
the page is bounded by no gaps. A ring position drawn as one of the grid's own is a part of the
board the growth did not take, and the board read without it is not trusted (`checks.edge_check`).
"""

from __future__ import annotations

import numpy as np

from onestroke.bot.vision.lattice import Lattice
from onestroke.bot.vision.reading import CELL, HOLE, MARK
from onestroke.bot.vision.sampling import (
    CORE,
    RIM,
    Box,
    colour_distance,
    commonest_colour,
    median,
    patches,
    same,
    sample_at,
)
from onestroke.solver.board import Cell

ALIKE = 8  # levels (max over channels) from the plain cells' colour: the same colour, drawn flat
FLAT_SHARE = 0.95  # of a tile's middle within ALIKE of its median: one flat colour
RIM_SHARE = 0.6  # of the samples near the tile's edge in its colour: the tile reaches its rim
EDGE_STEP = 6  # levels the gaps' middle stands off the tile beyond its grain, at the least: a boundary
GRAIN = 90  # percentile of the tile's samples near its edge off its colour: its grain (noise, JPEG)
MIN_PLAIN = 3  # plain cells in the grid, at the least, whose look is compared with
TILE_FILL = 0.88  # the tile side over the pitch that RIM is placed for (as `tiles.rim_of`)
ACROSS = tuple(np.linspace(0.45, 0.55, 11))  # pitches from the centre: the gap's middle (a 1 px line)
ALONG = (-0.2, 0.0, 0.2)  # pitches along each side, away from the rounded corners
SIDES = ((0, -1), (1, 0), (0, 1), (-1, 0))  # (dx, dy): up, right, down, left
PATCH_ALIKE = 12  # levels per patch pixel: the same drawing, a pixel's anti-aliasing either way
PATCH_SHARE = 0.9  # of a patch's pixels alike: the same look
MOST_HOLES = 40  # holes and marked tiles of the grid, at the most, whose looks are compared
PLAIN_ASKED = 8  # plain cells of the grid, at the most, asked whether they are drawn bounded
# the samples across the gaps on every side: (side, place along, across) in that order
BOUNDS = np.array(
    [(dx * a + dy * t, dy * a + dx * t) for dx, dy in SIDES for t in ALONG for a in ACROSS], dtype=float
)


def tiles_beyond(
    image: np.ndarray, lattice: Lattice, box: Box, kinds: np.ndarray, colours: np.ndarray
) -> list[Cell]:
    """The positions beside the grid `box` (box coordinates: row -1 is the ring above, as
    `styles.grow` leaves them out) drawn as the grid's plain cells are (`kinds`, `colours`: the
    grid's): their colour within `ALIKE`, flat, reaching the tile's rim and bounded on all four
    sides; or as a bounded hole or marked tile of the grid is (`_drawn_as_holes`). None where the
    grid's own plain cells are not drawn so (no tiles: the page beside them is no gap)."""
    cells = kinds == CELL
    if cells.sum() < MIN_PLAIN:
        return []
    r0, _, c0, _ = box
    rows, cols = _beside(image, lattice, box)
    holes = np.argwhere((kinds == HOLE) | (kinds == MARK))[:MOST_HOLES] + (r0, c0)
    if not len(rows):
        return []
    core = sample_at(image, lattice, rows, cols, CORE)
    colour = median(core, axis=1)
    rim = sample_at(image, lattice, rows, cols, _rim(lattice))
    flat = same(core, colour[:, None, :], ALIKE).mean(axis=1) >= FLAT_SHARE
    reaching = same(rim, colour[:, None, :], ALIKE).mean(axis=1) >= RIM_SHARE
    plain = commonest_colour(colours[cells])
    like = flat & reaching & same(colour, plain, ALIKE)
    if not like.any() and not len(holes):
        return []
    # the grid's plain cells must themselves be drawn so (most of them: a few carry a hint line)
    plain_rows, plain_cols = np.nonzero(cells)
    asked = np.linspace(0, len(plain_rows) - 1, min(PLAIN_ASKED, len(plain_rows))).astype(int)
    plain_rows, plain_cols = plain_rows[asked] + r0, plain_cols[asked] + c0
    own = median(sample_at(image, lattice, plain_rows, plain_cols, CORE), axis=1)
    if 2 * int(_bounded(image, lattice, plain_rows, plain_cols, own).sum()) <= len(own):
        return []
    found = like.copy()
    if found.any():
        found[found] = _bounded(image, lattice, rows[found], cols[found], colour[found])
    rest = ~found
    if len(holes) and rest.any():
        found[rest] = _drawn_as_holes(
            image, lattice, rows[rest], cols[rest], median(rim[rest], axis=1), holes
        )
    return [(int(r) - r0 - 1 + 1, int(c) - c0) for r, c in zip(rows[found], cols[found], strict=True)]


def _rim(lattice: Lattice) -> np.ndarray:
    """RIM for this lattice's tiles (as `tiles.rim_of`): inside the edge of a smaller tile too."""
    return RIM * min(1.0, lattice.fill / TILE_FILL)


def _beside(image: np.ndarray, lattice: Lattice, box: Box) -> tuple[np.ndarray, np.ndarray]:
    """The lattice rows and columns of the positions just outside the grid `box`, beside a side
    of it (not the ring's corners), whose whole tile lies on the image."""
    r0, r1, c0, c1 = box
    along_rows, along_cols = np.arange(r0, r1), np.arange(c0, c1)
    rows = np.concatenate([np.full(c1 - c0, r0 - 1), np.full(c1 - c0, r1), along_rows, along_rows])
    cols = np.concatenate([along_cols, along_cols, np.full(r1 - r0, c0 - 1), np.full(r1 - r0, c1)])
    (ox, oy), (px, py) = lattice.origin, lattice.pitch
    h, w = image.shape[:2]
    x, y = ox + px * cols, oy + py * rows
    on = (x - px / 2 >= 0) & (x + px / 2 <= w - 1) & (y - py / 2 >= 0) & (y + py / 2 <= h - 1)
    return rows[on], cols[on]


def _drawn_as_holes(
    image: np.ndarray,
    lattice: Lattice,
    rows: np.ndarray,
    cols: np.ndarray,
    rims: np.ndarray,
    holes: np.ndarray,
) -> np.ndarray:
    """(n,): which of the positions (`rows`, `cols`: lattice indices beside the grid; `rims`, their
    colours near the tile's edge) are drawn as one of `holes` (lattice indices: the grid's holes and
    marked tiles) is: bounded on all four sides, with a look (`sampling.patches`) alike a bounded
    one's. A look draws its holes one way (an inner square on a darker tile: level 287002, two rows
    of them above the grid read, the goal among them); the page beyond a grid is drawn as no tile,
    and the gaps of a hole that shows the page are the page."""
    out = _bounded(image, lattice, rows, cols, rims)
    if not out.any():
        return out
    hole_rims = median(sample_at(image, lattice, holes[:, 0], holes[:, 1], _rim(lattice)), axis=1)
    holes = holes[_bounded(image, lattice, holes[:, 0], holes[:, 1], hole_rims)]
    if not len(holes):
        return np.zeros(out.shape, bool)
    family = np.stack([_look(image, lattice, int(r), int(c)) for r, c in holes])  # (k, side, side, 3)
    for i in np.nonzero(out)[0]:
        look = _look(image, lattice, int(rows[i]), int(cols[i]))
        alike = (np.abs(family - look[None]).max(axis=-1) <= PATCH_ALIKE).mean(axis=(1, 2))
        out[i] = bool((alike >= PATCH_SHARE).any())
    return out


def _look(image: np.ndarray, lattice: Lattice, row: int, col: int) -> np.ndarray:
    """The look of the position at lattice `row`, `col` in brief (`sampling.patches`)."""
    return patches(image, lattice, (row, row + 1, col, col + 1), np.ones((1, 1), bool))[0, 0]


def _bounded(
    image: np.ndarray, lattice: Lattice, rows: np.ndarray, cols: np.ndarray, colour: np.ndarray
) -> np.ndarray:
    """(n,): which of the positions (`rows`, `cols`: lattice indices) have their tile (of `colour`,
    (n, 3), the colour near its edge) bounded at the gaps' middle on all four sides by something
    else: a side is bounded where, at one place across the gap (a thin line lies on one of them),
    most places along it stand off the tile's colour by `EDGE_STEP` more than the tile's own grain
    (how far its samples near the edge lie from that colour: a grainy page's specks stand off it
    as far, a flat tile's none). A gap or a line runs straight along the side."""
    rim = sample_at(image, lattice, rows, cols, _rim(lattice))
    grain = np.percentile(colour_distance(rim, colour[:, None, :]), GRAIN, axis=1)
    across = sample_at(image, lattice, rows, cols, BOUNDS)  # (n, sides * along * across, 3)
    steps = colour_distance(across, colour[:, None, :]).reshape(len(rows), len(SIDES), len(ALONG), -1)
    return (np.median(steps, axis=2).max(axis=2) > EDGE_STEP + grain[:, None]).all(axis=1)
