"""A path drawn as a thin line through the walked tiles' centres (the Android tiles game's way,
../shared/real-screens/other-apps/android-tiles-half.png), on boards drawn here.

The gaps between walked tiles show the background beside the line, so no band fills them: the
line crossing each gap joins the tiles (styles/tiles.py, `centre_line_joins`), and the finger's
translucent light on one end says which end is the head. A tile's centre is the middle of its
box, not its flat region's centroid, which the line turning inside a tile moves.
"""

from __future__ import annotations

import cv2
import numpy as np

from onestroke.bot.vision import detect
from onestroke.bot.vision.blobs import compact_blobs
from onestroke.solver.board import Cell

PITCH = 100
TILE = 92
ORIGIN = (80, 150)  # centre of cell [0, 0]
ROWS, COLS = 5, 5
HOLES = {(0, 0), (2, 1)}
PATH: tuple[Cell, ...] = ((4, 4), (3, 4), (2, 4), (2, 3), (1, 3), (1, 4), (0, 4), (0, 3), (0, 2))
CREAM, BLUE, WHITE = (212, 235, 255), (237, 142, 0), (255, 255, 255)


def centre(cell: Cell) -> tuple[int, int]:
    return ORIGIN[0] + PITCH * cell[1], ORIGIN[1] + PITCH * cell[0]


# every open cell of the board above, start [4, 4] (with its holes drawn dark: SOLVED_DARK)
SOLVED: tuple[Cell, ...] = (
    *((4, c) for c in (4, 3, 2, 1, 0)),
    (3, 0), (2, 0), (1, 0), (1, 1), (1, 2), (2, 2), (3, 2), (3, 1),
)  # fmt: skip
SOLVED_HOLES = {
    (0, 0),
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 3),
    (1, 4),
    (2, 1),
    (2, 3),
    (2, 4),
    (3, 3),
    (3, 4),
}
DARK = (56, 60, 52)


def drawn(
    path: tuple[Cell, ...] = PATH,
    *,
    finger: bool = True,
    holes: set[Cell] = HOLES,
    dark_holes: bool = False,
    start_ring: bool = False,
) -> np.ndarray:
    """A sky-blue to pink gradient, cream tiles, the walked ones blue with a white line through
    their centres from the start to the head, and the finger's translucent dot on the head.
    `dark_holes`: the holes are dark tiles, not the background; `start_ring`: the start carries a
    dot of the walked colour with a pale rim (a marker that stays on the start)."""
    height, width = 800, 600
    t = np.linspace(0.0, 1.0, height)[:, None, None]
    top, bottom = np.array([235, 200, 150]), np.array([185, 160, 200])
    image = np.repeat((top + (bottom - top) * t).astype(np.uint8), width, axis=1)
    for r in range(ROWS):
        for c in range(COLS):
            if (r, c) in holes and not dark_holes:
                continue
            x, y = centre((r, c))
            half = TILE // 2
            colour = DARK if (r, c) in holes else BLUE if (r, c) in path else CREAM
            cv2.rectangle(image, (x - half, y - half), (x + half - 1, y + half - 1), colour, -1)
    points = np.array([centre(cell) for cell in path], np.int32)
    cv2.polylines(image, [points], False, WHITE, 5, cv2.LINE_AA)
    if start_ring:
        sx, sy = centre(path[0])
        pale = tuple(int(v + (255 - v) * 0.5) for v in BLUE)
        # about half the tile's middle pale, half its own colour (as random look 331 draws it)
        cv2.circle(image, (sx, sy), round(0.34 * TILE), pale, -1, cv2.LINE_AA)
        cv2.circle(image, (sx, sy), round(0.22 * TILE), BLUE, -1, cv2.LINE_AA)
    if finger:
        light = image.copy()
        hx, hy = centre(path[-1])
        cv2.circle(light, (hx + 14, hy + 4), 20, WHITE, -1, cv2.LINE_AA)
        image = cv2.addWeighted(light, 0.6, image, 0.4, 0)
    return image


def test_walked_tiles_joined_by_a_centre_line_read_in_order_with_the_head_under_the_finger() -> None:
    found = detect(drawn(), read_text=False)
    assert found.ok, found.reason
    assert found.board is not None and found.geometry is not None
    assert (found.board.rows, found.board.cols) == (ROWS, COLS)
    assert found.board.open_cells == frozenset(
        (r, c) for r in range(ROWS) for c in range(COLS) if (r, c) not in HOLES
    )
    assert found.board.start == PATH[0]
    assert found.walked == PATH
    assert found.screen == "level"
    (ox, oy), (px, py) = found.geometry.origin, found.geometry.pitch
    assert abs(ox - ORIGIN[0]) < 1.5 and abs(oy - ORIGIN[1]) < 1.5
    assert abs(px - PITCH) < 0.5 and abs(py - PITCH) < 0.5


def test_without_the_finger_nothing_tells_the_ends_apart_and_the_board_is_refused() -> None:
    found = detect(drawn(finger=False), read_text=False)
    assert found.board is None
    assert found.reason is not None and "cannot tell where the drawn path began" in found.reason


def test_a_tile_centre_is_its_box_middle_even_where_the_line_turns_inside_it() -> None:
    blobs = compact_blobs(drawn(finger=False))
    # the tile [2, 4], where the line comes up from below and turns left: its flat region is the
    # tile less an L along two of its middle lines, whose centroid lies off the tile's centre
    x, y = centre((2, 4))
    near = np.flatnonzero((np.abs(blobs.x - x) < 20) & (np.abs(blobs.y - y) < 20))
    assert len(near) == 1
    assert abs(blobs.x[near[0]] - (x - 0.5)) <= 0.5 and abs(blobs.y[near[0]] - (y - 0.5)) <= 0.5


