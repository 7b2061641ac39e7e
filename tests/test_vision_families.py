"""Drawn holes (bot/vision/families.py): a family of alike positions that is neither plain nor path."""

from __future__ import annotations

import numpy as np

from onestroke.bot.vision import detect
from onestroke.solver.board import Board, Cell

BACKGROUND, PLAIN, DARK, START = (245, 245, 245), (200, 180, 160), (70, 60, 60), (40, 160, 220)


def _tiles(rows: int, cols: int, colours: dict[Cell, tuple[int, int, int]]) -> np.ndarray:
    """Flat square tiles on a light page, each in PLAIN unless `colours` says otherwise."""
    pitch, side, margin = 90, 78, 120
    image = np.full((2 * margin + rows * pitch, 2 * margin + cols * pitch, 3), BACKGROUND, np.uint8)
    for r in range(rows):
        for c in range(cols):
            x, y = margin + c * pitch, margin + r * pitch
            image[y : y + side, x : x + side] = colours.get((r, c), PLAIN)
    return image


def test_dark_tiles_drawn_alike_are_holes_and_the_one_odd_tile_the_start() -> None:
    holes = [(0, 4), (1, 4), (4, 0)]
    image = _tiles(5, 5, {**dict.fromkeys(holes, DARK), (2, 2): START})
    found = detect(image, read_text=False)
    assert found.ok, found.reason
    assert found.board == Board.from_text(". . . . #\n. . . . #\n. . S . .\n. . . . .\n# . . . .\n")


def test_one_dark_tile_is_no_family_so_two_odd_tiles_are_refused() -> None:
    image = _tiles(5, 5, {(0, 4): DARK, (2, 2): START})
    found = detect(image, read_text=False)
    assert not found.ok
    assert "2 positions look like the start" in (found.reason or ""), found.reason


def test_a_family_as_large_as_the_plain_cells_is_no_set_of_holes() -> None:
    """Half the tiles dark (a chess board, a tile-matching game): which half is the board is no
    question a family of holes can answer."""
    colours = {(r, c): DARK for r in range(4) for c in range(4) if (r + c) % 2}
    colours[(0, 0)] = START
    found = detect(_tiles(4, 4, colours), read_text=False)
    assert not found.ok, found.board
