"""Shapes beside the grid that are set apart from it: a button or a bar wider than a cell.

A row of buttons under a board (undo, hint, restart) is drawn in the cells' own colour by many
apps, and a lattice point beyond the grid may fall on one. In the cells' colour and not flat (a
word on it), it reads like a cell the reader missed, so the grid "may go on" and the board was
refused. Its shape says otherwise: it runs on sideways past where a cell of the board ends, and
the board's gap or the page lies between it and the grid. A missed cell (under a hint line, at a
gradient's far end, cut by the path's line) is never wider than a cell: it stays in doubt.
"""

from __future__ import annotations

import cv2
import numpy as np

from onestroke.bot.vision.lattice import Lattice
from onestroke.bot.vision.sampling import COLOUR_TOLERANCE, Box, same

WIDER = 1.4  # a shape this many cell sides wide (or more) is no cell
# a dot's side as the lattice measured it (its flat core, a fifth of the pitch) is no measure of a
# cell's room: the same dot, its soft edge within the colour tolerance, is 1.6 of it wide (level
# 135007: every dot of a column beside the grid taken for a button). A shape set apart beside
# dots is wider than the lattice step a cell takes
DOT_SIDE = 0.5  # members smaller than this share of the pitch are dots (`styles.DOTS_BELOW`)
DOT_ROOM = 1.0  # pitches: the least width of a shape set apart beside dots
TOWARD_GRID = 0.55  # pitches from its lattice point toward the grid a set-apart shape may reach
SAMPLES_PER_PITCH = 30  # pixels looked at per pitch along each axis


def set_apart(
    image: np.ndarray,
    lattice: Lattice,
    box: Box,
    colours: np.ndarray,
    where: np.ndarray,
    ground: np.ndarray | None = None,
    near: float = COLOUR_TOLERANCE,
) -> np.ndarray:
    """Of the positions `where` (in `box`, each beside the grid on one side), those on a shape in
    the position's own colour that is more than `WIDER` cells wide along the grid's edge and
    does not reach toward the grid past its own half pitch (so it is not joined to the cells)."""
    out = np.zeros(where.shape, bool)
    r0, _, c0, _ = box
    rows = where.shape[0]
    (ox, oy), (px, py) = lattice.origin, lattice.pitch
    side = lattice.fill
    height, width = image.shape[:2]
    step = max(1, int(min(px, py) / SAMPLES_PER_PITCH))  # every step-th pixel: widths to a few %
    for r, c in zip(*np.nonzero(where), strict=True):
        # which side the grid lies on: a position in the top or bottom ring row runs along a row
        along_rows = r in (0, rows - 1)
        toward = (1 if r == 0 else -1) if along_rows else (1 if c == 0 else -1)
        cx, cy = ox + px * (c0 + c), oy + py * (r0 + r)
        reach_x, reach_y = (1.5 * px, 0.8 * py) if along_rows else (0.8 * px, 1.5 * py)
        x0, x1 = max(0, int(cx - reach_x)), min(width, int(cx + reach_x) + 1)
        y0, y1 = max(0, int(cy - reach_y)), min(height, int(cy + reach_y) + 1)
        if x1 - x0 < 3 * step or y1 - y0 < 3 * step:
            continue
        window = image[y0:y1:step, x0:x1:step].astype(np.int16)
        # cut where the grid's own lines go on across the window, too faint for the colour test: a
        # row of the board's cells split by them is cells side by side, no shape wider than a cell
        # (seed 1357). A button's words never run straight across it
        across = grid_lines_across(image, (x0, x1, y0, y1), lattice, along_rows)
        mask = same(window, colours[r, c].astype(np.int16)) & ~across[::step, ::step]
        if ground is not None and near < COLOUR_TOLERANCE:
            # a shape a shade off the gaps' colour (buttons as pale as the tiles on a page as pale
            # as the gaps): the ground around it, within `near` of that colour, is not the shape
            mask &= ~same(window, ground.astype(np.int16), near)
        mask = mask.astype(np.uint8)
        _, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
        # the shape under the position: the component with most pixels in its middle
        mx0, mx1 = int((cx - 0.25 * px - x0) / step), int((cx + 0.25 * px - x0) / step) + 1
        my0, my1 = int((cy - 0.25 * py - y0) / step), int((cy + 0.25 * py - y0) / step) + 1
        middle = labels[max(0, my0) : max(0, my1), max(0, mx0) : max(0, mx1)].ravel()
        middle = middle[middle > 0]
        if not len(middle):
            continue
        label = int(np.bincount(middle).argmax())
        left, top, w, h = (step * int(v) for v in stats[label, :4])
        least = WIDER * side if side >= DOT_SIDE else max(WIDER * side, DOT_ROOM)
        if along_rows:
            wide = w / px >= least
            near = (cy - (y0 + top)) / py if toward < 0 else ((y0 + top + h) - cy) / py
        else:
            wide = h / py >= least
            near = (cx - (x0 + left)) / px if toward < 0 else ((x0 + left + w) - cx) / px
        out[r, c] = wide and near <= TOWARD_GRID
    return out


LINE_NEAR = 0.06  # pitches from a boundary between the grid's cells where its line may lie
LINE_STEP = 6  # levels a line stands off the columns either side, averaged down each quarter
LINE_SPAN = 3  # px either side of a column its step is measured against
SEGMENTS = 4  # the window's height (width) in parts, each crossed by a line that goes across


def grid_lines_across(
    image: np.ndarray, window: tuple[int, int, int, int], lattice: Lattice, along_rows: bool
) -> np.ndarray:
    """The pixels of the window (x0, x1, y0, y1) on a line of the grid's own going straight across
    it: a column within `LINE_NEAR` of a boundary between the grid's columns (a window above or
    below the grid, `along_rows`; rows beside it) whose mean colour over each of `SEGMENTS` parts of
    the window stands `LINE_STEP` off the columns `LINE_SPAN` px either side. Grain averages out
    down a column, and a button's words cross a part of the window, never all of it."""
    x0, x1, y0, y1 = window
    patch = image[y0:y1, x0:x1].astype(np.float32)
    if not along_rows:
        patch = patch.transpose(1, 0, 2)
    (ox, oy), (px, py) = lattice.origin, lattice.pitch
    start, origin, pitch = (x0, ox, px) if along_rows else (y0, oy, py)
    width = patch.shape[1]
    out = np.zeros(patch.shape[:2], bool)
    if width <= 2 * LINE_SPAN or patch.shape[0] < SEGMENTS:
        return out if along_rows else out.T
    phase = ((np.arange(start, start + width) - origin) / pitch - 0.5) % 1.0
    near = np.minimum(phase, 1.0 - phase) <= LINE_NEAR
    near[:LINE_SPAN] = near[width - LINE_SPAN :] = False
    crossed = near.copy()
    for part in np.array_split(patch, SEGMENTS, axis=0):
        profile = part.mean(axis=0)  # (width, 3)
        step = np.zeros(width)
        middle = profile[LINE_SPAN : width - LINE_SPAN]
        sides = (profile[: width - 2 * LINE_SPAN] + profile[2 * LINE_SPAN :]) / 2
        step[LINE_SPAN : width - LINE_SPAN] = np.abs(middle - sides).max(axis=1)
        crossed &= step >= LINE_STEP
    out[:, crossed] = True
    return out if along_rows else out.T