def test_dark_holes_stay_holes_when_every_open_tile_is_walked() -> None:
    # the plain colour the dark holes are judged against is the walked tiles' once their lines
    # are known; judged before, against no plain cell at all, the holes read as open cells
    found = detect(drawn(SOLVED, holes=SOLVED_HOLES, dark_holes=True), read_text=False)
    assert found.ok, found.reason
    assert found.board is not None
    assert found.board.holes == frozenset(SOLVED_HOLES)
    assert found.board.start == SOLVED[0]
    assert found.walked == SOLVED


def test_a_pale_ringed_start_on_a_solved_board_is_not_taken_for_the_finger() -> None:
    # the start's dot with a pale rim, on a tile of the walked colour, looks like a light over
    # the tile: taken for the finger, the path read the wrong way round (from its bare head)
    image = drawn(SOLVED, holes=SOLVED_HOLES, dark_holes=True, start_ring=True, finger=False)
    found = detect(image, read_text=False)
    assert found.board is None
    assert found.reason is not None and "cannot tell where the drawn path began" in found.reason


def _masks(diagram: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(bold, join_right, join_down, line colours) from a diagram: a tile per letter, `B` bold,
    `t` thin (a line sampled narrower), `h` a thin line of another colour (a hint's), `.` a tile
    no line runs through; `-` joins a tile to the next, and the lines between the rows of tiles
    hold a `|` under each tile joined to the one below (`.` under one that is not)."""
    lines = diagram.strip().splitlines()
    tiles = [row.split() for row in lines[0::2]]
    rows, cols = len(tiles), len(tiles[0])
    bold = np.array([[t.rstrip("-") == "B" for t in row] for row in tiles])
    right = np.array([[t.endswith("-") for t in row[:-1]] for row in tiles])
    down = np.zeros((rows - 1, cols), bool)
    for r, row in enumerate(lines[1::2]):
        down[r] = [mark == "|" for mark in row.split()]
    colours = np.zeros((rows, cols, 3))
    colours[...] = (140, 200, 250)  # the line's halo over the tile
    colours[np.array([[t.rstrip("-") == "h" for t in row] for row in tiles])] = (250, 250, 250)
    return bold, right, down, colours


def test_a_line_sampled_thin_is_bold_to_its_end_in_its_own_colour_only() -> None:
    """One line is one width: tiles it joins in its own colour are bold as its bold tiles are,
    two joins on and more (the head, seed 1572); a line of another colour joined to it (a hint
    drawn from the head) and a lone thin line are not."""
    from onestroke.bot.vision.styles.tiles import _along_one_line

    bold, right, down, colours = _masks(
        """
        t- t- B  .
        .  .  |  .
        .  .  t- h
        .  .  .  .
        t- t  .  .
        """
    )
    assert _along_one_line(bold, right, down, colours).astype(int).tolist() == [
        [1, 1, 1, 0],
        [0, 0, 1, 0],
        [0, 0, 0, 0],
    ]


def _cores(diagrams: str) -> np.ndarray:
    """CORE samples (1, C, 81, 3) from 9 x 9 diagrams side by side (`.` the tile's cream, `x` a
    white line's sample, `o` a blue mark's): one tile per diagram."""
    rows = [line.split() for line in diagrams.strip().splitlines()]
    paint = {".": CREAM, "x": WHITE, "o": BLUE}
    tiles = [[[paint[ch] for ch in row[k]] for row in rows] for k in range(len(rows[0]))]
    return np.array(tiles, np.int16).reshape(1, len(tiles), 81, 3)


def test_every_centre_line_crosses_a_middle_the_tile_does_not_fill() -> None:
    """The cheap test before the line search (`_crossed_middles`): a line through the middle, or a
    mark over it, leaves the middle's 3 x 3 samples off the tile's colour; a plain tile and a line
    that stops short of the middle do not, and `_centre_lines` finds no line on them either."""
    from onestroke.bot.vision.styles.tiles import _centre_lines, _core_grounds, _crossed_middles

    core = _cores(
        """
        ....x....  .........  .........  .........
        ....x....  .........  .........  .........
        ....x....  .........  .........  .........
        ....x....  .........  ...ooo...  .........
        ....xxxxx  .........  ...ooo...  xx.......
        .........  .........  ...ooo...  .........
        .........  .........  .........  .........
        .........  .........  .........  .........
        .........  .........  .........  .........
        """
    )
    grounds = _core_grounds(core)
    assert _crossed_middles(core, grounds).tolist() == [[True, False, True, False]]
    lines, *_ = _centre_lines(core, grounds)
    assert lines.tolist() == [[True, False, False, False]]


def test_a_board_with_no_line_through_two_middles_joins_nothing() -> None:
    """`centre_line_joins` on tiles whose middles are their own colour but one: no join, no line,
    the tiles' colours as they were (the line search is not made)."""
    from onestroke.bot.vision.lattice import fit_lattice, lattice_groups
    from onestroke.bot.vision.sampling import CORE, median, sample
    from onestroke.bot.vision.styles.tiles import centre_line_joins

    image = drawn(path=(), finger=False)
    found = compact_blobs(image)
    lattice = fit_lattice(found, lattice_groups(found)[0])
    box = lattice.members_box()
    core = sample(image, lattice, box, CORE)
    colours = median(core, axis=2)
    lined, right, down, _, walked, into_plain = centre_line_joins(
        image, lattice, box, core, colours, np.array(DARK, float), np.ones(colours.shape[:2], bool)
    )
    assert not (lined.any() or right.any() or down.any() or into_plain.any())
    assert np.array_equal(walked, colours)
