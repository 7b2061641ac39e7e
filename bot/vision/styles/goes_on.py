"""The grid's own lines going on past a side of the grid read: the grid read is a part of a board.

A board's cells end at its border: past the last row lies the page, a frame, a panel or a row of
buttons, none of which carries the lines between the board's columns. Where, just past a side of
the grid read, the lines between its columns go on (in the same places, standing off what lies
either side as they do between the cells) and what lies between them is in the colour of the
cells beside them, the board goes on past that side: its next row was not taken (a panel over
the rest of a tall board, cutting the row beyond to a strip: look 23's complete screen 23014; a
row whose faint lines made it read as the page going on: look 19's level 19004). The grid read
is then a part of the board, and it is not trusted.
"""

from __future__ import annotations

import numpy as np

from onestroke.bot.vision.lattice import Lattice
from onestroke.bot.vision.reading import CELL, FIGURE, MARK
from onestroke.bot.vision.sampling import Box, median, same
from onestroke.bot.vision.styles.apart import LINE_NEAR, grid_lines_across

NEAR, FAR = 0.08, 0.3  # pitches past the boundary of the grid's side: the strip looked at
SIDE_NEAR, SIDE_FAR = 0.1, 0.4  # pitches from a line either side: where the cells' colour is taken
MIN_LINES = 2  # lines between columns going on, at least: one may be a button's edge
SIDES = ("top", "bottom", "left", "right")


def sides_going_on(
    image: np.ndarray,
    lattice: Lattice,
    box: Box,
    kinds: np.ndarray,
    colours: np.ndarray,
    grounds: np.ndarray,
) -> tuple[str, ...]:
    """The sides of `box` (the grid read; `kinds`, `colours` and `grounds` its positions') past
    which at least `MIN_LINES` of the lines between its columns (rows, on the left and right)
    go on, each with the colour of the cell it bounds inside the grid on both sides of it."""
    # the colour a cell of the grid is drawn in: its own, or beside the mark or figure on it
    own = np.where(((kinds == MARK) | (kinds == FIGURE))[..., None], grounds, colours)
    known = (kinds == CELL) | (kinds == MARK) | (kinds == FIGURE)
    edges = {
        "top": (own[0], known[0]),
        "bottom": (own[-1], known[-1]),
        "left": (own[:, 0], known[:, 0]),
        "right": (own[:, -1], known[:, -1]),
    }
    return tuple(
        side for side in SIDES if _lines_going_on(image, lattice, box, side, *edges[side]) >= MIN_LINES
    )


def _lines_going_on(
    image: np.ndarray, lattice: Lattice, box: Box, side: str, own: np.ndarray, known: np.ndarray
) -> int:
    """How many lines between the positions along `side` go on just past it with the colour of
    the cells they lie between (`own`, where `known`) on both sides."""
    r0, r1, c0, c1 = box
    (ox, oy), (px, py) = lattice.origin, lattice.pitch
    along_rows = side in ("top", "bottom")
    # the transposed frame: `a` runs along the side, `b` away from the grid
    (oa, pa, first, last), (ob, pb) = (
        ((ox, px, c0, c1), (oy, py)) if along_rows else ((oy, py, r0, r1), (ox, px))
    )
    if last - first < MIN_LINES + 1:
        return 0
    # the boundary between the side's positions and the ring past them, and the strip beyond it
    inner, outer = (r0, r1) if along_rows else (c0, c1)
    outward = -1 if side in ("top", "left") else 1
    border = ob + pb * ((inner if outward < 0 else outer) - 0.5)
    near, far = border + outward * NEAR * pb, border + outward * FAR * pb
    b0, b1 = round(min(near, far)), round(max(near, far))
    a0, a1 = int(round(oa + pa * first)), int(round(oa + pa * (last - 1)))
    height, width = image.shape[:2]
    extent = height if along_rows else width
    if b0 < 0 or b1 > extent or b1 - b0 < 2:
        return 0
    window = (a0, a1, b0, b1) if along_rows else (b0, b1, a0, a1)
    crossed = grid_lines_across(image, window, lattice, along_rows)
    crossed = crossed.any(axis=0) if along_rows else crossed.any(axis=1)
    strip = image[b0:b1, :] if along_rows else image[:, b0:b1].transpose(1, 0, 2)
    at = np.nonzero(crossed)[0] + a0  # (the pixels crossed lie near the boundaries only)
    found = 0
    for k in range(len(own) - 1):
        line = oa + pa * (first + k + 0.5)  # between position k and k + 1 along the side
        if not known[k] or not known[k + 1] or not (np.abs(at - line) <= LINE_NEAR * pa + 1).any():
            continue
        before = strip[:, max(0, int(line - SIDE_FAR * pa)) : max(0, int(line - SIDE_NEAR * pa))]
        after = strip[:, int(line + SIDE_NEAR * pa) + 1 : int(line + SIDE_FAR * pa) + 1]
        if not before.size or not after.size:
            continue
        if same(median(before.reshape(-1, 3), axis=0), own[k]) and same(
            median(after.reshape(-1, 3), axis=0), own[k + 1]
        ):
            found += 1
    return found
