"""A board read as a part of itself: the lattice's own shapes read as the gaps between them
(`tiles.members_in_gaps`, `checks.gaps_check`), and a row of cells split by faint lines beside the
grid, no shape wider than a cell (`apart.set_apart`)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

import cv2
import numpy as np

from onestroke.bot.vision.checks import frame_check, gaps_check
from onestroke.bot.vision.lattice import Lattice
from onestroke.bot.vision.reading import CELL, HOLE, Reading
from onestroke.bot.vision.styles.apart import set_apart
from onestroke.bot.vision.styles.tiles import flat_members, members_in_gaps

PITCH = 40
GREY, DARK, LINE = (150, 150, 150), (40, 40, 40), (135, 135, 135)

# g: a grey tile, one of the lattice's shapes; #: the dark ground showing (a hole)
TILES = """\
g g g
g # g
"""


def tiles(diagram: str) -> tuple[np.ndarray, Lattice]:
    """The diagram's tiles on a dark ground (pitch 40, 34 px tiles) and the lattice of its g's."""
    grid = [line.split() for line in diagram.splitlines()]
    image = np.full((PITCH * (len(grid) + 2), PITCH * (len(grid[0]) + 2), 3), DARK, np.uint8)
    members = [(r, c) for r, row in enumerate(grid) for c, mark in enumerate(row) if mark == "g"]
    for r, c in members:  # centred on (1.5 + c, 1.5 + r) pitches
        x, y = PITCH * (c + 1) + PITCH // 2, PITCH * (r + 1) + PITCH // 2
        cv2.rectangle(image, (x - 17, y - 17), (x + 16, y + 16), GREY, -1)
    rows, cols = (np.array(v) for v in zip(*members, strict=True))
    n = len(members)
    origin = (1.5 * PITCH, 1.5 * PITCH)
    return image, Lattice(origin, (PITCH, PITCH), rows, cols, 0.0, np.full(n, 34.0), np.full(n, 34.0))


def test_the_lattices_shapes_in_the_gaps_colour_say_the_gaps_were_not_found() -> None:
    image, lattice = tiles(TILES)
    assert members_in_gaps(flat_members(image, lattice), np.array(DARK, float), 28.0) == (0, 5)
    # the lattice corners read on the tiles themselves (lines too faint to show there)
    assert members_in_gaps(flat_members(image, lattice), np.array(GREY, float), 28.0) == (5, 5)


def _reading(shown: int, flat: int) -> Reading:
    return cast(Reading, SimpleNamespace(members_in_gaps=(shown, flat)))


def test_the_gaps_check_refuses_a_lattice_whose_shapes_are_mostly_the_gaps() -> None:
    assert gaps_check(_reading(0, 5)).ok
    assert gaps_check(_reading(2, 4)).ok  # half: holes drawn as flat squares may be shapes too
    assert not gaps_check(_reading(3, 4)).ok
    assert not gaps_check(_reading(4, 4)).ok
    assert gaps_check(_reading(0, 0)).ok  # no flat shape: nothing to judge by


# the page, a shade lighter square where it shows through a frame, a framed grid's light cells,
# a red goal, a dark hole drawn; inside the ring, a capital or "#" is read as a hole
SHADES = {"p": (44, 28, 39), "d": (57, 51, 56), "l": (118, 108, 120), "r": (36, 36, 220), "#": (20, 14, 19)}
PAGE = np.array(SHADES["p"], float)


def _framed(diagram: str) -> Reading:
    """A reading from a diagram of the grid with the ring around it, one shade a position."""
    grid = [line.split() for line in diagram.splitlines()]
    around = np.array([[SHADES[mark.lower()] for mark in row] for row in grid], float)
    inner = [row[1:-1] for row in grid[1:-1]]
    kinds = np.array([[CELL if mark.islower() else HOLE for mark in row] for row in inner])
    return cast(
        Reading, SimpleNamespace(kinds=kinds, colours=around[1:-1, 1:-1], around=around, shape=kinds.shape)
    )


def test_the_frame_check_refuses_cells_that_are_the_page_showing_through_a_frame() -> None:
    # the squares under a framed grid's absent holes read as the cells, the frame's cells as holes
    # and a red goal as the start (fresh level 1177): the ring is the frame's light cells
    assert not frame_check(_framed("l l l l l l\nl L d d L l\nl d d d r l\nl l l l l l"), PAGE).ok
    # the board itself: light cells, holes showing the page's shade, the page beyond
    assert frame_check(_framed("p p p p p p\np l D D l p\np D D D r p\np p p p p p"), PAGE).ok
    # cells in the page's colour on a page that surrounds them (a grid of lines), holes drawn dark
    assert frame_check(_framed("p p p p p\np p # p p\np p p r p\np p p p p"), PAGE).ok
    # a ring of many colours (a panel's edge, words, the page): nothing to call a frame
    assert frame_check(_framed("l l p p r\np d d d #\nl d # d l\nr # p p l"), PAGE).ok


def _rows_beyond(lines: bool) -> tuple[np.ndarray, Lattice]:
    """Touching grey cells, 4 rows x 5 columns split by 1 px lines 15 levels darker, the lattice on
    the bottom two rows, a dark line over them, and no line between the top two rows: with
    `lines`, the top rows' cells split by the grid's faint columns' lines going on up; without,
    the top two rows one grey bar."""
    image = np.full((7 * PITCH, 7 * PITCH, 3), DARK, np.uint8)
    x0, y0 = PITCH, PITCH
    cv2.rectangle(image, (x0, y0), (x0 + 5 * PITCH - 1, y0 + 4 * PITCH - 1), GREY, -1)
    for k in range(1, 5):  # the columns' lines, up through the top rows only with `lines`
        x = x0 + k * PITCH
        cv2.line(image, (x, y0 if lines else y0 + 2 * PITCH), (x, y0 + 4 * PITCH - 1), LINE, 1)
    cv2.line(image, (x0, y0 + 2 * PITCH), (x0 + 5 * PITCH - 1, y0 + 2 * PITCH), DARK, 1)
    cv2.line(image, (x0, y0 + 3 * PITCH), (x0 + 5 * PITCH - 1, y0 + 3 * PITCH), LINE, 1)
    rows, cols = np.array([2, 2, 3, 3]), np.array([0, 1, 0, 1])
    origin = (x0 + PITCH / 2, y0 + PITCH / 2)
    return image, Lattice(origin, (PITCH, PITCH), rows, cols, 0.0, np.full(4, 38.0), np.full(4, 38.0))


def test_a_row_of_cells_split_by_the_grids_faint_lines_is_not_set_apart_as_one_shape() -> None:
    box = (1, 5, -1, 6)  # the grid read (rows 2-3, columns 0-4) with the ring around it
    colours = np.zeros((4, 7, 3))
    colours[:] = GREY
    where = np.zeros((4, 7), bool)
    where[0, 1:6] = True  # the ring's top row: lattice row 1, cells above the grid
    for lines, apart in ((True, False), (False, True)):
        image, lattice = _rows_beyond(lines)
        found = set_apart(image, lattice, box, colours, where)
        assert (found[0, 1:6] == apart).all(), f"lines {lines}: {found[0]}"
