"""A page that shades under the board, levelled to one colour (bot/vision/ground.py)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from onestroke.bot.vision import detect, styles
from onestroke.bot.vision.blobs import compact_blobs
from onestroke.bot.vision.ground import SNAP, level_ground
from onestroke.bot.vision.lattice import Lattice, fit_lattice, lattice_groups
from onestroke.practice.looks import sample
from onestroke.solver.board import Board

BOARD = Board.from_text(
    """
    S . . . .
    . . # . .
    . . . . .
    . . . # .
    . . . . .
    . . . . .
    """
)
TOP, BOTTOM = (246, 216, 222), (150, 136, 240)  # BGR: 96 levels apart over the screen
TILE = (150, 176, 140)
PITCH, ORIGIN = 90, (95, 170)


def shaded_board(top=TOP, bottom=BOTTOM) -> np.ndarray:
    """BOARD as tiles with gaps on a page shading from `top` to `bottom`, a disc on the start."""
    height, width = 800, 560
    t = np.linspace(0.0, 1.0, height)[:, None, None]
    image = np.round(np.array(top) * (1 - t) + np.array(bottom) * t).astype(np.uint8)
    image = np.ascontiguousarray(np.broadcast_to(image, (height, width, 3)))
    half = int(PITCH * 0.44)
    for r, c in BOARD.open_cells:
        x, y = ORIGIN[0] + c * PITCH, ORIGIN[1] + r * PITCH
        cv2.rectangle(image, (x - half, y - half), (x + half, y + half), TILE, -1)
    sr, sc = BOARD.start
    cv2.circle(image, (ORIGIN[0] + sc * PITCH, ORIGIN[1] + sr * PITCH), 25, (160, 60, 30), -1, cv2.LINE_AA)
    return image


def lattice_of(image: np.ndarray) -> Lattice:
    blobs = compact_blobs(image)
    return fit_lattice(blobs, lattice_groups(blobs)[0])


def test_a_shaded_page_is_levelled_and_the_tiles_keep_their_colour() -> None:
    image = shaded_board()
    levelled = level_ground(image, lattice_of(image))
    page = np.ones(image.shape[:2], bool)
    page[ORIGIN[1] - PITCH // 2 : ORIGIN[1] + 6 * PITCH - PITCH // 2, :] = False  # the board's rows
    page[:, : ORIGIN[0] - PITCH // 2] = True
    page[:, ORIGIN[0] + 5 * PITCH - PITCH // 2 :] = True
    near = levelled[page].astype(int)
    assert np.ptp(near, axis=0).max() <= 1, "the page around the board is one colour"
    tiles = np.all(image == TILE, axis=2)
    assert np.array_equal(levelled[tiles], image[tiles]), "a tile's pixels are kept"
    assert (image != levelled).any(axis=2).mean() > 0.3


def test_a_flat_page_is_left_as_it_is() -> None:
    image = shaded_board(TOP, TOP)
    assert level_ground(image, lattice_of(image)) is image


def test_a_board_on_a_shaded_page_is_read_and_needs_it_levelled(monkeypatch: pytest.MonkeyPatch) -> None:
    image = shaded_board()
    found = detect(image, read_text=False)
    assert found.ok, found.reason
    assert found.board == BOARD
    # the same screen read against one colour between the cells: the far rows' gaps are off it
    monkeypatch.setattr(styles, "level_ground", lambda image, lattice: image)
    assert not detect(image, read_text=False).ok


def test_the_snap_is_tighter_than_the_colour_tolerance() -> None:
    from onestroke.bot.vision.sampling import COLOUR_TOLERANCE

    assert SNAP < COLOUR_TOLERANCE  # a cell near the page is not made page by the levelling alone


GRADIENT_ROWS = (98, 172, 405)
"""Random looks on a vertical gradient whose far rows read as "neither cell nor hole" (a row of
plain cells at the top, 5 to 10 positions) before the page was levelled."""


@pytest.mark.parametrize("seed", GRADIENT_ROWS)
def test_random_looks_on_a_gradient_are_read_exactly(seed: int) -> None:
    shown = sample(seed)
    assert shown.look.background == "gradient"
    found = detect(shown.image, read_text=False)
    assert found.ok, found.reason
    assert found.board == shown.truth.board
